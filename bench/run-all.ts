/** `npm run bench`: every benchmark in this folder, one after another. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const benches = fs
  .readdirSync(here)
  .filter(
    (f) =>
      f.endsWith('.ts') &&
      !f.endsWith('.test.ts') &&
      ![
        'run-all.ts',
        'support.ts',
        'live-support.ts',
        'turn-support.ts',
        'vitest.config.ts',
      ].includes(f),
  )
  .sort();
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], {
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
