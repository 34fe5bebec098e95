import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../test/admin-fixtures';
import type { GraphQLResponse, TestApp } from '../../../test/test-app';
import { startDemoApp } from '../../../test/demo-app';

/**
 * The approval flow through the GraphQL API on a fresh database (PGlite, or PostgreSQL with
 * DATABASE_URL): every allowed and refused action, two-person approval, stale revisions, one
 * audit row per change, and (PostgreSQL) 20 concurrent attempts yielding one change.
 */
let t: TestApp;
let writer: string;
let superAdmin: string;
let reader: string;

type Row = { id: string; status: string; revision: number; amount: string; coin_type: string };

async function row(id: string): Promise<Row> {
  const r = await sql<Row>`
    SELECT id::text AS id, status, revision, amount::text AS amount, coin_type
      FROM withdrawal_requests WHERE id = ${id}`.execute(t.database.db);
  return r.rows[0]!;
}

/** Requested requests of the demo population, below or above their coin's threshold. */
async function pick(size: 'small' | 'large', n = 1): Promise<Row[]> {
  const r = await sql<Row>`
    SELECT w.id::text AS id, w.status, w.revision, w.amount::text AS amount, w.coin_type
      FROM withdrawal_requests w
      JOIN withdrawal_approval_thresholds th ON th.coin_type = w.coin_type
     WHERE w.status = 'requested' AND w.kind <> 'payment_paid_value'
       AND NOT EXISTS (SELECT 1 FROM withdrawal_approvals a WHERE a.withdrawal_request_id = w.id)
       AND ${size === 'large' ? sql`w.amount > th.second_approval_above` : sql`w.amount <= th.second_approval_above`}
       AND w.id NOT IN (SELECT unnest(target_ids)::bigint FROM audit_log WHERE target_type = 'withdrawal_request')
     ORDER BY w.id LIMIT ${n}`.execute(t.database.db);
  expect(r.rows.length, `${n} ${size} requested requests`).toBe(n);
  return r.rows;
}

async function auditRows(id: string, operation: string): Promise<number> {
  const r = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM audit_log
     WHERE operation = ${operation} AND target_ids @> ARRAY[${id}]::text[]`.execute(t.database.db);
  return Number(r.rows[0]!.n);
}

const APPROVE = `mutation ($requests: [WithdrawalApprovalInput!]!) {
  postApproveWithdrawalRequests(requests: $requests) {
    changedCount refusedCount results { id outcome status revision reason message }
  }
}`;
const REJECT = `mutation ($ids: [ID!]!, $code: WithdrawalRejectCode!, $text: String!) {
  postRejectWithdrawalRequests(ids: $ids, reasonCode: $code, reasonText: $text) {
    changedCount refusedCount results { id outcome status reason }
  }
}`;
const FAIL = `mutation ($ids: [ID!]!, $reason: String!) {
  postFailWithdrawalRequests(ids: $ids, reason: $reason) { changedCount results { id outcome status } }
}`;

type Answer = {
  changedCount: number;
  refusedCount: number;
  results: Array<{
    id: string;
    outcome: string;
    status: string;
    revision: number;
    reason: string | null;
  }>;
};

async function approve(token: string, requests: Array<{ id: string; revision: number }>) {
  return (await t.gql(APPROVE, { requests }, token)) as GraphQLResponse<{
    postApproveWithdrawalRequests: Answer;
  }>;
}

async function setStatusDirectly(id: string, status: string, extra = sql``) {
  await sql`UPDATE withdrawal_requests SET status = ${status} ${extra} WHERE id = ${id}`.execute(
    t.database.db,
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

describe('approval', () => {
  it('the demo population has requested requests above and below the thresholds', async () => {
    await pick('small');
    await pick('large');
  });

  it('one write admin approves a small request; the audit row names them', async () => {
    const [w] = await pick('small');
    const result = await approve(writer, [{ id: w!.id, revision: w!.revision }]);
    expect(result.errors).toBeUndefined();
    const answer = result.data!.postApproveWithdrawalRequests;
    expect(answer).toMatchObject({ changedCount: 1, refusedCount: 0 });
    expect(answer.results[0]).toMatchObject({ id: w!.id, outcome: 'approved', status: 'approved' });
    expect((await row(w!.id)).status).toBe('approved');
    expect(await auditRows(w!.id, 'postApproveWithdrawalRequests')).toBe(1);
    const who = await sql<{ admin_user_name: string }>`
      SELECT admin_user_name FROM audit_log
       WHERE target_type = 'withdrawal_request' AND target_ids @> ARRAY[${w!.id}]::text[]`.execute(
      t.database.db,
    );
    expect(who.rows.map((r) => r.admin_user_name)).toEqual(['writer01']);
  });

  it('a large request needs two different admins, super admins included', async () => {
    const [w] = await pick('large');
    const first = await approve(superAdmin, [{ id: w!.id, revision: w!.revision }]);
    expect(first.errors).toBeUndefined();
    const r1 = first.data!.postApproveWithdrawalRequests.results[0]!;
    expect(r1).toMatchObject({ outcome: 'awaitingSecondApproval', status: 'requested' });
    expect(r1.revision).toBe(w!.revision + 1);

    // The same admin again (even at the current revision): refused, nothing changes.
    const again = await approve(superAdmin, [{ id: w!.id, revision: r1.revision }]);
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(again.errors?.[0]?.extensions).toMatchObject({
      reason: 'ALREADY_APPROVED_BY_YOU',
      params: { record: 'withdrawalRequest', id: w!.id, refusedCount: 1 },
    });
    expect((await row(w!.id)).revision).toBe(r1.revision);

    // The second admin at the old revision: stale.
    const stale = await approve(writer, [{ id: w!.id, revision: w!.revision }]);
    expect(stale.errors?.[0]?.extensions).toMatchObject({
      reason: 'STALE_REVISION',
      params: { record: 'withdrawalRequest', id: w!.id },
    });

    const second = await approve(writer, [{ id: w!.id, revision: r1.revision }]);
    expect(second.errors).toBeUndefined();
    expect(second.data!.postApproveWithdrawalRequests.results[0]).toMatchObject({
      outcome: 'approved',
      status: 'approved',
    });
    expect(await auditRows(w!.id, 'postApproveWithdrawalRequests')).toBe(2);
    const approvals = await sql<{ admin_user_name: string }>`
      SELECT admin_user_name FROM withdrawal_approvals WHERE withdrawal_request_id = ${w!.id} ORDER BY id`.execute(
      t.database.db,
    );
    expect(approvals.rows.map((a) => a.admin_user_name)).toEqual(['super01', 'writer01']);

    // The timeline reads each change back from the audit trail, with who and when.
    const timeline = await t.gql<{
      withdrawalRequestTimeline: Array<{
        operation: string;
        adminUserName: string | null;
        toStatus: string;
        approvals: number | null;
        requiredApprovals: number | null;
      }>;
    }>(
      `query { withdrawalRequestTimeline(id: "${w!.id}") { at operation adminUserName toStatus approvals requiredApprovals } }`,
      {},
      reader,
    );
    expect(timeline.errors).toBeUndefined();
    expect(
      timeline.data!.withdrawalRequestTimeline.map((e) => [
        e.operation,
        e.adminUserName,
        e.toStatus,
        e.approvals,
        e.requiredApprovals,
      ]),
    ).toEqual([
      ['requested', null, 'requested', null, null],
      ['postApproveWithdrawalRequests', 'super01', 'requested', 1, 2],
      ['postApproveWithdrawalRequests', 'writer01', 'approved', 2, 2],
    ]);
  });

  it('the approver comes from the session: the call has no approver argument', async () => {
    const [w] = await pick('small');
    const result = await t.gql(
      `mutation { postApproveWithdrawalRequests(requests: [{id: "${w!.id}", revision: ${w!.revision}}], adminUserId: 1) { changedCount } }`,
      {},
      writer,
    );
    expect(result.errors?.[0]?.message).toMatch(/Unknown argument "adminUserId"/);
    expect((await row(w!.id)).status).toBe('requested');
  });

  it('the database refuses approved without enough approvals, whoever updates', async () => {
    const [w] = await pick('large');
    await sql`INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_name, revision)
      VALUES (${w!.id}, 'someone', 1)`.execute(t.database.db);
    await expect(setStatusDirectly(w!.id, 'approved')).rejects.toThrow(/state_check/);
  });

  it('approves many in one call with a result per request', async () => {
    const [a, b] = await pick('small', 2);
    const done = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests WHERE status = 'completed' LIMIT 1`.execute(
      t.database.db,
    );
    const result = await approve(writer, [
      { id: a!.id, revision: a!.revision },
      { id: done.rows[0]!.id, revision: 1 },
      { id: b!.id, revision: b!.revision + 5 },
      { id: '999999999', revision: 1 },
    ]);
    expect(result.errors).toBeUndefined();
    const answer = result.data!.postApproveWithdrawalRequests;
    expect(answer).toMatchObject({ changedCount: 1, refusedCount: 3 });
    expect(answer.results.map((r) => (r.outcome === 'refused' ? r.reason : r.outcome))).toEqual([
      'approved',
      'ILLEGAL_TRANSITION',
      'STALE_REVISION',
      'NOT_FOUND',
    ]);
    expect((await row(b!.id)).status).toBe('requested');
  });
});

describe('reject and fail', () => {
  it('rejects requested, approved and processing requests with a code and text; never completed ones', async () => {
    const [a] = await pick('small');
    const approved = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests WHERE status = 'approved' ORDER BY id DESC LIMIT 1`.execute(
      t.database.db,
    );
    const processing = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests WHERE status = 'processing' ORDER BY id LIMIT 1`.execute(
      t.database.db,
    );
    const ids = [a!.id, approved.rows[0]!.id, processing.rows[0]!.id];
    const result = (await t.gql(
      REJECT,
      { ids, code: 'invalid_address', text: 'Address belongs to an exchange blacklist' },
      writer,
    )) as GraphQLResponse<{ postRejectWithdrawalRequests: Answer }>;
    expect(result.errors).toBeUndefined();
    expect(result.data!.postRejectWithdrawalRequests.changedCount).toBe(3);
    for (const id of ids) {
      expect((await row(id)).status).toBe('rejected');
      expect(await auditRows(id, 'postRejectWithdrawalRequests')).toBe(1);
    }
    const stored = await sql<{ reject_code: string; reject_reason: string }>`
      SELECT reject_code, reject_reason FROM withdrawal_requests WHERE id = ${a!.id}`.execute(
      t.database.db,
    );
    expect(stored.rows[0]).toEqual({
      reject_code: 'invalid_address',
      reject_reason: 'Address belongs to an exchange blacklist',
    });

    const completed = await sql<{ id: string; revision: number }>`
      SELECT id::text AS id, revision FROM withdrawal_requests WHERE status = 'completed' LIMIT 1`.execute(
      t.database.db,
    );
    const refused = await t.gql(
      REJECT,
      { ids: [completed.rows[0]!.id], code: 'other', text: 'x' },
      writer,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect((await row(completed.rows[0]!.id)).revision).toBe(completed.rows[0]!.revision);

    const empty = await t.gql(REJECT, { ids: [a!.id], code: 'other', text: '   ' }, writer);
    expect(empty.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('marks processing requests failed with a reason, and only those', async () => {
    const processing = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests WHERE status = 'processing' ORDER BY id DESC LIMIT 1`.execute(
      t.database.db,
    );
    const id = processing.rows[0]!.id;
    const result = await t.gql(FAIL, { ids: [id], reason: 'Nonce too low' }, writer);
    expect(result.errors).toBeUndefined();
    expect((await row(id)).status).toBe('failed');
    expect(await auditRows(id, 'postFailWithdrawalRequests')).toBe(1);
    const [requested] = await pick('small');
    const refused = await t.gql(FAIL, { ids: [requested!.id], reason: 'x' }, writer);
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'ILLEGAL_TRANSITION',
      params: { record: 'withdrawalRequest', id: requested!.id, from: 'requested' },
    });
    expect((await row(requested!.id)).status).toBe('requested');
    // A request that does not exist is a RECORD_NOT_FOUND like any other record's.
    const unknown = await t.gql(FAIL, { ids: ['999999999'], reason: 'x' }, writer);
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'RECORD_NOT_FOUND',
      params: { record: 'withdrawalRequest', id: '999999999' },
    });
  });

  it('the timeline answers typed steps: the reject code and text, the failure reason (no English note)', async () => {
    // A large one: the concurrency tests below take the last small ones.
    const [requested] = await pick('large');
    const processing = await sql<{ id: string; revision: number }>`
      SELECT id::text AS id, revision FROM withdrawal_requests WHERE status = 'processing' ORDER BY id LIMIT 1`.execute(
      t.database.db,
    );
    const failing = processing.rows[0]!;
    expect(
      (await t.gql(REJECT, { ids: [requested!.id], code: 'compliance', text: 'KYC' }, writer))
        .errors,
    ).toBeUndefined();
    expect(
      (await t.gql(FAIL, { ids: [failing.id], reason: 'Gas too low' }, writer)).errors,
    ).toBeUndefined();
    // The stored summary keeps its shape (the chain's rows are read back as they were written).
    const summary = await sql<{ summary: unknown }>`
      SELECT summary FROM audit_log WHERE ${requested!.id} = ANY(target_ids)
        AND operation = 'postRejectWithdrawalRequests'`.execute(t.database.db);
    expect(
      summary.rows.map((r) => (typeof r.summary === 'string' ? JSON.parse(r.summary) : r.summary)),
    ).toEqual([
      {
        before: { status: 'requested', revision: requested!.revision },
        after: {
          status: 'rejected',
          revision: requested!.revision + 1,
          rejectCode: 'compliance',
          rejectReason: 'KYC',
        },
      },
    ]);
    const STEPS = `query ($id: ID!) { withdrawalRequestTimeline(id: $id) {
      operation fromStatus toStatus approvals rejectCode rejectReason failureReason transactionHash exportBatchId } }`;
    type Steps = { withdrawalRequestTimeline: Array<Record<string, unknown>> };
    const rejected = await t.gql<Steps>(STEPS, { id: requested!.id }, reader);
    expect(rejected.errors).toBeUndefined();
    expect(rejected.data!.withdrawalRequestTimeline.at(-1)).toEqual({
      operation: 'postRejectWithdrawalRequests',
      fromStatus: 'requested',
      toStatus: 'rejected',
      approvals: null,
      rejectCode: 'compliance',
      rejectReason: 'KYC',
      failureReason: null,
      transactionHash: null,
      exportBatchId: null,
    });
    const failed = await t.gql<Steps>(STEPS, { id: failing.id }, reader);
    expect(failed.data!.withdrawalRequestTimeline.at(-1)).toMatchObject({
      operation: 'postFailWithdrawalRequests',
      fromStatus: 'processing',
      toStatus: 'failed',
      rejectCode: null,
      failureReason: 'Gas too low',
    });
  });

  it('the read role is refused on every action and nothing changes', async () => {
    const [w] = await pick('small');
    for (const [query, variables] of [
      [APPROVE, { requests: [{ id: w!.id, revision: w!.revision }] }],
      [REJECT, { ids: [w!.id], code: 'other', text: 'x' }],
      [FAIL, { ids: [w!.id], reason: 'x' }],
    ] as const) {
      const result = await t.gql(query, variables, reader);
      expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect(await row(w!.id)).toEqual(w);
  });
});

describe('concurrency', () => {
  it('20 concurrent approvals of one request: one change, one audit row', async () => {
    const [w] = await pick('small');
    const tokens = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        issueToken(t.database, i % 2 === 0 ? 'writer@example.com' : 'super@example.com'),
      ),
    );
    const results = await Promise.all(
      tokens.map((token) => approve(token, [{ id: w!.id, revision: w!.revision }])),
    );
    const ok = results.filter((r) => !r.errors);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.errors))
      expect(r.errors?.[0]?.extensions?.code).toMatch(/CONFLICT|TRY_AGAIN/);
    expect((await row(w!.id)).status).toBe('approved');
    expect(await auditRows(w!.id, 'postApproveWithdrawalRequests')).toBe(1);
  });

  it('20 concurrent rejections of one request: one change, one audit row', async () => {
    const [w] = await pick('small');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.gql(REJECT, { ids: [w!.id], code: 'duplicate_request', text: 'twice' }, writer),
      ),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(await auditRows(w!.id, 'postRejectWithdrawalRequests')).toBe(1);
  });
});
