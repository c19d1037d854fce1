// `npm test`: the unit and API suite, then the browser suite, then what they cost: the time of
// each, the tests per suite (and per database), and the slowest files, so a slow test is seen the
// day it lands (docs/testing.md). Each suite writes Vitest's JSON report to test-results/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs one npm script, returning its exit code and its wall time in seconds. */
function step(script) {
  const started = Date.now();
  const run = spawnSync(npm, ['run', script], { cwd: root, stdio: 'inherit' });
  return { status: run.status ?? 1, seconds: (Date.now() - started) / 1000 };
}

function readReport(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(results, `${name}.json`), 'utf8'));
  } catch {
    return null;
  }
}

/** Tests and files of one Vitest JSON report, and each file's time. */
function summarise(report) {
  const files = (report?.testResults ?? []).map((file) => ({
    name: path.relative(root, file.name),
    seconds: Math.max(0, (file.endTime - file.startTime) / 1000),
    tests: file.assertionResults.length,
  }));
  const count = (status) =>
    (report?.testResults ?? [])
      .flatMap((f) => f.assertionResults)
      .filter((t) => t.status === status).length;
  return {
    files,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped') + count('pending') + count('todo'),
  };
}

/**
 * Passed tests run on each database: the database suites name theirs in a describe title
 * (`describe.each(databaseKinds())('… on %s')`, `(pglite)`), and the rest name none.
 */
function perDatabase(report) {
  const tally = { pglite: 0, postgres: 0 };
  for (const file of report?.testResults ?? []) {
    for (const t of file.assertionResults) {
      if (t.status !== 'passed') continue;
      const where = t.ancestorTitles.join(' ').toLowerCase();
      if (/\bpglite\b/.test(where)) tally.pglite += 1;
      else if (/\bpostgres(ql)?\b/.test(where)) tally.postgres += 1;
    }
  }
  return tally;
}

fs.rmSync(results, { recursive: true, force: true });
const started = Date.now();
const unit = step('test:unit');
const e2e = unit.status === 0 ? step('test:e2e') : null;

const lines = ['', '--- test summary'];
const all = [];
for (const [label, name, run] of [
  ['unit and API', 'unit', unit],
  ['browser', 'e2e', e2e],
]) {
  if (!run) {
    lines.push(`${label}: not run (an earlier suite failed)`);
    continue;
  }
  const report = readReport(name);
  const s = summarise(report);
  all.push(...s.files);
  const db = name === 'unit' ? perDatabase(report) : null;
  lines.push(
    `${label}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped in ${s.files.length} files, ${Math.round(run.seconds)} s` +
      (db
        ? ` (on a database named in their suite: PGlite ${db.pglite}, PostgreSQL ${db.postgres})`
        : '') +
      // Vitest fails a run for an unhandled error too, with every test passed.
      (run.status !== 0 && s.failed === 0
        ? `; exited with ${run.status}: see the errors above`
        : ''),
  );
}
lines.push('slowest files:');
for (const f of all.sort((a, b) => b.seconds - a.seconds).slice(0, 15)) {
  lines.push(
    `  ${f.seconds.toFixed(1).padStart(7)} s  ${String(f.tests).padStart(3)} tests  ${f.name}`,
  );
}
lines.push(`npm test: ${Math.round((Date.now() - started) / 1000)} s in all`);
console.log(lines.join('\n'));
process.exit(unit.status || e2e?.status || 0);
