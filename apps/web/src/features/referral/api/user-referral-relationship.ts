import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const UserReferralRelationshipQuery = graphql(`
  query UserReferralRelationship($userId: Int!, $childrenLimit: Int) {
    userReferralRelationship(userId: $userId, childrenLimit: $childrenLimit) {
      user {
        id
        avatarUrl
        userName
        registeredAt
        totalRemittedHec
      }
      parentUser {
        id
        avatarUrl
        userName
        registeredAt
      }
      childrenUsers {
        id
        avatarUrl
        userName
        registeredAt
        totalRemittedHec
        childrenCount
      }
      totalChildren
      numberOfDescendants
      referralRewards
      bonusRewards
    }
  }
`);

/** A user's referrer, direct children (first 100) and their referral and bonus rewards. */
export function useUserReferralRelationship(userId: number | undefined) {
  return useQuery({
    queryKey: queryKeyFor(UserReferralRelationshipQuery, {
      userId: userId ?? 0,
      childrenLimit: 100,
    }),
    queryFn: async () =>
      (await execute(UserReferralRelationshipQuery, { userId: userId ?? 0, childrenLimit: 100 }))
        .userReferralRelationship,
    enabled: userId !== undefined,
  });
}
