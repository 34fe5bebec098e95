import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { startTestApp, type GraphQLResponse, type TestApp } from '../../../test/test-app';
import { addHecAndEthPlans, addTestUsers } from '../../../test/payment-fixtures';

/**
 * Issue 33 part 5, over HTTP on a fresh database (PGlite, or PostgreSQL with DATABASE_URL): a
 * payments file is its set of rows (the rows' order makes no other file), a row equal to a
 * stored payment but for the time the system stamped is refused by line, a payment added by
 * hand is made once per client key, paidUsd is whole dollars in the file as in the form, and
 * the dry run's counts are the apply's.
 */
let t: TestApp;
let writer: string;
let userA: number;
let userB: number;
let userC: number;
let hecPlan: number;
let ethPlan: number;

type Report = {
  rowCount: number;
  count: number;
  invalidRowCount: number;
  errorCount: number;
  contentHash: string;
  notApplicableReason: string | null;
  totals: Array<{ name: string; value: string }>;
  errors: Array<{ line: number; column: string | null; code: string; params: string }>;
  alreadyImported: { id: string } | null;
  imported: { id: string; appliedCount: number } | null;
};
type CsvResult = { countPayments: number; report: Report };

const HEADER = 'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt';

async function upload(
  content: string | Uint8Array,
  dryRun = false,
): Promise<GraphQLResponse<{ postAddUserPaymentsByCSV: CsvResult }>> {
  const query = `mutation ($file: Upload!, $dryRun: Boolean) { postAddUserPaymentsByCSV(file: $file, dryRun: $dryRun) {
    countPayments report { rowCount count invalidRowCount errorCount contentHash notApplicableReason
      totals { name value } errors { line column code params } alreadyImported { id } imported { id appliedCount } } } }`;
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: { file: null, dryRun } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  form.set('0', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'p.csv');
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: writer },
    body: form,
  });
  return (await response.json()) as GraphQLResponse<{ postAddUserPaymentsByCSV: CsvResult }>;
}

async function paymentsOf(userId: number): Promise<string[]> {
  const r = await sql<{ id: string }>`
    SELECT id::text AS id FROM payments WHERE end_user_id = ${userId} ORDER BY id`.execute(
    t.database.db,
  );
  return r.rows.map((x) => x.id);
}

beforeAll(async () => {
  t = await startTestApp();
  writer = await t.login('writer@example.com');
  [userA, userB, userC] = (await addTestUsers(t.database.db, 'oncepay', [1, 2, 3])) as [
    number,
    number,
    number,
  ];
  ({ hecPlan, ethPlan } = await addHecAndEthPlans(t.database.db, {
    hec: { name: 'Once HEC plan', priceUsd: '100' },
    eth: { name: 'Once ETH plan', priceUsd: '100' },
  }));
});

afterAll(async () => {
  await t?.close();
});

describe('a file is its set of rows', () => {
  it('the same rows without confirmedAt in the other order make no second set of payments', async () => {
    const rows = [`${userA},${hecPlan},10,0,1,`, `${userB},${ethPlan},20,0.5,0,`];
    const first = await upload(`${HEADER}\n${rows.join('\n')}\n`);
    expect(first.errors).toBeUndefined();
    expect(first.data!.postAddUserPaymentsByCSV.countPayments).toBe(2);
    const hash = first.data!.postAddUserPaymentsByCSV.report.contentHash;
    const made = [...(await paymentsOf(userA)), ...(await paymentsOf(userB))];
    expect(made).toHaveLength(2);

    // Reordered, and written otherwise: CRLF, a BOM, quoted cells, a blank and a comment line.
    const reordered = [
      `${HEADER}\n${rows[1]}\n${rows[0]}\n`,
      `\uFEFF${HEADER}\r\n${rows[1]}\r\n\r\n${rows[0]}\r\n`,
      `${HEADER}\r\n"${userB}","${ethPlan}","20","0.50","0",""\r\n# a note,,,,,\r\n"${userA}","${hecPlan}","010","0","1.0",""\r\n`,
    ];
    for (const content of reordered) {
      const dry = await upload(content, true);
      expect(dry.errors, content).toBeUndefined();
      expect(dry.data!.postAddUserPaymentsByCSV.report.contentHash, content).toBe(hash);
      expect(dry.data!.postAddUserPaymentsByCSV.report.alreadyImported, content).not.toBeNull();
      expect(dry.data!.postAddUserPaymentsByCSV.countPayments, content).toBe(0);
      const again = await upload(content);
      expect(again.data, content).toBeNull();
      expect(again.errors![0]!.extensions, content).toMatchObject({
        code: 'CONFLICT',
        reason: 'ALREADY_IMPORTED',
      });
    }
    expect([...(await paymentsOf(userA)), ...(await paymentsOf(userB))]).toEqual(made);
  });

  it('a row without confirmedAt equal to a stored payment is reported by line with its id, dry run and apply alike', async () => {
    const [storedA] = await paymentsOf(userA);
    // Another file (a new row beside it), so not the same identity: the row itself is refused.
    const content = `${HEADER}\r\n${userC},${hecPlan},30,0,3,\r\n${userA},${hecPlan},10,0,1,\r\n`;
    const dry = await upload(content, true);
    expect(dry.errors).toBeUndefined();
    const report = dry.data!.postAddUserPaymentsByCSV.report;
    expect(report.alreadyImported).toBeNull();
    expect(report.errors.map((e) => [e.line, e.code, JSON.parse(e.params)])).toEqual([
      [3, 'duplicate_of_payment', { paymentId: storedA }],
    ]);
    const apply = await upload(content);
    expect(apply.data).toBeNull();
    expect(apply.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errorCount: 1 });
    expect(apply.errors![0]!.message).toContain(`payment #${storedA}`);
    expect(await paymentsOf(userC)).toEqual([]);
  });
});

describe('paidUsd is whole dollars of 1 or more, in the file as in the form', () => {
  it('refuses 0 and 12.5 by line, and takes 1', async () => {
    const content = `${HEADER}\r\n${userC},${hecPlan},0,0,1,2026-01-01T00:00:00Z\r\n${userC},${hecPlan},12.5,0,1,2026-01-02T00:00:00Z\r\n${userC},${hecPlan},1,0,1,2026-01-03T00:00:00Z\r\n`;
    const dry = await upload(content, true);
    const report = dry.data!.postAddUserPaymentsByCSV.report;
    expect(report.errors.map((e) => [e.line, e.column, e.code, JSON.parse(e.params)])).toEqual([
      [2, 'paidUsd', 'whole_dollars', { min: 1 }],
      [3, 'paidUsd', 'whole_dollars', { min: 1 }],
    ]);
    const apply = await upload(content);
    expect(apply.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errorCount: 2 });
    expect(await paymentsOf(userC)).toEqual([]);
  });
});

describe("the dry run's counts are the apply's", () => {
  it('a file with 3 of 4 rows invalid would import 0 payments, with zero totals', async () => {
    const content = [
      HEADER,
      `${userC},${hecPlan},40,0,4,2026-02-01T00:00:00Z`,
      `99999991,${hecPlan},41,0,4,2026-02-02T00:00:00Z`,
      `99999992,${hecPlan},42,0,4,2026-02-03T00:00:00Z`,
      `99999993,${hecPlan},43,0,4,2026-02-04T00:00:00Z`,
    ].join('\r\n');
    const dry = await upload(content, true);
    expect(dry.errors).toBeUndefined();
    const result = dry.data!.postAddUserPaymentsByCSV;
    expect(result.report).toMatchObject({ rowCount: 4, invalidRowCount: 3, count: 0 });
    expect(result.countPayments).toBe(0);
    expect(result.report.totals.every((x) => x.value === '0')).toBe(true);
    const apply = await upload(content);
    expect(apply.data).toBeNull();
    expect(await paymentsOf(userC)).toEqual([]);

    // A valid file: the dry run says what the apply then does.
    const good = `${HEADER}\r\n${userC},${hecPlan},44,0,4,2026-02-05T00:00:00Z\r\n${userC},${ethPlan},45,4,0,2026-02-06T00:00:00Z\r\n`;
    const goodDry = await upload(good, true);
    const goodApply = await upload(good);
    expect(goodDry.data!.postAddUserPaymentsByCSV.countPayments).toBe(2);
    expect(goodApply.data!.postAddUserPaymentsByCSV.countPayments).toBe(2);
    expect(await paymentsOf(userC)).toHaveLength(2);
  });
});

describe('postAddUserPayment with a client key', () => {
  const ADD = `mutation ($userId: Int!, $paidUsd: Int!, $planId: Int!, $key: String) {
    postAddUserPayment(userId: $userId, planId: $planId, paidUsd: $paidUsd, assetETH: "0", assetHEC: "2", clientKey: $key) { userPaymentId } }`;
  const add = (variables: Record<string, unknown>) =>
    t.gql<{ postAddUserPayment: { userPaymentId: string } }>(ADD, variables, writer);

  it('makes one payment for the same key twice, and answers it again', async () => {
    const before = await paymentsOf(userB);
    const variables = { userId: userB, planId: hecPlan, paidUsd: 77, key: 'once-key-0000000001' };
    const [first, second] = await Promise.all([add(variables), add(variables)]);
    expect(first.errors).toBeUndefined();
    expect(second.errors).toBeUndefined();
    expect(second.data!.postAddUserPayment.userPaymentId).toBe(
      first.data!.postAddUserPayment.userPaymentId,
    );
    const third = await add(variables);
    expect(third.data!.postAddUserPayment.userPaymentId).toBe(
      first.data!.postAddUserPayment.userPaymentId,
    );
    expect(await paymentsOf(userB)).toEqual([
      ...before,
      first.data!.postAddUserPayment.userPaymentId,
    ]);
    // The trail holds one add and the two answers again as replays, never two adds.
    const trail = await sql<{ operation: string }>`
      SELECT operation FROM audit_log
      WHERE ${first.data!.postAddUserPayment.userPaymentId} = ANY(target_ids)
        AND operation IN ('postAddUserPayment', 'postAddUserPaymentReplay')
      ORDER BY id`.execute(t.database.db);
    expect(trail.rows.map((r) => r.operation)).toEqual([
      'postAddUserPayment',
      'postAddUserPaymentReplay',
      'postAddUserPaymentReplay',
    ]);

    // The same key with other values is refused; a new key makes a new payment.
    const reused = await add({ ...variables, paidUsd: 78 });
    expect(reused.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'PAYMENT_KEY_REUSED',
    });
    const fresh = await add({ ...variables, key: 'once-key-0000000002' });
    expect(fresh.errors).toBeUndefined();
    expect(await paymentsOf(userB)).toHaveLength(before.length + 2);
  });
});
