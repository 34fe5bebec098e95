import { builder } from '../../graphql/builder';
import { filterArgs } from '../../graphql/filter-fields';
import { pagedListQuery } from '../../graphql/pagination';
import type { UserWithdrawalRow } from './withdrawals-repository';
import { USER_WITHDRAWALS_LIST } from './withdrawals-list';
import { WithdrawalKindRef, WithdrawalStatusRef } from './withdrawal-types';
import { PaidAmountRef, paidAmounts } from './withdrawal-paid-amounts';
import './withdrawal-actions-schema';
import './withdrawal-lists-schema';
import './withdrawal-exports-schema';
import './withdrawal-thresholds-schema';

export { WithdrawalKindRef, WithdrawalStatusRef };

const UserWithdrawalRef = builder.objectRef<UserWithdrawalRow>('UserWithdrawal').implement({
  description: 'One withdrawal request of a user, of any kind (user detail, withdrawal history).',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'A 64-bit id, as a string.' }),
    kind: t.expose('kind', { type: WithdrawalKindRef }),
    status: t.expose('status', { type: WithdrawalStatusRef }),
    requestedAt: t.expose('requestedAt', { type: 'DateTime' }),
    processingAt: t.expose('processingAt', { type: 'DateTime', nullable: true }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
    failedAt: t.expose('failedAt', { type: 'DateTime', nullable: true }),
    rejectedAt: t.expose('rejectedAt', { type: 'DateTime', nullable: true }),
    coinType: t.exposeString('coinType', { description: 'HEC, ETH or ATEM.' }),
    amount: t.expose('amount', {
      type: 'Decimal',
      description: 'Requested (gross) amount in coinType.',
    }),
    fee: t.expose('fee', { type: 'Decimal' }),
    netAmount: t.expose('netAmount', {
      type: 'Decimal',
      description: 'amount - fee.',
    }),
    paidAmounts: t.field({
      type: [PaidAmountRef],
      description:
        'What the request pays, per coin: coinType’s amount, and a principal withdrawal’s ETH; a principal withdrawal lists only the coins it pays more than 0 in (docs/domain.md).',
      resolve: (w) => paidAmounts(w),
    }),
    receiverAddress: t.exposeString('receiverAddress'),
    transactionHash: t.exposeString('transactionHash', {
      nullable: true,
      description: 'Set once completed.',
    }),
    rejectReason: t.exposeString('rejectReason', {
      nullable: true,
      description: 'Set when rejected.',
    }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
  }),
});

pagedListQuery(USER_WITHDRAWALS_LIST, {
  type: 'UserWithdrawalList',
  item: UserWithdrawalRef,
  description:
    'Withdrawal requests of one user, of every kind unless kind is given, newest first (pagination optional: limit 20, offset 0).',
  authScopes: { authenticated: true },
  args: (arg) => ({
    userId: arg.int({ required: true }),
    ...filterArgs(USER_WITHDRAWALS_LIST.filters, {
      kind: WithdrawalKindRef,
      status: WithdrawalStatusRef,
    }),
  }),
  load: ({ userId, ...filters }, page, ctx) =>
    ctx.services.withdrawals.userHistory(userId, filters, page),
});
