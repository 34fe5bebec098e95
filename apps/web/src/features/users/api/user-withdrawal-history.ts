import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { UserWithdrawalHistoryQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { listQuery } from '@/lib/list-query';
import { queryKeyFor } from '@/lib/query-keys';

const UserWithdrawalHistoryQuery = graphql(`
  query UserWithdrawalHistory($userId: Int!, $kind: WithdrawalKind, $pagination: PaginationInput) {
    userWithdrawalHistory(userId: $userId, kind: $kind, pagination: $pagination) {
      list {
        id
        kind
        status
        requestedAt
        processingAt
        completedAt
        failedAt
        rejectedAt
        coinType
        amount
        fee
        netAmount
        paidAmounts {
          coin
          amount
          fee
          netAmount
        }
        receiverAddress
        transactionHash
        rejectReason
        failureReason
      }
      pagination {
        offset
        totalRecords
      }
    }
  }
`);

/** One page of a user's withdrawal requests of every kind, or of one kind and status. */
export function useUserWithdrawalHistory(variables: UserWithdrawalHistoryQueryVariables) {
  return useQuery({
    queryKey: queryKeyFor(UserWithdrawalHistoryQuery, variables),
    queryFn: async () =>
      (await execute(UserWithdrawalHistoryQuery, variables)).userWithdrawalHistory,
    placeholderData: keepPreviousData,
  });
}

/** The same page for a declared list screen (the user's withdrawal history). */
export const userWithdrawalHistory = listQuery(
  UserWithdrawalHistoryQuery,
  (data) => data.userWithdrawalHistory,
);
