import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineExport, personColumns, type ExportFilterInput } from '../../platform/exports';
import { textFilter } from '../../shared/list-input';
import { toPageRequest, type PageRequestInput } from '../../shared/page';
import {
  affiliateAggregatesExportQuery,
  affiliateTrackRecordsExportQuery,
} from './affiliate-aggregates-repository';

const str = (value: unknown) => (typeof value === 'string' ? textFilter(value) : undefined);

/**
 * referralRewardsCsv (download centre type 2, spec section 9): the referral plan's affiliate
 * track records, the `affiliateTrackRecords` list with its search and sort, every page.
 */
export function referralExports(db: Kysely<DB>) {
  return [
    defineExport({
      name: 'referralRewards',
      fileName: 'referral_plan_track_records',
      parseFilters: (input: ExportFilterInput) => ({
        search: {
          userName: str(input.userName),
          email: str(input.email),
          forceClubId: str(input.forceClubId),
        },
        sort: toPageRequest(
          { sort: input.sort } as PageRequestInput,
          ['userId', 'numberOfChildren'] as const,
          { target: 'userId', orderBy: 'desc' },
        ).sort,
      }),
      query: ({ search, sort }) => affiliateTrackRecordsExportQuery(db, search, sort),
      columns: [
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
        {
          key: 'totalHecPrincipal',
          header: 'totalHecPrincipal',
          meaning: 'HEC principal',
          type: 'decimal',
          unit: 'HEC',
          example: '80',
        },
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
      ],
    }),
    defineExport({
      name: 'affiliateSavingAggregates',
      fileName: 'referral_plan_aggregates',
      parseFilters: (input: ExportFilterInput) => ({
        search: {
          userName: str(input.userName),
          email: str(input.email),
          forceClubId: str(input.forceClubId),
        },
        sort: toPageRequest(
          { sort: input.sort } as PageRequestInput,
          ['id', 'totalSentHec'] as const,
          { target: 'id', orderBy: 'desc' },
        ).sort,
      }),
      query: ({ search, sort }) => affiliateAggregatesExportQuery(db, search, sort),
      columns: [
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
        {
          key: 'totalHecPrincipal',
          header: 'totalHecPrincipal',
          meaning: 'HEC principal',
          type: 'decimal',
          unit: 'HEC',
          example: '80',
        },
        {
          key: 'totalAtemPrincipal',
          header: 'totalAtemPrincipal',
          meaning: 'ATEM principal',
          type: 'decimal',
          unit: 'ATEM',
          example: '20.5',
        },
      ],
    }),
  ];
}
