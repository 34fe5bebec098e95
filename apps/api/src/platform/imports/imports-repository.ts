import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Page, PageRequest } from '../../shared/page';
import { stagingType, type ImportColumns } from './import-columns';

/** The SQL of the import engine: staging tables and the import records (migration 0055). */

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
): Promise<StagingTable<K>> {
  // One name per transaction is enough (ON COMMIT DROP); a counter keeps nested use apart.
  const name = `csv_import_stage_${++stageCounter}`;
  const keys = Object.keys(columns) as K[];
  const definitions = keys.map((key) => sql`${sql.id(key)} ${sql.raw(stagingType(columns[key]))}`);
  await sql`CREATE TEMPORARY TABLE ${sql.id(name)} (line integer NOT NULL, ${sql.join(definitions)}) ON COMMIT DROP`.execute(
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
  rows: ReadonlyArray<Record<K | 'line', string | number | null>>,
): Promise<void> {
  if (rows.length === 0) return;
  const keys = Object.keys(columns) as K[];
  const arrays = [
    sql`${rows.map((r) => r.line)}::integer[]`,
    ...keys.map((key) => sql`${rows.map((r) => r[key])}::${sql.raw(stagingType(columns[key]))}[]`),
  ];
  const names = sql.join([sql.id('line'), ...keys.map((key) => sql.id(key))]);
  await sql`INSERT INTO ${stage.table} (${names}) SELECT * FROM unnest(${sql.join(arrays)})`.execute(
    trx,
  );
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
