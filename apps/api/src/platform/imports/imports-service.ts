import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { PageRequest } from '../../shared/page';
import {
  DEFAULT_IMPORT_MAX_BYTES,
  runImport,
  type ImportDefinition,
  type ImportReport,
  type ImportTransaction,
  type RunImportOptions,
  type UploadedFile,
} from './import-engine';
import { badInput } from '../../shared/list-input';
import { AppError } from '../../shared/app-error';
import { toAppError } from '../db-errors';
import type { Jobs } from '../jobs';
import type { ImportObservation } from '../metrics';
import { PROGRESS_KEY, type ImportProgress } from './import-progress';
import * as repo from './imports-repository';
import * as runs from './import-runs-repository';
import { CHECK_REPORT_PAGE_ROWS } from './check-report';

/** The queue of background uploads (server/jobs.ts registers it: importRunJob). */
export const IMPORT_RUN_QUEUE = 'csv-import-run';
/** How often a process working on a run says so (the run's heartbeat). */
const HEARTBEAT_MS = 5_000;
/** A background run whose heartbeat is this old has lost its process: its job is sent again. */
export const STALE_RUN_SECONDS = 30;

/** Who sent an upload: the audit rows of a run name the request it came with. */
export type RunActor = {
  adminUserId: number | null;
  adminUserName: string | null;
  requestId?: string | null;
  ip?: string | null;
};

/** What a module passes to `run`: the engine's options, and the client's progress key. */
export type RunOptions = Omit<RunImportOptions, 'maxBytes' | 'onProgress' | 'actor'> & {
  actor: RunActor;
  /** The upload's mutation (its audit event); default the definition's kind. */
  operation?: string;
  /** Reports the run's phases under this key, for `progress` (the uploader's own). */
  progressKey?: string | null | undefined;
  /** Set by a run's job: the run this call is (its row exists, its file was stored). */
  runId?: string;
};

/** What a background upload answers at once: its run, which `progress` and `runOf` follow. */
export type StartedRun = { runId: string };

/** The run an upload is, as the progress query answers it (any replica reads it). */
export type ImportRunView = ImportProgress & {
  runId: string;
  kind: string;
  dryRun: boolean;
  outcome: 'checked' | 'applied' | 'refused' | 'failed' | null;
  report: ImportReport | null;
  /** The refusal as the call would have answered it: its message and extensions (code, …). */
  refusal: { message: string; extensions: Record<string, unknown> } | null;
};

/**
 * A module's upload as its job runs it again from the stored file: the module's own call
 * (its definition, audited transaction and dry-run record) for this actor and input.
 */
export type ImportRunner = (
  actor: RunActor & { requestId: string | null; ip: string | null },
  input: { file: UploadedFile; dryRun: boolean; fingerprint: string | null; runId: string },
) => Promise<unknown>;

/** Thrown in a re-delivered run's apply transaction when an earlier delivery ended the run. */
class RunAlreadyEnded extends Error {}

/** What a service's runs share: its database, options, size limit and modules' runners. */
type ImportRunContext = {
  db: Kysely<DB>;
  options: ImportsServiceOptions;
  maxBytes: number;
  runners: Map<string, ImportRunner>;
};

/** How the service is built (server/services.ts). */
type ImportsServiceOptions = {
  maxBytes?: number | undefined;
  /** Told of every run's outcome, rows, bytes and time (the metrics). */
  observe?: ((observation: ImportObservation) => void) | undefined;
  /** Sends a background upload's job; without it (test apps) this process runs it itself. */
  jobs?: Pick<Jobs, 'send'> | undefined;
  /** Records a job's refusal in the audit trail (what the GraphQL layer does for a call). */
  recordRefusal?:
    ((actor: RunActor, operation: string, error: AppError) => Promise<void>) | undefined;
  /** Where a job's unexpected failure goes (the log). */
  onError?: ((error: unknown) => void) | undefined;
};

/** Runs an upload through the engine, telling the metrics (`observe`) how it ended. */
async function runObserved<K extends string>(
  { db, options }: ImportRunContext,
  definition: ImportDefinition<K>,
  upload: UploadedFile,
  engine: RunImportOptions,
): Promise<ImportReport> {
  const observe = options.observe;
  if (!observe) return runImport(db, definition, upload, engine);
  const started = performance.now();
  const observed = (outcome: ImportObservation['outcome'], rows: number) =>
    observe({
      kind: definition.kind,
      dryRun: engine.dryRun,
      outcome,
      rows,
      bytes: upload.size,
      seconds: (performance.now() - started) / 1000,
    });
  try {
    const report = await runImport(db, definition, upload, engine);
    const outcome = report.dryRun ? 'checked' : report.imported ? 'applied' : 'refused';
    observed(outcome, report.rowCount);
    return report;
  } catch (error) {
    observed(error instanceof AppError || toAppError(error) ? 'refused' : 'failed', 0);
    throw error;
  }
}

/**
 * Runs an upload as the run `runId` (made here for a call that waits): its progress is kept
 * in the run's row, and its end (report or refusal) too, an apply's in its own transaction.
 */
async function runAs<K extends string>(
  context: ImportRunContext,
  definition: ImportDefinition<K>,
  upload: UploadedFile,
  run: RunOptions,
  runId: string,
  background: boolean,
): Promise<ImportReport> {
  const { db, options, maxBytes } = context;
  const { progressKey: _key, runId: _run, operation: _op, ...engine } = run;
  const writer = progressWriter(db, runId);
  const beat = setInterval(
    () => void runs.touchRun(db, runId).catch(() => undefined),
    HEARTBEAT_MS,
  );
  beat.unref();
  // The apply's end is written in the apply's transaction: a run is applied exactly when
  // its rows are. A second delivery of the job waits for the first's transaction (the
  // run's lock) and, finding the run ended, changes nothing.
  const transaction: ImportTransaction = (work) =>
    engine.transaction(async (trx) => {
      if (background) {
        await runs.lockRun(trx, runId);
        if ((await runs.runOutcome(trx, runId)) !== null) throw new RunAlreadyEnded();
      }
      const out = await work(trx);
      await runs.finishRun(trx, runId, { outcome: 'applied', report: out.result });
      return out;
    });
  try {
    const report = await runObserved(context, definition, upload, {
      ...engine,
      transaction,
      maxBytes,
      onProgress: writer.report,
    });
    await writer.settled();
    if (report.dryRun) await runs.finishRun(db, runId, { outcome: 'checked', report });
    return report;
  } catch (error) {
    await writer.settled();
    if (error instanceof RunAlreadyEnded) throw error;
    const refusal = error instanceof AppError ? error : toAppError(error);
    // A background run has no call left to answer its refusal: the job records it as the
    // GraphQL layer records a call's (graphql/security-events.ts), in the same shape, before
    // the run's end shows it.
    if (background && refusal && isActionRefusal(refusal)) {
      await options.recordRefusal?.(run.actor, run.operation ?? definition.kind, refusal);
    }
    await runs
      .finishRun(db, runId, {
        outcome: refusal ? 'refused' : 'failed',
        refusal: refusal
          ? { message: refusal.message, extensions: { code: refusal.code, ...refusal.details } }
          : { message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      })
      .catch(() => undefined);
    throw error;
  } finally {
    clearInterval(beat);
  }
}

/** The job of one background run (any replica): the stored file through its module. */
async function runJobOf(context: ImportRunContext, runId: string): Promise<void> {
  const { db, options, runners } = context;
  const run = await runs.findRun(db, runId);
  if (!run || run.outcome !== null) return;
  const runner = runners.get(run.operation);
  const bytes = await runs.readRunFile(db, runId);
  const actor = {
    adminUserId: run.adminUserId,
    adminUserName: run.adminUserName,
    requestId: run.requestId,
    ip: run.ip,
  };
  if (!runner || !bytes) {
    await runs.finishRun(db, runId, {
      outcome: 'failed',
      refusal: { message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
    });
    return;
  }
  const file: UploadedFile = {
    name: run.fileName,
    size: bytes.length,
    arrayBuffer: () =>
      Promise.resolve(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
      ),
  };
  try {
    await runner(actor, { file, dryRun: run.dryRun, fingerprint: run.fingerprint, runId });
  } catch (error) {
    // A refusal is the run's end (recorded by runAs); anything else is logged.
    if (error instanceof RunAlreadyEnded) return;
    if (error instanceof AppError || toAppError(error)) return;
    options.onError?.(error);
  }
}

/**
 * The import engine as a service: modules take it (server/services.ts hands it in) and run
 * their definitions through `run`; a background upload is stored and run by its job
 * (`start`, `runJob`); the screen lists what was applied with `history` and follows an upload
 * with `progress` (docs/decisions/csv-imports.md, "Runs").
 */
export function createImportsService(db: Kysely<DB>, options: ImportsServiceOptions = {}) {
  const maxBytes = options.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
  const runners = new Map<string, ImportRunner>();
  const context: ImportRunContext = { db, options, maxBytes, runners };
  const runJob = (runId: string) => runJobOf(context, runId);

  async function startLocally(runId: string): Promise<void> {
    // No job queue (an app without workers): this process runs it, after the answer.
    setImmediate(() => void runJob(runId).catch((error: unknown) => options.onError?.(error)));
  }

  return {
    maxBytes,
    /** Declares the runner of an upload's mutation (a module does this once, when built). */
    registerRunner: (operation: string, runner: ImportRunner): void => {
      runners.set(operation, runner);
    },
    /** Runs an upload now and answers its report (a call that waits for it). */
    run: async <K extends string>(
      definition: ImportDefinition<K>,
      upload: UploadedFile,
      run: RunOptions,
    ): Promise<ImportReport> => {
      if (run.runId !== undefined) return runAs(context, definition, upload, run, run.runId, true);
      const progressKey = run.progressKey === '' ? null : (run.progressKey ?? null);
      if (progressKey !== null) checkProgressKey(progressKey);
      if (upload.size > maxBytes)
        return runObserved(context, definition, upload, { ...run, maxBytes });
      const runId = await runs.insertRun(db, {
        kind: definition.kind,
        operation: run.operation ?? definition.kind,
        dryRun: run.dryRun,
        background: false,
        adminUserId: run.actor.adminUserId,
        adminUserName: run.actor.adminUserName,
        requestId: run.actor.requestId ?? null,
        ip: run.actor.ip ?? null,
        progressKey,
        fingerprint: run.confirmed?.fingerprint ?? null,
        fileName: (upload.name || 'upload.csv').slice(0, 255),
        byteSize: upload.size,
      });
      return runAs(context, definition, upload, run, runId, false);
    },
    /**
     * A background upload: the file is stored with its run and the run's job is sent, in one
     * transaction; answered at once with the run's id. The job (any replica) runs the upload
     * through the operation's runner.
     */
    start: async (
      operation: string,
      kind: string,
      actor: RunActor,
      upload: UploadedFile,
      input: {
        dryRun: boolean;
        fingerprint: string | null | undefined;
        progressKey: string | null | undefined;
      },
    ): Promise<StartedRun> => {
      if (!runners.has(operation)) throw new Error(`no import runner for ${operation}`);
      const progressKey = input.progressKey === '' ? null : (input.progressKey ?? null);
      if (progressKey !== null) checkProgressKey(progressKey);
      if (upload.size > maxBytes) throw tooLarge(maxBytes);
      const bytes = new Uint8Array(await upload.arrayBuffer());
      if (bytes.length > maxBytes) throw tooLarge(maxBytes);
      await runs.deleteOldRuns(db);
      const runId = await db.transaction().execute(async (trx) => {
        const id = await runs.insertRun(trx, {
          kind,
          operation,
          dryRun: input.dryRun,
          background: true,
          adminUserId: actor.adminUserId,
          adminUserName: actor.adminUserName,
          requestId: actor.requestId ?? null,
          ip: actor.ip ?? null,
          progressKey,
          fingerprint: input.fingerprint ?? null,
          fileName: (upload.name || 'upload.csv').slice(0, 255),
          byteSize: bytes.length,
        });
        await runs.insertRunFile(trx, id, bytes);
        if (options.jobs) await options.jobs.send(trx, IMPORT_RUN_QUEUE, { runId: id });
        return id;
      });
      if (!options.jobs) await startLocally(runId);
      return { runId };
    },
    runJob,
    /**
     * Sends the job of every background run whose process died (no heartbeat for
     * STALE_RUN_SECONDS) again; the server's replicas call this every few seconds.
     */
    resumeStaleRuns: async (staleSeconds = STALE_RUN_SECONDS): Promise<number> => {
      const stale = await runs.claimStaleRuns(db, staleSeconds);
      for (const runId of stale) {
        if (options.jobs) await options.jobs.send(db, IMPORT_RUN_QUEUE, { runId });
        else await startLocally(runId);
      }
      return stale.length;
    },
    /** Where the admin's upload sent with this key is (null: unknown, or another admin's). */
    progress: async (
      adminUserId: number | null,
      progressKey: string,
    ): Promise<ImportRunView | null> => {
      checkProgressKey(progressKey);
      const run = await runs.findRunByKey(db, adminUserId, progressKey);
      return run ? runView(run) : null;
    },
    /** The admin's run with this id (null: unknown, or another admin's). */
    runOf: async (adminUserId: number | null, runId: string): Promise<ImportRunView | null> => {
      if (!/^[1-9][0-9]{0,18}$/.test(runId)) return null;
      const run = await runs.findRun(db, runId);
      return run && run.adminUserId === adminUserId ? runView(run) : null;
    },
    /**
     * The admin's newest check report of this content (a dry run's every row), or undefined:
     * a report is its checking admin's own. `pages` reads its rows in line order, a page at a
     * time.
     */
    checkReport: async (adminUserId: number, kind: string, contentHash: string) => {
      if (!/^[0-9a-f]{64}$/.test(contentHash)) return undefined;
      const report = await repo.findCheckReport(db, adminUserId, kind, contentHash);
      if (!report) return undefined;
      async function* pages(): AsyncGenerator<repo.CheckReportRow[]> {
        let after = 0;
        for (;;) {
          const page = await repo.checkReportRows(db, report!.id, after, CHECK_REPORT_PAGE_ROWS);
          if (page.length === 0) return;
          yield page;
          after = page[page.length - 1]!.line;
          if (page.length < CHECK_REPORT_PAGE_ROWS) return;
        }
      }
      return { report, pages };
    },
    /** Applied imports of the given kinds, newest first. */
    history: (kinds: readonly string[], page: PageRequest<repo.ImportsSortTarget>) =>
      repo.listImports(db, kinds, page),
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;

function checkProgressKey(key: string): void {
  if (!PROGRESS_KEY.test(key)) {
    throw badInput('progressKey', '8 to 64 letters, digits, "-" or "_" (a UUID fits).');
  }
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than the limit of ${Math.floor(maxBytes / (1024 * 1024))} MiB.`,
    { maxBytes },
  );
}

/**
 * A refusal of the action itself, audited as `actionRefused`; an argument error or a missing
 * record is not (the rule of graphql/security-events.ts, `isActionRefusal`).
 */
function isActionRefusal(error: AppError): boolean {
  if (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND') return false;
  const details = error.details ?? {};
  return !('field' in details || 'fieldErrors' in details || 'problem' in details);
}

/**
 * The engine's progress, written to the run's row: the newest state only, one write at a
 * time (a write that waits, as on PGlite while the import's transaction holds the one
 * connection, is replaced by the newest, not queued behind others).
 */
function progressWriter(db: Kysely<DB>, runId: string) {
  let latest: ImportProgress | null = null;
  let writing: Promise<void> | null = null;
  const drain = async () => {
    while (latest) {
      const next = latest;
      latest = null;
      await runs.updateProgress(db, runId, next).catch(() => undefined);
    }
    writing = null;
  };
  return {
    report: (progress: ImportProgress) => {
      // done / failed are written with the run's end.
      if (progress.phase === 'done' || progress.phase === 'failed') return;
      latest = { ...progress };
      writing ??= drain();
    },
    /** Every state reported so far is written (the last one included). */
    settled: async () => {
      while (writing) await writing;
    },
  };
}

function runView(run: runs.RunRow): ImportRunView {
  return {
    runId: run.id,
    kind: run.kind,
    dryRun: run.dryRun,
    phase: run.phase as ImportProgress['phase'],
    rowsRead: run.rowsRead,
    bytesRead: run.bytesRead,
    byteSize: run.byteSize,
    outcome: run.outcome as ImportRunView['outcome'],
    report: run.report === null ? null : revived(run.report as ImportReport),
    refusal: run.refusal as ImportRunView['refusal'],
  };
}

/** A report read back from JSON: its records' dates are dates again. */
function revived(report: ImportReport): ImportReport {
  const record = (r: ImportReport['imported']) =>
    r === null ? null : { ...r, importedAt: new Date(r.importedAt) };
  return {
    ...report,
    alreadyImported: record(report.alreadyImported),
    imported: record(report.imported),
  };
}
