import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { SortOrder } from '../../shared/page';
import type { WithdrawalKind } from '../../db/tables/domain-tables';
import { transfersOf } from './withdrawal-transfers-repository';

/** Per coin, the transfers of a set of requests (V2's rows) and their exact total. */
export type CoinTotal = { coin: string; transfers: number; amount: string };

/**
 * The total per coin of what the requests send: the transfers they make (transfersOf: each
 * request's main transfer, and a principal withdrawal's ETH, each only when above 0), exactly
 * the V2 file's rows.
 */
export async function transferTotals(db: Executor, ids: readonly string[]): Promise<CoinTotal[]> {
  if (ids.length === 0) return [];
  const result = await sql<CoinTotal>`
    SELECT t.coin, count(*)::int AS transfers, sum(t.amount)::text AS amount
      FROM (${transfersOf(sql`w.id = ANY(${ids}::bigint[])`)}) AS t
     GROUP BY t.coin
     ORDER BY t.coin`.execute(db);
  return result.rows;
}

/**
 * The coins' thresholds, share-locked for the rest of the transaction: a threshold change
 * waits for the export, so the approvals checked below stay sufficient until it commits.
 */
export async function lockThresholds(db: Executor): Promise<void> {
  await sql`SELECT coin_type FROM withdrawal_approval_thresholds FOR SHARE`.execute(db);
}

/**
 * The requests among `ids` whose distinct approvers are fewer than their coin's threshold
 * requires for their amount now (withdrawal_required_approvals, migration 0070).
 */
export async function underApproved(
  db: Executor,
  ids: readonly string[],
): Promise<Array<{ id: string; approvers: number; required: number }>> {
  if (ids.length === 0) return [];
  const result = await sql<{ id: string; approvers: number; required: number }>`
    SELECT id, approvers, required FROM (
      SELECT w.id::text AS id, w.id AS sort_id,
             (SELECT count(DISTINCT coalesce(a.admin_user_id::text, 'name:' || a.admin_user_name))
                FROM withdrawal_approvals a WHERE a.withdrawal_request_id = w.id)::int AS approvers,
             withdrawal_required_approvals(w.coin_type, w.amount,
               CASE WHEN w.kind = 'payment_paid_value' THEN w.eth_principal + w.eth_reward END)::int AS required
        FROM withdrawal_requests w
       WHERE w.id = ANY(${ids}::bigint[])
    ) AS c
     WHERE approvers < required
     ORDER BY sort_id`.execute(db);
  return result.rows;
}

export async function insertBatch(
  db: Executor,
  values: {
    kind: WithdrawalKind;
    layout: 'v1' | 'v2';
    adminUserId: number | null;
    adminUserName: string;
    requestedAtFrom: Date | null;
    requestedAtUntil: Date | null;
    filters: Record<string, unknown>;
    requestCount: number;
    clientKey: string | null;
  },
): Promise<{ id: string; createdAt: Date }> {
  return db
    .insertInto('withdrawal_export_batches')
    .values({
      kind: values.kind,
      layout: values.layout,
      admin_user_id: values.adminUserId,
      admin_user_name: values.adminUserName,
      requested_at_from: values.requestedAtFrom,
      requested_at_until: values.requestedAtUntil,
      filters: JSON.stringify(values.filters),
      request_count: values.requestCount,
      client_key: values.clientKey,
      file_name: '',
      file_sha256: '',
      content: Buffer.alloc(0),
    })
    .returning(['id', 'created_at as createdAt'])
    .executeTakeFirstOrThrow();
}

/** Marks the locked requests processing as part of the batch (the trigger checks each). */
export async function markProcessing(db: Executor, ids: readonly string[], batchId: string) {
  return db
    .updateTable('withdrawal_requests')
    .set({ status: 'processing', export_batch_id: batchId })
    .where('id', 'in', ids)
    .where('status', '=', 'approved')
    .returning(['id', 'revision'])
    .execute();
}

export async function setBatchFile(
  db: Executor,
  id: string,
  file: { sha256: string; content: Buffer; fileName: string; totals: CoinTotal[] },
): Promise<void> {
  await db
    .updateTable('withdrawal_export_batches')
    .set({
      file_sha256: file.sha256,
      content: file.content,
      file_name: file.fileName,
      totals: JSON.stringify(file.totals),
    })
    .where('id', '=', id)
    .execute();
}

export type ExportBatchRow = {
  id: string;
  kind: WithdrawalKind;
  layout: 'v1' | 'v2';
  adminUserName: string;
  createdAt: Date;
  requestedAtFrom: Date | null;
  requestedAtUntil: Date | null;
  requestCount: number;
  fileSha256: string;
  fileName: string;
  filters: Record<string, unknown>;
  totals: CoinTotal[];
};

type StoredBatchRow = Omit<ExportBatchRow, 'filters' | 'totals'> & {
  filters: unknown;
  totals: unknown;
};

/** jsonb reads back parsed on both engines; a string is parsed all the same. */
function json<T>(value: unknown, empty: T): T {
  if (value === null || value === undefined) return empty;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function toBatch(row: StoredBatchRow): ExportBatchRow {
  return {
    ...row,
    filters: json<Record<string, unknown>>(row.filters, {}),
    totals: json<CoinTotal[]>(row.totals, []),
  };
}

const BATCH_FIELDS = [
  'id',
  'kind',
  'layout',
  'admin_user_name as adminUserName',
  'created_at as createdAt',
  'requested_at_from as requestedAtFrom',
  'requested_at_until as requestedAtUntil',
  'request_count as requestCount',
  'file_sha256 as fileSha256',
  'file_name as fileName',
  'filters',
  'totals',
] as const;

export async function findBatch(db: Executor, id: string): Promise<ExportBatchRow | undefined> {
  const row = await db
    .selectFrom('withdrawal_export_batches')
    .select(BATCH_FIELDS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toBatch(row as StoredBatchRow);
}

/** The batch an admin's earlier call with this client key made, if any. */
export async function findBatchByKey(
  db: Executor,
  adminUserId: number,
  clientKey: string,
): Promise<ExportBatchRow | undefined> {
  const row = await db
    .selectFrom('withdrawal_export_batches')
    .select(BATCH_FIELDS)
    .where('admin_user_id', '=', adminUserId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
  return row && toBatch(row as StoredBatchRow);
}

/** Keeps one layout's file of a batch as handed out. */
export async function insertBatchFile(
  db: Executor,
  file: { batchId: string; layout: 'v1' | 'v2'; fileName: string; sha256: string; content: Buffer },
): Promise<void> {
  await db
    .insertInto('withdrawal_export_batch_files')
    .values({
      batch_id: file.batchId,
      layout: file.layout,
      file_name: file.fileName,
      file_sha256: file.sha256,
      content: file.content,
    })
    .execute();
}

export type BatchFileInfo = { layout: 'v1' | 'v2'; fileName: string; fileSha256: string };

/** The files kept for the batches, V1 first. */
export async function batchFiles(
  db: Executor,
  batchIds: readonly string[],
): Promise<Array<BatchFileInfo & { batchId: string }>> {
  if (batchIds.length === 0) return [];
  return db
    .selectFrom('withdrawal_export_batch_files')
    .select([
      sql<string>`batch_id::text`.as('batchId'),
      'layout',
      'file_name as fileName',
      'file_sha256 as fileSha256',
    ])
    .where('batch_id', 'in', batchIds)
    .orderBy('batch_id')
    .orderBy('layout')
    .execute();
}

/** One layout's bytes of a batch, exactly as handed out, with the batch's request count. */
export async function batchFile(
  db: Executor,
  id: string,
  layout: 'v1' | 'v2',
): Promise<{ content: Buffer; requestCount: number; fileName: string } | undefined> {
  const row = await db
    .selectFrom('withdrawal_export_batch_files as f')
    .innerJoin('withdrawal_export_batches as b', 'b.id', 'f.batch_id')
    .select(['f.content', 'b.request_count as requestCount', 'f.file_name as fileName'])
    .where('f.batch_id', '=', id)
    .where('f.layout', '=', layout)
    .executeTakeFirst();
  return row && { ...row, content: Buffer.from(row.content) };
}

/** A kind's export batches, newest first. */
export async function listBatches(
  db: Executor,
  kind: WithdrawalKind,
  limit: number,
  offset: number,
  orderBy: SortOrder = 'desc',
): Promise<{ rows: ExportBatchRow[]; totalRecords: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('withdrawal_export_batches')
      .select(BATCH_FIELDS)
      .where('kind', '=', kind)
      .orderBy('created_at', orderBy)
      .orderBy('id', orderBy)
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('withdrawal_export_batches')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => toBatch(r as StoredBatchRow)), totalRecords: Number(count.n) };
}

/** V1: one row per request. */
export type SigningRowV1 = {
  id: string;
  kind: string;
  userName: string;
  email: string;
  coinType: string;
  requestedAmount: string;
  fee: string;
  netAmount: string;
  receiverAddress: string;
  ethNetAmount: string | null;
  ethReceiverAddress: string | null;
  requestedAt: Date;
  approvedAt: Date | null;
};

/**
 * V2: one row per coin transfer (a principal withdrawal pays HEC and ETH on two rows, or on
 * one when a side sends 0).
 */
export type SigningRowV2 = {
  requestId: string;
  coin: string;
  toAddress: string;
  amount: string;
  reference: string;
};

export function signingRowsV1(
  db: Executor,
  batchId: string,
): SelectQueryBuilder<DB, 'withdrawal_requests' | 'end_users', SigningRowV1> {
  return db
    .selectFrom('withdrawal_requests')
    .innerJoin('end_users', 'end_users.id', 'withdrawal_requests.end_user_id')
    .select([
      sql<string>`withdrawal_requests.id::text`.as('id'),
      'withdrawal_requests.kind',
      'end_users.user_name as userName',
      'end_users.email',
      'withdrawal_requests.coin_type as coinType',
      sql<string>`withdrawal_requests.amount::text`.as('requestedAmount'),
      sql<string>`withdrawal_requests.fee::text`.as('fee'),
      sql<string>`withdrawal_requests.net_amount::text`.as('netAmount'),
      'withdrawal_requests.receiver_address as receiverAddress',
      sql<
        string | null
      >`(withdrawal_requests.eth_principal + withdrawal_requests.eth_reward - withdrawal_requests.eth_fee)::text`.as(
        'ethNetAmount',
      ),
      'withdrawal_requests.eth_receiver_address as ethReceiverAddress',
      'withdrawal_requests.requested_at as requestedAt',
      'withdrawal_requests.approved_at as approvedAt',
    ])
    .where('withdrawal_requests.export_batch_id', '=', batchId)
    .orderBy('withdrawal_requests.id') as unknown as SelectQueryBuilder<
    DB,
    'withdrawal_requests' | 'end_users',
    SigningRowV1
  >;
}

export function signingRowsV2(db: Executor, batchId: string) {
  // One row per transfer the request makes (transfersOf): the main coin's net amount to
  // receiver_address, a principal withdrawal's ETH net to eth_receiver_address, never a
  // transfer of 0; ordered by request then coin.
  return db
    .selectFrom(
      sql<SigningRowV2 & { seq: number }>`(
        SELECT t.request_id::text AS "requestId", t.request_id AS sort_id, t.seq, t.coin,
               t.to_address AS "toAddress", t.amount::text AS amount, t.reference
          FROM (${transfersOf(sql`w.export_batch_id = ${batchId}`)}) AS t
      )`.as('t'),
    )
    .select(['t.requestId', 't.coin', 't.toAddress', 't.amount', 't.reference'])
    .orderBy(sql`t.sort_id`)
    .orderBy(sql`t.seq`);
}

/** The current revision of each request (the audit rows' "before"). */
export async function revisionsOf(
  db: Executor,
  ids: readonly string[],
): Promise<Array<{ id: string; revision: number }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('withdrawal_requests')
    .select(['id', 'revision'])
    .where('id', 'in', ids)
    .execute();
}
