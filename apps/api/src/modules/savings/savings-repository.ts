import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { whereUserPrefix, type UserPrefixFilter } from '../../db/end-user-keys';
import type { Executor } from '../../db/executor';
import { countBuckets, countListRows, type CountRule } from '../../db/count-buckets';
import type { ListSort } from '../../platform/lists';
import type { Page, PageRequest, SortOrder } from '../../shared/page';
import type {
  AffiliateRemittanceRow,
  SavingRemittanceRow,
  SavingSearch,
  UserSavingsFilter,
} from './savings-list';

export type { SavingRemittanceRow };

/** Both remittance lists count their user and range filters (export-only) through an index. */
const BY_USER_AND_RANGE = {
  userName: 'index',
  confirmedAtFrom: 'index',
  confirmedAtUntil: 'index',
} as const;

/** How each userSavings filter is counted: the plan has buckets. */
const REMITTANCES_COUNT_RULE = {
  ...BY_USER_AND_RANGE,
  planName: 'buckets',
} as const satisfies CountRule<UserSavingsFilter>;

/** affiliateSavingRemittances has no bucket filter: unfiltered, it is the `all` bucket. */
const AFFILIATE_REMITTANCES_COUNT_RULE = {
  ...BY_USER_AND_RANGE,
  email: 'index',
} as const satisfies CountRule<SavingSearch>;

/**
 * The remittances (`r`) of the users whose name (email) starts with the filter's,
 * case-insensitively: the same prefix match as the users list, through the "C" key indexes of
 * 0020. Every list and export of remittances filters its users so.
 */
function ofMatchingUsers<D, TB extends keyof D, O>(
  db: Executor,
  query: SelectQueryBuilder<D, TB, O>,
  filter: UserPrefixFilter,
): SelectQueryBuilder<D, TB, O> {
  if (!filter.userName && !filter.email) return query;
  const users = whereUserPrefix(db.selectFrom('end_users as mu').select('mu.id'), 'mu', filter);
  return query.where(sql.ref('r.end_user_id'), 'in', users);
}

/** An export's remittances (`r`): its users', within the download centre's confirmation range. */
function exported<D, TB extends keyof D, O>(
  db: Executor,
  query: SelectQueryBuilder<D, TB, O>,
  filter: SavingSearch,
): SelectQueryBuilder<D, TB, O> {
  let q = ofMatchingUsers(db, query, filter);
  if (filter.confirmedAtFrom) q = q.where(sql.ref('r.confirmed_at'), '>=', filter.confirmedAtFrom);
  if (filter.confirmedAtUntil)
    q = q.where(sql.ref('r.confirmed_at'), '<=', filter.confirmedAtUntil);
  return q;
}

/** Newest first or as asked (ties by id): the order of every remittance list, page and export. */
function inConfirmationOrder<D, TB extends keyof D, O>(
  query: SelectQueryBuilder<D, TB, O>,
  direction: SortOrder = 'desc',
): SelectQueryBuilder<D, TB, O> {
  return query.orderBy(sql.ref('r.confirmed_at'), direction).orderBy(sql.ref('r.id'), direction);
}

/** One page of remittances (`r`), newest first or as asked. */
function pageOf<D, TB extends keyof D, O>(
  query: SelectQueryBuilder<D, TB, O>,
  p: PageRequest<'confirmedAt'>,
): SelectQueryBuilder<D, TB, O> {
  return inConfirmationOrder(query, p.sort?.orderBy).limit(p.limit).offset(p.offset);
}

/**
 * The ids of one page of a remittance list: the page is cut before anything is joined, and the
 * list joins only these rows.
 */
function remittancePageIds<T extends 'saving_remittances' | 'affiliate_remittances'>(
  query: SelectQueryBuilder<DB & { r: DB[T] }, 'r', object>,
  p: PageRequest<'confirmedAt'>,
) {
  return pageOf(query.select('r.id'), p).as('page');
}

/** The tables a coin-saving remittance (`r`) is read with: its plan and its deposit address. */
type PlanAndAddress = { pl: DB['saving_plans']; a: DB['saving_deposit_addresses'] };
type SavingRemittances = DB & { r: DB['saving_remittances'] };

/**
 * Coin-saving remittances (`r`) joined to their plan (`pl`) and deposit address (`a`), after
 * whatever the query joined before: the list's page and user, the history's nothing, the
 * export's user.
 */
function withPlanAndAddress<D extends SavingRemittances, TB extends keyof D, O>(
  query: SelectQueryBuilder<D, TB, O>,
): SelectQueryBuilder<D & PlanAndAddress, TB | keyof PlanAndAddress, O> {
  // Kysely checks join references against known tables, not a set the caller widens (D): the
  // two joins are written against the remittances alone, and the caller's set is kept.
  return (query as unknown as SelectQueryBuilder<SavingRemittances, 'r', O>)
    .innerJoin('saving_plans as pl', 'pl.id', 'r.saving_plan_id')
    .innerJoin(
      'saving_deposit_addresses as a',
      'a.id',
      'r.deposit_address_id',
    ) as unknown as SelectQueryBuilder<D & PlanAndAddress, TB | keyof PlanAndAddress, O>;
}

/**
 * The columns a userSavings row and its export share, after the user's: the plan, the address
 * and the remittance itself.
 */
const SAVING_REMITTANCE_COLUMNS = [
  'pl.name as planName',
  'a.address',
  'r.sent_hec as amountHEC',
  'r.usd_value as amountUSD',
  'r.transaction_hash as transactionHash',
  'r.confirmed_at as confirmedAt',
] as const;

/** Coin-saving remittance history (all users), newest first. */
export async function listSavingRemittances(
  db: Executor,
  filter: UserSavingsFilter,
  p: PageRequest<'confirmedAt'>,
): Promise<Page<SavingRemittanceRow>> {
  let query = ofMatchingUsers(db, db.selectFrom('saving_remittances as r'), filter);
  let planId: number | undefined;
  if (filter.planName) {
    // Plan names are few and unique: the id, known when the page query is planned, lets the
    // (plan, date) index of 0015 serve the page and the count.
    const plan = await db
      .selectFrom('saving_plans')
      .select('id')
      .where(sql<string>`lower(name)`, '=', filter.planName.toLowerCase())
      .executeTakeFirst();
    if (!plan) return { rows: [], totalRecords: 0 };
    query = query.where('r.saving_plan_id', '=', plan.id);
    planId = plan.id;
  }
  // Page first: only the page's remittances are joined to their user, plan and address
  // (joining before OFFSET read a thousand of each for page 50).
  const page = withPlanAndAddress(
    db
      .selectFrom('saving_remittances as r')
      .innerJoin(remittancePageIds(query, p), 'page.id', 'r.id')
      .innerJoin('end_users as u', 'u.id', 'r.end_user_id'),
  ).select([
    'r.id as userSavingSentValueId',
    'u.user_name as userName',
    ...SAVING_REMITTANCE_COLUMNS,
  ]);
  const rows = await inConfirmationOrder(page, p.sort?.orderBy).execute();
  // Maintained buckets (migrations 0013, 0018) unless users are filtered: all remittances, or one
  // plan's (~150k at benchmark size, too many to count per request).
  const totalRecords = await countListRows(
    db,
    { filter, rule: REMITTANCES_COUNT_RULE, fields: ['planName'] },
    query,
    'saving_remittances',
    () =>
      planId === undefined
        ? countBuckets.saving_remittances.all
        : countBuckets.saving_remittances.plan(planId),
  );
  return { rows, totalRecords };
}

/** Referral-plan (affiliate saving) remittances of all users, newest first. */
export async function listAffiliateRemittances(
  db: Executor,
  filter: SavingSearch,
  p: PageRequest<'confirmedAt'>,
): Promise<Page<AffiliateRemittanceRow>> {
  const query = ofMatchingUsers(db, db.selectFrom('affiliate_remittances as r'), filter);
  // Page first, as for userSavings: only the page's remittances are read and joined.
  const page = db
    .selectFrom('affiliate_remittances as r')
    .innerJoin(remittancePageIds(query, p), 'page.id', 'r.id')
    .innerJoin('end_users as u', 'u.id', 'r.end_user_id')
    .select([
      'r.id',
      'u.user_name as username',
      'u.email',
      'u.force_club_id_hash as forceClubId',
      'r.confirmed_at as confirmedAt',
      'r.transaction_hash as transactionHash',
      'r.sent_hec as sentHec',
      'r.usd_valuation as usdValuation',
      'r.hec_principal as hecPrincipal',
      'r.atem_principal as atemPrincipal',
    ]);
  const rows = await inConfirmationOrder(page, p.sort?.orderBy).execute();
  const totalRecords = await countListRows(
    db,
    { filter, rule: AFFILIATE_REMITTANCES_COUNT_RULE, fields: [] },
    query,
    'affiliate_remittances',
    () => countBuckets.affiliate_remittances.all,
  );
  return { rows, totalRecords };
}

/** A user's history without a page asked (the bench): the 20 newest. */
const FIRST_HISTORY_PAGE: PageRequest<'confirmedAt'> = { limit: 20, offset: 0 };

/** Coin-saving remittances of one user with the spec's totals (user detail and history page). */
export async function findUserSavingRemittanceHistory(
  db: Executor,
  userId: number,
  page = FIRST_HISTORY_PAGE,
) {
  const [remittances, totals, user] = await Promise.all([
    pageOf(
      withPlanAndAddress(db.selectFrom('saving_remittances as r'))
        .select([
          'r.id',
          'r.confirmed_at as confirmedAt',
          'pl.name as planName',
          'r.sent_hec as sentHec',
          'r.usd_value as usdValue',
          'a.address',
          'r.transaction_hash as transactionHash',
        ])
        .where('r.end_user_id', '=', userId),
      page,
    ).execute(),
    // Per plan by its term, not its id; the four terms cover every plan (saving_plans_term_check),
    // so the four totals add up to totalSentHec.
    db
      .selectFrom('saving_remittances as r')
      .innerJoin('saving_plans as p', 'p.id', 'r.saving_plan_id')
      .select([
        sql<string>`coalesce(sum(r.sent_hec) FILTER (WHERE p.term_years = 1), 0)`.as(
          'totalOneYearPlanHec',
        ),
        sql<string>`coalesce(sum(r.sent_hec) FILTER (WHERE p.term_years = 2), 0)`.as(
          'totalTwoYearsPlanHec',
        ),
        sql<string>`coalesce(sum(r.sent_hec) FILTER (WHERE p.term_years = 3), 0)`.as(
          'totalThreeYearsPlanHec',
        ),
        sql<string>`coalesce(sum(r.sent_hec) FILTER (WHERE p.term_years = 5), 0)`.as(
          'totalFiveYearsPlanHec',
        ),
        sql<string>`count(*)`.as('totalRecords'),
      ])
      .where('r.end_user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('end_users')
      .select('total_sent_amount as totalSentHec')
      .where('id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    remittances,
    userFound: user !== undefined,
    totalSentHec: user?.totalSentHec ?? '0',
    ...totals,
  };
}

/** Referral-plan remittances of one user with the stored totals. */
export async function findUserAffiliateRemittanceHistory(
  db: Executor,
  userId: number,
  page = FIRST_HISTORY_PAGE,
) {
  const [remittances, totals] = await Promise.all([
    pageOf(
      db
        .selectFrom('affiliate_remittances as r')
        .select([
          'r.id',
          'r.confirmed_at as confirmedAt',
          'r.sent_hec as sentHec',
          'r.hec_principal as hecPrincipal',
          'r.atem_principal as atemPrincipal',
          'r.usd_valuation as usdValuation',
          'r.address',
        ])
        .where('r.end_user_id', '=', userId),
      page,
    ).execute(),
    db
      .selectFrom('end_users')
      .select([
        'affiliate_sent_hec as totalSentHec',
        'affiliate_hec_principal as totalHecPrincipal',
        'affiliate_atem_principal as totalAtemPrincipal',
        'affiliate_usd_valuation as totalUsdValuation',
        'affiliate_remittance_count as numberOfRemittances',
        'total_interest_rewards as rewardsBasedOnInterest',
        'total_referral_rewards as referralRewards',
        'total_bonus_rewards as bonusRewards',
      ])
      .where('id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { remittances, totals };
}

/**
 * userSavings without paging, for hecSavingRemittanceHistoryCsv (issue 13, download centre
 * type 1): the list's filters and order, optionally within a confirmation range.
 */
export function savingRemittancesExportQuery(
  db: Executor,
  filter: UserSavingsFilter,
  { orderBy }: ListSort<'confirmedAt'>,
) {
  let query = withPlanAndAddress(
    exported(db, db.selectFrom('saving_remittances as r'), filter).innerJoin(
      'end_users as u',
      'u.id',
      'r.end_user_id',
    ),
  );
  if (filter.planName)
    query = query.where(sql<string>`lower(pl.name)`, '=', filter.planName.toLowerCase());
  const rows = query.select([
    'r.id as userSavingSentValueId',
    'r.end_user_id as userId',
    'u.user_name as userName',
    'u.email',
    ...SAVING_REMITTANCE_COLUMNS,
  ]);
  return inConfirmationOrder(rows, orderBy);
}

/**
 * affiliateSavingRemittances without paging, with each user's parent (issue 13, download
 * centre type 3: referral-plan remittance history with parent id).
 */
export function affiliateRemittancesExportQuery(
  db: Executor,
  filter: SavingSearch,
  { orderBy }: ListSort<'confirmedAt'>,
) {
  const rows = exported(db, db.selectFrom('affiliate_remittances as r'), filter)
    .innerJoin('end_users as u', 'u.id', 'r.end_user_id')
    .leftJoin('end_users as parent', 'parent.id', 'u.parent_id')
    .select([
      'r.id',
      'r.end_user_id as userId',
      'u.user_name as username',
      'u.email',
      'u.force_club_id_hash as forceClubId',
      'u.parent_id as parentId',
      'parent.user_name as parentUserName',
      'r.confirmed_at as confirmedAt',
      'r.transaction_hash as transactionHash',
      'r.address',
      'r.sent_hec as sentHec',
      'r.usd_valuation as usdValuation',
      'r.hec_principal as hecPrincipal',
      'r.atem_principal as atemPrincipal',
    ]);
  return inConfirmationOrder(rows, orderBy);
}
