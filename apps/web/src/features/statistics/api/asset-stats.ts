import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { AssetStatsQueryVariables } from '@/gql/graphql';
import { documentQuery } from '@/lib/document-query';

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
    ...documentQuery(AssetStatsQuery, (d) => d.assetStats, variables!),
    enabled: variables !== null,
    placeholderData: keepPreviousData,
  });
}
