import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coachFeedback, reports } from '../../db/schema';
import { insertCohort, signInCoach } from '../../test/cohorts';
import { insertAttempt } from '../../test/fixtures';
import { databaseKinds, useTestApp } from '../../test/harness';
import { requestAs, signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';

/**
 * Coach feedback (issue 31, slice 3): written by an administrator or the candidate's coach,
 * audited with before and after, read by the candidate on their own report and by nobody else,
 * announced on the dashboard and by e-mail, exported and deleted with the account.
 */
describe.each(databaseKinds())('coach feedback on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let admin: SignedIn;
  let coach: SignedIn;
  let otherCoach: SignedIn;
  let zoe: SignedIn;
  let ada: SignedIn;
  let attempt: string;
  let defaultRubric: { id: string; criteria: unknown[] };
  const url = () => `/api/admin/candidates/${zoe.userId}/attempts/${attempt}/feedback`;

  beforeAll(async () => {
    const db = ctx.database.db;
    admin = await signInAdmin(ctx.app);
    coach = await signInCoach(ctx.app, db, { firstName: 'Bea', lastName: 'Coach' });
    otherCoach = await signInCoach(ctx.app, db, { firstName: 'Abe', lastName: 'Elsewhere' });
    zoe = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: 'Ørsted' });
    ada = await signUpCandidate(ctx.app, { firstName: 'Ada', lastName: 'Lovelace' });
    await insertCohort(db, { coachIds: [coach.userId], memberIds: [zoe.userId] });
    await insertCohort(db, { coachIds: [otherCoach.userId], memberIds: [ada.userId] });
    attempt = await insertAttempt(db, zoe.userId, 'completed', { score: 70, title: 'Frontend' });
    // Three questions in the report: what feedback may point at.
    await db
      .update(reports)
      .set({
        content: { questionReports: [{ question: 'Q1' }, { question: 'Q2' }, { question: 'Q3' }] },
      })
      .where(eq(reports.interviewId, attempt));
    const list = (await requestAs(ctx.app, 'GET', '/api/admin/rubrics', coach)).json();
    defaultRubric = list.rubrics.find((r: { isDefault: boolean }) => r.isDefault);
  });

  it('seeds a default rubric of four criteria on the 0–10 scale', () => {
    expect(defaultRubric).toMatchObject({ isDefault: true });
    expect(defaultRubric.criteria).toHaveLength(4);
  });

  it('lets the coach write, edit and re-read it; audits each change with before and after', async () => {
    ctx.mailer.sent.length = 0;
    expect((await requestAs(ctx.app, 'GET', url(), coach)).json()).toEqual({ feedback: null });
    const first = await requestAs(ctx.app, 'PUT', url(), coach, {
      overall: '  Good structure; slow down.  ',
      rubricId: defaultRubric.id,
      questions: [
        { index: 1, comment: 'Name the trade-off.', scores: [7, null, 5] },
        { index: 0, comment: '', scores: [] },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().feedback).toMatchObject({
      overall: 'Good structure; slow down.',
      rubric: { id: defaultRubric.id, name: 'Interview answer' },
      // The empty one is dropped; scores padded to one per criterion.
      questions: [{ index: 1, comment: 'Name the trade-off.', scores: [7, null, 5, null] }],
      coach: { name: 'Bea Coach' },
    });
    // The candidate is told by e-mail, once.
    expect(ctx.mailer.sent).toHaveLength(1);
    expect(ctx.mailer.sent[0]).toMatchObject({ to: zoe.email });
    expect(ctx.mailer.sent[0]!.text).toContain(`/reports/${attempt}`);

    const edit = await requestAs(ctx.app, 'PUT', url(), coach, {
      overall: 'Good structure; slow down.',
      rubricId: defaultRubric.id,
      questions: [{ index: 1, comment: 'Name one trade-off.', scores: [8, null, 5] }],
    });
    expect(edit.statusCode).toBe(200);
    // Not opened yet: no second e-mail.
    expect(ctx.mailer.sent).toHaveLength(1);
    const same = await requestAs(ctx.app, 'PUT', url(), coach, {
      overall: 'Good structure; slow down.',
      rubricId: defaultRubric.id,
      questions: [{ index: 1, comment: 'Name one trade-off.', scores: [8, null, 5] }],
    });
    expect(same.statusCode).toBe(200);

    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'coach_feedback_saved'));
    // Saving the same values records nothing.
    expect(entries).toHaveLength(2);
    const [created, edited] = entries.sort((a, b) => +a.createdAt - +b.createdAt);
    expect(created).toMatchObject({
      actorId: coach.userId,
      candidateId: zoe.userId,
      subjectType: 'attempt',
      subjectId: attempt,
      before: null,
      after: {
        overall: 'Good structure; slow down.',
        rubric: 'Interview answer',
        'question 2': 'Name the trade-off.',
        'question 2 scores': '7, –, 5, –',
      },
    });
    expect(edited).toMatchObject({
      before: { 'question 2': 'Name the trade-off.', 'question 2 scores': '7, –, 5, –' },
      after: { 'question 2': 'Name one trade-off.', 'question 2 scores': '8, –, 5, –' },
    });
  });

  it('shows it to its candidate only, with a notice until she opens it', async () => {
    const own = await requestAs(
      ctx.app,
      'GET',
      `/api/report/interview/${attempt}/coach-feedback`,
      zoe,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().feedback.questions[0].comment).toBe('Name one trade-off.');
    const notices = (await requestAs(ctx.app, 'GET', '/api/user/coach-feedback', zoe)).json();
    expect(notices.notices).toEqual([
      expect.objectContaining({ interviewId: attempt, title: 'Frontend', coachName: 'Bea Coach' }),
    ]);
    // Another candidate: not found, and no notice of hers.
    const foreign = await requestAs(
      ctx.app,
      'GET',
      `/api/report/interview/${attempt}/coach-feedback`,
      ada,
    );
    expect([403, 404]).toContain(foreign.statusCode);
    expect(foreign.body).not.toContain('trade-off');
    expect((await requestAs(ctx.app, 'GET', '/api/user/coach-feedback', ada)).json()).toEqual({
      notices: [],
    });
    expect(
      (
        await requestAs(
          ctx.app,
          'POST',
          `/api/report/interview/${attempt}/coach-feedback/seen`,
          ada,
        )
      ).statusCode,
    ).not.toBe(204);
    // The coach of another cohort: 404, as for an id that does not exist, reading or writing.
    for (const method of ['GET', 'PUT'] as const) {
      const res = await requestAs(
        ctx.app,
        method,
        url(),
        otherCoach,
        method === 'PUT' ? { overall: 'x' } : undefined,
      );
      expect(res.statusCode, method).toBe(404);
      expect(res.body).not.toContain('trade-off');
    }
    // Opened: the notice goes; the next change brings it (and one e-mail) back.
    const seen = await requestAs(
      ctx.app,
      'POST',
      `/api/report/interview/${attempt}/coach-feedback/seen`,
      zoe,
    );
    expect(seen.statusCode).toBe(204);
    expect(
      (await requestAs(ctx.app, 'GET', '/api/user/coach-feedback', zoe)).json().notices,
    ).toEqual([]);
    ctx.mailer.sent.length = 0;
    const again = await requestAs(ctx.app, 'PUT', url(), admin, {
      overall: 'Much better.',
      rubricId: null,
      questions: [],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().feedback).toMatchObject({
      rubric: null,
      questions: [],
      coach: { name: expect.any(String) },
    });
    expect(ctx.mailer.sent).toHaveLength(1);
    expect(
      (await requestAs(ctx.app, 'GET', '/api/user/coach-feedback', zoe)).json().notices,
    ).toHaveLength(1);
  });

  it('refuses hostile input with a 400 naming the field, saving nothing', async () => {
    const before = await ctx.database.db.select().from(coachFeedback);
    const cases: [unknown, string][] = [
      [{ overall: 'x'.repeat(8001) }, 'overall'],
      [{ overall: 7 }, 'overall'],
      [{ questions: [{ index: 3, comment: 'out of the report' }] }, 'questions.0.index'],
      [{ questions: [{ index: -1, comment: 'x' }] }, 'index'],
      [
        {
          questions: [
            { index: 0, comment: 'a' },
            { index: 0, comment: 'b' },
          ],
        },
        'questions.1.index',
      ],
      [{ questions: [{ index: 0, comment: 'y'.repeat(4001) }] }, 'comment'],
      [{ questions: [{ index: 0, scores: [11] }], rubricId: defaultRubric.id }, 'score'],
      [{ questions: [{ index: 0, scores: [2.5] }], rubricId: defaultRubric.id }, 'score'],
      [{ questions: [{ index: 0, scores: [5] }] }, 'rubricId'],
      [
        { questions: [{ index: 0, scores: [1, 2, 3, 4, 5] }], rubricId: defaultRubric.id },
        'questions.0.scores',
      ],
      [{ overall: 'x', rubricId: crypto.randomUUID() }, 'rubricId'],
      [{ overall: 'x', rubricId: 'nope' }, 'rubricId'],
      [{ questions: 'all of them' }, 'questions'],
    ];
    for (const [body, field] of cases) {
      const res = await requestAs(ctx.app, 'PUT', url(), coach, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message, JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    expect(await ctx.database.db.select().from(coachFeedback)).toEqual(before);
    // A report that is not there: 404; nothing written on a candidate without feedback: 400.
    const bare = await insertAttempt(ctx.database.db, zoe.userId, 'in_progress');
    const none = await requestAs(
      ctx.app,
      'PUT',
      `/api/admin/candidates/${zoe.userId}/attempts/${bare}/feedback`,
      coach,
      { overall: 'x' },
    );
    expect(none.statusCode).toBe(404);
    const blank = await insertAttempt(ctx.database.db, zoe.userId, 'completed', { score: 50 });
    const empty = await requestAs(
      ctx.app,
      'PUT',
      `/api/admin/candidates/${zoe.userId}/attempts/${blank}/feedback`,
      coach,
      { overall: '   ' },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('overall');
  });

  it('edits the rubric library (coaches too), audited; the default stays; feedback keeps its copy', async () => {
    const made = await requestAs(ctx.app, 'POST', '/api/admin/rubrics', coach, {
      name: 'Behavioural',
      criteria: [{ name: 'Ownership', description: 'Says "I", not "we"' }, { name: 'Result' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const rubric = made.json();
    expect(rubric).toMatchObject({
      isDefault: false,
      criteria: [{ name: 'Ownership' }, { name: 'Result', description: '' }],
    });
    const scored = await requestAs(ctx.app, 'PUT', url(), coach, {
      overall: 'Scored on behaviour.',
      rubricId: rubric.id,
      questions: [{ index: 2, comment: '', scores: [6, 9] }],
    });
    expect(scored.statusCode).toBe(200);
    const renamed = await requestAs(ctx.app, 'PUT', `/api/admin/rubrics/${rubric.id}`, coach, {
      name: 'Behavioural (STAR)',
      criteria: [{ name: 'Ownership', description: 'Says "I", not "we"' }, { name: 'Result' }],
    });
    expect(renamed.statusCode).toBe(200);
    expect(
      (await requestAs(ctx.app, 'DELETE', `/api/admin/rubrics/${rubric.id}`, admin)).statusCode,
    ).toBe(204);
    // What the candidate was told does not move with the library.
    const own = (
      await requestAs(ctx.app, 'GET', `/api/report/interview/${attempt}/coach-feedback`, zoe)
    ).json();
    expect(own.feedback.rubric).toMatchObject({
      name: 'Behavioural',
      criteria: [{ name: 'Ownership' }, { name: 'Result' }],
    });
    expect(own.feedback.questions).toEqual([{ index: 2, comment: '', scores: [6, 9] }]);

    const del = await requestAs(ctx.app, 'DELETE', `/api/admin/rubrics/${defaultRubric.id}`, coach);
    expect(del.statusCode).toBe(409);
    for (const [body, field] of [
      [{ name: '', criteria: [{ name: 'a' }] }, 'name'],
      [{ name: 'x', criteria: [] }, 'criteria'],
      [{ name: 'x', criteria: Array.from({ length: 13 }, () => ({ name: 'c' })) }, 'criteria'],
      [{ name: 'x', criteria: [{ name: 'c', description: 'd'.repeat(501) }] }, 'description'],
    ] as const) {
      const res = await requestAs(ctx.app, 'POST', '/api/admin/rubrics', coach, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const log = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, rubric.id));
    expect(log.map((e) => e.action).sort()).toEqual([
      'rubric_created',
      'rubric_deleted',
      'rubric_updated',
    ]);
    const update = log.find((e) => e.action === 'rubric_updated')!;
    expect(update).toMatchObject({
      before: { name: 'Behavioural' },
      after: { name: 'Behavioural (STAR)' },
    });
    expect((await requestAs(ctx.app, 'GET', '/api/admin/rubrics', zoe)).statusCode).toBe(403);
  });

  it('is in her data export, and goes with her account (the audit keeps who and when, not the words)', async () => {
    const exp = (await requestAs(ctx.app, 'GET', '/api/user/export', zoe)).json();
    expect(exp.coachFeedback).toEqual([
      expect.objectContaining({ interviewId: attempt, overall: 'Scored on behaviour.' }),
    ]);
    const del = await requestAs(ctx.app, 'DELETE', `/api/admin/candidates/${zoe.userId}`, admin);
    expect(del.statusCode).toBe(200);
    expect(
      await ctx.database.db
        .select()
        .from(coachFeedback)
        .where(eq(coachFeedback.interviewId, attempt)),
    ).toEqual([]);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'coach_feedback_saved'));
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(e).toMatchObject({ candidateId: null, before: null, after: null });
      expect(JSON.stringify(e)).not.toContain('trade-off');
    }
  });
});
