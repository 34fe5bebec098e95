import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Page, PageRequest } from '../../shared/page';
import { stagingType, type ImportColumns, type ImportColumnType } from './import-columns';

/** The SQL of the import engine: staging tables and the import records (migration 0055). */

/**
 * What the dry run keeps of every row for the check report download (the module's part):
 * the names of the values its ids resolve to, and the SQL that resolves them over the
 * relation of every row of the file (`row(key)`: the row's typed value, null where the cell
 * was refused). Only repositories write SQL: the module's repository supplies `resolve`.
 */
export type ImportReportSpec<K extends string> = {
  resolved: readonly string[];
  resolve: (row: (key: K) => RawBuilder<unknown>) => {
    joins: RawBuilder<unknown>;
    values: RawBuilder<unknown>[];
  };
};

/**
 * A staging table for one import: a temporary table dropped at the end of the transaction,
 * with `line` (the file's line number) and one typed column per spec key, named as the key.
 * Modules' repositories read it with `stage.table` and `stage.column('userId')`.
 */
export type StagingTable<K extends string> = {
  readonly name: string;
  /** The table, for use in a `sql` template. */
  readonly table: RawBuilder<unknown>;
  /** A column of the table, for use in a `sql` template (`line` or a spec key). */
  column: (key: K | 'line') => RawBuilder<unknown>;
};

export async function createStagingTable<K extends string>(
  trx: Executor,
  columns: ImportColumns<K>,
  options: { raw?: boolean } = {},
): Promise<StagingTable<K>> {
  // One name per transaction is enough (ON COMMIT DROP); a counter keeps nested use apart.
  const name = `csv_import_stage_${++stageCounter}`;
  const keys = Object.keys(columns) as K[];
  const definitions = keys.map((key) => sql`${sql.id(key)} ${sql.raw(stagingType(columns[key]))}`);
  // `raw`: the refused rows of a dry run that keeps a check report, every cell as written.
  const raw = options.raw ? sql`, raw jsonb NOT NULL` : sql``;
  await sql`CREATE TEMPORARY TABLE ${sql.id(name)} (line integer NOT NULL, ${sql.join(definitions)}${raw}) ON COMMIT DROP`.execute(
    trx,
  );
  return {
    name,
    table: sql.id(name),
    column: (key) => sql.id(key),
  };
}
let stageCounter = 0;

/**
 * Loads a batch of checked rows into the staging table in one statement: one array parameter
 * per column read by `unnest`, which both engines run alike. Every value travels as text (or
 * null) and is cast by the column's type, so decimals and dates stay exact. (Column arrays
 * rather than one JSON document: no key repeated per row, and no JSON parse on the server;
 * the staging of a million rows took about half the time.)
 */
export async function insertStagedRows<K extends string>(
  trx: Executor,
  stage: StagingTable<K>,
  columns: ImportColumns<K>,
  rows: ReadonlyArray<Record<K | 'line', string | number | null> & { raw?: readonly string[] }>,
): Promise<void> {
  if (rows.length === 0) return;
  const keys = Object.keys(columns) as K[];
  const arrays = [
    sql`${rows.map((r) => r.line)}::integer[]`,
    ...keys.map((key) => sql`${rows.map((r) => r[key])}::${sql.raw(stagingType(columns[key]))}[]`),
  ];
  const names = [sql.id('line'), ...keys.map((key) => sql.id(key))];
  if (rows[0] && 'raw' in rows[0]) {
    // A refused row's cells as written, one JSON array per row (unnest flattens 2-D arrays).
    arrays.push(sql`${rows.map((r) => JSON.stringify((r as { raw?: unknown }).raw))}::jsonb[]`);
    names.push(sql.id('raw'));
  }
  await sql`INSERT INTO ${stage.table} (${sql.join(names)}) SELECT * FROM unnest(${sql.join(arrays)})`.execute(
    trx,
  );
}

/** One problem of a row, kept for the check report: the column as the file heads it. */
export type ProblemRow = {
  line: number;
  column: string | null;
  code: string;
  params: Record<string, string | number>;
};

/** A temporary table of every problem a dry run found (the check report's reasons). */
export type ProblemsTable = { readonly table: RawBuilder<unknown> };

export async function createProblemsTable(trx: Executor): Promise<ProblemsTable> {
  const name = `csv_import_problems_${++stageCounter}`;
  await sql`CREATE TEMPORARY TABLE ${sql.id(name)} (
    seq integer GENERATED ALWAYS AS IDENTITY, line integer NOT NULL, col text, code text NOT NULL,
    params jsonb NOT NULL) ON COMMIT DROP`.execute(trx);
  return { table: sql.id(name) };
}

export async function insertProblems(
  trx: Executor,
  problems: ProblemsTable,
  rows: readonly ProblemRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`INSERT INTO ${problems.table} (line, col, code, params)
    SELECT line, col, code, params::jsonb FROM unnest(
      ${rows.map((r) => r.line)}::integer[], ${rows.map((r) => r.column)}::text[],
      ${rows.map((r) => r.code)}::text[], ${rows.map((r) => JSON.stringify(r.params))}::text[]
    ) AS u(line, col, code, params)`.execute(trx);
}

/** How long a check report is kept at most (a newer check of the same admin and kind replaces it). */
const CHECK_REPORT_TTL = '1 day';

/**
 * Keeps a dry run's check report: one row per line of the file (good rows from the staging
 * table, refused ones as written), its values as text, what the module resolves, and every
 * problem of the line. One INSERT … SELECT, whatever the file's size. Drops the admin's
 * earlier report of this kind and every report older than CHECK_REPORT_TTL first.
 */
export async function saveCheckReport<K extends string>(
  trx: Executor,
  report: {
    kind: string;
    contentHash: string;
    fileName: string;
    adminUserId: number;
    rowCount: number;
    errorCount: number;
    columns: ImportColumns<K>;
    spec: ImportReportSpec<K>;
    stage: StagingTable<K>;
    rejected: StagingTable<K>;
    problems: ProblemsTable;
  },
): Promise<string> {
  await sql`DELETE FROM csv_import_reports
    WHERE (admin_user_id = ${report.adminUserId} AND kind = ${report.kind})
       OR created_at < now() - ${sql.lit(CHECK_REPORT_TTL)}::interval`.execute(trx);
  const keys = Object.keys(report.columns) as K[];
  const resolved = report.spec.resolve((key) => sql`r.${sql.id(key)}`);
  const header = await sql<{ id: string }>`
    INSERT INTO csv_import_reports (kind, content_hash, file_name, admin_user_id, columns,
      resolved, row_count, error_count)
    VALUES (${report.kind}, ${report.contentHash}, ${report.fileName}, ${report.adminUserId},
      ${keys}::text[], ${[...report.spec.resolved]}::text[], ${report.rowCount},
      ${report.errorCount})
    RETURNING id::text AS id`.execute(trx);
  const id = header.rows[0]!.id;
  const cols = sql.join(keys.map((key) => sql.id(key)));
  const cells = keys.map(
    (key, i) => sql`coalesce(r.raw ->> ${sql.lit(i)}, ${cellText(report.columns[key], key)})`,
  );
  await sql`
    INSERT INTO csv_import_report_rows (report_id, line, cells, problems)
    SELECT ${id}::bigint, r.line, ARRAY[${sql.join([...cells, ...resolved.values])}]::text[], p.problems
    FROM (
      SELECT line, ${cols}, NULL::jsonb AS raw FROM ${report.stage.table}
      UNION ALL
      SELECT line, ${cols}, raw FROM ${report.rejected.table}
    ) r
    ${resolved.joins}
    LEFT JOIN (
      SELECT line, jsonb_agg(jsonb_build_object('column', col, 'code', code, 'params', params)
        ORDER BY seq) AS problems
      FROM ${report.problems.table} GROUP BY line
    ) p ON p.line = r.line`.execute(trx);
  return id;
}

/** A staged value as the report writes it: a date-time as its UTC instant (ISO 8601). */
function cellText(column: ImportColumnType, key: string): RawBuilder<unknown> {
  const ref = sql`r.${sql.id(key)}`;
  return column.type === 'date'
    ? sql`to_char(${ref} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`${ref}::text`;
}

export type CheckReport = {
  id: string;
  kind: string;
  contentHash: string;
  fileName: string;
  adminUserId: number;
  /** The file's columns, then `resolved`: the names of each row's cells. */
  columns: string[];
  resolved: string[];
  rowCount: number;
  errorCount: number;
  createdAt: Date;
};

/** The admin's newest check report of this content (reports are the checking admin's own). */
export async function findCheckReport(
  db: Executor,
  adminUserId: number,
  kind: string,
  contentHash: string,
): Promise<CheckReport | undefined> {
  const result = await sql<CheckReport>`
    SELECT id::text AS id, kind, content_hash AS "contentHash", file_name AS "fileName",
      admin_user_id AS "adminUserId", columns, resolved, row_count AS "rowCount",
      error_count AS "errorCount", created_at AS "createdAt"
    FROM csv_import_reports
    WHERE admin_user_id = ${adminUserId} AND kind = ${kind} AND content_hash = ${contentHash}
    ORDER BY id DESC LIMIT 1`.execute(db);
  const row = result.rows[0];
  return row ? { ...row, createdAt: new Date(row.createdAt) } : undefined;
}

export type CheckReportRow = {
  line: number;
  cells: string[];
  problems: ProblemRow[] | null;
};

/** The report's rows after `afterLine`, in line order (keyset pages on the primary key). */
export async function checkReportRows(
  db: Executor,
  reportId: string,
  afterLine: number,
  limit: number,
): Promise<CheckReportRow[]> {
  const result = await sql<{ line: number; cells: string[]; problems: unknown }>`
    SELECT line, cells, problems FROM csv_import_report_rows
    WHERE report_id = ${reportId}::bigint AND line > ${afterLine}
    ORDER BY line LIMIT ${limit}`.execute(db);
  return result.rows.map((r) => ({
    line: Number(r.line),
    cells: r.cells,
    problems: (typeof r.problems === 'string' ? JSON.parse(r.problems) : r.problems) as
      ProblemRow[] | null,
  }));
}

/**
 * Prepares the import's transaction for set-based work over up to millions of staged rows
 * (SET LOCAL: this transaction only): sorts and hashes (duplicates, reference checks, the
 * apply's triggers) get 64 MiB instead of the server's default 4 MiB and stay in memory, and
 * the statements may run longer than the API's statement timeout (30 s by default, meant for
 * screens' queries): the apply of a file at the size limit takes minutes on a small server.
 */
export async function prepareImportTransaction(trx: Executor): Promise<void> {
  await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
  await sql`SET LOCAL statement_timeout = ${sql.lit(IMPORT_STATEMENT_TIMEOUT)}`.execute(trx);
}

/** The longest one statement of an import (or a rate assignment) may run. */
export const IMPORT_STATEMENT_TIMEOUT = '15min';

/** Statistics of the loaded staging table, so the checks and the apply get fitting plans. */
export async function analyzeStagingTable<K extends string>(
  trx: Executor,
  stage: StagingTable<K>,
): Promise<void> {
  await sql`ANALYZE ${stage.table}`.execute(trx);
}

/** Rows whose `keys` repeat an earlier row of the file: [line, first line]. */
export async function findDuplicateRows<K extends string>(
  trx: Executor,
  stage: StagingTable<K>,
  keys: readonly K[],
): Promise<Array<{ line: number; firstLine: number }>> {
  const partition = sql.join(keys.map((key) => stage.column(key)));
  const result = await sql<{ line: number; first_line: number }>`
    SELECT line, first_line FROM (
      SELECT line, min(line) OVER (PARTITION BY ${partition}) AS first_line FROM ${stage.table}
    ) d WHERE line <> first_line ORDER BY line`.execute(trx);
  return result.rows.map((r) => ({ line: Number(r.line), firstLine: Number(r.first_line) }));
}

/**
 * Serialises the applies of one kind (transaction-scoped advisory lock): two concurrent
 * uploads of one content wait for each other here, and the second then finds the first's
 * record; two files sharing a row: the second's duplicate check sees the first's rows. The
 * unique key (kind, content_hash) is the backstop.
 */
export async function lockKind(trx: Executor, kind: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`csv_import:${kind}`}, 0))`.execute(
    trx,
  );
}

export type ImportRecord = {
  id: string;
  kind: string;
  contentHash: string;
  fileName: string;
  byteSize: string;
  encoding: string;
  rowCount: number;
  appliedCount: number;
  summary: Record<string, string>;
  adminUserId: number | null;
  adminUserName: string | null;
  importedAt: Date;
};

const RECORD_COLUMNS = [
  'id',
  'kind',
  'content_hash as contentHash',
  'file_name as fileName',
  'byte_size as byteSize',
  'encoding',
  'row_count as rowCount',
  'applied_count as appliedCount',
  'summary',
  'admin_user_id as adminUserId',
  'admin_user_name as adminUserName',
  'imported_at as importedAt',
] as const;

export async function findImport(
  db: Executor,
  kind: string,
  hash: string,
): Promise<ImportRecord | undefined> {
  const row = await db
    .selectFrom('csv_imports')
    .select(RECORD_COLUMNS)
    .where('kind', '=', kind)
    .where('content_hash', '=', hash)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function insertImport(
  trx: Executor,
  record: Omit<ImportRecord, 'id' | 'importedAt' | 'byteSize'> & { byteSize: number },
): Promise<ImportRecord> {
  const row = await trx
    .insertInto('csv_imports')
    .values({
      kind: record.kind,
      content_hash: record.contentHash,
      file_name: record.fileName,
      byte_size: record.byteSize,
      encoding: record.encoding,
      row_count: record.rowCount,
      applied_count: record.appliedCount,
      summary: JSON.stringify(record.summary),
      admin_user_id: record.adminUserId,
      admin_user_name: record.adminUserName,
    })
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export type ImportsSortTarget = 'id';

/** The import history of some kinds, newest first. */
export async function listImports(
  db: Executor,
  kinds: readonly string[],
  page: PageRequest<ImportsSortTarget>,
): Promise<Page<ImportRecord>> {
  if (kinds.length === 0) return { rows: [], totalRecords: 0 };
  const direction = page.sort?.orderBy ?? 'desc';
  const rows = await db
    .selectFrom('csv_imports')
    .select(RECORD_COLUMNS)
    .where('kind', 'in', kinds)
    .orderBy('id', direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await db
    .selectFrom('csv_imports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', 'in', kinds)
    .executeTakeFirstOrThrow();
  return { rows: rows.map(toRecord), totalRecords: Number(count.n) };
}

function toRecord(row: Omit<ImportRecord, 'summary'> & { summary: unknown }): ImportRecord {
  const summary =
    typeof row.summary === 'string'
      ? (JSON.parse(row.summary) as Record<string, string>)
      : (row.summary as Record<string, string>);
  return { ...row, id: String(row.id), byteSize: String(row.byteSize), summary };
}
