import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where a Python child starts from (issue 24, decision 031): a memory snapshot of Pyodide taken
 * just after it loaded and defined the runner's harness. Loading Pyodide takes about 1.6 s; from
 * the snapshot about 0.3 s. Its name carries a key of what made it (Pyodide's version, the
 * runner's source, V8's version), so a stale one is never used.
 *
 * Looked for beside the runner first (the production build makes it there: build.mjs), then in a
 * cache folder of this user under the system's temporary folder (0700, checked to be ours: the
 * children trust what they load), where it is made at first need and kept.
 */

const SNAPSHOT_MS = 120_000;

export function pyodideDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
}

/** The runner beside this file (source, tests), or beside the bundle in dist (build.mjs copies it). */
export const runnerFile = () =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'python-runner.mjs');

export function snapshotName(runner = runnerFile()): string {
  const version = (
    JSON.parse(fs.readFileSync(path.join(pyodideDir(), 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const key = crypto
    .createHash('sha256')
    .update(version)
    .update(fs.readFileSync(runner))
    .update(process.versions.v8)
    .digest('hex')
    .slice(0, 16);
  return `pyodide-${version}-${key}.snapshot`;
}

/** This user's cache folder, made private; refused when someone else could have written in it. */
function cacheDir(): string {
  const uid = process.getuid?.() ?? 0;
  const dir = path.join(os.tmpdir(), `candor-sandbox-${uid}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o077) !== 0) {
    throw new Error(
      `${dir} is not a private folder of this user: the Python snapshot is not kept there`,
    );
  }
  return dir;
}

/** Loads Pyodide once in a trusted child (no candidate code) and writes the snapshot to `file`. */
export function makeSnapshot(file: string): Promise<void> {
  const dir = pyodideDir();
  const runner = runnerFile();
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--disallow-code-generation-from-strings',
        '--experimental-permission',
        `--allow-fs-read=${dir}${path.sep}`,
        `--allow-fs-read=${runner}`,
        `--allow-fs-write=${temporary}`,
        '--no-warnings',
        runner,
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { CANDOR_PYODIDE_DIR: dir, CANDOR_PYODIDE_MAKE: temporary, PATH: '' },
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4_000) stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), SNAPSHOT_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      try {
        if (code !== 0) {
          throw new Error(
            `making the Python snapshot failed (${signal ?? code}): ${stderr.trim()}`,
          );
        }
        fs.chmodSync(temporary, 0o600);
        // Whole or not at all: a child never reads a snapshot half written.
        fs.renameSync(temporary, file);
        resolve();
      } catch (err) {
        fs.rmSync(temporary, { force: true });
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

function readable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

let found: Promise<string> | null = null;

/** The snapshot's path: shipped beside the runner, or cached (made now if need be). Once per process. */
export function pythonSnapshot(): Promise<string> {
  found ??= (async () => {
    const name = snapshotName();
    const shipped = path.join(path.dirname(runnerFile()), name);
    if (readable(shipped)) return shipped;
    const cached = path.join(cacheDir(), name);
    if (!readable(cached)) await makeSnapshot(cached);
    return cached;
  })();
  // A failure is not kept: the next submission tries again.
  found.catch(() => (found = null));
  return found;
}
