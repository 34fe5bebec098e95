import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { ACCESS_TOKEN_HEADER } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../test/admin-fixtures';
import type { TestApp } from '../../../test/test-app';
import { startDemoApp } from '../../../test/demo-app';

/** Signing exports: approved -> processing with a batch, layouts, never twice, concurrency. */
let t: TestApp;
let writer: string;
let reader: string;

/** Approves requested requests of a kind directly (the approval flow has its own tests). */
async function approveDirectly(kind: string, n: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    SELECT id::text AS id FROM withdrawal_requests
     WHERE kind = ${kind} AND status = 'requested' ORDER BY id LIMIT ${n}`.execute(t.database.db);
  for (const { id } of rows.rows) {
    await sql`INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_name, revision) VALUES (${id}, 'a1', 1)`.execute(
      t.database.db,
    );
    await sql`INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_name, revision) VALUES (${id}, 'a2', 1)`.execute(
      t.database.db,
    );
    await sql`UPDATE withdrawal_requests SET status = 'approved' WHERE id = ${id}`.execute(
      t.database.db,
    );
  }
  expect(rows.rows.length, `${n} requested ${kind} requests`).toBe(n);
  return rows.rows.map((r) => r.id);
}

async function approvedIds(kind: string): Promise<string[]> {
  const r = await sql<{ id: string }>`
    SELECT id::text AS id FROM withdrawal_requests WHERE kind = ${kind} AND status = 'approved' ORDER BY withdrawal_requests.id`.execute(
    t.database.db,
  );
  return r.rows.map((x) => x.id);
}

type Exported = {
  url: string;
  fileName: string;
  batch: {
    id: string;
    requestCount: number;
    fileSha256: string;
    layout: string;
    adminUserName: string;
  };
};

async function exportCall(call: string, token: string, args = '') {
  return t.gql<Record<string, Exported>>(
    `query { ${call}${args} { url fileName batch { id requestCount fileSha256 layout adminUserName } } }`,
    {},
    token,
  );
}

async function batchBytes(id: string): Promise<Buffer> {
  const r = await sql<{
    content: Uint8Array;
  }>`SELECT content FROM withdrawal_export_batches WHERE id = ${id}`.execute(t.database.db);
  return Buffer.from(r.rows[0]!.content);
}

async function batchContent(id: string): Promise<string> {
  return (await batchBytes(id)).toString('utf8');
}

beforeAll(async () => {
  ({
    t,
    tokens: { writer, reader },
  } = await startDemoApp({ users: 400, seed: 3 }));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('signing exports', () => {
  it('V1 exports exactly the approved requests of the kind, marks them processing, records the batch', async () => {
    await approveDirectly('saving', 3);
    const approved = await approvedIds('saving');
    const others = await sql<{ id: string; status: string }>`
      SELECT id::text AS id, status FROM withdrawal_requests WHERE kind <> 'saving' OR status <> 'approved' ORDER BY withdrawal_requests.id`.execute(
      t.database.db,
    );
    const result = await exportCall('savingWithdrawalsCsv', writer);
    expect(result.errors).toBeUndefined();
    const exported = result.data!.savingWithdrawalsCsv!;
    expect(exported.batch).toMatchObject({
      requestCount: approved.length,
      layout: 'v1',
      adminUserName: 'writer01',
    });
    const marked = await sql<{ id: string; status: string }>`
      SELECT id::text AS id, status FROM withdrawal_requests WHERE export_batch_id = ${exported.batch.id} ORDER BY withdrawal_requests.id`.execute(
      t.database.db,
    );
    expect(marked.rows.map((r) => r.id)).toEqual(approved);
    expect(marked.rows.every((r) => r.status === 'processing')).toBe(true);
    // Nothing else changed.
    const after = await sql<{ id: string; status: string }>`
      SELECT id::text AS id, status FROM withdrawal_requests WHERE id = ANY(${others.rows.map((r) => r.id)}::bigint[]) ORDER BY withdrawal_requests.id`.execute(
      t.database.db,
    );
    expect(after.rows).toEqual(others.rows);

    const bytes = await batchBytes(exported.batch.id);
    // Excel opens it as UTF-8: the file starts with a byte order mark.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(exported.batch.fileSha256);
    const content = bytes.toString('utf8');
    const lines = content
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,kind,userName,email,coinType,requestedAmount,fee,netAmount,receiverAddress,ethNetAmount,ethReceiverAddress,requestedAt,approvedAt',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(approved);
    // requestedAt and approvedAt in the business time zone with its offset (issue 26).
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      expect(cells[11]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?\+09:00$/);
      // Every request taken shows when it was approved, the seeded ones too (issue 35).
      expect(cells[12]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?\+09:00$/);
    }
    // And so does the list of the requests it took (processing, each naming its batch).
    const listed = await t.gql<{
      savingWithdrawals: {
        list: { id: string; exportBatchId: string | null; approvedAt: string | null }[];
      };
    }>(
      `query { savingWithdrawals(input: { searchParams: { status: processing }, pagination: { limit: 500 } }) { list { id exportBatchId approvedAt } } }`,
      {},
      writer,
    );
    expect(listed.errors).toBeUndefined();
    const rowsListed = listed.data!.savingWithdrawals.list.filter(
      (r) => r.exportBatchId === exported.batch.id,
    );
    expect(rowsListed.map((r) => r.id).sort()).toEqual([...approved].sort());
    expect(rowsListed.filter((r) => r.approvedAt === null)).toEqual([]);

    // One audit row per request, naming the batch.
    for (const id of approved) {
      const rows = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM audit_log WHERE operation = 'withdrawalExport'
          AND target_type = 'withdrawal_request' AND target_ids @> ARRAY[${id}]::text[]`.execute(
        t.database.db,
      );
      expect(rows.rows[0]!.n).toBe(1);
    }

    // Never silently re-exported: nothing approved is left, so a second export refuses.
    const again = await exportCall('savingWithdrawalsCsv', writer);
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const batches = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM withdrawal_export_batches`.execute(t.database.db);
    expect(batches.rows[0]!.n).toBe(1);

    // The link downloads exactly the bytes recorded with the batch (through the export engine).
    const download = await fetch(`${t.baseUrl}${exported.url}`, {
      headers: { [ACCESS_TOKEN_HEADER]: writer },
    });
    expect(download.status).toBe(200);
    const downloaded = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(downloaded).digest('hex')).toBe(exported.batch.fileSha256);
    const anonymous = await fetch(`${t.baseUrl}${exported.url}`);
    expect(anonymous.status).toBe(401);

    // The same file again, from the batch.
    const redo = await t.gql<{ withdrawalExportBatchCsv: Exported }>(
      `query { withdrawalExportBatchCsv(batchId: "${exported.batch.id}") { fileName batch { fileSha256 } } }`,
      {},
      writer,
    );
    expect(redo.data?.withdrawalExportBatchCsv.batch.fileSha256).toBe(exported.batch.fileSha256);
  });

  it('V2 pays a principal withdrawal that sends both coins on two rows (HEC and ETH)', async () => {
    // approveDirectly's pick (it orders by the id as text) made to send both coins; one
    // sending a single coin has a single row (withdrawal-principal-transfers.test.ts).
    await sql`UPDATE withdrawal_requests
                 SET amount = 10, fee = 0.1, net_amount = 9.9, hec_principal = 10, hec_reward = 0,
                     hec_fee = 0.1, eth_principal = 0.5, eth_reward = 0.025, eth_fee = 0.005
               WHERE id = (SELECT id FROM withdrawal_requests
                            WHERE kind = 'payment_paid_value' AND status = 'requested'
                            ORDER BY id::text LIMIT 1)`.execute(t.database.db);
    const [id] = await approveDirectly('payment_paid_value', 1);
    const result = await exportCall('paymentPaidValueWithdrawalsCsvV2', writer);
    expect(result.errors).toBeUndefined();
    const batch = result.data!.paymentPaidValueWithdrawalsCsvV2!.batch;
    const content = await batchContent(batch.id);
    const lines = content
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('requestId,coin,toAddress,amount,reference');
    const expected = await sql<{ hec: string; eth: string; to: string; eth_to: string }>`
      SELECT net_amount::text AS hec, (eth_principal + eth_reward - eth_fee)::text AS eth,
             receiver_address AS to, eth_receiver_address AS eth_to
        FROM withdrawal_requests WHERE id = ${id}`.execute(t.database.db);
    const e = expected.rows[0]!;
    expect(lines.slice(1).filter((l) => l.startsWith(`${id},`))).toEqual([
      `${id},HEC,${e.to},${e.hec},withdrawal-${id}`,
      `${id},ETH,${e.eth_to},${e.eth},withdrawal-${id}-eth`,
    ]);
  });

  it('exports by requested-at window only the requests inside it', async () => {
    // Only our two approved requests of the kind, so the window alone decides.
    await sql`UPDATE withdrawal_requests SET status = 'rejected', reject_reason = 'test'
      WHERE kind = 'affiliate_saving' AND status = 'approved'`.execute(t.database.db);
    const ids = await approveDirectly('affiliate_saving', 2);
    const times = await sql<{ id: string; requested_at: Date }>`
      SELECT id::text AS id, requested_at FROM withdrawal_requests WHERE id = ANY(${ids}::bigint[]) ORDER BY requested_at, id`.execute(
      t.database.db,
    );
    const [early, late] = times.rows;
    const from = new Date(late!.requested_at.getTime()).toISOString();
    const result = await exportCall(
      'affiliateSavingWithdrawalRequestsCsv',
      writer,
      `(requestedAtFrom: "${from}")`,
    );
    expect(result.errors).toBeUndefined();
    const batch = result.data!.affiliateSavingWithdrawalRequestsCsv!.batch;
    const marked = await sql<{ id: string }>`
      SELECT id::text AS id FROM withdrawal_requests WHERE export_batch_id = ${batch.id}`.execute(
      t.database.db,
    );
    expect(marked.rows.map((r) => r.id)).toEqual([late!.id]);
    expect(await approvedIds('affiliate_saving')).toEqual([early!.id]);
  });

  it('the read role cannot export', async () => {
    await approveDirectly('atem', 1);
    const result = await exportCall('affiliateSavingAtemWithdrawalRequestsCsv', reader);
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await approvedIds('atem')).length).toBeGreaterThan(0);
  });

  it('20 concurrent exports of the same request: one batch, one state change, one audit row', async () => {
    const [id] = await approveDirectly('saving', 1);
    await sql`UPDATE withdrawal_requests SET status = 'rejected', reject_reason = 'x'
      WHERE kind = 'saving' AND status = 'approved' AND id <> ${id!}`.execute(t.database.db);
    const tokens = await Promise.all(
      Array.from({ length: 20 }, () => issueToken(t.database, 'writer@example.com')),
    );
    const results = await Promise.all(
      tokens.map((token) => exportCall('savingWithdrawalsCsvV2', token)),
    );
    expect(
      results.filter((r) => !r.errors),
      JSON.stringify(results[0]?.errors),
    ).toHaveLength(1);
    for (const r of results.filter((x) => x.errors))
      expect(r.errors?.[0]?.extensions?.code).toMatch(/CONFLICT|TRY_AGAIN/);
    const batches = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM withdrawal_export_batches WHERE kind = 'saving' AND layout = 'v2'`.execute(
      t.database.db,
    );
    expect(batches.rows[0]!.n).toBe(1);
    const audits = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM audit_log WHERE operation = 'withdrawalExport'
        AND target_ids @> ARRAY[${id!}]::text[]`.execute(t.database.db);
    expect(audits.rows[0]!.n).toBe(1);
  });
});
