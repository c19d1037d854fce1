import type { Config } from '../../../config';
import { createDiskStore } from './disk-store';
import { createS3Store } from './s3-store';
import type { RecordingStore } from './store';

export type { RecordingStore } from './store';

/** The store the configuration asks for: S3 when S3_BUCKET is set, else DATA_DIR on disk. */
export function createRecordingStore(config: Config): RecordingStore {
  if (config.S3_BUCKET) {
    return createS3Store({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      // Both are required with S3_BUCKET (checked at start-up).
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
    });
  }
  return createDiskStore(config.DATA_DIR);
}
