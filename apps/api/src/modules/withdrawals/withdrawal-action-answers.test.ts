import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { startDemoApp } from '../../../test/demo-app';

/**
 * Issue 24: an action answers the requests as they are after it (`requests`), so the screen
 * shows the new status, approvals and buttons at once instead of what it read before.
 * PGlite, or PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let writer: string;
let superAdmin: string;

const REQUEST_FIELDS = `id status revision requiredApprovals rejectCode rejectReason failureReason
  approvals { adminUserName }`;
const APPROVE = `mutation ($requests: [WithdrawalApprovalInput!]!) {
  postApproveWithdrawalRequests(requests: $requests) {
    changedCount results { id outcome } requests { ${REQUEST_FIELDS} } } }`;

type Request = {
  id: string;
  status: string;
  revision: number;
  requiredApprovals: number;
  rejectCode: string | null;
  rejectReason: string | null;
  failureReason: string | null;
  approvals: Array<{ adminUserName: string }>;
};

async function stored(id: string) {
  const r = await sql<{ status: string; revision: number }>`
    SELECT status, revision FROM withdrawal_requests WHERE id = ${id}`.execute(t.database.db);
  return r.rows[0]!;
}

async function pick(size: 'small' | 'large', offset = 0) {
  const r = await sql<{ id: string; revision: number }>`
    SELECT w.id::text AS id, w.revision FROM withdrawal_requests w
      JOIN withdrawal_approval_thresholds th ON th.coin_type = w.coin_type
     WHERE w.status = 'requested' AND w.kind <> 'payment_paid_value'
       AND NOT EXISTS (SELECT 1 FROM withdrawal_approvals a WHERE a.withdrawal_request_id = w.id)
       AND ${size === 'large' ? sql`w.amount > th.second_approval_above` : sql`w.amount <= th.second_approval_above`}
     ORDER BY w.id LIMIT 1 OFFSET ${offset}`.execute(t.database.db);
  return r.rows[0]!;
}

async function approve(token: string, id: string, revision: number) {
  const result = await t.gql<{
    postApproveWithdrawalRequests: { requests: Request[]; results: Array<{ outcome: string }> };
  }>(APPROVE, { requests: [{ id, revision }] }, token);
  expect(result.errors).toBeUndefined();
  return result.data!.postApproveWithdrawalRequests;
}

beforeAll(async () => {
  ({
    t,
    tokens: { writer, superAdmin },
  } = await startDemoApp({ users: 150, seed: 5 }));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('an action answers the requests as they are after it', () => {
  it('the final approval: approved, 1 of 1, the new revision', async () => {
    const w = await pick('small');
    const answer = await approve(writer, w.id, w.revision);
    const now = await stored(w.id);
    expect(answer.requests).toEqual([
      expect.objectContaining({
        id: w.id,
        status: 'approved',
        revision: now.revision,
        requiredApprovals: 1,
        approvals: [{ adminUserName: 'writer01' }],
      }),
    ]);
    expect(now.status).toBe('approved');
  });

  it('the first of two approvals, then the second: each answer shows the count and status', async () => {
    const w = await pick('large');
    const first = await approve(writer, w.id, w.revision);
    expect(first.requests[0]).toMatchObject({
      status: 'requested',
      requiredApprovals: 2,
      approvals: [{ adminUserName: 'writer01' }],
      revision: (await stored(w.id)).revision,
    });
    const second = await approve(superAdmin, w.id, first.requests[0]!.revision);
    expect(second.requests[0]).toMatchObject({
      status: 'approved',
      requiredApprovals: 2,
      approvals: [{ adminUserName: 'writer01' }, { adminUserName: 'super01' }],
      revision: (await stored(w.id)).revision,
    });
  });

  it('reject and fail answer the rejected and failed requests with their reasons', async () => {
    const w = await pick('small', 1);
    const reject = await t.gql<{ postRejectWithdrawalRequests: { requests: Request[] } }>(
      `mutation ($ids: [ID!]!) { postRejectWithdrawalRequests(ids: $ids, reasonCode: compliance, reasonText: "KYC") {
        requests { ${REQUEST_FIELDS} } } }`,
      { ids: [w.id] },
      writer,
    );
    expect(reject.errors).toBeUndefined();
    expect(reject.data!.postRejectWithdrawalRequests.requests[0]).toMatchObject({
      id: w.id,
      status: 'rejected',
      rejectCode: 'compliance',
      rejectReason: 'KYC',
    });
    const processing = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests WHERE status = 'processing'
       ORDER BY id LIMIT 1`.execute(t.database.db);
    const id = processing.rows[0]!.id;
    const fail = await t.gql<{ postFailWithdrawalRequests: { requests: Request[] } }>(
      `mutation ($ids: [ID!]!) { postFailWithdrawalRequests(ids: $ids, reason: "out of gas") {
        requests { ${REQUEST_FIELDS} } } }`,
      { ids: [id, '999999999'] },
      writer,
    );
    expect(fail.errors).toBeUndefined();
    // The unknown id has no request to answer.
    expect(fail.data!.postFailWithdrawalRequests.requests).toEqual([
      expect.objectContaining({ id, status: 'failed', failureReason: 'out of gas' }),
    ]);
  });
});
