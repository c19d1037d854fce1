import { describe, expect, it } from 'vitest';
import { PROTOCOL_MISMATCH_MESSAGE } from '@candor/shared';
import { MESSAGES, fixedTimeUp } from '../../engine/messages';
import { useTestApp, databaseKinds } from '../../test/harness';
import { FOLLOW_UP } from '../../ai/builtin/interviewer';
import {
  CLOSURE_QUESTION,
  createAttempt,
  insertSet,
  waitForReport,
  saveAttempt,
  startLive,
} from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { signUpCandidate } from '../../test/users';

const QUESTIONS = [
  CLOSURE_QUESTION,
  { questionText: 'Explain the event loop.', expectedAnswer: null },
];

describe.each(databaseKinds())('live interview channel with builtin on %s', (kind) => {
  const ctx = useTestApp(kind, {}, { listen: true });

  it('runs a full fixed interview: greeting, next questions, closing, report', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      title: 'JS Basics',
      topics: ['JavaScript'],
      questions: QUESTIONS,
    });
    const { id, roomId } = await createAttempt(ctx.app, cookie, {
      interviewSetId: setId,
      title: 'ignored',
    });
    expect(roomId).toMatch(/^interview-/);
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.start();
    const state = await live.next('state');
    expect(state.messages).toEqual([]);
    expect(state.interview.status).toBe('in_progress');
    expect(state.interview.flow).toBe('fixed');
    const intro = await live.next('reply.end');
    expect(intro.message.message).toMatch(/^Hello! I'm Alex/);
    expect(intro.message.message).toContain(
      "Let's begin with the first question: What is a closure in JavaScript?",
    );

    const first = await live.answer(
      'A closure is a function that remembers variables from its outer scope even after the outer function returned. For example I used closures for private counters and callbacks.',
    );
    expect(first.ack.seq).toBe(2);
    expect(first.reply.message).toBe(
      "Thank you for that answer. Let's move on to the next question: Explain the event loop.",
    );
    const second = await live.answer(
      'The event loop takes callbacks from the task queue when the call stack is empty, and microtasks such as promises run first.',
    );
    expect(second.reply.message).toBe(MESSAGES.fixedClosing);
    expect((await live.next('completed')).reason).toBe('questions-exhausted');
    const after = await live.answer('One more thing');
    expect(after.reply.message).toBe(MESSAGES.fixedFinished);

    live.send({ type: 'end' });
    expect((await live.next('ended')).reportStatus).toBe('pending');
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report.status).toBe('completed');
    expect(report.provider).toBe('builtin');
    expect(report.questionReports).toHaveLength(2);
    const q1 = report.questionReports[0];
    expect(q1.keyPoints.length).toBeGreaterThan(1);
    expect(q1.keyPoints.some((k: { covered: boolean }) => k.covered)).toBe(true);
    expect(q1.score).toBe(
      Math.round(
        (q1.evaluation.accuracy +
          q1.evaluation.completeness +
          q1.evaluation.technicalDepth +
          q1.evaluation.clarity) /
          4,
      ),
    );
    for (const d of ['accuracy', 'completeness', 'technicalDepth', 'clarity']) {
      expect(q1.dimensions[d].evidence.length).toBeGreaterThan(0);
      for (const quote of q1.dimensions[d].evidence) expect(q1.answer).toContain(quote);
    }
    live.close();

    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/interview/${id}`,
      headers: { cookie },
    });
    expect(detail.json().status).toBe('completed');
    expect(detail.json().completedAt).not.toBeNull();
    expect(detail.json().interviewSet).toEqual({
      title: 'JS Basics',
      category: { name: expect.stringMatching(/^Cat /) },
    });
    expect(detail.json().report.status).toBe('completed');
    expect(detail.json().conversation.map((m: { seq: number }) => m.seq)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
  });

  it('runs a topic-based interview: warm-up first, follow-up on a thin answer', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'topic-based',
      title: 'React chat',
      topics: ['React', 'CSS'],
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('state');
    const start = await live.next('reply.start');
    const delta = await live.next('reply.delta');
    expect(delta.id).toBe(start.id);
    const intro = await live.next('reply.end');
    expect(intro.message.id).toBe(start.id);
    expect(intro.message.message).toContain('To warm up');
    const w2 = await live.answer('I am a front-end developer working on a design system.');
    expect(w2.reply.message).toContain('Still warming up');
    const q1 = await live.answer('I like how fast I can build user interfaces with it.');
    expect(q1.reply.message).toContain("Let's talk about React.");
    const thin = await live.answer('Props come from the parent.');
    expect(thin.reply.message).toContain(FOLLOW_UP);
    const detailed = await live.answer(
      'For example, in my last project the parent passed the user as props to a profile card, while the card kept its own open state with useState and updated it on click.',
    );
    expect(detailed.reply.message).not.toContain(FOLLOW_UP);

    live.send({ type: 'end' });
    const refused = await live.next('error');
    expect(refused).toMatchObject({
      code: 'not_complete',
      message: 'Interview is not yet complete',
    });
    live.send({ type: 'end', early: true });
    await live.next('ended');
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report.status).toBe('completed');
    expect(report.endedEarly).toBe(true);
    expect(report.questionReports.length).toBeGreaterThanOrEqual(3);
    live.close();
  });

  it('refuses bad frames without dropping the connection', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id } = await createAttempt(ctx.app, cookie, { category: 'Go' });
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.send('not json');
    expect((await live.next('error')).code).toBe('bad_frame');
    live.send({ type: 'answer', id: 'nope', text: 'x' });
    expect((await live.next('error')).message).toMatch(/^id:/);
    live.send({ type: 'dance' });
    expect((await live.next('error')).code).toBe('bad_frame');
    live.send({ type: 'ping' });
    await live.next('pong');
    live.close();
  });

  it('tells an older page to reload (protocol_mismatch) and takes nothing from it until it speaks v2', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, { type: 'fixed', questions: QUESTIONS });
    const { id } = await createAttempt(ctx.app, cookie, { interviewSetId: setId });
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.start(null); // a version-1 page sends no protocol
    expect(await live.next('error')).toEqual({
      type: 'error',
      code: 'protocol_mismatch',
      message: PROTOCOL_MISMATCH_MESSAGE,
    });
    const answerId = live.sendAnswer('A closure keeps the variables of its outer scope.');
    expect(await live.next('error')).toMatchObject({ code: 'protocol_mismatch', id: answerId });
    live.start(1);
    expect(await live.next('error')).toMatchObject({ code: 'protocol_mismatch' });
    expect(live.frames.some((f) => f.type === 'state' || f.type === 'ack')).toBe(false);
    const detail = await ctx.app.inject({ url: `/api/interview/${id}`, headers: { cookie } });
    expect(detail.json()).toMatchObject({ status: 'scheduled', conversation: [] });
    // The reloaded page speaks v2 on the same attempt: it starts as usual.
    live.start();
    expect((await live.next('state')).messages).toEqual([]);
    expect((await live.next('reply.end')).message.meta?.kind).toBe('question');
    live.close();
  });

  it('stores a repeated answer id once', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, { type: 'fixed', questions: QUESTIONS });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    const answerId = crypto.randomUUID();
    live.send({ type: 'answer', id: answerId, text: 'A function with its scope.' });
    const a = await live.next('ack');
    const r = await live.next('reply.end');
    live.send({ type: 'answer', id: answerId, text: 'A function with its scope.' });
    const again = await live.next('ack');
    const replay = await live.next('reply.end');
    expect(again.seq).toBe(a.seq);
    expect(replay.message).toEqual(r.message);
    const detail = await ctx.app.inject({ url: `/api/interview/${id}`, headers: { cookie } });
    expect(detail.json().conversation).toHaveLength(3);
    live.close();
  });

  it('keeps seq numbers unique when answers arrive at once on two connections', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id } = await createAttempt(ctx.app, cookie, { topics: ['Docker'] });
    const a = await LiveClient.connect(ctx.app, id, cookie);
    const b = await LiveClient.connect(ctx.app, id, cookie);
    a.start();
    await a.next('reply.end');
    const sends = [a, b, a, b].map((c, i) =>
      c.send({ type: 'answer', id: crypto.randomUUID(), text: `Answer number ${i} about images` }),
    );
    expect(sends).toHaveLength(4);
    for (const c of [a, b, a, b]) await c.next('reply.end');
    const detail = await ctx.app.inject({ url: `/api/interview/${id}`, headers: { cookie } });
    const seqs = detail.json().conversation.map((m: { seq: number }) => m.seq);
    expect(seqs).toEqual(Array.from({ length: 9 }, (_, i) => i + 1));
    a.close();
    b.close();
  });

  it('says time is up, fixed variant, and then lets the report be generated', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, { type: 'fixed', questions: QUESTIONS });
    const { id } = await createAttempt(ctx.app, cookie, { interviewSetId: setId });
    // Started 31 minutes ago (duration 30).
    const put = await saveAttempt(ctx.app, cookie, id, {
      status: 'in_progress',
      startedAt: new Date(Date.now() - 31 * 60_000).toISOString(),
    });
    expect(put.statusCode).toBe(200);
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.start();
    await live.next('state');
    const timeUp = await live.next('reply.end');
    expect(timeUp.message.message).toBe(fixedTimeUp(30));
    expect((await live.next('completed')).reason).toBe('time-up');
    live.send({ type: 'end' });
    expect((await live.next('ended')).reportStatus).toBe('pending');
    live.close();
  });

  it('lets only the owner in: another candidate gets 403, nobody gets 401', async () => {
    const owner = await signUpCandidate(ctx.app);
    const other = await signUpCandidate(ctx.app, { firstName: 'Eve' });
    const { id } = await createAttempt(ctx.app, owner.cookie, {});
    expect(await LiveClient.refusal(ctx.app, id, other.cookie)).toBe(403);
    expect(await LiveClient.refusal(ctx.app, id, '')).toBe(401);
    expect(await LiveClient.refusal(ctx.app, id, owner.cookie, 'https://evil.example')).toBe(403);
    expect(await LiveClient.refusal(ctx.app, crypto.randomUUID(), owner.cookie)).toBe(404);
    const get = await ctx.app.inject({
      url: `/api/interview/${id}`,
      headers: { cookie: other.cookie },
    });
    expect(get.statusCode).toBe(403);
    const put = await saveAttempt(ctx.app, other.cookie, id, { status: 'cancelled' });
    expect(put.statusCode).toBe(403);
    const report = await ctx.app.inject({
      url: `/api/report/interview/${id}`,
      headers: { cookie: other.cookie },
    });
    expect(report.statusCode).toBe(403);
  });
});
