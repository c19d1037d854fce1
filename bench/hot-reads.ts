/**
 * The candidate's hot reads (sets available, a history page, a report) under loopback load, on
 * PGlite and PostgreSQL, each next to a bare node:http server returning the same bytes: requests
 * per second, p50/p99 and the ratio. The app, the bare server and the load generator (autocannon,
 * in this process) each run in their own process, as in production.
 * Run: npx tsx bench/hot-reads.ts   (BENCH_SECONDS, BENCH_CONNECTIONS to tune)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CONNECTIONS,
  DURATION_S,
  load,
  postgresIfInstalled,
  spawnBenchProcess,
  table,
} from './support';

interface Prepared {
  url: string;
  cookie: string;
  paths: Record<string, string>;
}

/** Seconds of load before each measured run; the smoke run (correctness only) skips it. */
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_SECONDS ?? Math.min(3, DURATION_S));
const rows: Record<string, string | number>[] = [];
const pg = await postgresIfInstalled();
const kinds: { kind: string; env: Record<string, string> }[] = [
  { kind: 'pglite', env: {} },
  ...(pg ? [{ kind: 'postgres', env: { BENCH_DATABASE_URL: pg.url } }] : []),
];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-'));
for (const { kind, env } of kinds) {
  const app = await spawnBenchProcess<Prepared>('app.ts', { ...env, BENCH_PREPARE: 'hot-reads' });
  const { url, cookie, paths } = app.info;
  for (const [name, p] of Object.entries(paths)) {
    const res = await fetch(url + p, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    const body = await res.text();
    const file = path.join(tmp, 'body.json');
    fs.writeFileSync(file, body);
    const bare = await spawnBenchProcess<{ url: string }>('bare.ts', { BARE_BODY_FILE: file });
    if (WARM_UP_S > 0) await load(url + p, { cookie }, WARM_UP_S);
    const ours = await load(url + p, { cookie });
    if (WARM_UP_S > 0) await load(bare.info.url, {}, WARM_UP_S);
    const ceiling = await load(bare.info.url);
    await bare.stop();
    rows.push({
      read: name,
      database: kind,
      bytes: Buffer.byteLength(body),
      'req/s': Math.round(ours.rps),
      'p50 ms': ours.p50,
      'p99 ms': ours.p99,
      errors: ours.errors + ours.non2xx,
      'bare req/s': Math.round(ceiling.rps),
      'bare p50/p99 ms': `${ceiling.p50}/${ceiling.p99}`,
      ratio: `${((ours.rps / ceiling.rps) * 100).toFixed(1)}%`,
    });
  }
  await app.stop();
}
await pg?.stop();
fs.rmSync(tmp, { recursive: true, force: true });
console.log(
  `Hot reads — ${CONNECTIONS} connections, ${DURATION_S} s each; load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
table(rows);
if (rows.some((r) => r.errors !== 0)) {
  console.error('FAILED: some requests failed');
  process.exit(1);
}
