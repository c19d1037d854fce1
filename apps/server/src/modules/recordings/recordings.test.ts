import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_LIMITS, type RecordingInfo, type RecordingUsage } from '@candor/shared';
import { auditLog, interviewMessages, interviews, recordings } from '../../db/schema';
import { userRecordingsPrefix } from './store/store';
import { createTestApp, databaseKinds, type TestContext } from '../../test/harness';
import {
  attemptWithAnswers,
  playRecording,
  uploadRecording,
  wavBody,
  webmBody,
} from '../../test/recordings';
import { finishAnswerCheck, waitForReport, saveAttempt } from '../../test/interviews';
import { startS3StandIn, type S3StandIn } from '../../test/s3';
import {
  ORIGIN,
  TEST_PASSWORD,
  signInAdmin,
  signUpCandidate,
  type SignedIn,
} from '../../test/users';
import { removeOrphanedRecordings } from './orphans';
import { sweepExpiredRecordings } from './retention';

const ANSWER =
  "Okay, so… I'd put the cache in front of the database and drop the entry on every write, Zoë O'Brien-Smith said.";

const storages = ['disk', 's3'] as const;
const cases = databaseKinds().flatMap((kind) =>
  storages.map((storage) => [kind, storage] as const),
);

describe.each(cases)('recordings on %s, stored on %s', (kind, storage) => {
  let ctx: TestContext;
  let s3: S3StandIn | null = null;
  let dataDir: string;
  let a: SignedIn;
  let b: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-rec-'));
    s3 = storage === 's3' ? await startS3StandIn() : null;
    ctx = await createTestApp(kind, {
      DATA_DIR: dataDir,
      SIGN_IN_RATE_LIMIT: '1000',
      ...(s3?.env ?? {}),
    });
    a = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    b = await signUpCandidate(ctx.app);
    admin = await signInAdmin(ctx.app);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const stored = (userId: string) => ctx.app.deps.recordings.list(userRecordingsPrefix(userId));
  const rowsOf = (interviewId: string) =>
    ctx.database.db.select().from(recordings).where(eq(recordings.interviewId, interviewId));

  it('keeps an answer’s audio and plays it whole and by ranges to its owner', async () => {
    const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, a, [ANSWER]);
    const audio = webmBody(10_000);
    const put = await uploadRecording(ctx.app, a, id, answerIds[0]!, audio, { durationMs: 7250 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<RecordingInfo>()).toMatchObject({
      answerId: answerIds[0],
      format: 'audio/webm',
      durationMs: 7250,
      sizeBytes: audio.length,
    });
    const objects = await stored(a.userId);
    expect(objects).toHaveLength(1);
    expect(objects[0]!.size).toBe(audio.length);
    if (storage === 'disk') {
      // Inside the account's folder, which deleting the account removes.
      expect(objects[0]!.key.startsWith(`users/${a.userId}/recordings/${id}/`)).toBe(true);
      expect(fs.readFileSync(path.join(dataDir, objects[0]!.key)).equals(audio)).toBe(true);
    }

    const whole = await playRecording(ctx.app, a, id, answerIds[0]!);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.rawPayload.equals(audio)).toBe(true);

    const part = await playRecording(ctx.app, a, id, answerIds[0]!, 'bytes=100-1099');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${audio.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(audio.subarray(100, 1100))).toBe(true);

    const open = await playRecording(ctx.app, a, id, answerIds[0]!, 'bytes=9000-');
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(audio.subarray(9000))).toBe(true);
    const suffix = await playRecording(ctx.app, a, id, answerIds[0]!, 'bytes=-16');
    expect(suffix.headers['content-range']).toBe(
      `bytes ${audio.length - 16}-${audio.length - 1}/${audio.length}`,
    );
    expect(suffix.rawPayload.equals(audio.subarray(audio.length - 16))).toBe(true);
    const past = await playRecording(ctx.app, a, id, answerIds[0]!, `bytes=${audio.length}-`);
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${audio.length}`);
    expect(past.json().code).toBe('RANGE_NOT_SATISFIABLE');

    // "Download my data" says which answers have a recording and where it plays.
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/export',
      headers: { cookie: a.cookie },
    });
    const answer = exported
      .json<{ attempts: { id: string; conversation: { recording?: unknown }[] }[] }>()
      .attempts.find((t) => t.id === id)!
      .conversation.find((m) => m.recording);
    expect(answer?.recording).toEqual({
      format: 'audio/webm',
      durationMs: 7250,
      sizeBytes: audio.length,
      url: `/api/interview/${id}/answers/${answerIds[0]}/recording`,
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/interview/${id}/recordings`,
      headers: { cookie: a.cookie },
    });
    expect(list.json()).toMatchObject({
      keepRecordings: true,
      recordings: [{ answerId: answerIds[0], sizeBytes: audio.length, durationMs: 7250 }],
    });
  });

  it('plays to the owner only: candidate B and an administrator get 403, nobody 401', async () => {
    const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, a, [ANSWER]);
    expect((await uploadRecording(ctx.app, a, id, answerIds[0]!, webmBody())).statusCode).toBe(200);
    expect((await playRecording(ctx.app, b, id, answerIds[0]!)).statusCode).toBe(403);
    const asAdmin = await playRecording(ctx.app, admin, id, answerIds[0]!);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toMatch(/candidate who made it/);
    const anonymous = await playRecording(ctx.app, null, id, answerIds[0]!);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    // Nor may anyone else upload over it.
    expect((await uploadRecording(ctx.app, b, id, answerIds[0]!, webmBody())).statusCode).toBe(403);
    expect((await uploadRecording(ctx.app, admin, id, answerIds[0]!, webmBody())).statusCode).toBe(
      401,
    );
    expect((await uploadRecording(ctx.app, null, id, answerIds[0]!, webmBody())).statusCode).toBe(
      401,
    );
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('takes only a stored candidate answer of that attempt', async () => {
    const mine = await attemptWithAnswers(ctx.app, ctx.database.db, a, [ANSWER]);
    const other = await attemptWithAnswers(ctx.app, ctx.database.db, a, [ANSWER]);
    // An interviewer's line of the same attempt.
    const interviewerLine = { id: `ai-${mine.id}` };
    await ctx.database.db.insert(interviewMessages).values({
      id: interviewerLine.id,
      interviewId: mine.id,
      seq: 1000,
      speaker: 'AI',
      message: 'Tell me about caching.',
    });
    const cases = [
      ['an answer of another attempt', other.answerIds[0]!],
      ['an interviewer message', interviewerLine!.id],
      ['an answer not stored', 'never-stored'],
    ] as const;
    for (const [what, answerId] of cases) {
      const res = await uploadRecording(ctx.app, a, mine.id, answerId, webmBody());
      expect(res.statusCode, what).toBe(404);
    }
    expect(await rowsOf(mine.id)).toEqual([]);
  });

  it('refuses unknown formats, lies about the format, empty and over-long answers, naming the field', async () => {
    const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, a, [ANSWER]);
    const answerId = answerIds[0]!;
    const octets = await uploadRecording(ctx.app, a, id, answerId, webmBody(), {
      contentType: 'application/octet-stream',
    });
    expect(octets.statusCode).toBe(415);
    expect(octets.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      fields: { 'content-type': expect.stringContaining('audio/webm') },
    });
    const flac = await uploadRecording(ctx.app, a, id, answerId, webmBody(), {
      contentType: 'audio/flac',
    });
    expect(flac.statusCode).toBe(415);
    const json = await ctx.app.inject({
      method: 'PUT',
      url: `/api/interview/${id}/answers/${answerId}/recording?durationMs=1000`,
      headers: { cookie: a.cookie, origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{"audio":"not really"}',
    });
    expect(json.statusCode).toBe(415);

    // Says WAV, is a WebM file; says WebM, is text.
    const lie = await uploadRecording(ctx.app, a, id, answerId, webmBody(), {
      contentType: 'audio/wav',
    });
    expect(lie.statusCode).toBe(400);
    expect(lie.json().fields).toEqual({ 'content-type': 'The body is not audio/wav audio' });
    const text = await uploadRecording(ctx.app, a, id, answerId, 'This is not audio at all.');
    expect(text.statusCode).toBe(400);

    const empty = await uploadRecording(ctx.app, a, id, answerId, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('body');

    for (const durationMs of ['', 'abc', '0', String(RECORDING_LIMITS.answerMaxMs + 1)]) {
      const res = await uploadRecording(ctx.app, a, id, answerId, webmBody(), { durationMs });
      expect(res.statusCode, durationMs).toBe(400);
      expect(res.json().fields, durationMs).toHaveProperty('durationMs');
    }
    // A WAV file says how long it is: five minutes and a second is refused whatever the page says.
    const longWav = wavBody(RECORDING_LIMITS.answerMaxMs + 1000, 4000);
    const long = await uploadRecording(ctx.app, a, id, answerId, longWav, {
      contentType: 'audio/wav',
      durationMs: 60_000,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('durationMs');
    const okWav = await uploadRecording(ctx.app, a, id, answerId, wavBody(2500), {
      contentType: 'audio/x-wav',
      durationMs: 9000,
    });
    expect(okWav.statusCode, okWav.body).toBe(200);
    expect(okWav.json()).toMatchObject({ format: 'audio/wav', durationMs: 2500 });
    await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/recordings',
      headers: { cookie: a.cookie, origin: ORIGIN },
    });
  });

  it('answers 413 past 10 MB for an answer and past 100 MB for an attempt, leaving nothing behind', async () => {
    const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, a, [
      ANSWER,
      ANSWER,
    ]);
    const before = await stored(a.userId);
    const big = await uploadRecording(
      ctx.app,
      a,
      id,
      answerIds[0]!,
      webmBody(RECORDING_LIMITS.answerMaxBytes + 1),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const atLimit = await uploadRecording(
      ctx.app,
      a,
      id,
      answerIds[0]!,
      webmBody(RECORDING_LIMITS.answerMaxBytes),
    );
    expect(atLimit.statusCode).toBe(200);

    // The attempt's other answers already hold all but 1000 bytes of the attempt's allowance.
    await ctx.database.db
      .update(recordings)
      .set({ sizeBytes: RECORDING_LIMITS.attemptMaxBytes - 1000 })
      .where(eq(recordings.messageId, answerIds[0]!));
    const over = await uploadRecording(ctx.app, a, id, answerIds[1]!, webmBody(1001));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/100 MB/);
    expect((await uploadRecording(ctx.app, a, id, answerIds[1]!, webmBody(1000))).statusCode).toBe(
      200,
    );
    // Replacing an answer's own recording does not count it twice.
    expect((await uploadRecording(ctx.app, a, id, answerIds[1]!, webmBody(1000))).statusCode).toBe(
      200,
    );
    expect((await stored(a.userId)).length).toBe(before.length + 2);
    await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/recordings',
      headers: { cookie: a.cookie, origin: ORIGIN },
    });
  });

  it('a cut-off upload leaves no file, object or row', async () => {
    const me = await signUpCandidate(ctx.app);
    const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, me, [ANSWER]);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const half = webmBody(50_000).subarray(0, 20_000);
    socket.write(
      [
        `PUT /api/interview/${id}/answers/${answerIds[0]}/recording?durationMs=3000 HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Origin: ${ORIGIN}`,
        `Cookie: ${me.cookie}`,
        'Content-Type: audio/webm',
        'Content-Length: 50000',
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(half);
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rowsOf(id)).toEqual([]);
    expect(await stored(me.userId)).toEqual([]);
    if (storage === 'disk') {
      // Not even a temporary file.
      expect(fs.existsSync(path.join(dataDir, 'users', me.userId))).toBe(false);
    }
  });

  it('replaces a recording on a second upload (one row, the old audio gone)', async () => {
    const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, a, [ANSWER]);
    const first = webmBody(3000);
    const second = webmBody(5000);
    expect((await uploadRecording(ctx.app, a, id, answerIds[0]!, first)).statusCode).toBe(200);
    expect((await uploadRecording(ctx.app, a, id, answerIds[0]!, second)).statusCode).toBe(200);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    const objects = (await stored(a.userId)).filter((o) => o.key.includes(id));
    expect(objects).toEqual([{ key: rows[0]!.storageKey, size: second.length }]);
    expect((await playRecording(ctx.app, a, id, answerIds[0]!)).rawPayload.equals(second)).toBe(
      true,
    );
  });

  it('turning recordings off deletes what was kept and refuses uploads with RECORDINGS_OFF', async () => {
    const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, a, [ANSWER]);
    expect((await uploadRecording(ctx.app, a, id, answerIds[0]!, webmBody())).statusCode).toBe(200);
    const off = await saveAttempt(ctx.app, a.cookie, id, { keepRecordings: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().keepRecordings).toBe(false);
    expect(await rowsOf(id)).toEqual([]);
    expect((await stored(a.userId)).filter((o) => o.key.includes(id))).toEqual([]);
    const refused = await uploadRecording(ctx.app, a, id, answerIds[0]!, webmBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('RECORDINGS_OFF');
  });

  it('an end that is refused leaves the rest of the save unwritten: recordings stay on, audio kept', async () => {
    // Found by the fuzzing: `{status: 'completed', keepRecordings: false}` on an attempt that
    // cannot end turned recordings off (and deleted the audio) while answering 409.
    const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, a, [ANSWER]);
    expect((await uploadRecording(ctx.app, a, id, answerIds[0]!, webmBody())).statusCode).toBe(200);
    const save = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/interview/${id}`,
        headers: { cookie: a.cookie, origin: ORIGIN },
        payload,
      });
    const notYet = await save({ status: 'completed', early: false, keepRecordings: false });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('NOT_COMPLETE');
    expect(await rowsOf(id)).toHaveLength(1);
    const rowOf = async () =>
      (await ctx.database.db.select().from(interviews).where(eq(interviews.id, id)))[0]!;
    expect((await rowOf()).keepRecordings).toBe(true);
    expect((await save({ status: 'cancelled' })).statusCode).toBe(200);
    const discarded = await rowOf();
    const ended = await save({
      status: 'completed',
      early: true,
      keepRecordings: !discarded.keepRecordings,
    });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().code).toBe('INTERVIEW_ENDED');
    expect(await rowOf()).toEqual(discarded);
  });

  it('discarding an attempt deletes its audio, and it takes no more', async () => {
    const keep = await attemptWithAnswers(ctx.app, ctx.database.db, a, [ANSWER]);
    const drop = await attemptWithAnswers(ctx.app, ctx.database.db, a, [ANSWER, ANSWER]);
    for (const [attempt, answerId] of [
      [keep.id, keep.answerIds[0]!],
      [drop.id, drop.answerIds[0]!],
      [drop.id, drop.answerIds[1]!],
    ] as const) {
      expect((await uploadRecording(ctx.app, a, attempt, answerId, webmBody())).statusCode).toBe(
        200,
      );
    }
    const res = await saveAttempt(ctx.app, a.cookie, drop.id, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(drop.id)).toEqual([]);
    const left = await stored(a.userId);
    expect(left.filter((o) => o.key.includes(drop.id))).toEqual([]);
    expect(left.filter((o) => o.key.includes(keep.id))).toHaveLength(1);
    const late = await uploadRecording(ctx.app, a, drop.id, drop.answerIds[0]!, webmBody());
    expect(late.statusCode).toBe(409);
  });

  it('Settings: shows how much is kept and deletes all of it, only the caller’s', async () => {
    const me = await signUpCandidate(ctx.app);
    const mine = await attemptWithAnswers(ctx.app, ctx.database.db, me, [ANSWER, ANSWER]);
    const theirs = await attemptWithAnswers(ctx.app, ctx.database.db, b, [ANSWER]);
    await uploadRecording(ctx.app, me, mine.id, mine.answerIds[0]!, webmBody(2000));
    await uploadRecording(ctx.app, me, mine.id, mine.answerIds[1]!, webmBody(3000));
    await uploadRecording(ctx.app, b, theirs.id, theirs.answerIds[0]!, webmBody(1000));
    const usage = async (who: SignedIn) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/user/recordings',
          headers: { cookie: who.cookie },
        })
      ).json<RecordingUsage>();
    expect(await usage(me)).toEqual({
      count: 2,
      bytes: 5000,
      retentionDays: 30,
      quotaBytes: 500 * 1024 * 1024,
    });

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/recordings',
      headers: { cookie: me.cookie, origin: ORIGIN },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ deleted: 2 });
    expect(await usage(me)).toMatchObject({ count: 0, bytes: 0, retentionDays: 30 });
    expect(await stored(me.userId)).toEqual([]);
    expect((await usage(b)).count).toBeGreaterThanOrEqual(1);
    expect((await playRecording(ctx.app, b, theirs.id, theirs.answerIds[0]!)).statusCode).toBe(200);
  });

  it('the retention sweep deletes recordings older than RECORDINGS_RETENTION_DAYS, objects and rows', async () => {
    const me = await signUpCandidate(ctx.app);
    const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, me, [
      ANSWER,
      ANSWER,
      ANSWER,
    ]);
    for (const answerId of answerIds) {
      expect((await uploadRecording(ctx.app, me, id, answerId, webmBody())).statusCode).toBe(200);
    }
    const day = 86_400_000;
    const now = new Date();
    // 31 and 45 days old: past a 30-day retention; 29 days: kept.
    for (const [answerId, age] of [
      [answerIds[0]!, 31 * day],
      [answerIds[1]!, 45 * day],
      [answerIds[2]!, 29 * day],
    ] as const) {
      await ctx.database.db
        .update(recordings)
        .set({ createdAt: new Date(now.getTime() - age) })
        .where(eq(recordings.messageId, answerId));
    }
    const swept = await sweepExpiredRecordings(
      { db: ctx.database.db, store: ctx.app.deps.recordings, log: ctx.app.log, now: () => now },
      { retentionMs: 30 * day, batch: 1, lifetimeMs: 60_000, timeoutMs: 15_000 },
    );
    expect(swept.deleted).toBeGreaterThanOrEqual(2);
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.messageId)).toEqual([answerIds[2]]);
    expect((await stored(me.userId)).map((o) => o.key)).toEqual([rows[0]!.storageKey]);
    expect((await playRecording(ctx.app, me, id, answerIds[0]!)).statusCode).toBe(404);
    expect((await playRecording(ctx.app, me, id, answerIds[2]!)).statusCode).toBe(200);
  });

  it('deleting the account deletes its audio (and only its audio)', async () => {
    const me = await signUpCandidate(ctx.app);
    const mine = await attemptWithAnswers(ctx.app, ctx.database.db, me, [ANSWER]);
    const theirs = await attemptWithAnswers(ctx.app, ctx.database.db, b, [ANSWER]);
    await uploadRecording(ctx.app, me, mine.id, mine.answerIds[0]!, webmBody());
    await uploadRecording(ctx.app, b, theirs.id, theirs.answerIds[0]!, webmBody());
    expect(await stored(me.userId)).toHaveLength(1);
    const before = (await stored(b.userId)).length;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/account',
      headers: { cookie: me.cookie, origin: ORIGIN },
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(me.userId)).toEqual([]);
    if (storage === 'disk')
      expect(fs.existsSync(path.join(dataDir, 'users', me.userId))).toBe(false);
    expect(await stored(b.userId)).toHaveLength(before);
  });

  it('an administrator deleting a candidate deletes the candidate’s audio', async () => {
    const me = await signUpCandidate(ctx.app);
    const mine = await attemptWithAnswers(ctx.app, ctx.database.db, me, [ANSWER]);
    await uploadRecording(ctx.app, me, mine.id, mine.answerIds[0]!, webmBody());
    expect(await stored(me.userId)).toHaveLength(1);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/candidates/${me.userId}`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(me.userId)).toEqual([]);
  });
});

describe('recordings of deleted accounts in S3', () => {
  it('are removed at start-up when a deletion was cut off after its commit', async () => {
    const s3 = await startS3StandIn();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-rec-orphans-'));
    const ctx = await createTestApp('pglite', { DATA_DIR: dataDir, ...s3.env });
    try {
      const kept = await signUpCandidate(ctx.app);
      const mine = await attemptWithAnswers(ctx.app, ctx.database.db, kept, [ANSWER]);
      expect(
        (await uploadRecording(ctx.app, kept, mine.id, mine.answerIds[0]!, webmBody())).statusCode,
      ).toBe(200);
      // What a process killed right after the account's rows were deleted leaves behind.
      const gone = crypto.randomUUID();
      const store = ctx.app.deps.recordings;
      await store.put(
        `${userRecordingsPrefix(gone)}${crypto.randomUUID()}/${crypto.randomUUID()}.webm`,
        webmBody(),
        'audio/webm',
      );
      expect(await store.list(userRecordingsPrefix(gone))).toHaveLength(1);

      expect(await removeOrphanedRecordings(ctx.database.db, store)).toBe(1);
      expect(await store.list(userRecordingsPrefix(gone))).toEqual([]);
      expect(await store.list(userRecordingsPrefix(kept.userId))).toHaveLength(1);
    } finally {
      await ctx.close();
      await s3.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an object store that cannot be reached', () => {
  it('refuses the upload with 503 RECORDINGS_UNAVAILABLE and records nothing', async () => {
    const s3 = await startS3StandIn();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-rec-down-'));
    const ctx = await createTestApp('pglite', { DATA_DIR: dataDir, ...s3.env });
    try {
      const me = await signUpCandidate(ctx.app);
      const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, me, [ANSWER]);
      await s3.close();
      const res = await uploadRecording(ctx.app, me, id, answerIds[0]!, webmBody());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'RECORDINGS_UNAVAILABLE' });
      expect(
        await ctx.database.db.select().from(recordings).where(eq(recordings.interviewId, id)),
      ).toEqual([]);
    } finally {
      await ctx.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('COACH_REVIEW_RECORDINGS', () => {
  /** Ends the attempt early, skips the answer check, and waits for its report. */
  async function endWithReport(ctx: TestContext, who: SignedIn, id: string) {
    const ended = await saveAttempt(ctx.app, who.cookie, id, { status: 'completed', early: true });
    expect(ended.statusCode).toBe(200);
    await finishAnswerCheck(ctx.app, who.cookie, id);
    await waitForReport(ctx.app, who.cookie, id);
  }

  it('off (the default): the pre-start is told so, attempts are not marked, an administrator gets 403', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-rec-nocoach-'));
    const ctx = await createTestApp('pglite', { DATA_DIR: dataDir });
    try {
      const candidate = await signUpCandidate(ctx.app);
      const admin = await signInAdmin(ctx.app);
      const setup = await ctx.app.inject({
        method: 'GET',
        url: '/api/interview/speech',
        headers: { cookie: candidate.cookie },
      });
      expect(setup.json()).toMatchObject({ coachesMayListen: false });
      const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, candidate, [
        ANSWER,
      ]);
      await uploadRecording(ctx.app, candidate, id, answerIds[0]!, webmBody());
      await endWithReport(ctx, candidate, id);
      const [row] = await ctx.database.db
        .select({ told: interviews.coachesMayListen })
        .from(interviews)
        .where(eq(interviews.id, id));
      expect(row!.told).toBe(false);
      expect((await playRecording(ctx.app, admin, id, answerIds[0]!)).statusCode).toBe(403);
      const report = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/candidates/${candidate.userId}/attempts/${id}/report`,
        headers: { cookie: admin.cookie },
      });
      expect(report.json()).toMatchObject({ recordingsAllowed: false, recordings: [] });
    } finally {
      await ctx.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on: a coach plays the recordings of attempts whose candidate was told, each play audited once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-rec-coach-'));
    const ctx = await createTestApp('pglite', {
      DATA_DIR: dataDir,
      COACH_REVIEW_RECORDINGS: 'true',
    });
    try {
      const candidate = await signUpCandidate(ctx.app);
      const other = await signUpCandidate(ctx.app);
      const admin = await signInAdmin(ctx.app);
      const setup = await ctx.app.inject({
        method: 'GET',
        url: '/api/interview/speech',
        headers: { cookie: candidate.cookie },
      });
      expect(setup.json()).toMatchObject({ coachesMayListen: true });
      const { id, answerIds } = await attemptWithAnswers(ctx.app, ctx.database.db, candidate, [
        ANSWER,
        'A second answer, long enough to keep.',
      ]);
      const audio = webmBody();
      for (const answerId of answerIds) {
        expect((await uploadRecording(ctx.app, candidate, id, answerId, audio)).statusCode).toBe(
          200,
        );
      }
      await endWithReport(ctx, candidate, id);
      const reportUrl = `/api/admin/candidates/${candidate.userId}/attempts/${id}/report`;
      const report = await ctx.app.inject({
        method: 'GET',
        url: reportUrl,
        headers: { cookie: admin.cookie },
      });
      expect(report.json()).toMatchObject({
        recordingsAllowed: true,
        recordings: answerIds.map((answerId) => ({ answerId })),
      });

      const plays = () =>
        ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'recording_played'));
      const played = await playRecording(ctx.app, admin, id, answerIds[0]!, 'bytes=0-99');
      expect(played.statusCode).toBe(206);
      expect(played.rawPayload.equals(audio.subarray(0, 100))).toBe(true);
      // Seeking within the same play is not another entry.
      expect(
        (await playRecording(ctx.app, admin, id, answerIds[0]!, 'bytes=100-')).statusCode,
      ).toBe(206);
      expect(await plays()).toEqual([
        expect.objectContaining({
          candidateId: candidate.userId,
          interviewId: id,
          actorId: admin.userId,
          details: { answerId: answerIds[0] },
        }),
      ]);
      // The candidate playing their own answer is not a coach's view.
      expect((await playRecording(ctx.app, candidate, id, answerIds[0]!)).statusCode).toBe(200);
      expect(await plays()).toHaveLength(1);
      // Another candidate still cannot, nor can an administrator upload.
      expect((await playRecording(ctx.app, other, id, answerIds[0]!)).statusCode).toBe(403);
      expect((await uploadRecording(ctx.app, admin, id, answerIds[0]!, audio)).statusCode).toBe(
        401,
      );

      // An attempt made before the operator turned it on: its candidate heard "Only you can
      // play it", so it stays theirs alone.
      await ctx.database.db
        .update(interviews)
        .set({ coachesMayListen: false })
        .where(eq(interviews.id, id));
      const untold = await ctx.app.inject({
        method: 'GET',
        url: reportUrl,
        headers: { cookie: admin.cookie },
      });
      expect(untold.json()).toMatchObject({ recordingsAllowed: false, recordings: [] });
      expect((await playRecording(ctx.app, admin, id, answerIds[0]!)).statusCode).toBe(403);
      expect(await plays()).toHaveLength(1);
    } finally {
      await ctx.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
