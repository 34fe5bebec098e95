import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { ACCESS_TOKEN_HEADER, fileNameStamp } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { startDemoApp } from '../../../test/demo-app';

/**
 * Issue 24, "Withdrawal exports for signing": an export takes exactly the approved requests
 * of the screen's filters (count confirmed, a changed set refused), re-checks approvals,
 * every batch downloads again byte for byte in V1 or V2, and a query that changes state runs
 * only over POST and alone.
 */
let t: TestApp;
let writer: string;
let superAdmin: string;

beforeAll(async () => {
  ({
    t,
    tokens: { writer, superAdmin },
  } = await startDemoApp({ users: 1000, seed: 5 }));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

/** Rejects every approved request of the kind, so a test's own approvals alone decide. */
async function clearApproved(kind: string): Promise<void> {
  await sql`UPDATE withdrawal_requests SET status = 'rejected', reject_reason = 'test'
    WHERE kind = ${kind} AND status = 'approved'`.execute(db());
}

/** Approves requests directly with `approvers` distinct approvals each (the flow has its own tests). */
async function approve(ids: readonly string[], approvers = 2): Promise<void> {
  for (const id of ids) {
    for (let n = 1; n <= approvers; n++)
      await sql`INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_name, revision)
        VALUES (${id}, ${`approver-${n}`}, 1)`.execute(db());
    await sql`UPDATE withdrawal_requests SET status = 'approved' WHERE id = ${id}`.execute(db());
  }
}

/** Requested requests of a kind (at most `maxAmount` when given), oldest first. */
async function requested(
  kind: string,
  n: number,
  maxAmount?: string,
): Promise<Array<{ id: string; requestedAt: Date }>> {
  const r = await sql<{ id: string; requestedAt: Date }>`
    SELECT id::text AS id, requested_at AS "requestedAt" FROM withdrawal_requests
     WHERE kind = ${kind} AND status = 'requested'
       AND (${maxAmount ?? null}::numeric IS NULL OR amount <= ${maxAmount ?? null}::numeric)
     ORDER BY requested_at, id LIMIT ${n}`.execute(db());
  expect(r.rows.length, `${n} requested ${kind} requests`).toBe(n);
  return r.rows;
}

/** The statuses of the requests, in the order given. */
async function statusOf(ids: readonly string[]): Promise<string[]> {
  const r = await sql<{ id: string; status: string }>`
    SELECT id::text AS id, status FROM withdrawal_requests WHERE id = ANY(${ids}::bigint[])`.execute(
    db(),
  );
  const byId = new Map(r.rows.map((x) => [x.id, x.status]));
  return ids.map((id) => byId.get(id) ?? 'missing');
}

async function batchCount(): Promise<number> {
  const r = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM withdrawal_export_batches`.execute(db());
  return r.rows[0]!.n;
}

type Preview = {
  count: number;
  totals: Array<{ coin: string; transfers: number; amount: string }>;
  underApprovedIds: string[];
};

async function preview(kind: string, searchParams: Record<string, unknown>) {
  return t.gql<{ withdrawalSigningExportPreview: Preview }>(
    `query ($kind: WithdrawalKind!, $p: WithdrawalSearchParams) {
      withdrawalSigningExportPreview(kind: $kind, searchParams: $p) {
        count totals { coin transfers amount } underApprovedIds } }`,
    { kind, p: searchParams },
    writer,
  );
}

type Exported = {
  url: string;
  fileName: string;
  batch: {
    id: string;
    createdAt: string;
    requestCount: number;
    fileSha256: string;
    fileName: string;
    totals: Array<{ coin: string; transfers: number; amount: string }>;
    files: Array<{ layout: string; fileName: string; fileSha256: string }>;
  };
};

const EXPORTED = `url fileName batch { id createdAt requestCount fileSha256 fileName
  totals { coin transfers amount } files { layout fileName fileSha256 } }`;

async function exportMutation(
  args: {
    kind: string;
    layout?: 'v1' | 'v2';
    searchParams: Record<string, unknown>;
    expectedCount: number;
    clientKey?: string;
  },
  token = writer,
) {
  return t.gql<{ postWithdrawalSigningExport: Exported }>(
    `mutation ($kind: WithdrawalKind!, $layout: WithdrawalSigningLayout!, $p: WithdrawalSearchParams,
               $n: Int!, $key: String!) {
      postWithdrawalSigningExport(kind: $kind, layout: $layout, searchParams: $p,
        expectedCount: $n, clientKey: $key) { ${EXPORTED} } }`,
    {
      kind: args.kind,
      layout: args.layout ?? 'v1',
      p: args.searchParams,
      n: args.expectedCount,
      key: args.clientKey ?? `key-${Math.random().toString(36).slice(2)}-${Date.now()}`,
    },
    token,
  );
}

async function download(url: string, token = writer) {
  const response = await fetch(`${t.baseUrl}${url}`, {
    headers: { [ACCESS_TOKEN_HEADER]: token },
  });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const disposition = response.headers.get('content-disposition') ?? '';
  return {
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fileName: /filename="([^"]+)"/.exec(disposition)?.[1],
  };
}

describe('an export takes exactly the approved requests of the screen’s filters', () => {
  it('by requested-at range (and the other filters): preview count and totals, then exactly those', async () => {
    await clearApproved('saving');
    const rows = await requested('saving', 6);
    await approve(rows.map((r) => r.id));
    // The screen's 申請日（から）: the last three only.
    const from = rows[3]!.requestedAt.toISOString();
    const inside = rows.slice(3).map((r) => r.id);
    const outside = rows.slice(0, 3).map((r) => r.id);

    const seen = await preview('saving', { requestedAtFrom: from });
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.withdrawalSigningExportPreview.count).toBe(3);
    expect(seen.data!.withdrawalSigningExportPreview.underApprovedIds).toEqual([]);
    const expectedTotals = await sql<{ coin: string; amount: string }>`
      SELECT coin_type AS coin, sum(net_amount)::text AS amount FROM withdrawal_requests
       WHERE id = ANY(${inside}::bigint[]) GROUP BY coin_type ORDER BY coin_type`.execute(db());
    expect(
      seen.data!.withdrawalSigningExportPreview.totals.map((x) => ({
        coin: x.coin,
        amount: x.amount,
      })),
    ).toEqual(expectedTotals.rows);

    const exported = await exportMutation({
      kind: 'saving',
      searchParams: { requestedAtFrom: from },
      expectedCount: 3,
    });
    expect(exported.errors).toBeUndefined();
    const batch = exported.data!.postWithdrawalSigningExport.batch;
    expect(batch.requestCount).toBe(3);
    expect(batch.totals).toEqual(seen.data!.withdrawalSigningExportPreview.totals);
    const taken = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests WHERE export_batch_id = ${batch.id} ORDER BY id`.execute(
      db(),
    );
    expect(taken.rows.map((r) => r.id).sort()).toEqual([...inside].sort());
    expect(await statusOf(inside)).toEqual(['processing', 'processing', 'processing']);
    expect(await statusOf(outside)).toEqual(['approved', 'approved', 'approved']);
    // The file holds exactly those requests.
    const file = await download(exported.data!.postWithdrawalSigningExport.url);
    const ids = file.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(ids.sort()).toEqual([...inside].sort());

    // Another filter the screen shows (the user name) narrows it the same way.
    const user = await sql<{ user_name: string; n: number }>`
      SELECT u.user_name, count(*)::int AS n FROM withdrawal_requests w JOIN end_users u ON u.id = w.end_user_id
       WHERE w.id = ANY(${outside}::bigint[]) GROUP BY u.user_name ORDER BY u.user_name LIMIT 1`.execute(
      db(),
    );
    const { user_name: userName, n } = user.rows[0]!;
    const byUser = await exportMutation({
      kind: 'saving',
      searchParams: { userName },
      expectedCount: n,
    });
    expect(byUser.errors).toBeUndefined();
    expect(byUser.data!.postWithdrawalSigningExport.batch.requestCount).toBe(n);
    expect((await statusOf(outside)).filter((s) => s === 'approved')).toHaveLength(3 - n);
  });

  it('the spec query takes the same filters (searchParams, or its requestedAt window)', async () => {
    await clearApproved('affiliate_saving');
    const rows = await requested('affiliate_saving', 3);
    await approve(rows.map((r) => r.id));
    const from = rows[2]!.requestedAt.toISOString();
    const result = await t.gql<{ affiliateSavingWithdrawalRequestsCsv: Exported }>(
      `query { affiliateSavingWithdrawalRequestsCsv(searchParams: { requestedAtFrom: "${from}" }, expectedCount: 1) { ${EXPORTED} } }`,
      {},
      writer,
    );
    expect(result.errors).toBeUndefined();
    expect(await statusOf(rows.map((r) => r.id))).toEqual(
      rows.map((r, i) => (i === 2 ? 'processing' : 'approved')),
    );
  });

  it('a changed set is refused (LIST_CHANGED) and nothing moves', async () => {
    await clearApproved('saving');
    const rows = await requested('saving', 3);
    await approve(rows.slice(0, 2).map((r) => r.id));
    const seen = await preview('saving', {});
    expect(seen.data!.withdrawalSigningExportPreview.count).toBe(2);
    // Another admin approves one more after the operator looked.
    await approve([rows[2]!.id]);
    const before = await batchCount();
    const result = await exportMutation({
      kind: 'saving',
      searchParams: {},
      expectedCount: 2,
    });
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'LIST_CHANGED',
      expectedCount: 2,
      matchingCount: 3,
    });
    expect(await statusOf(rows.map((r) => r.id))).toEqual(['approved', 'approved', 'approved']);
    expect(await batchCount()).toBe(before);
  });

  it('a status tab other than approved shows no approved request: the export takes none', async () => {
    const seen = await preview('referral_reward', { status: 'requested' });
    expect(seen.data!.withdrawalSigningExportPreview).toEqual({
      count: 0,
      totals: [],
      underApprovedIds: [],
    });
    const result = await exportMutation({
      kind: 'referral_reward',
      searchParams: { status: 'requested' },
      expectedCount: 3,
    });
    expect(result.errors?.[0]?.extensions?.reason).toBe('LIST_CHANGED');
  });
});

describe('an export re-checks the approvals of every request it takes', () => {
  it('a request whose approval no longer meets its coin’s threshold refuses the export', async () => {
    await clearApproved('saving');
    const rows = await requested('saving', 2, '10000');
    // Approved by one admin while the threshold asked for one.
    await approve(
      rows.map((r) => r.id),
      1,
    );
    // The threshold is lowered (directly): every HEC request now needs two approvers.
    await sql`UPDATE withdrawal_approval_thresholds SET second_approval_above = 0 WHERE coin_type = 'HEC'`.execute(
      db(),
    );
    try {
      const seen = await preview('saving', {});
      expect(seen.data!.withdrawalSigningExportPreview.underApprovedIds.sort()).toEqual(
        rows.map((r) => r.id).sort(),
      );
      const before = await batchCount();
      const result = await exportMutation({
        kind: 'saving',
        searchParams: {},
        expectedCount: 2,
      });
      expect(result.errors?.[0]?.extensions).toMatchObject({
        code: 'CONFLICT',
        reason: 'APPROVALS_MISSING',
      });
      expect(await statusOf(rows.map((r) => r.id))).toEqual(['approved', 'approved']);
      expect(await batchCount()).toBe(before);
      // The spec query re-checks the same way.
      const query = await t.gql(`query { savingWithdrawalsCsv { url } }`, {}, writer);
      expect(query.errors?.[0]?.extensions?.reason).toBe('APPROVALS_MISSING');
      // A second admin's approval makes them sufficient again.
      for (const r of rows)
        await sql`INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_name, revision)
          VALUES (${r.id}, 'approver-2', 1)`.execute(db());
      const again = await exportMutation({
        kind: 'saving',
        searchParams: {},
        expectedCount: 2,
      });
      expect(again.errors).toBeUndefined();
    } finally {
      // Raising a threshold takes a raise confirmed by a second admin in the same transaction
      // (migration 0121's trigger), so the restore records one.
      await db()
        .transaction()
        .execute(async (trx) => {
          await sql`INSERT INTO withdrawal_threshold_changes (coin_type, from_value, to_value, status,
              proposed_by_admin_user_id, proposed_by_admin_user_name,
              decided_by_admin_user_id, decided_by_admin_user_name, decided_at)
            SELECT 'HEC', 0, 10000, 'confirmed', a.id, a.user_name, b.id, b.user_name, now()
              FROM admin_users a, admin_users b
             WHERE a.user_name = 'super01' AND b.user_name = 'writer01'`.execute(trx);
          await sql`UPDATE withdrawal_approval_thresholds SET second_approval_above = 10000 WHERE coin_type = 'HEC'`.execute(
            trx,
          );
        });
    }
  });
});

describe('every batch downloads again, byte for byte, in V1 or V2', () => {
  it('the same bytes as the stored hash and the first download, under the name the answer gave', async () => {
    await clearApproved('payment_paid_value');
    const rows = await requested('payment_paid_value', 2);
    await approve(rows.map((r) => r.id));
    const exported = await exportMutation({
      kind: 'payment_paid_value',
      layout: 'v2',
      searchParams: {},
      expectedCount: 2,
    });
    expect(exported.errors).toBeUndefined();
    const answer = exported.data!.postWithdrawalSigningExport;
    // The name is stamped in the business time zone (BUSINESS_TIME_ZONE, default Asia/Tokyo).
    expect(answer.fileName).toBe(
      `paymentPaidValueWithdrawalsCsvV2_batch${answer.batch.id}_${fileNameStamp(new Date(answer.batch.createdAt), 'Asia/Tokyo')}.csv`,
    );
    const first = await download(answer.url);
    expect(first.fileName).toBe(answer.fileName);
    expect(first.sha256).toBe(answer.batch.fileSha256);
    // Principal withdrawals: a transfer per coin a request sends (never one of 0), totals per
    // coin (docs/domain.md, "What a principal withdrawal pays").
    const sends = await sql<{ eth: number; hec: number }>`
      SELECT count(*) FILTER (WHERE eth_principal + eth_reward - eth_fee > 0)::int AS eth,
             count(*) FILTER (WHERE net_amount > 0)::int AS hec
        FROM withdrawal_requests WHERE id = ANY(${rows.map((r) => r.id)}::bigint[])`.execute(db());
    const { eth, hec } = sends.rows[0]!;
    expect(eth + hec).toBeGreaterThanOrEqual(2);
    expect(answer.batch.totals.map((x) => [x.coin, x.transfers])).toEqual(
      [
        ['ETH', eth],
        ['HEC', hec],
      ].filter(([, n]) => Number(n) > 0),
    );

    // What the file was written from changes afterwards: the kept bytes do not.
    const users = await sql<{ id: number }>`
      SELECT end_user_id AS id FROM withdrawal_requests WHERE id = ${rows[0]!.id}`.execute(db());
    await sql`UPDATE end_users SET email = 'changed-after-export@example.com' WHERE id = ${users.rows[0]!.id}`.execute(
      db(),
    );

    const listed = await t.gql<{
      withdrawalExportBatches: {
        list: Array<{
          id: string;
          adminUserName: string;
          requestCount: number;
          fileSha256: string;
          totals: Array<{ coin: string; amount: string }>;
          files: Array<{ layout: string; fileSha256: string; fileName: string }>;
        }>;
      };
    }>(
      `query { withdrawalExportBatches(kind: payment_paid_value) { list { id adminUserName requestCount fileSha256 totals { coin amount } files { layout fileSha256 fileName } } } }`,
      {},
      writer,
    );
    expect(listed.errors).toBeUndefined();
    const batch = listed.data!.withdrawalExportBatches.list.find((b) => b.id === answer.batch.id)!;
    expect(batch).toMatchObject({ adminUserName: 'writer01', requestCount: 2 });
    expect(batch.files.map((f) => f.layout)).toEqual(['v1', 'v2']);

    for (const layout of ['v1', 'v2'] as const) {
      const file = batch.files.find((f) => f.layout === layout)!;
      const hashes: string[] = [];
      for (let i = 0; i < 2; i++) {
        // Another admin downloads it again too.
        const token = i === 0 ? writer : superAdmin;
        const again = await t.gql<{ withdrawalExportBatchCsv: Exported }>(
          `query { withdrawalExportBatchCsv(batchId: "${batch.id}", layout: ${layout}) { url fileName } }`,
          {},
          token,
        );
        expect(again.errors).toBeUndefined();
        const got = await download(again.data!.withdrawalExportBatchCsv.url, token);
        expect(got.fileName).toBe(file.fileName);
        expect(again.data!.withdrawalExportBatchCsv.fileName).toBe(file.fileName);
        hashes.push(got.sha256);
      }
      expect(hashes).toEqual([file.fileSha256, file.fileSha256]);
    }
    // The layout exported is the first download's bytes.
    expect(batch.files.find((f) => f.layout === 'v2')!.fileSha256).toBe(first.sha256);
  });
});

describe('a query that changes state', () => {
  it('is refused over GET: nothing moves', async () => {
    await clearApproved('proportional_bonus');
    const rows = await requested('proportional_bonus', 1);
    await approve(rows.map((r) => r.id));
    const before = await batchCount();
    const url = new URL(`${t.baseUrl}/graphql-admin`);
    url.searchParams.set('query', '{ proportionalBonusWithdrawalsCsv { url } }');
    const response = await fetch(url, {
      headers: {
        accept: 'application/graphql-response+json',
        'x-graphql-yoga-csrf': '1',
        [ACCESS_TOKEN_HEADER]: writer,
      },
    });
    expect(response.status).toBe(405);
    const body = (await response.json()) as {
      errors: Array<{ extensions: Record<string, unknown> }>;
    };
    expect(body.errors[0]?.extensions.reason).toBe('STATE_CHANGING_QUERY');
    expect(await statusOf(rows.map((r) => r.id))).toEqual(['approved']);
    expect(await batchCount()).toBe(before);
  });

  it('is refused beside any other root field (also through a fragment): nothing moves', async () => {
    const rows = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests WHERE kind = 'proportional_bonus' AND status = 'approved'`.execute(
      db(),
    );
    expect(rows.rows).toHaveLength(1);
    const before = await batchCount();
    for (const query of [
      '{ proportionalBonusWithdrawalsCsv { url } adminUser { id } }',
      '{ proportionalBonusWithdrawalsCsv { url } __typename }',
      'query { ...F adminUser { id } } fragment F on Query { proportionalBonusWithdrawalsCsv { url } }',
      '{ a: withdrawalSigningCsv(kind: proportional_bonus, layout: v1) { url } b: withdrawalSigningCsv(kind: proportional_bonus, layout: v2) { url } }',
    ]) {
      const result = await t.gql(query, {}, writer);
      // Two marked fields are two changes (issue 33): the one-change rule names it.
      expect(result.errors?.[0]?.extensions?.reason, query).toBe(
        query.includes(' b: ') ? 'ONE_STATE_CHANGE_PER_REQUEST' : 'STATE_CHANGING_QUERY',
      );
      expect(result.data ?? null).toBeNull();
    }
    expect(await statusOf(rows.rows.map((r) => r.id))).toEqual(['approved']);
    expect(await batchCount()).toBe(before);
    // Alone, over POST: it runs.
    const alone = await t.gql('{ proportionalBonusWithdrawalsCsv { url } }', {}, writer);
    expect(alone.errors).toBeUndefined();
    expect(await statusOf(rows.rows.map((r) => r.id))).toEqual(['processing']);
  });
});

describe('a retried export never exports twice', () => {
  it('the same client key answers the first batch, even when an equal count matches again', async () => {
    await clearApproved('saving');
    const rows = await requested('saving', 2);
    await approve([rows[0]!.id]);
    const clientKey = 'retry-key-0123456789abcdef';
    const first = await exportMutation({
      kind: 'saving',
      searchParams: {},
      expectedCount: 1,
      clientKey,
    });
    expect(first.errors).toBeUndefined();
    // Meanwhile one more request is approved: the same filter matches one request again.
    await approve([rows[1]!.id]);
    const before = await batchCount();
    const retry = await exportMutation({
      kind: 'saving',
      searchParams: {},
      expectedCount: 1,
      clientKey,
    });
    expect(retry.errors).toBeUndefined();
    expect(retry.data!.postWithdrawalSigningExport.batch.id).toBe(
      first.data!.postWithdrawalSigningExport.batch.id,
    );
    expect(await batchCount()).toBe(before);
    expect(await statusOf(rows.map((r) => r.id))).toEqual(['processing', 'approved']);
    // The same key for another export is refused.
    const other = await exportMutation({
      kind: 'saving',
      layout: 'v2',
      searchParams: {},
      expectedCount: 1,
      clientKey,
    });
    expect(other.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await statusOf(rows.map((r) => r.id))).toEqual(['processing', 'approved']);
  });

  it('concurrent retries with one key: one batch, one state change', async () => {
    await clearApproved('saving');
    const [row] = await requested('saving', 1);
    await approve([row!.id]);
    const clientKey = 'concurrent-key-0123456789';
    const before = await batchCount();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        exportMutation({ kind: 'saving', searchParams: {}, expectedCount: 1, clientKey }),
      ),
    );
    for (const r of results) expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    expect(new Set(results.map((r) => r.data!.postWithdrawalSigningExport.batch.id)).size).toBe(1);
    expect(await batchCount()).toBe(before + 1);
  });
});
