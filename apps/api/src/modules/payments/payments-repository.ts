import { sql, type AliasedExpression, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor';
import {
  countBuckets,
  countFromBuckets,
  countFromDayBuckets,
  servedByBuckets,
  type BucketRange,
  type CountRule,
} from '../../db/count-buckets';
import type { Page, PageRequest } from '../../shared/page';
import type { DB } from '../../db/schema';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../db/tables/domain-tables';
import type { TextDates } from '../../platform/lists';
import type { PaymentsFilterValues, PaymentsSortTarget } from './payments-list';

/**
 * Filters of userPayments (payments-list.ts) as checked by the service: the status one of the
 * statuses; dates are ISO strings or Dates.
 */
export type PaymentsFilter = TextDates<Omit<PaymentsFilterValues, 'paymentStatus'>> & {
  paymentStatus?: PaymentStatus | undefined;
};

/** How each payments filter is counted: status and the two dates have buckets (0013, 0018). */
export const PAYMENTS_COUNT_RULE = {
  userId: 'index',
  userName: 'index',
  paymentStatus: 'buckets',
  confirmedAtFrom: 'buckets',
  confirmedAtUntil: 'buckets',
  assetFixedAtFrom: 'buckets',
  assetFixedAtUntil: 'buckets',
} as const satisfies CountRule<PaymentsFilter>;

export type { PaymentsSortTarget };

// Each sort is served by an index of migration 0011 ending in id.
const SORT_COLUMNS = {
  userPaymentId: 'p.id',
  confirmedAt: 'p.confirmed_at',
  assetFixedAt: 'p.asset_fixed_at',
} as const satisfies Record<PaymentsSortTarget, string>;

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

/**
 * The columns of a payment row (`PaymentListRow`) over `payments p`, `end_users u` and
 * `plans pl`: the one projection of the list, a payment read back after a write, and the
 * unfixed payments of a rate window.
 */
export const PAYMENT_ROW_COLUMNS = [
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
] as const;

/**
 * The longest delay between a payment's confirmation and its fixing (0221 keeps every fixing
 * at or after its confirmation; its expression index answers this from one entry). Asked in
 * the page's own statement, so a payment fixed meanwhile is seen by both or by neither.
 */
const LONGEST_FIXING_DELAY = sql<string>`(SELECT max(asset_fixed_at - confirmed_at) FROM payments WHERE asset_fixed_at IS NOT NULL)`;

/**
 * The page's ids in the list's order (id last). Filtered by one date and sorted by the other,
 * the sort's index would pass most of the table before the first match (the dates go together:
 * 4-27 s at 1M, issue 36), so the filter's bounds are carried over to the sorted date, which
 * 0221 and 0222 make exact (a fixing date implies the status asset_fixed): a fixing from X means a confirmation from X minus the longest delay and a
 * fixing until Y one until Y; a confirmation from X means a fixing from X, one until Y a
 * fixing until Y plus the longest delay. The unfixed payments have no fixing date to bound:
 * they are read apart and merged in the sort's order (NULLs last ascending, first descending).
 */
function pageIdsQuery(
  db: Executor,
  filter: PaymentsFilter,
  target: PaymentsSortTarget,
  direction: 'asc' | 'desc',
  page: { limit: number; offset: number },
): AliasedExpression<{ id: string }, 'page'> {
  const filtered = applyFilter(db.selectFrom('payments as p'), filter);
  if (target === 'assetFixedAt' && (filter.confirmedAtFrom || filter.confirmedAtUntil)) {
    const { confirmedAtFrom: from, confirmedAtUntil: until } = filter;
    // 0222: the fixed payments are the asset_fixed status's range of its date index.
    let fixed = filtered.where('p.status', '=', 'asset_fixed');
    if (from) fixed = fixed.where('p.asset_fixed_at', '>=', new Date(from));
    if (until)
      fixed = fixed.where(
        'p.asset_fixed_at',
        '<=',
        sql<Date>`${new Date(until)}::timestamptz + ${LONGEST_FIXING_DELAY}`,
      );
    // Each part (the fixed ones, then each unfixed status) gives only its first offset + limit
    // in the sort's order, and the page is cut from their merge: sorting every part whole took
    // 12-15 s at 5M for a confirmation bound 11M payments meet. An unfixed status (no fixing
    // time, 0222: id order) is read as its confirmation range, index-only, fenced by OFFSET 0
    // so that the planner keeps its top rather than walking the status in id order: a pending
    // payment has no confirmation, and that walk passed all 2M of them for nothing (3.8 s).
    const window = page.offset + page.limit;
    const first = (part: typeof fixed) =>
      db
        .selectFrom(
          part
            .select(['p.id', 'p.asset_fixed_at'])
            .orderBy('p.asset_fixed_at', direction)
            .orderBy('p.id', direction)
            .limit(window)
            .as('part'),
        )
        .select(['part.id', 'part.asset_fixed_at']);
    const unfixed = PAYMENT_STATUSES.filter((status) => status !== 'asset_fixed').map((status) =>
      db
        .selectFrom(
          filtered
            .where('p.status', '=', status)
            .select(['p.id', 'p.asset_fixed_at'])
            .offset(0)
            .as('range'),
        )
        .select(['range.id', 'range.asset_fixed_at'])
        .orderBy('range.id', direction)
        .limit(window),
    );
    const both = unfixed
      .map((part) => db.selectFrom(part.as('part')).select(['part.id', 'part.asset_fixed_at']))
      .reduce((all, part) => all.unionAll(part), first(fixed))
      .as('u');
    return db
      .selectFrom(both)
      .select('u.id')
      .orderBy('u.asset_fixed_at', direction)
      .orderBy('u.id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .as('page');
  }
  let ids = filtered;
  if (target === 'confirmedAt' && (filter.assetFixedAtFrom || filter.assetFixedAtUntil)) {
    const { assetFixedAtFrom: from, assetFixedAtUntil: until } = filter;
    // Only an asset-fixed payment has a fixing date (0222): its (status, confirmed_at, id)
    // range holds the fixing time too, so the walk reads index entries only.
    ids = ids.where('p.status', '=', 'asset_fixed');
    if (from)
      ids = ids.where(
        'p.confirmed_at',
        '>=',
        sql<Date>`${new Date(from)}::timestamptz - ${LONGEST_FIXING_DELAY}`,
      );
    if (until) ids = ids.where('p.confirmed_at', '<=', new Date(until));
  }
  const sorted = target === 'userPaymentId' ? ids : ids.orderBy(SORT_COLUMNS[target], direction);
  return sorted
    .select('p.id')
    .orderBy('p.id', direction)
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
}

/** userPayments: one page of payments with the exact number matching the filter. */
export async function listPayments(
  db: Executor,
  filter: PaymentsFilter,
  p: PageRequest<PaymentsSortTarget>,
): Promise<Page<PaymentListRow>> {
  const direction = p.sort?.orderBy ?? 'desc';
  const target = p.sort?.target ?? 'userPaymentId';
  // Page first: the page's ids come from the (column, id) indexes of 0014, index-only; only
  // those rows are read in full and joined to their user and plan.
  const pageIds = pageIdsQuery(db, filter, target, direction, p);
  let query = db.selectFrom('payments as p').innerJoin(pageIds, 'page.id', 'p.id');
  if (target !== 'userPaymentId') query = query.orderBy(SORT_COLUMNS[target], direction);
  const rows = await query
    .orderBy('p.id', direction)
    .innerJoin('end_users as u', 'u.id', 'p.end_user_id')
    .innerJoin('plans as pl', 'pl.id', 'p.plan_id')
    .select(PAYMENT_ROW_COLUMNS)
    .execute();
  return { rows, totalRecords: await countPayments(db, filter) };
}

/**
 * Exact count: maintained buckets for the status-only filters and for a date range that is the
 * only filter (whole UTC days from day buckets, the edge days by index), else by index.
 */
export async function countPayments(db: Executor, filter: PaymentsFilter): Promise<number> {
  if (servedByBuckets(filter, PAYMENTS_COUNT_RULE, ['paymentStatus']))
    return countFromBuckets(db, 'payments', [
      filter.paymentStatus
        ? countBuckets.payments.status(filter.paymentStatus)
        : countBuckets.payments.all,
    ]);
  const dates = onlyDateRange(filter);
  if (dates) {
    const count = await countDateRange(db, dates);
    if (count !== undefined) return count;
  }
  const row = await applyFilter(db.selectFrom('payments as p'), filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type DateRange = {
  column: 'confirmed_at' | 'asset_fixed_at';
  /** The day buckets of migration 0018. */
  days: BucketRange<'payments'>;
  from: Date | undefined;
  until: Date | undefined;
};

/** The two payment dates a count can take from day buckets: their column, buckets and filters. */
const DATE_FILTERS = [
  {
    column: 'confirmed_at',
    days: countBuckets.payments.confirmedDays,
    fromKey: 'confirmedAtFrom',
    untilKey: 'confirmedAtUntil',
  },
  {
    column: 'asset_fixed_at',
    days: countBuckets.payments.assetFixedDays,
    fromKey: 'assetFixedAtFrom',
    untilKey: 'assetFixedAtUntil',
  },
] as const;

/**
 * The range when one payment date is the filter's only condition (countPayments has already
 * answered the filter without a date, so one of the two bounds is set).
 */
function onlyDateRange(f: PaymentsFilter): DateRange | undefined {
  const date = (value: Date | string | undefined) => (value ? new Date(value) : undefined);
  for (const { column, days, fromKey, untilKey } of DATE_FILTERS) {
    if (servedByBuckets(f, PAYMENTS_COUNT_RULE, [fromKey, untilKey]))
      return { column, days, from: date(f[fromKey]), until: date(f[untilKey]) };
  }
  return undefined;
}

/**
 * Counts `from <= date <= until` (the filter's inclusive ends; either may be open) from the day
 * buckets, the edge days through the date index (countFromDayBuckets). The edge counts read
 * the part of a day from a point to its end, never the midnight a day starts with (where
 * asset_fixed_at piles up: rates are assigned at a midnight deadline). Undefined when a bound
 * cannot be keyed.
 */
function countDateRange(db: Executor, range: DateRange): Promise<number | undefined> {
  const { column } = range;
  return countFromDayBuckets(
    db,
    range.days,
    { from: range.from, until: range.until },
    (low, high, lowInclusive) =>
      db
        .selectFrom('payments as p')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(`p.${column}`, lowInclusive ? '>=' : '>', low)
        .where(`p.${column}`, '<', high),
  );
}

/**
 * userPayments without paging, for userPaymentsCSV (issue 13): the list's filters and order.
 * V1 has the list's columns; V2 (the bookkeeper's) adds the user's email, the plan's coin, the
 * rates the assets were fixed at and the creation time: every amount and date of a payment.
 */
export function paymentsExportQuery(
  db: Executor,
  filter: PaymentsFilter,
  sort: { target: PaymentsSortTarget; orderBy: 'asc' | 'desc' },
) {
  let query = applyFilter(db.selectFrom('payments as p'), filter)
    .innerJoin('end_users as u', 'u.id', 'p.end_user_id')
    .innerJoin('plans as pl', 'pl.id', 'p.plan_id')
    .select([
      'p.id as userPaymentId',
      'p.end_user_id as userId',
      'u.user_name as userName',
      'u.email',
      'pl.name as planName',
      'pl.coin_type as coinType',
      'p.price_usd as priceUsd',
      'p.paid_usd as paidUsd',
      'p.paid_btc as paidBtc',
      'p.payment_address as paymentAddress',
      'p.status',
      'p.created_at as createdAt',
      'p.confirmed_at as confirmedAt',
      'p.canceled_at as canceledAt',
      'p.asset_fixed_at as assetFixedAt',
      'p.btc_hec_rate as btcHecRate',
      'p.btc_eth_rate as btcEthRate',
      'p.amount_eth as amountETH',
      'p.amount_hec as amountHEC',
    ]);
  if (sort.target !== 'userPaymentId')
    query = query.orderBy(SORT_COLUMNS[sort.target], sort.orderBy);
  return query.orderBy('p.id', sort.orderBy);
}
