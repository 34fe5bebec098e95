import iconv from 'iconv-lite';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { createTestDatabase } from '../../../test/test-database';
import { startTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';
import {
  createImportsService,
  runImport,
  type ImportDefinition,
  type ImportPhase,
  type ImportProgress,
  type ImportReport,
  type ImportsService,
  type RunImportOptions,
} from './index';

/**
 * The engine on a small table of its own (created here), through the same calls a module
 * makes: a definition with columns of every type, a reference check, a summary and an apply.
 */
type Key = 'itemId' | 'amount' | 'at' | 'note' | 'hash';

let database: Database;
let db: Kysely<DB>;
let imports: ImportsService;

const definition: ImportDefinition<Key> = {
  kind: 'test-items',
  columns: {
    itemId: { type: 'id', aliases: ['品目ID', 'item id'] },
    amount: { type: 'decimal', domain: 'coin_amount', aliases: ['金額'] },
    at: { type: 'date', aliases: ['日時'] },
    note: { type: 'text', maxLength: 20, aliases: ['備考'], optional: true },
    hash: { type: 'hash', aliases: [], omittable: true },
  },
  uniqueBy: ['itemId', 'at'],
  validate: async (trx, stage) => {
    const rows = await sql<{ line: number }>`
      SELECT s.line FROM ${stage.table} s
      WHERE NOT EXISTS (SELECT 1 FROM import_test_refs r WHERE r.id = s.${stage.column('itemId')})
      ORDER BY s.line`.execute(trx);
    return rows.rows.map((r) => ({
      line: r.line,
      column: 'itemId' as const,
      reason: { code: 'unknown_reference' as const },
    }));
  },
  summarize: async (trx, stage) => {
    const row = await sql<{ n: string; total: string | null }>`
      SELECT count(*) AS n, sum(${stage.column('amount')})::text AS total FROM ${stage.table}`.execute(
      trx,
    );
    return {
      count: Number(row.rows[0]!.n),
      totals: { amount: row.rows[0]!.total ?? '0' },
    };
  },
  apply: async (trx, stage) => {
    const result = await sql`
      INSERT INTO import_test_items (item_id, amount, at, note)
      SELECT ${stage.column('itemId')}, ${stage.column('amount')}, ${stage.column('at')}, ${stage.column('note')}
      FROM ${stage.table}`.execute(trx);
    return { count: Number(result.numAffectedRows ?? 0) };
  },
};

const actor = { adminUserId: null, adminUserName: 'tester' };

function options(dryRun: boolean): RunImportOptions {
  return {
    dryRun,
    actor,
    transaction: (work) => db.transaction().execute(async (trx) => (await work(trx)).result),
  };
}

function file(content: string | Uint8Array, name = 'items.csv') {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return {
    name,
    size: bytes.length,
    arrayBuffer: async () =>
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

async function itemCount(): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM import_test_items`.execute(db);
  return Number(r.rows[0]!.n);
}

let seq = 0;
/** A file whose content is new each time (so the content hash does not repeat). */
function freshRows(rows: string[]): string {
  seq++;
  return [
    'itemId,amount,at,note',
    ...rows,
    `1,0,2026-01-0${(seq % 9) + 1}T00:00:${String(seq % 60).padStart(2, '0')}Z,seq ${seq}`,
  ].join('\r\n');
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  imports = createImportsService(db, { maxBytes: 4 * 1024 * 1024 });
  await sql`CREATE TABLE import_test_refs (id bigint PRIMARY KEY)`.execute(db);
  await sql`INSERT INTO import_test_refs SELECT g FROM generate_series(1, 100) g`.execute(db);
  await sql`CREATE TABLE import_test_items (item_id bigint, amount numeric, at timestamptz, note text)`.execute(
    db,
  );
});

afterAll(async () => {
  await database.close();
});

describe('import engine', () => {
  const good =
    'itemId,amount,at,note\r\n1,1.000000000000000001,2026-01-31T10:00:00+09:00,first\r\n2,2.5,2026-01-31T01:00:00Z,\r\n';

  it('previews without changing anything, then applies once with a record in the history', async () => {
    const preview = await imports.run(definition, file(good), options(true));
    expect(preview).toMatchObject({
      dryRun: true,
      rowCount: 2,
      errorCount: 0,
      encoding: 'utf-8',
      summary: { count: 2, totals: { amount: '3.500000000000000001' } },
      imported: null,
    });
    expect(await itemCount()).toBe(0);

    const applied = await imports.run(definition, file(good), options(false));
    expect(applied.imported).toMatchObject({
      kind: 'test-items',
      rowCount: 2,
      appliedCount: 2,
      adminUserName: 'tester',
      fileName: 'items.csv',
    });
    expect(applied.summary.totals.amount).toBe('3.500000000000000001');
    expect(await itemCount()).toBe(2);
    const stored = await sql<{ amount: string; at: Date }>`
      SELECT amount::text AS amount, at FROM import_test_items ORDER BY item_id`.execute(db);
    expect(stored.rows[0]!.amount).toBe('1.000000000000000001');
    expect(stored.rows[0]!.at.toISOString()).toBe('2026-01-31T01:00:00.000Z');

    // The same content again: refused with who and when, nothing changes.
    const again = await refusal(imports.run(definition, file(good, 'renamed.csv'), options(false)));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toMatch(
      new RegExp(
        `already imported as #${applied.imported!.id} on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC by tester`,
      ),
    );
    expect(await itemCount()).toBe(2);
    const previewAgain = await imports.run(definition, file(good), options(true));
    expect(previewAgain.alreadyImported?.id).toBe(applied.imported!.id);

    const history = await imports.history(['test-items'], { limit: 20, offset: 0 });
    expect(history.totalRecords).toBe(1);
    expect(history.rows[0]).toMatchObject({
      contentHash: applied.contentHash,
      summary: { amount: '3.500000000000000001' },
    });
  });

  it('reads a BOM file and a Shift_JIS (CP932) file with Japanese headers alike', async () => {
    const text = '品目ID,金額,日時,備考\r\n3,7,2026-02-01T00:00:00+09:00,髙橋①様\r\n';
    const bom = await imports.run(
      definition,
      file(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])),
      options(true),
    );
    expect(bom).toMatchObject({ encoding: 'utf-8-bom', errorCount: 0, rowCount: 1 });
    const sjis = iconv.encode(text, 'cp932');
    const before = await itemCount();
    const applied = await imports.run(definition, file(sjis), options(false));
    expect(applied).toMatchObject({ encoding: 'cp932', errorCount: 0 });
    expect(await itemCount()).toBe(before + 1);
    const note = await sql<{
      note: string;
    }>`SELECT note FROM import_test_items WHERE item_id = 3`.execute(db);
    expect(note.rows[0]!.note).toBe('髙橋①様');
  });

  it('lists every bad cell by line, column (as headed) and reason, and applies nothing', async () => {
    const content = [
      'item id,金額,at,note',
      '1,1.0000000000000000001,2026-01-01T00:00:00Z,',
      '2,1e3,2026-01-01T00:00:00Z,',
      '3,"1,000",2026-01-01T00:00:00Z,',
      '4,-1,2026-01-01T00:00:00Z,',
      '5,,2026-01-01T00:00:00Z,',
      '6,1,2026-01-01 10:00,',
      '0,1,2026-02-30T00:00:00Z,',
      '101,1,2026-01-01T00:00:00Z,',
      '7,1,2026-01-01T00:00:00Z,this note is far too long',
      '8,1,2026-01-01T00:00:00Z,',
      '8,2,2026-01-01T00:00:00Z,',
    ].join('\n');
    const report = await imports.run(definition, file(content), options(true));
    expect(report.rowCount).toBe(11);
    expect(report.errors.map((e) => [e.line, e.column, e.code])).toEqual([
      [2, '金額', 'decimal_scale'],
      [3, '金額', 'decimal_exponent'],
      [4, '金額', 'decimal_grouping'],
      [5, '金額', 'decimal_negative'],
      [6, '金額', 'required'],
      [7, 'at', 'date_zone'],
      [8, 'item id', 'id_format'],
      [8, 'at', 'date_format'],
      [9, 'item id', 'unknown_reference'],
      [10, 'note', 'text_too_long'],
      [12, null, 'duplicate_in_file'],
    ]);
    expect(report.errors[0]!.params).toEqual({ max: 18 });
    expect(report.errors.at(-1)!.params).toEqual({ firstLine: 11 });
    const before = await itemCount();
    const refused = await refusal(imports.run(definition, file(content), options(false)));
    expect(refused.code).toBe('BAD_USER_INPUT');
    expect(refused.details).toMatchObject({ reason: 'INVALID_ROWS', errorCount: 11 });
    // Issue 26: what the screen words in the admin's language (IMPORT_APPLY_REFUSALS).
    expect(refused.details).toMatchObject({
      applyRefusal: 'invalidRows',
      params: {
        rowCount: report.rowCount,
        invalidRowCount: report.invalidRowCount,
        errorCount: 11,
      },
    });
    expect(await itemCount()).toBe(before);
  });

  it('finds the one bad row among 10,000 and changes nothing', async () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, i) =>
        `${(i % 100) + 1},${i}.5,2026-03-01T00:00:00.${String(i % 1000).padStart(3, '0')}Z,row ${i}`,
    );
    // Unique (itemId, at) pairs: vary the seconds too.
    for (let i = 0; i < rows.length; i++) {
      const s = String(Math.floor(i / 1000)).padStart(2, '0');
      rows[i] = rows[i]!.replace('00:00:00.', `00:00:${s}.`);
    }
    rows[7_776] = '5,12.5.5,2026-03-01T00:00:00Z,broken';
    const before = await itemCount();
    const report = await imports
      .run(definition, file(freshRows(rows)), options(false))
      .catch((e: unknown) => e);
    expect(report).toBeInstanceOf(AppError);
    expect((report as AppError).details).toMatchObject({
      errorCount: 1,
      errors: [{ line: 7_778, column: 'amount', code: 'decimal_format' }],
    });
    expect(await itemCount()).toBe(before);
    rows[7_776] = '5,12.5,2026-03-01T23:59:59Z,fixed';
    const applied = (await imports.run(
      definition,
      file(freshRows(rows)),
      options(false),
    )) as ImportReport;
    expect(applied.imported?.appliedCount).toBe(10_001);
    expect(await itemCount()).toBe(before + 10_001);
  });

  it('skips comment lines (first cell "#…", the others empty) before the header and among the rows', async () => {
    const plain = freshRows(['3,1,2026-02-01T00:00:00Z,x']);
    const [head, ...rows] = plain.split('\r\n');
    const commented = [
      '# notes before the header',
      head,
      '"# a comment, quoted",,,',
      rows[0],
      '  # padded by Excel,,,,',
      ...rows.slice(1),
    ].join('\r\n');
    const a = await imports.run(definition, file(plain), options(true));
    const b = await imports.run(definition, file(commented), options(true));
    expect(b).toMatchObject({ rowCount: 2, errorCount: 0 });
    // Comments are not rows: the same rows are the same file.
    expect(b.contentHash).toBe(a.contentHash);
    // A line with a value beside its "#" is a row (refused here: "#4" is not an id).
    const notComment = await imports.run(
      definition,
      file(freshRows(['#4,1,2026-02-01T00:00:00Z,x'])),
      options(true),
    );
    expect(notComment.errors[0]).toMatchObject({ line: 2, column: 'itemId', code: 'id_format' });
  });

  it('refuses what is not a CSV file, an empty file, missing columns and a file over the limit', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect(
      (await refusal(imports.run(definition, file(zip, 'book.xlsx'), options(true)))).message,
    ).toBe('This is not a valid CSV file.');
    const nul = Buffer.from('itemId,amount\r\n1,\u00002\r\n');
    expect((await refusal(imports.run(definition, file(nul), options(true)))).message).toBe(
      'This is not a valid CSV file.',
    );
    expect((await refusal(imports.run(definition, file(''), options(true)))).code).toBe(
      'BAD_USER_INPUT',
    );
    const missing = await refusal(
      imports.run(definition, file('itemId,amount\r\n1,2\r\n'), options(true)),
    );
    expect(missing.details).toMatchObject({ line: 1, missing: ['at', 'note'] });
    const small = createImportsService(db, { maxBytes: 1024 });
    const big = await refusal(small.run(definition, file('x'.repeat(1025)), options(true)));
    expect(big.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('applies one file once when two uploads of it race', async () => {
    const content = freshRows(['9,1,2026-04-01T00:00:00Z,race']);
    const before = await itemCount();
    const results = await Promise.allSettled([
      imports.run(definition, file(content), options(false)),
      imports.run(definition, file(content), options(false)),
    ]);
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(1);
    expect((failed[0]!.reason as AppError).details).toMatchObject({ reason: 'ALREADY_IMPORTED' });
    expect(await itemCount()).toBe(before + 2);
  });
});

describe('report counts (issue 26)', () => {
  // Rows and errors are counted apart, and a report that applies nothing says why.
  it('counts rows with errors apart from errors: 3 rows, 2 wrong, 5 errors', async () => {
    const content = [
      'itemId,amount,at,note',
      // Three bad cells in one row, two in another, one good row.
      '0,1e3,2026-01-01,',
      'x,1,2026-01-01T00:00:00Z,this note is far too long',
      '1,1,2026-01-11T00:00:00Z,fine',
    ].join('\n');
    const report = await imports.run(definition, file(content), options(true));
    expect(report).toMatchObject({
      rowCount: 3,
      invalidRowCount: 2,
      errorCount: 5,
      applicableRowCount: 0,
      notApplicableReason: 'someRowsInvalid',
    });
    const refused = await refusal(imports.run(definition, file(content), options(false)));
    expect(refused.details).toMatchObject({ rowCount: 3, invalidRowCount: 2, errorCount: 5 });
  });

  it('says every row is invalid when no row passes (cell errors and set-based ones alike)', async () => {
    const content = [
      'itemId,amount,at,note',
      '0,1e3,2026-01-01,',
      // A good cell row the reference check refuses, and a duplicate of it.
      '101,1,2026-01-12T00:00:00Z,',
      '101,1,2026-01-12T00:00:00Z,',
    ].join('\n');
    const report = await imports.run(definition, file(content), options(true));
    expect(report).toMatchObject({
      rowCount: 3,
      invalidRowCount: 3,
      errorCount: 6,
      applicableRowCount: 0,
      notApplicableReason: 'allRowsInvalid',
    });
  });

  it('a header-only file is checked as "no rows" (its apply is refused); a good file applies every row', async () => {
    const empty = await imports.run(definition, file('itemId,amount,at,note\r\n'), options(true));
    expect(empty).toMatchObject({
      rowCount: 0,
      invalidRowCount: 0,
      errorCount: 0,
      applicableRowCount: 0,
      notApplicableReason: 'noRows',
    });
    const refused = await refusal(
      imports.run(definition, file('itemId,amount,at,note\r\n'), options(false)),
    );
    expect(refused.code).toBe('BAD_USER_INPUT');

    const content = freshRows(['2,2,2026-01-13T00:00:00Z,ok']);
    const dry = await imports.run(definition, file(content), options(true));
    expect(dry).toMatchObject({
      rowCount: 2,
      invalidRowCount: 0,
      errorCount: 0,
      applicableRowCount: 2,
      notApplicableReason: null,
    });
    const applied = await imports.run(definition, file(content), options(false));
    expect(applied).toMatchObject({ applicableRowCount: 2, notApplicableReason: null });
    const again = await imports.run(definition, file(content), options(true));
    expect(again).toMatchObject({
      rowCount: 2,
      invalidRowCount: 0,
      applicableRowCount: 0,
      notApplicableReason: 'alreadyImported',
    });
  });
});

describe('staging', () => {
  it('keeps text with quotes, braces, backslashes and the word NULL exactly, and blanks as null', async () => {
    const content = freshRows([
      '10,1.5,2026-06-01T00:00:00Z,"a""b,{c}\\ NULL"',
      '11,2,2026-06-01T00:00:00Z,NULL',
      '12,3,2026-06-01T00:00:00Z,',
    ]);
    const applied = await imports.run(definition, file(content), options(false));
    expect(applied.imported?.appliedCount).toBe(4);
    const notes = await sql<{ item_id: string; note: string | null }>`
      SELECT item_id::text, note FROM import_test_items
      WHERE item_id IN (10, 11, 12) AND at = '2026-06-01T00:00:00Z'
      ORDER BY item_id`.execute(db);
    expect(notes.rows).toEqual([
      { item_id: '10', note: 'a"b,{c}\\ NULL' },
      { item_id: '11', note: 'NULL' },
      { item_id: '12', note: null },
    ]);
  });
});

describe('import progress', () => {
  it('reports parsing with rows and bytes growing, then checking, applying and done', async () => {
    const rows = Array.from(
      { length: 12_000 },
      (_, i) =>
        `${(i % 100) + 1},${i}.5,${new Date(Date.UTC(2026, 4, 1) + i * 1000).toISOString()},p ${i}`,
    );
    const content = freshRows(rows);
    const seen: ImportProgress[] = [];
    const onProgress = (p: ImportProgress) => seen.push({ ...p });
    const report = await runImport(db, definition, file(content), {
      ...options(false),
      onProgress,
    });
    expect(report.imported?.appliedCount).toBe(12_001);
    const phases = seen.map((p) => p.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['parsing', 'checking', 'applying', 'done']);
    const parsing = seen.filter((p) => p.phase === 'parsing');
    // Every 5,000 rows while parsing, and once at the end.
    expect(parsing.map((p) => p.rowsRead)).toEqual([0, 5_000, 10_000, 12_001]);
    for (let i = 1; i < parsing.length; i++) {
      expect(parsing[i]!.bytesRead).toBeGreaterThanOrEqual(parsing[i - 1]!.bytesRead);
    }
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ phase: 'done', rowsRead: 12_001 });
    expect(last.bytesRead).toBe(last.byteSize);
    expect(last.byteSize).toBe(Buffer.byteLength(content));
  });

  it('ends a refused file as failed; a dry run applies too, then rolls back', async () => {
    const failed: ImportProgress[] = [];
    await refusal(
      runImport(db, definition, file(freshRows(['999,1,2026-05-02T00:00:00Z,x'])), {
        ...options(false),
        onProgress: (p) => failed.push({ ...p }),
      }),
    );
    expect(failed.at(-1)?.phase).toBe('failed');
    expect(failed.map((p) => p.phase)).not.toContain('applying');
    const dry: ImportPhase[] = [];
    await runImport(db, definition, file(freshRows([])), {
      ...options(true),
      onProgress: (p) => dry.push(p.phase),
    });
    // The dry run is the apply (rolled back): it passes through applying.
    expect([...new Set(dry)]).toEqual(['parsing', 'checking', 'applying', 'done']);
  });

  it("keeps an upload's progress in its run, for its admin only, and refuses a malformed key", async () => {
    const key = 'key-abcdef';
    await imports.run(definition, file(freshRows([])), {
      ...options(true),
      actor: { adminUserId: null, adminUserName: 'test' },
      progressKey: key,
    });
    // Read from the database (any replica): the run's end, with its report.
    const run = await imports.progress(null, key);
    expect(run).toMatchObject({ phase: 'done', outcome: 'checked', dryRun: true });
    expect(run!.rowsRead).toBeGreaterThan(0);
    expect(run!.report?.rowCount).toBe(run!.rowsRead);
    expect(await imports.progress(8, key)).toBeNull();
    expect(await imports.progress(null, 'key-other1')).toBeNull();
    expect(await imports.runOf(null, run!.runId)).toMatchObject({ outcome: 'checked' });
    expect(await imports.runOf(8, run!.runId)).toBeNull();
    const refused = await refusal(
      imports.run(definition, file(freshRows([])), { ...options(true), progressKey: 'short' }),
    );
    expect(refused.code).toBe('BAD_USER_INPUT');
    await expect(imports.progress(null, 'bad key!')).rejects.toThrow(AppError);
  });

  it('reports through the service under the key it was given', async () => {
    const key = 'service-key-1';
    await imports.run(definition, file(freshRows(['5,1,2026-05-03T00:00:00Z,k'])), {
      ...options(true),
      progressKey: key,
    });
    expect(await imports.progress(actor.adminUserId, key)).toMatchObject({
      phase: 'done',
      rowsRead: 2,
    });
    expect(await imports.progress(42, key)).toBeNull();
  });
});

describe('upload size over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ seedDemoAdmins: false, env: { IMPORT_MAX_BYTES: '2048' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers an oversized multipart upload with 413 before reading it', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ __typename }', variables: { file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new Blob(['x'.repeat(200_000)]), 'big.csv');
    const response = await fetch(`${app.baseUrl}/graphql-admin`, {
      method: 'POST',
      headers: { 'x-graphql-yoga-csrf': '1' },
      body: form,
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
