import type { ColumnType } from 'kysely';
import type { Timestamp } from './timestamp';

/** One applied CSV file (migration 0055, platform/imports). */
export type CsvImportsTable = {
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
export type CsvImportReportsTable = {
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
export type CsvImportReportRowsTable = {
  report_id: ColumnType<string, string, never>;
  line: number;
  cells: string[];
  problems: ColumnType<unknown, string | null, never>;
};

export type PlatformTables = {
  csv_imports: CsvImportsTable;
  csv_import_reports: CsvImportReportsTable;
  csv_import_report_rows: CsvImportReportRowsTable;
};
