/**
 * The closed value sets of the domain (spec section 3), in display order:
 * the database CHECKs, the GraphQL enums and the web app's filters all list these.
 */
export const PAYMENT_STATUSES = ['pending', 'confirmed', 'asset_fixed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The eight kinds, in the order of the withdrawal screens (docs/routes.md). */
export const WITHDRAWAL_KINDS = [
  'saving',
  'affiliate_saving',
  'referral_reward',
  'atem',
  'bonus_reward',
  'payment_paid_value',
  'proportional_bonus',
  'affiliate_bonus',
] as const;
export type WithdrawalKind = (typeof WITHDRAWAL_KINDS)[number];

/** The one state machine of every kind, in its order. */
export const WITHDRAWAL_STATUSES = [
  'requested',
  'approved',
  'processing',
  'completed',
  'failed',
  'rejected',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * Why a withdrawal request was rejected (migration 0070's CHECK on reject_code), in display
 * order: the GraphQL enum WithdrawalRejectCode, the service's check and the web's reject dialog.
 */
export const WITHDRAWAL_REJECT_CODES = [
  'invalid_address',
  'suspected_fraud',
  'insufficient_balance',
  'duplicate_request',
  'user_request',
  'compliance',
  'other',
] as const;
export type WithdrawalRejectCode = (typeof WITHDRAWAL_REJECT_CODES)[number];

export const CONTACT_STATUSES = ['backlog', 'wip', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/**
 * Card statuses of spec section 4, by value: the database CHECK (card_status BETWEEN 0 AND 6),
 * the users filter's check, the dashboard's rows and the web's chips and filter list these.
 */
export const CARD_STATUSES = [0, 1, 2, 3, 4, 5, 6] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** The spec's name of each card status (the API's messages; the web shows its own texts). */
export const CARD_STATUS_NAMES: Readonly<Record<CardStatus, string>> = {
  0: 'None',
  1: 'Emerald',
  2: 'Ruby',
  3: 'Sapphire',
  4: 'Gold',
  5: 'Platinum',
  6: 'Black',
};

/** True when `value` is a card status (a number from a URL, a filter or a row). */
export function isCardStatus(value: number): value is CardStatus {
  return (CARD_STATUSES as readonly number[]).includes(value);
}

/** True when `value` is one of `values` (narrowing a string from a URL or a form). */
export function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}
