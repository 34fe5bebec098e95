import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { WithdrawalKind } from '../../db/tables/domain-tables';

export type SigningWindow = {
  requestedAtFrom?: Date | undefined;
  requestedAtUntil?: Date | undefined;
};

/**
 * Locks the approved requests of a kind (in the window) for a signing export, in id order.
 * A concurrent export waits on these locks and then, re-reading them as processing, finds
 * nothing left: a request goes into exactly one file.
 */
export async function lockApproved(
  db: Executor,
  kind: WithdrawalKind,
  window: SigningWindow,
): Promise<Array<{ id: string; revision: number }>> {
  const result = await sql<{ id: string; revision: number }>`
    SELECT id::text AS id, revision FROM withdrawal_requests
     WHERE kind = ${kind} AND status = 'approved'
       AND (${window.requestedAtFrom ?? null}::timestamptz IS NULL OR requested_at >= ${window.requestedAtFrom ?? null})
       AND (${window.requestedAtUntil ?? null}::timestamptz IS NULL OR requested_at <= ${window.requestedAtUntil ?? null})
     ORDER BY id
       FOR UPDATE`.execute(db);
  return result.rows;
}

export async function insertBatch(
  db: Executor,
  values: {
    kind: WithdrawalKind;
    layout: 'v1' | 'v2';
    adminUserId: number | null;
    adminUserName: string;
    window: SigningWindow;
    requestCount: number;
    fileName: string;
  },
): Promise<{ id: string; createdAt: Date }> {
  return db
    .insertInto('withdrawal_export_batches')
    .values({
      kind: values.kind,
      layout: values.layout,
      admin_user_id: values.adminUserId,
      admin_user_name: values.adminUserName,
      requested_at_from: values.window.requestedAtFrom ?? null,
      requested_at_until: values.window.requestedAtUntil ?? null,
      request_count: values.requestCount,
      file_name: values.fileName,
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
  file: { sha256: string; content: Buffer },
): Promise<void> {
  await db
    .updateTable('withdrawal_export_batches')
    .set({ file_sha256: file.sha256, content: file.content })
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
};

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
] as const;

export async function findBatch(db: Executor, id: string): Promise<ExportBatchRow | undefined> {
  return db
    .selectFrom('withdrawal_export_batches')
    .select(BATCH_FIELDS)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function batchContent(db: Executor, id: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('withdrawal_export_batches')
    .select('content')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.content;
}

/** A kind's export batches, newest first. */
export async function listBatches(
  db: Executor,
  kind: WithdrawalKind,
  limit: number,
  offset: number,
): Promise<{ rows: ExportBatchRow[]; totalRecords: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('withdrawal_export_batches')
      .select(BATCH_FIELDS)
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('withdrawal_export_batches')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalRecords: Number(count.n) };
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

/** V2: one row per coin transfer (a principal withdrawal pays HEC and ETH on two rows). */
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
  // The main coin's net amount to receiver_address, and for a principal withdrawal the ETH
  // net amount (principal + reward - fee) to eth_receiver_address, ordered by request then coin.
  return db
    .selectFrom(
      sql<SigningRowV2 & { seq: number }>`(
        SELECT id::text AS "requestId", id AS sort_id, 1 AS seq, coin_type AS coin,
               receiver_address AS "toAddress", net_amount::text AS amount,
               'withdrawal-' || id AS reference
          FROM withdrawal_requests WHERE export_batch_id = ${batchId}
        UNION ALL
        SELECT id::text, id, 2, 'ETH', eth_receiver_address,
               (eth_principal + eth_reward - eth_fee)::text, 'withdrawal-' || id || '-eth'
          FROM withdrawal_requests
         WHERE export_batch_id = ${batchId} AND kind = 'payment_paid_value'
      )`.as('t'),
    )
    .select(['t.requestId', 't.coin', 't.toAddress', 't.amount', 't.reference'])
    .orderBy(sql`t.sort_id`)
    .orderBy(sql`t.seq`);
}
