// s3rver ships no types; only what the tests use.
declare module 's3rver' {
  import type { Server } from 'node:http';
  type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string }>;
  };
  // The package's own shape: its one export is the default.
  // eslint-disable-next-line import/no-default-export
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer: Server;
  }
}
