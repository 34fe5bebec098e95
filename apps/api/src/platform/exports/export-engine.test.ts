import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../../test/test-database';
import { defineExport } from './export-definition';
import { createExportEngine, type DownloadRecord } from './export-engine';

// The engine on its own: rows stream through the cursor in batches, and a query that fails
// after the first batch breaks the stream (never a silently short file) and is recorded so.
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function engineFor(failAt: number | null, maxConcurrent = 4) {
  const db = database.db;
  return createExportEngine({
    db,
    engine: database.engine,
    linkKey: Buffer.alloc(32, 7),
    clock: () => new Date('2026-11-23T05:00:00Z'),
    batchRows: 100,
    maxConcurrent,
    exports: [
      defineExport({
        name: 'numbers',
        fileName: 'numbers',
        parseFilters: () => ({}),
        // 1 / 0 at row `failAt`: PostgreSQL evaluates it only when the cursor reaches it (no
        // ORDER BY, which would compute every row before the first).
        query: () =>
          db
            .selectFrom(sql<{ n: number }>`(SELECT generate_series(1, 1000) AS n)`.as('g'))
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

describe('export engine', () => {
  it('streams every row in batches and reports a complete download', async () => {
    const records: DownloadRecord[] = [];
    const opened = engineFor(null).open('numbers', {});
    const text = await consume(await opened.stream(async (r) => void records.push(r)));
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1001);
    expect(records).toEqual([{ name: 'numbers', filters: {}, rows: 1000, complete: true }]);
  });

  it('breaks the stream when the query fails after the first batch (PostgreSQL), and records it incomplete', async () => {
    const records: DownloadRecord[] = [];
    const opened = engineFor(650).open('numbers', {});
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
      expect(records[0]!.rows).toBeLessThan(1000);
    }
    // The connection is usable again (PostgreSQL: the transaction was rolled back).
    const again = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
    expect(again.rows[0]!.one).toBe(1);
  });

  it('answers a query failing in its first batch before any byte is sent', async () => {
    await expect(
      engineFor(5)
        .open('numbers', {})
        .stream(async () => {}),
    ).rejects.toThrow(/division by zero/);
  });

  it('bounds concurrent downloads and frees a slot when a client leaves before reading', async () => {
    const engine = engineFor(null, 1);
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
