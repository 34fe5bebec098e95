import { EXPORT_BATCHES_SHAPE, USER_WITHDRAWALS_SHAPE, WITHDRAWALS_SHAPE } from '@app/shared';
import type { WithdrawalKind } from '@app/shared';
import { defineList, type FilterInput, type FilterValues } from '../../platform/lists';

/**
 * The withdrawal lists (the eight spec calls and `withdrawalRequests`), declared once
 * (docs/list-conventions.md): their `searchParams` (also what the signing exports, the preview
 * and the "all matching" actions take) and sort targets. The service's input and the
 * repository's filter are derived from it.
 */
export const WITHDRAWALS_LIST = defineList(WITHDRAWALS_SHAPE);

/** The spec's list call of each kind (section 7); exports and uploads are named after it. */
export const WITHDRAWAL_LIST_CALLS: Record<WithdrawalKind, string> = {
  saving: 'savingWithdrawals',
  affiliate_saving: 'affiliateSavingWithdrawalRequests',
  referral_reward: 'affiliateSavingReferralRewardWithdrawalRequests',
  atem: 'affiliateSavingAtemWithdrawalRequests',
  bonus_reward: 'affiliateSavingBonusRewardWithdrawals',
  payment_paid_value: 'paymentPaidValueWithdrawals',
  proportional_bonus: 'proportionalBonusWithdrawals',
  affiliate_bonus: 'affiliateBonusWithdrawals',
};

/** `userWithdrawalHistory`: one user's requests, of every kind and status unless narrowed. */
export const USER_WITHDRAWALS_LIST = defineList(USER_WITHDRAWALS_SHAPE);

export type WithdrawalsSortTarget = (typeof WITHDRAWALS_LIST.sortTargets)[number];
/** searchParams of the withdrawal lists as the service takes them. */
export type WithdrawalSearchInput = FilterInput<typeof WITHDRAWALS_LIST.filters>;
/** The checked searchParams as the repository takes them (the kind added: one kind a screen). */
export type WithdrawalSearchFilter = FilterValues<typeof WITHDRAWALS_LIST.filters>;
export type UserWithdrawalsInput = FilterInput<typeof USER_WITHDRAWALS_LIST.filters>;

/** `withdrawalExportBatches`: the signing exports of one kind (required), newest first. */
export const EXPORT_BATCHES_LIST = defineList(EXPORT_BATCHES_SHAPE);
