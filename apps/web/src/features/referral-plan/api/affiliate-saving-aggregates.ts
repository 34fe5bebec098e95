import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { AffiliateSavingAggregatesQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const AffiliateSavingAggregatesQuery = graphql(`
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
        totalRecords
      }
    }
  }
`);

/** One page of per-user referral-plan remittance aggregates. */
export function useAffiliateSavingAggregates(variables: AffiliateSavingAggregatesQueryVariables) {
  return useQuery({
    queryKey: queryKeyFor(AffiliateSavingAggregatesQuery, variables),
    queryFn: async () =>
      (await execute(AffiliateSavingAggregatesQuery, variables)).affiliateSavingAggregates,
    placeholderData: keepPreviousData,
  });
}
