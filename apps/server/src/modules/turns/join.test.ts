import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrame } from '@candor/shared';
import { eq } from 'drizzle-orm';
import { interviews } from '../../db/schema';
import { databaseKinds } from '../../test/harness';
import { insertSet, startLive } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { useCountedLiveApp } from '../../test/counted-app';
import { signUpCandidate } from '../../test/users';
import { loadMessages } from '../interviews';

/**
 * Words that go on from an answer (live protocol `continues`, decision 037): the end-of-turn
 * rules sent the answer, the candidate carried on before a word of the reply was heard. They join
 * that answer and the interviewer replies to the whole of it; once something of a reply was
 * heard, or another answer came, they are the next answer. The model host is the local
 * OpenAI-protocol stand-in, stalled mid-reply where a test needs a reply in flight.
 */

const FIRST = 'I would put a read-through cache in front of the catalogue.';
const MORE = 'And I would drop the key on every write, so prices are never stale.';
const REPLY =
  'Thanks, that is clear. Now imagine three services write to the same tables directly. How would you keep the cache right?';

/** An answered live turn, with a database round trip at most this many statements (round-trips.test.ts: 5). */
const JOIN_TURN_MOST = 5;

describe.each(databaseKinds())('words that go on from an answer on %s', (kind) => {
  const { fake, ctx, counter } = useCountedLiveApp(kind);
  afterEach(() => fake.reset());

  /** A candidate past the introduction of a topic interview (or of `setId`, a fixed set). */
  async function begin(setId?: string) {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id, live } = await startLive(
      ctx.app,
      cookie,
      setId ? { interviewSetId: setId } : { topics: ['Caching'], duration: 30 },
    );
    await live.next('state');
    await live.next('reply.end');
    return { cookie, id, live };
  }

  const users = async (id: string) =>
    (await loadMessages(ctx.database.db, id)).filter((m) => m.speaker === 'User');
  const ackOf = (live: LiveClient, answerId: string) =>
    live.next((f) => f.type === 'ack' && f.id === answerId) as Promise<
      Extract<ServerFrame, { type: 'ack' }>
    >;

  it('a reply in flight cut with nothing heard: the words join the answer and the reply is to all of it', async () => {
    const { id, live } = await begin();
    fake.mode.chat = 'stall';
    fake.lines = () => REPLY;
    const first = live.sendAnswer(FIRST, { mode: 'voice', startedAt: 1000, endedAt: 4000 });
    const ack = await ackOf(live, first);
    const { id: replyId } = await live.next('reply.start');
    await live.next((f) => f.type === 'reply.delta' && f.id === replyId);
    // The client cut the reply before its voice started, then the candidate finished.
    live.interrupt(replyId, '');
    fake.mode.chat = 'ok';
    const requestsBefore = fake.requests.length;
    const more = live.sendAnswer(MORE, {
      mode: 'voice',
      continues: first,
      startedAt: 4500,
      endedAt: 7000,
    });
    expect((await ackOf(live, more)).seq).toBe(ack.seq);
    const reply = await live.next((f) => f.type === 'reply.end' && f.message.id !== replyId);
    const stored = await loadMessages(ctx.database.db, id);
    expect(stored.filter((m) => m.speaker === 'User')).toEqual([
      expect.objectContaining({
        id: first,
        seq: ack.seq,
        message: `${FIRST} ${MORE}`,
        meta: expect.objectContaining({ startedAt: 1000, endedAt: 7000, joined: [more] }),
      }),
    ]);
    // What was generated of the cut reply is kept, marked as not heard at all.
    expect(stored.find((m) => m.id === replyId)?.meta.heard).toBe('');
    // The new reply follows, and its prompt had the whole answer and nothing of the cut reply.
    expect(stored.at(-1)!.id).toBe(reply.type === 'reply.end' && reply.message.id);
    const prompt = fake.requests[requestsBefore]!.body.messages;
    expect(prompt.at(-1)).toMatchObject({ role: 'user', content: `${FIRST} ${MORE}` });
    expect(JSON.stringify(prompt)).not.toContain('that is clear');
    live.close();
  });

  it('a reply stored before the words came is marked not heard (its receipt sent), and replied to again', async () => {
    const { id, live } = await begin();
    const { id: first, reply } = await live.answer(FIRST, { mode: 'voice' });
    counter.reset();
    const more = live.sendAnswer(MORE, { mode: 'voice', continues: first });
    await ackOf(live, more);
    const receipt = await live.next('reply.end');
    expect(receipt.message).toMatchObject({ id: reply.id, meta: { heard: '' } });
    const next = await live.next('reply.end');
    expect(next.message.id).not.toBe(reply.id);
    // BEGIN, the locking read, the join (the answer, the unheard line, the claim), COMMIT, the reply.
    expect(counter.statements.length, counter.statements.join('\n')).toBeLessThanOrEqual(
      JOIN_TURN_MOST,
    );
    console.info(`[round trips] ${kind}: a join ${counter.statements.length}`);
    expect((await users(id)).map((m) => m.message)).toEqual([`${FIRST} ${MORE}`]);
    live.close();
  });

  it('words arriving while the reply still streams stop it at once, nothing of it heard', async () => {
    const { id, live } = await begin();
    fake.mode.chat = 'stall';
    fake.lines = () => REPLY;
    const streamsBefore = fake.streams.length;
    const first = live.sendAnswer(FIRST, { mode: 'voice' });
    await ackOf(live, first);
    const { id: replyId } = await live.next('reply.start');
    await live.next((f) => f.type === 'reply.delta' && f.id === replyId);
    fake.mode.chat = 'ok';
    // No interrupt from the client: the words themselves stop the reply to the answer.
    const more = live.sendAnswer(MORE, { mode: 'voice', continues: first });
    expect((await fake.streams[streamsBefore]!.closed).early).toBe(true);
    await ackOf(live, more);
    await live.next((f) => f.type === 'reply.end' && f.message.id !== replyId);
    const stored = await loadMessages(ctx.database.db, id);
    expect(stored.find((m) => m.id === replyId)?.meta.heard).toBe('');
    expect((await users(id)).map((m) => m.message)).toEqual([`${FIRST} ${MORE}`]);
    live.close();
  });

  it('once a word of the reply was heard, or for an answer it does not know, the words are the next answer', async () => {
    const { id, live } = await begin();
    const { id: first, reply } = await live.answer(FIRST, { mode: 'voice' });
    live.interrupt(reply.id, 'Thanks,');
    await live.next('reply.end');
    const more = live.sendAnswer(MORE, { mode: 'voice', continues: first });
    const ack = await ackOf(live, more);
    await live.next('reply.end');
    const unknown = live.sendAnswer('And a third thing.', {
      mode: 'voice',
      continues: '00000000-0000-4000-8000-000000000000',
    });
    await ackOf(live, unknown);
    await live.next('reply.end');
    expect((await users(id)).map((m) => [m.id, m.message])).toEqual([
      [first, FIRST],
      [more, MORE],
      [unknown, 'And a third thing.'],
    ]);
    expect(ack.seq).toBeGreaterThan(reply.seq);
    live.close();
  });

  it('the same words sent again after a reconnect are acknowledged where they went, stored once', async () => {
    const { cookie, id, live } = await begin();
    const { id: first } = await live.answer(FIRST, { mode: 'voice' });
    const more = live.sendAnswer(MORE, { mode: 'voice', continues: first });
    const ack = await ackOf(live, more);
    const replied = await live.next((f) => f.type === 'reply.end' && f.message.meta?.heard !== '');
    live.close();
    const again = await LiveClient.connect(ctx.app, id, cookie);
    again.start();
    const state = await again.next('state');
    expect(state.messages.find((m) => m.id === first)?.meta?.joined).toEqual([more]);
    again.sendAnswer(MORE, { id: more, mode: 'voice', continues: first });
    expect(await ackOf(again, more)).toMatchObject({ seq: ack.seq });
    const relayed = await again.next('reply.end');
    expect(relayed.message.id).toBe(replied.type === 'reply.end' && replied.message.id);
    expect((await users(id)).map((m) => m.message)).toEqual([`${FIRST} ${MORE}`]);
    again.close();
  });

  it('a fixed set: the line its engine said is said again after the whole answer, the set goes on in order', async () => {
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [
        { questionText: 'What is a closure?' },
        { questionText: 'What is a promise?' },
        { questionText: 'What is the event loop?' },
      ],
    });
    const { id, live } = await begin(setId);
    const { id: first, reply } = await live.answer(FIRST, { mode: 'voice' });
    expect(reply.message).toContain('What is a promise?');
    counter.reset();
    const more = live.sendAnswer(MORE, { mode: 'voice', continues: first });
    await ackOf(live, more);
    await live.next('reply.end'); // the receipt: not heard
    const again = await live.next('reply.end');
    expect(again.message).toMatchObject({ message: reply.message, meta: { questionIndex: 1 } });
    expect(again.message.id).not.toBe(reply.id);
    console.info(`[round trips] ${kind}: a join in a fixed set ${counter.statements.length}`);
    const next = await live.answer('A promise is a value that arrives later.', { mode: 'voice' });
    expect(next.reply.message).toContain('What is the event loop?');
    const stored = await loadMessages(ctx.database.db, id);
    expect(stored.filter((m) => m.speaker === 'User').map((m) => m.message)).toEqual([
      `${FIRST} ${MORE}`,
      'A promise is a value that arrives later.',
    ]);
    expect(stored.find((m) => m.id === reply.id)?.meta.heard).toBe('');
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(row!.replyClaim).toBeNull();
    live.close();
  });
});
