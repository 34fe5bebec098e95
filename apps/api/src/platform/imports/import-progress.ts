/**
 * Where an upload is, for the screen's progress bar (issue 12): the upload's bytes are
 * measured by the browser; from the moment the server has the file, the engine reports its
 * phases, which the run's row keeps (issue 36: docs/decisions/csv-imports.md, "Runs"), and
 * the screen polls `csvImportProgress(key)` with the key it sent along, on any replica.
 */

/** queued: a background upload stored, its job not started; parsing: rows read and checked
 * cell by cell; checking: the set-based checks and summary; applying: the set-based apply;
 * done / failed: the run has ended (its outcome says how). */
export type ImportPhase = 'queued' | 'parsing' | 'checking' | 'applying' | 'done' | 'failed';

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
