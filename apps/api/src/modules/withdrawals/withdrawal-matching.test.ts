import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { startDemoApp } from '../../../test/demo-app';

/**
 * "All N matching this filter" (issue #14): approve and reject by the list's own searchParams
 * and the count the operator saw, through the GraphQL API on a fresh database (PGlite, or
 * PostgreSQL with DATABASE_URL).
 */
let t: TestApp;
let writer: string;
let superAdmin: string;
let reader: string;

type ListAnswer = {
  list: Array<{ id: string; status: string; requiredApprovals: number }>;
  pagination: { totalRecords: number };
  statusCounts: Array<{ status: string; count: number }>;
};
type Answer = {
  changedCount: number;
  refusedCount: number;
  results: Array<{ id: string; outcome: string; status: string; reason: string | null }>;
};

const APPROVE = `mutation ($kind: WithdrawalKind!, $p: WithdrawalSearchParams, $n: Int!) {
  postApproveMatchingWithdrawalRequests(kind: $kind, searchParams: $p, expectedCount: $n) {
    changedCount refusedCount results { id outcome status reason }
  }
}`;
const REJECT = `mutation ($kind: WithdrawalKind!, $p: WithdrawalSearchParams, $n: Int!, $text: String!) {
  postRejectMatchingWithdrawalRequests(kind: $kind, searchParams: $p, expectedCount: $n,
    reasonCode: compliance, reasonText: $text) {
    changedCount refusedCount results { id outcome status reason }
  }
}`;

async function list(kind: string, searchParams: Record<string, unknown>): Promise<ListAnswer> {
  const result = await t.gql<{ withdrawalRequests: ListAnswer }>(
    `query ($kind: WithdrawalKind!, $input: WithdrawalListInput) { withdrawalRequests(kind: $kind, input: $input) {
      list { id status requiredApprovals } pagination { totalRecords } statusCounts { status count } } }`,
    { kind, input: { searchParams, pagination: { limit: 100 } } },
    writer,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.withdrawalRequests;
}

async function approveMatching(token: string, kind: string, p: Record<string, unknown>, n: number) {
  return t.gql<{ postApproveMatchingWithdrawalRequests: Answer }>(APPROVE, { kind, p, n }, token);
}

async function statuses(ids: readonly string[]): Promise<Map<string, string>> {
  const r = await sql<{ id: string; status: string }>`
    SELECT id::text AS id, status FROM withdrawal_requests
     WHERE id = ANY(${ids}::bigint[])`.execute(t.database.db);
  return new Map(r.rows.map((x) => [x.id, x.status]));
}

async function auditCount(operation: string): Promise<number> {
  const r = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM audit_log WHERE operation = ${operation}`.execute(
    t.database.db,
  );
  return Number(r.rows[0]!.n);
}

/**
 * Kinds with requested requests (no approval yet) on one side of every threshold of the
 * kind's coins, with the bound that selects them by amount alone: at most the lowest
 * threshold (small) or above the highest (large).
 */
async function kindsWithRequested(
  side: 'small' | 'large',
): Promise<Array<{ kind: string; threshold: string; n: number }>> {
  const r = await sql<{ kind: string; threshold: string; n: number }>`
    WITH bounds AS (
      SELECT w.kind, ${side === 'small' ? sql`min` : sql`max`}(th.second_approval_above) AS threshold
        FROM (SELECT DISTINCT kind, coin_type FROM withdrawal_requests) w
        JOIN withdrawal_approval_thresholds th ON th.coin_type = w.coin_type
       GROUP BY w.kind)
    SELECT w.kind, b.threshold::text AS threshold, count(*)::int AS n
      FROM withdrawal_requests w JOIN bounds b ON b.kind = w.kind
     WHERE w.status = 'requested' AND w.kind <> 'payment_paid_value' AND w.approval_count = 0
       AND ${side === 'small' ? sql`w.amount <= b.threshold` : sql`w.amount > b.threshold`}
     GROUP BY w.kind, b.threshold
     ORDER BY count(*) DESC, w.kind`.execute(t.database.db);
  return r.rows;
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

describe('all N matching this filter', () => {
  it('approves exactly the list’s rows when the count is still the one seen; else changes nothing', async () => {
    const [k] = await kindsWithRequested('small');
    expect(k, 'a kind with small requested requests').toBeDefined();
    const params = { status: 'requested', amountTo: k!.threshold };
    const before = await list(k!.kind, params);
    const n = before.pagination.totalRecords;
    expect(n).toBeGreaterThanOrEqual(1);
    expect(before.list.every((r) => r.requiredApprovals === 1)).toBe(true);
    const ids = before.list.map((r) => r.id);
    const auditBefore = await auditCount('postApproveMatchingWithdrawalRequests');

    // The operator saw one more (or one fewer) than match now: refused, nothing changed.
    for (const seen of n > 1 ? [n + 1, n - 1] : [n + 1]) {
      const stale = await approveMatching(writer, k!.kind, params, seen);
      expect(stale.errors?.[0]?.extensions?.code).toBe('CONFLICT');
      expect(stale.errors?.[0]?.extensions?.reason).toBe('LIST_CHANGED');
      expect(stale.errors?.[0]?.message).toContain(`${n} match now`);
    }
    expect([...(await statuses(ids)).values()].every((s) => s === 'requested')).toBe(true);
    expect(await auditCount('postApproveMatchingWithdrawalRequests')).toBe(auditBefore);

    const done = await approveMatching(writer, k!.kind, params, n);
    expect(done.errors).toBeUndefined();
    const answer = done.data!.postApproveMatchingWithdrawalRequests;
    expect(answer).toMatchObject({ changedCount: n, refusedCount: 0 });
    expect(answer.results.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(answer.results.every((r) => r.outcome === 'approved')).toBe(true);
    expect([...(await statuses(ids)).values()].every((s) => s === 'approved')).toBe(true);
    expect(await auditCount('postApproveMatchingWithdrawalRequests')).toBe(auditBefore + n);
    expect((await list(k!.kind, params)).pagination.totalRecords).toBe(0);
  });

  it('keeps the two-person rule: a second admin completes, nobody approves twice', async () => {
    const [k] = await kindsWithRequested('large');
    expect(k, 'a kind with large requested requests').toBeDefined();
    // amountFrom is inclusive: rows exactly at the threshold would need one approval.
    const params = { status: 'requested', amountFrom: `${k!.threshold}.000000000000000001` };
    const seen = await list(k!.kind, params);
    const n = seen.pagination.totalRecords;
    expect(seen.list.every((r) => r.requiredApprovals === 2)).toBe(true);

    const first = await approveMatching(writer, k!.kind, params, n);
    expect(first.errors).toBeUndefined();
    const firstAnswer = first.data!.postApproveMatchingWithdrawalRequests;
    expect(firstAnswer.changedCount).toBe(n);
    expect(firstAnswer.results.every((r) => r.outcome === 'awaitingSecondApproval')).toBe(true);

    // The same admin again: every request refused, so the call is a CONFLICT and changes nothing.
    const again = await approveMatching(writer, k!.kind, params, n);
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(again.errors?.[0]?.extensions?.reason).toBe('ALREADY_APPROVED_BY_YOU');

    // The revision is the one read in the call's transaction, so the first approval's new
    // revision is no obstacle for the second admin.
    const second = await approveMatching(superAdmin, k!.kind, params, n);
    expect(second.errors).toBeUndefined();
    expect(second.data!.postApproveMatchingWithdrawalRequests.changedCount).toBe(n);
    const ids = seen.list.map((r) => r.id);
    expect([...(await statuses(ids)).values()].every((s) => s === 'approved')).toBe(true);
  });

  it('rejects every changeable request that matches, one result per request', async () => {
    // The kind whose requests are in the most different states (some can be rejected, some not).
    const r = await sql<{ kind: string }>`
      SELECT kind FROM withdrawal_requests GROUP BY kind
       ORDER BY count(DISTINCT status) DESC, kind LIMIT 1`.execute(t.database.db);
    const k = r.rows[0]!;
    const all = await list(k.kind, {});
    const n = all.pagination.totalRecords;
    const count = (s: string) => all.statusCounts.find((c) => c.status === s)?.count ?? 0;
    const changeable = count('requested') + count('approved') + count('processing');
    expect(changeable).toBeGreaterThan(0);
    const auditBefore = await auditCount('postRejectMatchingWithdrawalRequests');

    const result = await t.gql<{ postRejectMatchingWithdrawalRequests: Answer }>(
      REJECT,
      { kind: k.kind, p: {}, n, text: 'sanctions list' },
      writer,
    );
    expect(result.errors).toBeUndefined();
    const answer = result.data!.postRejectMatchingWithdrawalRequests;
    expect(answer.results).toHaveLength(n);
    expect(answer.changedCount).toBe(changeable);
    expect(answer.refusedCount).toBe(n - changeable);
    for (const r of answer.results.filter((x) => x.outcome === 'refused'))
      expect(r.reason).toBe('ILLEGAL_TRANSITION');
    expect(await auditCount('postRejectMatchingWithdrawalRequests')).toBe(auditBefore + changeable);
    const after = await list(k.kind, {});
    expect(after.statusCounts.find((c) => c.status === 'rejected')?.count).toBe(
      count('rejected') + changeable,
    );
    const codes = await sql<{ reject_code: string; reject_reason: string }>`
      SELECT DISTINCT reject_code, reject_reason FROM withdrawal_requests
       WHERE id = ANY(${answer.results.filter((r) => r.outcome === 'rejected').map((r) => r.id)}::bigint[])`.execute(
      t.database.db,
    );
    expect(codes.rows).toEqual([{ reject_code: 'compliance', reject_reason: 'sanctions list' }]);
  });

  it('refuses a count of 0 or above the cap of 5,000, and the read role', async () => {
    const [k] = await kindsWithRequested('small');
    for (const n of [0, 5001]) {
      const result = await approveMatching(writer, k?.kind ?? 'saving', {}, n);
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toMatch(/^expectedCount:/);
    }
    const read = await approveMatching(reader, 'saving', {}, 1);
    expect(read.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const readReject = await t.gql(REJECT, { kind: 'saving', p: {}, n: 1, text: 'x' }, reader);
    expect(readReject.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
