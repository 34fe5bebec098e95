import { builder } from '../../graphql/builder';
import type { SavingsService } from './savings-service';

type SavingRemittance = Awaited<
  ReturnType<SavingsService['userSavingHistory']>
>['remittances'][number];

/**
 * One coin-saving remittance of a user, as the history page (`SavingRemittanceItem`) and the
 * user detail's staking section (`StakingRemittance`, users-schema.ts) show it: the same rows
 * (userSavingHistory's), the same fields, under the two names the contract gives them.
 */
export function savingRemittanceRef(name: 'SavingRemittanceItem' | 'StakingRemittance') {
  return builder.objectRef<SavingRemittance>(name).implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      confirmedAt: t.expose('confirmedAt', { type: 'DateTime' }),
      planName: t.exposeString('planName'),
      sentHec: t.expose('sentHec', { type: 'Decimal' }),
      usdValue: t.expose('usdValue', { type: 'Decimal' }),
      address: t.exposeString('address'),
      transactionHash: t.exposeString('transactionHash'),
    }),
  });
}
