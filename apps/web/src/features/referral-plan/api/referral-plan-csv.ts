import { graphql } from '@/gql';
import { exportQuery } from '@/lib/list-query';

const TrackRecordsCsvDocument = graphql(`
  query TrackRecordsCsv($userName: String, $sort: SortInput) {
    referralRewardsCsv(userName: $userName, sort: $sort) {
      url
      fileName
    }
  }
`);

/** The download link of the track records with the screen's search and sort. */
export const trackRecordsCsv = exportQuery(
  TrackRecordsCsvDocument,
  (data) => data.referralRewardsCsv,
);

const AffiliateRemittancesCsvDocument = graphql(`
  query AffiliateRemittancesCsv($userName: String, $sort: SortInput) {
    referralPlanRemittanceHistoryCsv(userName: $userName, sort: $sort) {
      url
      fileName
    }
  }
`);

/** The download link of the referral-plan remittances with the screen's search. */
export const affiliateRemittancesCsv = exportQuery(
  AffiliateRemittancesCsvDocument,
  (data) => data.referralPlanRemittanceHistoryCsv,
);

const AggregatesCsvDocument = graphql(`
  query AggregatesCsv($userName: String, $sort: SortInput) {
    affiliateSavingAggregatesCsv(userName: $userName, sort: $sort) {
      url
      fileName
    }
  }
`);

/** The download link of the referral-plan aggregates with the screen's search and sort. */
export const aggregatesCsv = exportQuery(
  AggregatesCsvDocument,
  (data) => data.affiliateSavingAggregatesCsv,
);
