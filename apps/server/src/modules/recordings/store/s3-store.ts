import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { RecordingStore } from './store';

export interface S3StoreOptions {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`http://host/bucket/key`): MinIO, s3rver, Garage and most self-hosted stores. */
  forcePathStyle: boolean;
  /** Each request to the store gives up after this long. */
  timeoutMs?: number;
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Recordings in any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Garage, Ceph…), so
 * several server processes share them. Recordings are at most RECORDING_LIMITS.answerMaxBytes, so
 * each is one PutObject of a body already received and checked: S3 creates the object whole or not
 * at all, so a failed upload never leaves a partial object, and no multipart upload is ever open.
 *
 * Checksums are sent only where the operation requires them: the SDK's newer defaults (a CRC32 on
 * every request) are refused by several S3-compatible stores.
 */
export function createS3Store(options: S3StoreOptions): RecordingStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: {
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = options.bucket;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const signal = () => ({ abortSignal: AbortSignal.timeout(timeoutMs) });

  async function list(prefix: string) {
    const found: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        signal(),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) found.push({ key: o.Key, size: o.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async function remove(keys: readonly string[]) {
    // One request per key: DeleteObjects needs a Content-MD5 that not every store accepts, and a
    // candidate's recordings are few.
    for (const Key of keys) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }), signal());
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
  }

  return {
    kind: 's3',
    async put(Key, body, ContentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: body, ContentType, ContentLength: body.length }),
        signal(),
      );
    },
    async read(Key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
          // The body streams for as long as the listener takes: no timeout on it.
        );
        return (out.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    delete: remove,
    async deletePrefix(prefix) {
      const keys = (await list(prefix)).map((o) => o.key);
      await remove(keys);
      return keys.length;
    },
    list,
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }), signal());
    },
    close() {
      client.destroy();
    },
  };
}
