import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoPopulation } from '../../seed/population/demo-population';

/**
 * What a principal withdrawal pays (docs/domain.md): the list and a user's history report the
 * ETH of an ETH plan's request, not its 0 HEC, and both coins when both are paid.
 */
let t: TestApp;
let token: string;

type Paid = { coin: string; amount: string; fee: string; netAmount: string };
type Row = { id: string; coinTypeName: string; requestedAmount: string; paidAmounts: Paid[] };

async function principalRow(id: string): Promise<Row> {
  const result = await t.gql<{ paymentPaidValueWithdrawals: { list: Row[] } }>(
    `query ($id: Int!) { paymentPaidValueWithdrawals(input: {
        searchParams: {userId: $id}, pagination: {limit: 100}}) {
        list { id coinTypeName requestedAmount paidAmounts { coin amount fee netAmount } } } }`,
    { id: await userOf(id) },
    token,
  );
  expect(result.errors).toBeUndefined();
  const row = result.data!.paymentPaidValueWithdrawals.list.find((r) => r.id === id);
  expect(row).toBeDefined();
  return row!;
}

async function historyRow(id: string): Promise<{ coinType: string; paidAmounts: Paid[] }> {
  const result = await t.gql<{
    userWithdrawalHistory: { list: Array<{ id: string; coinType: string; paidAmounts: Paid[] }> };
  }>(
    `query ($id: Int!) { userWithdrawalHistory(userId: $id, kind: payment_paid_value,
        pagination: {limit: 100}) { list { id coinType paidAmounts { coin amount fee netAmount } } } }`,
    { id: await userOf(id) },
    token,
  );
  expect(result.errors).toBeUndefined();
  const row = result.data!.userWithdrawalHistory.list.find((r) => r.id === id);
  expect(row).toBeDefined();
  return row!;
}

async function userOf(id: string): Promise<number> {
  const r = await sql<{ u: number }>`
    SELECT end_user_id::int AS u FROM withdrawal_requests WHERE id = ${id}::bigint`.execute(
    t.database.db,
  );
  return r.rows[0]!.u;
}

/** The exact ETH side as PostgreSQL computes it, to compare with the API's. */
async function ethSide(id: string): Promise<Paid> {
  const r = await sql<Paid>`
    SELECT 'ETH' AS coin, (eth_principal + eth_reward)::text AS amount, eth_fee::text AS fee,
           (eth_principal + eth_reward - eth_fee)::text AS "netAmount"
      FROM withdrawal_requests WHERE id = ${id}::bigint`.execute(t.database.db);
  return r.rows[0]!;
}

const same = (a: Paid, b: Paid) => {
  expect(a.coin).toBe(b.coin);
  for (const k of ['amount', 'fee', 'netAmount'] as const) expect(Number(a[k])).toBe(Number(b[k]));
  // Exact, not only close: the digits agree once trailing zeros go.
  const plain = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
  for (const k of ['amount', 'fee', 'netAmount'] as const) expect(plain(a[k])).toBe(plain(b[k]));
};

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoPopulation(t.database.db, { users: 150, seed: 9 });
  token = await t.login('reader@example.com');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('what a principal withdrawal pays', () => {
  it('an ETH plan’s request reads its ETH, not 0 HEC, in the list and the user history', async () => {
    const r = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests
       WHERE kind = 'payment_paid_value' AND amount = 0 AND eth_principal > 0
       ORDER BY id LIMIT 1`.execute(t.database.db);
    const id = r.rows[0]?.id;
    expect(id, 'the demo population has an ETH plan’s principal request').toBeDefined();
    const eth = await ethSide(id!);
    const row = await principalRow(id!);
    // The HEC columns stay the HEC transfer (0); what it pays is ETH alone.
    expect(row.coinTypeName).toBe('HEC');
    expect(Number(row.requestedAmount)).toBe(0);
    expect(row.paidAmounts).toHaveLength(1);
    same(row.paidAmounts[0]!, eth);
    expect(Number(eth.amount)).toBeGreaterThan(0);
    const history = await historyRow(id!);
    expect(history.paidAmounts).toHaveLength(1);
    same(history.paidAmounts[0]!, eth);
  });

  it('a HEC plan’s request reads its HEC alone', async () => {
    const r = await sql<Paid & { id: string }>`
      SELECT id::text AS id, 'HEC' AS coin, amount::text AS amount, fee::text AS fee,
             net_amount::text AS "netAmount"
        FROM withdrawal_requests
       WHERE kind = 'payment_paid_value' AND amount > 0 AND eth_principal = 0
       ORDER BY id LIMIT 1`.execute(t.database.db);
    const hec = r.rows[0];
    expect(hec).toBeDefined();
    const row = await principalRow(hec!.id);
    expect(row.paidAmounts).toHaveLength(1);
    same(row.paidAmounts[0]!, hec!);
  });

  it('a request paying both coins reads both, HEC then ETH', async () => {
    const r = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests
       WHERE kind = 'payment_paid_value' AND status = 'requested' AND amount > 0
       ORDER BY id LIMIT 1`.execute(t.database.db);
    const id = r.rows[0]!.id;
    await sql`UPDATE withdrawal_requests
                 SET eth_principal = 1.000000000000000001, eth_reward = 0.05, eth_fee = 0.01
               WHERE id = ${id}::bigint`.execute(t.database.db);
    const row = await principalRow(id);
    expect(row.paidAmounts.map((p) => p.coin)).toEqual(['HEC', 'ETH']);
    same(row.paidAmounts[1]!, {
      coin: 'ETH',
      amount: '1.050000000000000001',
      fee: '0.01',
      netAmount: '1.040000000000000001',
    });
    const history = await historyRow(id);
    expect(history.paidAmounts.map((p) => p.coin)).toEqual(['HEC', 'ETH']);
  });

  it('the demo population has no principal request that pays nothing', async () => {
    const r = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM withdrawal_requests
       WHERE kind = 'payment_paid_value' AND amount + eth_principal + eth_reward = 0`.execute(
      t.database.db,
    );
    expect(r.rows[0]!.n).toBe(0);
  });
});
