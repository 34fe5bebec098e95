import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineListExport } from '../../platform/lists';
import {
  affiliateAggregatesExportQuery,
  affiliateTrackRecordsExportQuery,
} from './affiliate-aggregates-repository';
import { AGGREGATES_LIST, TRACK_RECORDS_LIST } from './referral-list';
import { affiliateSearch } from './referral-service';

/**
 * referralRewardsCsv (download centre type 2, spec section 9): the referral plan's affiliate
 * track records, the `affiliateTrackRecords` list with its search and sort, every page; and
 * the aggregates' CSV, the `affiliateSavingAggregates` list likewise.
 */
export function referralExports(db: Kysely<DB>) {
  return [
    defineListExport(TRACK_RECORDS_LIST, {
      filter: affiliateSearch,
      query: (search, sort) => affiliateTrackRecordsExportQuery(db, search, sort),
    }),
    defineListExport(AGGREGATES_LIST, {
      filter: affiliateSearch,
      query: (search, sort) => affiliateAggregatesExportQuery(db, search, sort),
    }),
  ];
}
