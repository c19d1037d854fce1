/**
 * The assignment grid (issue 31: "500 candidates × 5 sets answers in under 200 ms p95 on
 * PostgreSQL") through the real app (app.inject), as the cohort's coach: the grid, its CSV, and a
 * candidate's "Assigned to you". The cohort sits among others (BENCH_OTHERS candidates with
 * BENCH_OTHER_ATTEMPTS attempts of their own), and each of its candidates has 0–3 answered
 * attempts per set of the assignment, most with a completed report.
 * Run: npx tsx bench/assignment-grid.ts
 *   (BENCH_CANDIDATES 500, BENCH_SETS 5, BENCH_OTHERS 5000, BENCH_OTHER_ATTEMPTS 50000, BENCH_REQUESTS 50)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { signInCoach } from '../apps/server/src/test/cohorts';
import { insertSet } from '../apps/server/src/test/interviews';
import { TEST_PASSWORD, signIn } from '../apps/server/src/test/users';
import { cookiesFrom } from '../apps/server/src/test/harness';
import { databases, startApp, table } from './support';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 500);
const SETS = Number(process.env.BENCH_SETS ?? 5);
const OTHERS = Number(process.env.BENCH_OTHERS ?? 5_000);
const OTHER_ATTEMPTS = Number(process.env.BENCH_OTHER_ATTEMPTS ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const rows: Record<string, string | number>[] = [];
let assignedAttempts = 0;
for (const target of await databases()) {
  const db = target.database.db;
  const all = CANDIDATES + OTHERS;
  // The candidates; the first CANDIDATES are the cohort's (ids are UUIDs, as better-auth makes them).
  await db.execute(sql`
    insert into "user" (id, name, email, first_name, last_name, role, status, experience_level)
    select md5('grid-' || g)::uuid::text, 'Zoë ' || g, 'cand' || g || '@bench.test', 'Zoë', 'Number' || g,
           'candidate', 'active', 'mid'
    from generate_series(1, ${all}) g`);
  const setIds: string[] = [];
  for (let i = 0; i < SETS; i++) {
    setIds.push(await insertSet(db, { type: 'fixed', title: `Set ${i + 1}`, questions: [] }));
  }
  // Everyone else's practice, outside any assignment.
  await db.execute(sql`
    insert into interviews (user_id, room_id, title, category_name, difficulty, type, duration, status, completed_at, answered_at)
    select md5('grid-' || (${CANDIDATES} + 1 + g % ${Math.max(1, OTHERS)}))::uuid::text, 'room', 'Practice ' || g,
           'Frontend', 'mid', 'fixed', 30, 'completed', now(), now()
    from generate_series(1, ${OTHER_ATTEMPTS}) g`);
  const [cohort] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into cohorts (name, starts_on, ends_on) values ('Spring', '2031-01-01', '2031-12-31')
      returning id`),
  );
  await db.execute(sql`
    insert into cohort_members (cohort_id, user_id, joined_via)
    select ${cohort!.id}, md5('grid-' || g)::uuid::text, 'list' from generate_series(1, ${CANDIDATES}) g`);
  const [assignment] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into assignments (cohort_id, opens_at, due_at, attempts_allowed)
      values (${cohort!.id}, now() - interval '7 days', now() + interval '2 days', 3)
      returning id`),
  );
  for (const [position, setId] of setIds.entries()) {
    await db.execute(sql`
      insert into assignment_sets (assignment_id, interview_set_id, position)
      values (${assignment!.id}, ${setId}, ${position})`);
    // 0–3 attempts per candidate (by a hash of candidate and set), two in three completed.
    await db.execute(sql`
      insert into interviews (user_id, interview_set_id, assignment_id, room_id, title, category_name,
                              difficulty, type, duration, status, completed_at, answered_at, created_at)
      select md5('grid-' || g)::uuid::text, ${setId}, ${assignment!.id}, 'room', 'Set', 'Frontend', 'mid',
             'fixed', 30, case when (g + k) % 3 = 0 then 'in_progress' else 'completed' end,
             case when (g + k) % 3 = 0 then null else now() end, now(), now() - interval '1 day'
      from generate_series(1, ${CANDIDATES}) g
      cross join generate_series(1, 3) k
      where k <= abs(hashtext(g::text || ${setId})) % 4`);
  }
  await db.execute(sql`
    insert into reports (interview_id, user_id, status, overall_score, communication_score, problem_solving_score, confidence_score)
    select id, user_id, 'completed', 40 + abs(hashtext(id::text)) % 60, 70, 70, 70
    from interviews where status = 'completed'`);
  const [count] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from interviews where assignment_id = ${assignment!.id}`,
    ),
  );
  assignedAttempts = count!.n;
  await db.execute(sql`analyze`);

  const { app } = await startApp(target.database);
  const coach = await signInCoach(app, db);
  await db.execute(
    sql`insert into cohort_coaches (cohort_id, user_id) values (${cohort!.id}, ${coach.userId})`,
  );
  // A candidate of the cohort with a password, for "Assigned to you".
  const candidate = await signInCoach(app, db, { firstName: 'Ada', lastName: 'Lovelace' });
  await db.execute(sql`update "user" set role = 'candidate' where id = ${candidate.userId}`);
  await db.execute(sql`
    insert into cohort_members (cohort_id, user_id, joined_via) values (${cohort!.id}, ${candidate.userId}, 'list')`);
  const signedIn = await signIn(app, candidate.email, TEST_PASSWORD);
  const candidateCookie = cookiesFrom(signedIn.headers['set-cookie']);

  const reads: [string, string, string][] = [
    [
      `coach: grid ${CANDIDATES} × ${SETS}`,
      `/api/admin/assignments/${assignment!.id}/grid`,
      coach.cookie,
    ],
    ['coach: grid CSV', `/api/admin/assignments/${assignment!.id}/grid.csv`, coach.cookie],
    ['coach: assignments list', '/api/admin/assignments', coach.cookie],
    ['candidate: Assigned to you', '/api/assignments', candidateCookie],
  ];
  for (const [label, url, cookie] of reads) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS + 3; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (i === 0 && url.endsWith('/grid') && res.json().rows.length !== CANDIDATES + 1) {
        throw new Error(`grid: ${res.json().rows.length} rows`);
      }
      if (i >= 3) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    rows.push({
      database: target.kind,
      request: label,
      'p50 ms': pct(times, 50).toFixed(1),
      'p95 ms': pct(times, 95).toFixed(1),
    });
  }
  await app.close();
  await target.stop();
}
const load = os.loadavg().map((n) => n.toFixed(1));
console.log(
  `${CANDIDATES} candidates × ${SETS} sets (${assignedAttempts} assigned attempts) among ${OTHERS} others ` +
    `with ${OTHER_ATTEMPTS} attempts, ${REQUESTS} requests each; ${os.cpus().length} CPUs, load average ` +
    `${load.join(' / ')} (1 / 5 / 15 min)`,
);
table(rows);
