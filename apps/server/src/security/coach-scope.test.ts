import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interviewMessages, interviews } from '../db/schema';
import { insertAssignment, insertCohort, signInCoach } from '../test/cohorts';
import { insertSet } from '../test/interviews';
import { insertAttempt } from '../test/fixtures';
import { databaseKinds, useTestApp } from '../test/harness';
import { ORIGIN, requestAs, signInAdmin, signUpCandidate, type SignedIn } from '../test/users';
import { fillCatalogueIds } from './route-ids';

/**
 * Decision 046: a coach of cohort A sees nothing of cohort B, on any route. Every route the admin
 * portal registers is asked, as the other cohort's coach, about B's candidate, attempt and cohort;
 * each answer is a refusal, or a success in which nothing of B appears. The lists and the export
 * are then read as B's own coach: B's people only.
 */
describe.each(databaseKinds())('a coach sees their cohorts only (%s)', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000', COACH_REVIEW_RECORDINGS: 'true' });
  let admin: SignedIn;
  let coachOfB: SignedIn;
  let coachOfA: SignedIn;
  let zoe: SignedIn;
  let ada: SignedIn;
  let both: SignedIn;
  let loner: SignedIn;
  let cohortA: string;
  let cohortB: string;
  let attemptOfZoe: string;
  /** Cohort B's assignment, with Zoë's attempt counted to it (issue 31, slice 2). */
  let assignmentB: string;
  const answer = 'scope-answer';

  beforeAll(async () => {
    const db = ctx.database.db;
    admin = await signInAdmin(ctx.app);
    coachOfB = await signInCoach(ctx.app, db, { firstName: 'Bea', lastName: 'Coach' });
    coachOfA = await signInCoach(ctx.app, db, { firstName: 'Abe', lastName: 'Coach' });
    zoe = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    ada = await signUpCandidate(ctx.app, { firstName: 'Ada', lastName: 'Lovelace' });
    both = await signUpCandidate(ctx.app, { firstName: 'Søren', lastName: 'Kierkegaard' });
    loner = await signUpCandidate(ctx.app, { firstName: 'Nobody', lastName: 'Elsewhere' });
    cohortB = await insertCohort(db, {
      name: 'Bootcamp Bravo',
      coachIds: [coachOfB.userId],
      memberIds: [zoe.userId, both.userId],
    });
    cohortA = await insertCohort(db, {
      name: 'Bootcamp Alpha',
      coachIds: [coachOfA.userId],
      memberIds: [ada.userId, both.userId],
    });
    attemptOfZoe = await insertAttempt(db, zoe.userId, 'completed', {
      score: 77,
      title: 'Zoë’s attempt',
    });
    await insertAttempt(db, ada.userId, 'completed', { score: 55, title: 'Ada’s attempt' });
    await insertAttempt(db, loner.userId, 'completed', { score: 12, title: 'Lone attempt' });
    const setOfB = await insertSet(db, { type: 'fixed', title: 'Closures', questions: [] });
    assignmentB = await insertAssignment(db, cohortB, setOfB);
    // Zoë was told coaches may listen, and recorded an answer; the attempt was her assignment's.
    await db
      .update(interviews)
      .set({ coachesMayListen: true, assignmentId: assignmentB, interviewSetId: setOfB })
      .where(eq(interviews.id, attemptOfZoe));
    await db.insert(interviewMessages).values({
      id: answer,
      interviewId: attemptOfZoe,
      seq: 1,
      speaker: 'User',
      message: 'I would put a queue in front of it.',
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/interview/${attemptOfZoe}/answers/${answer}/recording?durationMs=1000`,
      headers: { origin: ORIGIN, cookie: zoe.cookie, 'content-type': 'audio/ogg' },
      payload: Buffer.from('OggS recorded answer'),
    });
    if (put.statusCode !== 200) throw new Error(`recording upload failed: ${put.body}`);
    // B's coach wrote feedback on Zoë's report (issue 31, slice 3): its words are a trace too.
    const wrote = await requestAs(
      ctx.app,
      'PUT',
      `/api/admin/candidates/${zoe.userId}/attempts/${attemptOfZoe}/feedback`,
      coachOfB,
      { overall: 'Feedback only Bravo may read' },
    );
    if (wrote.statusCode !== 200) throw new Error(`feedback failed: ${wrote.body}`);
  });

  const get = (url: string, who: SignedIn) => requestAs(ctx.app, 'GET', url, who);

  it("answers every admin-portal read about cohort B's people, as cohort A's coach, without a trace of them", async () => {
    const traces = [
      zoe.userId,
      zoe.email,
      'Zoë',
      attemptOfZoe,
      cohortB,
      'Bootcamp Bravo',
      assignmentB,
      'Feedback only Bravo may read',
    ];
    const reads = ctx.app.routeTable.filter(
      (r) => r.method === 'GET' && /^\/api\/(admin|admin-auth)\//.test(r.url),
    );
    expect(reads.length).toBeGreaterThan(15);
    const ids = { attempt: attemptOfZoe, set: crypto.randomUUID(), category: crypto.randomUUID() };
    const leaks: string[] = [];
    let answered = 0;
    for (const route of reads) {
      const path =
        fillCatalogueIds(route.url, {
          ...ids,
          question: crypto.randomUUID(),
          candidate: zoe.userId,
          cohort: cohortB,
          assignment: assignmentB,
        }) ?? route.url;
      // Every list also asked for cohort B by name (the candidates list, the export).
      for (const url of [path, `${path}?cohortId=${cohortB}`]) {
        const res = await get(url, coachOfA);
        expect(res.statusCode, url).toBeLessThan(500);
        if (res.statusCode === 403 || res.statusCode === 404) continue;
        answered += 1;
        for (const trace of traces) {
          if (res.body.includes(trace)) leaks.push(`${url} (${res.statusCode}) shows ${trace}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // The lists and the coach's own account did answer (the check above is not all refusals).
    expect(answered).toBeGreaterThanOrEqual(5);
  });

  it("shows B's coach the grid of B's assignment with Zoë's attempt; A's coach lists no assignment", async () => {
    const grid = await get(`/api/admin/assignments/${assignmentB}/grid`, coachOfB);
    expect(grid.statusCode).toBe(200);
    const zoeRow = grid
      .json()
      .rows.find((r: { candidate: { id: string } }) => r.candidate.id === zoe.userId);
    expect(zoeRow.cells[0]).toMatchObject({ status: 'done', bestScore: 77, attempts: 1 });
    expect(zoeRow.cells[0].reportInterviewId).toBe(attemptOfZoe);
    const theirs = (await get('/api/admin/assignments', coachOfA)).json();
    expect(theirs.assignments).toEqual([]);
    // Søren is in both cohorts: cohort A's coach still finds nothing of B's assignment.
    expect((await get(`/api/admin/assignments/${assignmentB}/grid`, coachOfA)).statusCode).toBe(
      404,
    );
  });

  it("lets no other coach write feedback on B's reports, nor read it; B's coach and Zoë read it", async () => {
    const url = `/api/admin/candidates/${zoe.userId}/attempts/${attemptOfZoe}/feedback`;
    const write = await requestAs(ctx.app, 'PUT', url, coachOfA, { overall: 'Overwritten by A' });
    expect(write.statusCode).toBe(404);
    expect(write.json().code).toBe('NOT_FOUND');
    // Not even by naming a candidate of A's own with B's attempt.
    const crossed = await requestAs(
      ctx.app,
      'PUT',
      `/api/admin/candidates/${ada.userId}/attempts/${attemptOfZoe}/feedback`,
      coachOfA,
      { overall: 'Overwritten by A' },
    );
    expect(crossed.statusCode).toBe(404);
    const theirs = await get(url, coachOfB);
    expect(theirs.json().feedback.overall).toBe('Feedback only Bravo may read');
    const own = await get(`/api/report/interview/${attemptOfZoe}/coach-feedback`, zoe);
    expect(own.json().feedback.overall).toBe('Feedback only Bravo may read');
    const other = await get(`/api/report/interview/${attemptOfZoe}/coach-feedback`, ada);
    expect(other.body).not.toContain('Bravo');
  });

  it("plays a recording of B's candidate to B's coach only", async () => {
    const url = `/api/interview/${attemptOfZoe}/answers/${answer}/recording`;
    const theirs = await get(url, coachOfB);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).toBe('OggS recorded answer');
    const other = await get(url, coachOfA);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('OggS');
  });

  it("lists B's coach their cohort's candidates (one candidate in two cohorts is in both coaches' lists)", async () => {
    const mine = (await get('/api/admin/candidates?limit=50', coachOfB)).json();
    expect(mine.data.map((c: { email: string }) => c.email).sort()).toEqual(
      [zoe.email, both.email].sort(),
    );
    expect(mine.summary).toEqual({
      totalCandidates: 2,
      activeCandidates: 2,
      totalInterviews: 1,
      completedInterviews: 1,
    });
    const theirs = (await get('/api/admin/candidates?limit=50', coachOfA)).json();
    expect(theirs.data.map((c: { email: string }) => c.email).sort()).toEqual(
      [ada.email, both.email].sort(),
    );
    // Cohort A asked for by B's coach: not theirs, so nobody.
    const asked = (
      await get(`/api/admin/candidates?limit=50&cohortId=${cohortA}`, coachOfB)
    ).json();
    expect(asked.data).toEqual([]);
    expect(asked.summary.totalCandidates).toBe(0);
    // The administrator sees everyone, or one cohort when asked.
    const all = (await get('/api/admin/candidates?limit=50', admin)).json();
    expect(all.data.map((c: { email: string }) => c.email)).toEqual(
      expect.arrayContaining([zoe.email, ada.email, both.email, loner.email]),
    );
    const one = (await get(`/api/admin/candidates?limit=50&cohortId=${cohortA}`, admin)).json();
    expect(one.data.map((c: { email: string }) => c.email).sort()).toEqual(
      [ada.email, both.email].sort(),
    );
    const cohorts = (await get('/api/admin/cohorts', coachOfB)).json();
    expect(cohorts.cohorts.map((c: { name: string }) => c.name)).toEqual(['Bootcamp Bravo']);
    expect(cohorts.cohorts[0]).toMatchObject({
      memberCount: 2,
      coaches: [{ id: coachOfB.userId }],
    });
  });

  it("exports B's coach their cohort's results only, and records the coach's views as theirs", async () => {
    const csv = await get('/api/admin/results.csv', coachOfB);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(zoe.email);
    expect(csv.body).not.toContain(ada.email);
    expect(csv.body).not.toContain(loner.email);
    expect((await get(`/api/admin/candidates/${zoe.userId}`, coachOfB)).statusCode).toBe(200);
    const log = (await get('/api/admin/audit-log?limit=10', admin)).json();
    expect(log.entries[0]).toMatchObject({
      action: 'candidate_viewed',
      kind: 'view',
      actor: { id: coachOfB.userId, email: coachOfB.email, name: 'Bea Coach' },
      candidate: { id: zoe.userId },
    });
    expect(log.entries[1]).toMatchObject({
      action: 'results_exported',
      actor: { id: coachOfB.userId },
    });
    // The audit log is the administrators' alone.
    expect((await get('/api/admin/audit-log', coachOfB)).statusCode).toBe(403);
  });

  it('ends a coach’s portal session the moment they are made a candidate again', async () => {
    const extra = await signInCoach(ctx.app, ctx.database.db, {
      firstName: 'Tem',
      lastName: 'Porary',
    });
    await insertCohort(ctx.database.db, { coachIds: [extra.userId], memberIds: [zoe.userId] });
    expect((await get(`/api/admin/candidates/${zoe.userId}`, extra)).statusCode).toBe(200);
    const res = await requestAs(ctx.app, 'DELETE', `/api/admin/coaches/${extra.userId}`, admin);
    expect(res.statusCode).toBe(204);
    expect((await get(`/api/admin/candidates/${zoe.userId}`, extra)).statusCode).toBe(401);
    expect((await get('/api/admin/cohorts', extra)).statusCode).toBe(401);
  });
});
