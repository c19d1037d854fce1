import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { interviews } from '../../db/schema';
import { startFaultyModelHost, type FaultyModelHost } from '../../test/faulty-model-host';
import {
  createTestApp,
  databaseKinds,
  openTestDatabase,
  type TestContext,
} from '../../test/harness';
import { appendMessage, loadMessages } from '../interviews';
import { createAttempt, insertSet } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { signUpCandidate } from '../../test/users';
import { claimReply, storeClaimedReply } from './claims';

/**
 * Issue 12, finding 11: the turn order of a topic-based interview holds across processes, because
 * the database decides who answers (claims.ts). Two app instances share one database (on PGlite the
 * same instance, on PostgreSQL two connection pools), each with its own turn queue and sockets, as
 * two processes would; the model answers slowly, so replies are in flight when the other
 * instance's turn arrives. The fault suite runs the same race with two real processes.
 */

const INTRO = /^Hello, I am your interviewer/;

describe.each(databaseKinds())('turn order across two app instances on %s', (kind) => {
  let host: FaultyModelHost;
  let database: Database;
  let second: Database;
  let a: TestContext;
  let b: TestContext;
  let setId: string;

  beforeAll(async () => {
    host = await startFaultyModelHost();
    host.decide = (k) => (k === 'chat' ? 'slow' : 'ok');
    const ai = {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: host.url,
      AI_API_KEY: 'sk-test',
      AI_MODEL: 'fake-model',
    };
    const first = await openTestDatabase(kind);
    database = first;
    second = first.url ? await openDatabase({ url: first.url, poolSize: 5 }) : first;
    a = await createTestApp(kind, ai, { database });
    b = await createTestApp(kind, ai, { database: second });
    for (const ctx of [a, b]) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    setId = await insertSet(database.db, {
      type: 'topic-based',
      topics: ['Caching'],
      duration: 120,
    });
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    if (second !== database) await second?.close();
    await database?.close();
    await host?.close();
  });

  /** Sends an answer and waits for its ack and the reply after it. */
  async function answer(live: LiveClient, text: string) {
    const id = randomUUID();
    live.send({ type: 'answer', id, text, mode: 'typed' });
    const ack = await live.next('ack');
    expect(ack.id).toBe(id);
    const reply = await live.next('reply.end');
    expect(reply.message.seq).toBeGreaterThan(ack.seq);
    return { id, seq: ack.seq };
  }

  /** The conversation alternates from the introduction on, with each reply the model's next. */
  function expectTurnOrder(messages: { speaker: string; message: string }[], answers: number) {
    expect(messages.map((m) => m.speaker)).toEqual(
      Array.from({ length: 1 + 2 * answers }, (_, i) => (i % 2 === 0 ? 'AI' : 'User')),
    );
    expect(messages.filter((m) => INTRO.test(m.message))).toHaveLength(1);
    messages
      .filter((m) => m.speaker === 'AI')
      .slice(1)
      .forEach((m, k) => expect(m.message).toContain(`question number ${k + 1}:`));
  }

  it('one introduction and a reply after every answer when both instances race', async () => {
    const asked = host.requests.chat;
    const { cookie } = await signUpCandidate(a.app, { firstName: 'Racer' });
    const { id } = await createAttempt(a.app, cookie, { interviewSetId: setId });
    const sockets = [
      await LiveClient.connect(a.app, id, cookie),
      await LiveClient.connect(b.app, id, cookie),
    ];
    for (const s of sockets) s.start();
    for (const s of sockets) await s.next('reply.end');
    const sent: { id: string; seq: number }[] = [];
    for (let round = 0; round < 3; round++) {
      sent.push(
        ...(await Promise.all(
          sockets.map((s, i) =>
            answer(s, `Okay, so in round ${round} instance ${i} says caching.`),
          ),
        )),
      );
    }
    for (const s of sockets) s.close();
    const messages = await loadMessages(database.db, id);
    expectTurnOrder(messages, sent.length);
    expect(messages.filter((m) => m.speaker === 'User').map((m) => m.id)).toEqual(
      sent.sort((x, y) => x.seq - y.seq).map((s) => s.id),
    );
    // Nothing was produced twice.
    expect(host.requests.chat - asked).toBe(1 + sent.length);
  });

  it('a reply whose producer died is produced once its lease runs out', async () => {
    const { cookie } = await signUpCandidate(b.app, { firstName: 'Orphan' });
    const { id } = await createAttempt(b.app, cookie, { interviewSetId: setId });
    const live = await LiveClient.connect(a.app, id, cookie);
    live.start();
    await live.next('reply.end');
    live.close();
    // A process stored an answer and claimed the reply, then died (its lease has a moment left).
    const orphan = await appendMessage(database.db, id, {
      id: randomUUID(),
      speaker: 'User',
      message: 'I would put a cache in front of the database.',
      meta: {},
    });
    await database.db
      .update(interviews)
      .set({
        replyClaim: randomUUID(),
        replyAfter: orphan.seq,
        replyLeaseUntil: sql`now() + interval '1 second'`,
      })
      .where(eq(interviews.id, id));

    // A new answer on the other instance waits for the owed reply, produces it once nobody
    // renews the claim, and only then is stored.
    const resumed = await LiveClient.connect(b.app, id, cookie);
    const next = randomUUID();
    resumed.send({ type: 'answer', id: next, text: 'And invalidate it on writes.', mode: 'typed' });
    const owed = await resumed.next('reply.end');
    expect(owed.message.seq).toBe(orphan.seq + 1);
    const ack = await resumed.next('ack');
    expect(ack).toMatchObject({ id: next, seq: orphan.seq + 2 });
    await resumed.next('reply.end');
    resumed.close();
    const messages = await loadMessages(database.db, id);
    expectTurnOrder(messages, 2);
    const [row] = await database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(row).toMatchObject({ replyClaim: null, replyAfter: null, replyLeaseUntil: null });
  });

  it('a reply stored under a claim that was taken over is dropped', async () => {
    const { cookie, userId } = await signUpCandidate(a.app, { firstName: 'Slow' });
    const { id } = await createAttempt(a.app, cookie, { interviewSetId: setId });
    const mine = await database.db.transaction((tx) => claimReply(tx, id, 0));
    // Another process took the claim over (this one's lease ran out).
    const theirs = await database.db.transaction((tx) => claimReply(tx, id, 0));
    const late = await storeClaimedReply(database.db, userId, id, mine, {
      text: 'Hello from the slow process.',
      meta: {},
    });
    expect(late).toBeNull();
    const stored = await storeClaimedReply(database.db, userId, id, theirs, {
      text: 'Hello from the one that took over.',
      meta: {},
    });
    expect(stored).toMatchObject({ seq: 1, id: theirs.id });
    expect((await loadMessages(database.db, id)).map((m) => m.message)).toEqual([
      'Hello from the one that took over.',
    ]);
  });
});
