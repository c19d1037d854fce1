import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ANSWER_CHECK,
  MAX_ANSWER_CHARS,
  NOT_ENOUGH_SPEECH,
  type ConversationMessage,
  type DataExport,
  type InterviewDetail,
} from '@candor/shared';
import { createBuiltinProvider } from '../../ai/builtin/provider';
import { evaluatorHere } from '../../ai/builtin/report-pool';
import { reports } from '../../db/schema';
import { createReportJobs } from '../reports';
import { getReport } from '../reports';
import { useTestApp, databaseKinds } from '../../test/harness';
import { testClock } from '../../test/clock';
import { insertSet, waitForReport, startLive } from '../../test/interviews';
import { ORIGIN, signUpCandidate } from '../../test/users';
import { checkDeadline } from './answer-check';

/**
 * "Check your answers" (decision 024): an attempt that ends with spoken answers waits for the
 * candidate's corrections before its report; the report scores the corrected text, marks it and
 * the transcript keeps what was recognised; nothing is corrected once the report started; the
 * window running out starts the report without the candidate.
 */

const MINUTE = 60_000;

/** What the recogniser made of the first answer ("closure" misheard), and what was said. */
const MISHEARD =
  'Okay, so a clothes sure is a function that keeps the variables of the scope where it was defined, even after that outer function has returned. For example a counter made by a make counter function keeps its count in a variable nobody else can reach.';
const SAID = MISHEARD.replace('a clothes sure is', 'a closure is');
const SECOND =
  'Hoisting means declarations are moved to the top of their scope before the code runs, so a var can be read before the line that declares it, as undefined.';

describe.each(databaseKinds())('check your answers on %s', (kind) => {
  const clock = testClock();
  const ctx = useTestApp(kind, {}, { now: clock.now, checkSweepMs: 25, listen: true });
  let setId: string;

  beforeAll(async () => {
    setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      topics: ['JavaScript'],
      questions: [
        {
          questionText: 'What is a closure?',
          expectedAnswer: 'A function that remembers the variables of the scope it was defined in.',
        },
        { questionText: 'What is hoisting?' },
      ],
    });
  });

  const inject = (
    cookie: string,
    method: 'GET' | 'PATCH' | 'POST',
    url: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const correct = (cookie: string, id: string, answerId: string, payload: unknown) =>
    inject(cookie, 'PATCH', `/api/interview/${id}/answers/${answerId}`, payload);
  const finish = (cookie: string, id: string) =>
    inject(cookie, 'POST', `/api/interview/${id}/check`);
  const detail = async (cookie: string, id: string) =>
    (await inject(cookie, 'GET', `/api/interview/${id}`)).json() as InterviewDetail;
  const reportStatus = async (id: string) =>
    (await ctx.database.db.select().from(reports).where(eq(reports.interviewId, id)))[0]?.status;

  /**
   * A candidate answers both questions by voice (the first misheard, with the recogniser unsure
   * of it) and ends the interview: answers the attempt, the answer ids and the `ended` frame.
   */
  async function spokenInterview(options: { typedOnly?: boolean; confidence?: number } = {}) {
    const { cookie, userId } = await signUpCandidate(ctx.app);
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    const t = Date.now();
    const spoken = (start: number, end: number, confidence: number) =>
      options.typedOnly
        ? {}
        : { mode: 'voice', confidence, startedAt: t + start, endedAt: t + end };
    const first = await live.answer(MISHEARD, spoken(0, 18_000, options.confidence ?? 0.42));
    const second = await live.answer(SECOND, spoken(30_000, 41_000, 0.9));
    await live.next('completed');
    live.send({ type: 'end' });
    const ended = await live.next('ended');
    return { cookie, userId, id, live, ended, first: first.id, second: second.id };
  }

  it('opens the check after End when answers were spoken: the report waits for it', async () => {
    const { cookie, id, live, ended } = await spokenInterview();
    expect(ended.reportStatus).toBe('pending');
    expect(Date.parse(ended.checkUntil!) - clock.now().getTime()).toBeGreaterThan(
      (ANSWER_CHECK.idleMinutes - 1) * MINUTE,
    );
    const attempt = await detail(cookie, id);
    expect(attempt).toMatchObject({ status: 'completed', checkUntil: ended.checkUntil });
    const report = await inject(cookie, 'GET', `/api/report/interview/${id}`);
    expect(report.json()).toMatchObject({ status: 'pending', checkUntil: ended.checkUntil });
    // Ending again (a reconnect) neither starts the report nor forgets the check.
    live.send({ type: 'end' });
    expect(await live.next('ended')).toMatchObject({ checkUntil: ended.checkUntil });
    expect(await reportStatus(id)).toBe('pending');
    live.close();
  });

  it('scores the corrected text, marks it and keeps the recognised text', async () => {
    const { cookie, id, live, first, second } = await spokenInterview();
    const fixed = await correct(cookie, id, first, {
      text: `  ${SAID.replace('Okay, so ', '')}  `,
    });
    expect(fixed.statusCode).toBe(200);
    // Trimmed, like every other text input; the window moves on from the correction.
    expect(fixed.json().message).toMatchObject({
      id: first,
      speaker: 'User',
      message: SAID.replace('Okay, so ', ''),
      meta: { mode: 'voice', corrected: true, original: MISHEARD, confidence: 0.42 },
    });
    // A second correction keeps what was recognised, not the first correction.
    const again = await correct(cookie, id, first, { text: SAID });
    expect(again.json().message.meta).toMatchObject({ corrected: true, original: MISHEARD });
    expect(await reportStatus(id)).toBe('pending');

    expect((await finish(cookie, id)).json()).toEqual({ reportStatus: 'pending' });
    // The connected page hears the report, as after any End.
    expect(await live.next('report')).toEqual({ type: 'report', reportStatus: 'completed' });
    const report = await waitForReport(ctx.app, cookie, id);
    const [q1, q2] = report.questionReports;
    expect(q1).toMatchObject({ answer: SAID, corrected: true, scored: true });
    expect(q1.answer).not.toContain('clothes');
    // Recognised with 0.42 confidence it would not be scored (see below); corrected, it is.
    expect(q1.score).not.toBeNull();
    expect(q2.corrected).toBeUndefined();
    expect(report.checkUntil).toBeNull();

    // The transcript keeps both: the corrected text and, on the message, what was recognised.
    const messages = (await detail(cookie, id)).conversation;
    const m = messages.find((x: ConversationMessage) => x.id === first)!;
    expect(m).toMatchObject({ message: SAID, meta: { corrected: true, original: MISHEARD } });
    expect(messages.find((x) => x.id === second)!.meta?.corrected).toBeUndefined();
    live.close();
  });

  it('without a correction the recognised text is scored (a skipped check)', async () => {
    const { cookie, id, live } = await spokenInterview();
    await finish(cookie, id);
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report.questionReports[0]).toMatchObject({
      answer: MISHEARD,
      scored: false,
      notScoredReason: NOT_ENOUGH_SPEECH,
    });
    expect(report.questionReports[0].corrected).toBeUndefined();
    live.close();
  });

  it('writing the recognised text back undoes the correction', async () => {
    const { cookie, id, live, first } = await spokenInterview();
    await correct(cookie, id, first, { text: SAID });
    const undone = await correct(cookie, id, first, { text: MISHEARD });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message.message).toBe(MISHEARD);
    expect(undone.json().message.meta.corrected).toBeUndefined();
    expect(undone.json().message.meta.original).toBeUndefined();
    live.close();
  });

  it('refuses corrections once the report started or exists (409 CHECK_CLOSED)', async () => {
    const { cookie, id, live, first } = await spokenInterview();
    await finish(cookie, id);
    const during = await correct(cookie, id, first, { text: SAID });
    expect(during.statusCode).toBe(409);
    expect(during.json().code).toBe('CHECK_CLOSED');
    await waitForReport(ctx.app, cookie, id);
    const after = await correct(cookie, id, first, { text: SAID });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ code: 'CHECK_CLOSED' });
    // The report read the recognised text, and nothing changed it afterwards.
    const m = (await detail(cookie, id)).conversation.find((x) => x.id === first)!;
    expect(m.message).toBe(MISHEARD);
    expect(m.meta?.corrected).toBeUndefined();
    // Finishing again is harmless: it says where the report is.
    expect((await finish(cookie, id)).json()).toEqual({ reportStatus: 'completed' });
    live.close();
  });

  it("refuses another candidate's attempt, an interviewer line, a typed answer, an unknown id", async () => {
    const { cookie, id, live, first } = await spokenInterview();
    const other = await signUpCandidate(ctx.app);
    const foreign = await correct(other.cookie, id, first, { text: SAID });
    expect(foreign.statusCode).toBe(403);
    expect((await finish(other.cookie, id)).statusCode).toBe(403);
    // Someone else's attempt is refused before its body is read.
    expect((await correct(other.cookie, id, first, { text: '' })).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/interview/${id}/answers/${first}`,
      headers: { origin: ORIGIN },
      payload: { text: SAID },
    });
    expect(anonymous.statusCode).toBe(401);

    const messages = (await detail(cookie, id)).conversation;
    const question = messages.find((m) => m.speaker === 'AI')!;
    const ai = await correct(cookie, id, question.id, { text: 'What is a closure, really?' });
    expect(ai.statusCode).toBe(404);
    expect((await correct(cookie, id, 'no-such-answer', { text: SAID })).statusCode).toBe(404);
    // Nothing was changed by any of them.
    const after = (await detail(cookie, id)).conversation;
    expect(after).toEqual(messages);
    expect(after.find((m) => m.id === first)!.message).toBe(MISHEARD);
    live.close();
  });

  it('offers no check when every answer was typed: the report starts at End', async () => {
    const { cookie, id, live, first, ended } = await spokenInterview({ typedOnly: true });
    expect(ended.checkUntil).toBeUndefined();
    expect(await live.next('report')).toMatchObject({ reportStatus: 'completed' });
    const typed = await correct(cookie, id, first, { text: SAID });
    // Nothing to check, so nothing to correct: the report was started at End.
    expect(typed.statusCode).toBe(409);
    expect(typed.json().code).toBe('CHECK_CLOSED');
    expect((await detail(cookie, id)).checkUntil).toBeNull();
    live.close();
  });

  it('refuses a typed answer among spoken ones (409 NOT_SPOKEN)', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    await live.answer(MISHEARD, { mode: 'voice', confidence: 0.8 });
    const typed = await live.answer(SECOND);
    await live.next('completed');
    live.send({ type: 'end' });
    expect((await live.next('ended')).checkUntil).toBeDefined();
    const res = await correct(cookie, id, typed.id, { text: 'Hoisting, typed again.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_SPOKEN');
    live.close();
  });

  it('refuses while the attempt is in progress (409 ATTEMPT_NOT_ENDED)', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    const { id: answerId } = await live.answer(MISHEARD, { mode: 'voice', confidence: 0.8 });
    const res = await correct(cookie, id, answerId, { text: SAID });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ATTEMPT_NOT_ENDED');
    const done = await finish(cookie, id);
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('ATTEMPT_NOT_ENDED');
    expect(await reportStatus(id)).toBeUndefined();
    live.close();
  });

  it('validates the correction and names the field', async () => {
    const { cookie, id, live, first } = await spokenInterview();
    for (const payload of [
      { text: '' },
      { text: '   \n ' },
      {},
      { text: 42 },
      { text: 'x'.repeat(MAX_ANSWER_CHARS + 1) },
    ]) {
      const res = await correct(cookie, id, first, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(Object.keys(res.json().fields)).toEqual(['text']);
    }
    const empty = await correct(cookie, id, first, { text: ' ' });
    expect(empty.json().fields.text).toMatch(/cannot be empty/);
    const m = (await detail(cookie, id)).conversation.find((x) => x.id === first)!;
    expect(m.message).toBe(MISHEARD);
    live.close();
  });

  it('a restart or a late read never starts a report still waiting for the check', async () => {
    const { cookie, userId, id, live } = await spokenInterview();
    live.close();
    // What a process does at start-up: resume every pending report (a crash's leftovers).
    const jobs = createReportJobs({
      db: ctx.database.db,
      provider: createBuiltinProvider(),
      evaluator: evaluatorHere,
      log: { info() {}, warn() {}, error() {} } as never,
      now: clock.now,
    });
    await jobs.resumePending();
    await jobs.drain();
    expect(await reportStatus(id)).toBe('pending');
    // A read of the waiting report does not take it for orphaned either.
    const read = await getReport(ctx.database.db, userId, id);
    expect(read.stale).toBe(false);
    expect(read.report.checkUntil).toEqual(expect.any(String));
    expect(jobs.running(id)).toBeNull();
    await finish(cookie, id);
    expect((await waitForReport(ctx.app, cookie, id)).status).toBe('completed');
  });

  it("the candidate's data export keeps what was recognised beside the correction", async () => {
    const { cookie, id, live, first } = await spokenInterview();
    await correct(cookie, id, first, { text: SAID });
    live.close();
    const res = await inject(cookie, 'GET', '/api/user/export');
    expect(res.statusCode).toBe(200);
    const data = res.json() as DataExport;
    const attempt = data.attempts.find((a) => a.id === id)!;
    const answer = attempt.conversation.find((m) => m.message === SAID)!;
    expect(answer).toMatchObject({ mode: 'voice', recognisedAs: MISHEARD });
    const other = attempt.conversation.find((m) => m.message === SECOND)!;
    expect(other.recognisedAs).toBeUndefined();
  });

  it('starts the report by itself when the window runs out, without the candidate', async () => {
    const { cookie, id, live, first } = await spokenInterview();
    await correct(cookie, id, first, { text: SAID });
    live.close();
    // Nobody comes back. The sweep closes the window once it ran out and the report is made.
    expect(await reportStatus(id)).toBe('pending');
    clock.advance((ANSWER_CHECK.idleMinutes + 1) * MINUTE);
    for (let i = 0; (await reportStatus(id)) === 'pending'; i++) {
      if (i > 400) throw new Error('the report never started');
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await reportStatus(id)).toBe('completed');
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report.questionReports[0]).toMatchObject({ answer: SAID, corrected: true });
    // And the window is over for corrections.
    expect((await correct(cookie, id, first, { text: MISHEARD })).json().code).toBe('CHECK_CLOSED');
  });
});

describe('the window of "Check your answers"', () => {
  it('moves on with each correction, never past the cap after End', () => {
    const ended = new Date('2026-11-23T10:00:00Z');
    expect(checkDeadline(ended, ended).toISOString()).toBe('2026-11-23T10:10:00.000Z');
    const later = new Date('2026-11-23T10:08:00Z');
    expect(checkDeadline(later, ended).toISOString()).toBe('2026-11-23T10:18:00.000Z');
    const late = new Date('2026-11-23T10:55:00Z');
    expect(checkDeadline(late, ended).toISOString()).toBe('2026-11-23T11:00:00.000Z');
  });
});
