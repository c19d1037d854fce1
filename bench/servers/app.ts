/**
 * The real app in its own process for a benchmark, so the load generator (the parent) never shares
 * its event loop. Database: BENCH_DATABASE_URL (PostgreSQL) or an in-memory PGlite. BENCH_PREPARE
 * names the data to create first; the last line on stdout is JSON the parent reads.
 */
import { openDatabase } from '../../apps/server/src/db/client';
import { like } from 'drizzle-orm';
import { interviewSets } from '../../apps/server/src/db/schema';
import { seedCatalogue } from '../../apps/server/src/db/seed';
import { insertAttempt } from '../../apps/server/src/test/fixtures';
import {
  createAttempt,
  finishAnswerCheck,
  insertSet,
  waitForReport,
} from '../../apps/server/src/test/interviews';
import { LiveClient } from '../../apps/server/src/test/live-client';
import { signUpCandidate } from '../../apps/server/src/test/users';
import { openPglite, startApp } from '../support';

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const database = databaseUrl
  ? await openDatabase({ url: databaseUrl, poolSize: 20 })
  : await openPglite();
if (process.env.BENCH_MIGRATE !== '0') await database.migrate();
const { app, url } = await startApp(database, Number(process.env.BENCH_PORT ?? 0));

const ANSWERS = [
  'A closure is a function that keeps access to the variables of the scope where it was created, even after that scope returned. I use them for private state and for callbacks.',
  'The event loop takes tasks from the queue when the call stack is empty; microtasks such as promise callbacks run before the next task, which is why a resolved promise logs before a timeout.',
  'An index is a separate sorted structure, usually a B-tree, that lets the database find rows without scanning the table; it speeds up reads and costs some write time and space.',
  'I would put a cache in front of the slow service, with a time to live and invalidation on writes, and measure the hit rate before and after.',
  'Horizontal scaling adds machines behind a load balancer; it needs stateless servers, so sessions live in a shared store and uploads in object storage.',
];

let out: Record<string, unknown> = { url };
if (process.env.BENCH_PREPARE === 'hot-reads') {
  const db = database.db;
  await seedCatalogue(db);
  const candidate = await signUpCandidate(app);
  const setId = await insertSet(db, {
    type: 'fixed',
    title: 'Benchmark interview',
    questions: ANSWERS.map((_, i) => ({ questionText: `Question ${i + 1}?` })),
  });
  // One real report: the interview is held over the live channel and the report generated.
  const { id } = await createAttempt(app, candidate.cookie, { interviewSetId: setId });
  const live = await LiveClient.connect(app, id, candidate.cookie);
  live.start();
  await live.next('reply.end');
  for (const text of ANSWERS) {
    const now = Date.now();
    await live.answer(text, {
      mode: 'voice',
      confidence: 0.92,
      startedAt: now - 20_000,
      endedAt: now,
    });
  }
  live.send({ type: 'end' });
  await live.next('ended');
  live.close();
  // Spoken answers: the candidate skips "Check your answers" and the report starts (decision 024).
  await finishAnswerCheck(app, candidate.cookie, id);
  await waitForReport(app, candidate.cookie, id);
  // A history of 40 scored attempts over the last months.
  for (let i = 0; i < 40; i++) {
    const when = new Date(Date.now() - i * 3 * 86_400_000);
    await insertAttempt(db, candidate.userId, 'completed', {
      title: `Practice ${i + 1}`,
      category: ['Frontend', 'Backend', 'System Design'][i % 3],
      score: 50 + ((i * 7) % 45),
      completedAt: when,
      createdAt: when,
    });
  }
  out = {
    ...out,
    cookie: candidate.cookie,
    paths: {
      'sets available': '/api/interview/sets/available',
      'history page': '/api/interview?page=1&limit=10',
      report: `/api/report/interview/${id}`,
    },
  };
}
if (process.env.BENCH_PREPARE === 'live') {
  // A topic-based set: every reply comes from the configured AI provider (builtin here).
  const setId = await insertSet(database.db, {
    type: 'topic-based',
    title: 'Live benchmark',
    topics: ['React', 'Databases', 'System design'],
    duration: 60,
  });
  out = { ...out, setId };
  if (process.env.BENCH_CODING === '1') {
    // The demo's coding round, for candidates submitting code while others talk.
    await seedCatalogue(database.db);
    const [coding] = await database.db
      .select({ id: interviewSets.id })
      .from(interviewSets)
      .where(like(interviewSets.title, 'Coding Round%'));
    out = { ...out, codingSetId: coding!.id };
  }
}
console.log(JSON.stringify(out));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
