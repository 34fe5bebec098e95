import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

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
  return useQuery({
    queryKey: queryKeyFor(UserAssetQuery, { userId }),
    queryFn: async () => (await execute(UserAssetQuery, { userId })).userAsset,
  });
}
