import type { WithdrawalKind } from '@app/shared';

/**
 * The screen of each withdrawal kind (docs/routes.md). Shared so that the user detail can
 * link to a kind's screen filtered to the user without importing the withdrawals feature.
 */
const WITHDRAWAL_SCREEN_PATHS: Record<WithdrawalKind, string> = {
  saving: '/aubecoin_saving/withdrawals',
  affiliate_saving: '/withdrawals/saving_coin',
  referral_reward: '/withdrawals/referral_rewards',
  atem: '/withdrawals/atem',
  bonus_reward: '/withdrawals/bonus_rewards',
  payment_paid_value: '/withdrawals/principal',
  proportional_bonus: '/withdrawals/proportional_bonus',
  affiliate_bonus: '/withdrawals/affiliate_bonus',
};

/** A kind's screen showing one user's requests. */
export function withdrawalScreenForUser(kind: WithdrawalKind, userId: number): string {
  return `${WITHDRAWAL_SCREEN_PATHS[kind]}?userId=${userId}`;
}
