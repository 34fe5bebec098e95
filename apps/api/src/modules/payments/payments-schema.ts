import { builder } from '../../graphql/builder';
import { PaginationInputRef, PaginationRef, toPage, type PageInfo } from '../../graphql/pagination';
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

const UserPaymentListRef = builder
  .objectRef<{ list: PaymentListRow[]; pagination: PageInfo }>('UserPaymentList')
  .implement({
    fields: (t) => ({
      list: t.field({ type: [UserPaymentRef], resolve: (r) => r.list }),
      pagination: t.field({ type: PaginationRef, resolve: (r) => r.pagination }),
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

builder.queryField('userPayments', (t) =>
  t.field({
    description:
      'Payments, newest first by default. Date bounds are inclusive. Sort targets: userPaymentId (default, DESC), confirmedAt, assetFixedAt.',
    type: UserPaymentListRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: UserPaymentsInputRef, required: false }) },
    resolve: async (_root, args, ctx) => {
      const input = args.input ?? {};
      const page = toPage(input.pagination, PAYMENTS_SORT_TARGETS, {
        target: 'userPaymentId',
        orderBy: 'DESC',
      });
      const { rows, totalRecords } = await ctx.services.payments.list(input, page);
      return { list: rows, pagination: { ...page, totalRecords } };
    },
  }),
);
