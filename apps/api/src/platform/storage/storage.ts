import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files (support inquiry attachments) live: one interface, a folder under
 * DATA_DIR by default, or S3-compatible object storage (FILE_STORAGE=s3, s3-storage.ts;
 * docs/decisions/file-storage.md).
 */
export type FileStorage = {
  /** Stores bytes under a key, replacing what was there. */
  put: (key: string, body: Uint8Array) => Promise<void>;
  /** A stream of the stored bytes and their size, or undefined when nothing is stored. */
  open: (key: string) => Promise<{ stream: Readable; sizeBytes: number } | undefined>;
  exists: (key: string) => Promise<boolean>;
  remove: (key: string) => Promise<void>;
};

/** Keys are relative paths of safe segments: nothing can escape the storage root. */
export function checkStorageKey(key: string): string {
  const segments = key.split('/');
  const safe =
    key.length > 0 &&
    key.length <= 512 &&
    segments.every((s) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(s) && s !== '.' && !s.includes('..'));
  if (!safe) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** The local folder storage. */
export function createLocalFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => path.join(root, ...checkStorageKey(key).split('/'));
  return {
    put: async (key, body) => {
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, body, { mode: 0o600 });
      await fs.rename(temp, file);
    },
    open: async (key) => {
      const file = pathOf(key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return undefined;
        return { stream: createReadStream(file), sizeBytes: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    exists: async (key) => {
      try {
        return (await fs.stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    remove: async (key) => {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
