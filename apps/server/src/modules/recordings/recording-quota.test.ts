import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingUsage } from '@candor/shared';
import { recordings } from '../../db/schema';
import { userRecordingsPrefix } from './store/store';
import { createTestApp, databaseKinds, type TestContext } from '../../test/harness';
import { attemptWithAnswers, uploadRecording, webmBody } from '../../test/recordings';
import { ORIGIN, signUpCandidate, type SignedIn } from '../../test/users';

/**
 * Issue 24, finding 12: recordings had limits per answer and per attempt but none per candidate,
 * so one account could fill the operator's disk one attempt at a time. RECORDINGS_QUOTA_MB (1 MB
 * here) counts every attempt of the candidate together: past it an upload is refused with 413
 * RECORDING_QUOTA saying why, leaving no file and no row, exactly also when uploads race.
 */
const KB = 1024;

describe.each(databaseKinds())('the recording quota on %s', (kind) => {
  let ctx: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-quota-'));
    ctx = await createTestApp(kind, {
      DATA_DIR: dataDir,
      SIGN_IN_RATE_LIMIT: '1000',
      RECORDINGS_QUOTA_MB: '1',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const kept = async (who: SignedIn) => ({
    rows: await ctx.database.db.select().from(recordings).where(eq(recordings.userId, who.userId)),
    files: await ctx.app.deps.recordings.list(userRecordingsPrefix(who.userId)),
  });
  const usage = async (who: SignedIn) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/user/recordings',
        headers: { cookie: who.cookie, origin: ORIGIN },
      })
    ).json<RecordingUsage>();

  it('counts every attempt of the candidate together, says why past it, and keeps nothing', async () => {
    const zoe = await signUpCandidate(ctx.app);
    const first = await attemptWithAnswers(ctx.app, ctx.database.db, zoe, ['One', 'Two']);
    const second = await attemptWithAnswers(ctx.app, ctx.database.db, zoe, ['Three']);
    const ok = await uploadRecording(
      ctx.app,
      zoe,
      first.id,
      first.answerIds[0]!,
      webmBody(600 * KB),
    );
    expect(ok.statusCode, ok.body).toBe(200);

    const over = await uploadRecording(
      ctx.app,
      zoe,
      second.id,
      second.answerIds[0]!,
      webmBody(500 * KB),
    );
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      code: 'RECORDING_QUOTA',
      message:
        'Your recordings take 0.6 MB of the 1 MB you may keep: delete some in Settings to keep new ones',
    });
    expect((await kept(zoe)).rows).toHaveLength(1);
    expect((await kept(zoe)).files).toHaveLength(1);
    expect(await usage(zoe)).toEqual({
      count: 1,
      bytes: 600 * KB,
      retentionDays: 30,
      quotaBytes: 1024 * KB,
    });

    // A replacement does not count the audio it replaces; another candidate has their own quota.
    const replaced = await uploadRecording(
      ctx.app,
      zoe,
      first.id,
      first.answerIds[0]!,
      webmBody(900 * KB),
    );
    expect(replaced.statusCode).toBe(200);
    const ada = await signUpCandidate(ctx.app);
    const hers = await attemptWithAnswers(ctx.app, ctx.database.db, ada, ['Mine']);
    expect(
      (await uploadRecording(ctx.app, ada, hers.id, hers.answerIds[0]!, webmBody(900 * KB)))
        .statusCode,
    ).toBe(200);

    // Deleting in Settings makes room again.
    await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/recordings',
      headers: { cookie: zoe.cookie, origin: ORIGIN },
    });
    expect(
      (await uploadRecording(ctx.app, zoe, second.id, second.answerIds[0]!, webmBody(500 * KB)))
        .statusCode,
    ).toBe(200);
  });

  it('holds exactly when uploads to different attempts race', async () => {
    const lin = await signUpCandidate(ctx.app);
    const attempts = await Promise.all(
      [0, 1, 2].map(() => attemptWithAnswers(ctx.app, ctx.database.db, lin, ['Answer'])),
    );
    const results = await Promise.all(
      attempts.map((a) => uploadRecording(ctx.app, lin, a.id, a.answerIds[0]!, webmBody(400 * KB))),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 413]);
    const { rows, files } = await kept(lin);
    expect(rows).toHaveLength(2);
    expect(files).toHaveLength(2);
  });
});
