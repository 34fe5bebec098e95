import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { UserAffiliateSavingRemittanceHistoryQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const UserAffiliateSavingRemittanceHistoryQuery = graphql(`
  query UserAffiliateSavingRemittanceHistory($userId: Int!, $pagination: PaginationInput) {
    userAffiliateSavingRemittanceHistory(userId: $userId, pagination: $pagination) {
      remittances {
        id
        confirmedAt
        sentHec
        hecPrincipal
        atemPrincipal
        usdValuation
        address
      }
      totalSentHec
      totalHecPrincipal
      totalAtemPrincipal
      totalUsdValuation
      pagination {
        totalRecords
      }
    }
  }
`);

/** One page of a user's referral-plan remittances, with the stored totals. */
export function useUserAffiliateSavingRemittanceHistory(
  variables: UserAffiliateSavingRemittanceHistoryQueryVariables,
) {
  return useQuery({
    queryKey: queryKeyFor(UserAffiliateSavingRemittanceHistoryQuery, variables),
    queryFn: async () =>
      (await execute(UserAffiliateSavingRemittanceHistoryQuery, variables))
        .userAffiliateSavingRemittanceHistory,
    placeholderData: keepPreviousData,
  });
}
