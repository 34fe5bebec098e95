import { sql, type Selectable } from 'kysely';
import type { CsvImportRunsTable } from '../../db/tables/platform-tables';
import type { Executor } from '../../db/executor';

/**
 * The runs of uploads (migration 0220; docs/decisions/csv-imports.md, "Runs"): one row per
 * upload with its phase and outcome, and a background upload's bytes in parts.
 */

/** Bytes per stored part of a background upload's file. */
const FILE_PART_BYTES = 4 * 1024 * 1024;

type NewRun = {
  kind: string;
  operation: string;
  dryRun: boolean;
  background: boolean;
  adminUserId: number | null;
  adminUserName: string | null;
  requestId: string | null;
  ip: string | null;
  progressKey: string | null;
  fingerprint: string | null;
  fileName: string;
  byteSize: number;
};

export type RunRow = NewRun & {
  id: string;
  phase: string;
  rowsRead: number;
  bytesRead: number;
  outcome: string | null;
  report: unknown;
  refusal: unknown;
  attempts: number;
};

export async function insertRun(db: Executor, run: NewRun): Promise<string> {
  const row = await db
    .insertInto('csv_import_runs')
    .values({
      kind: run.kind,
      operation: run.operation,
      dry_run: run.dryRun,
      background: run.background,
      admin_user_id: run.adminUserId,
      admin_user_name: run.adminUserName,
      request_id: run.requestId,
      ip: run.ip,
      progress_key: run.progressKey,
      fingerprint: run.fingerprint,
      file_name: run.fileName,
      byte_size: run.byteSize,
      // A call that waits starts reading at once; a background upload waits for its job.
      phase: run.background ? 'queued' : 'parsing',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Stores a background upload's bytes, part by part, on the run's transaction. */
export async function insertRunFile(db: Executor, runId: string, bytes: Uint8Array): Promise<void> {
  for (let at = 0, part = 0; at < bytes.length || part === 0; at += FILE_PART_BYTES, part++) {
    await db
      .insertInto('csv_import_run_files')
      .values({ run_id: runId, part, bytes: bytes.subarray(at, at + FILE_PART_BYTES) })
      .execute();
  }
}

/** The stored bytes of a run's file, in one buffer (the engine reads the file whole). */
export async function readRunFile(db: Executor, runId: string): Promise<Uint8Array | null> {
  const parts: Uint8Array[] = [];
  for (let part = 0; ; part++) {
    const row = await db
      .selectFrom('csv_import_run_files')
      .select('bytes')
      .where('run_id', '=', runId)
      .where('part', '=', part)
      .executeTakeFirst();
    if (!row) break;
    parts.push(row.bytes);
  }
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : new Uint8Array(Buffer.concat(parts));
}

const RUN_COLUMNS = [
  'id',
  'kind',
  'operation',
  'dry_run',
  'background',
  'admin_user_id',
  'admin_user_name',
  'request_id',
  'ip',
  'progress_key',
  'fingerprint',
  'file_name',
  'byte_size',
  'phase',
  'rows_read',
  'bytes_read',
  'outcome',
  'report',
  'refusal',
  'attempts',
] as const;

/** A run as RUN_COLUMNS read it: the table's own types, declared once (db/tables). */
type StoredRun = Pick<Selectable<CsvImportRunsTable>, (typeof RUN_COLUMNS)[number]>;

function toRun(row: StoredRun): RunRow {
  return {
    id: String(row.id),
    kind: row.kind,
    operation: row.operation,
    dryRun: row.dry_run,
    background: row.background,
    adminUserId: row.admin_user_id,
    adminUserName: row.admin_user_name,
    requestId: row.request_id,
    ip: row.ip,
    progressKey: row.progress_key,
    fingerprint: row.fingerprint,
    fileName: row.file_name,
    byteSize: Number(row.byte_size),
    phase: row.phase,
    rowsRead: row.rows_read,
    bytesRead: Number(row.bytes_read),
    outcome: row.outcome,
    report: parsed(row.report),
    refusal: parsed(row.refusal),
    attempts: row.attempts,
  };
}

// PGlite and pg both parse jsonb; a string is kept as the JSON text it is.
function parsed(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

export async function findRun(db: Executor, runId: string): Promise<RunRow | undefined> {
  const row = await db
    .selectFrom('csv_import_runs')
    .select(RUN_COLUMNS)
    .where('id', '=', runId)
    .executeTakeFirst();
  return row ? toRun(row) : undefined;
}

/** The admin's newest run sent with this progress key. */
export async function findRunByKey(
  db: Executor,
  adminUserId: number | null,
  progressKey: string,
): Promise<RunRow | undefined> {
  const row = await db
    .selectFrom('csv_import_runs')
    .select(RUN_COLUMNS)
    .where((eb) =>
      adminUserId === null
        ? eb('admin_user_id', 'is', null)
        : eb('admin_user_id', '=', adminUserId),
    )
    .where('progress_key', '=', progressKey)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRun(row) : undefined;
}

/** Where an unfinished run is; also its heartbeat. A finished run is left as it ended. */
export async function updateProgress(
  db: Executor,
  runId: string,
  progress: { phase: string; rowsRead: number; bytesRead: number },
): Promise<void> {
  await db
    .updateTable('csv_import_runs')
    .set({
      phase: progress.phase,
      rows_read: progress.rowsRead,
      bytes_read: progress.bytesRead,
      heartbeat_at: sql<Date>`now()`,
    })
    .where('id', '=', runId)
    .where('outcome', 'is', null)
    .execute();
}

/** Keeps an unfinished run's heartbeat fresh (its process is alive and working on it). */
export async function touchRun(db: Executor, runId: string): Promise<void> {
  await db
    .updateTable('csv_import_runs')
    .set({ heartbeat_at: sql<Date>`now()` })
    .where('id', '=', runId)
    .where('outcome', 'is', null)
    .execute();
}

/** Ends a run with its outcome and answer (once: a run that has ended keeps its first end). */
export async function finishRun(
  db: Executor,
  runId: string,
  end: {
    outcome: 'checked' | 'applied' | 'refused' | 'failed';
    report?: unknown;
    refusal?: unknown;
  },
): Promise<void> {
  await db
    .updateTable('csv_import_runs')
    .set({
      phase: end.outcome === 'failed' || end.outcome === 'refused' ? 'failed' : 'done',
      outcome: end.outcome,
      report: end.report === undefined ? null : JSON.stringify(end.report),
      refusal: end.refusal === undefined ? null : JSON.stringify(end.refusal),
      finished_at: sql<Date>`now()`,
    })
    .where('id', '=', runId)
    .where('outcome', 'is', null)
    .execute();
  await db.deleteFrom('csv_import_run_files').where('run_id', '=', runId).execute();
}

/**
 * Takes the run's lock until the caller's transaction ends: two deliveries of one run's job
 * (a retry while the first still runs) take turns, and the second finds the first's end.
 */
export async function lockRun(trx: Executor, runId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`csv_import_run:${runId}`}, 0))`.execute(
    trx,
  );
}

/** Whether the run has ended (read under its lock, in the caller's transaction). */
export async function runOutcome(db: Executor, runId: string): Promise<string | null> {
  const row = await db
    .selectFrom('csv_import_runs')
    .select('outcome')
    .where('id', '=', runId)
    .executeTakeFirst();
  return row?.outcome ?? null;
}

/**
 * Background runs without an outcome whose heartbeat stopped `staleSeconds` ago (their process
 * died): counted as a new attempt, heartbeat renewed, and answered so their job is sent again.
 */
export async function claimStaleRuns(db: Executor, staleSeconds: number): Promise<string[]> {
  const rows = await db
    .updateTable('csv_import_runs')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), heartbeat_at: sql<Date>`now()` }))
    .where('outcome', 'is', null)
    .where('background', '=', true)
    .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`)
    .returning('id')
    .execute();
  return rows.map((r) => String(r.id));
}

/** Runs that ended over a day ago go (with any file part left). */
export async function deleteOldRuns(db: Executor): Promise<void> {
  await db
    .deleteFrom('csv_import_runs')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .where('outcome', 'is not', null)
    .execute();
}
