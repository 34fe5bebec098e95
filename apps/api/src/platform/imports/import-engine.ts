import { createHash } from 'node:crypto';
import {
  checkFingerprintInput,
  confirmSet,
  fileFingerprint,
  type ConfirmedSetWrite,
} from '../confirmed-set';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ALREADY_APPLIED_ROW_REASONS,
  type ImportAppliedSummary,
  type ImportApplyRefusal,
  type ImportFileProblem,
  type ImportNotApplicableReason,
} from '@app/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { mapCsvHeader, openCsv, type CsvColumnSpec, type CsvRecord } from '../csv';
import {
  canonicalDecimal,
  checkCell,
  reasonMessage,
  type ImportColumns,
  type ImportReason,
  type ImportReasonCode,
} from './import-columns';
import type { ImportPhase, ImportProgress } from './import-progress';
import * as repo from './imports-repository';
import type { ImportReportSpec, ProblemRow, StagingTable } from './imports-repository';

/** An uploaded file as the `Upload` scalar hands it over (a WHATWG File). */
export type UploadedFile = {
  readonly name: string;
  readonly size: number;
  arrayBuffer: () => Promise<ArrayBuffer>;
};

/** The largest file an import reads (128 MiB: about 2,000,000 payment rows of the 1M bench file's shape). */
export const DEFAULT_IMPORT_MAX_BYTES = 128 * 1024 * 1024;
/** How many bad rows an answer lists; `errorCount` always counts them all. */
export const MAX_REPORTED_ERRORS = 1000;
/** Rows per staging insert. */
const STAGE_BATCH = 20_000;
/** Rows of the file the report shows with what their ids resolve to (the first ones). */
export const PREVIEW_ROWS = 20;
/** Bumped when the normalisation of the file identity changes (v2: a set of rows, any order). */
const IDENTITY_VERSION = 'rows-v2';
/** Rows between two progress reports while parsing. */
const PROGRESS_EVERY = 5_000;

/** One refused cell or row: line (header = 1), column as headed in the file, reason. */
export type ImportRowError = {
  line: number;
  column: string | null;
  code: ImportReasonCode;
  params: Record<string, string | number>;
  message: string;
};

/** A refusal a module's set-based check found: the line, the column key, the reason. */
export type StagedRowProblem<K extends string> = {
  line: number;
  column: K | null;
  reason: ImportReason;
};

/** One row of the file as the report shows it: its line, and named values (ids resolved). */
export type ImportPreviewRow = { line: number; values: Record<string, string | null> };

/** What a file would do or did: the module's counts and exact totals (decimal strings). */
export type ImportSummary = {
  count: number;
  totals: Record<string, string>;
};

/**
 * What a module hands the engine: the columns, the checks only the database can make, the
 * summary shown before applying, and the set-based apply. All SQL stays in the module's
 * repository; the engine gives it the staging table.
 */
export type ImportDefinition<K extends string> = {
  /** Names the import in the history and in the content-hash key ('payments', 'rates'). */
  kind: string;
  columns: ImportColumns<K>;
  /** Rows repeating an earlier row's values of these columns are refused (same payment twice). */
  uniqueBy?: readonly K[];
  /** References and rules on the staged rows (set-based): every problem found. */
  validate?: (trx: Transaction<DB>, stage: StagingTable<K>) => Promise<StagedRowProblem<K>[]>;
  /**
   * The first `limit` staged rows, in line order, with what their references resolve to (a
   * user's name, a plan's name): the report shows them so the operator sees what the ids mean.
   */
  preview?: (
    trx: Transaction<DB>,
    stage: StagingTable<K>,
    limit: number,
  ) => Promise<ImportPreviewRow[]>;
  /**
   * Set: a dry run keeps every row of the file (its values, what its ids resolve to, its
   * problems) for the check report download (docs/decisions/csv-imports.md, "Check report").
   */
  report?: ImportReportSpec<K>;
  /** What applying would do; run on the staged rows before the apply (dry run and apply). */
  summarize: (trx: Transaction<DB>, stage: StagingTable<K>) => Promise<ImportSummary>;
  /** Applies the staged rows (only when every row passed); returns what it changed. */
  apply: (
    trx: Transaction<DB>,
    stage: StagingTable<K>,
  ) => Promise<{ count: number; targetIds?: ReadonlyArray<string | number> }>;
};

export type ImportReport = {
  kind: string;
  dryRun: boolean;
  fileName: string;
  /** The file's identity: SHA-256 of its normalised parsed rows (not of its bytes). */
  contentHash: string;
  byteSize: number;
  encoding: string;
  /** Data rows read (the header not counted). */
  rowCount: number;
  /** Rows with at least one error (a row may have several: errorCount counts each). */
  invalidRowCount: number;
  errorCount: number;
  /** Rows applying this file applies now: every row, or 0 (a file applies whole or not at all). */
  applicableRowCount: number;
  /** Why applying would apply nothing (null when it applies every row). */
  notApplicableReason: ImportNotApplicableReason | null;
  /** The first MAX_REPORTED_ERRORS bad rows, in line order. */
  errors: ImportRowError[];
  summary: ImportSummary;
  /** The first PREVIEW_ROWS good rows with their references resolved (the module's preview). */
  preview: ImportPreviewRow[];
  /** Set when this content was applied before (the dry run says so; an apply is refused). */
  alreadyImported: repo.ImportRecord | null;
  /** The record of this apply. */
  imported: repo.ImportRecord | null;
  /** The check report the dry run kept (every row), when the module keeps one. */
  checkReportId: string | null;
};

export type ImportActor = { adminUserId: number | null; adminUserName: string | null };

/** What the apply's work hands the audited transaction: its result and the audit facts. */
type AuditedImportWork<T> = {
  result: T;
  targetIds: ReadonlyArray<string | number>;
  before: null;
  after: ImportAppliedSummary;
};

/** The audited transaction the module runs an apply in (audit.withAudit of its operation). */
export type ImportTransaction = <T>(
  work: (trx: Transaction<DB>) => Promise<AuditedImportWork<T>>,
) => Promise<T>;

export type RunImportOptions = {
  dryRun: boolean;
  actor: ImportActor;
  /** Runs the apply; the module passes its audited transaction. */
  transaction: ImportTransaction;
  /** Records a dry run (the module passes audit.record); a preview changes nothing else. */
  recordDryRun?: (report: ImportReport) => Promise<void>;
  maxBytes?: number;
  /** Told each phase, and the rows and bytes read every few thousand rows while parsing. */
  onProgress?: (progress: ImportProgress) => void;
  /**
   * The apply's confirmed set (platform/confirmed-set): the operation, and the content hash
   * of the file its dry run checked. Another file is refused (LIST_CHANGED) before it applies.
   */
  confirmed?: { write: ConfirmedSetWrite; fingerprint?: string | null | undefined };
};

/** Thrown inside the dry run's transaction to roll it back with the report in hand. */
class RollbackWith extends Error {
  constructor(readonly report: ImportReport) {
    super('rollback');
  }
}

/**
 * Runs one CSV import: size check → streaming parse with every cell checked and the rows'
 * identity hashed → rows staged in batches → (apply: take the kind's lock) → refuse a known
 * identity → uniqueness and the module's set-based checks → summary → apply, all in one
 * transaction. A dry run runs exactly
 * the same steps, the apply included, in a transaction that is rolled back, so the preview is
 * what the apply does (and refuses what the apply would refuse).
 */
export async function runImport<K extends string>(
  db: Kysely<DB>,
  definition: ImportDefinition<K>,
  upload: UploadedFile,
  options: RunImportOptions,
): Promise<ImportReport> {
  const maxBytes = options.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
  checkFingerprintInput(options.confirmed?.fingerprint);
  if (upload.size > maxBytes) throw tooLarge(maxBytes);
  const bytes = new Uint8Array(await upload.arrayBuffer());
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  const fileName = (upload.name || 'upload.csv').slice(0, 255);
  const progress = progressOf(options.onProgress, bytes.length);
  try {
    const report = await runParsed(db, definition, bytes, { ...options, fileName }, progress);
    progress.phase('done');
    return report;
  } catch (error) {
    progress.phase('failed');
    throw error;
  }
}

type Progress = {
  phase: (phase: ImportPhase) => void;
  read: (rowsRead: number, bytesRead: number) => void;
};

function progressOf(onProgress: RunImportOptions['onProgress'], byteSize: number): Progress {
  const state: ImportProgress = { phase: 'parsing', rowsRead: 0, bytesRead: 0, byteSize };
  const tell = () => onProgress?.(state);
  return {
    phase: (phase) => {
      state.phase = phase;
      if (phase !== 'parsing') state.bytesRead = byteSize;
      tell();
    },
    read: (rowsRead, bytesRead) => {
      state.rowsRead = rowsRead;
      state.bytesRead = bytesRead;
      tell();
    },
  };
}

async function runParsed<K extends string>(
  db: Kysely<DB>,
  definition: ImportDefinition<K>,
  bytes: Uint8Array,
  options: RunImportOptions & { fileName: string },
  progress: Progress,
): Promise<ImportReport> {
  const { fileName } = options;
  if (options.dryRun) {
    const report = await db
      .transaction()
      .execute(async (trx) => {
        const done = await importInTransaction(trx, definition, bytes, {
          fileName,
          dryRun: true,
          actor: options.actor,
          progress,
          confirmed: undefined,
        });
        // The check report is the one thing a dry run keeps (its apply was rolled back to a
        // savepoint); without one, nothing at all.
        if (done.checkReportId === null) throw new RollbackWith(done);
        return done;
      })
      .catch((error: unknown) => {
        if (error instanceof RollbackWith) return error.report;
        throw error;
      });
    await options.recordDryRun?.(report);
    return report;
  }

  return options.transaction(async (trx) => {
    const report = await importInTransaction(trx, definition, bytes, {
      fileName,
      dryRun: false,
      actor: options.actor,
      progress,
      confirmed: options.confirmed,
    });
    return {
      result: report,
      targetIds: report.imported ? [report.imported.id] : [],
      before: null,
      after: {
        kind: definition.kind,
        importId: report.imported?.id ?? null,
        fileName,
        contentHash: report.contentHash,
        rowCount: report.rowCount,
        appliedCount: report.imported?.appliedCount ?? 0,
        totals: report.summary.totals,
      },
    };
  });
}

/** What importInTransaction is told about its file beside the bytes. */
type FileRun = {
  fileName: string;
  dryRun: boolean;
  actor: ImportActor;
  progress: Progress;
  confirmed: RunImportOptions['confirmed'];
};

/**
 * A dry run of a module that keeps a check report also keeps the refused rows (as written,
 * with the cells that passed typed) and every problem, not only the first ones; both in
 * temporary tables, batch by batch, so memory stays one batch whatever the file's size.
 */
type Keeping<K extends string> = {
  spec: ImportReportSpec<K>;
  rejected: StagingTable<K>;
  problems: repo.ProblemsTable;
} | null;

/** Every problem of the file: the first MAX_REPORTED_ERRORS listed, all counted (and kept). */
type ErrorLog<K extends string> = {
  errors: ImportRowError[];
  count: () => number;
  add: (line: number, column: K | null, reason: ImportReason) => void;
  /** Writes the kept problems batched so far (a report's dry run). */
  flush: (force?: boolean) => Promise<void>;
};

function errorLog<K extends string>(
  trx: Transaction<DB>,
  keeping: Keeping<K>,
  headerName: (key: K | null) => string | null,
): ErrorLog<K> {
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  let problemBatch: ProblemRow[] = [];
  return {
    errors,
    count: () => errorCount,
    add: (line, column, reason) => {
      errorCount++;
      if (keeping) {
        problemBatch.push({
          line,
          column: headerName(column),
          code: reason.code,
          params: reason.params ?? {},
        });
      }
      if (errors.length < MAX_REPORTED_ERRORS) {
        errors.push({
          line,
          column: headerName(column),
          code: reason.code,
          params: reason.params ?? {},
          message: reasonMessage(reason),
        });
      }
    },
    flush: async (force = true) => {
      if (!force && problemBatch.length < STAGE_BATCH) return;
      if (keeping && problemBatch.length > 0) {
        await repo.insertProblems(trx, keeping.problems, problemBatch);
      }
      problemBatch = [];
    },
  };
}

/** The file opened: its reader, its header mapped, and the rows after the header. */
async function openFile<K extends string>(definition: ImportDefinition<K>, bytes: Uint8Array) {
  const columns = definition.columns;
  const keys = Object.keys(columns) as K[];
  const source = chunks(bytes);
  const reader = await openCsv(source.pieces);
  const records = reader.records[Symbol.asyncIterator]();
  // Comment lines (docs/decisions/csv-imports.md, "Comment lines") are skipped wherever they
  // are, the header's place included.
  let first = await records.next();
  while (!first.done && isCommentRecord(first.value)) first = await records.next();
  if (first.done) {
    throw new AppError('BAD_USER_INPUT', 'The file is empty: it needs a header line.', {
      reason: 'empty',
      fileProblem: 'emptyFile' satisfies ImportFileProblem,
      params: {},
    });
  }
  const headerRecord = first.value;
  const headerSpec = Object.fromEntries(
    keys.map((k) => [k, { aliases: columns[k].aliases, required: !columns[k].omittable }]),
  ) as CsvColumnSpec<K>;
  const header = mapCsvHeader(headerRecord, headerSpec);
  // Errors name the column as the file heads it (the operator's own word for it).
  const headerName = (key: K | null): string | null => {
    if (key === null) return null;
    const at = header.index[key];
    return at === undefined ? key : (headerRecord.cells[at] ?? key).replace(/^\uFEFF/, '').trim();
  };
  return { keys, source, encoding: reader.encoding, records, header, headerName };
}

type OpenedFile<K extends string> = Awaited<ReturnType<typeof openFile<K>>>;

/**
 * Reads every row, checks every cell, hashes the rows' identity and stages the good rows
 * batch by batch (the refused ones too, when a report is kept). Memory is one batch.
 */
async function stageRows<K extends string>(
  trx: Transaction<DB>,
  definition: ImportDefinition<K>,
  file: OpenedFile<K>,
  stage: StagingTable<K>,
  keeping: Keeping<K>,
  log: ErrorLog<K>,
  progress: Progress,
): Promise<{ rowCount: number; badCellRows: number; contentHash: string }> {
  const { columns } = definition;
  const { keys, header, records, source } = file;
  // The file's identity is its set of normalised rows (docs/decisions/csv-imports.md, "File
  // identity"): every row's values in the definition's column order, each in one spelling
  // (a checked cell as staged, a decimal without padding zeros; a refused cell trimmed).
  // Line ends, a BOM, blank and comment lines, the encoding, quoting, the columns' order,
  // the rows' order or an Excel re-save do not make another file.
  const identity = new RowSetIdentity(definition.kind);
  let rowCount = 0;
  // Rows refused while parsing (a bad cell): counted, not kept, whatever the file's size.
  let badCellRows = 0;
  let batch: Array<Record<K | 'line', string | number | null>> = [];
  let rejectedBatch: Array<Record<K | 'line', string | number | null> & { raw: string[] }> = [];
  for (let next = await records.next(); !next.done; next = await records.next()) {
    const record = next.value;
    if (isCommentRecord(record)) continue;
    rowCount++;
    const cells = header.pick(record);
    const row = { line: record.line } as Record<K | 'line', string | number | null>;
    let bad = false;
    let normalised = '';
    for (const key of keys) {
      const column = columns[key];
      const checked = checkCell(column, cells[key]);
      if (checked.ok) {
        row[key] = checked.value;
        const value = checked.value ?? '';
        normalised += `${column.type === 'decimal' && value !== '' ? canonicalDecimal(value) : value}\u0000`;
      } else {
        bad = true;
        log.add(record.line, key, checked.reason);
        normalised += `${cells[key].trim()}\u0000`;
      }
    }
    identity.add(normalised);
    // A bad row is reported, not staged: the file will not apply, and the set-based checks
    // still see every good row, so the report lists every problem in one pass.
    if (bad) badCellRows++;
    if (!bad) batch.push(row);
    else if (keeping) {
      for (const key of keys) if (row[key] === undefined) row[key] = null;
      rejectedBatch.push({ ...row, raw: keys.map((key) => cells[key].trim()) });
    }
    if (batch.length >= STAGE_BATCH) {
      await repo.insertStagedRows(trx, stage, columns, batch);
      batch = [];
    }
    if (keeping && rejectedBatch.length >= STAGE_BATCH) {
      await repo.insertStagedRows(trx, keeping.rejected, columns, rejectedBatch);
      rejectedBatch = [];
    }
    await log.flush(false);
    if (rowCount % PROGRESS_EVERY === 0) progress.read(rowCount, source.bytesRead());
  }
  await repo.insertStagedRows(trx, stage, columns, batch);
  if (keeping) await repo.insertStagedRows(trx, keeping.rejected, columns, rejectedBatch);
  return { rowCount, badCellRows, contentHash: identity.digest() };
}

/**
 * The set-based checks of the staged rows (rows repeating `uniqueBy`, the module's
 * `validate`): every problem logged; answers how many staged rows they refused, and how many
 * of those only because their record is already applied or not accepting.
 */
async function checkStagedRows<K extends string>(
  trx: Transaction<DB>,
  definition: ImportDefinition<K>,
  stage: StagingTable<K>,
  log: ErrorLog<K>,
): Promise<{ refused: number; alreadyApplied: number }> {
  // The staged rows the set-based checks refuse (none of them had a bad cell), each marked
  // true while its every reason says "already applied / not accepting" rather than "wrong".
  const refusedStaged = new Map<number, boolean>();
  const refuseStaged = (line: number, code: ImportReasonCode) =>
    refusedStaged.set(
      line,
      (refusedStaged.get(line) ?? true) && ALREADY_APPLIED_ROW_REASONS.includes(code),
    );
  if (definition.uniqueBy && definition.uniqueBy.length > 0) {
    for (const dup of await repo.findDuplicateRows(trx, stage, definition.uniqueBy)) {
      log.add(dup.line, null, { code: 'duplicate_in_file', params: { firstLine: dup.firstLine } });
      refuseStaged(dup.line, 'duplicate_in_file');
    }
  }
  for (const problem of (await definition.validate?.(trx, stage)) ?? []) {
    log.add(problem.line, problem.column, problem.reason);
    refuseStaged(problem.line, problem.reason.code);
  }
  return {
    refused: refusedStaged.size,
    alreadyApplied: [...refusedStaged.values()].filter(Boolean).length,
  };
}

/** Why applying would apply nothing, checked first to last (docs/decisions/csv-imports.md). */
function notApplicable(
  rowCount: number,
  invalidRowCount: number,
  alreadyAppliedRows: number,
  summary: ImportSummary,
): ImportNotApplicableReason | null {
  if (invalidRowCount === 0) return summary.count === 0 ? 'nothingToApply' : null;
  if (invalidRowCount < rowCount) return 'someRowsInvalid';
  return alreadyAppliedRows === rowCount ? 'allRowsAlreadyApplied' : 'allRowsInvalid';
}

async function importInTransaction<K extends string>(
  trx: Transaction<DB>,
  definition: ImportDefinition<K>,
  bytes: Uint8Array,
  file: FileRun,
): Promise<ImportReport> {
  const { progress } = file;
  progress.phase('parsing');
  const { columns } = definition;
  const opened = await openFile(definition, bytes);

  await repo.prepareImportTransaction(trx);
  const stage = await repo.createStagingTable(trx, columns);
  const keeping: Keeping<K> =
    file.dryRun && definition.report !== undefined && file.actor.adminUserId !== null
      ? {
          spec: definition.report,
          rejected: await repo.createStagingTable(trx, columns, { raw: true }),
          problems: await repo.createProblemsTable(trx),
        }
      : null;
  const log = errorLog(trx, keeping, opened.headerName);
  const staged = await stageRows(trx, definition, opened, stage, keeping, log, progress);
  const { rowCount, contentHash } = staged;
  progress.read(rowCount, bytes.length);
  if (rowCount === 0 && !file.dryRun) {
    throw new AppError('BAD_USER_INPUT', 'The file has a header but no rows.', {
      reason: 'empty',
      fileProblem: 'noRows' satisfies ImportFileProblem,
      params: {},
    });
  }

  // An apply takes the file its dry run checked: the identity is the set's fingerprint,
  // compared by the one confirmed-set check before anything else is looked at.
  if (!file.dryRun && file.confirmed) {
    confirmSet(
      file.confirmed.write,
      { fingerprint: file.confirmed.fingerprint },
      fileFingerprint(contentHash, rowCount),
    );
  }
  const base = {
    kind: definition.kind,
    dryRun: file.dryRun,
    fileName: file.fileName,
    contentHash,
    byteSize: bytes.length,
    encoding: opened.encoding,
  };
  const nothing = {
    ...base,
    rowCount,
    invalidRowCount: 0,
    errorCount: 0,
    applicableRowCount: 0,
    errors: [],
    summary: { count: 0, totals: {} },
    preview: [],
    imported: null,
    checkReportId: null,
  };
  // A check of a header-only file says why nothing would apply (an apply is refused above).
  if (rowCount === 0) return { ...nothing, notApplicableReason: 'noRows', alreadyImported: null };

  progress.phase('checking');
  // An apply holds the kind's lock from here to its commit: the applies of one kind take
  // turns (two uploads of one content: the second finds the first's record; two files with a
  // row in common: the second's check sees the first's rows). Parsing and staging, the long
  // part, ran before it, in parallel.
  if (!file.dryRun) await repo.lockKind(trx, definition.kind);
  const previous = await repo.findImport(trx, definition.kind, contentHash);
  if (previous) {
    if (!file.dryRun) throw alreadyImported(previous);
    return { ...nothing, notApplicableReason: 'alreadyImported', alreadyImported: previous };
  }
  await repo.analyzeStagingTable(trx, stage);
  const refused = await checkStagedRows(trx, definition, stage, log);
  const invalidRowCount = staged.badCellRows + refused.refused;
  log.errors.sort((a, b) => a.line - b.line);

  const summary = await definition.summarize(trx, stage);
  const preview = (await definition.preview?.(trx, stage, PREVIEW_ROWS)) ?? [];
  await log.flush();
  const errorCount = log.count();
  const checkReportId = keeping
    ? await repo.saveCheckReport(trx, {
        kind: definition.kind,
        contentHash,
        fileName: file.fileName,
        adminUserId: file.actor.adminUserId!,
        rowCount,
        errorCount,
        columns,
        spec: keeping.spec,
        stage,
        rejected: keeping.rejected,
        problems: keeping.problems,
      })
    : null;
  const notApplicableReason = notApplicable(
    rowCount,
    invalidRowCount,
    refused.alreadyApplied,
    summary,
  );
  const report: ImportReport = {
    ...base,
    rowCount,
    invalidRowCount,
    errorCount,
    applicableRowCount: notApplicableReason === null ? rowCount : 0,
    notApplicableReason,
    errors: log.errors,
    summary,
    preview,
    alreadyImported: null,
    imported: null,
    checkReportId,
  };
  if (errorCount > 0) {
    // A file applies whole or not at all: with a refused row its apply changes nothing, so
    // the dry run's counts and totals say nothing would be done (not what the good rows are).
    if (file.dryRun) return { ...report, summary: nothingApplied(summary) };
    throw rowsRefused(report);
  }
  return applyStaged(trx, definition, stage, report, file);
}

/**
 * The apply, and the import's record. The dry run applies too, then undoes it (to a
 * savepoint: the check report it keeps stays): whatever the database would still refuse (a
 * CHECK of a derived total, a trigger) refuses the dry run with the very error the apply
 * would get. The dry run is the apply.
 */
async function applyStaged<K extends string>(
  trx: Transaction<DB>,
  definition: ImportDefinition<K>,
  stage: StagingTable<K>,
  report: ImportReport,
  file: FileRun,
): Promise<ImportReport> {
  file.progress.phase('applying');
  if (file.dryRun) await sql`SAVEPOINT csv_import_dry_run`.execute(trx);
  const applied = await definition.apply(trx, stage);
  if (file.dryRun) {
    await sql`ROLLBACK TO SAVEPOINT csv_import_dry_run`.execute(trx);
    // The count the dry run answers is the count its apply changed: the same by construction.
    return { ...report, summary: { ...report.summary, count: applied.count } };
  }
  const imported = await repo.insertImport(trx, {
    kind: definition.kind,
    contentHash: report.contentHash,
    fileName: file.fileName,
    byteSize: report.byteSize,
    encoding: report.encoding,
    rowCount: report.rowCount,
    appliedCount: applied.count,
    summary: report.summary.totals,
    adminUserId: file.actor.adminUserId,
    adminUserName: file.actor.adminUserName,
  });
  return { ...report, imported };
}

/** The summary of an apply that changes nothing: count 0, every total 0. */
function nothingApplied(summary: ImportSummary): ImportSummary {
  return {
    count: 0,
    totals: Object.fromEntries(Object.keys(summary.totals).map((name) => [name, '0'])),
  };
}

/**
 * The identity of a set of rows, whatever their order: the SHA-256 of each row's normalised
 * values (NUL-separated: NUL never occurs in a CSV the reader accepts, so the separation is
 * unambiguous), the digests sorted, then hashed in that order behind the version and kind.
 * A repeated row stays repeated (a multiset), so two files differing only in a duplicate are
 * two files. Memory: 32 bytes per row plus an index (about 80 MB for 2,000,000 rows).
 */
class RowSetIdentity {
  private digests = new Uint8Array(32 * 1024);
  private count = 0;

  constructor(private readonly kind: string) {}

  add(normalisedRow: string): void {
    if ((this.count + 1) * 32 > this.digests.length) {
      const grown = new Uint8Array(this.digests.length * 2);
      grown.set(this.digests);
      this.digests = grown;
    }
    this.digests.set(createHash('sha256').update(normalisedRow).digest(), this.count * 32);
    this.count++;
  }

  /** The hex SHA-256 of the version, the kind and the sorted row digests. */
  digest(): string {
    const { digests, count } = this;
    const view = new DataView(digests.buffer, digests.byteOffset, count * 32);
    // The first 8 bytes order almost every pair (digests are uniform); ties compare in full.
    const high = new Uint32Array(count);
    const low = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      high[i] = view.getUint32(i * 32);
      low[i] = view.getUint32(i * 32 + 4);
    }
    const order = new Uint32Array(count);
    for (let i = 0; i < count; i++) order[i] = i;
    order.sort((a, b) => {
      if (high[a] !== high[b]) return high[a]! < high[b]! ? -1 : 1;
      if (low[a] !== low[b]) return low[a]! < low[b]! ? -1 : 1;
      return Buffer.compare(
        digests.subarray(a * 32, a * 32 + 32),
        digests.subarray(b * 32, b * 32 + 32),
      );
    });
    const hash = createHash('sha256').update(`${IDENTITY_VERSION}\u0000${this.kind}\n`);
    for (const i of order) hash.update(digests.subarray(i * 32, i * 32 + 32));
    return hash.digest('hex');
  }
}

/**
 * A comment line: its first cell starts with `#` and every other cell is empty (Excel pads a
 * line to the sheet's width with empty cells). No data row looks like this in any kind: a
 * required column holds a value, and an id, a number or a date never starts with `#`.
 */
function isCommentRecord(record: CsvRecord): boolean {
  const [first, ...rest] = record.cells;
  if (
    first === undefined ||
    !first
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('#')
  ) {
    return false;
  }
  return rest.every((cell) => cell.trim() === '');
}

/**
 * The bytes as an upload stream of 64 KiB pieces (the reader decodes as they come), and how
 * far the reader has taken it (the parse's progress; a piece ahead at most).
 */
function chunks(bytes: Uint8Array): {
  pieces: AsyncGenerator<Uint8Array>;
  bytesRead: () => number;
} {
  let handed = 0;
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for (let at = 0; at < bytes.length; at += 64 * 1024) {
      const piece = bytes.subarray(at, at + 64 * 1024);
      handed = at + piece.length;
      yield piece;
    }
  }
  return { pieces: pieces(), bytesRead: () => handed };
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than the limit of ${formatMiB(maxBytes)}.`,
    { maxBytes },
  );
}

function formatMiB(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`;
}

/** "Already imported as #N on … by …": the same content never applies twice. */
export function alreadyImported(record: repo.ImportRecord): AppError {
  const when = record.importedAt.toISOString().replace('T', ' ').slice(0, 19);
  return new AppError(
    'CONFLICT',
    `This file was already imported as #${record.id} on ${when} UTC by ${record.adminUserName ?? 'unknown'}.`,
    {
      reason: 'ALREADY_IMPORTED',
      importId: record.id,
      importedAt: record.importedAt.toISOString(),
      importedBy: record.adminUserName,
      // What the screen words in the admin's language (IMPORT_APPLY_REFUSALS).
      applyRefusal: 'alreadyImported' satisfies ImportApplyRefusal,
      params: {
        importId: record.id,
        importedAt: record.importedAt.toISOString(),
        importedBy: record.adminUserName,
      },
    },
  );
}

/** An apply of a file with bad rows: nothing changed; the answer lists the bad rows. */
function rowsRefused(report: ImportReport): AppError {
  const shown = report.errors
    .slice(0, 3)
    .map((e) => `line ${e.line}${e.column ? `, ${e.column}` : ''}: ${e.message}`)
    .join(' ');
  return new AppError(
    'BAD_USER_INPUT',
    `${report.errorCount} row${report.errorCount === 1 ? '' : 's'} of the file ${report.errorCount === 1 ? 'is' : 'are'} invalid; nothing was imported. ${shown}`,
    {
      reason: 'INVALID_ROWS',
      rowCount: report.rowCount,
      invalidRowCount: report.invalidRowCount,
      errorCount: report.errorCount,
      errors: report.errors.slice(0, 100),
      applyRefusal: 'invalidRows' satisfies ImportApplyRefusal,
      params: {
        rowCount: report.rowCount,
        invalidRowCount: report.invalidRowCount,
        errorCount: report.errorCount,
      },
    },
  );
}
