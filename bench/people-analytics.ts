/**
 * Admin analytics and the candidates list with 10,000 candidates and 100,000 attempts seeded
 * (generate_series, about a third completed with reports), on PGlite and PostgreSQL:
 * p50/p99 per request through the real app (app.inject, so only server time is measured).
 * Run: npx tsx bench/people-analytics.ts   (BENCH_CANDIDATES, BENCH_ATTEMPTS, BENCH_REQUESTS to tune)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { signInAdmin } from '../apps/server/src/test/users';
import { databases, startApp, table } from './support';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 10_000);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const rows: Record<string, string | number>[] = [];
for (const target of await databases()) {
  const db = target.database.db;
  const seedStart = performance.now();
  await db.execute(sql`
    insert into "user" (id, name, email, first_name, last_name, role, status, experience_level)
    select 'bench-' || g, 'Cand ' || g, 'cand' || g || '@bench.test', 'Cand', 'Number' || g, 'candidate',
           case when g % 10 = 0 then 'inactive' else 'active' end,
           (array['junior','mid','senior','staff'])[1 + g % 4]
    from generate_series(1, ${CANDIDATES}) g`);
  await db.execute(sql`
    insert into interviews (user_id, room_id, title, category_name, difficulty, type, duration, status, completed_at)
    select 'bench-' || (1 + g % ${CANDIDATES}), 'room', 'Attempt ' || g,
           (array['Frontend','Backend','System Design','DevOps','Behavioral'])[1 + g % 5], 'mid', 'fixed', 30,
           (array['completed','scheduled','in_progress','cancelled','completed','scheduled'])[1 + g % 6],
           case when g % 3 = 0 then now() end
    from generate_series(1, ${ATTEMPTS}) g`);
  await db.execute(sql`
    insert into reports (interview_id, user_id, status, overall_score, communication_score, problem_solving_score, confidence_score)
    select id, user_id, 'completed', 40 + (random() * 60)::int, 50, 50, 50 from interviews where status = 'completed'`);
  await db.execute(sql`analyze`);
  const seedMs = performance.now() - seedStart;

  const { app } = await startApp(target.database);
  const { cookie } = await signInAdmin(app);
  const urls = {
    'GET /api/admin/analytics': '/api/admin/analytics',
    'candidates page 1': '/api/admin/candidates?page=1&limit=10',
    'candidates page 500': '/api/admin/candidates?page=500&limit=10',
    'candidates search "number42"': '/api/admin/candidates?search=number42&limit=10',
    // 1,111 matches (number1, number10…, number1000…): page 56 is the middle of 112.
    'candidates search "number1" p56': '/api/admin/candidates?search=number1&page=56&limit=10',
    'candidates senior+inactive':
      '/api/admin/candidates?experienceLevel=senior&status=inactive&limit=50',
  };
  for (const [label, url] of Object.entries(urls)) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS + 5; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (i >= 5) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    rows.push({
      database: target.kind,
      request: label,
      'p50 ms': pct(times, 50).toFixed(1),
      'p99 ms': pct(times, 99).toFixed(1),
      'seed s': (seedMs / 1000).toFixed(1),
    });
  }
  await app.close();
  await target.stop();
}
// Shared machines distort latency: say how busy this one was.
const load = os.loadavg().map((n) => n.toFixed(1));
console.log(
  `${CANDIDATES} candidates, ${ATTEMPTS} attempts, ${REQUESTS} requests each; ` +
    `${os.cpus().length} CPUs, load average ${load.join(' / ')} (1 / 5 / 15 min)`,
);
table(rows);
