import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSet } from '../test/interviews';
import { databaseKinds, openTestDatabase } from '../test/harness';
import { webmBody } from '../test/recordings';
import { startS3StandIn, type S3StandIn } from '../test/s3';
import { signUpCandidate } from '../test/users';
import { createS3Store } from '../modules/recordings/store/s3-store';
import { userRecordingsPrefix, type RecordingStore } from '../modules/recordings/store/store';
import {
  ORIGIN,
  PASSWORD,
  api,
  createAttemptOver,
  killServers,
  startServerProcess,
  type ServerProcess,
} from './support';

/**
 * Issue 14: several server processes share recordings through S3. Two real processes on one
 * PostgreSQL, each with a DATA_DIR of its own (so nothing is shared on disk) and the same bucket
 * of the S3 stand-in: an answer recorded through one is played, by ranges, through the other, and
 * deleting the account through the other deletes the objects.
 */

const pg = databaseKinds().includes('postgres');

describe.runIf(pg)('recordings across two server processes on one PostgreSQL and S3', () => {
  let s3: S3StandIn;
  let servers: ServerProcess[] = [];
  let bases: string[] = [];
  let dataDirs: string[] = [];
  let setId: string;
  let store: RecordingStore;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    const database = await openTestDatabase('postgres');
    setId = await insertSet(database.db, {
      type: 'fixed',
      questions: [{ questionText: 'How would you invalidate a cache?' }],
    });
    const url = database.url!;
    await database.close();
    dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'candor-rec2-')));
    servers = dataDirs.map((dataDir) =>
      startServerProcess({ DATABASE_URL: url, DATA_DIR: dataDir, ...s3.env }),
    );
    bases = await Promise.all(servers.map((s) => s.url));
    store = createS3Store({
      bucket: s3.env.S3_BUCKET!,
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      accessKeyId: s3.env.S3_ACCESS_KEY_ID!,
      secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: true,
    });
  }, 60_000);

  afterAll(async () => {
    await killServers(servers);
    store?.close();
    await s3?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('records through one process, plays and deletes through the other', async () => {
    const [one, two] = bases as [string, string];
    const me = await signUpCandidate(one, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const id = await createAttemptOver(one, me.cookie, setId);
    const answerId = crypto.randomUUID();
    const saved = await api(one, 'PUT', `/api/interview/${id}`, {
      cookie: me.cookie,
      body: {
        status: 'in_progress',
        conversation: [
          {
            id: answerId,
            speaker: 'User',
            message: 'Okay, so… I would drop the entry on every write and version the keys.',
          },
        ],
      },
    });
    expect(saved.status).toBe(200);

    const audio = webmBody(64_000);
    const put = await fetch(
      `${one}/api/interview/${id}/answers/${answerId}/recording?durationMs=8000`,
      {
        method: 'PUT',
        headers: { origin: ORIGIN, cookie: me.cookie, 'content-type': 'audio/webm;codecs=opus' },
        body: audio,
      },
    );
    expect(put.status, await put.clone().text()).toBe(200);
    // Nothing on either process's disk: the bucket holds it.
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'users'))).toBe(false);
    expect(await store.list(userRecordingsPrefix(me.userId))).toHaveLength(1);

    const url = `${two}/api/interview/${id}/answers/${answerId}/recording`;
    const whole = await fetch(url, { headers: { cookie: me.cookie } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(audio)).toBe(true);
    const part = await fetch(url, { headers: { cookie: me.cookie, range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${audio.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(1000, 2000))).toBe(true);

    const gone = await api(two, 'DELETE', '/api/user/account', {
      cookie: me.cookie,
      body: { password: PASSWORD },
    });
    expect(gone.status).toBe(200);
    expect(await store.list(userRecordingsPrefix(me.userId))).toEqual([]);
  });
});
