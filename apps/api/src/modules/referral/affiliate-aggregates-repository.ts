import type { SelectQueryBuilder } from 'kysely';
import { whereUserPrefix } from '../../db/end-user-keys';
import type { Executor } from '../../db/executor';
import { FENCE_MAX_MATCHES } from '../../db/fence';
import { countBuckets, countListRows, type Bucket, type CountRule } from '../../db/count-buckets';
import type { DB } from '../../db/schema';
import type { Page, PageRequest, SortOrder } from '../../shared/page';
import type {
  AffiliateAggregateRow,
  AffiliateSearch,
  AffiliateTrackRecordRow,
  AggregatesSortTarget,
  TrackRecordsSortTarget,
} from './referral-list';

export type {
  AffiliateAggregateRow,
  AffiliateSearch,
  AffiliateTrackRecordRow,
  AggregatesSortTarget,
  TrackRecordsSortTarget,
};

/** No bucket filter: unfiltered, the aggregates are the remitters and track records all users. */
const AFFILIATE_SEARCH_COUNT_RULE = {
  userName: 'index',
  email: 'index',
  forceClubId: 'index',
} as const satisfies CountRule<AffiliateSearch>;

type UsersQuery<O> = SelectQueryBuilder<DB & { u: DB['end_users'] }, 'u', O>;

/** The referral screens' search, for the two lists and their exports alike. */
function searched<O>(query: UsersQuery<O>, search: AffiliateSearch): UsersQuery<O> {
  const q = whereUserPrefix(query, 'u', search);
  return search.forceClubId ? q.where('u.force_club_id_hash', '=', search.forceClubId) : q;
}

/** The aggregates' users: those with referral-plan remittances, searched. */
const aggregateUsers = (db: Executor, search: AffiliateSearch) =>
  searched(db.selectFrom('end_users as u').where('u.affiliate_remittance_count', '>', 0), search);

/** The aggregates' order: by the remitted HEC when asked, then the id. */
function aggregatesOrder<O>(
  query: UsersQuery<O>,
  target: AggregatesSortTarget | undefined,
  direction: SortOrder,
): UsersQuery<O> {
  const ordered =
    target === 'totalSentHec' ? query.orderBy('u.affiliate_sent_hec', direction) : query;
  return ordered.orderBy('u.id', direction);
}

/** The (children_count DESC, id) index of 0010 serves the children sort. */
function trackRecordsOrder<O>(
  query: UsersQuery<O>,
  target: TrackRecordsSortTarget | undefined,
  direction: SortOrder,
): UsersQuery<O> {
  return target === 'numberOfChildren'
    ? query
        .orderBy('u.children_count', direction)
        .orderBy('u.id', direction === 'desc' ? 'asc' : 'desc')
    : query.orderBy('u.id', direction);
}

/** An aggregates row, the list's and the export's. */
const AGGREGATE_COLUMNS = [
  'u.id',
  'u.user_name as username',
  'u.email',
  'u.force_club_id_hash as forceClubId',
  'u.affiliate_remittance_count as remittanceCount',
  'u.affiliate_sent_hec as totalSentHec',
  'u.affiliate_usd_valuation as totalSentUsdValuation',
  'u.affiliate_hec_principal as totalHecPrincipal',
  'u.affiliate_atem_principal as totalAtemPrincipal',
] as const;

/** A track record (the user `u` and its parent `p`), the list's and the export's. */
const TRACK_RECORD_COLUMNS = [
  'u.id as userId',
  'u.user_name as userName',
  'u.email',
  'u.force_club_id_hash as forceClubId',
  'u.affiliate_sent_hec as totalRemittedHec',
  'u.affiliate_hec_principal as totalHecPrincipal',
  'u.total_referral_rewards as totalReferralRewards',
  'u.total_bonus_rewards as totalBonusRewards',
  'u.children_count as numberOfChildren',
] as const;

/** A search that narrows the list (a name, an email, a ForceClub id). */
const searching = (search: AffiliateSearch) => Object.values(search).some((v) => v);

/**
 * A referral list's count and the users its page is cut from (`keys`, none past the end),
 * counted first: the count decides the page's plan. A search matching at most
 * FENCE_MAX_MATCHES users is read through its own index with the sort's column (OFFSET 0
 * fences it, so the planner cannot merge the search into a walk of the sort's index) and
 * sorted; a larger one, or none, walks the sort's index.
 */
async function countedKeys<C extends 'u.affiliate_sent_hec' | 'u.children_count'>(
  db: Executor,
  search: AffiliateSearch,
  pagination: PageRequest<string>,
  query: UsersQuery<object>,
  bucket: Bucket<'end_users'>,
  sortColumn: C,
) {
  const totalRecords = await countListRows(
    db,
    { filter: search, rule: AFFILIATE_SEARCH_COUNT_RULE, fields: [] },
    query,
    'end_users',
    () => bucket,
  );
  if (pagination.offset >= totalRecords) return { totalRecords, keys: undefined };
  const keys =
    searching(search) && totalRecords <= FENCE_MAX_MATCHES
      ? db.selectFrom(query.select(['u.id', sortColumn]).offset(0).as('u'))
      : query;
  return { totalRecords, keys };
}

/**
 * affiliateSavingAggregates: one row per user with referral-plan remittances, from the stored
 * totals (kept by triggers), so no per-request sums over the remittances.
 */
export async function listAffiliateAggregates(
  db: Executor,
  search: AffiliateSearch,
  pagination: PageRequest<AggregatesSortTarget>,
): Promise<Page<AffiliateAggregateRow>> {
  const direction = pagination.sort?.orderBy ?? 'desc';
  const target = pagination.sort?.target;
  const query = aggregateUsers(db, search);
  // Unfiltered, the list is every user with referral-plan remittances: the maintained
  // `affiliate_remitter` bucket (migration 0018) instead of counting ~200k index entries.
  const { totalRecords, keys } = await countedKeys(
    db,
    search,
    pagination,
    query,
    countBuckets.end_users.affiliateRemitter,
    'u.affiliate_sent_hec',
  );
  if (!keys) return { rows: [], totalRecords };
  const pageIds = (
    target === 'totalSentHec' ? keys.orderBy('u.affiliate_sent_hec', direction) : keys
  )
    .orderBy('u.id', direction)
    .select('u.id')
    .limit(pagination.limit)
    .offset(pagination.offset);
  const rows = await aggregatesOrder(
    db.selectFrom('end_users as u').where('u.id', 'in', pageIds),
    target,
    direction,
  )
    .select(AGGREGATE_COLUMNS)
    .execute();
  return { rows, totalRecords };
}

/** affiliateTrackRecords: every user with the stored referral-plan totals and parent. */
export async function listAffiliateTrackRecords(
  db: Executor,
  search: AffiliateSearch,
  pagination: PageRequest<TrackRecordsSortTarget>,
): Promise<Page<AffiliateTrackRecordRow>> {
  const direction = pagination.sort?.orderBy ?? 'desc';
  const target = pagination.sort?.target;
  const query = searched(db.selectFrom('end_users as u'), search);
  // A name, email or ForceClub id matches few users, but sorted by id (or children) the planner
  // walked that index filtering row by row: 0.7-2 s at 5M for one match (hence the fence).
  const { totalRecords, keys } = await countedKeys(
    db,
    search,
    pagination,
    query,
    countBuckets.end_users.all,
    'u.children_count',
  );
  if (!keys) return { rows: [], totalRecords };
  // Page first: the page's ids from the order's index (index-only), then only those users and
  // their parents read; joining the parents before OFFSET read every skipped user's row (a
  // middle page of 5M: 11-15 s).
  const pageIds = (
    target === 'numberOfChildren'
      ? keys
          .orderBy('u.children_count', direction)
          .orderBy('u.id', direction === 'desc' ? 'asc' : 'desc')
      : keys.orderBy('u.id', direction)
  )
    .select('u.id')
    .limit(pagination.limit)
    .offset(pagination.offset);
  const rows = await trackRecordsOrder(
    db.selectFrom('end_users as u').where('u.id', 'in', pageIds),
    target,
    direction,
  )
    .leftJoin('end_users as p', 'p.id', 'u.parent_id')
    .select([...TRACK_RECORD_COLUMNS, 'p.user_name as parentUserName'])
    .execute();
  return { rows, totalRecords };
}

/**
 * affiliateTrackRecords without paging, for referralRewardsCsv (issue 13, download centre
 * type 2): the list's search and order, with the parent's id as well as its name.
 */
export function affiliateTrackRecordsExportQuery(
  db: Executor,
  search: AffiliateSearch,
  sort: { target: TrackRecordsSortTarget; orderBy: 'asc' | 'desc' },
) {
  const query = searched(db.selectFrom('end_users as u'), search);
  return trackRecordsOrder(query, sort.target, sort.orderBy)
    .leftJoin('end_users as p', 'p.id', 'u.parent_id')
    .select([...TRACK_RECORD_COLUMNS, 'u.parent_id as parentId', 'p.user_name as parentUserName']);
}

/** affiliateSavingAggregates without paging, for affiliateSavingAggregatesCsv (issue 13). */
export function affiliateAggregatesExportQuery(
  db: Executor,
  search: AffiliateSearch,
  sort: { target: AggregatesSortTarget; orderBy: 'asc' | 'desc' },
) {
  return aggregatesOrder(aggregateUsers(db, search), sort.target, sort.orderBy).select(
    AGGREGATE_COLUMNS,
  );
}
