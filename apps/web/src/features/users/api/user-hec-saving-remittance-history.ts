import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { UserHecSavingRemittanceHistoryQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const UserHecSavingRemittanceHistoryQuery = graphql(`
  query UserHecSavingRemittanceHistory($userId: Int!, $pagination: PaginationInput) {
    userHecSavingRemittanceHistory(userId: $userId, pagination: $pagination) {
      remittances {
        id
        confirmedAt
        planName
        sentHec
        usdValue
        address
        transactionHash
      }
      totalSentHec
      totalOneYearPlanHec
      totalTwoYearsPlanHec
      totalThreeYearsPlanHec
      totalFiveYearsPlanHec
      pagination {
        totalRecords
      }
    }
  }
`);

/** One page of a user's coin-saving remittances, with totals over all of them. */
export function useUserHecSavingRemittanceHistory(
  variables: UserHecSavingRemittanceHistoryQueryVariables,
) {
  return useQuery({
    queryKey: queryKeyFor(UserHecSavingRemittanceHistoryQuery, variables),
    queryFn: async () =>
      (await execute(UserHecSavingRemittanceHistoryQuery, variables))
        .userHecSavingRemittanceHistory,
    placeholderData: keepPreviousData,
  });
}
