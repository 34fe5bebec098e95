import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { documentQuery } from '@/lib/document-query';

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
  return useQuery(documentQuery(UserStakingInfoQuery, (d) => d.userStakingInfo, { userId }));
}
