import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { UserRewardSnapshotQueryVariables } from '@/gql/graphql';
import { documentQuery } from '@/lib/document-query';

const UserRewardSnapshotQuery = graphql(`
  query UserRewardSnapshot($userId: Int!, $rewardDate: String, $planId: Int) {
    userRewardSnapshot(userId: $userId, rewardDate: $rewardDate, planId: $planId) {
      rewardDate
      remittances {
        id
        confirmedDate
        maturityDate
        amount
        totalAmount
        baseRate
        tierRate
        lockRate
        totalBonus
        plan
        planId
        aubeRate
        aubeReward
        usdRate
        totalUsd
        owlAube
        owlRate
        owlReward
      }
      totalSentHec
      totalSentUSD
      totalAubeReward
      totalOwlReward
    }
  }
`);

/** A user's reward snapshot on one date (the newest when no date is given), with totals. */
export function useUserRewardSnapshot(variables: UserRewardSnapshotQueryVariables) {
  return useQuery(documentQuery(UserRewardSnapshotQuery, (d) => d.userRewardSnapshot, variables));
}
