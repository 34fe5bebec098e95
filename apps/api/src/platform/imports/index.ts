/** The CSV import engine (docs/architecture.md, "Platform layer"; docs/decisions/csv-imports.md). */
export {
  canonicalDecimal,
  checkCell,
  IMPORT_REASON_MESSAGES,
  reasonMessage,
  type ImportColumn,
  type ImportColumns,
  type ImportColumnType,
  type ImportReason,
  type ImportReasonCode,
} from './import-columns';
export {
  alreadyImported,
  DEFAULT_IMPORT_MAX_BYTES,
  MAX_REPORTED_ERRORS,
  runImport,
  type ImportActor,
  type ImportDefinition,
  type ImportPreviewRow,
  type ImportReport,
  type ImportRowError,
  type ImportSummary,
  type ImportTransaction,
  type RunImportOptions,
  type StagedRowProblem,
  type UploadedFile,
} from './import-engine';
export type { ImportReportSpec } from './imports-repository';
export { PROGRESS_KEY, type ImportPhase, type ImportProgress } from './import-progress';
export {
  IMPORT_STATEMENT_TIMEOUT,
  type ImportRecord,
  type ImportsSortTarget,
  type StagingTable,
} from './imports-repository';
export {
  createImportsService,
  IMPORT_RUN_QUEUE,
  STALE_RUN_SECONDS,
  type ImportRunner,
  type ImportRunView,
  type ImportsService,
  type RunActor,
  type RunOptions,
  type StartedRun,
} from './imports-service';
export { importRunJob, type ImportRunData } from './import-run-job';
