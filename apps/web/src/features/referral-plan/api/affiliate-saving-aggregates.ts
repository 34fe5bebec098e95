import { graphql } from '@/gql';
import { listQuery } from '@/lib/list-query';

const AffiliateSavingAggregatesDocument = graphql(`
  query AffiliateSavingAggregates($input: AffiliateListInput) {
    affiliateSavingAggregates(input: $input) {
      list {
        id
        username
        email
        forceClubId
        remittanceCount
        totalSentHec
        totalSentUsdValuation
        totalHecPrincipal
        totalAtemPrincipal
      }
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

/** One page of per-user referral-plan remittance aggregates. */
export const affiliateSavingAggregates = listQuery(
  AffiliateSavingAggregatesDocument,
  (data) => data.affiliateSavingAggregates,
);
