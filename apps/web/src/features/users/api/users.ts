import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { UsersQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const UsersQuery = graphql(`
  query Users(
    $userName: String
    $inviteCode: String
    $email: String
    $forceClubIdHash: String
    $totalBuyAmountMoreThanOrEqual: Decimal
    $totalBuyAmountLessThanOrEqual: Decimal
    $cardStatus: [Int!]
    $registeredAtFrom: DateTime
    $registeredAtUntil: DateTime
    $pagination: PaginationInput
  ) {
    users(
      userName: $userName
      inviteCode: $inviteCode
      email: $email
      forceClubIdHash: $forceClubIdHash
      totalBuyAmountMoreThanOrEqual: $totalBuyAmountMoreThanOrEqual
      totalBuyAmountLessThanOrEqual: $totalBuyAmountLessThanOrEqual
      cardStatus: $cardStatus
      registeredAtFrom: $registeredAtFrom
      registeredAtUntil: $registeredAtUntil
      pagination: $pagination
    ) {
      list {
        id
        userName
        inviteCode
        cardStatus
        totalHECStakedAmount
        totalETHStakedAmount
        totalBuyAmountUsd
        savingRewardsRate
        referralRate
        registeredAt
        totalSentAmount
        totalOwl
        aubeUserInfo {
          email
          aubeUserIdHash
          firstName
          lastName
          forceClubIdHash
        }
      }
      pagination {
        totalRecords
      }
    }
  }
`);

/** One page of the users list with its total, keeping the last page on screen while the next loads. */
export function useUsers(variables: UsersQueryVariables) {
  return useQuery({
    queryKey: queryKeyFor(UsersQuery, variables),
    queryFn: async () => (await execute(UsersQuery, variables)).users,
    placeholderData: keepPreviousData,
  });
}
