import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PRIVATE_DIR, PRIVATE_FILE } from '../../../platform/ops/file-modes';
import type { RecordingStore } from './store';

/**
 * Recordings as files under DATA_DIR (the default). A key is a relative path; anything that would
 * leave the root is refused. A write goes to a temporary file beside the final one, which is
 * renamed into place only once every byte is on disk: a failure or a crash leaves no file at the
 * key (only a `.tmp-…` file, removed here on failure and ignored by `list`). Folders are 0700 and
 * files 0600 whatever the process umask: a candidate's voice is theirs (decision 036).
 */
export function createDiskStore(root: string): RecordingStore {
  const resolved = path.resolve(root);
  const pathOf = (key: string) => {
    const full = path.resolve(resolved, key);
    if (!full.startsWith(resolved + path.sep)) throw new Error(`key outside the store: ${key}`);
    return full;
  };
  const isTemporary = (name: string) => name.includes('.tmp-');

  async function walk(dir: string, out: { key: string; size: number }[]) {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, out);
      else if (entry.isFile() && !isTemporary(entry.name)) {
        const stat = await fsp.stat(full);
        out.push({ key: path.relative(resolved, full).split(path.sep).join('/'), size: stat.size });
      }
    }
  }

  return {
    kind: 'disk',
    async put(key, body) {
      const final = pathOf(key);
      await fsp.mkdir(path.dirname(final), { recursive: true, mode: PRIVATE_DIR });
      const temporary = `${final}.tmp-${crypto.randomBytes(6).toString('hex')}`;
      try {
        const handle = await fsp.open(temporary, 'wx', PRIVATE_FILE);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fsp.rename(temporary, final);
      } catch (err) {
        await fsp.rm(temporary, { force: true });
        throw err;
      }
    },
    async read(key, range): Promise<Readable | null> {
      const file = pathOf(key);
      try {
        const handle = await fsp.open(file, 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(keys) {
      for (const key of keys) await fsp.rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      const found: { key: string; size: number }[] = [];
      const dir = pathOf(prefix.replace(/\/$/, ''));
      await walk(dir, found);
      await fsp.rm(dir, { recursive: true, force: true });
      return found.length;
    },
    async list(prefix) {
      const found: { key: string; size: number }[] = [];
      await walk(pathOf(prefix.replace(/\/$/, '')), found);
      return found.filter((f) => f.key.startsWith(prefix));
    },
    async check() {
      await fsp.mkdir(resolved, { recursive: true, mode: PRIVATE_DIR });
      await fsp.access(resolved, fs.constants.W_OK);
    },
    close() {},
  };
}
