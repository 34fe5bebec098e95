import { graphql } from '@/gql';
import type {
  TrackRecordsCsvQueryVariables,
  AffiliateRemittancesCsvQueryVariables,
  AggregatesCsvQueryVariables,
} from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';

const TrackRecordsCsvQuery = graphql(`
  query TrackRecordsCsv($userName: String, $email: String, $forceClubId: String, $sort: SortInput) {
    referralRewardsCsv(userName: $userName, email: $email, forceClubId: $forceClubId, sort: $sort) {
      url
      fileName
    }
  }
`);

const AffiliateRemittancesCsvQuery = graphql(`
  query AffiliateRemittancesCsv($userName: String, $email: String, $sort: SortInput) {
    referralPlanRemittanceHistoryCsv(userName: $userName, email: $email, sort: $sort) {
      url
      fileName
    }
  }
`);

/** The download link of the track records with the screen's search and sort. */
export async function trackRecordsCsvLink(variables: TrackRecordsCsvQueryVariables) {
  return (await execute(TrackRecordsCsvQuery, variables)).referralRewardsCsv;
}

/** The download link of the referral-plan remittances with the screen's search. */
export async function affiliateRemittancesCsvLink(
  variables: AffiliateRemittancesCsvQueryVariables,
) {
  return (await execute(AffiliateRemittancesCsvQuery, variables)).referralPlanRemittanceHistoryCsv;
}

const AggregatesCsvQuery = graphql(`
  query AggregatesCsv($userName: String, $email: String, $forceClubId: String, $sort: SortInput) {
    affiliateSavingAggregatesCsv(
      userName: $userName
      email: $email
      forceClubId: $forceClubId
      sort: $sort
    ) {
      url
      fileName
    }
  }
`);

/** The download link of the referral-plan aggregates with the screen's search and sort. */
export async function aggregatesCsvLink(variables: AggregatesCsvQueryVariables) {
  return (await execute(AggregatesCsvQuery, variables)).affiliateSavingAggregatesCsv;
}
