import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupToFile, restoreFromFile } from './backup-files';
import { restrictNewFiles } from '../platform/ops/file-modes';

// Files this command creates in DATA_DIR (a restored database) are the owner's only.
restrictNewFiles();

// `npm run backup [-- --out <file>]` and `npm run restore -- <file>` for the embedded database.
const USAGE =
  'usage: npm run backup [-- --out <file.tar.gz>]   a consistent copy of the embedded database, also while the server runs\n' +
  '       npm run restore -- <file.tar.gz>          replaces the embedded database with a backup (stop the server first)\n' +
  '  DATA_DIR names the data directory (./data by default). With DATABASE_URL, use pg_dump and pg_restore instead.';

function fail(message: string, code = 2): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

/** Paths on the command line are the caller's, not the repository root's (npm runs scripts there). */
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

let parsed: ReturnType<
  typeof parseArgs<{ options: { out: { type: 'string' } }; allowPositionals: true }>
>;
try {
  parsed = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: true });
} catch (err) {
  fail((err as Error).message);
}
const [command, ...rest] = parsed.positionals;
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  fail((err as Error).message, 1);
}
if (config.DATABASE_URL) {
  fail(
    'DATABASE_URL is set: the database is a PostgreSQL server. Back it up with pg_dump (e.g. pg_dump -Fc "$DATABASE_URL" > candor.dump) and restore with pg_restore.',
  );
}

try {
  if (command === 'backup') {
    if (rest.length > 0) fail(`unexpected: ${rest.join(' ')}`);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = fromCaller(parsed.values.out ?? `candor-backup-${stamp}.tar.gz`);
    const { bytes, from } = await backupToFile(config.DATA_DIR, file);
    console.log(`Backup written to ${file} (${(bytes / 1e6).toFixed(1)} MB, from the ${from}).`);
  } else if (command === 'restore') {
    if (rest.length !== 1) fail('restore takes the backup file to restore');
    const file = fromCaller(rest[0]!);
    const { keptAt, users } = await restoreFromFile(config.DATA_DIR, file);
    console.log(
      `Restored ${file} into ${config.DATA_DIR} (${users} accounts).` +
        (keptAt ? ` The previous database was kept at ${keptAt}.` : ''),
    );
  } else {
    fail(command ? `unknown command: ${command}` : 'backup or restore?');
  }
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
