import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREDITS_EXHAUSTED } from '@candor/shared';
import { interviews } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { insertAttempt } from '../../test/fixtures';
import { insertSet, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { ORIGIN, signUpCandidate, type SignedIn } from '../../test/users';

/**
 * Retry this question (issue 30): an attempt of its own, linked to the first attempt and question,
 * charged like any attempt, its owner's alone; its outcome beside the first try; progress keeps
 * the first, best and latest score of each question retried.
 */

const CLOSURE = {
  questionText: 'What is a closure in JavaScript?',
  expectedAnswer:
    'A closure is a function that keeps access to variables of its outer scope. Closures are used for data privacy and callbacks.',
  keyPoints: [
    'A function that keeps access to variables of its outer scope',
    'Used for data privacy and callbacks',
  ],
};
const EVENT_LOOP = {
  questionText: 'Explain the event loop.',
  expectedAnswer: 'It runs callbacks from the task queue when the call stack is empty.',
};
const WEAK = 'Um, it is, uh, a function thing, I guess.';
const STRONG =
  'A closure is a function that keeps access to the variables of its outer scope after that scope has returned. For example, I used closures for data privacy in a counter module, and closures are used in callbacks all the time.';
const EVENT_LOOP_ANSWER =
  'The event loop takes callbacks from the task queue and runs them whenever the call stack is empty, so Node stays responsive.';

describe.each(databaseKinds())('retry one question on %s', (kind) => {
  const ctx = useTestApp(kind, { CREDITS_DEFAULT_LIMIT: '3' }, { listen: true });
  let setId: string;

  beforeAll(async () => {
    setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      title: 'JavaScript basics',
      followUpDepth: 0,
      questions: [CLOSURE, EVENT_LOOP],
    });
  });

  /** An attempt taken on the live channel, one typed answer per question asked, and its report. */
  async function take(who: SignedIn, id: string, answers: string[], early = false) {
    const live = await LiveClient.connect(ctx.app, id, who.cookie);
    live.start();
    await live.next('reply.end');
    for (const a of answers) await live.answer(a);
    live.send({ type: 'end', early });
    await live.next('ended');
    live.close();
    return waitForReport(ctx.app, who.cookie, id);
  }

  const post = (who: SignedIn | null, id: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/interview/${id}/retries`,
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      payload: payload as object,
    });
  const get = (who: SignedIn, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  const row = async (id: string) =>
    (await ctx.database.db.select().from(interviews).where(eq(interviews.id, id)))[0]!;

  it('retries a weak question as its own attempt, charged once, and shows both scores', async () => {
    const me = await signUpCandidate(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { cookie: me.cookie, origin: ORIGIN },
      payload: { interviewSetId: setId },
    });
    const firstId = created.json().id as string;
    const first = await take(me, firstId, [WEAK, EVENT_LOOP_ANSWER]);
    expect(first.status).toBe('completed');
    const firstScore = first.questionReports[0].score as number;

    const made = await post(me, firstId, { question: 0 });
    expect(made.statusCode).toBe(200);
    const retryId = made.json().id as string;
    expect(retryId).not.toBe(firstId);
    // Start twice is one retry.
    expect((await post(me, firstId, { question: 0 })).json().id).toBe(retryId);
    const retry = await row(retryId);
    expect(retry).toMatchObject({
      retryOf: firstId,
      retryQuestion: 0,
      type: 'fixed',
      title: 'JavaScript basics (retry)',
      followUpDepth: 0,
      interviewerStyle: 'friendly',
      interviewSetId: null,
      creditChargedAt: null,
    });
    expect(retry.questions.map((q) => q.questionText)).toEqual([CLOSURE.questionText]);
    expect(retry.questions[0]!.keyPoints).toEqual(CLOSURE.keyPoints);

    // Not compared before its report: the first try stands alone, "now" has no score yet.
    const early = (await get(me, `/api/interview/${retryId}/retry-outcome`)).json();
    expect(early).toMatchObject({ status: 'pending', now: { score: null } });

    const again = await take(me, retryId, [STRONG]);
    expect(again.questionReports).toHaveLength(1);
    expect((await row(retryId)).creditChargedAt).not.toBeNull();

    const outcome = await get(me, `/api/interview/${retryId}/retry-outcome`);
    expect(outcome.statusCode).toBe(200);
    const o = outcome.json();
    expect(o).toMatchObject({
      status: 'completed',
      question: CLOSURE.questionText,
      kind: 'technical',
      first: { interviewId: firstId, score: firstScore, keyPointsTotal: 2, keyPointsCovered: 0 },
      now: { interviewId: retryId, score: again.questionReports[0].score, keyPointsTotal: 2 },
    });
    expect(o.now.score).toBeGreaterThan(o.first.score);
    expect(o.newlyCovered).toContain(CLOSURE.keyPoints[0]);
    expect(o.first.fillerCount).toBeGreaterThan(o.now.fillerCount);
    expect(o.now.wordCount).toBeGreaterThan(o.first.wordCount);

    // A retry of the retry keeps the first attempt and question: one chain.
    const third = await post(me, retryId, { question: 0 });
    expect(third.statusCode).toBe(200);
    expect(await row(third.json().id)).toMatchObject({ retryOf: firstId, retryQuestion: 0 });
    await take(me, third.json().id, [WEAK]);

    const progress = (await get(me, '/api/user/question-progress')).json();
    expect(progress).toEqual([
      expect.objectContaining({
        question: CLOSURE.questionText,
        interviewId: firstId,
        questionIndex: 0,
        tries: 3,
        first: firstScore,
        best: o.now.score,
        latest: expect.any(Number),
        latestInterviewId: third.json().id,
      }),
    ]);
    expect(progress[0].latest).toBeLessThan(progress[0].best);

    // Three attempts, three credits: the fourth is refused like any start.
    const refused = await post(me, firstId, { question: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(CREDITS_EXHAUSTED);
  });

  it("is the owner's alone, and refuses what cannot be retried naming why", async () => {
    const owner = await signUpCandidate(ctx.app);
    const other = await signUpCandidate(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { cookie: owner.cookie, origin: ORIGIN },
      payload: { interviewSetId: setId },
    });
    const id = created.json().id as string;
    await take(owner, id, [STRONG], true);

    expect((await post(null, id, { question: 0 })).statusCode).toBe(401);
    expect([403, 404]).toContain((await post(other, id, { question: 0 })).statusCode);
    const outcomeOfOther = await get(other, `/api/interview/${id}/retry-outcome`);
    expect([403, 404]).toContain(outcomeOfOther.statusCode);
    // Not a retry: nothing to compare.
    expect((await get(owner, `/api/interview/${id}/retry-outcome`)).statusCode).toBe(404);

    const beyond = await post(owner, id, { question: 7 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toMatch(/question/);
    for (const bad of [{}, { question: -1 }, { question: 'first' }, { question: 0.5 }]) {
      const res = await post(owner, id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/question/);
    }
    // The event loop was never answered: not scored, so not retried.
    const unscored = await post(owner, id, { question: 1 });
    expect(unscored.statusCode).toBe(409);
    expect(unscored.json().message).toBe('Only a scored question can be retried');

    // A report still pending: nothing to retry yet.
    const pending = await insertAttempt(ctx.database.db, owner.userId, 'completed', {
      reportStatus: 'pending',
    });
    const early = await post(owner, pending, { question: 0 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('A question can be retried once its report is complete');
    // The other candidate's progress shows none of the owner's questions.
    expect((await get(other, '/api/user/question-progress')).json()).toEqual([]);
  });
});
