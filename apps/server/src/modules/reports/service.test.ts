import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_ENOUGH_SPEECH } from '@candor/shared';
import { createBuiltinProvider } from '../../ai/builtin/provider';
import { createReportPool, evaluatorHere } from '../../ai/builtin/report-pool';
import { reports } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { reportInputOf } from '../../test/report-inputs';
import {
  createAttempt,
  finishAnswerCheck,
  insertSet,
  waitForReport,
  startLive,
} from '../../test/interviews';
import { signUpCandidate } from '../../test/users';
import { generateReport } from './service';

describe.each(databaseKinds())('report generation on %s', (kind) => {
  const ctx = useTestApp(kind, {}, { listen: true });

  it("refuses before the interview is complete: 'Interview is not yet complete'", async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id } = await createAttempt(ctx.app, cookie, {});
    const deps = {
      db: ctx.database.db,
      provider: createBuiltinProvider(),
      evaluator: evaluatorHere,
      log: { info() {}, warn() {}, error() {} },
      now: () => new Date(),
    };
    await expect(generateReport(deps, id)).rejects.toMatchObject({
      statusCode: 409,
      code: 'NOT_COMPLETE',
      message: 'Interview is not yet complete',
    });
  });

  it('ends a report the worker pool refuses failed: a limit with its reason, a broken worker logged', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id, live } = await startLive(ctx.app, cookie, {});
    await live.next('reply.end');
    await live.answer('A container is an isolated process built from an image.', {
      mode: 'voice',
      confidence: 0.9,
    });
    live.send({ type: 'end', early: true });
    // Waiting for "Check your answers": the app's own job has not started, these make it.
    expect((await live.next('ended')).checkUntil).toBeDefined();
    const logged: unknown[] = [];
    const made = async (evaluator: ReturnType<typeof createReportPool>) => {
      const deps = {
        db: ctx.database.db,
        provider: createBuiltinProvider(evaluator.report),
        evaluator,
        log: { info() {}, warn() {}, error: (o: { err: unknown }) => logged.push(o.err) },
        now: () => new Date(),
      };
      expect(await generateReport(deps, id)).toBe('failed');
      // The row itself: the route's read cache is dropped by the app's own jobs, not by these.
      const [row] = await ctx.database.db.select().from(reports).where(eq(reports.interviewId, id));
      return row;
    };

    // A worker that cannot load the evaluator: the server's trouble, in the log only.
    const broken = createReportPool({
      workers: 1,
      workerFile: new URL('../../test/report-worker-broken.mjs', import.meta.url),
    });
    expect(await made(broken).finally(() => broken.close())).toMatchObject({
      status: 'failed',
      error: 'Failed to generate interview report',
    });
    expect(String(logged.at(-1))).toMatch(/cannot load the evaluator/);

    // The only worker busy (an endless report) and no room to wait: the candidate reads why.
    const full = createReportPool({
      workers: 1,
      queueMax: 0,
      workerFile: new URL('../../test/report-worker-faults.mjs', import.meta.url),
    });
    const looping = full.report(reportInputOf([], { title: 'loop' })).catch((err: unknown) => err);
    expect(await made(full).finally(() => full.close())).toMatchObject({
      status: 'failed',
      error:
        'Failed to generate interview report: Too many reports are being made at once (0 waiting); try again in a few minutes',
    });
    expect(await looping).toMatchObject({ kind: 'closed' });
    live.close();
  });

  it('marks unclear speech as not scored, and reports speech analytics from the timings', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      topics: ['Docker'],
      questions: [
        {
          questionText: 'What is a container?',
          expectedAnswer: 'An isolated process. Built from an image.',
        },
        { questionText: 'What is a volume?' },
        { questionText: 'What is a registry?' },
      ],
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    const t = Date.now();
    await live.answer(
      'Um, a container is an isolated process, uh, built from an image with its own file system.',
      {
        mode: 'voice',
        confidence: 0.91,
        startedAt: t,
        endedAt: t + 8_000,
        segments: [
          { text: 'Um, a container is an isolated process,', startMs: t, endMs: t + 3_000 },
          {
            text: 'uh, built from an image with its own file system.',
            startMs: t + 5_000,
            endMs: t + 8_000,
          },
        ],
      },
    );
    await live.answer('mumble volume something', { mode: 'voice', confidence: 0.2 });
    live.send({ type: 'end', early: true });
    // Spoken answers: "Check your answers" comes between End and the report (decision 024).
    expect((await live.next('ended')).checkUntil).toBeDefined();
    await finishAnswerCheck(ctx.app, cookie, id);
    const report = await waitForReport(ctx.app, cookie, id);
    const [first, second, third] = report.questionReports;
    expect(first.scored).toBe(true);
    expect(first.keyPoints).toEqual([
      {
        point: 'An isolated process',
        covered: true,
        coverage: 'covered',
        evidence: expect.any(String),
        note: null,
      },
      {
        point: 'Built from an image',
        covered: true,
        coverage: 'covered',
        evidence: expect.any(String),
        note: null,
      },
    ]);
    expect(first.speech).toMatchObject({
      wordCount: 17,
      durationSeconds: 8,
      wordsPerMinute: 128,
      fillerCount: 2,
      longestPauseSeconds: 2,
    });
    expect(second).toMatchObject({
      scored: false,
      score: null,
      notScoredReason: NOT_ENOUGH_SPEECH,
    });
    expect(third).toMatchObject({ scored: false, notScoredReason: 'not answered', answer: '' });
    expect(report.endedEarly).toBe(true);
    expect(report.speech.fillerWords).toEqual([
      { word: 'uh', count: 1 },
      { word: 'um', count: 1 },
    ]);
    expect(report.overview.totalQuestions).toBe(3);
    expect(report.improvements).toContainEqual(expect.stringMatching(/^Answered 2 of 3 questions/));
    expect(report.overallScore).toBeLessThan(first.score);
    live.close();
  });
  it('shows expected answers and key points only for the questions that were asked', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [
        { questionText: 'What is a container?', expectedAnswer: 'An isolated process.' },
        {
          questionText: 'What is a volume?',
          expectedAnswer: 'Storage that outlives the container.',
          keyPoints: ['Outlives the container', 'Mounted into it'],
        },
        { questionText: 'What is a registry?', expectedAnswer: 'A store of images.' },
      ],
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    // Started, then ended at once: only the first question was asked.
    live.send({ type: 'end', early: true });
    await live.next('ended');
    const report = await waitForReport(ctx.app, cookie, id);
    const [first, second, third] = report.questionReports;
    expect(first.expectedAnswer).toBe('An isolated process.');
    for (const unasked of [second, third]) {
      expect(unasked.expectedAnswer).toBeNull();
      expect(unasked.keyPoints).toEqual([]);
    }
    const text = JSON.stringify(report);
    expect(text).not.toContain('Storage that outlives');
    expect(text).not.toContain('Mounted into it');
    expect(text).not.toContain('A store of images');
    live.close();
  });
});
