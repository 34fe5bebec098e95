import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const UserQuery = graphql(`
  query User($userId: Int!) {
    user(userId: $userId) {
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
      parentId
      parentUserName
      aubeUserInfo {
        email
        aubeUserIdHash
        firstName
        lastName
        birthDate
        enrollmentMonth
        forceClubRegisteredAt
        forceClubIdHash
      }
      userDetail {
        avatarUrl
        phoneNumber
        twoFactor
        bio
        defaultLocale
      }
    }
  }
`);

/** General info of one user (the first section of the detail page). */
export function useUser(userId: number) {
  return useQuery({
    queryKey: queryKeyFor(UserQuery, { userId }),
    queryFn: async () => (await execute(UserQuery, { userId })).user,
  });
}
