import type { Readable } from 'node:stream';

/**
 * Where the audio of answers is kept (issue 14): a folder under DATA_DIR (disk-store.ts) or any
 * S3-compatible bucket (s3-store.ts), chosen from the configuration (index.ts). Code that keeps,
 * plays or deletes recordings receives a store as a dependency and never knows which one it is.
 *
 * Keys are paths made by `recordingKey`: `users/<user id>/recordings/<attempt id>/<recording id>.<ext>`.
 * On disk that is `$DATA_DIR/users/<user id>/recordings/…`, inside the folder that deleting an
 * account already removes (modules/account/user-files.ts).
 */
export interface RecordingStore {
  readonly kind: 'disk' | 's3';
  /**
   * Stores the whole body under `key`, all at once: a failed write leaves nothing at `key` (disk:
   * a temporary file renamed into place; S3: one PutObject, which either creates the object or not).
   */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes `start`..`end` (inclusive) of the object, or all of it; null when there is none. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  /** Deletes the objects; a key that is already gone is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Deletes every object whose key starts with `prefix`; answers how many went. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every object under `prefix`, with its size. */
  list(prefix: string): Promise<{ key: string; size: number }[]>;
  /** Checks the store can be used (the folder is writable, the bucket answers); throws otherwise. */
  check(): Promise<void>;
  close(): void;
}

/** Ids that go into keys: UUIDs only, so no id can make a key leave its folder. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
};

function uuid(id: string, what: string): string {
  if (!UUID.test(id)) throw new Error(`${what} is not a UUID: ${JSON.stringify(id)}`);
  return id.toLowerCase();
}

/** Everything of one user in the store (what deleting the account deletes). */
export function userRecordingsPrefix(userId: string): string {
  return `users/${uuid(userId, 'user id')}/recordings/`;
}

/** Everything of one attempt (what discarding it deletes). */
export function attemptRecordingsPrefix(userId: string, interviewId: string): string {
  return `${userRecordingsPrefix(userId)}${uuid(interviewId, 'attempt id')}/`;
}

/**
 * The key of one stored recording. Each upload gets a new recording id, so a replacement never
 * overwrites audio someone may be playing; the old key is deleted once the new one is recorded.
 */
export function recordingKey(
  userId: string,
  interviewId: string,
  recordingId: string,
  format: string,
): string {
  const ext = EXTENSIONS[format] ?? 'bin';
  return `${attemptRecordingsPrefix(userId, interviewId)}${uuid(recordingId, 'recording id')}.${ext}`;
}
