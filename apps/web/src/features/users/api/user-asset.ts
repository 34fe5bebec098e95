import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { documentQuery } from '@/lib/document-query';

const UserAssetQuery = graphql(`
  query UserAsset($userId: Int!) {
    userAsset(userId: $userId) {
      totalBuyAmountUsd
      totalETHAmount
      totalHECAmount
      totalETHStakedAmount
      totalHECStakedAmount
      totalETHAffiliateReward
      totalHECAffiliateReward
      totalETHProportionalReward
      totalHECProportionalReward
      totalETHStakingReward
      totalHECStakingReward
    }
  }
`);

/** Purchase, staking and reward totals of one user (the saving info section). */
export function useUserAsset(userId: number) {
  return useQuery(documentQuery(UserAssetQuery, (d) => d.userAsset, { userId }));
}
