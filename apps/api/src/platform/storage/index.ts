/** File storage (docs/decisions/file-storage.md). */
export { checkStorageKey, createLocalFileStorage, type FileStorage } from './storage';
