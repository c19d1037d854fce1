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
  beforeAll(async () => {
    counting = countStatements(ctx.database);
    // The background sweeps run once as the app starts (platform/scheduler.ts: the answer-check
    // windows, idle attempts, recordings): let them end before any window is counted, or their
    // statements land in the first turn's count (seen once in a full run on PostgreSQL). Quiet
    // is 100 ms without a statement; this waits on the sweeps, not on a time rule.
    let seen = -1;
    for (let i = 0; i < 50 && counting.statements.length !== seen; i++) {
      seen = counting.statements.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    counting.reset();
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
