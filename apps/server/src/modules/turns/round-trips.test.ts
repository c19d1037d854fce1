import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED, LIVE_CLOSE } from '@candor/shared';
import { user } from '../../db/schema';
import { databaseKinds } from '../../test/harness';
import { createAttempt } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import type { StatementCounter } from '../../test/statements';
import { useCountedLiveApp } from '../../test/counted-app';
import { signUpCandidate, signOut } from '../../test/users';
import { loadMessages } from '../interviews';

/**
 * What a live turn costs the database, counted in SQL statements at the driver (BEGIN and COMMIT
 * included): under load a turn's price is its round trips (each a parse and execute in PGlite's
 * WebAssembly, or a trip to PostgreSQL), and a count, unlike a timing, is the same on every run.
 * An answered topic turn: one transaction (BEGIN; the locking read that also reads the answer's
 * id, the socket's session and the conversation; the answer stored and its reply claimed in one
 * statement; COMMIT), then the reply stored in one statement. Nothing per streamed token. The
 * model call's usage (issue 17) waits to be written with other calls' in one statement. An
 * attempt's first answer also charges its credit (issue 17, decision 025), once.
 */
const ANSWER_TURN_MOST = 5;
const START_TURN_MOST = 8;
/** The credit charge of an attempt's first answer: the candidate's lock, the limit, the count, the charge. */
const FIRST_ANSWER_CHARGE_MOST = 5;

/** About 230 words, said the way candidates say them. */
const LONG_ANSWER = Array.from(
  { length: 6 },
  () =>
    'Okay, so the way I would approach it is to put a read-through cache in front of the catalogue service, keyed by the product, with a short time to live, and then drop the entry whenever the product is written, because stale prices are the one thing the shop front must never show.',
).join(' ');

const SHORT_REPLY = 'Thanks. Why?';
const LONG_REPLY = Array.from(
  { length: 20 },
  (_, i) =>
    `Point ${i + 1}: that is an interesting angle on the cache, and I would like to hear how it holds up under load.`,
).join(' ');

const listing = (counter: StatementCounter) => counter.statements.join('\n');

describe.each(databaseKinds())('database round trips of a live turn on %s', (kind) => {
  const { fake, ctx, counter } = useCountedLiveApp(kind);

  async function begin() {
    const { cookie, userId } = await signUpCandidate(ctx.app, {
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    });
    const { id } = await createAttempt(ctx.app, cookie, { topics: ['Caching'], duration: 30 });
    const live = await LiveClient.connect(ctx.app, id, cookie);
    return { cookie, userId, id, live };
  }

  it('a start costs at most 8 statements, an answered turn at most 5, however long the conversation', async () => {
    fake.lines = null;
    const { live } = await begin();
    counter.reset();
    live.start();
    await live.next('state');
    await live.next('reply.end');
    expect(counter.statements.length, listing(counter)).toBeLessThanOrEqual(START_TURN_MOST);

    counter.reset();
    await live.answer(LONG_ANSWER, { mode: 'voice', confidence: 0.91 });
    expect(counter.statements.length, listing(counter)).toBeLessThanOrEqual(
      ANSWER_TURN_MOST + FIRST_ANSWER_CHARGE_MOST,
    );

    const perTurn: number[] = [];
    for (let turn = 0; turn < 6; turn++) {
      counter.reset();
      const { reply } = await live.answer(LONG_ANSWER, { mode: 'voice', confidence: 0.91 });
      expect(reply.speaker).toBe('AI');
      expect(counter.statements.length, listing(counter)).toBeLessThanOrEqual(ANSWER_TURN_MOST);
      perTurn.push(counter.statements.length);
    }
    // The conversation is read with the lock, not once more per message.
    expect(new Set(perTurn).size).toBe(1);
    // The usage of the eight model calls (the introduction and seven replies) in one statement.
    counter.reset();
    await ctx.app.flushUsage();
    expect(counter.statements, listing(counter)).toHaveLength(1);
    expect(counter.statements[0]).toMatch(/insert into "ai_usage"/i);
    console.info(`[round trips] ${kind}: start ${START_TURN_MOST} at most, answer ${perTurn[0]}`);
    live.close();
  });

  it('streaming costs nothing: a reply of many tokens takes as many statements as one of three', async () => {
    const { live } = await begin();
    fake.lines = () => SHORT_REPLY;
    live.start();
    await live.next('reply.end');

    const turn = async (reply: string) => {
      fake.lines = () => reply;
      counter.reset();
      const deltasBefore = live.frames.filter((f) => f.type === 'reply.delta').length;
      const { reply: stored } = await live.answer(LONG_ANSWER, { mode: 'voice' });
      expect(stored.message).toBe(reply);
      const deltas = live.frames.filter((f) => f.type === 'reply.delta').length - deltasBefore;
      return { statements: counter.statements.length, listing: listing(counter), deltas };
    };
    await turn(SHORT_REPLY); // the first answer, which also charges the attempt's credit
    const short = await turn(SHORT_REPLY);
    const long = await turn(LONG_REPLY);
    // The stand-in streams a word per chunk: hundreds of deltas against three.
    expect(long.deltas).toBeGreaterThan(100 * short.deltas);
    expect(long.statements, long.listing).toBe(short.statements);
    expect(long.statements).toBeLessThanOrEqual(ANSWER_TURN_MOST);
    live.close();
  });

  it('an answer sent again after a reconnect is acknowledged and its reply relayed in one read', async () => {
    fake.lines = null;
    const { id, cookie, live } = await begin();
    live.start();
    await live.next('reply.end');
    const first = await live.answer(LONG_ANSWER, { mode: 'voice' });
    live.close();

    const again = await LiveClient.connect(ctx.app, id, cookie);
    again.start();
    await again.next('state');
    counter.reset();
    // The client's outbox re-sends an answer whose ack it never saw.
    again.sendAnswer(LONG_ANSWER, { id: first.id, mode: 'voice' });
    const ack = await again.next('ack');
    expect(ack).toMatchObject({ id: first.id, seq: first.ack.seq });
    const relayed = await again.next('reply.end');
    expect(relayed.message.id).toBe(first.reply.id);
    // BEGIN, the locking read (which found the answer and the reply after it), COMMIT.
    expect(counter.statements.length, listing(counter)).toBeLessThanOrEqual(3);
    again.close();
  });

  // Where the session is read now: the turn's locking read. The periodic check is off here
  // (10 minutes), so only the turn itself can refuse these answers.
  it('an answer after signing out is not stored: the locking read finds the session ended', async () => {
    const { id, cookie, live } = await begin();
    live.start();
    await live.next('reply.end');
    const out = await signOut(ctx.app, cookie);
    expect(out.statusCode).toBe(200);
    const late = live.sendAnswer(LONG_ANSWER, { mode: 'voice' });
    expect(await live.closed).toEqual(LIVE_CLOSE.sessionEnded);
    expect(live.frames.some((f) => f.type === 'ack')).toBe(false);
    expect((await loadMessages(ctx.database.db, id)).map((m) => m.id)).not.toContain(late);
  });

  it("a deactivated candidate's answer is not stored: told why, and the socket closes", async () => {
    const { id, userId, live } = await begin();
    live.start();
    await live.next('reply.end');
    await ctx.database.db.update(user).set({ status: 'inactive' }).where(eq(user.id, userId));
    const late = live.sendAnswer(LONG_ANSWER, { mode: 'voice' });
    expect(await live.closed).toEqual(LIVE_CLOSE.accountDisabled);
    expect(await live.next('error')).toMatchObject({
      code: 'account_disabled',
      message: ACCOUNT_DISABLED.message,
    });
    expect((await loadMessages(ctx.database.db, id)).map((m) => m.id)).not.toContain(late);
  });
});
