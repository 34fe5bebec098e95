import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../src/platform/storage';

export type TestS3Server = {
  /** Options for createS3FileStorage that reach this server. */
  options: S3StorageOptions;
  /** The same, as FILE_STORAGE=s3 environment for loadConfig. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/**
 * A real S3-compatible server (s3rver: pure Node, keeps objects in a temporary folder, and checks
 * SigV4 signatures against its one account S3RVER/S3RVER) on a random loopback port.
 */
export async function startTestS3Server(bucket = 'attachments'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    options: {
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
