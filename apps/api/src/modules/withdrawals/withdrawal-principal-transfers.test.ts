import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, GRAPHQL_PATH } from '@app/shared';
import type { TestApp } from '../../../test/test-app';
import { startDemoApp } from '../../../test/demo-app';

/**
 * What a principal withdrawal pays, in the two money files (docs/domain.md, "What a principal
 * withdrawal pays"): the V2 signing file has a row for each transfer the request makes and
 * none of 0, the export's preview and batch count the same transfers per coin, and the
 * transaction upload completes a request with the hash of each transfer it makes, only those.
 */
let t: TestApp;
let writer: string;

const db = () => t.database.db;
const hash = (seed: string) => `0x${createHash('sha256').update(seed).digest('hex')}`;
const KIND = 'payment_paid_value';
const UPLOAD = 'postPaymentPaidValueWithdrawalsTransactionsByCSV';

type CoinTotal = { coin: string; transfers: number; amount: string };

beforeAll(async () => {
  ({
    t,
    tokens: { writer },
  } = await startDemoApp({ users: 400, seed: 21 }));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** The first requested principal request matching `where` (an SQL condition on its row). */
async function requestedWhere(where: ReturnType<typeof sql>): Promise<string> {
  const r = await sql<{ id: string }>`
    SELECT id::text AS id FROM withdrawal_requests
     WHERE kind = ${KIND} AND status = 'requested' AND ${where}
     ORDER BY id LIMIT 1`.execute(db());
  expect(r.rows[0], 'a requested principal request of this plan').toBeDefined();
  return r.rows[0]!.id;
}

/** An ETH plan's request (HEC side 0), a HEC plan's (ETH side 0) and one paying both. */
async function threeRequests(): Promise<{ eth: string; hec: string; both: string }> {
  const eth = await requestedWhere(sql`amount = 0 AND eth_principal > 0`);
  const hec = await requestedWhere(sql`amount > 0 AND eth_principal + eth_reward = 0`);
  const both = await requestedWhere(
    sql`amount > 0 AND eth_principal + eth_reward = 0 AND id <> ${hec}::bigint`,
  );
  await sql`UPDATE withdrawal_requests SET eth_principal = 0.5, eth_reward = 0.025, eth_fee = 0.005
             WHERE id = ${both}::bigint`.execute(db());
  return { eth, hec, both };
}

/** Only these requests are approved (two approvals each), so the export takes exactly them. */
async function approveOnly(ids: readonly string[]): Promise<void> {
  await sql`UPDATE withdrawal_requests SET status = 'rejected', reject_reason = 'test'
    WHERE kind = ${KIND} AND status IN ('approved', 'processing')`.execute(db());
  for (const id of ids) {
    for (const a of ['a1', 'a2'])
      await sql`INSERT INTO withdrawal_approvals (withdrawal_request_id, admin_user_name, revision)
        VALUES (${id}, ${a}, 1)`.execute(db());
    await sql`UPDATE withdrawal_requests SET status = 'approved' WHERE id = ${id}`.execute(db());
  }
}

async function preview(): Promise<{ count: number; totals: CoinTotal[] }> {
  const r = await t.gql<{ withdrawalSigningExportPreview: { count: number; totals: CoinTotal[] } }>(
    `query ($kind: WithdrawalKind!) { withdrawalSigningExportPreview(kind: $kind, searchParams: {}) {
        count totals { coin transfers amount } } }`,
    { kind: KIND },
    writer,
  );
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.withdrawalSigningExportPreview;
}

async function exportV2(expectedCount: number): Promise<{ id: string; totals: CoinTotal[] }> {
  const r = await t.gql<{
    postWithdrawalSigningExport: { batch: { id: string; totals: CoinTotal[] } };
  }>(
    `mutation ($kind: WithdrawalKind!, $n: Int!, $key: String!) {
      postWithdrawalSigningExport(kind: $kind, layout: v2, searchParams: {}, expectedCount: $n,
        clientKey: $key) { batch { id totals { coin transfers amount } } } }`,
    {
      kind: KIND,
      n: expectedCount,
      key: `principal-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    writer,
  );
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.postWithdrawalSigningExport.batch;
}

/** The V2 file's data rows as kept with the batch. */
async function v2Rows(batchId: string): Promise<string[][]> {
  const r = await sql<{ content: Uint8Array }>`
    SELECT content FROM withdrawal_export_batch_files WHERE batch_id = ${batchId} AND layout = 'v2'`.execute(
    db(),
  );
  const lines = Buffer.from(r.rows[0]!.content)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('requestId,coin,toAddress,amount,reference');
  return lines.slice(1).map((l) => l.split(','));
}

/** The file's rows per coin: the transfers and their exact total, as PostgreSQL adds them. */
async function fileTotals(rows: string[][]): Promise<CoinTotal[]> {
  const coins = [...new Set(rows.map((r) => r[1]!))].sort();
  const out: CoinTotal[] = [];
  for (const coin of coins) {
    const amounts = rows.filter((r) => r[1] === coin).map((r) => r[3]!);
    const sum = await sql<{ s: string }>`
      SELECT sum(a)::text AS s FROM unnest(${amounts}::numeric[]) AS a`.execute(db());
    out.push({ coin, transfers: amounts.length, amount: sum.rows[0]!.s });
  }
  return out;
}

const plain = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
const plainTotals = (totals: CoinTotal[]) => totals.map((x) => ({ ...x, amount: plain(x.amount) }));

async function expected(id: string) {
  const r = await sql<{ hec: string; eth: string; to: string; ethTo: string }>`
    SELECT net_amount::text AS hec, (eth_principal + eth_reward - eth_fee)::text AS eth,
           receiver_address AS to, eth_receiver_address AS "ethTo"
      FROM withdrawal_requests WHERE id = ${id}::bigint`.execute(db());
  return r.rows[0]!;
}

type UploadAnswer = {
  isSuccess: boolean;
  report: { errors: Array<{ line: number; column: string | null; code: string; params: string }> };
};

async function upload(csv: string, dryRun: boolean) {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: `mutation ($file: Upload!, $dryRun: Boolean) { ${UPLOAD}(file: $file, dryRun: $dryRun) {
        isSuccess report { errors { line column code params } } } }`,
      variables: { file: null, dryRun },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([csv], { type: 'text/csv' }), 'transactions.csv');
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { [ACCESS_TOKEN_HEADER]: writer },
    body: form,
  });
  return (await response.json()) as {
    data?: Record<string, UploadAnswer>;
    errors?: Array<{ extensions?: Record<string, unknown> }>;
  };
}

async function hashesOf(id: string) {
  const r = await sql<{ status: string; h: string | null; e: string | null }>`
    SELECT status, transaction_hash AS h, eth_transaction_hash AS e
      FROM withdrawal_requests WHERE id = ${id}::bigint`.execute(db());
  return r.rows[0]!;
}

describe('principal withdrawals pay only what is paid', () => {
  let ids: { eth: string; hec: string; both: string };
  let batchId: string;

  it('the V2 file has no transfer of 0, and the preview and the batch count its rows', async () => {
    ids = await threeRequests();
    await approveOnly([ids.eth, ids.hec, ids.both]);
    const before = await preview();
    expect(before.count).toBe(3);
    const batch = await exportV2(3);
    batchId = batch.id;
    const rows = await v2Rows(batch.id);

    const [eth, hec, both] = [
      await expected(ids.eth),
      await expected(ids.hec),
      await expected(ids.both),
    ];
    const of = (id: string) => rows.filter((r) => r[0] === id).map((r) => r.join(','));
    // An ETH plan's request: its ETH transfer alone, no HEC row of 0.
    expect(of(ids.eth)).toEqual([
      `${ids.eth},ETH,${eth.ethTo},${eth.eth},withdrawal-${ids.eth}-eth`,
    ]);
    // A HEC plan's request: its HEC transfer alone, no ETH row of 0.
    expect(of(ids.hec)).toEqual([`${ids.hec},HEC,${hec.to},${hec.hec},withdrawal-${ids.hec}`]);
    // Both coins paid: both rows, HEC then ETH.
    expect(of(ids.both)).toEqual([
      `${ids.both},HEC,${both.to},${both.hec},withdrawal-${ids.both}`,
      `${ids.both},ETH,${both.ethTo},${both.eth},withdrawal-${ids.both}-eth`,
    ]);
    expect(rows.every((r) => Number(r[3]) > 0)).toBe(true);

    // The confirmation's per-coin counts and totals are the file's, and so are the batch's.
    const file = plainTotals(await fileTotals(rows));
    expect(file).toEqual([
      { coin: 'ETH', transfers: 2, amount: expect.any(String) as string },
      { coin: 'HEC', transfers: 2, amount: expect.any(String) as string },
    ]);
    expect(plainTotals(before.totals)).toEqual(file);
    expect(plainTotals(batch.totals)).toEqual(file);
  });

  it('refuses a hash for a side that sends 0 and a missing hash of a transfer, by line, with codes', async () => {
    const csv = [
      'id,hecTransactionHash,ethTransactionHash',
      // The ETH plan's request given a HEC hash too; the HEC plan's given an ETH hash too.
      `${ids.eth},${hash('x-eth-hec')},${hash('x-eth-eth')}`,
      `${ids.hec},${hash('x-hec-hec')},${hash('x-hec-eth')}`,
      // The request paying both, without its ETH hash.
      `${ids.both},${hash('x-both-hec')},`,
    ].join('\n');
    const dry = await upload(csv, true);
    expect(dry.errors, JSON.stringify(dry.errors)).toBeUndefined();
    const errors = dry.data![UPLOAD]!.report.errors.map((e) => [
      e.line,
      e.column,
      e.code,
      JSON.parse(e.params) as unknown,
    ]);
    expect(errors).toEqual([
      [2, 'hecTransactionHash', 'hash_without_transfer', { coin: 'HEC' }],
      [3, 'ethTransactionHash', 'hash_without_transfer', { coin: 'ETH' }],
      [4, 'ethTransactionHash', 'hash_missing_for_transfer', { coin: 'ETH' }],
    ]);
    const applied = await upload(csv, false);
    expect(applied.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    for (const id of Object.values(ids)) expect((await hashesOf(id)).status).toBe('processing');
  });

  it('completes an ETH plan’s request with its ETH hash alone, a HEC plan’s with its HEC hash', async () => {
    const csv = [
      'id,hecTransactionHash,ethTransactionHash',
      `${ids.eth},,${hash('eth-plan')}`,
      `${ids.hec},${hash('hec-plan')},`,
      `${ids.both},${hash('both-hec')},${hash('both-eth')}`,
    ].join('\n');
    const result = await upload(csv, false);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    expect(result.data![UPLOAD]!.isSuccess).toBe(true);
    expect(await hashesOf(ids.eth)).toEqual({ status: 'completed', h: null, e: hash('eth-plan') });
    expect(await hashesOf(ids.hec)).toEqual({ status: 'completed', h: hash('hec-plan'), e: null });
    expect(await hashesOf(ids.both)).toEqual({
      status: 'completed',
      h: hash('both-hec'),
      e: hash('both-eth'),
    });
    // The request's timeline names the hash it was completed with.
    const timeline = await t.gql<{
      withdrawalRequestTimeline: Array<{
        transactionHash: string | null;
        ethTransactionHash: string | null;
      }>;
    }>(
      `query ($id: ID!) { withdrawalRequestTimeline(id: $id) { transactionHash ethTransactionHash } }`,
      { id: ids.eth },
      writer,
    );
    expect(timeline.errors, JSON.stringify(timeline.errors)).toBeUndefined();
    expect(timeline.data!.withdrawalRequestTimeline).toContainEqual({
      transactionHash: null,
      ethTransactionHash: hash('eth-plan'),
    });
    expect(batchId).toBeTruthy();
  });

  it('the database refuses to complete a request without the hash of a transfer it makes', async () => {
    const { eth, both } = await (async () => {
      const e = await requestedWhere(sql`amount = 0 AND eth_principal > 0`);
      const b = await requestedWhere(sql`amount > 0 AND eth_principal + eth_reward = 0`);
      await sql`UPDATE withdrawal_requests SET eth_principal = 1, eth_reward = 0, eth_fee = 0
                 WHERE id = ${b}::bigint`.execute(db());
      return { eth: e, both: b };
    })();
    await approveOnly([eth, both]);
    await sql`UPDATE withdrawal_requests SET status = 'processing' WHERE id IN (${eth}::bigint, ${both}::bigint)`.execute(
      db(),
    );
    // An ETH plan's request without its ETH hash, and one paying both without its HEC hash.
    await expect(
      sql`UPDATE withdrawal_requests SET status = 'completed', transaction_hash = ${hash('db-1')}
           WHERE id = ${eth}::bigint`.execute(db()),
    ).rejects.toThrow(/state_check/);
    await expect(
      sql`UPDATE withdrawal_requests SET status = 'completed', eth_transaction_hash = ${hash('db-2')}
           WHERE id = ${both}::bigint`.execute(db()),
    ).rejects.toThrow(/state_check/);
    await sql`UPDATE withdrawal_requests SET status = 'completed', eth_transaction_hash = ${hash('db-3')}
               WHERE id = ${eth}::bigint`.execute(db());
    expect((await hashesOf(eth)).status).toBe('completed');
  });
});
