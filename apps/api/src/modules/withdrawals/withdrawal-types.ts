import { WITHDRAWAL_REJECT_CODES } from '@app/shared';
import { WITHDRAWAL_KINDS, WITHDRAWAL_STATUSES } from '../../db/tables/domain-tables';
import { builder } from '../../graphql/builder';

export const WithdrawalKindRef = builder.enumType('WithdrawalKind', {
  description:
    'The eight withdrawal kinds (docs/routes.md): saving (coin saving), affiliate_saving (saving coin), referral_reward, atem, bonus_reward, payment_paid_value (principal), proportional_bonus, affiliate_bonus.',
  values: WITHDRAWAL_KINDS,
});

export const WithdrawalStatusRef = builder.enumType('WithdrawalStatus', {
  description:
    'requested -> approved -> processing -> completed | failed; requested | approved | processing -> rejected.',
  values: WITHDRAWAL_STATUSES,
});

export const RejectCodeRef = builder.enumType('WithdrawalRejectCode', {
  description: 'Why a withdrawal request was rejected (the text says more).',
  values: WITHDRAWAL_REJECT_CODES,
});
