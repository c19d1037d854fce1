/**
 * Résumé bombs while a live interview runs (issue 24, finding 6; decision 036): candidates talk
 * to the interviewer and a health probe asks `/api/health` every 50 ms, first with nothing else
 * happening, then while one candidate uploads the 14 KB PDF bomb (ten pages sharing one 4 MB
 * deflated content stream) and the 178 KB DOCX bomb (document.xml inflating to 50 MB) back to
 * back. Reports the first reply token's p50/p95/p99, the health probe's, and what the uploads
 * were answered (each bomb should be a 400 naming `file`). The server runs in its own process.
 * Run: npx tsx bench/document-bombs.ts (BENCH_TALKERS, BENCH_PHASE_SECONDS,
 * BENCH_ANSWER_EVERY_MS; BENCH_SMOKE=1 for a short run). PGlite, and PostgreSQL when installed.
 */
import os from 'node:os';
import { docxBomb, pdfBomb } from '../apps/server/src/modules/documents/fixtures/documents';
import { ORIGIN } from '../apps/server/src/test/users';
import { openTalkers, pct, signUp, talkWhile, type LiveSocket } from './live-support';
import { appDatabases, spawnBenchProcess, table } from './support';

const SMOKE = process.env.BENCH_SMOKE === '1';
const TALKERS = Number(process.env.BENCH_TALKERS ?? (SMOKE ? 2 : 5));
const PHASE_S = Number(process.env.BENCH_PHASE_SECONDS ?? (SMOKE ? 4 : 20));
const EVERY_MS = Number(process.env.BENCH_ANSWER_EVERY_MS ?? 500);
const HEALTH_EVERY_MS = 50;

const BOMBS = [
  { name: 'bomb.pdf', bytes: pdfBomb() },
  { name: 'bomb.docx', bytes: docxBomb() },
];

interface Upload {
  name: string;
  status: number;
  ms: number;
  field: string | null;
}

async function upload(url: string, cookie: string, bomb: (typeof BOMBS)[number]) {
  const started = performance.now();
  const res = await fetch(`${url}/api/tailored/resumes?name=${bomb.name}`, {
    method: 'POST',
    headers: { origin: ORIGIN, cookie, 'content-type': 'application/octet-stream' },
    body: bomb.bytes,
  });
  const body = (await res.json()) as { fields?: Record<string, string> };
  return {
    name: bomb.name,
    status: res.status,
    ms: performance.now() - started,
    field: Object.keys(body.fields ?? {})[0] ?? null,
  } satisfies Upload;
}

/** One phase: talkers answer every EVERY_MS, the probe asks for health, bombs go up (or not). */
async function phase(url: string, talkers: LiveSocket[], uploader: string | null) {
  const healthMs: number[] = [];
  const uploads: Upload[] = [];
  const talk = await talkWhile(talkers, EVERY_MS, PHASE_S, (running) =>
    Promise.all([
      (async () => {
        while (running()) {
          const started = performance.now();
          const res = await fetch(`${url}/api/health`);
          await res.arrayBuffer();
          healthMs.push(performance.now() - started);
          await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
        }
      })(),
      (async () => {
        for (let i = 0; uploader && running(); i++) {
          uploads.push(await upload(url, uploader, BOMBS[i % BOMBS.length]!));
        }
      })(),
    ]),
  );
  healthMs.sort((a, b) => a - b);
  return { ...talk, healthMs, uploads };
}

const ms = (x: number) => Math.round(x);
const rows: Record<string, string | number>[] = [];
let failed = false;
const databases = await appDatabases();
for (const { kind, env } of databases.kinds) {
  const app = await spawnBenchProcess<{ url: string; setId: string }>('app.ts', {
    ...env,
    BENCH_PREPARE: 'live',
  });
  const { url, setId } = app.info;
  const talkers = await openTalkers(url, setId, TALKERS, 4);
  const { cookie: uploader } = await signUp(url);
  for (const [label, who] of [
    ['no uploads', null],
    ['while the bombs upload', uploader],
  ] as const) {
    const r = await phase(url, talkers, who);
    const refused = r.uploads.filter((u) => u.status === 400 && u.field === 'file');
    if (r.unanswered || r.errors || refused.length !== r.uploads.length) {
      failed = true;
      const other = r.uploads.filter((u) => !(u.status === 400 && u.field === 'file'));
      console.error(`${kind}, ${label}: not refused as expected:`, JSON.stringify(other));
    }
    const uploadMs = r.uploads.map((u) => u.ms).sort((a, b) => a - b);
    rows.push({
      database: kind,
      phase: label,
      replies: r.latencies.length,
      'first token p50 ms': ms(pct(r.latencies, 50)),
      'p95 ms': ms(pct(r.latencies, 95)),
      'p99 ms': ms(pct(r.latencies, 99)),
      'health probes': r.healthMs.length,
      'health p50 ms': ms(pct(r.healthMs, 50)),
      'health p99 ms': ms(pct(r.healthMs, 99)),
      'health max ms': ms(r.healthMs.at(-1) ?? NaN),
      uploads: r.uploads.length ? `${refused.length}/${r.uploads.length} refused 400 file` : '-',
      'upload p50 ms': uploadMs.length ? ms(pct(uploadMs, 50)) : '-',
      'upload max ms': uploadMs.length ? ms(uploadMs.at(-1)!) : '-',
    });
  }
  for (const t of talkers) t.close();
  await app.stop();
}
await databases.stop();
console.log(
  `Résumé bombs beside live interviews — ${TALKERS} talkers answering every ${EVERY_MS} ms, /api/health every ${HEALTH_EVERY_MS} ms, ${PHASE_S} s per phase; PDF bomb ${BOMBS[0]!.bytes.length} bytes, DOCX bomb ${BOMBS[1]!.bytes.length} bytes, uploaded back to back by one candidate; load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
table(rows);
if (failed) {
  console.error('FAILED: unanswered answers, live errors, or a bomb not refused with 400 file');
  process.exit(1);
}
