import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor';
import {
  countFromBuckets,
  normalisePagination,
  type Page,
  type Pagination,
} from '../../db/pagination';
import type { DB } from '../../db/schema';
import type { PaymentStatus } from '../../db/tables/domain-tables';

/** Filters of userPayments (spec section 7). Dates are ISO strings or Dates. */
export type PaymentsFilter = {
  userId?: number | undefined;
  userName?: string | undefined;
  paymentStatus?: PaymentStatus | undefined;
  confirmedAtFrom?: Date | string | undefined;
  confirmedAtUntil?: Date | string | undefined;
  assetFixedAtFrom?: Date | string | undefined;
  assetFixedAtUntil?: Date | string | undefined;
};

export type PaymentsSortTarget = 'userPaymentId' | 'confirmedAt' | 'assetFixedAt';

// Each sort is served by an index of migration 0011 ending in id.
const SORT_COLUMNS = {
  userPaymentId: 'p.id',
  confirmedAt: 'p.confirmed_at',
  assetFixedAt: 'p.asset_fixed_at',
} as const;

type Q<O> = SelectQueryBuilder<DB & { p: DB['payments'] }, 'p', O>;

function applyFilter<O>(query: Q<O>, f: PaymentsFilter): Q<O> {
  let q = query;
  if (f.userId !== undefined) q = q.where('p.end_user_id', '=', f.userId);
  if (f.userName) {
    // A user name names one user (unique, case-insensitive): resolve it through its index.
    q = q.where('p.end_user_id', '=', (eb) =>
      eb
        .selectFrom('end_users')
        .select('end_users.id')
        .where(sql<string>`lower(end_users.user_name)`, '=', f.userName?.toLowerCase() ?? ''),
    );
  }
  if (f.paymentStatus) q = q.where('p.status', '=', f.paymentStatus);
  if (f.confirmedAtFrom) q = q.where('p.confirmed_at', '>=', new Date(f.confirmedAtFrom));
  if (f.confirmedAtUntil) q = q.where('p.confirmed_at', '<=', new Date(f.confirmedAtUntil));
  if (f.assetFixedAtFrom) q = q.where('p.asset_fixed_at', '>=', new Date(f.assetFixedAtFrom));
  if (f.assetFixedAtUntil) q = q.where('p.asset_fixed_at', '<=', new Date(f.assetFixedAtUntil));
  return q;
}

export type PaymentListRow = {
  userPaymentId: string;
  userId: number;
  userName: string;
  planName: string;
  priceUsd: string;
  paidUsd: string;
  paidBtc: string;
  paymentAddress: string;
  status: PaymentStatus;
  confirmedAt: Date | null;
  canceledAt: Date | null;
  assetFixedAt: Date | null;
  amountETH: string | null;
  amountHEC: string | null;
};

/** userPayments: one page of payments with the exact number matching the filter. */
export async function listPayments(
  db: Executor,
  filter: PaymentsFilter,
  pagination: Partial<Pagination<PaymentsSortTarget>>,
): Promise<Page<PaymentListRow>> {
  const p = normalisePagination(pagination);
  const direction = p.sort?.orderBy ?? 'desc';
  const target = p.sort?.target ?? 'userPaymentId';
  let query = applyFilter(db.selectFrom('payments as p'), filter);
  if (target !== 'userPaymentId') query = query.orderBy(SORT_COLUMNS[target], direction);
  const rows = await query
    .orderBy('p.id', direction)
    .limit(p.limit)
    .offset(p.offset)
    .innerJoin('end_users as u', 'u.id', 'p.end_user_id')
    .innerJoin('plans as pl', 'pl.id', 'p.plan_id')
    .select([
      'p.id as userPaymentId',
      'p.end_user_id as userId',
      'u.user_name as userName',
      'pl.name as planName',
      'p.price_usd as priceUsd',
      'p.paid_usd as paidUsd',
      'p.paid_btc as paidBtc',
      'p.payment_address as paymentAddress',
      'p.status',
      'p.confirmed_at as confirmedAt',
      'p.canceled_at as canceledAt',
      'p.asset_fixed_at as assetFixedAt',
      'p.amount_eth as amountETH',
      'p.amount_hec as amountHEC',
    ])
    .execute();
  return { rows, totalRecords: await countPayments(db, filter) };
}

/** Exact count: maintained buckets for the status-only filters, else by index. */
export async function countPayments(db: Executor, filter: PaymentsFilter): Promise<number> {
  const onlyStatus =
    filter.userId === undefined &&
    !filter.userName &&
    !filter.confirmedAtFrom &&
    !filter.confirmedAtUntil &&
    !filter.assetFixedAtFrom &&
    !filter.assetFixedAtUntil;
  if (onlyStatus)
    return countFromBuckets(db, 'payments', [
      filter.paymentStatus ? `status:${filter.paymentStatus}` : 'all',
    ]);
  const row = await applyFilter(db.selectFrom('payments as p'), filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
