import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '../../modules/recordings/store/disk-store';
import { recordingKey } from '../../modules/recordings/store/store';
import { resolveAuthSecret } from '../secret';
import { tightenDataDir } from './file-modes';

/**
 * Issue 24, finding 10: a new DATA_DIR was 755, PGlite's files 666 (password hashes, sessions)
 * and recording folders 755, readable by every local user. What the server creates is private
 * whatever the umask it was started with (022 here, as in most shells), and an install made
 * before is tightened at start-up. The whole server is checked in main.test.ts.
 */

const USER = '0b0e8a3c-5d1f-4c2a-9e7b-1f2d3c4b5a69';
const ATTEMPT = '6f1c2d3e-4b5a-4978-8a6b-5c4d3e2f1a0b';
const RECORDING = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

const modeOf = (p: string) => fs.lstatSync(p).mode & 0o777;

describe.skipIf(process.platform === 'win32')('files the server keeps', () => {
  let root: string;
  let umask: number;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-modes-'));
    // What a shell's usual umask gives: the server must not depend on it.
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('creates DATA_DIR and the session secret private', () => {
    const dataDir = path.join(root, 'fresh', 'data');
    resolveAuthSecret(undefined, dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'auth-secret'))).toBe(0o600);
  });

  it('keeps recordings in folders 0700 and files 0600', async () => {
    const store = createDiskStore(path.join(root, 'store'));
    const key = recordingKey(USER, ATTEMPT, RECORDING, 'audio/webm');
    await store.put(key, Buffer.from('audio'), 'audio/webm');
    const parts = key.split('/');
    for (let i = 1; i < parts.length; i++) {
      expect(modeOf(path.join(root, 'store', ...parts.slice(0, i))), parts[i - 1]).toBe(0o700);
    }
    expect(modeOf(path.join(root, 'store', key))).toBe(0o600);
  });

  it('tightens an install made before: its own entries only, never through a link', async () => {
    const dataDir = path.join(root, 'old-install');
    const file = (p: string, mode: number) => {
      fs.mkdirSync(path.dirname(path.join(dataDir, p)), { recursive: true, mode: 0o755 });
      fs.writeFileSync(path.join(dataDir, p), 'x');
      fs.chmodSync(path.join(dataDir, p), mode);
    };
    file('pglite/base/1/1259', 0o666);
    file('pglite/PG_VERSION', 0o644);
    file('pglite.before-restore-2026-11-01/PG_VERSION', 0o644);
    file(`users/${USER}/recordings/${ATTEMPT}/${RECORDING}.webm`, 0o644);
    file('auth-secret', 0o644);
    // Not the server's: left as the operator made it (DATA_DIR's own mode keeps others out).
    file('notes/readme.txt', 0o644);
    const outside = path.join(root, 'outside.txt');
    fs.writeFileSync(outside, 'not ours');
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(dataDir, 'users', 'link'));
    for (const dir of ['', 'pglite', 'pglite/base', 'users', `users/${USER}`]) {
      fs.chmodSync(path.join(dataDir, dir), 0o755);
    }

    const result = await tightenDataDir(dataDir);
    expect(result.failed).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const dir of ['pglite', 'pglite/base/1', 'users', `users/${USER}/recordings/${ATTEMPT}`]) {
      expect(modeOf(path.join(dataDir, dir)), dir).toBe(0o700);
    }
    for (const p of [
      'pglite/base/1/1259',
      'pglite/PG_VERSION',
      'pglite.before-restore-2026-11-01/PG_VERSION',
      `users/${USER}/recordings/${ATTEMPT}/${RECORDING}.webm`,
      'auth-secret',
    ]) {
      expect(modeOf(path.join(dataDir, p)), p).toBe(0o600);
    }
    expect(modeOf(path.join(dataDir, 'notes/readme.txt'))).toBe(0o644);
    expect(modeOf(outside)).toBe(0o644);
    // Once tight, a second start changes nothing.
    expect((await tightenDataDir(dataDir)).changed).toBe(0);
  });
});
