import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor';
import {
  countBuckets,
  countFromBuckets,
  servedByBuckets,
  type CountRule,
} from '../../db/count-buckets';
import type { Page, PageRequest } from '../../shared/page';
import type { DB } from '../../db/schema';
import type { WithdrawalKind, WithdrawalStatus } from '../../db/tables/domain-tables';

/** searchParams of the withdrawal lists; every screen lists one kind. */
export type WithdrawalsFilter = {
  kind: WithdrawalKind;
  status?: WithdrawalStatus | undefined;
  userName?: string | undefined;
  requestedAtFrom?: Date | string | undefined;
  requestedAtUntil?: Date | string | undefined;
};

/** How each withdrawals filter is counted: kind and status have buckets. */
export const WITHDRAWALS_COUNT_RULE = {
  kind: 'buckets',
  status: 'buckets',
  userName: 'index',
  requestedAtFrom: 'index',
  requestedAtUntil: 'index',
} as const satisfies CountRule<WithdrawalsFilter>;

export type WithdrawalsSortTarget = 'requestedAt' | 'id';

type Q<O> = SelectQueryBuilder<DB & { w: DB['withdrawal_requests'] }, 'w', O>;

function applyFilter<O>(query: Q<O>, f: WithdrawalsFilter): Q<O> {
  let q = query.where('w.kind', '=', f.kind);
  if (f.status) q = q.where('w.status', '=', f.status);
  if (f.userName) {
    q = q.where('w.end_user_id', '=', (eb) =>
      eb
        .selectFrom('end_users')
        .select('end_users.id')
        .where(sql<string>`lower(end_users.user_name)`, '=', f.userName?.toLowerCase() ?? ''),
    );
  }
  if (f.requestedAtFrom) q = q.where('w.requested_at', '>=', new Date(f.requestedAtFrom));
  if (f.requestedAtUntil) q = q.where('w.requested_at', '<=', new Date(f.requestedAtUntil));
  return q;
}

/** One page of withdrawal requests of one kind: shared fields plus every kind's own fields. */
export async function listWithdrawals(
  db: Executor,
  filter: WithdrawalsFilter,
  p: PageRequest<WithdrawalsSortTarget>,
): Promise<Page<WithdrawalListRow>> {
  const direction = p.sort?.orderBy ?? 'desc';
  const byRequestedAt = (p.sort?.target ?? 'requestedAt') === 'requestedAt';
  // Page first: the (kind[, status], requested_at, id) indexes of migration 0012 give the
  // page's ids by an index-only scan; only those 20 rows are then read and joined to their
  // user (joining before OFFSET read a thousand scattered rows and users for page 50).
  let pageIds = applyFilter(db.selectFrom('withdrawal_requests as w'), filter).select('w.id');
  if (byRequestedAt) pageIds = pageIds.orderBy('w.requested_at', direction);
  let query = db
    .selectFrom('withdrawal_requests as w')
    .innerJoin(
      pageIds.orderBy('w.id', direction).limit(p.limit).offset(p.offset).as('page'),
      'page.id',
      'w.id',
    );
  if (byRequestedAt) query = query.orderBy('w.requested_at', direction);
  const rows = await query
    .orderBy('w.id', direction)
    .innerJoin('end_users as u', 'u.id', 'w.end_user_id')
    .select([
      'w.id',
      'w.kind',
      'w.status',
      'w.requested_at as requestedAt',
      'w.transaction_hash as transactionHash',
      'w.receiver_address as receiverAddress',
      'u.user_name as userName',
      'u.aube_user_id_hash as aubeUserIdHash',
      'u.force_club_id_hash as forceClubIdHash',
      'w.saving_remittance_id as userSavingSentValueId',
      'w.affiliate_remittance_id as userAffiliateSavingSentValueId',
      'w.payment_id as userPaymentPaidValueId',
      'w.coin_type as coinTypeName',
      'w.amount as requestedAmount',
      'w.fee',
      'w.net_amount as netAmount',
      'w.eth_principal as ethPrincipal',
      'w.eth_reward as ethReward',
      'w.eth_fee as ethFee',
      'w.hec_principal as hecPrincipal',
      'w.hec_reward as hecReward',
      'w.hec_fee as hecFee',
      'w.metax_email as metaxEmail',
      'w.eth_receiver_address as ethReceiverAddress',
      'w.eth_transaction_hash as ethTransactionHash',
      'w.reject_reason as rejectReason',
      'w.created_at as createdAt',
    ])
    .execute();
  return { rows, totalRecords: await countWithdrawals(db, filter) };
}

export type WithdrawalListRow = {
  id: string;
  kind: WithdrawalKind;
  status: WithdrawalStatus;
  requestedAt: Date;
  transactionHash: string | null;
  receiverAddress: string;
  userName: string;
  aubeUserIdHash: string;
  forceClubIdHash: string | null;
  userSavingSentValueId: string | null;
  userAffiliateSavingSentValueId: string | null;
  userPaymentPaidValueId: string | null;
  coinTypeName: string;
  requestedAmount: string;
  fee: string;
  netAmount: string;
  ethPrincipal: string | null;
  ethReward: string | null;
  ethFee: string | null;
  hecPrincipal: string | null;
  hecReward: string | null;
  hecFee: string | null;
  metaxEmail: string | null;
  ethReceiverAddress: string | null;
  ethTransactionHash: string | null;
  rejectReason: string | null;
  createdAt: Date;
};

/** Exact count: maintained kind/status buckets, else by index. */
export async function countWithdrawals(db: Executor, filter: WithdrawalsFilter): Promise<number> {
  if (servedByBuckets(filter, WITHDRAWALS_COUNT_RULE, ['kind', 'status'])) {
    return countFromBuckets(db, 'withdrawal_requests', [
      filter.status
        ? countBuckets.withdrawal_requests.kindStatus(filter.kind, filter.status)
        : countBuckets.withdrawal_requests.kind(filter.kind),
    ]);
  }
  const row = await applyFilter(db.selectFrom('withdrawal_requests as w'), filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Filters of userWithdrawalHistory: one user's requests of every kind unless narrowed. */
export type UserWithdrawalsFilter = {
  userId: number;
  kind?: WithdrawalKind | undefined;
  status?: WithdrawalStatus | undefined;
};

export type UserWithdrawalRow = {
  id: string;
  kind: WithdrawalKind;
  status: WithdrawalStatus;
  requestedAt: Date;
  processingAt: Date | null;
  completedAt: Date | null;
  failedAt: Date | null;
  rejectedAt: Date | null;
  coinType: string;
  amount: string;
  fee: string;
  netAmount: string;
  receiverAddress: string;
  transactionHash: string | null;
  rejectReason: string | null;
  failureReason: string | null;
};

type UQ<O> = SelectQueryBuilder<DB & { uw: DB['withdrawal_requests'] }, 'uw', O>;

function applyUserFilter<O>(query: UQ<O>, f: UserWithdrawalsFilter): UQ<O> {
  let q = query.where('uw.end_user_id', '=', f.userId);
  if (f.kind) q = q.where('uw.kind', '=', f.kind);
  if (f.status) q = q.where('uw.status', '=', f.status);
  return q;
}

/**
 * One page of one user's withdrawal requests (every kind), with the exact total. The
 * (end_user_id, requested_at DESC, id DESC) index of migration 0019 serves the default sort
 * in both directions; a user has few requests, so the id sort and the kind/status filters
 * only sort or skip that user's rows.
 */
export async function listUserWithdrawalsPage(
  db: Executor,
  filter: UserWithdrawalsFilter,
  p: PageRequest<WithdrawalsSortTarget>,
): Promise<Page<UserWithdrawalRow>> {
  const direction = p.sort?.orderBy ?? 'desc';
  let query = applyUserFilter(db.selectFrom('withdrawal_requests as uw'), filter);
  if ((p.sort?.target ?? 'requestedAt') === 'requestedAt')
    query = query.orderBy('uw.requested_at', direction);
  const [rows, count] = await Promise.all([
    query
      .orderBy('uw.id', direction)
      .limit(p.limit)
      .offset(p.offset)
      .select([
        'uw.id',
        'uw.kind',
        'uw.status',
        'uw.requested_at as requestedAt',
        'uw.processing_at as processingAt',
        'uw.completed_at as completedAt',
        'uw.failed_at as failedAt',
        'uw.rejected_at as rejectedAt',
        'uw.coin_type as coinType',
        'uw.amount',
        'uw.fee',
        'uw.net_amount as netAmount',
        'uw.receiver_address as receiverAddress',
        'uw.transaction_hash as transactionHash',
        'uw.reject_reason as rejectReason',
        'uw.failure_reason as failureReason',
      ])
      .execute(),
    applyUserFilter(db.selectFrom('withdrawal_requests as uw'), filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalRecords: Number(count.n) };
}
