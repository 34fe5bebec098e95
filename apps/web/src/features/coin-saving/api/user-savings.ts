import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { UserSavingsQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const UserSavingsQuery = graphql(`
  query UserSavings($userName: String, $planName: String, $pagination: PaginationInput) {
    userSavings(userName: $userName, planName: $planName, pagination: $pagination) {
      list {
        userSavingSentValueId
        userName
        planName
        address
        amountHEC
        amountUSD
        transactionHash
        confirmedAt
      }
      pagination {
        totalRecords
      }
    }
  }
`);

/** One page of coin-saving remittances of all users, by user name and plan name. */
export function useUserSavings(variables: UserSavingsQueryVariables) {
  return useQuery({
    queryKey: queryKeyFor(UserSavingsQuery, variables),
    queryFn: async () => (await execute(UserSavingsQuery, variables)).userSavings,
    placeholderData: keepPreviousData,
  });
}
