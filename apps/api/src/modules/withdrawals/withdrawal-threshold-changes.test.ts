import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../test/admin-fixtures';
import type { TestApp } from '../../../test/test-app';
import { startDemoApp } from '../../../test/demo-app';
import { databaseErrorOf } from '../../platform/db-errors';
import { insertAdmin } from '../admin-users/admin-users-repository';

/**
 * Issue 24: a change that weakens the two-person approval control takes two admins. A raise
 * of a coin's threshold is pending until a second, different super admin confirms it; a
 * lowering applies at once and supersedes a pending raise. Through the GraphQL API on a fresh
 * database (PGlite, or PostgreSQL with DATABASE_URL).
 */
let t: TestApp;
let writer: string;
let superAdmin: string;
let reader: string;
/** A second super admin (super02). */
let secondSuper: string;

type Change = {
  id: string;
  coinType: string;
  fromValue: string;
  toValue: string;
  proposedByAdminUserName: string;
  proposedAt: string;
};
type Threshold = { coinType: string; secondApprovalAbove: string; pendingChange: Change | null };

const FIELDS = `coinType secondApprovalAbove
  pendingChange { id coinType fromValue toValue proposedByAdminUserName proposedAt }`;
const READ = `{ withdrawalApprovalThresholds { ${FIELDS} } }`;
const UPDATE = `mutation ($coin: String!, $value: Decimal!) {
  postUpdateWithdrawalApprovalThreshold(coinType: $coin, secondApprovalAbove: $value) { ${FIELDS} }
}`;
const CONFIRM = `mutation ($id: ID!) {
  postConfirmWithdrawalApprovalThresholdChange(id: $id) { ${FIELDS} }
}`;
const CANCEL = `mutation ($id: ID!) {
  postCancelWithdrawalApprovalThresholdChange(id: $id) { ${FIELDS} }
}`;

async function thresholds(token = reader): Promise<Threshold[]> {
  const result = await t.gql<{ withdrawalApprovalThresholds: Threshold[] }>(READ, {}, token);
  expect(result.errors).toBeUndefined();
  return result.data!.withdrawalApprovalThresholds;
}

async function threshold(coin: string): Promise<Threshold> {
  return (await thresholds()).find((x) => x.coinType === coin)!;
}

async function update(token: string, coin: string, value: string) {
  return t.gql<{ postUpdateWithdrawalApprovalThreshold: Threshold }>(
    UPDATE,
    { coin, value },
    token,
  );
}

async function confirm(token: string, id: string) {
  return t.gql<{ postConfirmWithdrawalApprovalThresholdChange: Threshold }>(CONFIRM, { id }, token);
}

async function cancel(token: string, id: string) {
  return t.gql<{ postCancelWithdrawalApprovalThresholdChange: Threshold }>(CANCEL, { id }, token);
}

async function storedValue(coin: string): Promise<string> {
  const r = await sql<{ v: string }>`
    SELECT second_approval_above::text AS v FROM withdrawal_approval_thresholds
     WHERE coin_type = ${coin}`.execute(t.database.db);
  return r.rows[0]!.v;
}

async function auditOf(operation: string) {
  const r = await sql<{ admin_user_name: string; target_ids: string[]; summary: unknown }>`
    SELECT admin_user_name, target_ids, summary FROM audit_log
     WHERE operation = ${operation} ORDER BY id`.execute(t.database.db);
  return r.rows;
}

/** Proposes a raise of `coin` to `value` as `token` and answers the pending change. */
async function propose(token: string, coin: string, value: string): Promise<Change> {
  const result = await update(token, coin, value);
  expect(result.errors).toBeUndefined();
  const answer = result.data!.postUpdateWithdrawalApprovalThreshold;
  expect(answer.pendingChange).not.toBeNull();
  return answer.pendingChange!;
}

beforeAll(async () => {
  ({
    t,
    tokens: { writer, superAdmin, reader },
  } = await startDemoApp({ users: 150, seed: 5 }));
  await insertAdmin(t.database.db, {
    userName: 'super02',
    email: 'super2@example.com',
    passwordHash: 'not-used',
    mustChangePassword: false,
    roles: ['super_admin'],
    createdBy: null,
  });
  secondSuper = await issueToken(t.database, 'super2@example.com');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('threshold changes that weaken the control take two admins', () => {
  it('one super admin cannot raise, approve above the old threshold alone, and lower again', async () => {
    // A requested HEC request above the HEC threshold: it needs two approvals.
    const r = await sql<{ id: string; revision: number; amount: string }>`
      SELECT w.id::text AS id, w.revision, w.amount::text AS amount
        FROM withdrawal_requests w
        JOIN withdrawal_approval_thresholds th ON th.coin_type = w.coin_type
       WHERE w.status = 'requested' AND w.kind <> 'payment_paid_value' AND w.coin_type = 'HEC'
         AND w.amount > th.second_approval_above
         AND NOT EXISTS (SELECT 1 FROM withdrawal_approvals a WHERE a.withdrawal_request_id = w.id)
       ORDER BY w.id LIMIT 1`.execute(t.database.db);
    const w = r.rows[0]!;
    expect(w, 'a large requested HEC request').toBeDefined();
    const old = await storedValue('HEC');

    // 1. Raise the threshold above the request: only a proposal, nothing applies.
    const raised = await update(superAdmin, 'HEC', w.amount);
    expect(raised.errors).toBeUndefined();
    expect(raised.data!.postUpdateWithdrawalApprovalThreshold).toMatchObject({
      coinType: 'HEC',
      secondApprovalAbove: old,
      pendingChange: {
        coinType: 'HEC',
        fromValue: old,
        toValue: w.amount,
        proposedByAdminUserName: 'super01',
      },
    });
    expect(await storedValue('HEC')).toBe(old);

    // 2. Approve: still the first of two approvals.
    const approve = await t.gql<{
      postApproveWithdrawalRequests: { results: Array<{ outcome: string; status: string }> };
    }>(
      `mutation ($requests: [WithdrawalApprovalInput!]!) {
        postApproveWithdrawalRequests(requests: $requests) { results { outcome status } } }`,
      { requests: [{ id: w.id, revision: w.revision }] },
      superAdmin,
    );
    expect(approve.errors).toBeUndefined();
    expect(approve.data!.postApproveWithdrawalRequests.results[0]).toEqual({
      outcome: 'awaitingSecondApproval',
      status: 'requested',
    });

    // 3. "Lower it again": there is nothing to lower, the threshold never moved.
    const back = await update(superAdmin, 'HEC', old);
    expect(back.errors?.[0]?.extensions?.reason).toBe('THRESHOLD_UNCHANGED');
    const status = await sql<{ status: string }>`
      SELECT status FROM withdrawal_requests WHERE id = ${w.id}`.execute(t.database.db);
    expect(status.rows[0]!.status).toBe('requested');
    expect(
      (
        await cancel(
          superAdmin,
          raised.data!.postUpdateWithdrawalApprovalThreshold.pendingChange!.id,
        )
      ).errors,
    ).toBeUndefined();
  });

  it('the raise is shown pending, with who proposed it and when, to every role', async () => {
    const before = await storedValue('ETH');
    const change = await propose(superAdmin, 'ETH', '7.5');
    for (const token of [reader, writer, secondSuper]) {
      const eth = (await thresholds(token)).find((x) => x.coinType === 'ETH')!;
      expect(eth.secondApprovalAbove).toBe(before);
      expect(eth.pendingChange).toMatchObject({
        id: change.id,
        fromValue: before,
        toValue: '7.5',
        proposedByAdminUserName: 'super01',
      });
      expect(Date.now() - new Date(eth.pendingChange!.proposedAt).getTime()).toBeLessThan(600_000);
    }
    const audit = (await auditOf('postUpdateWithdrawalApprovalThreshold')).at(-1)!;
    expect(audit).toMatchObject({
      admin_user_name: 'super01',
      target_ids: ['ETH'],
      summary: {
        before: { coinType: 'ETH', secondApprovalAbove: before },
        after: { applied: false, proposedChange: { id: change.id, toValue: '7.5' } },
      },
    });
    expect((await cancel(superAdmin, change.id)).errors).toBeUndefined();
  });

  it('the proposer cannot confirm their own raise; a second super admin can, and it applies', async () => {
    const before = await storedValue('ATEM');
    const change = await propose(superAdmin, 'ATEM', '2500');

    const own = await confirm(superAdmin, change.id);
    expect(own.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'OWN_THRESHOLD_CHANGE',
    });
    expect(await storedValue('ATEM')).toBe(before);

    for (const token of [writer, reader]) {
      expect((await confirm(token, change.id)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect(await storedValue('ATEM')).toBe(before);

    const confirmed = await confirm(secondSuper, change.id);
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data!.postConfirmWithdrawalApprovalThresholdChange).toMatchObject({
      coinType: 'ATEM',
      secondApprovalAbove: '2500',
      pendingChange: null,
    });
    expect(await storedValue('ATEM')).toBe('2500');
    expect((await threshold('ATEM')).pendingChange).toBeNull();
    expect((await auditOf('postConfirmWithdrawalApprovalThresholdChange')).at(-1)).toMatchObject({
      admin_user_name: 'super02',
      target_ids: ['ATEM'],
      summary: {
        before: { secondApprovalAbove: before },
        after: { secondApprovalAbove: '2500', change: change.id, proposedBy: 'super01' },
      },
    });
    // Confirmed once: again is a conflict, and nothing changes.
    const again = await confirm(secondSuper, change.id);
    expect(again.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'THRESHOLD_CHANGE_CLOSED',
    });
  });

  it('another raise of the coin while one is pending is refused', async () => {
    const change = await propose(superAdmin, 'ETH', '8');
    const second = await update(secondSuper, 'ETH', '9');
    expect(second.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'THRESHOLD_CHANGE_PENDING',
    });
    expect((await threshold('ETH')).pendingChange?.toValue).toBe('8');
    expect((await cancel(superAdmin, change.id)).errors).toBeUndefined();
  });

  it('lowering applies at once, audited, and supersedes a pending raise', async () => {
    const before = await storedValue('ETH');
    const change = await propose(superAdmin, 'ETH', '50');
    const lowered = await update(secondSuper, 'ETH', '3');
    expect(lowered.errors).toBeUndefined();
    expect(lowered.data!.postUpdateWithdrawalApprovalThreshold).toEqual({
      coinType: 'ETH',
      secondApprovalAbove: '3',
      pendingChange: null,
    });
    expect(await storedValue('ETH')).toBe('3');
    expect((await auditOf('postUpdateWithdrawalApprovalThreshold')).at(-1)).toMatchObject({
      admin_user_name: 'super02',
      summary: {
        before: { secondApprovalAbove: before },
        after: { secondApprovalAbove: '3', applied: true, supersededChange: change.id },
      },
    });
    // The superseded raise can no longer be confirmed.
    const late = await confirm(secondSuper, change.id);
    expect(late.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'THRESHOLD_CHANGE_CLOSED',
    });
    expect(await storedValue('ETH')).toBe('3');
  });

  it('a raise is withdrawn by its proposer or declined by another super admin; the threshold stays', async () => {
    const before = await storedValue('HEC');
    for (const [proposer, withdrawer, name] of [
      [superAdmin, superAdmin, 'super01'],
      [superAdmin, secondSuper, 'super02'],
    ] as const) {
      const change = await propose(proposer, 'HEC', '99999');
      const withdrawn = await cancel(withdrawer, change.id);
      expect(withdrawn.errors).toBeUndefined();
      expect(withdrawn.data!.postCancelWithdrawalApprovalThresholdChange).toMatchObject({
        secondApprovalAbove: before,
        pendingChange: null,
      });
      expect((await auditOf('postCancelWithdrawalApprovalThresholdChange')).at(-1)).toMatchObject({
        admin_user_name: name,
        target_ids: ['HEC'],
        summary: { after: { withdrawnChange: change.id } },
      });
      expect((await confirm(secondSuper, change.id)).errors?.[0]?.extensions?.reason).toBe(
        'THRESHOLD_CHANGE_CLOSED',
      );
    }
    expect(await storedValue('HEC')).toBe(before);
    expect((await cancel(writer, '1')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('the value it already has is refused as unchanged', async () => {
    const result = await update(superAdmin, 'HEC', await storedValue('HEC'));
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'THRESHOLD_UNCHANGED',
    });
  });

  it('confirm and withdraw at the same moment: exactly one of them happens', async () => {
    const before = await storedValue('ATEM');
    const change = await propose(superAdmin, 'ATEM', '3000');
    const [confirmed, withdrawn] = await Promise.all([
      confirm(secondSuper, change.id),
      cancel(superAdmin, change.id),
    ]);
    const ok = [confirmed, withdrawn].filter((r) => r.errors === undefined);
    expect(ok).toHaveLength(1);
    expect(await storedValue('ATEM')).toBe(confirmed.errors === undefined ? '3000' : before);
  });

  it('the database refuses a raise that no second admin confirmed, whoever writes it', async () => {
    let error: unknown;
    try {
      await sql`UPDATE withdrawal_approval_thresholds
                   SET second_approval_above = second_approval_above + 1
                 WHERE coin_type = 'HEC'`.execute(t.database.db);
    } catch (e) {
      error = e;
    }
    expect(databaseErrorOf(error)?.sqlState).toBe('23514');
    // Lowering by SQL is not a weakening: allowed.
    await sql`UPDATE withdrawal_approval_thresholds
                 SET second_approval_above = second_approval_above - 1
               WHERE coin_type = 'HEC'`.execute(t.database.db);
  });
});
