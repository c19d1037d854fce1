import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREDITS_EXHAUSTED, type QuestionKind } from '@candor/shared';
import type { Db } from '../../db/client';
import { interviews, reports } from '../../db/schema';
import { databaseKinds, useTestApp } from '../../test/harness';
import { insertAttempt } from '../../test/fixtures';
import { insertSet, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { builtinReportOf, qaPair, reportInputOf } from '../../test/report-inputs';
import { ORIGIN, signUpCandidate, type SignedIn } from '../../test/users';

/**
 * Practise next as a drill (issue 30, decision 045) on the database: the weakest skills of the
 * candidate's recent scored attempts, the drill attempt made from them (charged like any), why
 * each question is in it, the owner's alone; and a drill's retry counted in progress per question.
 */

const DEADLINE = 'Tell me about a time you missed a deadline.';
const INDEX = 'What is an index in SQL?';
const JOINS = 'Explain SQL joins.';
const SPECIFICITY = 'How does CSS specificity work?';
const BOX = 'What is the CSS box model?';
const TRANSACTION = 'What is a transaction in SQL?';

const STAR_ANSWER =
  'Last spring at my previous company our checkout redesign was due in four weeks. I was responsible for the payment screens. I split the work into daily milestones, I cut two nice-to-have animations after agreeing it with the product manager, and I paired with a tester every afternoon. As a result we shipped two days early and checkout errors dropped by 30 percent.';

/** A completed attempt whose report gives each question the score stated. */
async function scoredAttempt(
  db: Db,
  userId: string,
  opts: {
    topics: string[];
    category: string;
    completedAt: Date;
    questions: { text: string; score: number; kind?: QuestionKind }[];
  },
): Promise<string> {
  const id = await insertAttempt(db, userId, 'completed', {
    topics: opts.topics,
    category: opts.category,
    completedAt: opts.completedAt,
    createdAt: opts.completedAt,
  });
  const content = builtinReportOf(
    reportInputOf(opts.questions.map((q) => qaPair(q.text, 'An answer of some words.', q.kind))),
  );
  content.questionReports = content.questionReports.map((r, i) => ({
    ...r,
    question: opts.questions[i]!.text,
    kind: opts.questions[i]!.kind ?? 'technical',
    score: opts.questions[i]!.score,
    scored: true,
    notScoredReason: null,
  }));
  await db.insert(reports).values({
    interviewId: id,
    userId,
    status: 'completed',
    overallScore: content.overallScore,
    content,
  });
  return id;
}

describe.each(databaseKinds())('practise next as a drill on %s', (kind) => {
  const ctx = useTestApp(kind, { CREDITS_DEFAULT_LIMIT: '1' }, { listen: true });

  beforeAll(async () => {
    // The catalogue's question on SQL: the drill's new question for that skill.
    await insertSet(ctx.database.db, {
      type: 'fixed',
      title: 'SQL basics',
      topics: ['SQL'],
      questions: [
        { questionText: INDEX, expectedAnswer: 'A sorted structure that finds rows fast.' },
        { questionText: TRANSACTION, expectedAnswer: 'All or nothing: commit or roll back.' },
      ],
    });
  });

  const call = (who: SignedIn | null, method: 'GET' | 'POST', url: string) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
    });
  const row = async (id: string) =>
    (await ctx.database.db.select().from(interviews).where(eq(interviews.id, id)))[0]!;

  async function history(me: SignedIn) {
    const db = ctx.database.db;
    const sql = await scoredAttempt(db, me.userId, {
      topics: ['SQL'],
      category: 'Backend',
      completedAt: new Date('2026-11-20T10:00:00Z'),
      questions: [
        { text: INDEX, score: 30 },
        { text: JOINS, score: 60 },
        { text: DEADLINE, score: 40, kind: 'behavioural' },
      ],
    });
    const css = await scoredAttempt(db, me.userId, {
      topics: ['CSS'],
      category: 'Frontend',
      completedAt: new Date('2026-11-22T10:00:00Z'),
      questions: [
        { text: SPECIFICITY, score: 50 },
        { text: BOX, score: 70 },
      ],
    });
    return { sql, css };
  }

  it('is empty, and cannot start, without a scored answer', async () => {
    const me = await signUpCandidate(ctx.app);
    const preview = await call(me, 'GET', '/api/user/drill');
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ minutes: 10, skills: [], questions: [], attemptsRead: 0 });
    const refused = await call(me, 'POST', '/api/user/drills');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Take an interview first/);
  });

  it('drills the three weakest skills, says why, is charged like any attempt and counts in progress', async () => {
    const me = await signUpCandidate(ctx.app);
    const { sql } = await history(me);

    const preview = (await call(me, 'GET', '/api/user/drill')).json();
    expect(preview.skills).toEqual([
      { skill: 'Behavioural', score: 40, answers: 1 },
      { skill: 'SQL', score: 45, answers: 2 },
      { skill: 'CSS', score: 60, answers: 2 },
    ]);
    expect(preview.attemptsRead).toBe(2);
    expect(
      preview.questions.map((q: { skill: string; source: string; question: string | null }) => [
        q.skill,
        q.source,
        q.question,
      ]),
    ).toEqual([
      ['Behavioural', 'retry', DEADLINE],
      ['SQL', 'retry', INDEX],
      ['CSS', 'retry', SPECIFICITY],
      // New questions are not shown before they are asked.
      ['Behavioural', 'new', null],
      ['SQL', 'new', null],
      ['CSS', 'new', null],
    ]);
    expect(preview.questions[1]).toMatchObject({ lastScore: 30, kind: 'technical' });

    const made = await call(me, 'POST', '/api/user/drills');
    expect(made.statusCode).toBe(200);
    const id = made.json().id as string;
    // Start twice is one drill.
    expect((await call(me, 'POST', '/api/user/drills')).json().id).toBe(id);
    const drill = await row(id);
    expect(drill).toMatchObject({
      type: 'fixed',
      duration: 10,
      categoryName: 'Practise next',
      title: 'Practise next: Behavioural, SQL, CSS',
      topics: ['Behavioural', 'SQL', 'CSS'],
      creditChargedAt: null,
      retryOf: null,
    });
    const asked = drill.questions.map((q) => q.questionText);
    expect(asked.slice(0, 3)).toEqual([DEADLINE, INDEX, SPECIFICITY]);
    // SQL's new question is the catalogue's one the candidate was not asked; the others the bank's.
    expect(asked[4]).toBe(TRANSACTION);
    expect(drill.questions[4]!.expectedAnswer).toBe('All or nothing: commit or roll back.');
    expect(drill.questions[0]!.kind).toBe('behavioural');
    expect(drill.drill!.questions[1]!.from).toEqual({ interviewId: sql, questionIndex: 0 });

    const why = await call(me, 'GET', `/api/interview/${id}/drill`);
    expect(why.statusCode).toBe(200);
    expect(why.json()).toEqual({ ...preview, questions: preview.questions });

    // Taken: the first answer charges the one credit.
    const live = await LiveClient.connect(ctx.app, id, me.cookie);
    live.start();
    await live.next('reply.end');
    await live.answer(STAR_ANSWER);
    live.send({ type: 'end', early: true });
    await live.next('ended');
    live.close();
    const report = await waitForReport(ctx.app, me.cookie, id);
    expect(report.status).toBe('completed');
    expect((await row(id)).creditChargedAt).not.toBeNull();
    const now = report.questionReports.find((q: { question: string }) => q.question === DEADLINE);
    expect(now.scored).toBe(true);

    // The drill's answer is one more try of the question: first, best and latest.
    const progress = (await call(me, 'GET', '/api/user/question-progress')).json();
    expect(progress).toEqual([
      expect.objectContaining({
        question: DEADLINE,
        interviewId: sql,
        questionIndex: 2,
        tries: 2,
        first: 40,
        best: Math.max(40, now.score),
        latest: now.score,
        latestInterviewId: id,
      }),
    ]);

    // Its one credit spent: another drill is refused like any start.
    const refused = await call(me, 'POST', '/api/user/drills');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(CREDITS_EXHAUSTED);
  });

  it("is the owner's alone", async () => {
    const owner = await signUpCandidate(ctx.app);
    const other = await signUpCandidate(ctx.app);
    const { sql } = await history(owner);
    const id = (await call(owner, 'POST', '/api/user/drills')).json().id as string;

    expect((await call(null, 'GET', `/api/interview/${id}/drill`)).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/user/drills')).statusCode).toBe(401);
    expect([403, 404]).toContain(
      (await call(other, 'GET', `/api/interview/${id}/drill`)).statusCode,
    );
    // Another candidate's drill is made from their own answers: they have none.
    expect((await call(other, 'GET', '/api/user/drill')).json().skills).toEqual([]);
    // Not a drill: nothing to explain.
    const plain = await call(owner, 'GET', `/api/interview/${sql}/drill`);
    expect(plain.statusCode).toBe(404);
    expect(plain.json().message).toBe('This attempt is not a drill');
    // No attempt has that id.
    expect((await call(owner, 'GET', '/api/interview/not-an-id/drill')).statusCode).toBe(404);
  });
});
