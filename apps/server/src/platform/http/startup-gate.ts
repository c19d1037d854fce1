import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { waitForStartup, type Startup } from '../startup';

/** Paths answered while the process is starting: readiness itself, and metrics. */
const ANSWERED_WHILE_STARTING = new Set(['/api/ready', '/metrics']);

/**
 * While the process starts (main.ts listens first, then migrates), requests wait for the start to
 * finish rather than meet a half-migrated database; past STARTUP_WAIT_MS they get a 503.
 */
export function gateUntilStarted(app: FastifyInstance, startup: Startup) {
  app.addHook('onRequest', async (request, reply) => {
    if (startup.state === 'ready' || ANSWERED_WHILE_STARTING.has(request.routeOptions.url ?? ''))
      return;
    if (!(await waitForStartup(startup))) {
      reply.header('retry-after', '5');
      throw new AppError(503, 'The service is starting. Please try again shortly.');
    }
  });
}
