import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrame } from '@candor/shared';
import { interviews } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { startFakeOpenAiServer, openAiStandInConfig } from '../../test/fake-openai-server';
import { databaseKinds, useStarted, useTestApp } from '../../test/harness';
import { finishAnswerCheck, waitForReport, startLive } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { signUpCandidate } from '../../test/users';
import { loadMessages } from '../interviews';

/**
 * Barge-in (live protocol v2): the candidate cuts the interviewer off in the middle of a reply
 * the model is still streaming. The model host is the local OpenAI-protocol stand-in, stalled
 * after the first sentences, so the reply is really in flight when the interrupt comes.
 */

const FIRST_ANSWER =
  'Okay, so at my last job I looked after the product catalogue service. It answered a few thousand reads a second from the shop front, and most of my time went into keeping it fast: we put a read-through cache in front of PostgreSQL, measured the hit rate, and tuned the expiry per kind of product so that prices were never stale for long. It was the part of the work I enjoyed most.';
const LONG_REPLY =
  'Thanks, that is a really useful picture of the catalogue. Let me build on the cache you described. Imagine the prices now change every few seconds because of a flash sale, and three other services write to the same tables directly. How would you keep what the shop front shows consistent with the database?';
/** What the stalled model streams before it holds: every sentence but the question. */
const STALLED =
  'Thanks, that is a really useful picture of the catalogue. Let me build on the cache you described. Imagine the prices now change every few seconds because of a flash sale, and three other services write to the same tables directly.';
const HEARD = 'Thanks, that is a really useful picture of the catalogue. Let me build on';

describe.each(databaseKinds())('interrupting the interviewer on %s', (kind) => {
  const fake = useStarted(startFakeOpenAiServer);
  // Far longer than any wait here: a stream that closes did so because it was aborted.
  const ctx = useTestApp(kind, () => openAiStandInConfig(fake.url, { AI_TIMEOUT_MS: '60000' }), {
    listen: true,
  });
  afterEach(() => fake.reset());

  /** A candidate in a topic interview, past the introduction. */
  async function begin() {
    const { cookie } = await signUpCandidate(ctx.app, {
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    });
    const { id, live } = await startLive(ctx.app, cookie, { topics: ['Caching'], duration: 30 });
    await live.next('state');
    const intro = await live.next('reply.end');
    return { cookie, id, live, intro: intro.message };
  }

  /** Answers, with the model stalled mid-reply: resolves once the stalled part has arrived. */
  async function answerIntoStalledReply(live: LiveClient, text: string) {
    fake.mode.chat = 'stall';
    fake.lines = () => LONG_REPLY;
    const streamsBefore = fake.streams.length;
    const answerId = live.sendAnswer(text, { mode: 'voice' });
    await live.next((f) => f.type === 'ack' && f.id === answerId);
    const { id: replyId } = await live.next('reply.start');
    let streamed = '';
    while (streamed.trim() !== STALLED) {
      const delta = (await live.next(
        (f) => f.type === 'reply.delta' && f.id === replyId,
      )) as Extract<ServerFrame, { type: 'reply.delta' }>;
      streamed += delta.text;
    }
    const stream = fake.streams[streamsBefore]!;
    return { answerId, replyId, streamed, stream };
  }

  it('keeps what was heard on the stored reply, aborts the model stream at once, and the next prompt holds only the heard part', async () => {
    const { cookie, id, live } = await begin();
    const { replyId, stream } = await answerIntoStalledReply(live, FIRST_ANSWER);

    const sentAt = performance.now();
    live.interrupt(replyId, HEARD);
    const closed = await stream.closed;
    // The model host saw its connection closed before the reply ended, within 100 ms.
    expect(closed.early).toBe(true);
    expect(closed.at - sentAt).toBeLessThan(100);

    // The reply is stored as far as it was generated, with what the candidate heard.
    const end = await live.next((f) => f.type === 'reply.end' && f.message.id === replyId);
    expect(end.type === 'reply.end' && end.message.meta?.heard).toBe(HEARD);
    const stored = (await loadMessages(ctx.database.db, id)).find((m) => m.id === replyId)!;
    expect(stored.meta.heard).toBe(HEARD);
    expect(stream.written.trim()).toBe(STALLED);
    expect(stored.message).toBe(STALLED);
    expect(stored.meta.kind).toBe('question');

    // The candidate goes on speaking; the model's next prompt has only the heard part.
    fake.mode.chat = 'ok';
    fake.lines = null;
    const requestsBefore = fake.requests.length;
    const next = await live.answer(
      "Sorry to jump in: I think you're asking about invalidation, and honestly I would publish an event on every write and let the cache drop the key.",
    );
    expect(next.reply.message).toContain('question number');
    const prompt = fake.requests[requestsBefore]!.body.messages;
    const cut = prompt.find((m) => m.role === 'assistant' && m.content.startsWith('Thanks, that'));
    expect(cut?.content).toBe(HEARD);
    expect(JSON.stringify(prompt)).not.toContain('cache you described');

    // The report reads the exchange as it was heard: cut before its question, the line asked
    // nothing (issue 27), and what the candidate said over it goes on the answer before.
    live.send({ type: 'end', early: true });
    // Spoken answers: "Check your answers" comes between End and the report (decision 024).
    expect((await live.next('ended')).checkUntil).toBeDefined();
    await finishAnswerCheck(ctx.app, cookie, id);
    await live.next('report');
    const report = await waitForReport(ctx.app, cookie, id);
    const questions = report.questionReports.map((q: { question: string }) => q.question);
    expect(questions.some((q: string) => q.startsWith('Thanks, that'))).toBe(false);
    expect(report.questionReports).toHaveLength(1);
    expect(report.questionReports[0].answer).toContain(FIRST_ANSWER);
    expect(report.questionReports[0].answer).toContain('publish an event on every write');
    live.close();
  });

  it('an interrupt of a reply already stored sets meta.heard and is answered with the reply again; words never said are refused', async () => {
    const { id, live, intro } = await begin();
    const heard = intro.message.split(' ').slice(0, 6).join(' ');
    live.interrupt(intro.id, heard);
    const again = await live.next('reply.end');
    expect(again.message).toMatchObject({ id: intro.id, message: intro.message });
    expect(again.message.meta?.heard).toBe(heard);
    // Sent again (a resend after reconnecting): harmless.
    live.interrupt(intro.id, heard);
    await live.next('reply.end');
    const stored = (await loadMessages(ctx.database.db, id)).find((m) => m.id === intro.id)!;
    expect(stored.meta.heard).toBe(heard);
    expect(stored.message).toBe(intro.message);

    live.interrupt(intro.id, 'You got the job, congratulations');
    expect(await live.next('error')).toMatchObject({ code: 'bad_frame' });
    live.interrupt('not-a-message', '');
    expect(await live.next('error')).toMatchObject({ code: 'bad_frame' });
    expect(
      (await loadMessages(ctx.database.db, id)).find((m) => m.id === intro.id)!.meta.heard,
    ).toBe(heard);
    live.close();
  });

  it('closing the socket mid-reply aborts generation; the reply is produced again on return', async () => {
    const { cookie, id, live } = await begin();
    const { answerId, replyId, stream } = await answerIntoStalledReply(live, FIRST_ANSWER);
    live.close();
    expect((await stream.closed).early).toBe(true);

    fake.mode.chat = 'ok';
    fake.lines = null;
    const back = await LiveClient.connect(ctx.app, id, cookie);
    back.start();
    const state = await back.next('state');
    expect(state.messages.at(-1)).toMatchObject({ id: answerId, speaker: 'User' });
    const reply = await back.next('reply.end');
    expect(reply.message.id).not.toBe(replyId);
    expect(reply.message.message).toContain('question number');
    const stored = await loadMessages(ctx.database.db, id);
    expect(stored.map((m) => m.id)).not.toContain(replyId);
    expect(stored.at(-1)!.id).toBe(reply.message.id);
    back.close();
  });

  it('ending early mid-reply aborts generation and stores nothing of it', async () => {
    const { cookie, id, live } = await begin();
    const { answerId, replyId, stream } = await answerIntoStalledReply(live, FIRST_ANSWER);
    live.send({ type: 'end', early: true });
    expect((await stream.closed).early).toBe(true);
    await live.next('ended');
    const stored = await loadMessages(ctx.database.db, id);
    expect(stored.at(-1)!.id).toBe(answerId);
    expect(stored.map((m) => m.id)).not.toContain(replyId);
    const [row] = await ctx.database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(row!.status).toBe('completed');
    expect(row!.replyClaim).toBeNull();
    await finishAnswerCheck(ctx.app, cookie, id);
    await waitForReport(ctx.app, cookie, id);
    live.close();
  });
});
