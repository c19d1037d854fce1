import crypto from 'node:crypto';
import { LIMITS } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { questionOf } from '../../engine/heard';
import { MESSAGES, TOPIC_TIME_UP, fixedTimeUp, tooLate } from '../../engine/messages';
import { useTestApp, databaseKinds } from '../../test/harness';
import { testClock } from '../../test/clock';
import { signInAdmin, signUpCandidate, ORIGIN } from '../../test/users';
import {
  CLOSURE_QUESTION,
  createAttempt,
  finishAnswerCheck,
  insertSet,
  waitForReport,
  saveAttempt,
  startLive,
} from '../../test/interviews';
import { LiveClient } from '../../test/live-client';

/**
 * Time as the candidate lives it: one duration range for sets and attempts, and the answer being
 * given when time runs out taken and scored (the grace period). The interview clock is moved by
 * the test (the app's `now`), never slept on.
 */

const QUESTIONS = [
  CLOSURE_QUESTION,
  {
    questionText: 'How does the event loop handle promises?',
    expectedAnswer:
      'The event loop runs callbacks when the call stack is empty. Promise callbacks are microtasks and run before the next task from the task queue.',
  },
];

const CLOSURE_ANSWER =
  'Okay, so a closure is a function that remembers the variables of its outer scope even after the outer function has returned. For example, I used closures to keep a private counter in a factory function, and for callbacks that need the settings they were created with.';
/** Spoken at the very end of the time: the answer the grace period exists for. */
const EVENT_LOOP_ANSWER =
  'So the event loop takes the next callback only when the call stack is empty. Promise callbacks are microtasks, so they run before the next task from the task queue, for example before a timer callback that was scheduled earlier.';

const MINUTE = 60_000;
const GRACE = LIMITS.answerGraceSeconds * 1000;

describe.each(databaseKinds())('time and the grace period on %s', (kind) => {
  const clock = testClock();
  const ctx = useTestApp(kind, {}, { now: clock.now, listen: true });

  const detail = async (id: string, cookie: string) =>
    (await ctx.app.inject({ url: `/api/interview/${id}`, headers: { cookie } })).json();

  /** A fixed attempt of `minutes`, started, with the first question answered. */
  async function atSecondQuestion(minutes: number) {
    const { cookie } = await signUpCandidate(ctx.app, { firstName: 'Grace' });
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      title: 'JS timing',
      duration: minutes,
      questions: QUESTIONS,
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    const first = await live.answer(CLOSURE_ANSWER, { mode: 'voice', confidence: 0.93 });
    expect(first.reply.message).toContain(QUESTIONS[1]!.questionText);
    return { cookie, id, live };
  }

  it('a 10-minute set gives a 10-minute attempt, and the time-up message says 10 minutes', async () => {
    const { cookie, id, live } = await atSecondQuestion(10);
    expect((await detail(id, cookie)).duration).toBe(10);

    // Time runs out while the candidate is answering the second question; the answer lands 5 s
    // later, before anybody said time is up.
    clock.advance(10 * MINUTE + 5_000);
    const late = await live.answer(EVENT_LOOP_ANSWER, { mode: 'voice', confidence: 0.9 });
    expect(late.ack.seq).toBe(4);
    expect(late.reply.message).toBe(fixedTimeUp(10));
    expect(late.reply.message).toContain('allocated 10 minutes');
    expect((await live.next('completed')).reason).toBe('time-up');

    live.send({ type: 'end' });
    // Spoken answers: "Check your answers" comes between End and the report (decision 024).
    expect((await live.next('ended')).checkUntil).toBeDefined();
    await finishAnswerCheck(ctx.app, cookie, id);
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report.questionReports).toHaveLength(2);
    expect(report.questionReports[1]).toMatchObject({ answer: EVENT_LOOP_ANSWER, scored: true });
    live.close();
  });

  it('a loose create payload is clamped into the same 5–120 range', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    for (const [asked, given] of [
      [10, 10],
      [3, 5],
      [500, 120],
    ] as const) {
      const { id } = await createAttempt(ctx.app, cookie, { category: 'Go', duration: asked });
      expect((await detail(id, cookie)).duration, `duration ${asked}`).toBe(given);
    }
  });

  it('admin sets outside 5–120 minutes are refused naming the duration; 5 and 120 are kept', async () => {
    const admin = await signInAdmin(ctx.app);
    const category = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: { name: `Timing ${crypto.randomBytes(3).toString('hex')}` },
    });
    const categoryId = category.json().id as string;
    const create = (duration: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/interview-sets',
        headers: { cookie: admin.cookie, origin: ORIGIN },
        payload: { categoryId, title: `Set of ${duration}`, duration },
      });
    for (const bad of [4, 121]) {
      const res = await create(bad);
      expect(res.statusCode, `duration ${bad}`).toBe(400);
      expect(res.json().fields.duration).toBe('Duration must be between 5 and 120 minutes');
    }
    const five = await create(5);
    expect(five.statusCode).toBe(201);
    expect((await create(120)).statusCode).toBe(201);
    const update = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/interview-sets/${five.json().id}`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: { duration: 2 },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().fields.duration).toBe('Duration must be between 5 and 120 minutes');
  });

  it('an answer arriving after the time-up message, within the grace period, is stored, acknowledged and scored for the last question; later ones are refused', async () => {
    const { cookie, id, live } = await atSecondQuestion(5);

    // The time-up timer of a fresh connection fires at once: time ran out 1 s ago.
    clock.advance(5 * MINUTE + 1_000);
    const watcher = await LiveClient.connect(ctx.app, id, cookie);
    watcher.start();
    await watcher.next('state');
    expect((await watcher.next('reply.end')).message.message).toBe(fixedTimeUp(5));
    expect((await watcher.next('completed')).reason).toBe('time-up');
    watcher.close();

    // The candidate finishes the sentence they were speaking: 40 s after the end.
    clock.advance(39_000);
    const late = await live.answer(EVENT_LOOP_ANSWER, { mode: 'voice', confidence: 0.9 });
    expect(late.reply.message).toBe(MESSAGES.lateAnswerSaved);
    const stored = (await detail(id, cookie)).conversation;
    expect(stored.find((m: { id: string }) => m.id === late.id)).toMatchObject({
      speaker: 'User',
      message: EVENT_LOOP_ANSWER,
      meta: { late: true },
    });

    // Past the grace period: refused clearly, over the live channel and the periodic save alike.
    clock.advance(GRACE);
    const refusedId = crypto.randomUUID();
    live.send({ type: 'answer', id: refusedId, text: 'And one more thing.', mode: 'voice' });
    const refused = await live.next('error');
    expect(refused).toEqual({
      type: 'error',
      code: 'interview_ended',
      id: refusedId,
      message: tooLate(LIMITS.answerGraceSeconds),
    });
    const put = await saveAttempt(ctx.app, cookie, id, {
      conversation: [{ id: 'saved-too-late', speaker: 'User', message: 'Saved too late.' }],
    });
    expect(put.statusCode).toBe(200);
    const after = (await detail(id, cookie)).conversation.map((m: { id: string }) => m.id);
    expect(after).not.toContain(refusedId);
    expect(after).not.toContain('saved-too-late');
    expect(after).toHaveLength(stored.length);

    live.send({ type: 'end' });
    // Spoken answers: "Check your answers" comes between End and the report (decision 024).
    expect((await live.next('ended')).checkUntil).toBeDefined();
    await finishAnswerCheck(ctx.app, cookie, id);
    const report = await waitForReport(ctx.app, cookie, id);
    const last = report.questionReports[1];
    expect(last.question).toBe(QUESTIONS[1]!.questionText);
    expect(last.answer).toBe(EVENT_LOOP_ANSWER);
    expect(last.scored).toBe(true);
    expect(last.notScoredReason).toBeNull();
    expect(last.keyPoints.some((k: { covered: boolean }) => k.covered)).toBe(true);
    live.close();
  });

  it('an answer sent while the time-up message is not yet said is taken, topic-based variant', async () => {
    const { cookie } = await signUpCandidate(ctx.app, { firstName: 'Linus' });
    const setId = await insertSet(ctx.database.db, {
      type: 'topic-based',
      title: 'Node chat',
      topics: ['Node.js'],
      duration: 5,
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    const intro = await live.next('reply.end');
    // 55 s after the end: inside the grace period, and nobody said time is up yet.
    clock.advance(5 * MINUTE + GRACE - 5_000);
    const late = await live.answer(
      'I have been building Node.js services for four years, mostly APIs with Fastify and PostgreSQL, and lately a queue worker that processes payments.',
    );
    expect(late.reply.message).toBe(TOPIC_TIME_UP);
    expect((await live.next('completed')).reason).toBe('time-up');
    live.send({ type: 'end' });
    await live.next('ended');
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report.questionReports).toHaveLength(1);
    expect(report.questionReports[0]).toMatchObject({
      // Labelled by its question, without the greeting (issue 27).
      question: questionOf(intro.message.message),
      answer: expect.stringContaining('queue worker that processes payments'),
    });
    live.close();
  });

  it('past the grace period, with nobody having said time is up: the answer is refused and time-up is said', async () => {
    const { cookie, id, live } = await atSecondQuestion(5);
    clock.advance(5 * MINUTE + GRACE + 1_000);
    const answerId = crypto.randomUUID();
    live.send({ type: 'answer', id: answerId, text: EVENT_LOOP_ANSWER, mode: 'voice' });
    expect(await live.next('error')).toMatchObject({ code: 'interview_ended', id: answerId });
    expect((await live.next('reply.end')).message.message).toBe(fixedTimeUp(5));
    expect((await live.next('completed')).reason).toBe('time-up');
    const conversation = (await detail(id, cookie)).conversation;
    expect(conversation.map((m: { id: string }) => m.id)).not.toContain(answerId);
    expect(conversation.at(-1).message).toBe(fixedTimeUp(5));
    live.close();
  });
});
