import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { AssetStatsQueryVariables } from '@/gql/graphql';
import { execute } from '@/lib/graphql-client';
import { queryKeyFor } from '@/lib/query-keys';

const AssetStatsQuery = graphql(`
  query AssetStats($dateFrom: String!, $dateUntil: String!) {
    assetStats(dateFrom: $dateFrom, dateUntil: $dateUntil) {
      dateFrom
      dateUntil
      stats {
        date
        initialETHAmount
        initialHECAmount
        ETHAffiliateReward
        HECAffiliateReward
        HECReferralBonus
        ETHSavingReward
        HECSavingReward
        ETHProportionalReward
        HECProportionalReward
        totalBuyAmountUsd
      }
      sums {
        initialETHAmount
        initialHECAmount
        ETHAffiliateReward
        HECAffiliateReward
        HECReferralBonus
        ETHSavingReward
        HECSavingReward
        ETHProportionalReward
        HECProportionalReward
        totalBuyAmountUsd
      }
    }
  }
`);

/** Asset statistics of every UTC day of a range, and their sums. */
export function useAssetStats(variables: AssetStatsQueryVariables | null) {
  return useQuery({
    queryKey: queryKeyFor(AssetStatsQuery, variables!),
    queryFn: async () => (await execute(AssetStatsQuery, variables!)).assetStats,
    enabled: variables !== null,
    placeholderData: keepPreviousData,
  });
}
