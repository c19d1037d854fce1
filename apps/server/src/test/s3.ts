import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-compatible object store on loopback for the tests (s3rver: the S3 REST protocol over a
 * folder), with one bucket. `env` is what a server needs to keep its recordings there.
 */
export interface S3StandIn {
  env: Record<string, string>;
  /** The folder s3rver keeps the objects in (to see that nothing partial was left). */
  directory: string;
  close(): Promise<void>;
}

export const TEST_BUCKET = 'candor-recordings';

export async function startS3StandIn(): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  return {
    directory,
    env: {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's own fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
