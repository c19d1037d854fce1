import { beforeAll } from 'vitest';
import { openAiStandInConfig, startFakeOpenAiServer } from './fake-openai-server';
import { useStarted, useTestApp, type DatabaseKind } from './harness';
import { countStatements, type StatementCounter } from './statements';

/**
 * A describe block's app on the model stand-in, listening, with its database statements counted
 * (statements.ts): the live turns' round-trip tests. The periodic session check, the server's
 * pings and the usage flush stay out of the counted windows (usage rows are written when the test
 * says).
 */
export function useCountedLiveApp(kind: DatabaseKind) {
  const fake = useStarted(startFakeOpenAiServer);
  const ctx = useTestApp(kind, () => openAiStandInConfig(fake.url, { AI_TIMEOUT_MS: '60000' }), {
    live: { sessionCheckEveryMs: 600_000, pingEveryMs: 600_000 },
    usageFlushMs: 600_000,
    listen: true,
  });
  let counting: StatementCounter | undefined;
  beforeAll(() => {
    counting = countStatements(ctx.database);
  });
  const counter: StatementCounter = {
    get statements() {
      if (!counting) throw new Error('statements are counted from the beforeAll on');
      return counting.statements;
    },
    reset: () => counting?.reset(),
  };
  return { fake, ctx, counter };
}
