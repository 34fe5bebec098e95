import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { startDemoApp } from '../../../test/demo-app';

/**
 * The per-coin two-person approval thresholds: read by every role, changed by super admins
 * only, exact and validated, audited with the old and new value, applied from the next
 * approval (PGlite, or PostgreSQL with DATABASE_URL).
 */
let t: TestApp;
let writer: string;
let superAdmin: string;
let reader: string;

type Threshold = { coinType: string; secondApprovalAbove: string };

const READ = `{ withdrawalApprovalThresholds { coinType secondApprovalAbove } }`;
const UPDATE = `mutation ($coin: String!, $value: Decimal!) {
  postUpdateWithdrawalApprovalThreshold(coinType: $coin, secondApprovalAbove: $value) { coinType secondApprovalAbove }
}`;

async function thresholds(token: string): Promise<Threshold[]> {
  const result = await t.gql<{ withdrawalApprovalThresholds: Threshold[] }>(READ, {}, token);
  expect(result.errors).toBeUndefined();
  return result.data!.withdrawalApprovalThresholds;
}

async function update(token: string, coin: string, value: string) {
  return t.gql<{ postUpdateWithdrawalApprovalThreshold: Threshold }>(
    UPDATE,
    { coin, value },
    token,
  );
}

beforeAll(async () => {
  ({
    t,
    tokens: { writer, superAdmin, reader },
  } = await startDemoApp({ users: 150, seed: 5 }));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('withdrawal approval thresholds', () => {
  it('every role reads the thresholds of the three coins', async () => {
    const byReader = await thresholds(reader);
    expect(byReader.map((x) => x.coinType)).toEqual(['ATEM', 'ETH', 'HEC']);
    const stored = await sql<{ coin_type: string; v: string }>`
      SELECT coin_type, second_approval_above::text AS v FROM withdrawal_approval_thresholds
       ORDER BY coin_type`.execute(t.database.db);
    expect(byReader).toEqual(
      stored.rows.map((r) => ({ coinType: r.coin_type, secondApprovalAbove: r.v })),
    );
    expect(await thresholds(writer)).toEqual(byReader);
  });

  it('the read and write roles are refused a change, and nothing changes', async () => {
    const before = await thresholds(superAdmin);
    for (const token of [reader, writer]) {
      const result = await update(token, 'ETH', '1');
      expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect(await thresholds(superAdmin)).toEqual(before);
  });

  it('refuses 0, negative, too many decimals, and an unknown coin, changing nothing', async () => {
    const before = await thresholds(superAdmin);
    for (const [coin, value, field] of [
      ['ETH', '0', 'secondApprovalAbove'],
      ['ETH', '-1', 'secondApprovalAbove'],
      // More places than the coin's 18: the Decimal scalar already refuses it.
      ['ETH', '0.0000000000000000001', 'Variable'],
      ['HEC', '100000000000000000000', 'secondApprovalAbove'],
      ['BTC', '1', 'coinType'],
    ] as const) {
      const result = await update(superAdmin, coin, value);
      expect(result.errors?.[0]?.extensions?.code, `${coin} ${value}`).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message, `${coin} ${value}`).toMatch(new RegExp(`^${field}`));
    }
    expect(await thresholds(superAdmin)).toEqual(before);
  });

  it('a super admin changes one exactly; audited with the old and new value', async () => {
    const old = (await thresholds(superAdmin)).find((x) => x.coinType === 'ETH')!;
    const value = '4.123456789012345678';
    const result = await update(superAdmin, 'ETH', value);
    expect(result.errors).toBeUndefined();
    expect(result.data!.postUpdateWithdrawalApprovalThreshold).toEqual({
      coinType: 'ETH',
      secondApprovalAbove: value,
    });
    expect((await thresholds(reader)).find((x) => x.coinType === 'ETH')?.secondApprovalAbove).toBe(
      value,
    );
    const audit = await sql<{ admin_user_name: string; target_ids: string[]; summary: unknown }>`
      SELECT admin_user_name, target_ids, summary FROM audit_log
       WHERE operation = 'postUpdateWithdrawalApprovalThreshold'`.execute(t.database.db);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      admin_user_name: 'super01',
      target_ids: ['ETH'],
      summary: {
        before: { coinType: 'ETH', secondApprovalAbove: old.secondApprovalAbove },
        after: { coinType: 'ETH', secondApprovalAbove: value },
      },
    });
  });

  it('the next approval counts against the new threshold', async () => {
    // A requested request below its coin's threshold: one approval would approve it.
    const r = await sql<{ id: string; revision: number; coin_type: string; amount: string }>`
      SELECT w.id::text AS id, w.revision, w.coin_type, w.amount::text AS amount
        FROM withdrawal_requests w
        JOIN withdrawal_approval_thresholds th ON th.coin_type = w.coin_type
       WHERE w.status = 'requested' AND w.kind <> 'payment_paid_value'
         AND w.amount > 0 AND w.amount <= th.second_approval_above
       ORDER BY w.id LIMIT 1`.execute(t.database.db);
    const w = r.rows[0]!;
    expect(w, 'a small requested request').toBeDefined();
    // Lower the threshold just below its amount (exact: subtract one unit of the last place).
    const lowered = await sql<{ v: string }>`
      SELECT (${w.amount}::numeric - 0.000000000000000001)::text AS v`.execute(t.database.db);
    const changed = await update(superAdmin, w.coin_type, lowered.rows[0]!.v);
    expect(changed.errors).toBeUndefined();

    const approve = await t.gql<{
      postApproveWithdrawalRequests: { results: Array<{ outcome: string; status: string }> };
    }>(
      `mutation ($requests: [WithdrawalApprovalInput!]!) {
        postApproveWithdrawalRequests(requests: $requests) { results { outcome status } } }`,
      { requests: [{ id: w.id, revision: w.revision }] },
      writer,
    );
    expect(approve.errors).toBeUndefined();
    expect(approve.data!.postApproveWithdrawalRequests.results[0]).toEqual({
      outcome: 'awaitingSecondApproval',
      status: 'requested',
    });
  });
});
