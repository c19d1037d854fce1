import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestContext } from '../../test/harness';
import { createAttempt } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { countStatements, type StatementCounter } from '../../test/statements';
import { signUpCandidate } from '../../test/users';

const ANSWER =
  'Okay, so I would put a read-through cache in front of the catalogue, keyed by product, with a short time to live, and drop the entry whenever the product is written.';

describe.each(databaseKinds())('database round trips of a live turn on %s', (kind) => {
  let ctx: TestContext;
  let counter: StatementCounter;
  beforeAll(async () => {
    // The periodic session check and pings stay out of the counted windows.
    ctx = await createTestApp(kind, {}, { live: { sessionCheckEveryMs: 600_000, pingEveryMs: 600_000 } });
    counter = countStatements(ctx.database);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('probe', async () => {
    const { cookie } = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const { id } = await createAttempt(ctx.app, cookie, { topics: ['Caching'], duration: 30 });
    const live = await LiveClient.connect(ctx.app, id, cookie);
    counter.reset();
    live.start();
    await live.next('state');
    await live.next('reply.end');
    console.log('start', counter.statements.length, counter.statements);
    for (let i = 0; i < 3; i++) {
      counter.reset();
      await live.answer(ANSWER);
      console.log('answer', counter.statements.length, counter.statements);
    }
    counter.reset();
    live.send({ type: 'ping' });
    await live.next('pong');
    console.log('ping', counter.statements.length, counter.statements);
    expect(true).toBe(true);
  });
});
