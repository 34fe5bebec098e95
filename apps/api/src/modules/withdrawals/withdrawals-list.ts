import type { WithdrawalKind } from '@app/shared';
import { WITHDRAWAL_KINDS, WITHDRAWAL_STATUSES } from '../../db/tables/domain-tables';
import { defineList, type FilterInput, type FilterValues } from '../../platform/lists';

/**
 * The withdrawal lists (the eight spec calls and `withdrawalRequests`), declared once
 * (docs/list-conventions.md): their `searchParams` (also what the signing exports, the preview
 * and the "all matching" actions take) and sort targets. The service's input and the
 * repository's filter are derived from it.
 */
export const WITHDRAWALS_LIST = defineList({
  call: 'withdrawalRequests',
  filters: {
    status: { type: 'Enum', values: WITHDRAWAL_STATUSES },
    userId: { type: 'Int' },
    userName: { type: 'String' },
    email: { type: 'String' },
    requestedAtFrom: { type: 'DateTime' },
    requestedAtUntil: { type: 'DateTime' },
    /** Receiving address (either address of a principal withdrawal), any letter case. */
    address: { type: 'String' },
    /** Transaction hash (either hash), any letter case. */
    transactionHash: { type: 'String' },
    amountFrom: { type: 'Decimal' },
    amountTo: { type: 'Decimal' },
    /** Requested more than 24 hours ago and still awaiting approval. */
    awaitingOver24h: { type: 'Boolean' },
  },
  sortTargets: ['requestedAt', 'id', 'amount', 'status'],
  defaultSort: { target: 'requestedAt', orderBy: 'desc' },
});

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
export const USER_WITHDRAWALS_LIST = defineList({
  call: 'userWithdrawalHistory',
  filters: {
    kind: { type: 'Enum', values: WITHDRAWAL_KINDS },
    status: { type: 'Enum', values: WITHDRAWAL_STATUSES },
  },
  sortTargets: ['requestedAt', 'id'],
  defaultSort: { target: 'requestedAt', orderBy: 'desc' },
});

export type WithdrawalsSortTarget = (typeof WITHDRAWALS_LIST.sortTargets)[number];
/** searchParams of the withdrawal lists as the service takes them. */
export type WithdrawalSearchInput = FilterInput<typeof WITHDRAWALS_LIST.filters>;
/** The checked searchParams as the repository takes them (the kind added: one kind a screen). */
export type WithdrawalSearchFilter = FilterValues<typeof WITHDRAWALS_LIST.filters>;
export type UserWithdrawalsInput = FilterInput<typeof USER_WITHDRAWALS_LIST.filters>;

/** `withdrawalExportBatches`: the signing exports of one kind (required), newest first. */
export const EXPORT_BATCHES_LIST = defineList({
  call: 'withdrawalExportBatches',
  filters: {},
  sortTargets: ['createdAt'],
  defaultSort: { target: 'createdAt', orderBy: 'desc' },
});
