/** Where the time of the last automatic reload is kept, so a broken deploy cannot loop. */
export const CHUNK_RELOAD_KEY = 'chunkReloadAt';
const MIN_INTERVAL_MS = 60_000;

/** True when an error says a code chunk (a lazy route or its CSS) failed to load. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk/i.test(
    message,
  );
}

/**
 * Reloads the page to fetch the current build, at most once a minute (spec section 8).
 * Returns false when a reload happened less than a minute ago, so the caller shows an error.
 */
export function reloadForNewChunks(
  now = Date.now(),
  storage: Storage = localStorage,
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < MIN_INTERVAL_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}
