import type { ExportUnit } from '@app/shared';

/**
 * The amounts of a business day of asset statistics, declared once: the kept aggregate's
 * column (asset_stats_daily), the screen's field (assetStats, named as spec section 3 lists
 * them) and the CSV's column (assetStatsCsv, the same rows: statistics-repository.ts). A column
 * added here is on the screen, in its sums and in the file.
 */
export const ASSET_AMOUNTS = [
  {
    key: 'initialEthAmount',
    column: 'initial_eth_amount',
    field: 'initialETHAmount',
    description: 'ETH of payments asset-fixed that day.',
    meaning: 'ETH bought by payments fixed that day',
    unit: 'ETH',
    example: '12.5',
  },
  {
    key: 'initialHecAmount',
    column: 'initial_hec_amount',
    field: 'initialHECAmount',
    description: 'HEC of payments asset-fixed that day.',
    meaning: 'HEC bought by payments fixed that day',
    unit: 'HEC',
    example: '1.000000000000000001',
  },
  {
    key: 'ethAffiliateReward',
    column: 'eth_affiliate_reward',
    field: 'ETHAffiliateReward',
    description: 'Referral-plan rewards in ETH.',
    meaning: 'ETH affiliate rewards',
    unit: 'ETH',
    example: '0.25',
  },
  {
    key: 'hecAffiliateReward',
    column: 'hec_affiliate_reward',
    field: 'HECAffiliateReward',
    description: 'Referral-plan rewards in HEC (interest, referral, bonus).',
    meaning: 'HEC affiliate rewards',
    unit: 'HEC',
    example: '10',
  },
  {
    // The referral-plan bonus part of hecAffiliateReward (the dashboard's ExBonus).
    key: 'hecReferralBonus',
    column: 'hec_referral_bonus',
    field: 'HECReferralBonus',
    description:
      "Referral-plan bonus rewards in HEC, the bonus part of HECAffiliateReward (the dashboard's ExBonus from Referral Plan).",
    meaning: 'HEC referral-plan bonus rewards (part of hecAffiliateReward)',
    unit: 'HEC',
    example: '1.5',
  },
  {
    key: 'ethSavingReward',
    column: 'eth_saving_reward',
    field: 'ETHSavingReward',
    description: 'Staking (coin-saving) rewards in ETH.',
    meaning: 'ETH saving rewards',
    unit: 'ETH',
    example: '0.1',
  },
  {
    key: 'hecSavingReward',
    column: 'hec_saving_reward',
    field: 'HECSavingReward',
    description: 'Staking (coin-saving) rewards in HEC.',
    meaning: 'HEC saving rewards',
    unit: 'HEC',
    example: '3.5',
  },
  {
    key: 'ethProportionalReward',
    column: 'eth_proportional_reward',
    field: 'ETHProportionalReward',
    description: 'Proportional rewards in ETH.',
    meaning: 'ETH proportional rewards',
    unit: 'ETH',
    example: '0.05',
  },
  {
    key: 'hecProportionalReward',
    column: 'hec_proportional_reward',
    field: 'HECProportionalReward',
    description: 'Proportional rewards in HEC.',
    meaning: 'HEC proportional rewards',
    unit: 'HEC',
    example: '2',
  },
  {
    key: 'totalBuyAmountUsd',
    column: 'total_buy_amount_usd',
    field: 'totalBuyAmountUsd',
    description: 'paidUsd of payments confirmed that day (confirmed or asset-fixed).',
    meaning: 'Purchases',
    unit: 'USD',
    example: '15000.00',
  },
] as const satisfies readonly {
  key: string;
  column: string;
  field: string;
  description: string;
  meaning: string;
  unit: ExportUnit;
  example: string;
}[];

export type AssetAmountKey = (typeof ASSET_AMOUNTS)[number]['key'];
