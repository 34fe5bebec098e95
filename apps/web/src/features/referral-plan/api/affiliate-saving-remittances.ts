import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { AffiliateSavingRemittancesQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const AffiliateSavingRemittancesQuery = graphql(`
  query AffiliateSavingRemittances($input: SavingListInput) {
    affiliateSavingRemittances(input: $input) {
      list {
        id
        username
        email
        forceClubId
        confirmedAt
        transactionHash
        sentHec
        usdValuation
        hecPrincipal
        atemPrincipal
      }
      pagination {
        totalRecords
      }
    }
  }
`);

/** One page of referral-plan remittances of all users (newest first). */
export function useAffiliateSavingRemittances(variables: AffiliateSavingRemittancesQueryVariables) {
  return useQuery({
    queryKey: queryKeyFor(AffiliateSavingRemittancesQuery, variables),
    queryFn: async () =>
      (await execute(AffiliateSavingRemittancesQuery, variables)).affiliateSavingRemittances,
    placeholderData: keepPreviousData,
  });
}
