/**
 * Where a running import is, for the screen's progress bar (issue 12): the upload's bytes are
 * measured by the browser; from the moment the server has the file, the engine reports its
 * phases here and the screen polls `csvImportProgress(key)` with the key it sent along.
 *
 * Kept in the memory of the API process (docs/decisions/csv-imports.md, "Progress"): a poll
 * must reach the process that runs the upload, which holds with one API process or sticky
 * sessions. An entry is bound to the admin who uploaded (another admin asking with the same
 * key gets nothing), lives ten minutes after its last change, and the registry keeps at most
 * MAX_ENTRIES (the oldest go first), so a client cannot grow it without bound.
 */

/** parsing: rows read and checked cell by cell; checking: the set-based checks and summary;
 * applying: the set-based apply; done / failed: the answer has been sent. */
export type ImportPhase = 'parsing' | 'checking' | 'applying' | 'done' | 'failed';

export type ImportProgress = {
  phase: ImportPhase;
  /** Data rows read so far (the header not counted). */
  rowsRead: number;
  /** Bytes of the file parsed so far, of byteSize. */
  bytesRead: number;
  byteSize: number;
};

/** A progress key the client chooses: 8–64 letters, digits, '-' or '_' (a UUID fits). */
export const PROGRESS_KEY = /^[A-Za-z0-9_-]{8,64}$/;

const TTL_MS = 10 * 60 * 1000;
const MAX_ENTRIES = 1000;

type Entry = { progress: ImportProgress; updatedAt: number };

export function createImportProgressRegistry(now: () => number = Date.now) {
  // A Map keeps insertion order: re-inserting on update keeps the stalest entry first.
  const entries = new Map<string, Entry>();
  const id = (adminUserId: number | null, key: string) => `${adminUserId ?? 'system'}:${key}`;

  const prune = () => {
    const cutoff = now() - TTL_MS;
    for (const [k, e] of entries) {
      if (e.updatedAt >= cutoff && entries.size <= MAX_ENTRIES) break;
      entries.delete(k);
    }
  };

  return {
    /** The reporter of one run: every call replaces the entry's progress. */
    reporter(adminUserId: number | null, key: string): (progress: ImportProgress) => void {
      const k = id(adminUserId, key);
      return (progress) => {
        entries.delete(k);
        entries.set(k, { progress: { ...progress }, updatedAt: now() });
        prune();
      };
    },
    /** The progress of the admin's run with this key, or null (unknown, expired, another's). */
    get(adminUserId: number | null, key: string): ImportProgress | null {
      prune();
      return entries.get(id(adminUserId, key))?.progress ?? null;
    },
  };
}

export type ImportProgressRegistry = ReturnType<typeof createImportProgressRegistry>;
