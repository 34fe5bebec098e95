import { sql, type SelectQueryBuilder } from 'kysely';
import { countFromAmountBands } from '../../db/amount-bands';
import type { Executor } from '../../db/executor';
import { readingBeatsWalk } from '../../db/fence';
import { emailKey } from '../../db/end-user-keys';
import {
  countBuckets,
  countFromBuckets,
  countFromDayBuckets,
  servedByBuckets,
  type CountRule,
} from '../../db/count-buckets';
import type { Page, PageRequest } from '../../shared/page';
import type { DB } from '../../db/schema';
import type { PaidAmountSource } from './withdrawal-paid-amounts';
import type { FilterValues } from '../../platform/lists';
import type {
  USER_WITHDRAWALS_LIST,
  WithdrawalSearchFilter,
  WithdrawalsSortTarget,
} from './withdrawals-list';
import {
  WITHDRAWAL_STATUSES,
  type WithdrawalKind,
  type WithdrawalStatus,
} from '../../db/tables/domain-tables';

/** searchParams of the withdrawal lists (withdrawals-list.ts); every screen lists one kind. */
export type WithdrawalsFilter = { kind: WithdrawalKind } & WithdrawalSearchFilter;

/** How each withdrawals filter is counted: kind, status and the requested-at range have buckets. */
const WITHDRAWALS_COUNT_RULE = {
  kind: 'buckets',
  status: 'buckets',
  userId: 'index',
  userName: 'index',
  email: 'index',
  requestedAtFrom: 'buckets',
  requestedAtUntil: 'buckets',
  address: 'index',
  transactionHash: 'index',
  amountFrom: 'buckets',
  amountTo: 'buckets',
  awaitingOver24h: 'buckets',
} as const satisfies CountRule<WithdrawalsFilter>;

export type { WithdrawalsSortTarget };

type Q<O> = SelectQueryBuilder<DB & { w: DB['withdrawal_requests'] }, 'w', O>;

function applyFilter<O>(query: Q<O>, f: WithdrawalsFilter, withStatus = true): Q<O> {
  let q = query.where('w.kind', '=', f.kind);
  if (withStatus && f.status) q = q.where('w.status', '=', f.status);
  if (f.userId !== undefined) q = q.where('w.end_user_id', '=', f.userId);
  if (f.userName) {
    q = q.where('w.end_user_id', 'in', (eb) =>
      eb
        .selectFrom('end_users')
        .select('end_users.id')
        .where(sql<string>`lower(end_users.user_name)`, '=', f.userName?.toLowerCase() ?? ''),
    );
  }
  if (f.email) {
    q = q.where('w.end_user_id', 'in', (eb) =>
      eb
        .selectFrom('end_users')
        .select('end_users.id')
        // The "C" key of 0020 (emailKey): `lower(email)` alone matched no index, and every
        // email filter read all the users (0.6–1.4 s at 1M).
        .where(emailKey('end_users'), '=', f.email?.toLowerCase() ?? ''),
    );
  }
  if (f.requestedAtFrom) q = q.where('w.requested_at', '>=', new Date(f.requestedAtFrom));
  if (f.requestedAtUntil) q = q.where('w.requested_at', '<=', new Date(f.requestedAtUntil));
  if (f.address) {
    const a = f.address.toLowerCase();
    // An address names a few requests: they are read first through the two address indexes
    // and then sorted. As an OR in the WHERE, the planner walked the sort's index looking for
    // them (1-4.5 s a page at 5M, issue 36); an array from an InitPlan it sizes small.
    q = q.where(
      sql<boolean>`w.id = ANY(ARRAY(
        SELECT id FROM withdrawal_requests WHERE lower(receiver_address) = ${a}
        UNION ALL
        SELECT id FROM withdrawal_requests WHERE lower(eth_receiver_address) = ${a}))`,
    );
  }
  if (f.transactionHash) {
    // withdrawal_transaction_hashes holds every hash of every request in lower case (0012).
    q = q.where('w.id', 'in', (eb) =>
      eb
        .selectFrom('withdrawal_transaction_hashes')
        .select('withdrawal_request_id')
        .where('hash_key', '=', f.transactionHash?.toLowerCase() ?? ''),
    );
  }
  if (f.amountFrom !== undefined) q = q.where('w.amount', '>=', f.amountFrom);
  if (f.amountTo !== undefined) q = q.where('w.amount', '<=', f.amountTo);
  if (f.awaitingOver24h) {
    q = q
      .where('w.status', '=', 'requested')
      .where('w.requested_at', '<', sql<Date>`now() - interval '24 hours'`);
  }
  return q;
}

/** The ORDER BY of a sort target; id breaks ties so pages tile. */
function orderColumns(
  target: WithdrawalsSortTarget,
): Array<'w.requested_at' | 'w.amount' | 'w.status'> {
  switch (target) {
    case 'requestedAt':
      return ['w.requested_at'];
    case 'amount':
      return ['w.amount'];
    case 'status':
      return ['w.status', 'w.requested_at'];
    case 'id':
      return [];
  }
}

/** The columns of a list row (WithdrawalListRow), from `withdrawal_requests as w` joined to `end_users as u`. */
const ROW_COLUMNS = [
  'w.id',
  'w.kind',
  'w.status',
  'w.revision',
  'w.requested_at as requestedAt',
  'w.approved_at as approvedAt',
  'w.processing_at as processingAt',
  'w.completed_at as completedAt',
  'w.failed_at as failedAt',
  'w.rejected_at as rejectedAt',
  'w.transaction_hash as transactionHash',
  'w.receiver_address as receiverAddress',
  'w.end_user_id as userId',
  'u.user_name as userName',
  'u.email',
  'u.registered_at as userRegisteredAt',
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
  'w.reject_code as rejectCode',
  'w.reject_reason as rejectReason',
  'w.failure_reason as failureReason',
  'w.export_batch_id as exportBatchId',
  'w.created_at as createdAt',
  sql<number>`withdrawal_required_approvals(w.coin_type, w.amount,
      CASE WHEN w.kind = 'payment_paid_value' THEN w.eth_principal + w.eth_reward END)::int`.as(
    'requiredApprovals',
  ),
  sql<boolean>`w.status = 'requested' AND w.requested_at < now() - interval '24 hours'`.as(
    'awaitingOver24h',
  ),
] as const;

/** One page of withdrawal requests of one kind: shared fields plus every kind's own fields. */
export async function listWithdrawals(
  db: Executor,
  filter: WithdrawalsFilter,
  p: PageRequest<WithdrawalsSortTarget>,
): Promise<Page<WithdrawalListRow>> {
  const [rows, totalRecords] = await Promise.all([
    listWithdrawalsRows(db, filter, p),
    countWithdrawals(db, filter),
  ]);
  return { rows, totalRecords };
}

/** The order of a page asked without a sort (the bench, tests): the lists' default. */
const DEFAULT_SORT_TARGET = 'requestedAt';

/**
 * Whether the filter narrows the kind (and status) by a condition the sort's index does not
 * hold: then the planner may walk that index testing each request (a request-date range 11
 * requests match, sorted by amount: 3.2-3.7 s a page at 5M), and the page wants its count
 * first to choose.
 */
export function narrowsBeyondSort(
  filter: WithdrawalsFilter,
  target: WithdrawalsSortTarget = DEFAULT_SORT_TARGET,
) {
  const onSortColumn =
    target === 'requestedAt'
      ? ['requestedAtFrom', 'requestedAtUntil']
      : target === 'amount'
        ? ['amountFrom', 'amountTo']
        : [];
  return Object.entries(filter).some(
    ([key, value]) =>
      value !== undefined && key !== 'kind' && key !== 'status' && !onSortColumn.includes(key),
  );
}

/**
 * The rows of one page (no count: the list call takes its total from the status tabs).
 * `matches`, when the caller counted first: a filter matching at most FENCE_MAX_MATCHES is
 * read through its own index (OFFSET 0 fences it from the sort) and its matches sorted.
 */
export async function listWithdrawalsRows(
  db: Executor,
  filter: WithdrawalsFilter,
  p: PageRequest<WithdrawalsSortTarget>,
  matches?: number,
): Promise<WithdrawalListRow[]> {
  const direction = p.sort?.orderBy ?? 'desc';
  const target = p.sort?.target ?? DEFAULT_SORT_TARGET;
  const columns = orderColumns(target);
  if (matches !== undefined && p.offset >= matches) return [];
  // Both ways read a row per entry (neither index holds the other's column). At 5M a
  // request-date range of 47,867 sorted by amount took 210-260 ms fenced, where the walk finds
  // page 1 within some 300 entries; one of 11 matches walked 3.2-3.7 s.
  const fenced =
    matches !== undefined &&
    narrowsBeyondSort(filter, target) &&
    (await readingBeatsWalk(matches, p.offset + p.limit, () =>
      countFromBuckets(db, 'withdrawal_requests', [
        countBuckets.withdrawal_requests.kind(filter.kind),
      ]),
    ));
  // Page first: the (kind[, status], <sort>, id) indexes of migrations 0012 and 0071 give the
  // page's ids by an index scan; only those rows are then read and joined to their user
  // (joining before OFFSET read a thousand scattered rows and users for page 50).
  const filtered = applyFilter(db.selectFrom('withdrawal_requests as w'), filter);
  let pageIds = fenced
    ? db
        .selectFrom(
          filtered.select(['w.id', 'w.requested_at', 'w.amount', 'w.status']).offset(0).as('w'),
        )
        .select('w.id')
    : filtered.select('w.id');
  for (const c of columns) pageIds = pageIds.orderBy(c, direction);
  let query = db
    .selectFrom('withdrawal_requests as w')
    .innerJoin(
      pageIds.orderBy('w.id', direction).limit(p.limit).offset(p.offset).as('page'),
      'page.id',
      'w.id',
    );
  for (const c of columns) query = query.orderBy(c, direction);
  return query
    .orderBy('w.id', direction)
    .innerJoin('end_users as u', 'u.id', 'w.end_user_id')
    .select(ROW_COLUMNS)
    .execute();
}

export type WithdrawalListRow = {
  id: string;
  kind: WithdrawalKind;
  status: WithdrawalStatus;
  revision: number;
  requestedAt: Date;
  approvedAt: Date | null;
  processingAt: Date | null;
  completedAt: Date | null;
  failedAt: Date | null;
  rejectedAt: Date | null;
  transactionHash: string | null;
  receiverAddress: string;
  userId: number;
  userName: string;
  email: string;
  userRegisteredAt: Date;
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
  rejectCode: string | null;
  rejectReason: string | null;
  failureReason: string | null;
  exportBatchId: string | null;
  createdAt: Date;
  requiredApprovals: number;
  awaitingOver24h: boolean;
};

/**
 * The list rows of the given requests, any kind, in id order (unknown ids are left out): an
 * action answers the requests as they are after it, so a screen shows them without
 * reloading the list.
 */
export async function withdrawalRowsByIds(
  db: Executor,
  ids: readonly string[],
): Promise<WithdrawalListRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('withdrawal_requests as w')
    .innerJoin('end_users as u', 'u.id', 'w.end_user_id')
    .where('w.id', 'in', ids)
    .orderBy('w.id')
    .select(ROW_COLUMNS)
    .execute();
}

/**
 * The list's total: the count of the filter's status among the status tabs' counts (all of
 * them without a status), so one count statement serves the tabs and the total.
 */
export function statusTotal(
  filter: WithdrawalsFilter,
  counts: ReadonlyArray<{ status: WithdrawalStatus; count: number }>,
): number {
  return counts
    .filter((c) => filter.status === undefined || c.status === filter.status)
    .reduce((sum, c) => sum + c.count, 0);
}

/** Exact count of the filter's requests, as the list's total (statusTotal). */
export async function countWithdrawals(db: Executor, filter: WithdrawalsFilter): Promise<number> {
  return statusTotal(filter, await countWithdrawalsByStatus(db, filter));
}

/**
 * The status tabs' counts: the filter without its status, per status. Only the kind set:
 * the maintained buckets (constant time); with other filters, one grouped count by index.
 */
export async function countWithdrawalsByStatus(
  db: Executor,
  filter: WithdrawalsFilter,
): Promise<Array<{ status: WithdrawalStatus; count: number }>> {
  const { status: _ignored, ...rest } = filter;
  void _ignored;
  if (servedByBuckets(rest, WITHDRAWALS_COUNT_RULE, ['kind'])) {
    const rows = await db
      .selectFrom('row_counts')
      .select(['bucket', 'n'])
      .where('relation', '=', 'withdrawal_requests')
      .where(
        'bucket',
        'in',
        WITHDRAWAL_STATUSES.map((s) => countBuckets.withdrawal_requests.kindStatus(filter.kind, s)),
      )
      .execute();
    const byBucket = new Map(rows.map((r) => [r.bucket, Number(r.n)]));
    return WITHDRAWAL_STATUSES.map((s) => ({
      status: s,
      count: byBucket.get(countBuckets.withdrawal_requests.kindStatus(filter.kind, s)) ?? 0,
    }));
  }
  if (servedByBuckets(rest, WITHDRAWALS_COUNT_RULE, ['kind', 'awaitingOver24h'])) {
    // Only requests in `requested` await; the other tabs are empty by definition.
    const awaiting = await countAwaiting(db, filter.kind);
    return WITHDRAWAL_STATUSES.map((s) => ({ status: s, count: s === 'requested' ? awaiting : 0 }));
  }
  if (servedByBuckets(rest, WITHDRAWALS_COUNT_RULE, AMOUNT_FIELDS)) {
    const counts = await Promise.all(
      WITHDRAWAL_STATUSES.map((s) => countAmountRange(db, filter, s)),
    );
    return WITHDRAWAL_STATUSES.map((s, i) => ({ status: s, count: counts[i]! }));
  }
  if (
    servedByBuckets(rest, WITHDRAWALS_COUNT_RULE, ['kind', 'requestedAtFrom', 'requestedAtUntil'])
  ) {
    const from = rest.requestedAtFrom ? new Date(rest.requestedAtFrom) : undefined;
    const until = rest.requestedAtUntil ? new Date(rest.requestedAtUntil) : undefined;
    const counts = await Promise.all(
      WITHDRAWAL_STATUSES.map((s) => countRequestedRange(db, filter.kind, s, from, until)),
    );
    if (counts.every((n) => n !== undefined))
      return WITHDRAWAL_STATUSES.map((s, i) => ({ status: s, count: counts[i]! }));
  }
  // One count per status, added up in one statement: each is a range scan of a
  // (kind, status, <filter column>) index, reading only the matching entries. A GROUP BY
  // status over (kind, status, …) had to walk the whole kind for a requested-at range
  // (bench: 125k index entries for 29k matches).
  const perStatus = WITHDRAWAL_STATUSES.map((s) =>
    applyFilter(db.selectFrom('withdrawal_requests as w'), { ...rest, status: s }).select([
      sql<WithdrawalStatus>`${sql.lit(s)}::text`.as('status'),
      (eb) => eb.fn.countAll<string>().as('n'),
    ]),
  );
  const [first, ...others] = perStatus;
  const rows = await others.reduce((q, next) => q.unionAll(next), first!).execute();
  const byStatus = new Map(rows.map((r) => [r.status, Number(r.n)]));
  return WITHDRAWAL_STATUSES.map((s) => ({ status: s, count: byStatus.get(s) ?? 0 }));
}

/**
 * Requests of one kind and status with `from <= requested_at <= until` (either end open), from
 * the requested-day buckets of 0142: whole UTC days from row_counts, the two edge days through
 * the (kind, status, requested_at) index, so the cost does not grow with the range or the
 * table. Undefined when a bound cannot be keyed (then the caller counts by index).
 */
function countRequestedRange(
  db: Executor,
  kind: WithdrawalKind,
  status: WithdrawalStatus,
  from: Date | undefined,
  until: Date | undefined,
): Promise<number | undefined> {
  return countFromDayBuckets(
    db,
    countBuckets.withdrawal_requests.requestedDays(kind, status),
    { from, until },
    (low, high, lowInclusive) =>
      db
        .selectFrom('withdrawal_requests as w')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('w.kind', '=', kind)
        .where('w.status', '=', status)
        .where('w.requested_at', lowInclusive ? '>=' : '>', low)
        .where('w.requested_at', '<', high),
  );
}

/**
 * Requests of a kind awaiting over 24 h (requested, and requested before now() - 24 h, as
 * the list's rows say): the requested-day buckets of 0142 for the UTC days before that
 * instant's day, and that day's requests before it through the (kind, status, requested_at)
 * index. One statement, so one now() draws the line for both parts (at 5M: 125,076 requests
 * counted by index, 51-82 ms a page).
 */
async function countAwaiting(db: Executor, kind: WithdrawalKind): Promise<number> {
  const days = countBuckets.withdrawal_requests.requestedDays(kind, 'requested');
  const { rows } = await sql<{ n: string }>`
    SELECT coalesce((
        SELECT sum(n) FROM row_counts
         WHERE relation = ${days.relation} AND starts_with(bucket, ${days.prefix})
           AND bucket COLLATE "C" < ${days.prefix} || to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD')
      ), 0) + (
        SELECT count(*) FROM withdrawal_requests w
         WHERE w.kind = ${kind} AND w.status = 'requested'
           AND w.requested_at >= date_trunc('day', t.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
           AND w.requested_at < t.at
      ) AS n
      FROM (SELECT now() - interval '24 hours' AS at) t`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A filter of these fields alone (and the status) is counted from the amount bands (0230). */
const AMOUNT_FIELDS = ['kind', 'amountFrom', 'amountTo'] as const;

/**
 * Requests of one kind and status with `amountFrom <= amount <= amountTo` (either end open),
 * from the amount-band buckets of 0230: whole bands from row_counts, the two edge bands through
 * the (kind, status, amount) index, so the cost does not grow with the range or the table.
 */
function countAmountRange(
  db: Executor,
  filter: WithdrawalsFilter,
  status: WithdrawalStatus,
): Promise<number> {
  return countFromAmountBands(
    db,
    countBuckets.withdrawal_requests.amountBands(filter.kind, status),
    { from: filter.amountFrom, to: filter.amountTo },
    (low, high, lowInclusive) =>
      db
        .selectFrom('withdrawal_requests as w')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('w.kind', '=', filter.kind)
        .where('w.status', '=', status)
        .where('w.amount', lowInclusive ? '>=' : '>', low)
        .where('w.amount', '<', high),
  );
}

/**
 * Locks the requests matching a list's filter (exactly the list's rows: the same applyFilter),
 * in id order so overlapping calls cannot deadlock, and answers their ids and revisions (a
 * confirmed set's members); at most `limit`. Row locks are taken on withdrawal_requests only
 * (the user and hash sub-selects are read).
 */
export async function lockMatchingSet(
  db: Executor,
  filter: WithdrawalsFilter,
  limit: number,
): Promise<MatchingRow[]> {
  const rows = await applyFilter(db.selectFrom('withdrawal_requests as w'), filter)
    .select([sql<string>`w.id::text`.as('id'), 'w.revision'])
    .orderBy('w.id')
    .limit(limit)
    .forUpdate()
    .execute();
  return rows;
}

/** A request of a confirmed set: its id and revision (what its fingerprint is made of). */
export type MatchingRow = { id: string; revision: number };

/** The requests matching a list's filter with their revisions, unlocked (a preview's set). */
export async function matchingSet(
  db: Executor,
  filter: WithdrawalsFilter,
  limit: number,
): Promise<MatchingRow[]> {
  return applyFilter(db.selectFrom('withdrawal_requests as w'), filter)
    .select([sql<string>`w.id::text`.as('id'), 'w.revision'])
    .orderBy('w.id')
    .limit(limit)
    .execute();
}

/** What an approver sees beside each request (issue #14): the user's recent withdrawals in
 * that coin, the receiving address's age and other users, the user's registration. */
export type ApproverContext = {
  id: string;
  userCount24h: number;
  userAmount24h: string;
  userCount30d: number;
  userAmount30d: string;
  addressFirstSeenAt: Date | null;
  addressOtherUsers: number;
};

export async function approverContext(
  db: Executor,
  ids: readonly string[],
): Promise<ApproverContext[]> {
  if (ids.length === 0) return [];
  // Per page row: the user's index (end_user_id, requested_at) and the address index of 0071.
  const result = await sql<ApproverContext>`
    SELECT w.id::text AS id,
           recent.count_24h AS "userCount24h", recent.amount_24h::text AS "userAmount24h",
           recent.count_30d AS "userCount30d", recent.amount_30d::text AS "userAmount30d",
           addr.first_seen AS "addressFirstSeenAt", addr.other_users AS "addressOtherUsers"
      FROM withdrawal_requests w
      CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE o.requested_at >= now() - interval '24 hours')::int AS count_24h,
               coalesce(sum(o.amount) FILTER (WHERE o.requested_at >= now() - interval '24 hours'), 0) AS amount_24h,
               count(*)::int AS count_30d,
               coalesce(sum(o.amount), 0) AS amount_30d
          FROM withdrawal_requests o
         WHERE o.end_user_id = w.end_user_id AND o.coin_type = w.coin_type
           AND o.requested_at >= now() - interval '30 days'
           AND o.status <> 'rejected' AND o.id <> w.id
      ) AS recent
      CROSS JOIN LATERAL (
        SELECT min(o.requested_at) AS first_seen,
               count(DISTINCT o.end_user_id) FILTER (WHERE o.end_user_id <> w.end_user_id)::int AS other_users
          FROM withdrawal_requests o
         WHERE lower(o.receiver_address) = lower(w.receiver_address)
      ) AS addr
     WHERE w.id = ANY(${ids.map(String)}::bigint[])`.execute(db);
  return result.rows;
}

/** Filters of userWithdrawalHistory: one user's requests of every kind unless narrowed. */
export type UserWithdrawalsFilter = {
  userId: number;
} & FilterValues<typeof USER_WITHDRAWALS_LIST.filters>;

/** A user's request: its kind and amounts are what paidAmounts reads, declared there once. */
export type UserWithdrawalRow = PaidAmountSource & {
  id: string;
  status: WithdrawalStatus;
  requestedAt: Date;
  processingAt: Date | null;
  completedAt: Date | null;
  failedAt: Date | null;
  rejectedAt: Date | null;
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
        'uw.eth_principal as ethPrincipal',
        'uw.eth_reward as ethReward',
        'uw.eth_fee as ethFee',
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

/** When a request was made (the first event of its timeline), or undefined. */
export async function findRequestedAt(
  db: Executor,
  id: string,
): Promise<{ requestedAt: Date } | undefined> {
  return db
    .selectFrom('withdrawal_requests')
    .select('requested_at as requestedAt')
    .where('id', '=', id)
    .executeTakeFirst();
}
