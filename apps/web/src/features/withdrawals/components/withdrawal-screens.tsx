import type { WithdrawalKind } from '@app/shared';
import { WithdrawalTools } from './withdrawal-tools';
import { WithdrawalsPage } from './withdrawals-page';

/** The screen of one kind: the generic page with the kind's export and upload controls. */
function screen(kind: WithdrawalKind) {
  const Screen = () => (
    <WithdrawalsPage
      kind={kind}
      tools={(searchParams) => <WithdrawalTools kind={kind} searchParams={searchParams} />}
    />
  );
  Screen.displayName = `WithdrawalsPage(${kind})`;
  return Screen;
}

// One component per route (each route's Component must keep its identity).
export const SavingWithdrawalsPage = screen('saving');
export const SavingCoinWithdrawalsPage = screen('affiliate_saving');
export const ReferralRewardWithdrawalsPage = screen('referral_reward');
export const AtemWithdrawalsPage = screen('atem');
export const BonusRewardWithdrawalsPage = screen('bonus_reward');
export const PrincipalWithdrawalsPage = screen('payment_paid_value');
export const ProportionalBonusWithdrawalsPage = screen('proportional_bonus');
export const AffiliateBonusWithdrawalsPage = screen('affiliate_bonus');
