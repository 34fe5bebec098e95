import { AGGREGATES_SHAPE, TRACK_RECORDS_SHAPE } from '@app/shared';
import { personColumns, type ExportColumn } from '../../platform/exports';
import { defineExportedList, type FilterInput, type FilterValues } from '../../platform/lists';

export type AffiliateAggregateRow = {
  id: number;
  username: string;
  email: string;
  forceClubId: string | null;
  remittanceCount: number;
  totalSentHec: string;
  totalSentUsdValuation: string;
  totalHecPrincipal: string;
  totalAtemPrincipal: string;
};

export type AffiliateTrackRecordRow = {
  userId: number;
  userName: string;
  email: string;
  forceClubId: string | null;
  totalRemittedHec: string;
  totalHecPrincipal: string;
  totalReferralRewards: string;
  totalBonusRewards: string;
  numberOfChildren: number;
  parentUserName: string | null;
};

/** The search of the track records and the aggregates (`searchParams`). */
type AffiliateSearchFilters = typeof TRACK_RECORDS_SHAPE.filters;

/** A row of referralRewardsCsv: the list's row and the parent's id. */
type AffiliateTrackRecordExportRow = AffiliateTrackRecordRow & { parentId: number | null };

/** The referral-plan principal, the same column in the track records and the aggregates. */
const TOTAL_HEC_PRINCIPAL_COLUMN: ExportColumn<Record<'totalHecPrincipal', unknown>> = {
  key: 'totalHecPrincipal',
  header: 'totalHecPrincipal',
  meaning: 'HEC principal',
  type: 'decimal',
  unit: 'HEC',
  example: '80',
};

const TRACK_RECORDS_COLUMNS: readonly ExportColumn<AffiliateTrackRecordExportRow>[] = [
  personColumns.userId('userId'),
  personColumns.userName('userName'),
  personColumns.email(),
  personColumns.forceClubId(),
  {
    key: 'totalRemittedHec',
    header: 'totalRemittedHec',
    meaning: 'HEC remitted to the referral plan',
    type: 'decimal',
    unit: 'HEC',
    example: '100.5',
  },
  TOTAL_HEC_PRINCIPAL_COLUMN,
  {
    key: 'totalReferralRewards',
    header: 'totalReferralRewards',
    meaning: "Referral rewards from the children's remittances",
    type: 'decimal',
    unit: 'HEC',
    example: '1.000000000000000001',
  },
  {
    key: 'totalBonusRewards',
    header: 'totalBonusRewards',
    meaning: 'Bonus rewards',
    type: 'decimal',
    unit: 'HEC',
    example: '0.25',
  },
  {
    key: 'numberOfChildren',
    header: 'numberOfChildren',
    meaning: 'Direct children in the referral tree',
    type: 'integer',
    example: '3',
  },
  ...personColumns.parent(),
];

const AGGREGATES_COLUMNS: readonly ExportColumn<AffiliateAggregateRow>[] = [
  personColumns.userId('id'),
  personColumns.userName('username'),
  personColumns.email(),
  personColumns.forceClubId(),
  {
    key: 'remittanceCount',
    header: 'remittanceCount',
    meaning: 'Referral-plan remittances',
    type: 'integer',
    example: '4',
  },
  {
    key: 'totalSentHec',
    header: 'totalSentHec',
    meaning: 'HEC sent',
    type: 'decimal',
    unit: 'HEC',
    example: '100.5',
  },
  {
    key: 'totalSentUsdValuation',
    header: 'totalSentUsdValuation',
    meaning: 'USD valuation',
    type: 'decimal',
    unit: 'USD',
    example: '1250.00',
  },
  TOTAL_HEC_PRINCIPAL_COLUMN,
  {
    key: 'totalAtemPrincipal',
    header: 'totalAtemPrincipal',
    meaning: 'ATEM principal',
    type: 'decimal',
    unit: 'ATEM',
    example: '20.5',
  },
];

/**
 * The referral plan's affiliate track records, declared once (docs/list-conventions.md):
 * `affiliateTrackRecords` (in `input.searchParams`) and `referralRewardsCsv` (download centre
 * type 2) take this search and these sort targets.
 */
export const TRACK_RECORDS_LIST = defineExportedList(TRACK_RECORDS_SHAPE, {
  name: 'referralRewards',
  fileName: 'referral_plan_track_records',
  columns: TRACK_RECORDS_COLUMNS,
});

/** The referral-plan aggregates: `affiliateSavingAggregates` and its CSV, the same search. */
export const AGGREGATES_LIST = defineExportedList(AGGREGATES_SHAPE, {
  name: 'affiliateSavingAggregates',
  fileName: 'referral_plan_aggregates',
  columns: AGGREGATES_COLUMNS,
});

export type TrackRecordsSortTarget = (typeof TRACK_RECORDS_LIST.sortTargets)[number];
export type AggregatesSortTarget = (typeof AGGREGATES_LIST.sortTargets)[number];
/** The search as the service takes it. */
export type AffiliateSearchInput = FilterInput<AffiliateSearchFilters>;
/** The search as the repository takes it (blank text dropped). */
export type AffiliateSearch = FilterValues<AffiliateSearchFilters>;
