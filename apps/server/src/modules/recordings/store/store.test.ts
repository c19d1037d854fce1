import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { createDiskStore } from './disk-store';
import { looksLike, wavDurationMs } from '../formats';
import { createRecordingStore } from './index';
import { recordingKey, userRecordingsPrefix } from './store';
import { wavBody } from '../../../test/recordings';

const USER = '0b0e8a3c-5d1f-4c2a-9e7b-1f2d3c4b5a69';
const ATTEMPT = '6f1c2d3e-4b5a-4978-8a6b-5c4d3e2f1a0b';
const RECORDING = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

describe('recording configuration', () => {
  it('keeps recordings on disk by default and in S3 when a bucket is set', () => {
    expect(createRecordingStore(loadConfig({})).kind).toBe('disk');
    const s3 = loadConfig({
      S3_BUCKET: 'answers',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s3.S3_FORCE_PATH_STYLE).toBeUndefined();
    const store = createRecordingStore(s3);
    expect(store.kind).toBe('s3');
    store.close();
  });

  it('stops the start naming the variable when S3 settings are incomplete or invalid', () => {
    expect(() => loadConfig({ S3_BUCKET: 'answers' })).toThrow(
      /S3_ACCESS_KEY_ID: S3_BUCKET needs S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'answers', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: S3_ENDPOINT is set but S3_BUCKET is not/,
    );
    expect(() =>
      loadConfig({
        S3_ENDPOINT: 'ftp://x',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'i',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ RECORDINGS_RETENTION_DAYS: '0' })).toThrow(
      /RECORDINGS_RETENTION_DAYS must be at least 1/,
    );
    expect(loadConfig({}).RECORDINGS_RETENTION_DAYS).toBe(30);
    expect(loadConfig({}).COACH_REVIEW_RECORDINGS).toBe(false);
  });
});

describe('recording keys', () => {
  it('live inside the account’s folder and take only UUIDs', () => {
    expect(recordingKey(USER, ATTEMPT, RECORDING, 'audio/webm')).toBe(
      `users/${USER}/recordings/${ATTEMPT}/${RECORDING}.webm`,
    );
    expect(() => userRecordingsPrefix('../../etc')).toThrow(/not a UUID/);
    expect(() => recordingKey(USER, '../x', RECORDING, 'audio/webm')).toThrow(/not a UUID/);
  });
});

describe('the disk store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-disk-store-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const store = createDiskStore(root);

  it('writes whole files, reads ranges, lists and deletes by prefix', async () => {
    const key = recordingKey(USER, ATTEMPT, RECORDING, 'audio/ogg');
    await store.put(key, Buffer.from('OggS-0123456789'), 'audio/ogg');
    expect(await store.list(userRecordingsPrefix(USER))).toEqual([{ key, size: 15 }]);
    const part = await store.read(key, { start: 5, end: 8 });
    const chunks: Buffer[] = [];
    for await (const c of part!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('0123');
    expect(await store.read(`${userRecordingsPrefix(USER)}missing.ogg`)).toBeNull();
    expect(await store.deletePrefix(userRecordingsPrefix(USER))).toBe(1);
    expect(await store.list(userRecordingsPrefix(USER))).toEqual([]);
  });

  it('leaves nothing at the key, nor a temporary file, when a write fails', async () => {
    const key = recordingKey(USER, ATTEMPT, RECORDING, 'audio/webm');
    // A folder where the file should go: the final rename fails.
    fs.mkdirSync(path.join(root, key), { recursive: true });
    fs.writeFileSync(path.join(root, key, 'occupied'), 'x');
    await expect(store.put(key, Buffer.alloc(1000), 'audio/webm')).rejects.toThrow();
    const dir = path.dirname(path.join(root, key));
    expect(fs.readdirSync(dir).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('refuses keys that would leave its folder', async () => {
    await expect(store.put('../outside.webm', Buffer.alloc(1), 'audio/webm')).rejects.toThrow(
      /outside/,
    );
  });
});

describe('audio signatures', () => {
  it('recognise each container and measure WAV files', () => {
    expect(looksLike('audio/webm', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0]))).toBe(true);
    expect(looksLike('audio/webm', Buffer.from('OggS'))).toBe(false);
    expect(looksLike('audio/ogg', Buffer.from('OggS\0'))).toBe(true);
    expect(looksLike('audio/mp4', Buffer.from('\0\0\0\x20ftypM4A '))).toBe(true);
    expect(looksLike('audio/mpeg', Buffer.from('ID3\x04'))).toBe(true);
    expect(looksLike('audio/mpeg', Buffer.from([0xff, 0xfb, 0x90]))).toBe(true);
    expect(looksLike('audio/mpeg', Buffer.from([0xff, 0xe1]))).toBe(false);
    expect(looksLike('audio/wav', wavBody(10))).toBe(true);
    expect(wavDurationMs(wavBody(2500))).toBe(2500);
    expect(wavDurationMs(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });
});
