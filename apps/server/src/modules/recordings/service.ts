import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  RECORDING_LIMITS,
  RECORDINGS_OFF,
  type AttemptRecordings,
  type RecordingFormat,
  type RecordingInfo,
  type RecordingUsage,
  type Role,
} from '@candor/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interviewMessages, interviews, recordings, user } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { looksLike, wavDurationMs } from './formats';
import {
  attemptRecordingsPrefix,
  recordingKey,
  userRecordingsPrefix,
  type RecordingStore,
} from './store/store';
import { recordView, type Actor } from '../audit';
import { candidatesIn, scopeOf } from '../cohorts';
import { assertAttemptId, loadOwned, lockOwned } from '../interviews';

/**
 * Keeping, playing and deleting the audio of answers (issue 14). The bytes are in the store, the
 * rows (`recordings`) say whose they are; the store is written first and the row after, and a row
 * whose write fails takes its new object with it, so a recording is either whole and listed or not
 * there at all.
 */
export interface RecordingDeps {
  db: Db;
  store: RecordingStore;
  log: Logger;
}

/** Uploads also need the candidate's quota (RECORDINGS_QUOTA_MB, decision 036). */
export interface UploadDeps extends RecordingDeps {
  quotaBytes: number;
}

type RecordingRow = typeof recordings.$inferSelect;

const MB = 1024 * 1024;

function info(row: RecordingRow): RecordingInfo {
  return {
    answerId: row.messageId,
    format: row.format,
    durationMs: row.durationMs,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

const tooLarge = (message: string) => new AppError(413, message);
/** The store (a full disk, an unreachable bucket) failed: said plainly, logged with the cause. */
const storeUnavailable = () =>
  new AppError(
    503,
    'Recordings cannot be stored or played right now. Please try again later.',
    undefined,
    'RECORDINGS_UNAVAILABLE',
  );

/** The candidate's own answer of this attempt, or 404. */
async function loadAnswer(db: Db, interviewId: string, answerId: string) {
  const [row] = await db
    .select({ id: interviewMessages.id })
    .from(interviewMessages)
    .where(
      and(
        eq(interviewMessages.id, answerId),
        eq(interviewMessages.interviewId, interviewId),
        eq(interviewMessages.speaker, 'User'),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Answer not found');
}

function assertTakesRecordings(row: { status: string; keepRecordings: boolean }) {
  if (row.status === 'cancelled') {
    throw conflict(
      'This interview was discarded or closed: nothing more is kept',
      'INTERVIEW_ENDED',
    );
  }
  if (!row.keepRecordings) throw conflict(RECORDINGS_OFF.message, RECORDINGS_OFF.code);
}

/** Bytes kept for an attempt and for its candidate, besides the answer being replaced. */
async function bytesBesides(
  db: Pick<Db, 'select'>,
  owner: { interviewId: string; userId: string },
  answerId: string,
) {
  const [row] = await db
    .select({
      attempt: sql<string>`coalesce(sum(${recordings.sizeBytes}) filter (where ${recordings.interviewId} = ${owner.interviewId}), 0)`,
      candidate: sql<string>`coalesce(sum(${recordings.sizeBytes}), 0)`,
    })
    .from(recordings)
    .where(and(eq(recordings.userId, owner.userId), ne(recordings.messageId, answerId)));
  return { attempt: Number(row?.attempt ?? 0), candidate: Number(row?.candidate ?? 0) };
}

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(bytes % MB === 0 ? 0 : 1)} MB`;

/**
 * `PUT …/answers/:answerId/recording`: keeps (or replaces) the audio of one stored answer of the
 * owner's attempt. The body was received whole (the route's body limit answers 413 beyond
 * RECORDING_LIMITS.answerMaxBytes); it is checked to be the format it says, within the limits,
 * then written to the store under a new key and recorded; the audio it replaces is deleted after.
 */
export async function saveRecording(
  deps: UploadDeps,
  userId: string,
  interviewId: string,
  answerId: string,
  upload: { format: RecordingFormat; body: Buffer; durationMs: number },
): Promise<RecordingInfo> {
  const { db, store } = deps;
  const attempt = await loadOwned(db, userId, interviewId);
  assertTakesRecordings(attempt);
  await loadAnswer(db, interviewId, answerId);

  const { body, format } = upload;
  if (body.length === 0) {
    throw badRequest('body: The recording is empty', { body: 'The recording is empty' });
  }
  if (body.length > RECORDING_LIMITS.answerMaxBytes) {
    throw tooLarge(`A recording may be at most ${RECORDING_LIMITS.answerMaxBytes / MB} MB`);
  }
  if (!looksLike(format, body)) {
    const message = `The body is not ${format} audio`;
    throw badRequest(`content-type: ${message}`, { 'content-type': message });
  }
  let durationMs = upload.durationMs;
  if (format === 'audio/wav') {
    // A WAV file says how long it is: its own length wins over the page's measure.
    const measured = wavDurationMs(body);
    if (measured !== null) durationMs = Math.max(1, measured);
  }
  if (durationMs > RECORDING_LIMITS.answerMaxMs) {
    const message = `A recording may last at most ${RECORDING_LIMITS.answerMaxMs / 60_000} minutes`;
    throw badRequest(`durationMs: ${message}`, { durationMs: message });
  }
  const attemptFull = () =>
    tooLarge(
      `The recordings of one interview may take at most ${RECORDING_LIMITS.attemptMaxBytes / MB} MB`,
    );
  // Every attempt of the candidate together: the operator's disk or bucket has a bottom.
  const quotaFull = (held: number) =>
    new AppError(
      413,
      `Your recordings take ${megabytes(held)} of the ${megabytes(deps.quotaBytes)} you may keep: delete some in Settings to keep new ones`,
      undefined,
      'RECORDING_QUOTA',
    );
  /** The limits against what is kept now (read again under the locks before the row is written). */
  const check = (kept: { attempt: number; candidate: number }) => {
    if (kept.attempt + body.length > RECORDING_LIMITS.attemptMaxBytes) throw attemptFull();
    if (kept.candidate + body.length > deps.quotaBytes) throw quotaFull(kept.candidate);
  };
  const owner = { interviewId, userId: attempt.userId };
  check(await bytesBesides(db, owner, answerId));

  const id = crypto.randomUUID();
  const key = recordingKey(attempt.userId, interviewId, id, format);
  await store.put(key, body, format).catch((err: unknown) => {
    deps.log.error({ err, interviewId }, 'the recording store refused an upload');
    throw storeUnavailable();
  });
  let replaced: string | null = null;
  let row: RecordingRow;
  try {
    row = await db.transaction(async (tx) => {
      // Uploads of one candidate are recorded one at a time (the account's row, then the
      // attempt's, the order account deletion locks them in), so both totals are exact.
      await tx.select({ id: user.id }).from(user).where(eq(user.id, owner.userId)).for('update');
      const locked = await lockOwned(tx, userId, interviewId);
      assertTakesRecordings(locked);
      check(await bytesBesides(tx, owner, answerId));
      const [existing] = await tx
        .select({ key: recordings.storageKey })
        .from(recordings)
        .where(eq(recordings.messageId, answerId))
        .for('update');
      const values = {
        id,
        storageKey: key,
        format,
        durationMs,
        sizeBytes: body.length,
        createdAt: new Date(),
      };
      if (existing) {
        replaced = existing.key;
        const [updated] = await tx
          .update(recordings)
          .set(values)
          .where(eq(recordings.messageId, answerId))
          .returning();
        return updated!;
      }
      const [inserted] = await tx
        .insert(recordings)
        .values({ ...values, messageId: answerId, interviewId, userId: attempt.userId })
        .returning();
      return inserted!;
    });
  } catch (err) {
    await store.delete([key]).catch((cleanup: unknown) => {
      deps.log.warn({ err: cleanup, key }, 'could not delete the audio of a refused upload');
    });
    throw err;
  }
  if (replaced) {
    await store.delete([replaced]).catch((err: unknown) => {
      deps.log.warn({ err, key: replaced }, 'could not delete a replaced recording');
    });
  }
  return info(row);
}

/** An attempt's recordings (owner only), for the report's play controls. */
export async function listAttemptRecordings(
  db: Db,
  userId: string,
  interviewId: string,
): Promise<AttemptRecordings> {
  const attempt = await loadOwned(db, userId, interviewId);
  const rows = await db
    .select()
    .from(recordings)
    .where(eq(recordings.interviewId, interviewId))
    .orderBy(asc(recordings.createdAt));
  return { keepRecordings: attempt.keepRecordings, recordings: rows.map(info) };
}

/** One byte range of a file of `size` bytes, or the whole file; see `parseRange`. */
export type RangeRequest = { start: number; end: number } | 'whole' | 'unsatisfiable';

/**
 * A `Range` header against a file of `size` bytes (RFC 9110 §14): `bytes=a-b`, `bytes=a-`,
 * `bytes=-n`. A header that is not a single byte range is ignored (the whole file, 200), as the
 * RFC allows; a range that starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return 'whole';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  const [, from, to] = match;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return 'whole';
  return { start, end };
}

/** 416: the route answers it with a `Content-Range` naming the size. */
export class RangeNotSatisfiable extends AppError {
  constructor(readonly size: number) {
    super(416, `The range is outside the recording (${size} bytes)`);
  }
}

export interface Playback {
  status: 200 | 206;
  format: RecordingFormat;
  size: number;
  range: { start: number; end: number } | null;
  stream: Readable;
}

/** The headers of a playback answer: its type, length and range, never kept by a shared cache. */
export function playbackHeaders(playback: Playback): Record<string, string> {
  const { range, size } = playback;
  return {
    'content-type': playback.format,
    'accept-ranges': 'bytes',
    // Personal audio: never kept by a shared cache.
    'cache-control': 'private, no-store',
    'content-length': String(range ? range.end - range.start + 1 : size),
    ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${size}` } : {}),
  };
}

/** Played to its owner only, unless the operator turned on COACH_REVIEW_RECORDINGS. */
export const OWNER_ONLY = 'A recording is played to the candidate who made it only';

/**
 * The audio of one answer, whole or one range of it, to its owner (`viewer.userId`), or to a
 * coach (`viewer.coach`: an administrator, or a coach of the candidate's cohort, with
 * COACH_REVIEW_RECORDINGS on, checked by the route) when the candidate was told before the attempt started that coaches may listen. A
 * coach's listening is written to the audit log once per play (its first byte range), not per seek.
 */
export async function playRecording(
  deps: RecordingDeps,
  viewer: { userId: string } | { coach: Actor & { role: Role } },
  interviewId: string,
  answerId: string,
  rangeHeader: string | undefined,
): Promise<Playback> {
  if ('userId' in viewer) await loadOwned(deps.db, viewer.userId, interviewId);
  else {
    assertAttemptId(interviewId);
    const [attempt] = await deps.db
      .select({ userId: interviews.userId, told: interviews.coachesMayListen })
      .from(interviews)
      // A coach (decision 046): their cohorts' candidates' attempts only; another is not found.
      .where(
        and(eq(interviews.id, interviewId), candidatesIn(scopeOf(viewer.coach), interviews.userId)),
      )
      .limit(1);
    if (!attempt) throw notFound('Interview not found');
    if (!attempt.told) throw forbidden(OWNER_ONLY);
    if (!rangeHeader || /^bytes=0-/.test(rangeHeader.trim())) {
      await recordView(deps.db, viewer.coach, {
        action: 'recording_played',
        candidateId: attempt.userId,
        interviewId,
        details: { answerId },
      });
    }
  }
  const [row] = await deps.db
    .select()
    .from(recordings)
    .where(and(eq(recordings.messageId, answerId), eq(recordings.interviewId, interviewId)))
    .limit(1);
  if (!row) throw notFound('This answer has no recording');
  const range = parseRange(rangeHeader, row.sizeBytes);
  if (range === 'unsatisfiable') throw new RangeNotSatisfiable(row.sizeBytes);
  const part = range === 'whole' ? null : range;
  const stream = await deps.store.read(row.storageKey, part ?? undefined).catch((err: unknown) => {
    deps.log.error({ err, interviewId }, 'the recording store could not be read');
    throw storeUnavailable();
  });
  if (!stream) throw notFound('This answer has no recording');
  return { status: part ? 206 : 200, format: row.format, size: row.sizeBytes, range: part, stream };
}

/** Deletes an attempt's audio (discarded, or the candidate turned recordings off for it). */
export async function deleteAttemptRecordings(
  deps: RecordingDeps,
  userId: string,
  interviewId: string,
): Promise<number> {
  // The objects first: rows left by a failure here still point at them, so a retry finds them.
  await deps.store.deletePrefix(attemptRecordingsPrefix(userId, interviewId));
  const gone = await deps.db
    .delete(recordings)
    .where(eq(recordings.interviewId, interviewId))
    .returning({ id: recordings.id });
  return gone.length;
}

/** Settings' "Delete all recordings". */
export async function deleteAllRecordings(deps: RecordingDeps, userId: string) {
  await deps.store.deletePrefix(userRecordingsPrefix(userId));
  const gone = await deps.db
    .delete(recordings)
    .where(eq(recordings.userId, userId))
    .returning({ id: recordings.id });
  return { deleted: gone.length };
}

/** Settings: how much is kept. */
export async function recordingUsage(
  db: Db,
  userId: string,
  limits: { retentionDays: number; quotaBytes: number },
): Promise<RecordingUsage> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      bytes: sql<string>`coalesce(sum(${recordings.sizeBytes}), 0)`,
    })
    .from(recordings)
    .where(eq(recordings.userId, userId));
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0), ...limits };
}
