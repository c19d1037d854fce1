import type { AssignmentGrid, MyAssignmentsResponse } from '@candor/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, interviews, user } from '../../db/schema';
import { testClock } from '../../test/clock';
import { insertCohort, signInCoach } from '../../test/cohorts';
import { databaseKinds, useTestApp } from '../../test/harness';
import { insertSet, saveAttempt, waitForReport } from '../../test/interviews';
import { requestAs, signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';

/*
 * Issue 31, slice 2: a coach assigns sets to their cohort; candidates see "Assigned to you" and
 * start them within the attempts allowed (before the opening: refused; after the due time: late);
 * the grid says where each candidate stands, with the report's own score. The clock is moved by
 * the test, never slept on.
 */

const HOUR = 3_600_000;
const ANSWER =
  'A closure is a function that keeps access to the variables of the scope it was created in, even after that scope has returned, for example a counter factory.';

describe.each(databaseKinds())('assignments on %s', (kind) => {
  const clock = testClock();
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' }, { now: clock.now });
  let admin: SignedIn;
  let coach: SignedIn;
  let otherCoach: SignedIn;
  let ada: SignedIn;
  let bo: SignedIn;
  let formula: SignedIn;
  let outsider: SignedIn;
  let cohortId: string;
  let otherCohortId: string;
  let setId: string;
  let setTwo: string;

  beforeAll(async () => {
    const db = ctx.database.db;
    admin = await signInAdmin(ctx.app);
    coach = await signInCoach(ctx.app, db);
    otherCoach = await signInCoach(ctx.app, db, { firstName: 'Other', lastName: 'Coach' });
    ada = await signUpCandidate(ctx.app, { firstName: 'Ada', lastName: 'Lovelace' });
    bo = await signUpCandidate(ctx.app, { firstName: 'Bo', lastName: 'Ström' });
    formula = await signUpCandidate(ctx.app, { firstName: 'Formula', lastName: 'Zed' });
    // Sign-up refuses such a name; an account from a social provider may still carry one.
    await db.update(user).set({ firstName: '=HYPERLINK("x")' }).where(eq(user.id, formula.userId));
    outsider = await signUpCandidate(ctx.app, { firstName: 'Out', lastName: 'Sider' });
    cohortId = await insertCohort(db, {
      name: 'Spring',
      coachIds: [coach.userId],
      memberIds: [ada.userId, bo.userId, formula.userId],
    });
    otherCohortId = await insertCohort(db, {
      name: 'Autumn',
      coachIds: [otherCoach.userId],
      memberIds: [outsider.userId],
    });
    const set = {
      type: 'fixed' as const,
      duration: 10,
      questions: [{ questionText: 'What is a closure in JavaScript?' }],
    };
    setId = await insertSet(db, { ...set, title: 'Closures' });
    setTwo = await insertSet(db, { ...set, title: 'Hoisting' });
  }, 60_000);

  const send = (who: SignedIn, method: string, url: string, payload?: unknown) =>
    requestAs(ctx.app, method, url, who, payload);
  const inHours = (h: number) => new Date(clock.now().getTime() + h * HOUR).toISOString();

  async function assign(fields: Record<string, unknown> = {}, who = coach) {
    const res = await send(who, 'POST', '/api/admin/assignments', {
      cohortId,
      setIds: [setId, setTwo],
      opensAt: inHours(1),
      dueAt: inHours(72),
      attemptsAllowed: 2,
      recordingsReviewable: true,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; dueAt: string };
  }

  /** Start, answer and end one attempt; answers its id once its report is final. */
  async function complete(who: SignedIn, assignmentId: string, set = setId) {
    const started = await send(who, 'POST', `/api/assignments/${assignmentId}/sets/${set}/start`);
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json() as { id: string };
    const answered = await saveAttempt(ctx.app, who.cookie, id, {
      status: 'in_progress',
      conversation: [{ id: crypto.randomUUID(), speaker: 'User', message: ANSWER }],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const ended = await saveAttempt(ctx.app, who.cookie, id, { status: 'completed', early: true });
    expect(ended.statusCode, ended.body).toBe(200);
    const report = await waitForReport(ctx.app, who.cookie, id);
    return { id, report };
  }

  it('a coach assigns sets to their cohort, audited; bad input is refused naming the field', async () => {
    const made = await assign();
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, made.id), eq(auditLog.action, 'assignment_created')));
    expect(entry?.actorId).toBe(coach.userId);
    expect(entry?.after).toMatchObject({ sets: ['Closures', 'Hoisting'], attemptsAllowed: 2 });

    const bad = async (fields: Record<string, unknown>, field: string) => {
      const res = await send(coach, 'POST', '/api/admin/assignments', {
        cohortId,
        setIds: [setId],
        opensAt: inHours(1),
        dueAt: inHours(48),
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(field);
    };
    await bad({ dueAt: inHours(0) }, 'dueAt');
    await bad({ attemptsAllowed: 0 }, 'attemptsAllowed');
    await bad({ setIds: [] }, 'setIds');
    await bad({ setIds: [crypto.randomUUID()] }, 'setIds');
    await bad({ opensAt: 'tomorrow' }, 'opensAt');
    // Another coach's cohort is not found, as an unknown one.
    const theirs = await send(coach, 'POST', '/api/admin/assignments', {
      cohortId: otherCohortId,
      setIds: [setId],
      opensAt: inHours(1),
      dueAt: inHours(48),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('another coach finds nothing of it, on every route; an administrator reaches it', async () => {
    const made = await assign();
    for (const [method, url, body] of [
      ['GET', `/api/admin/assignments/${made.id}`],
      ['GET', `/api/admin/assignments/${made.id}/grid`],
      ['GET', `/api/admin/assignments/${made.id}/grid.csv`],
      ['PUT', `/api/admin/assignments/${made.id}`, { attemptsAllowed: 5 }],
      ['DELETE', `/api/admin/assignments/${made.id}`],
    ] as const) {
      const res = await send(otherCoach, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Spring');
    }
    const list = await send(otherCoach, 'GET', '/api/admin/assignments');
    expect(list.body).not.toContain(made.id);
    const asAdmin = await send(admin, 'PUT', `/api/admin/assignments/${made.id}`, {
      attemptsAllowed: 3,
    });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, made.id), eq(auditLog.action, 'assignment_updated')));
    expect(entry?.before).toEqual({ attemptsAllowed: 2 });
    expect(entry?.after).toEqual({ attemptsAllowed: 3 });
    // Saving the same values records nothing.
    await send(admin, 'PUT', `/api/admin/assignments/${made.id}`, { attemptsAllowed: 3 });
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, made.id), eq(auditLog.action, 'assignment_updated')));
    expect(entries).toHaveLength(1);
    // The coach moves the due time (the edit dialog sends only what changed): before and after.
    const later = inHours(96);
    const moved = await send(coach, 'PUT', `/api/admin/assignments/${made.id}`, { dueAt: later });
    expect(moved.statusCode, moved.body).toBe(200);
    const [dueEntry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectId, made.id),
          eq(auditLog.actorId, coach.userId),
          eq(auditLog.action, 'assignment_updated'),
        ),
      );
    expect(dueEntry).toMatchObject({
      before: { dueAt: made.dueAt },
      after: { dueAt: later },
    });
    // A candidate outside the cohort cannot start it; a candidate cannot reach staff routes.
    const start = await send(outsider, 'POST', `/api/assignments/${made.id}/sets/${setId}/start`);
    expect(start.statusCode).toBe(404);
    expect((await send(ada, 'GET', `/api/admin/assignments/${made.id}`)).statusCode).toBe(403);
  });

  it('not before it opens; at most the attempts allowed; the grid shows the report score', async () => {
    const made = await assign();
    const mine = (await send(ada, 'GET', '/api/assignments')).json() as MyAssignmentsResponse;
    const shown = mine.assignments.find((a) => a.id === made.id)!;
    expect(shown).toMatchObject({ open: false, attemptsAllowed: 2, recordingsReviewable: true });
    expect(shown.sets.map((s) => s.status)).toEqual(['not_started', 'not_started']);
    expect((await send(outsider, 'GET', '/api/assignments')).body).not.toContain(made.id);

    const early = await send(ada, 'POST', `/api/assignments/${made.id}/sets/${setId}/start`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ASSIGNMENT_NOT_OPEN');

    clock.advance(2 * HOUR);
    // Start twice without answering: one attempt, given back.
    const a = await send(ada, 'POST', `/api/assignments/${made.id}/sets/${setId}/start`);
    const again = await send(ada, 'POST', `/api/assignments/${made.id}/sets/${setId}/start`);
    expect(again.json().id).toBe(a.json().id);
    const [row] = await ctx.database.db
      .select()
      .from(interviews)
      .where(eq(interviews.id, a.json().id));
    expect(row?.assignmentId).toBe(made.id);

    const first = await complete(ada, made.id);
    expect(first.id).toBe(a.json().id);
    const second = await complete(ada, made.id);
    const third = await send(ada, 'POST', `/api/assignments/${made.id}/sets/${setId}/start`);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('ASSIGNMENT_ATTEMPTS_USED');
    // The other set has its own attempts.
    const other = await send(ada, 'POST', `/api/assignments/${made.id}/sets/${setTwo}/start`);
    expect(other.statusCode).toBe(200);

    const grid = (
      await send(coach, 'GET', `/api/admin/assignments/${made.id}/grid`)
    ).json() as AssignmentGrid;
    expect(grid.rows.map((r) => r.candidate.id).sort()).toEqual(
      [ada.userId, bo.userId, formula.userId].sort(),
    );
    const adaRow = grid.rows.find((r) => r.candidate.id === ada.userId)!;
    const scores = [first.report, second.report].map((r) => Math.round(r.overallScore as number));
    expect(adaRow.cells[0]).toMatchObject({
      setId,
      status: 'done',
      attempts: 2,
      bestScore: Math.max(...scores),
    });
    expect([first.id, second.id]).toContain(adaRow.cells[0]!.reportInterviewId);
    // Started, not answered: not an attempt yet.
    expect(adaRow.cells[1]).toMatchObject({ status: 'not_started', attempts: 0 });
    const boRow = grid.rows.find((r) => r.candidate.id === bo.userId)!;
    expect(boRow.cells.map((c) => c.status)).toEqual(['not_started', 'not_started']);

    const after = (await send(ada, 'GET', '/api/assignments')).json() as MyAssignmentsResponse;
    const adaSets = after.assignments.find((x) => x.id === made.id)!.sets;
    expect(adaSets[0]).toMatchObject({ status: 'done', attemptsUsed: 2 });
    expect(adaSets[1]!.openInterviewId).toBe(other.json().id);
  }, 60_000);

  it('an attempt started after the due time counts as late; the CSV is formula-safe', async () => {
    const made = await assign({ opensAt: inHours(-1), dueAt: inHours(1), setIds: [setId] });
    clock.advance(2 * HOUR);
    await complete(bo, made.id);
    const grid = (
      await send(coach, 'GET', `/api/admin/assignments/${made.id}/grid`)
    ).json() as AssignmentGrid;
    expect(grid.rows.find((r) => r.candidate.id === bo.userId)!.cells[0]!.status).toBe('late');
    const mine = (await send(bo, 'GET', '/api/assignments')).json() as MyAssignmentsResponse;
    expect(mine.assignments.find((a) => a.id === made.id)).toMatchObject({ overdue: true });

    const csv = await send(coach, 'GET', `/api/admin/assignments/${made.id}/grid.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") Zed"`);
    expect(csv.body).toContain('Bo Ström');
    expect(csv.body).toMatch(/Bo Ström,[^,]+,Closures,Late,1,\d+/);
  }, 60_000);

  it('Starts at once make one attempt; once it is answered, the limit of one refuses more', async () => {
    const made = await assign({ opensAt: inHours(-1), attemptsAllowed: 1, setIds: [setId] });
    const url = `/api/assignments/${made.id}/sets/${setId}/start`;
    const started = await Promise.all([1, 2, 3].map(() => send(formula, 'POST', url)));
    expect(started.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(started.map((r) => r.json().id)).size).toBe(1);
    const answered = await saveAttempt(ctx.app, formula.cookie, started[0]!.json().id, {
      conversation: [{ id: crypto.randomUUID(), speaker: 'User', message: ANSWER }],
    });
    expect(answered.statusCode).toBe(200);
    const more = await Promise.all([1, 2].map(() => send(formula, 'POST', url)));
    expect(more.map((r) => r.json().code)).toEqual([
      'ASSIGNMENT_ATTEMPTS_USED',
      'ASSIGNMENT_ATTEMPTS_USED',
    ]);
    const rows = await ctx.database.db
      .select()
      .from(interviews)
      .where(eq(interviews.assignmentId, made.id));
    expect(rows).toHaveLength(1);
  });

  it('deleting an assignment keeps its attempts as history, audited', async () => {
    const made = await assign({ opensAt: inHours(-1) });
    const started = await send(ada, 'POST', `/api/assignments/${made.id}/sets/${setId}/start`);
    expect(started.statusCode).toBe(200);
    const del = await send(coach, 'DELETE', `/api/admin/assignments/${made.id}`);
    expect(del.statusCode).toBe(204);
    const [row] = await ctx.database.db
      .select()
      .from(interviews)
      .where(eq(interviews.id, started.json().id));
    expect(row?.assignmentId).toBeNull();
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, made.id), eq(auditLog.action, 'assignment_deleted')));
    expect(entries).toHaveLength(1);
    expect((await send(coach, 'GET', `/api/admin/assignments/${made.id}`)).statusCode).toBe(404);
  });
});
