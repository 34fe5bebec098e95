import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { startTestApp, type GraphQLResponse, type TestApp } from '../../../test/test-app';
import { addHecAndEthPlans, addTestUsers } from '../../../test/payment-fixtures';

/**
 * Issue 24, "Payments imports": the check report download (every row of a checked file with
 * the names its ids resolved to and its outcome, in the admin's language) and the payments
 * template's plan ids, over HTTP on a fresh database (PGlite, or PostgreSQL with DATABASE_URL).
 */
let t: TestApp;
let writer: string;
let reader: string;
let superAdmin: string;
let userA: number;
let userB: number;
let hecPlan: number;
let ethPlan: number;

type Report = {
  rowCount: number;
  count: number;
  errorCount: number;
  contentHash: string;
  alreadyImported: { id: string } | null;
  imported: { id: string } | null;
};

async function upload(
  content: string,
  options: { dryRun?: boolean; token?: string } = {},
): Promise<GraphQLResponse<{ postAddUserPaymentsByCSV: { report: Report } }>> {
  const query = `mutation ($file: Upload!, $dryRun: Boolean) { postAddUserPaymentsByCSV(file: $file, dryRun: $dryRun) {
    report { rowCount count errorCount contentHash alreadyImported { id } imported { id } } } }`;
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({ query, variables: { file: null, dryRun: options.dryRun ?? false } }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([Buffer.from(content, 'utf8')], { type: 'text/csv' }), 'check.csv');
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: options.token ?? writer },
    body: form,
  });
  return (await response.json()) as GraphQLResponse<{
    postAddUserPaymentsByCSV: { report: Report };
  }>;
}

async function check(content: string, token = writer): Promise<Report> {
  const answer = await upload(content, { dryRun: true, token });
  expect(answer.errors).toBeUndefined();
  return answer.data!.postAddUserPaymentsByCSV.report;
}

function download(hash: string, token: string | null, lang = 'ja'): Promise<Response> {
  return fetch(`${t.baseUrl}/import-reports/payments/${hash}?lang=${lang}`, {
    headers: token ? { [ACCESS_TOKEN_HEADER]: token } : {},
  });
}

async function reportRows(response: Response): Promise<string[][]> {
  expect(response.status).toBe(200);
  const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1), { relaxColumnCount: false }) as string[][];
}

async function count(table: 'payments' | 'csv_import_report_rows'): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
    t.database.db,
  );
  return Number(r.rows[0]!.n);
}

beforeAll(async () => {
  t = await startTestApp();
  writer = await t.login('writer@example.com');
  reader = await t.login('reader@example.com');
  superAdmin = await t.login('super@example.com');
  [userA, userB] = (await addTestUsers(t.database.db, 'report', [1, 2])) as [number, number];
  ({ hecPlan, ethPlan } = await addHecAndEthPlans(t.database.db, {
    hec: { name: 'Report HEC plan', priceUsd: '100' },
    eth: { name: 'Report, ETH plan', priceUsd: '250' },
  }));
});

afterAll(async () => {
  await t.close();
});

describe('the check report download', () => {
  const header = 'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt';

  it('lists every row of the checked file with its names, its outcome and its reasons in the admin language', async () => {
    const file = [
      header,
      `${userA},${hecPlan},100,0,10.5,2026-03-01T09:00:00+09:00`,
      '# a comment line the import skips,,,,,',
      `${userB},${ethPlan},1e3,0.25,0,2026-03-02T00:00:00Z`,
      `999999,${hecPlan},10,0,1,2026-03-03T00:00:00Z`,
      `${userA},${hecPlan},100,0,10.5,2026-03-05T00:00:00Z`,
      `${userA},${hecPlan},100,0,10.5,2026-03-05T00:00:00Z`,
    ].join('\r\n');
    const before = await count('payments');
    const report = await check(file);
    expect(report.rowCount).toBe(5);
    expect(await count('payments')).toBe(before);

    const rows = await reportRows(await download(report.contentHash, writer, 'ja'));
    expect(rows[0]).toEqual([
      '行',
      'userId',
      'planId',
      'paidUsd',
      'assetETH',
      'assetHEC',
      'confirmedAt',
      'ユーザー名',
      'プラン名',
      '結果',
      '理由',
      '理由コード',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['2', '4', '5', '6', '7']);
    // A good row: its values as checked, date-times in the business time zone, its names.
    expect(rows[1]).toEqual([
      '2',
      String(userA),
      String(hecPlan),
      '100',
      '0',
      '10.5',
      '2026-03-01T09:00:00+09:00',
      'report_user_1',
      'Report HEC plan',
      'OK',
      '',
      '',
    ]);
    // A refused cell: the row as written, the names its other ids still resolve to.
    expect(rows[2]!.slice(1, 10)).toEqual([
      String(userB),
      String(ethPlan),
      '1e3',
      '0.25',
      '0',
      '2026-03-02T00:00:00Z',
      'report_user_2',
      'Report, ETH plan',
      'エラー',
    ]);
    expect(rows[2]![10]).toBe('paidUsd: 指数表記（1e3 など）は使えません');
    expect(rows[2]![11]).toBe('paidUsd:decimal_exponent');
    // An id that matches nothing.
    expect(rows[3]!.slice(7, 12)).toEqual([
      '（該当なし）',
      'Report HEC plan',
      'エラー',
      'userId: 存在しません',
      'userId:unknown_reference',
    ]);
    expect(rows[4]![9]).toBe('OK');
    expect(rows[5]!.slice(9)).toEqual(['エラー', '6 行目と同じ内容です', 'duplicate_in_file']);

    const english = await reportRows(await download(report.contentHash, writer, 'en'));
    expect(english[0]![0]).toBe('line');
    expect(english[3]!.slice(9, 11)).toEqual(['error', 'userId: No such record']);
  });

  it('names the payment a row repeats, and reads a large file page by page', async () => {
    await upload(`${header}\r\n${userB},${hecPlan},77,0,7,2026-04-01T00:00:00Z\r\n`);
    const stored = await sql<{ id: string }>`
      SELECT id::text AS id FROM payments WHERE end_user_id = ${userB} AND paid_usd = 77`.execute(
      t.database.db,
    );
    const lines = Array.from(
      { length: 12_000 },
      (_, i) => `${userA},${hecPlan},${i + 1},0,1,2026-05-01T00:00:00Z`,
    );
    lines[6_000] = `${userB},${hecPlan},77,0,7,2026-04-01T00:00:00Z`;
    const report = await check(`${header}\r\n${lines.join('\r\n')}\r\n`);
    const rows = await reportRows(await download(report.contentHash, writer, 'en'));
    expect(rows).toHaveLength(12_001);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(
      Array.from({ length: 12_000 }, (_, i) => i + 2),
    );
    const repeated = rows.find((r) => r[0] === '6002')!;
    expect(repeated[10]).toBe(
      `The same payment (user, plan, paid USD, assets, confirmed at) is already stored as payment #${stored.rows[0]!.id}`,
    );
    expect(rows.filter((r) => r[9] === 'OK')).toHaveLength(11_999);
  });

  it('is kept by the dry run only, and a newer check of the admin replaces it', async () => {
    const first = await check(`${header}\r\n${userA},${ethPlan},5,1,0,2026-06-01T00:00:00Z\r\n`);
    const second = await check(`${header}\r\n${userA},${ethPlan},6,1,0,2026-06-01T00:00:00Z\r\n`);
    expect((await download(first.contentHash, writer)).status).toBe(404);
    expect((await reportRows(await download(second.contentHash, writer))).length).toBe(2);
    const rowsBefore = await count('csv_import_report_rows');
    const applied = await upload(`${header}\r\n${userA},${ethPlan},6,1,0,2026-06-01T00:00:00Z\r\n`);
    expect(applied.data?.postAddUserPaymentsByCSV.report.imported).not.toBeNull();
    expect(await count('csv_import_report_rows')).toBe(rowsBefore);
  });

  it('opens only to the admin who checked, and only while that admin may import', async () => {
    const report = await check(`${header}\r\n${userB},${ethPlan},8,1,0,2026-07-01T00:00:00Z\r\n`);
    expect((await download(report.contentHash, null)).status).toBe(401);
    expect((await download(report.contentHash, reader)).status).toBe(403);
    // Another admin who may import: the report is not theirs.
    expect((await download(report.contentHash, superAdmin)).status).toBe(404);
    expect((await download('not-a-hash', writer)).status).toBe(404);
    expect((await download(report.contentHash, writer)).status).toBe(200);
  });
});

describe('the payments template', () => {
  async function template(lang: string): Promise<string> {
    const response = await fetch(`${t.baseUrl}/templates/user-payments.csv?lang=${lang}`, {
      headers: { [ACCESS_TOKEN_HEADER]: writer },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer()).toString('utf8');
  }

  it('names every plan with its id in comment lines', async () => {
    const plans = await t.database.db.selectFrom('plans').select(['id', 'name']).execute();
    expect(plans.length).toBeGreaterThanOrEqual(2);
    const text = await template('en');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFuserId,planId,paidUsd,assetETH,assetHEC,confirmedAt');
    for (const plan of plans) {
      expect(text).toContain(`planId ${plan.id} = ${plan.name} (`);
    }
    // A name with a comma stays in the comment's one cell.
    expect(text).toContain(`"# planId ${ethPlan} = Report, ETH plan (ETH, 250`);
    expect(await template('ja')).toContain(`# planId ${hecPlan} = Report HEC plan（HEC、100`);
  });

  it('imports as it is once its example row is filled in', async () => {
    const text = await template('ja');
    const lines = text.split('\r\n');
    lines[1] = `${userB},${hecPlan},321,0,3.21,2026-08-01T10:00:00+09:00`;
    lines.push(`${userA},${ethPlan},654,0.5,0,2026-08-02T10:00:00+09:00`, '');
    const filled = lines.join('\r\n');
    const checked = await check(filled);
    expect(checked).toMatchObject({ rowCount: 2, errorCount: 0, count: 2 });
    const before = await count('payments');
    const applied = await upload(filled);
    expect(applied.errors).toBeUndefined();
    expect(applied.data!.postAddUserPaymentsByCSV.report.imported).not.toBeNull();
    expect(await count('payments')).toBe(before + 2);
  });
});
