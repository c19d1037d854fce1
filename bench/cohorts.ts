/**
 * Cohorts (issue 31, decision 046) at a school's size: 10,000 candidates and 100,000 attempts,
 * 20 cohorts of 500, on PGlite and PostgreSQL. What the coach scope costs on the coach's reads
 * (their candidates list, one candidate, their results export) beside an administrator's, and how
 * long an administrator's CSV import of 2,000 people takes, through the real app (app.inject).
 * Run: npx tsx bench/cohorts.ts   (BENCH_CANDIDATES, BENCH_ATTEMPTS, BENCH_REQUESTS, BENCH_IMPORTS)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { signInCoach } from '../apps/server/src/test/cohorts';
import { ORIGIN, signInAdmin } from '../apps/server/src/test/users';
import { databases, startApp, table } from './support';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 10_000);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 5);
const COHORT_SIZE = Math.min(500, Math.floor(CANDIDATES / 20));
const IMPORT_SIZE = Math.min(2_000, CANDIDATES);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const rows: Record<string, string | number>[] = [];
for (const target of await databases()) {
  const db = target.database.db;
  await db.execute(sql`
    insert into "user" (id, name, email, first_name, last_name, role, status, experience_level)
    select md5('bench-' || g)::uuid::text, 'Zoë ' || g, 'cand' || g || '@bench.test', 'Zoë', 'Number' || g, 'candidate',
           'active', 'mid'
    from generate_series(1, ${CANDIDATES}) g`);
  await db.execute(sql`
    insert into interviews (user_id, room_id, title, category_name, difficulty, type, duration, status, completed_at, answered_at)
    select md5('bench-' || (1 + g % ${CANDIDATES}))::uuid::text, 'room', 'Attempt ' || g, 'Frontend', 'mid', 'fixed', 30,
           case when g % 3 = 0 then 'completed' else 'in_progress' end,
           case when g % 3 = 0 then now() end, now()
    from generate_series(1, ${ATTEMPTS}) g`);
  await db.execute(sql`
    insert into reports (interview_id, user_id, status, overall_score, communication_score, problem_solving_score, confidence_score)
    select id, user_id, 'completed', 70, 70, 70, 70 from interviews where status = 'completed'`);
  // 20 cohorts of COHORT_SIZE: candidates 1..N in cohort 1, and so on (ids are UUIDs, as
  // better-auth makes them: the routes check their shape).
  await db.execute(sql`
    insert into cohorts (name, starts_on, ends_on)
    select 'Cohort ' || c, '2031-01-01', '2031-12-31' from generate_series(1, 20) c`);
  await db.execute(sql`
    insert into cohort_members (cohort_id, user_id, joined_via)
    select c.id, md5('bench-' || ((c.rank - 1) * ${COHORT_SIZE} + g))::uuid::text, 'list'
    from (select id, row_number() over (order by name) as rank from cohorts) c
    cross join generate_series(1, ${COHORT_SIZE}) g`);
  await db.execute(sql`analyze`);

  const { app } = await startApp(target.database);
  const admin = await signInAdmin(app);
  const coach = await signInCoach(app, db);
  const [first] = (
    (await db.execute(sql`select id from cohorts where name = 'Cohort 1'`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  await db.execute(
    sql`insert into cohort_coaches (cohort_id, user_id) values (${first!.id}, ${coach.userId})`,
  );
  const [member] = (
    (await db.execute(
      sql`select user_id from cohort_members where cohort_id = ${first!.id} limit 1`,
    )) as unknown as { rows: { user_id: string }[] }
  ).rows;

  const reads: [string, string, typeof admin][] = [
    ['admin: candidates page 1', '/api/admin/candidates?page=1&limit=10', admin],
    ['admin: one cohort, page 1', `/api/admin/candidates?cohortId=${first!.id}&limit=50`, admin],
    ['coach: candidates page 1', '/api/admin/candidates?page=1&limit=10', coach],
    ['coach: candidates page 10', '/api/admin/candidates?page=10&limit=50', coach],
    ['coach: search "number42"', '/api/admin/candidates?search=number42&limit=10', coach],
    ['coach: one candidate', `/api/admin/candidates/${member!.user_id}`, coach],
    ['coach: results export', '/api/admin/results.csv', coach],
    ['coach: cohorts', '/api/admin/cohorts', coach],
  ];
  for (const [label, url, who] of reads) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS + 3; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
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

  // An administrator's CSV of IMPORT_SIZE existing candidates into a new, empty cohort each time.
  const csv = `name,email\n${Array.from(
    { length: IMPORT_SIZE },
    (_, i) => `"Zoë ${i + 1}",cand${i + 1}@bench.test`,
  ).join('\n')}\n`;
  const times: number[] = [];
  for (let i = 0; i < IMPORTS; i++) {
    const made = await app.inject({
      method: 'POST',
      url: '/api/admin/cohorts',
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: { name: `Import ${i}`, startsOn: '2031-01-01', endsOn: '2031-06-30' },
    });
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/cohorts/${made.json().id}/members`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: { format: 'csv', text: csv },
    });
    if (res.statusCode !== 200 || res.json().added !== IMPORT_SIZE) {
      throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  rows.push({
    database: target.kind,
    request: `admin: CSV import of ${IMPORT_SIZE}`,
    'p50 ms': pct(times, 50).toFixed(1),
    'p95 ms': pct(times, 95).toFixed(1),
  });
  await app.close();
  await target.stop();
}
const load = os.loadavg().map((n) => n.toFixed(1));
console.log(
  `${CANDIDATES} candidates, ${ATTEMPTS} attempts, 20 cohorts of ${COHORT_SIZE}, ${REQUESTS} requests each; ` +
    `${os.cpus().length} CPUs, load average ${load.join(' / ')} (1 / 5 / 15 min)`,
);
table(rows);
