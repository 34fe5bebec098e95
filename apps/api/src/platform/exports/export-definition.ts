import type { Compilable } from 'kysely';
import pg from 'pg';
import { isoInTimeZone, type ExportUnit } from '@app/shared';
import { numberCsvCell, textCsvCell, type CsvCellFormat, type CsvColumn } from '../csv';

/** How a column's value is written: `text` is neutralised, numbers exactly as stored. */
export type ExportColumnType = 'text' | 'decimal' | 'integer' | 'datetime' | 'date' | 'boolean';

/**
 * One column of an export, described for the file's reader as well as for the writer: the
 * download centre shows `header`, `meaning`, `type`, `unit` and `example` as the format.
 */
export type ExportColumn<Row> = {
  /** The row field the cell is read from. */
  key: keyof Row & string;
  header: string;
  meaning: string;
  type: ExportColumnType;
  /** A coin code or a word of EXPORT_UNIT_WORDS (which the download centre translates). */
  unit?: ExportUnit;
  example: string;
};

/** What an export's filters look like after a round trip through JSON (the signed link). */
export type ExportFilterInput = { [key: string]: unknown };

/**
 * An export a module registers (docs/architecture.md, "Exports"). `parseFilters` validates
 * the same filters as the module's list (throwing its AppError), `query` builds the list's
 * SQL without paging, in the list's order; the engine streams it through a cursor.
 */
export type ExportDefinition<Filters, Row> = {
  /** Stable id, used in links and audit rows: `users`, `userPaymentsV2`, … */
  name: string;
  /** What the file holds, for its name: `users` gives `users_20261123-1405Z.csv`. */
  fileName: string;
  parseFilters: (input: ExportFilterInput) => Filters;
  /**
   * Who may download besides asking for the link: any signed-in admin, unless `write` (an
   * admin who may change data: a withdrawal signing file) or `superAdmin`. Checked again at
   * every download, so a link stops working when its admin loses the role.
   */
  access?: ExportAccess;
  columns: readonly ExportColumn<Row>[];
  query: (filters: Filters) => Compilable<Row>;
  /**
   * A file kept as handed out (a withdrawal signing batch): the download sends these bytes
   * as they are, so every download of it is byte-identical; `query` still describes its rows
   * (format, preview).
   */
  stored?: (filters: Filters) => Promise<StoredFile>;
};

export type ExportAccess = 'authenticated' | 'write' | 'superAdmin';

/** Whether an admin holding `roles` may download (or preview) an export of this access now. */
export function exportAccessAllows(access: ExportAccess, roles: readonly string[]): boolean {
  if (access === 'superAdmin') return roles.includes('super_admin');
  if (access === 'write') return roles.includes('write') || roles.includes('super_admin');
  return true;
}

/** The bytes of a kept file, the rows it holds (for the download's audit row) and its name. */
export type StoredFile = { content: Buffer; rows: number; fileName: string };

/** Column facts without the row type, for the GraphQL format description. */
export type ExportColumnInfo = Omit<ExportColumn<unknown>, 'key'> & { key: string };

/** A registered export with its row type erased, so one registry holds them all. */
export type RegisteredExport = {
  name: string;
  fileName: string;
  access: ExportAccess;
  columns: readonly ExportColumnInfo[];
  /** The writer's columns, timestamps written in `timeZone` (the business time zone). */
  csvColumns: (timeZone: string) => readonly CsvColumn<Record<string, unknown>>[];
  /** The row fields the file's columns read, in file order (the cursor fetches these). */
  keys: readonly string[];
  /** Each column's cell writer, for rows fetched as arrays in `keys` order. */
  cellFormats: (timeZone: string) => readonly CsvCellFormat[];
  /** Validates the filters and returns the SQL to stream. */
  prepare: (input: ExportFilterInput) => Compilable<Record<string, unknown>>;
  /** A kept file's bytes instead of the SQL's rows (ExportDefinition.stored). */
  stored?: ((input: ExportFilterInput) => Promise<StoredFile>) | undefined;
};

const CSV_KIND = {
  text: 'text',
  decimal: 'decimal',
  integer: 'integer',
  // ISO-8601 text never starts with a formula character; written as text all the same.
  datetime: 'text',
  date: 'text',
  boolean: 'text',
} as const;

// PostgreSQL's text of a date or a UTC timestamp (the export cursor sets the session to UTC):
// `2026-01-31`, `2026-01-31 09:05:00+00`, `2026-01-31 09:05:00.123456+00`.
const PG_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2}:\d{2})(\.\d+)?(?:\+00)?)?$/;
const pgTimestamp = pg.types.getTypeParser(1184) as (text: string) => Date;

/** A column key as a quoted SQL identifier (keys are camelCase aliases of the export's SQL). */
export const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * A timestamp cell (issue 26, "One clock"): ISO-8601 with the offset of the business time zone,
 * `2026-01-31T18:05:00+09:00`, milliseconds only when there are any (`…:00.123+09:00`), `Z` when
 * the offset is 0: `isoInTimeZone` (packages/shared), the one converter; COPY writes the same in
 * SQL (export-copy.ts, `dateTimeCellSql`).
 */
function dateTimeCell(at: Date, timeZone: string): string {
  return isoInTimeZone(at, timeZone);
}

/**
 * A date or time the export cursor left as PostgreSQL text, written as `cellText` writes a
 * Date: a timestamp through `dateTimeCell` (milliseconds truncated as pg's own parser does), or
 * the date alone.
 */
function dateTimeText(type: 'date' | 'datetime', text: string, timeZone: string): string {
  const m = PG_DATE_TIME.exec(text);
  if (!m) {
    // Anything else (a year past 9999, BC, infinity, an offset): through pg's parser.
    const date = pgTimestamp(text) as Date | null;
    if (!date || Number.isNaN(date.getTime())) return text;
    return type === 'date' ? date.toISOString().slice(0, 10) : dateTimeCell(date, timeZone);
  }
  if (type === 'date') return m[1]!;
  const ms = m[3] ? String(Math.trunc(1000 * parseFloat(m[3]))).padStart(3, '0') : '000';
  return dateTimeCell(new Date(`${m[1]}T${m[2] ?? '00:00:00'}.${ms}Z`), timeZone);
}

/**
 * A cell's text: timestamps as ISO-8601 with the offset of `timeZone` (the business time zone),
 * dates as `YYYY-MM-DD`, booleans as true/false, numbers as given.
 */
export function cellText(type: ExportColumnType, value: unknown, timeZone: string): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    return type === 'date' ? value.toISOString().slice(0, 10) : dateTimeCell(value, timeZone);
  }
  if (typeof value === 'string' && (type === 'datetime' || type === 'date')) {
    return dateTimeText(type, value, timeZone);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && type === 'decimal') {
    // An amount must arrive as the database's exact string; a number here is a bug.
    throw new Error('Export amounts must be decimal strings, not numbers');
  }
  return String(value);
}

/**
 * UTC timestamp text as the export cursor leaves it (`2026-01-31 09:05:00+00`, with an
 * optional fraction) as a timestamp cell, read by slicing; the same as `dateTimeText` (whose
 * regular expression and parseFloat cost a tenth of a million-row export), which takes the rest.
 */
function datetimeFromText(text: string, timeZone: string): string {
  const n = text.length;
  if (
    n >= 22 &&
    text.charCodeAt(10) === 0x20 &&
    text.charCodeAt(n - 3) === 0x2b &&
    text.charCodeAt(n - 2) === 0x30 &&
    text.charCodeAt(n - 1) === 0x30 &&
    text.charCodeAt(4) === 0x2d
  ) {
    if (n === 22) {
      return dateTimeCell(new Date(`${text.slice(0, 10)}T${text.slice(11, 19)}.000Z`), timeZone);
    }
    if (text.charCodeAt(19) === 0x2e && n <= 29) {
      // A fraction of 1 to 6 digits, truncated to milliseconds.
      const ms = `${text.slice(20, n - 3)}00`.slice(0, 3);
      return dateTimeCell(new Date(`${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`), timeZone);
    }
  }
  return dateTimeText('datetime', text, timeZone);
}

/**
 * A column's cell writer for rows fetched as arrays (the export cursor): strings, as
 * PostgreSQL's text, through character checks by column type; any other value (a boolean,
 * a Date on PGlite, a number) through `cellText` as before. Exactly what `formatCell` writes.
 */
function cellFormatter(type: ExportColumnType, header: string, timeZone: string): CsvCellFormat {
  const kind = CSV_KIND[type];
  const typed = (value: unknown): string => {
    const text = cellText(type, value, timeZone);
    if (text === null) return '';
    return kind === 'text' ? textCsvCell(text) : numberCsvCell(kind, header, text);
  };
  switch (type) {
    case 'decimal':
    case 'integer':
      return (value) =>
        typeof value === 'string' ? numberCsvCell(type, header, value) : typed(value);
    case 'datetime':
      return (value) =>
        typeof value === 'string' ? textCsvCell(datetimeFromText(value, timeZone)) : typed(value);
    case 'date':
      // `2026-01-31` is already the file's form; anything else through `dateTimeText`.
      return (value) =>
        typeof value === 'string' && value.length === 10 && value.charCodeAt(4) === 0x2d
          ? value
          : typed(value);
    case 'boolean':
      return (value) => (value === true ? 'true' : value === false ? 'false' : typed(value));
    case 'text':
      return (value) => (typeof value === 'string' ? textCsvCell(value) : typed(value));
  }
}

/** Erases the row type of a definition (checked here, once) for the registry. */
export function defineExport<Filters, Row>(
  definition: ExportDefinition<Filters, Row>,
): RegisteredExport {
  return {
    name: definition.name,
    fileName: definition.fileName,
    access: definition.access ?? 'authenticated',
    columns: definition.columns.map((c) => ({ ...c })),
    csvColumns: (timeZone) =>
      definition.columns.map((c) => ({
        header: c.header,
        kind: CSV_KIND[c.type],
        value: (row: Record<string, unknown>) => cellText(c.type, row[c.key], timeZone),
      })),
    keys: definition.columns.map((c) => c.key),
    cellFormats: (timeZone) =>
      definition.columns.map((c) => cellFormatter(c.type, c.header, timeZone)),
    prepare: (input) =>
      definition.query(definition.parseFilters(input)) as unknown as Compilable<
        Record<string, unknown>
      >,
    stored: definition.stored
      ? (input) => definition.stored!(definition.parseFilters(input))
      : undefined,
  };
}

/** A date filter back from a link's JSON (an ISO string), or from GraphQL (a Date). */
export function exportDate(value: unknown): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? undefined : date;
}
