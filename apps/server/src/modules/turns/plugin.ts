import type { FastifyInstance } from 'fastify';
import type { AiProvider } from '../../ai/provider';
import { createTurns, type CreditCharge, type TurnDeps } from './context';

/**
 * The app's turns: one queue per attempt and the replies being generated, shared by the live
 * channel and the REST save. Replies still being generated when the app closes stop (nothing of
 * them is stored; the candidate's next `start` produces them again).
 */
export function registerTurns(
  app: FastifyInstance,
  options: { provider: AiProvider; credits: CreditCharge },
): TurnDeps {
  const turns = createTurns({
    db: app.deps.db,
    log: app.log,
    now: app.deps.now,
    provider: options.provider,
    credits: options.credits,
    metrics: app.deps.metrics,
  });
  app.addHook('onClose', async () => turns.replies.stopAll('closed'));
  return turns;
}
