import type { ColumnType } from 'kysely';
import type { Timestamp } from './timestamp';

/** One applied CSV file (migration 0055, platform/imports). */
type CsvImportsTable = {
  // BIGINT identity: a string on both engines.
  id: ColumnType<string, never, never>;
  kind: string;
  content_hash: string;
  file_name: string;
  byte_size: ColumnType<string, string | number, never>;
  encoding: string;
  row_count: number;
  applied_count: number;
  summary: ColumnType<unknown, string, never>;
  admin_user_id: number | null;
  admin_user_name: string | null;
  imported_at: Timestamp;
};

/** A dry run's check report (migration 0145, platform/imports): one per admin and kind. */
type CsvImportReportsTable = {
  id: ColumnType<string, never, never>;
  kind: string;
  content_hash: string;
  file_name: string;
  admin_user_id: number;
  columns: string[];
  resolved: string[];
  row_count: number;
  error_count: number;
  created_at: Timestamp;
};

/** One line of a checked file (migration 0145): its cells as text and its problems. */
type CsvImportReportRowsTable = {
  report_id: ColumnType<string, string, never>;
  line: number;
  cells: string[];
  problems: ColumnType<unknown, string | null, never>;
};

/** One upload, checked or applied (migration 0220, platform/imports): phase and outcome. */
export type CsvImportRunsTable = {
  id: ColumnType<string, never, never>;
  kind: string;
  operation: string;
  dry_run: boolean;
  background: boolean;
  admin_user_id: number | null;
  admin_user_name: string | null;
  request_id: string | null;
  ip: string | null;
  progress_key: string | null;
  fingerprint: string | null;
  file_name: string;
  byte_size: ColumnType<string, string | number, never>;
  phase: ColumnType<string, string | undefined, string>;
  rows_read: ColumnType<number, number | undefined, number>;
  bytes_read: ColumnType<string, string | number | undefined, string | number>;
  outcome: string | null;
  report: ColumnType<unknown, string | null | undefined, string | null>;
  refusal: ColumnType<unknown, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  heartbeat_at: ColumnType<Date, Date | undefined, Date>;
  created_at: ColumnType<Date, Date | undefined, never>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/** A part of a background upload's bytes (migration 0220), until its run ends. */
type CsvImportRunFilesTable = {
  run_id: ColumnType<string, string, never>;
  part: number;
  bytes: Uint8Array;
};

export type PlatformTables = {
  csv_imports: CsvImportsTable;
  csv_import_runs: CsvImportRunsTable;
  csv_import_run_files: CsvImportRunFilesTable;
  csv_import_reports: CsvImportReportsTable;
  csv_import_report_rows: CsvImportReportRowsTable;
};
