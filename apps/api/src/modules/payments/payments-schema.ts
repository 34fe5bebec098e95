import { builder } from '../../graphql/builder';
import { pagedListQuery, PaginationInputRef } from '../../graphql/pagination';
import type { PaymentListRow } from './payments-repository';
import { PAYMENTS_SORT_TARGETS } from './payments-service';

const UserPaymentRef = builder.objectRef<PaymentListRow>('UserPayment').implement({
  description: 'A plan bought with BTC (spec section 3, user payment).',
  fields: (t) => ({
    userPaymentId: t.exposeString('userPaymentId', { description: 'A 64-bit id, as a string.' }),
    userId: t.exposeInt('userId'),
    userName: t.exposeString('userName'),
    planName: t.exposeString('planName'),
    priceUsd: t.field({ type: 'Decimal', resolve: (p) => p.priceUsd }),
    paidUsd: t.field({ type: 'Decimal', resolve: (p) => p.paidUsd }),
    paidBtc: t.field({ type: 'Decimal', resolve: (p) => p.paidBtc }),
    paymentAddress: t.exposeString('paymentAddress'),
    confirmedAt: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.confirmedAt }),
    canceledAt: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.canceledAt }),
    assetFixedAt: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.assetFixedAt }),
    status: t.exposeString('status', {
      description: 'pending, confirmed, asset_fixed or canceled.',
    }),
    amountETH: t.field({ type: 'Decimal', nullable: true, resolve: (p) => p.amountETH }),
    amountHEC: t.field({ type: 'Decimal', nullable: true, resolve: (p) => p.amountHEC }),
  }),
});

const UserPaymentsInputRef = builder.inputType('UserPaymentsInput', {
  fields: (t) => ({
    userId: t.int({ required: false }),
    userName: t.string({ required: false, description: 'Exact user name (case-insensitive).' }),
    paymentStatus: t.string({
      required: false,
      description: 'pending, confirmed, asset_fixed or canceled.',
    }),
    confirmedAtFrom: t.field({ type: 'DateTime', required: false }),
    confirmedAtUntil: t.field({ type: 'DateTime', required: false }),
    assetFixedAtFrom: t.field({ type: 'DateTime', required: false }),
    assetFixedAtUntil: t.field({ type: 'DateTime', required: false }),
    pagination: t.field({ type: PaginationInputRef, required: false }),
  }),
});

pagedListQuery('userPayments', {
  type: 'UserPaymentList',
  item: UserPaymentRef,
  description:
    'Payments, newest first by default. Date bounds are inclusive. Sort targets: userPaymentId (default, DESC), confirmedAt, assetFixedAt.',
  authScopes: { authenticated: true },
  sortTargets: PAYMENTS_SORT_TARGETS,
  defaultSort: { target: 'userPaymentId', orderBy: 'desc' },
  args: (arg) => ({ input: arg({ type: UserPaymentsInputRef, required: false }) }),
  pageInput: (args) => args.input?.pagination,
  load: (args, page, ctx) => ctx.services.payments.list(args.input ?? {}, page),
});
