/**
 * GET /api/interview/sets/available under loopback load (autocannon), with the demo catalogue, on
 * PGlite and PostgreSQL, next to a bare node:http server returning the same bytes.
 * Run: npx tsx bench/catalog-sets-available.ts   (BENCH_SECONDS, BENCH_CONNECTIONS to tune)
 */
import { seedCatalogue } from '../apps/server/src/db/seed';
import { signUpCandidate } from '../apps/server/src/test/users';
import { bareServer, CONNECTIONS, databases, DURATION_S, load, startApp, table } from './support';

const rows: Record<string, string | number>[] = [];
for (const target of await databases()) {
  await seedCatalogue(target.database.db);
  const { app, url } = await startApp(target.database);
  const { cookie } = await signUpCandidate(app);
  const path = '/api/interview/sets/available';
  const body = await (await fetch(url + path, { headers: { cookie } })).text();
  await load(url + path, { cookie }); // warm-up
  const ours = await load(url + path, { cookie });
  const bare = await bareServer(body);
  const ceiling = await load(bare.url);
  await bare.close();
  rows.push(
    {
      server: `candor on ${target.kind}`,
      'req/s': Math.round(ours.rps),
      'p50 ms': ours.p50,
      'p99 ms': ours.p99,
      errors: ours.errors + ours.non2xx,
      bytes: body.length,
    },
    {
      server: 'bare node:http, same bytes',
      'req/s': Math.round(ceiling.rps),
      'p50 ms': ceiling.p50,
      'p99 ms': ceiling.p99,
      errors: ceiling.errors,
      bytes: body.length,
    },
    {
      server: `ratio (${target.kind})`,
      'req/s': `${((ours.rps / ceiling.rps) * 100).toFixed(1)}%`,
      'p50 ms': '',
      'p99 ms': '',
      errors: '',
      bytes: '',
    },
  );
  await app.close();
  await target.stop();
}
console.log(`GET /api/interview/sets/available — ${CONNECTIONS} connections, ${DURATION_S} s each`);
table(rows);
