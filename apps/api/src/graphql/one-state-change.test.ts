import { sql } from 'kysely';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { startDemoApp } from '../../test/demo-app';

/**
 * Issue 33 part 2: an operation holding more than one state-changing root field (mutation
 * fields, aliases of one field, state-changing queries) is refused before anything runs, over
 * POST and GET, batched or not, so nothing that committed is hidden behind a sibling's error.
 */
let t: TestApp;
let writer: string;
let superAdmin: string;

beforeAll(async () => {
  ({
    t,
    tokens: { writer, superAdmin },
  } = await startDemoApp({ users: 300, seed: 7 }));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const REASON = 'ONE_STATE_CHANGE_PER_REQUEST';

async function count(table: 'withdrawal_export_batches' | 'withdrawal_threshold_changes') {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(
    db(),
  );
  return r.rows[0]!.n;
}

async function processingCount(): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM withdrawal_requests WHERE status = 'processing'`.execute(db());
  return r.rows[0]!.n;
}

/** Approves `n` requested saving requests directly, each with two approvals. */
async function approvedSavings(n: number): Promise<number> {
  await sql`UPDATE withdrawal_requests SET status = 'rejected', reject_reason = 'test'
    WHERE kind = 'saving' AND status = 'approved'`.execute(db());
  const r = await sql<{ id: string }>`
    SELECT id::text AS id FROM withdrawal_requests WHERE kind = 'saving' AND status = 'requested'
     ORDER BY id LIMIT ${n}`.execute(db());
  for (const { id } of r.rows) {
    for (const name of ['approver-1', 'approver-2'])
      await sql`INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_name, revision)
        VALUES (${id}, ${name}, 1)`.execute(db());
    await sql`UPDATE withdrawal_requests SET status = 'approved' WHERE id = ${id}`.execute(db());
  }
  return r.rows.length;
}

const EXPORT_AND_FAILING_APPROVAL = `mutation ($n: Int!) {
  a: postWithdrawalSigningExport(clientKey: "one-state-change-1", expectedCount: $n, kind: saving, layout: v1) { url }
  b: postApproveWithdrawalRequests(requests: [{ id: "999999999", revision: 1 }]) { changedCount }
}`;

const RAISE_AND_FAILING_APPROVAL = `mutation {
  a: postUpdateWithdrawalApprovalThreshold(coinType: "HEC", secondApprovalAbove: "987654321") { coinType }
  b: postApproveWithdrawalRequests(requests: [{ id: "999999999", revision: 1 }]) { changedCount }
}`;

describe('one state change per request', () => {
  it('refuses an export beside a failing approval: no batch, no request moved', async () => {
    const n = await approvedSavings(2);
    expect(n).toBeGreaterThan(0);
    const batches = await count('withdrawal_export_batches');
    const processing = await processingCount();
    const result = await t.gql(EXPORT_AND_FAILING_APPROVAL, { n }, writer);
    expect(result.errors?.[0]?.extensions?.reason).toBe(REASON);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.data ?? null).toBeNull();
    expect(await count('withdrawal_export_batches')).toBe(batches);
    expect(await processingCount()).toBe(processing);
  });

  it('refuses a threshold raise beside a failing field: nothing pending', async () => {
    const pending = await count('withdrawal_threshold_changes');
    const result = await t.gql(RAISE_AND_FAILING_APPROVAL, {}, superAdmin);
    expect(result.errors?.[0]?.extensions?.reason).toBe(REASON);
    expect(await count('withdrawal_threshold_changes')).toBe(pending);
  });

  it('counts aliases of one field, fields reached through fragments, and marked queries', async () => {
    const pending = await count('withdrawal_threshold_changes');
    for (const query of [
      `mutation { a: postUpdateWithdrawalApprovalThreshold(coinType: "HEC", secondApprovalAbove: "987654321") { coinType }
        b: postUpdateWithdrawalApprovalThreshold(coinType: "ETH", secondApprovalAbove: "987654321") { coinType } }`,
      `mutation { ...F b: postUpdateWithdrawalApprovalThreshold(coinType: "ETH", secondApprovalAbove: "987654321") { coinType } }
       fragment F on Mutation { postUpdateWithdrawalApprovalThreshold(coinType: "HEC", secondApprovalAbove: "987654321") { coinType } }`,
      `{ a: withdrawalSigningCsv(kind: saving, layout: v1) { url } b: withdrawalSigningCsv(kind: saving, layout: v2) { url } }`,
    ]) {
      const result = await t.gql(query, {}, superAdmin);
      expect(result.errors?.[0]?.extensions?.reason, query).toBe(REASON);
    }
    expect(await count('withdrawal_threshold_changes')).toBe(pending);
  });

  it('refuses over GET and batched: nothing pending', async () => {
    const pending = await count('withdrawal_threshold_changes');
    const url = new URL(`${t.baseUrl}${GRAPHQL_PATH}`);
    url.searchParams.set('query', RAISE_AND_FAILING_APPROVAL);
    const got = await fetch(url, {
      headers: {
        accept: 'application/graphql-response+json',
        'x-graphql-yoga-csrf': '1',
        [ACCESS_TOKEN_HEADER]: superAdmin,
      },
    });
    expect(got.status).toBeGreaterThanOrEqual(400);
    await got.text();
    const raise = `mutation { postUpdateWithdrawalApprovalThreshold(coinType: "HEC", secondApprovalAbove: "987654321") { coinType } }`;
    const batched = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
        [ACCESS_TOKEN_HEADER]: superAdmin,
      },
      body: JSON.stringify([{ query: raise }, { query: raise }]),
    });
    expect(batched.status).toBeGreaterThanOrEqual(400);
    await batched.text();
    expect(await count('withdrawal_threshold_changes')).toBe(pending);
  });

  it('runs one state-changing field alone, beside __typename', async () => {
    const pending = await count('withdrawal_threshold_changes');
    const result = await t.gql(
      `mutation { __typename postUpdateWithdrawalApprovalThreshold(coinType: "HEC", secondApprovalAbove: "987654321") { coinType } }`,
      {},
      superAdmin,
    );
    expect(result.errors).toBeUndefined();
    expect(await count('withdrawal_threshold_changes')).toBe(pending + 1);
  });
});
