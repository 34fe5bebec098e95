import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_HEADER,
  GRAPHQL_PATH,
  PAID_USD_MIN,
  isInputProblemCode,
  isTranslatedReason,
  paidUsdProblem,
} from '@app/shared';
import { startTestApp, type GraphQLResponse, type TestApp } from '../../../test/test-app';
import { addHecAndEthPlans } from '../../../test/payment-fixtures';

/**
 * Issue 12 end to end over HTTP on a fresh database (PGlite, or PostgreSQL with DATABASE_URL):
 * each call, each rule, each bad input, and the read side (users' totals, payment counts)
 * agreeing after every write.
 */
let t: TestApp;
let writer: string;
let reader: string;
const users: number[] = [];
let hecPlan: number;
let ethPlan: number;

async function addUser(n: number): Promise<number> {
  const row = await t.database.db
    .insertInto('end_users')
    .values({
      user_name: `pay_user_${n}`,
      invite_code: `PAYTEST${n}`,
      email: `pay${n}@example.com`,
      aube_user_id_hash: `payhash${n}`,
      first_name: 'Pay',
      last_name: 'User',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addConfirmed(
  userId: number,
  planId: number,
  paidBtc: string,
  confirmedAt: string,
  paidUsd = '100',
): Promise<void> {
  await t.database.db
    .insertInto('payments')
    .values({
      end_user_id: userId,
      plan_id: planId,
      price_usd: '100',
      paid_usd: paidUsd,
      paid_btc: paidBtc,
      payment_address: `bc1q${userId}${confirmedAt.replace(/\D/g, '')}`,
      status: 'confirmed',
      confirmed_at: confirmedAt,
    })
    .execute();
}

type Report = {
  dryRun: boolean;
  rowCount: number;
  count: number;
  errorCount: number;
  encoding: string;
  totals: Array<{ name: string; value: string }>;
  errors: Array<{ line: number; column: string | null; code: string; message: string }>;
  alreadyImported: { id: string } | null;
  imported: { id: string; appliedCount: number } | null;
};
type CsvResult = { message: string; countPayments: number; report: Report };

const REPORT = `message countPayments report { dryRun rowCount count errorCount encoding
  totals { name value } errors { line column code message } alreadyImported { id } imported { id appliedCount } }`;

async function upload(
  mutation: 'postAddUserPaymentsByCSV' | 'postAssignRatesByCSV',
  content: string | Uint8Array,
  options: {
    dryRun?: boolean;
    token?: string | null;
    name?: string;
    csrf?: boolean;
    progressKey?: string;
  } = {},
): Promise<GraphQLResponse<Record<string, CsvResult>>> {
  const query = `mutation ($file: Upload!, $dryRun: Boolean, $key: String) { ${mutation}(file: $file, dryRun: $dryRun, progressKey: $key) { ${REPORT} } }`;
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query,
      variables: { file: null, dryRun: options.dryRun ?? false, key: options.progressKey ?? null },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  form.set(
    '0',
    new Blob([new Uint8Array(bytes)], { type: 'text/csv' }),
    options.name ?? 'payments.csv',
  );
  const token = options.token === undefined ? writer : options.token;
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: {
      ...(token ? { [ACCESS_TOKEN_HEADER]: token } : {}),
      ...(options.csrf ? { 'x-graphql-yoga-csrf': '1' } : {}),
    },
    body: form,
  });
  return (await response.json()) as GraphQLResponse<Record<string, CsvResult>>;
}

function total(report: Report, name: string): string | undefined {
  return report.totals.find((x) => x.name === name)?.value;
}

/** The read side of one user: list total, asset totals and the payment count. */
async function readSide(userId: number) {
  const r = await t.gql<{
    userAsset: { totalBuyAmountUsd: string; totalETHAmount: string; totalHECAmount: string };
    userPayments: { pagination: { totalRecords: number } };
    users: { list: Array<{ id: number; totalBuyAmountUsd: string }> };
  }>(
    `query ($userId: Int!, $name: String) {
      userAsset(userId: $userId) { totalBuyAmountUsd totalETHAmount totalHECAmount }
      userPayments(input: { userId: $userId }) { pagination { totalRecords } }
      users(userName: $name) { list { id totalBuyAmountUsd } }
    }`,
    { userId, name: `pay_user_${users.indexOf(userId)}` },
    writer,
  );
  expect(r.errors).toBeUndefined();
  // The same facts from the tables themselves: derived totals must equal the sums.
  const truth = await sql<{ usd: string; eth: string; hec: string; n: string }>`
    SELECT coalesce(sum(paid_usd) FILTER (WHERE status IN ('confirmed', 'asset_fixed')), 0)::text AS usd,
      coalesce(sum(amount_eth), 0)::text AS eth, coalesce(sum(amount_hec), 0)::text AS hec, count(*) AS n
    FROM payments WHERE end_user_id = ${userId}`.execute(t.database.db);
  const row = truth.rows[0]!;
  const listed = r.data!.users.list.find((u) => u.id === userId)!;
  expect(Number(r.data!.userPayments.pagination.totalRecords)).toBe(Number(row.n));
  expect(decimalEq(r.data!.userAsset.totalBuyAmountUsd, row.usd)).toBe(true);
  expect(decimalEq(listed.totalBuyAmountUsd, row.usd)).toBe(true);
  expect(decimalEq(r.data!.userAsset.totalETHAmount, row.eth)).toBe(true);
  expect(decimalEq(r.data!.userAsset.totalHECAmount, row.hec)).toBe(true);
  return { ...r.data!.userAsset, count: Number(row.n) };
}

/** Equal as decimals ("12.50" = "12.5"), compared exactly as text without trailing zeros. */
function decimalEq(a: string, b: string): boolean {
  const norm = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
  return norm(a) === norm(b);
}

async function statusCount(status: string): Promise<number> {
  const r = await t.gql<{ userPayments: { pagination: { totalRecords: number } } }>(
    `query ($s: String) { userPayments(input: { paymentStatus: $s }) { pagination { totalRecords } } }`,
    { s: status },
    writer,
  );
  return r.data!.userPayments.pagination.totalRecords;
}

async function auditCount(operation: string): Promise<number> {
  const r = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM audit_log WHERE operation = ${operation}`.execute(t.database.db);
  return Number(r.rows[0]!.n);
}

beforeAll(async () => {
  t = await startTestApp({ env: { IMPORT_MAX_BYTES: String(1024 * 1024) } });
  writer = await t.login('writer@example.com');
  reader = await t.login('reader@example.com');
  for (let n = 0; n < 4; n++) users.push(await addUser(n));
  ({ hecPlan, ethPlan } = await addHecAndEthPlans(t.database.db, {
    hec: { name: 'HEC plan', priceUsd: '100' },
    eth: { name: 'ETH plan', priceUsd: '100' },
  }));
});

afterAll(async () => {
  await t.close();
});

const ADD = `mutation ($userId: Int!, $planId: Int!, $paidUsd: Int!, $eth: Decimal!, $hec: Decimal!, $at: DateTime) {
  postAddUserPayment(userId: $userId, planId: $planId, paidUsd: $paidUsd, assetETH: $eth, assetHEC: $hec, confirmedAt: $at) {
    userPaymentId userId planName paidUsd status confirmedAt assetFixedAt amountETH amountHEC
  }
}`;

describe('postAddUserPayment', () => {
  it('adds a confirmed payment with its assets; totals and counts follow; one audit row', async () => {
    const userId = users[0]!;
    const before = await readSide(userId);
    const fixedBefore = await statusCount('asset_fixed');
    const r = await t.gql<{ postAddUserPayment: Record<string, string> }>(
      ADD,
      {
        userId,
        planId: hecPlan,
        paidUsd: 1500,
        eth: '0',
        hec: '1.000000000000000001',
        at: '2026-01-10T00:00:00Z',
      },
      writer,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.postAddUserPayment).toMatchObject({
      userId,
      planName: 'HEC plan',
      status: 'asset_fixed',
      confirmedAt: '2026-01-10T00:00:00.000Z',
      amountHEC: '1.000000000000000001',
    });
    const after = await readSide(userId);
    expect(after.count).toBe(before.count + 1);
    expect(await statusCount('asset_fixed')).toBe(fixedBefore + 1);
    expect(await auditCount('postAddUserPayment')).toBe(1);
  });

  it('refuses bad input and changes nothing', async () => {
    const base = { userId: users[0]!, planId: hecPlan, paidUsd: 10, eth: '0', hec: '1' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ eth: '0', hec: '0' }, 'BAD_USER_INPUT'],
      [{ hec: '1.0000000000000000001' }, 'BAD_USER_INPUT'],
      [{ hec: '-1' }, 'BAD_USER_INPUT'],
      [{ paidUsd: -5 }, 'BAD_USER_INPUT'],
      [{ at: '2999-01-01T00:00:00Z' }, 'BAD_USER_INPUT'],
      [{ userId: 987654 }, 'NOT_FOUND'],
      [{ planId: 987654 }, 'NOT_FOUND'],
    ];
    for (const [change, code] of cases) {
      const r = await t.gql(ADD, { ...base, ...change }, writer);
      expect(r.errors?.[0]?.extensions?.code, JSON.stringify(change)).toBe(code);
      // Each refusal is a code the web app words (issue 26): a problem or a registered reason.
      const { problem, reason } = r.errors?.[0]?.extensions ?? {};
      expect(
        isInputProblemCode(problem) || isTranslatedReason(reason),
        JSON.stringify([change, r.errors?.[0]?.extensions]),
      ).toBe(true);
    }
    // An unknown user or plan names the record and its id.
    const noUser = await t.gql(ADD, { ...base, userId: 987654 }, writer);
    expect(noUser.errors?.[0]?.extensions).toMatchObject({
      reason: 'RECORD_NOT_FOUND',
      params: { record: 'user', id: '987654' },
    });
    const noPlan = await t.gql(ADD, { ...base, planId: 987654 }, writer);
    expect(noPlan.errors?.[0]?.extensions).toMatchObject({
      reason: 'RECORD_NOT_FOUND',
      params: { record: 'plan', id: '987654' },
    });
    const denied = await t.gql(ADD, base, reader);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await auditCount('postAddUserPayment')).toBe(1);
  });

  it('takes whole dollars of 1 or more, the rule the form states (packages/shared paidUsdProblem)', async () => {
    const base = { userId: users[0]!, planId: hecPlan, eth: '0', hec: '1' };
    // 0 dollars is refused like a negative amount, with the problem code and its minimum.
    for (const paidUsd of [0, -5]) {
      const r = await t.gql(ADD, { ...base, paidUsd }, writer);
      expect(r.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'paidUsd',
        problem: 'wholeNumber',
        params: { min: PAID_USD_MIN },
      });
    }
    // Cents never reach the service: the argument is an Int.
    const cents = await t.gql(ADD, { ...base, paidUsd: 250.5 }, writer);
    expect(cents.errors?.length).toBeGreaterThan(0);
    expect(cents.data?.postAddUserPayment ?? null).toBeNull();
    const one = await t.gql(ADD, { ...base, paidUsd: 1 }, writer);
    expect(one.errors).toBeUndefined();
    // The same rule on the form's side.
    expect(['0', '250.5', '1,000', ' ', '-1'].map((v) => paidUsdProblem(v)?.code)).toEqual([
      'wholeNumber',
      'wholeNumber',
      'wholeNumber',
      'wholeNumber',
      'wholeNumber',
    ]);
    expect(paidUsdProblem('250')).toBeNull();
  });
});

describe('postAddUserPaymentsByCSV', () => {
  it('previews, applies once, refuses the same content again, and the read side agrees', async () => {
    const userId = users[1]!;
    const content = `userId,planId,paidUsd,assetETH,assetHEC,confirmedAt\r\n${userId},${hecPlan},100,0,10.5,2026-02-01T09:00:00+09:00\r\n${userId},${ethPlan},200,0.25,0,\r\n`;
    const before = await readSide(userId);

    const preview = await upload('postAddUserPaymentsByCSV', content, { dryRun: true });
    expect(preview.errors).toBeUndefined();
    const dry = preview.data!.postAddUserPaymentsByCSV!;
    expect(dry).toMatchObject({
      countPayments: 2,
      report: { dryRun: true, errorCount: 0, count: 2 },
    });
    expect(total(dry.report, 'paidUsd')).toBe('300');
    expect(total(dry.report, 'assetHEC')).toBe('10.5');
    expect((await readSide(userId)).count).toBe(before.count);

    const applied = await upload('postAddUserPaymentsByCSV', content);
    expect(applied.errors).toBeUndefined();
    expect(applied.data!.postAddUserPaymentsByCSV).toMatchObject({
      countPayments: 2,
      message: '2 payments imported.',
      report: { imported: { appliedCount: 2 } },
    });
    const after = await readSide(userId);
    expect(after.count).toBe(before.count + 2);
    expect(await auditCount('postAddUserPaymentsByCSV')).toBe(2); // the dry run and the apply

    const again = await upload('postAddUserPaymentsByCSV', content, { name: 'copy.csv' });
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(again.errors?.[0]?.message).toMatch(/already imported as #\d+ on .* by writer01/);
    expect((await readSide(userId)).count).toBe(after.count);

    const history = await t.gql<{
      csvImports: { list: Array<{ fileName: string; rowCount: number; adminUserName: string }> };
    }>(
      `{ csvImports(kinds: ["payments"]) { list { fileName rowCount adminUserName } } }`,
      {},
      reader,
    );
    expect(history.data!.csvImports.list[0]).toMatchObject({
      fileName: 'payments.csv',
      rowCount: 2,
      adminUserName: 'writer01',
    });
  });

  it('reads BOM and Shift_JIS files with Japanese headers', async () => {
    const userId = users[2]!;
    const text = `ユーザーID,プランID,支払額(USD),ETH資産,HEC資産,確定日時\r\n${userId},${hecPlan},50,0,5,2026-02-02T00:00:00+09:00\r\n`;
    const bom = await upload(
      'postAddUserPaymentsByCSV',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      { dryRun: true },
    );
    expect(bom.data!.postAddUserPaymentsByCSV!.report).toMatchObject({
      encoding: 'utf-8-bom',
      errorCount: 0,
    });
    const sjis = await upload('postAddUserPaymentsByCSV', iconv.encode(text, 'cp932'));
    expect(sjis.errors).toBeUndefined();
    expect(sjis.data!.postAddUserPaymentsByCSV!.report).toMatchObject({
      encoding: 'cp932',
      count: 1,
    });
    await readSide(userId);
  });

  it('lists every bad row by line, column and reason; the same payment twice; nothing applies', async () => {
    const u = users[3]!;
    const content = [
      'userId,planId,paidUsd,assetETH,assetHEC,confirmedAt',
      `${u},${hecPlan},1e3,0,1,`,
      `${u},${hecPlan},"1,000",0,1,`,
      `${u},${hecPlan},-5,0,1,`,
      `${u},${hecPlan},10,0,0.0000000000000000001,`,
      `${u},${hecPlan},10,0,1,2026-02-01 10:00`,
      `987654,${hecPlan},10,0,1,`,
      `${u},${hecPlan},10,0,0,`,
      `${u},${hecPlan},77,0,1,2026-02-01T00:00:00Z`,
      `${u},${hecPlan},77,0,1,2026-02-01T00:00:00Z`,
    ].join('\r\n');
    const before = await readSide(u);
    const preview = await upload('postAddUserPaymentsByCSV', content, { dryRun: true });
    const report = preview.data!.postAddUserPaymentsByCSV!.report;
    expect(report.errors.map((e) => [e.line, e.column, e.code])).toEqual([
      [2, 'paidUsd', 'decimal_exponent'],
      [3, 'paidUsd', 'decimal_grouping'],
      [4, 'paidUsd', 'decimal_negative'],
      [5, 'assetHEC', 'decimal_scale'],
      [6, 'confirmedAt', 'date_zone'],
      [7, 'userId', 'unknown_reference'],
      [8, 'assetETH', 'assets_both_zero'],
      [10, null, 'duplicate_in_file'],
    ]);
    const applied = await upload('postAddUserPaymentsByCSV', content);
    expect(applied.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      errorCount: 8,
    });
    expect((await readSide(u)).count).toBe(before.count);
  });

  it('finds the one bad row among 10,000, then applies the fixed file', async () => {
    const u = users[3]!;
    const lines = ['userId,planId,paidUsd,assetETH,assetHEC,confirmedAt'];
    for (let i = 0; i < 10_000; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
      lines.push(
        `${u},${i % 2 ? ethPlan : hecPlan},${(i % 500) + 1},${i % 2 ? '0.001' : '0'},${i % 2 ? '0' : '1.5'},${at}`,
      );
    }
    const good = lines[5_001]!;
    lines[5_001] = good.replace(/,0\.001,|,1\.5,/, ',0.0000000000000000001,');
    const before = await readSide(u);
    const bad = await upload('postAddUserPaymentsByCSV', lines.join('\r\n'), { dryRun: true });
    const report = bad.data!.postAddUserPaymentsByCSV!.report;
    expect(report.rowCount).toBe(10_000);
    expect(report.errorCount).toBe(1);
    expect(report.errors[0]).toMatchObject({ line: 5_002, code: 'decimal_scale' });
    lines[5_001] = good;
    const applied = await upload('postAddUserPaymentsByCSV', lines.join('\r\n'));
    expect(applied.errors).toBeUndefined();
    expect(applied.data!.postAddUserPaymentsByCSV!.countPayments).toBe(10_000);
    const after = await readSide(u);
    expect(after.count).toBe(before.count + 10_000);
  });

  it('applies one file once when two uploads of it race', async () => {
    const u = users[2]!;
    const content = `userId,planId,paidUsd,assetETH,assetHEC\r\n${u},${hecPlan},33,0,3.3\r\n`;
    const before = await readSide(u);
    const results = await Promise.all([
      upload('postAddUserPaymentsByCSV', content),
      upload('postAddUserPaymentsByCSV', content),
    ]);
    const ok = results.filter((r) => !r.errors);
    const refused = results.filter((r) => r.errors?.[0]?.extensions?.code === 'CONFLICT');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((await readSide(u)).count).toBe(before.count + 1);
  });

  it('refuses a file that is not CSV, one too big, and anonymous or read-only callers', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
    const notCsv = await upload('postAddUserPaymentsByCSV', zip, { name: 'book.xlsx' });
    expect(notCsv.errors?.[0]).toMatchObject({
      message: 'This is not a valid CSV file.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const nul = await upload('postAddUserPaymentsByCSV', 'userId\u0000,planId\r\n');
    expect(nul.errors?.[0]?.message).toBe('This is not a valid CSV file.');
    const big = await upload('postAddUserPaymentsByCSV', `userId\r\n${'1\r\n'.repeat(400_000)}`);
    expect(big.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    const anonymous = await upload('postAddUserPaymentsByCSV', 'a\r\n', {
      token: null,
      csrf: true,
    });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const read = await upload('postAddUserPaymentsByCSV', 'a\r\n', { token: reader });
    expect(read.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('serves the templates to signed-in admins only', async () => {
    const anonymous = await fetch(`${t.baseUrl}/templates/user-payments.csv`);
    expect(anonymous.status).toBe(401);
    const ok = await fetch(`${t.baseUrl}/templates/user-payments.csv`, {
      headers: { [ACCESS_TOKEN_HEADER]: reader },
    });
    expect(ok.status).toBe(200);
    expect(
      Buffer.from(await ok.arrayBuffer())
        .toString('utf8')
        .split('\r\n')[0],
    ).toBe('\uFEFFuserId,planId,paidUsd,assetETH,assetHEC,confirmedAt');
    const rates = await fetch(`${t.baseUrl}/templates/rates.csv`, {
      headers: { [ACCESS_TOKEN_HEADER]: reader },
    });
    expect(
      Buffer.from(await rates.arrayBuffer())
        .toString('utf8')
        .split('\r\n')[0],
    ).toBe('\uFEFFstartAt,endAt,deadline,BTCHECRate,BTCETHRate');
  });
});

const SUMMARY = `query ($from: DateTime, $until: DateTime!, $deadline: DateTime!, $hec: String, $eth: String) {
  ratesAndBTCAmountAtDeadlineDate(confirmedAtFrom: $from, confirmedAtUntil: $until, deadlineDatetime: $deadline, BTCHECRate: $hec, BTCETHRate: $eth) {
    confirmedAtFrom confirmedAtUntil deadlineDatetime BTCAmountToBuyETH BTCAmountToBuyHEC BTCHEC BTCETH paymentCounts amountETH amountHEC
  }
}`;
const ASSIGN = `mutation ($from: String, $until: String!, $deadline: String!, $hec: String!, $eth: String!) {
  postAssignRates(startAt: $from, endAt: $until, deadline: $deadline, BTCHECRate: $hec, BTCETHRate: $eth) { message countPayments }
}`;
const UNFIXED = `query ($from: DateTime, $until: DateTime!) {
  assetUnFixedPayments(confirmedAtFrom: $from, confirmedAtUntil: $until) {
    list { userPaymentId paidBtc status } confirmedAtFrom confirmedAtUntil pagination { totalRecords }
  }
}`;

describe('rate assignment', () => {
  const window = {
    from: '2026-03-01T00:00:00Z',
    until: '2026-03-31T23:59:59Z',
    deadline: '2026-04-01T00:00:00Z',
  };
  const rates = { hec: '123456.123456789012345678', eth: '18.000000000000000007' };

  beforeAll(async () => {
    await addConfirmed(users[0]!, hecPlan, '0.12345678', '2026-03-01T00:00:00Z');
    await addConfirmed(users[0]!, ethPlan, '0.00000001', '2026-03-15T12:00:00Z');
    await addConfirmed(users[1]!, hecPlan, '1.5', '2026-03-31T23:59:59Z');
    await addConfirmed(users[1]!, hecPlan, '9', '2026-04-01T00:00:01Z'); // outside
  });

  it('previews exactly what the commit writes, fixes at the deadline, and refuses to fix again', async () => {
    const unfixed = await t.gql<{
      assetUnFixedPayments: { list: unknown[]; pagination: { totalRecords: number } };
    }>(UNFIXED, window, reader);
    expect(unfixed.data!.assetUnFixedPayments.pagination.totalRecords).toBe(3);

    const preview = await t.gql<{ ratesAndBTCAmountAtDeadlineDate: Record<string, unknown> }>(
      SUMMARY,
      { ...window, ...rates },
      reader,
    );
    expect(preview.errors).toBeUndefined();
    const summary = preview.data!.ratesAndBTCAmountAtDeadlineDate;
    expect(summary).toMatchObject({
      paymentCounts: 3,
      BTCAmountToBuyHEC: '1.62345678',
      BTCAmountToBuyETH: '0.00000001',
      BTCHEC: rates.hec,
      BTCETH: rates.eth,
      deadlineDatetime: '2026-04-01T00:00:00.000Z',
    });
    const fixedBefore = await statusCount('asset_fixed');
    const r = await t.gql<{ postAssignRates: { countPayments: number } }>(
      ASSIGN,
      { ...window, ...rates },
      writer,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.postAssignRates.countPayments).toBe(3);
    expect(await statusCount('asset_fixed')).toBe(fixedBefore + 3);

    const written = await sql<{ eth: string; hec: string; n: string; deadline_ok: boolean }>`
      SELECT sum(amount_eth)::text AS eth, sum(amount_hec)::text AS hec, count(*) AS n,
        bool_and(asset_fixed_at = '2026-04-01T00:00:00Z') AS deadline_ok
      FROM payments WHERE rate_assignment_id IS NOT NULL`.execute(t.database.db);
    const w = written.rows[0]!;
    expect(Number(w.n)).toBe(3);
    expect(w.deadline_ok).toBe(true);
    // The one rounding rule: trunc(paid_btc * rate, 18), summed exactly.
    expect(decimalEq(w.hec, String(summary.amountHEC))).toBe(true);
    expect(decimalEq(w.eth, String(summary.amountETH))).toBe(true);
    // 0.12345678 × 123456.123456789012345678 = 15241.495473257640603577652… (truncated at 18)
    const first = await sql<{ hec: string }>`
      SELECT amount_hec::text AS hec FROM payments WHERE paid_btc = 0.12345678 AND rate_assignment_id IS NOT NULL`.execute(
      t.database.db,
    );
    expect(first.rows[0]!.hec).toBe('15241.495473257640603577');
    await readSide(users[0]!);
    await readSide(users[1]!);

    const again = await t.gql(ASSIGN, { ...window, ...rates }, writer);
    expect(again.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'NOTHING_TO_FIX',
    });

    const audit = await sql<{ summary: { after: Record<string, unknown> } }>`
      SELECT summary FROM audit_log WHERE operation = 'postAssignRates'`.execute(t.database.db);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.summary.after).toMatchObject({
      startAt: '2026-03-01T00:00:00.000Z',
      endAt: '2026-03-31T23:59:59.000Z',
      BTCHECRate: rates.hec,
      BTCETHRate: rates.eth,
      countPayments: 3,
    });
  });

  it('refuses rates of 0 or less, over-long decimals, bad dates and a reader', async () => {
    const base = {
      from: '2026-05-01T00:00:00Z',
      until: '2026-05-31T00:00:00Z',
      deadline: '2026-06-01T00:00:00Z',
      ...rates,
    };
    const cases: Array<Record<string, string>> = [
      { hec: '0' },
      { eth: '-1' },
      { hec: '1.0000000000000000001' },
      { eth: '1e3' },
      { until: '2026-05-31 00:00' },
      { deadline: 'tomorrow' },
      { from: '2026-06-01T00:00:00Z' },
      { deadline: '2026-05-01T00:00:00Z' },
    ];
    for (const change of cases) {
      const r = await t.gql(ASSIGN, { ...base, ...change }, writer);
      expect(r.errors?.[0]?.extensions?.code, JSON.stringify(change)).toBe('BAD_USER_INPUT');
    }
    const read = await t.gql(ASSIGN, base, reader);
    expect(read.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('two admins assigning one window at once: one wins, the other gets a conflict', async () => {
    await addConfirmed(users[2]!, hecPlan, '0.5', '2026-07-10T00:00:00Z');
    await addConfirmed(users[2]!, ethPlan, '0.25', '2026-07-11T00:00:00Z');
    const super1 = await t.login('super@example.com');
    const w = {
      from: '2026-07-01T00:00:00Z',
      until: '2026-07-31T00:00:00Z',
      deadline: '2026-08-01T00:00:00Z',
      ...rates,
    };
    const results = await Promise.all([t.gql(ASSIGN, w, writer), t.gql(ASSIGN, w, super1)]);
    const ok = results.filter((r) => !r.errors);
    const conflicts = results.filter((r) => r.errors?.[0]?.extensions?.code === 'CONFLICT');
    expect(ok).toHaveLength(1);
    expect(conflicts).toHaveLength(1);
    const assignments = await sql<{ n: string }>`
      SELECT count(*) AS n FROM rate_assignments WHERE deadline = '2026-08-01T00:00:00Z'`.execute(
      t.database.db,
    );
    expect(Number(assignments.rows[0]!.n)).toBe(1);
    await readSide(users[2]!);
  });

  it('assigns rates from a CSV file, refusing overlapping and already-fixed windows', async () => {
    await addConfirmed(users[3]!, hecPlan, '2', '2026-09-05T00:00:00Z');
    await addConfirmed(users[3]!, ethPlan, '3', '2026-10-05T00:00:00Z');
    const header = 'startAt,endAt,deadline,BTCHECRate,BTCETHRate';
    const bad = [
      header,
      '2026-09-01T00:00:00Z,2026-09-30T00:00:00Z,2026-10-01T00:00:00Z,100,10',
      '2026-09-15T00:00:00Z,2026-10-30T00:00:00Z,2026-11-01T00:00:00Z,100,10',
      '2026-03-01T00:00:00Z,2026-03-31T00:00:00Z,2026-04-01T00:00:00Z,100,10',
      '2026-12-01T00:00:00Z,2026-12-31T00:00:00Z,2026-12-01T00:00:00Z,0,10',
    ].join('\r\n');
    const preview = await upload('postAssignRatesByCSV', bad, { dryRun: true, name: 'rates.csv' });
    expect(preview.errors).toBeUndefined();
    const errors = preview.data!.postAssignRatesByCSV!.report.errors;
    expect(errors.map((e) => [e.line, e.column, e.code])).toEqual([
      [3, 'endAt', 'window_overlap'],
      [4, 'endAt', 'window_empty'],
      [5, 'BTCHECRate', 'decimal_not_positive'],
    ]);
    const good = [
      header,
      '2026-09-01T00:00:00Z,2026-09-30T00:00:00Z,2026-10-01T00:00:00Z,100.5,10',
      '2026-10-01T00:00:00Z,2026-10-31T00:00:00Z,2026-11-01T00:00:00Z,200,20',
    ].join('\r\n');
    const dry = await upload('postAssignRatesByCSV', good, { dryRun: true, name: 'rates.csv' });
    expect(dry.data!.postAssignRatesByCSV).toMatchObject({ countPayments: 2 });
    expect(total(dry.data!.postAssignRatesByCSV!.report, 'amountHEC')).toBe(
      '201.000000000000000000',
    );
    expect(total(dry.data!.postAssignRatesByCSV!.report, 'amountETH')).toBe(
      '60.000000000000000000',
    );
    const applied = await upload('postAssignRatesByCSV', good, { name: 'rates.csv' });
    expect(applied.errors).toBeUndefined();
    expect(applied.data!.postAssignRatesByCSV!.countPayments).toBe(2);
    await readSide(users[3]!);
    expect(await auditCount('postAssignRatesByCSV')).toBe(3);
  });

  it("applies a file of several windows in one go: each payment takes its own window's rates", async () => {
    // Three windows in 2027 (after every other test's payments), deliberately out of order in
    // the file, with payments at both inclusive ends and one between windows left unfixed.
    const u = users[1]!;
    await addConfirmed(u, hecPlan, '0.00000001', '2027-01-01T00:00:00Z');
    await addConfirmed(u, ethPlan, '1.23456789', '2027-01-31T00:00:00Z');
    await addConfirmed(u, hecPlan, '2', '2027-03-10T00:00:00Z');
    await addConfirmed(u, hecPlan, '3', '2027-05-01T00:00:00Z');
    await addConfirmed(u, ethPlan, '0.5', '2027-05-31T00:00:00Z');
    await addConfirmed(u, hecPlan, '7', '2027-06-15T00:00:00Z');
    const header = 'startAt,endAt,deadline,BTCHECRate,BTCETHRate';
    const file = [
      header,
      '2027-05-01T00:00:00Z,2027-05-31T00:00:00Z,2027-06-01T00:00:00Z,0.333333333333333333,3.000000000000000001',
      '2027-01-01T00:00:00Z,2027-01-31T00:00:00Z,2027-02-01T00:00:00Z,1.5,0.999999999999999999',
      '2027-03-01T00:00:00Z,2027-03-31T00:00:00Z,2027-04-01T00:00:00Z,10,20',
    ].join('\r\n');
    const dry = await upload('postAssignRatesByCSV', file, { dryRun: true, name: 'rates3.csv' });
    expect(dry.errors).toBeUndefined();
    expect(dry.data!.postAssignRatesByCSV!.report.errorCount).toBe(0);
    const applied = await upload('postAssignRatesByCSV', file, { name: 'rates3.csv' });
    expect(applied.errors).toBeUndefined();
    expect(applied.data!.postAssignRatesByCSV!.countPayments).toBe(5);

    const rows = await sql<{
      confirmed_at: Date;
      status: string;
      asset_fixed_at: Date | null;
      amount_eth: string | null;
      amount_hec: string | null;
      ra_until: Date | null;
      ra_count: number | null;
    }>`
      SELECT p.confirmed_at, p.status, p.asset_fixed_at, p.amount_eth::text, p.amount_hec::text,
        ra.confirmed_at_until AS ra_until, ra.payment_count AS ra_count
      FROM payments p LEFT JOIN rate_assignments ra ON ra.id = p.rate_assignment_id
      WHERE p.end_user_id = ${u} AND p.confirmed_at >= '2027-01-01T00:00:00Z'
      ORDER BY p.confirmed_at`.execute(t.database.db);
    const got = rows.rows.map((r) => [
      r.confirmed_at.toISOString().slice(0, 10),
      r.status,
      r.asset_fixed_at?.toISOString().slice(0, 10) ?? null,
      r.amount_eth === null ? null : decimalEq(r.amount_eth, '0') ? '0' : r.amount_eth,
      r.amount_hec === null ? null : decimalEq(r.amount_hec, '0') ? '0' : r.amount_hec,
      r.ra_count,
    ]);
    // trunc(paid_btc × rate, 18), each by its own window's rate and deadline.
    expect(got).toEqual([
      ['2027-01-01', 'asset_fixed', '2027-02-01', '0', '0.000000015000000000', 2],
      ['2027-01-31', 'asset_fixed', '2027-02-01', '1.234567889999999998', '0', 2],
      ['2027-03-10', 'asset_fixed', '2027-04-01', '0', '20.000000000000000000', 1],
      ['2027-05-01', 'asset_fixed', '2027-06-01', '0', '0.999999999999999999', 2],
      ['2027-05-31', 'asset_fixed', '2027-06-01', '1.500000000000000000', '0', 2],
      ['2027-06-15', 'confirmed', null, null, null, null],
    ]);
    // The preview's totals are the sums of what was written, to the last digit.
    const written = await sql<{ eth: string; hec: string }>`
      SELECT sum(amount_eth)::text AS eth, sum(amount_hec)::text AS hec FROM payments
      WHERE end_user_id = ${u} AND confirmed_at >= '2027-01-01T00:00:00Z' AND status = 'asset_fixed'`.execute(
      t.database.db,
    );
    expect(total(dry.data!.postAssignRatesByCSV!.report, 'amountETH')).toBe(written.rows[0]!.eth);
    expect(total(dry.data!.postAssignRatesByCSV!.report, 'amountHEC')).toBe(written.rows[0]!.hec);
    await readSide(u);

    // The windows are fixed now: the same windows again (another file: other rates) are
    // refused, row by row.
    const again = await upload('postAssignRatesByCSV', file.replace(',10,20', ',11,21'), {
      name: 'rates3b.csv',
    });
    expect(again.data).toBeNull();
    expect(again.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', errorCount: 3 });
  });

  it("reports an upload's progress under its key, to the admin who sent it only", async () => {
    const PROGRESS = `query ($key: String!) { csvImportProgress(key: $key) { phase rowsRead bytesRead byteSize } }`;
    const key = 'c0ffee00-1234-4abc-8def-000000000001';
    const rows = Array.from(
      { length: 50 },
      (_, i) => `${users[0]},${hecPlan},${i + 1},0,1,2026-02-0${(i % 9) + 1}T00:00:00Z`,
    );
    const content = ['userId,planId,paidUsd,assetETH,assetHEC,confirmedAt', ...rows].join('\r\n');
    const before = await t.gql<{ csvImportProgress: unknown }>(PROGRESS, { key }, writer);
    expect(before.data!.csvImportProgress).toBeNull();
    const dry = await upload('postAddUserPaymentsByCSV', content, {
      dryRun: true,
      progressKey: key,
    });
    expect(dry.errors).toBeUndefined();
    const mine = await t.gql<{
      csvImportProgress: { phase: string; rowsRead: number; bytesRead: number; byteSize: number };
    }>(PROGRESS, { key }, writer);
    expect(mine.data!.csvImportProgress).toEqual({
      phase: 'done',
      rowsRead: 50,
      bytesRead: Buffer.byteLength(content),
      byteSize: Buffer.byteLength(content),
    });
    // Another admin asking with the same key learns nothing.
    const other = await t.gql<{ csvImportProgress: unknown }>(PROGRESS, { key }, reader);
    expect(other.errors).toBeUndefined();
    expect(other.data!.csvImportProgress).toBeNull();
    const bad = await upload('postAddUserPaymentsByCSV', content, {
      dryRun: true,
      progressKey: 'no spaces allowed',
    });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
