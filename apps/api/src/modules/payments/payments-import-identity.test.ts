import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { startTestApp, type GraphQLResponse, type TestApp } from '../../../test/test-app';
import { addHecAndEthPlans, addTestUsers } from '../../../test/payment-fixtures';

/**
 * Issue 24, "Payments imports", over HTTP on a fresh database (PGlite, or PostgreSQL with
 * DATABASE_URL): a file is its parsed rows (not its bytes), a row equal to a stored payment is
 * refused by line with that payment's id, the dry run refuses exactly what the apply would
 * (the amount domains), and the report shows what the ids resolve to.
 */
let t: TestApp;
let writer: string;
let writerName: string;
let userA: number;
let userB: number;
let hecPlan: number;
let ethPlan: number;

type Report = {
  dryRun: boolean;
  rowCount: number;
  count: number;
  invalidRowCount: number;
  errorCount: number;
  applicableRowCount: number;
  notApplicableReason: string | null;
  contentHash: string;
  errors: Array<{ line: number; column: string | null; code: string; params: string }>;
  rows: Array<{ line: number; values: Array<{ name: string; value: string | null }> }>;
  alreadyImported: { id: string } | null;
  imported: { id: string; appliedCount: number } | null;
};
type CsvResult = { message: string; countPayments: number; report: Report };

const REPORT = `message countPayments report { dryRun rowCount count invalidRowCount errorCount
  applicableRowCount notApplicableReason contentHash
  errors { line column code params } rows { line values { name value } }
  alreadyImported { id } imported { id appliedCount } }`;

async function upload(
  mutation: 'postAddUserPaymentsByCSV' | 'postAssignRatesByCSV',
  content: string | Uint8Array,
  options: { dryRun?: boolean; name?: string } = {},
): Promise<GraphQLResponse<Record<string, CsvResult>>> {
  const query = `mutation ($file: Upload!, $dryRun: Boolean) { ${mutation}(file: $file, dryRun: $dryRun) { ${REPORT} } }`;
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({ query, variables: { file: null, dryRun: options.dryRun ?? false } }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  form.set('0', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), options.name ?? 'p.csv');
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: writer },
    body: form,
  });
  return (await response.json()) as GraphQLResponse<Record<string, CsvResult>>;
}

async function paymentCount(): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM payments`.execute(t.database.db);
  return Number(r.rows[0]!.n);
}

/** A stored import's id and time (ISO 8601), which an ALREADY_IMPORTED refusal names. */
async function importRecord(id: string): Promise<{ id: string; at: string }> {
  const r = await sql<{
    at: Date;
  }>`SELECT imported_at AS at FROM csv_imports WHERE id = ${id}`.execute(t.database.db);
  return { id, at: r.rows[0]!.at.toISOString() };
}

async function importCount(): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM csv_imports`.execute(t.database.db);
  return Number(r.rows[0]!.n);
}

beforeAll(async () => {
  t = await startTestApp();
  writer = await t.login('writer@example.com');
  const admin = await sql<{ name: string }>`
    SELECT user_name AS name FROM admin_users WHERE email = 'writer@example.com'`.execute(
    t.database.db,
  );
  writerName = admin.rows[0]!.name;
  [userA, userB] = (await addTestUsers(t.database.db, 'ident', [1, 2])) as [number, number];
  ({ hecPlan, ethPlan } = await addHecAndEthPlans(t.database.db, {
    hec: { name: 'Ident HEC plan', priceUsd: '100' },
    eth: { name: 'Ident ETH plan', priceUsd: '100' },
  }));
});

afterAll(async () => {
  await t.close();
});

describe('file identity is the parsed content', () => {
  it('refuses the same rows again whatever the bytes: line ends, BOM, blank lines, Shift_JIS, an Excel re-save', async () => {
    const rows = [
      `${userA},${hecPlan},100,0,10.5,2026-03-01T09:00:00+09:00`,
      `${userB},${ethPlan},200,0.25,0,2026-03-02T00:00:00Z`,
    ];
    const lf = `userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\n${rows.join('\n')}\n`;
    const applied = await upload('postAddUserPaymentsByCSV', lf);
    expect(applied.errors).toBeUndefined();
    expect(applied.data!.postAddUserPaymentsByCSV!.report.imported!.appliedCount).toBe(2);
    const identity = applied.data!.postAddUserPaymentsByCSV!.report.contentHash;
    const firstImport = await importRecord(
      applied.data!.postAddUserPaymentsByCSV!.report.imported!.id,
    );
    const payments = await paymentCount();

    const crlf = lf.replace(/\n/g, '\r\n');
    const variants: Array<[string, string | Uint8Array]> = [
      ['CRLF', crlf],
      ['BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lf)])],
      ['trailing blank lines', `${lf}\n\n\r\n`],
      ['no final newline', lf.trimEnd()],
      [
        'Shift_JIS with Japanese headers',
        iconv.encode(
          `ユーザーID,プランID,支払額(USD),ETH資産,HEC資産,確定日時\r\n${rows.join('\r\n')}\r\n`,
          'cp932',
        ),
      ],
      [
        // What a spreadsheet writes back: quoted cells, padding zeros dropped or added, the
        // columns in another order, the same instants in another zone spelling.
        'an Excel re-save',
        `"confirmedAt","userId","planId","paidUsd","assetETH","assetHEC"\r\n` +
          `"2026-03-01T00:00:00Z","${userA}","${hecPlan}","0100","0.000","10.50"\r\n` +
          `"2026-03-02T09:00:00+09:00","${userB}","${ethPlan}","200","0.250","0"\r\n`,
      ],
    ];
    for (const [what, bytes] of variants) {
      const dry = await upload('postAddUserPaymentsByCSV', bytes, {
        dryRun: true,
        name: `${what}.csv`,
      });
      expect(dry.errors, what).toBeUndefined();
      const report = dry.data!.postAddUserPaymentsByCSV!.report;
      expect(report.contentHash, what).toBe(identity);
      expect(report.alreadyImported?.id, what).toBe(
        applied.data!.postAddUserPaymentsByCSV!.report.imported!.id,
      );
      const again = await upload('postAddUserPaymentsByCSV', bytes, { name: `${what}.csv` });
      expect(again.data, what).toBeNull();
      expect(again.errors![0]!.extensions, what).toMatchObject({
        code: 'CONFLICT',
        reason: 'ALREADY_IMPORTED',
        // Issue 26: a code with parameters the screen words, not only the English message.
        applyRefusal: 'alreadyImported',
        params: { importId: firstImport.id, importedAt: firstImport.at, importedBy: writerName },
      });
    }
    expect(await paymentCount()).toBe(payments);
  });

  it('a rates file is its rows too: the same windows with other line ends are already imported', async () => {
    await sql`INSERT INTO payments (end_user_id, plan_id, price_usd, paid_usd, paid_btc, payment_address, status, confirmed_at)
      VALUES (${userA}, ${hecPlan}, 100, 100, 0.5, 'bc1qident', 'confirmed', '2028-01-10T00:00:00Z')`.execute(
      t.database.db,
    );
    const file =
      'startAt,endAt,deadline,BTCHECRate,BTCETHRate\n2028-01-01T00:00:00Z,2028-01-31T00:00:00Z,2028-02-01T00:00:00Z,2.50,3\n';
    const applied = await upload('postAssignRatesByCSV', file);
    expect(applied.errors).toBeUndefined();
    const dry = await upload(
      'postAssignRatesByCSV',
      file.replace(/\n/g, '\r\n').replace('2.50', '2.5'),
      {
        dryRun: true,
      },
    );
    expect(dry.data!.postAssignRatesByCSV!.report.alreadyImported).not.toBeNull();
    // Applying it again: refused with the earlier import named as a code with parameters.
    const ratesImport = await importRecord(applied.data!.postAssignRatesByCSV!.report.imported!.id);
    const again = await upload('postAssignRatesByCSV', file.replace(/\n/g, '\r\n'));
    expect(again.errors![0]!.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'ALREADY_IMPORTED',
      applyRefusal: 'alreadyImported',
      params: { importId: ratesImport.id, importedAt: ratesImport.at, importedBy: writerName },
    });
    // Issue 26: the rates report counts too, and says why nothing applies.
    expect(dry.data!.postAssignRatesByCSV!.report).toMatchObject({
      rowCount: 1,
      invalidRowCount: 0,
      applicableRowCount: 0,
      notApplicableReason: 'alreadyImported',
    });
    const windowBad = await upload(
      'postAssignRatesByCSV',
      'startAt,endAt,deadline,BTCHECRate,BTCETHRate\n2028-03-31T00:00:00Z,2028-03-01T00:00:00Z,2028-02-01T00:00:00Z,x,3\n',
      { dryRun: true },
    );
    expect(windowBad.data!.postAssignRatesByCSV!.report).toMatchObject({
      rowCount: 1,
      invalidRowCount: 1,
      applicableRowCount: 0,
      notApplicableReason: 'allRowsInvalid',
    });
  });
});

describe('a row equal to a stored payment', () => {
  it('is refused by line with the stored payment id, in the dry run and the apply alike', async () => {
    const at = '2026-04-01T10:00:00+09:00';
    const first = await upload(
      'postAddUserPaymentsByCSV',
      `userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\r\n${userA},${hecPlan},300,0,30,${at}\r\n`,
    );
    expect(first.errors).toBeUndefined();
    const stored = await sql<{ id: string }>`
      SELECT id::text FROM payments WHERE end_user_id = ${userA} AND confirmed_at = ${new Date(at)}`.execute(
      t.database.db,
    );
    const storedId = stored.rows[0]!.id;
    // Another file (one new row), whose second row is that payment again (written otherwise).
    const second = `userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\r\n${userB},${hecPlan},300,0,30,${at}\r\n${userA},${hecPlan},0300,0,30.0,2026-04-01T01:00:00Z\r\n`;
    const payments = await paymentCount();
    const imports = await importCount();
    const dry = await upload('postAddUserPaymentsByCSV', second, { dryRun: true });
    expect(dry.errors).toBeUndefined();
    const report = dry.data!.postAddUserPaymentsByCSV!.report;
    expect(report.alreadyImported).toBeNull();
    expect(report.errorCount).toBe(1);
    expect(report).toMatchObject({
      rowCount: 2,
      invalidRowCount: 1,
      applicableRowCount: 0,
      notApplicableReason: 'someRowsInvalid',
    });
    expect(report.errors[0]).toMatchObject({ line: 3, code: 'duplicate_of_payment' });
    expect(JSON.parse(report.errors[0]!.params)).toEqual({ paymentId: storedId });

    const apply = await upload('postAddUserPaymentsByCSV', second);
    expect(apply.data).toBeNull();
    expect(apply.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errorCount: 1 });
    expect(apply.errors![0]!.message).toContain(`payment #${storedId}`);
    expect(await paymentCount()).toBe(payments);
    expect(await importCount()).toBe(imports);
  });

  it('also when the stored payment was added by hand', async () => {
    const added = await t.gql<{ postAddUserPayment: { userPaymentId: string } }>(
      `mutation { postAddUserPayment(userId: ${userB}, planId: ${ethPlan}, paidUsd: 70, assetETH: "0.7", assetHEC: "0", confirmedAt: "2026-05-01T00:00:00Z") { userPaymentId } }`,
      {},
      writer,
    );
    expect(added.errors).toBeUndefined();
    const dry = await upload(
      'postAddUserPaymentsByCSV',
      `userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\r\n${userB},${ethPlan},70,0.70,0,2026-05-01T00:00:00Z\r\n`,
      { dryRun: true },
    );
    const report = dry.data!.postAddUserPaymentsByCSV!.report;
    expect(report.errors.map((e) => [e.line, e.code, JSON.parse(e.params).paymentId])).toEqual([
      [2, 'duplicate_of_payment', added.data!.postAddUserPayment.userPaymentId],
    ]);
    // Its one row is stored already: nothing applies, and the report says so.
    expect(report).toMatchObject({
      rowCount: 1,
      invalidRowCount: 1,
      applicableRowCount: 0,
      notApplicableReason: 'allRowsAlreadyApplied',
    });
  });
});

describe('the dry run is the apply', () => {
  it('refuses in the dry run every amount the column would refuse, and applies the largest one it accepts', async () => {
    const header = 'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt';
    const bad = [
      header,
      `${userA},${ethPlan},1,100000000000000000000,0,2026-06-01T00:00:00Z`,
      `${userA},${ethPlan},1,0,00000100000000000000000000.5,2026-06-02T00:00:00Z`,
      `${userA},${ethPlan},10000000000000000,1,0,2026-06-03T00:00:00Z`,
    ].join('\r\n');
    const payments = await paymentCount();
    const dry = await upload('postAddUserPaymentsByCSV', bad, { dryRun: true });
    const report = dry.data!.postAddUserPaymentsByCSV!.report;
    expect(report.errors.map((e) => [e.line, e.column, e.code, JSON.parse(e.params)])).toEqual([
      [2, 'assetETH', 'decimal_digits', { max: 20 }],
      [3, 'assetHEC', 'decimal_digits', { max: 20 }],
      [4, 'paidUsd', 'decimal_digits', { max: 16 }],
    ]);
    const apply = await upload('postAddUserPaymentsByCSV', bad);
    expect(apply.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errorCount: 3 });
    expect(await paymentCount()).toBe(payments);

    // The largest amount the column takes: the dry run and the apply accept it (a user of
    // its own: the user's ETH total is a coin_amount too).
    const [fresh] = await t.database.db
      .insertInto('end_users')
      .values({
        user_name: 'ident_user_max',
        invite_code: 'IDENTMAX',
        email: 'identmax@example.com',
        aube_user_id_hash: 'identhashmax',
        first_name: 'Ident',
        last_name: 'Max',
      })
      .returning('id')
      .execute();
    const max = '99999999999999999999.999999999999999999';
    const largest = `${header}\r\n${fresh!.id},${ethPlan},1,${max},0,2026-06-04T00:00:00Z\r\n`;
    const dryOk = await upload('postAddUserPaymentsByCSV', largest, { dryRun: true });
    expect(dryOk.errors).toBeUndefined();
    expect(dryOk.data!.postAddUserPaymentsByCSV!.report.errorCount).toBe(0);
    const applied = await upload('postAddUserPaymentsByCSV', largest);
    expect(applied.errors).toBeUndefined();
    expect(applied.data!.postAddUserPaymentsByCSV!.countPayments).toBe(1);

    // One more ETH for that user fits its column but not the user's total: the dry run is
    // refused exactly as the apply is, and neither changes anything.
    const more = `${header}\r\n${fresh!.id},${ethPlan},1,1,0,2026-06-05T00:00:00Z\r\n`;
    const payments2 = await paymentCount();
    const dryMore = await upload('postAddUserPaymentsByCSV', more, { dryRun: true });
    const applyMore = await upload('postAddUserPaymentsByCSV', more);
    expect(dryMore.errors?.[0]?.extensions?.code).toBeDefined();
    expect(dryMore.errors![0]!.extensions).toEqual(applyMore.errors![0]!.extensions);
    expect(dryMore.errors![0]!.message).toBe(applyMore.errors![0]!.message);
    expect(await paymentCount()).toBe(payments2);
    await sql`DELETE FROM payments WHERE end_user_id = ${fresh!.id}`.execute(t.database.db);
  });
});

describe('the report names what the ids mean', () => {
  it('shows the user name and plan name per row, and null for an unknown id', async () => {
    const dry = await upload(
      'postAddUserPaymentsByCSV',
      `userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\r\n${userA},${hecPlan},5,0,1,2026-07-01T00:00:00Z\r\n${userB},${ethPlan},6,1,0,\r\n99999999,${hecPlan},7,0,1,2026-07-02T00:00:00Z\r\n`,
      { dryRun: true },
    );
    const report = dry.data!.postAddUserPaymentsByCSV!.report;
    const shown = report.rows.map((r) => ({
      line: r.line,
      ...Object.fromEntries(r.values.map((v) => [v.name, v.value])),
    }));
    expect(shown).toEqual([
      expect.objectContaining({
        line: 2,
        userName: 'ident_user_1',
        planName: 'Ident HEC plan',
        paidUsd: '5',
      }),
      expect.objectContaining({
        line: 3,
        userName: 'ident_user_2',
        planName: 'Ident ETH plan',
        confirmedAt: null,
      }),
      expect.objectContaining({
        line: 4,
        userId: '99999999',
        userName: null,
        planName: 'Ident HEC plan',
      }),
    ]);
  });
});
