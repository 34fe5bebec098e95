import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const UserStakingInfoQuery = graphql(`
  query UserStakingInfo($userId: Int!) {
    userStakingInfo(userId: $userId) {
      stakingInfos {
        planId
        coinType
        currentBalance
        depositedAube
        aubeReward
        owlReward
        aubeRate
        owlRate
        walletAddress
      }
      remittanceHistories {
        id
        planName
        confirmedAt
        address
        sentHec
        usdValue
        transactionHash
      }
    }
  }
`);

/** Staking positions of one user and their newest coin-saving remittances. */
export function useUserStakingInfo(userId: number) {
  return useQuery({
    queryKey: queryKeyFor(UserStakingInfoQuery, { userId }),
    queryFn: async () => (await execute(UserStakingInfoQuery, { userId })).userStakingInfo,
  });
}
