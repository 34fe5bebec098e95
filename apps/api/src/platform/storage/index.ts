/** File storage (docs/decisions/file-storage.md). */
import { createS3FileStorage, type S3StorageOptions } from './s3-storage';
import { createLocalFileStorage, type FileStorage } from './storage';

export { checkStorageKey, createLocalFileStorage, type FileStorage } from './storage';
export { createS3FileStorage, type S3StorageOptions } from './s3-storage';

/** Which storage the configuration chose (FILE_STORAGE, config/env.ts). */
export type FileStorageConfig =
  { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageOptions);

export function createFileStorage(config: FileStorageConfig): FileStorage {
  if (config.kind === 's3') {
    const { kind: _kind, ...options } = config;
    return createS3FileStorage(options);
  }
  return createLocalFileStorage(config.dir);
}
