import { emailKey, prefixPattern, userNameKey } from '../../db/end-user-keys';
import type { Executor } from '../../db/executor';
import {
  countBuckets,
  countFromBuckets,
  servedByBuckets,
  type CountRule,
} from '../../db/count-buckets';
import type { Page, PageRequest } from '../../shared/page';
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
export const AFFILIATE_SEARCH_COUNT_RULE = {
  userName: 'index',
  email: 'index',
  forceClubId: 'index',
} as const satisfies CountRule<AffiliateSearch>;

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
  let query = db.selectFrom('end_users as u').where('u.affiliate_remittance_count', '>', 0);
  if (search.userName)
    query = query.where(userNameKey('u'), 'like', prefixPattern(search.userName));
  if (search.email) query = query.where(emailKey('u'), 'like', prefixPattern(search.email));
  if (search.forceClubId) query = query.where('u.force_club_id_hash', '=', search.forceClubId);
  let ordered = query;
  if (pagination.sort?.target === 'totalSentHec')
    ordered = ordered.orderBy('u.affiliate_sent_hec', direction);
  const rows = await ordered
    .orderBy('u.id', direction)
    .select([
      'u.id',
      'u.user_name as username',
      'u.email',
      'u.force_club_id_hash as forceClubId',
      'u.affiliate_remittance_count as remittanceCount',
      'u.affiliate_sent_hec as totalSentHec',
      'u.affiliate_usd_valuation as totalSentUsdValuation',
      'u.affiliate_hec_principal as totalHecPrincipal',
      'u.affiliate_atem_principal as totalAtemPrincipal',
    ])
    .limit(pagination.limit)
    .offset(pagination.offset)
    .execute();
  // Unfiltered, the list is every user with referral-plan remittances: the maintained
  // `affiliate_remitter` bucket (migration 0018) instead of counting ~200k index entries.
  const filtered = !servedByBuckets(search, AFFILIATE_SEARCH_COUNT_RULE, []);
  const totalRecords = filtered
    ? Number(
        (await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
      )
    : await countFromBuckets(db, 'end_users', [countBuckets.end_users.affiliateRemitter]);
  return { rows, totalRecords };
}

/** affiliateTrackRecords: every user with the stored referral-plan totals and parent. */
export async function listAffiliateTrackRecords(
  db: Executor,
  search: AffiliateSearch,
  pagination: PageRequest<TrackRecordsSortTarget>,
): Promise<Page<AffiliateTrackRecordRow>> {
  const direction = pagination.sort?.orderBy ?? 'desc';
  let query = db.selectFrom('end_users as u');
  if (search.userName)
    query = query.where(userNameKey('u'), 'like', prefixPattern(search.userName));
  if (search.email) query = query.where(emailKey('u'), 'like', prefixPattern(search.email));
  if (search.forceClubId) query = query.where('u.force_club_id_hash', '=', search.forceClubId);
  // (children_count DESC, id) index of 0010 serves the children sort.
  const ordered =
    pagination.sort?.target === 'numberOfChildren'
      ? query
          .orderBy('u.children_count', direction)
          .orderBy('u.id', direction === 'desc' ? 'asc' : 'desc')
      : query.orderBy('u.id', direction);
  const rows = await ordered
    .leftJoin('end_users as p', 'p.id', 'u.parent_id')
    .select([
      'u.id as userId',
      'u.user_name as userName',
      'u.email',
      'u.force_club_id_hash as forceClubId',
      'u.affiliate_sent_hec as totalRemittedHec',
      'u.affiliate_hec_principal as totalHecPrincipal',
      'u.total_referral_rewards as totalReferralRewards',
      'u.total_bonus_rewards as totalBonusRewards',
      'u.children_count as numberOfChildren',
      'p.user_name as parentUserName',
    ])
    .limit(pagination.limit)
    .offset(pagination.offset)
    .execute();
  const filtered = !servedByBuckets(search, AFFILIATE_SEARCH_COUNT_RULE, []);
  const totalRecords = filtered
    ? Number(
        (await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
      )
    : await countFromBuckets(db, 'end_users', [countBuckets.end_users.all]);
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
  let query = db.selectFrom('end_users as u');
  if (search.userName)
    query = query.where(userNameKey('u'), 'like', prefixPattern(search.userName));
  if (search.email) query = query.where(emailKey('u'), 'like', prefixPattern(search.email));
  if (search.forceClubId) query = query.where('u.force_club_id_hash', '=', search.forceClubId);
  const ordered =
    sort.target === 'numberOfChildren'
      ? query
          .orderBy('u.children_count', sort.orderBy)
          .orderBy('u.id', sort.orderBy === 'desc' ? 'asc' : 'desc')
      : query.orderBy('u.id', sort.orderBy);
  return ordered
    .leftJoin('end_users as p', 'p.id', 'u.parent_id')
    .select([
      'u.id as userId',
      'u.user_name as userName',
      'u.email',
      'u.force_club_id_hash as forceClubId',
      'u.affiliate_sent_hec as totalRemittedHec',
      'u.affiliate_hec_principal as totalHecPrincipal',
      'u.total_referral_rewards as totalReferralRewards',
      'u.total_bonus_rewards as totalBonusRewards',
      'u.children_count as numberOfChildren',
      'u.parent_id as parentId',
      'p.user_name as parentUserName',
    ]);
}

/** affiliateSavingAggregates without paging, for affiliateSavingAggregatesCsv (issue 13). */
export function affiliateAggregatesExportQuery(
  db: Executor,
  search: AffiliateSearch,
  sort: { target: AggregatesSortTarget; orderBy: 'asc' | 'desc' },
) {
  let query = db.selectFrom('end_users as u').where('u.affiliate_remittance_count', '>', 0);
  if (search.userName)
    query = query.where(userNameKey('u'), 'like', prefixPattern(search.userName));
  if (search.email) query = query.where(emailKey('u'), 'like', prefixPattern(search.email));
  if (search.forceClubId) query = query.where('u.force_club_id_hash', '=', search.forceClubId);
  if (sort.target === 'totalSentHec') query = query.orderBy('u.affiliate_sent_hec', sort.orderBy);
  return query
    .orderBy('u.id', sort.orderBy)
    .select([
      'u.id',
      'u.user_name as username',
      'u.email',
      'u.force_club_id_hash as forceClubId',
      'u.affiliate_remittance_count as remittanceCount',
      'u.affiliate_sent_hec as totalSentHec',
      'u.affiliate_usd_valuation as totalSentUsdValuation',
      'u.affiliate_hec_principal as totalHecPrincipal',
      'u.affiliate_atem_principal as totalAtemPrincipal',
    ]);
}
