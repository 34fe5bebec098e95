import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../../test/test-database';
import { csvBatchStream } from '../csv';
import { defineExport } from './export-definition';
import { createExportEngine, type DownloadRecord } from './export-engine';

// The engine on its own: rows stream through the cursor in batches (or, on PostgreSQL, through
// COPY), and a query that fails after the first rows breaks the stream (never a silently short
// file) and is recorded so. On PostgreSQL every case runs on both paths.
let database: Database;
const PATHS = process.env.DATABASE_URL ? (['cursor', 'copy'] as const) : (['cursor'] as const);
type Path = (typeof PATHS)[number];
const copyPool = (path: Path) => (path === 'copy' ? database.pool : undefined);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function engineFor(path: Path, failAt: number | null, maxConcurrent = 4, rows = 1000) {
  const db = database.db;
  return createExportEngine({
    db,
    engine: database.engine,
    copyPool: copyPool(path),
    linkKey: Buffer.alloc(32, 7),
    clock: () => new Date('2026-11-23T05:00:00Z'),
    batchRows: 100,
    maxConcurrent,
    exports: [
      defineExport({
        name: 'numbers',
        fileName: 'numbers',
        parseFilters: () => ({}),
        // 1 / 0 at row `failAt`: PostgreSQL evaluates it only when the cursor (or COPY)
        // reaches it (no ORDER BY, which would compute every row before the first).
        query: () =>
          db
            .selectFrom(sql<{ n: number }>`(SELECT generate_series(1, ${rows}) AS n)`.as('g'))
            .select([
              sql<string>`g.n`.as('n'),
              sql<string>`(1 / (g.n - ${failAt ?? 0}))::text`.as('inverse'),
            ]),
        columns: [
          { key: 'n', header: 'n', meaning: 'n', type: 'integer', example: '1' },
          { key: 'inverse', header: 'inverse', meaning: '1/n', type: 'text', example: '0' },
        ],
      }),
    ],
  });
}

async function consume(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

// Every column type with the values that need care: formula starts, quotes, commas and line
// breaks, empty text and NULL, exact and negative amounts, timestamps with 0 to 6 fraction
// digits, dates, booleans, 64-bit counts. Selected in another order than the file's columns.
const CELLS_SQL = `SELECT * FROM (VALUES
  (1, '=SUM(A1)', '-1.000000000000000001'::numeric, '9007199254740993'::bigint, '2026-01-31 09:05:00+00'::timestamptz, '2026-01-31'::date, true, 'plain'),
  (2, '+1', '1.000000000000000001'::numeric, -5::bigint, '2026-01-31 09:05:00.1+00'::timestamptz, '1999-12-31'::date, false, '@x'),
  (3, 'a "quoted", text', '0'::numeric, 0::bigint, '2026-01-31 09:05:00.123456+00'::timestamptz, NULL::date, NULL::boolean, E'\\tTab'),
  (4, E'line\\r\\nbreak', NULL::numeric, NULL::bigint, '2026-02-01 23:59:59.999999+09'::timestamptz, '2026-02-28'::date, true, E'\\rCR'),
  (5, '', '123456789012345678901234567890.5'::numeric, 1::bigint, NULL::timestamptz, '0001-01-01'::date, false, '日本語,カンマ'),
  (6, NULL, '-0.5'::numeric, 2::bigint, '2026-03-01 00:00:00.009+00'::timestamptz, '2026-03-01'::date, true, '-minus')
) AS t(id, label, amount, big, at, day, flag, other)`;

const CELL_COLUMNS = [
  { key: 'other', header: 'other', meaning: 'o', type: 'text', example: 'x' },
  { key: 'amount', header: 'amount', meaning: 'a', type: 'decimal', example: '1' },
  { key: 'label', header: 'label, "quoted"', meaning: 'l', type: 'text', example: 'x' },
  { key: 'at', header: 'at', meaning: 't', type: 'datetime', example: 'x' },
  { key: 'big', header: 'big', meaning: 'b', type: 'integer', example: '1' },
  { key: 'day', header: 'day', meaning: 'd', type: 'date', example: 'x' },
  { key: 'flag', header: 'flag', meaning: 'f', type: 'boolean', example: 'true' },
  { key: 'id', header: 'id', meaning: 'i', type: 'integer', example: '1' },
] as const;

describe.each(PATHS)('export engine (%s)', (path) => {
  it('writes the cells exactly as the row-object writer does', async () => {
    const db = database.db;
    const cells = defineExport({
      name: 'cells',
      fileName: 'cells',
      parseFilters: () => ({}),
      query: () =>
        db
          .selectFrom(sql<Record<string, unknown>>`(${sql.raw(CELLS_SQL)})`.as('c'))
          .selectAll()
          .orderBy(sql`id`),
      columns: CELL_COLUMNS,
    });
    const engine = createExportEngine({
      db,
      engine: database.engine,
      copyPool: copyPool(path),
      linkKey: Buffer.alloc(32, 7),
      clock: () => new Date('2026-11-23T05:00:00Z'),
      batchRows: 4,
      exports: [cells],
    });
    const file = await consume(await engine.open('cells', {}).stream(async () => {}));
    // The reference: the same rows as objects with pg's usual parsing (Dates, numbers).
    const { rows } = await sql<Record<string, unknown>>`${sql.raw(CELLS_SQL)} ORDER BY id`.execute(
      db,
    );
    const expected = await consume(csvBatchStream([rows], cells.csvColumns('Asia/Tokyo')));
    expect(file).toBe(expected);
    expect(file.startsWith('\uFEFFother,amount,"label, ""quoted""",at,big,day,flag,id\r\n')).toBe(
      true,
    );
    // Timestamps in the business time zone with its offset, milliseconds only when there are
    // any, truncated (issue 26, "One clock").
    expect(file).toContain(
      "plain,-1.000000000000000001,'=SUM(A1),2026-01-31T18:05:00+09:00,9007199254740993,2026-01-31,true,1\r\n",
    );
    expect(file).toContain('2026-01-31T18:05:00.100+09:00');
    expect(file).toContain('2026-01-31T18:05:00.123+09:00');
    expect(file).toContain('2026-02-01T23:59:59.999+09:00');
    expect(file).toContain('2026-03-01T09:00:00.009+09:00');
    expect(file).toContain(`"'\rCR",,"line\r\nbreak",`);
    expect(file.split('\r\n')).toHaveLength(9);
  });

  it.each([
    ['UTC', '2026-01-31T09:05:00Z', '2026-02-01T14:59:59.999Z', 'cells_20261123T0500Z.csv'],
    [
      'America/New_York',
      '2026-01-31T04:05:00-05:00',
      '2026-02-01T09:59:59.999-05:00',
      'cells_20261123T0000.csv',
    ],
    [
      'Asia/Kolkata',
      '2026-01-31T14:35:00+05:30',
      '2026-02-01T20:29:59.999+05:30',
      'cells_20261123T1030.csv',
    ],
  ])(
    'stamps the name and writes timestamps in the business time zone %s',
    async (zone, first, fourth, fileName) => {
      const db = database.db;
      const engine = createExportEngine({
        db,
        engine: database.engine,
        copyPool: copyPool(path),
        linkKey: Buffer.alloc(32, 7),
        clock: () => new Date('2026-11-23T05:00:00Z'),
        businessTimeZone: zone,
        exports: [
          defineExport({
            name: 'cells',
            fileName: 'cells',
            parseFilters: () => ({}),
            query: () =>
              db
                .selectFrom(sql<Record<string, unknown>>`(${sql.raw(CELLS_SQL)})`.as('c'))
                .select(['id', 'at'])
                .orderBy(sql`id`),
            columns: [
              { key: 'id', header: 'id', meaning: 'i', type: 'integer', example: '1' },
              { key: 'at', header: 'at', meaning: 't', type: 'datetime', example: 'x' },
            ],
          }),
        ],
      });
      const opened = engine.open('cells', {});
      expect(opened.fileName).toBe(fileName);
      expect(engine.issueLink(1, 'cells', {}).fileName).toBe(fileName);
      const lines = (await consume(await opened.stream(async () => {}))).split('\r\n');
      expect(lines[1]).toBe(`1,${first}`);
      expect(lines[4]).toBe(`4,${fourth}`);
      expect(lines[5]).toBe('5,');
    },
  );

  it('streams every row in batches and reports a complete download', async () => {
    const records: DownloadRecord[] = [];
    const opened = engineFor(path, null).open('numbers', {});
    const text = await consume(await opened.stream(async (r) => void records.push(r)));
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1001);
    expect(records).toEqual([{ name: 'numbers', filters: {}, rows: 1000, complete: true }]);
  });

  it('breaks the stream when the query fails after the first batch (PostgreSQL), and records it incomplete', async () => {
    const records: DownloadRecord[] = [];
    // COPY's rows leave PostgreSQL in 8 KiB writes: the failure must come after several.
    const opened = engineFor(path, 65_000, 4, 100_000).open('numbers', {});
    if (database.engine === 'pglite') {
      // A WITH HOLD cursor is computed whole when declared: the error comes before any byte.
      await expect(opened.stream(async (r) => void records.push(r))).rejects.toThrow(
        /division by zero/,
      );
    } else {
      const stream = await opened.stream(async (r) => void records.push(r));
      await expect(consume(stream)).rejects.toThrow(/division by zero/);
      expect(records).toHaveLength(1);
      expect(records[0]!.complete).toBe(false);
      expect(records[0]!.rows).toBeLessThan(65_000);
    }
    // The connection is usable again (PostgreSQL: the transaction was rolled back).
    const again = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
    expect(again.rows[0]!.one).toBe(1);
  });

  it('answers a query failing in its first batch before any byte is sent', async () => {
    await expect(
      engineFor(path, 5)
        .open('numbers', {})
        .stream(async () => {}),
    ).rejects.toThrow(/division by zero/);
  });

  it('bounds concurrent downloads and frees a slot when a client leaves before reading', async () => {
    const engine = engineFor(path, null, 1);
    const records: DownloadRecord[] = [];
    const first = await engine.open('numbers', {}).stream(async (r) => void records.push(r));
    await expect(engine.open('numbers', {}).stream(async () => {})).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    first.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(records).toEqual([{ name: 'numbers', filters: {}, rows: 0, complete: false }]);
    const again = await engine.open('numbers', {}).stream(async () => {});
    expect((await consume(again)).split('\r\n').filter(Boolean)).toHaveLength(1001);
  });
});
