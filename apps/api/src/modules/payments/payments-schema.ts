import { builder } from '../../graphql/builder';
import { filterArgs, filterInputFields } from '../../graphql/filter-fields';
import { pagedListQuery, PaginationInputRef } from '../../graphql/pagination';
import type { PaymentsService } from './payments-service';
import { UserPaymentRef } from './payments-types';
import { PAYMENTS_LIST, UNFIXED_PAYMENTS_LIST } from './payments-list';

const UserPaymentsInputRef = builder.inputType('UserPaymentsInput', {
  fields: (t) => ({
    ...filterInputFields(t, PAYMENTS_LIST.filters),
    pagination: t.field({ type: PaginationInputRef, required: false }),
  }),
});

pagedListQuery(PAYMENTS_LIST, {
  type: 'UserPaymentList',
  item: UserPaymentRef,
  description: 'Payments, newest first by default. Date bounds are inclusive.',
  authScopes: { authenticated: true },
  args: (arg) => ({ input: arg({ type: UserPaymentsInputRef, required: false }) }),
  pageInput: (args) => args.input?.pagination,
  load: (args, page, ctx) => ctx.services.payments.list(args.input ?? {}, page),
});

// ---- the write side and rates (issue 12) ----

type RatesSummary = Awaited<ReturnType<PaymentsService['ratesSummary']>>;

const RatesSummaryRef = builder.objectRef<RatesSummary>('RateBTCAmountSummary').implement({
  description:
    'Rate/BTC amount summary (spec section 3): what postAssignRates with this window would fix. With both rates given, amountETH/amountHEC are the sums the commit writes, to the last digit.',
  fields: (t) => ({
    confirmedAtFrom: t.expose('confirmedAtFrom', { type: 'DateTime', nullable: true }),
    confirmedAtUntil: t.expose('confirmedAtUntil', { type: 'DateTime' }),
    deadlineDatetime: t.expose('deadlineDatetime', { type: 'DateTime' }),
    BTCAmountToBuyETH: t.expose('BTCAmountToBuyETH', {
      type: 'Decimal',
      description: 'Sum of paidBtc of the ETH-plan payments that would be fixed.',
    }),
    BTCAmountToBuyHEC: t.expose('BTCAmountToBuyHEC', {
      type: 'Decimal',
      description: 'Sum of paidBtc of the HEC-plan payments that would be fixed.',
    }),
    BTCHEC: t.expose('BTCHEC', { type: 'Decimal', nullable: true }),
    BTCETH: t.expose('BTCETH', { type: 'Decimal', nullable: true }),
    paymentCounts: t.exposeInt('paymentCounts'),
    fingerprint: t.exposeString('fingerprint', {
      description:
        'The fingerprint of exactly the payments this commit would fix (ids, with what their amounts are made of): postAssignRates sent with it fixes this set or refuses (CONFLICT, reason LIST_CHANGED).',
    }),
    amountETH: t.expose('amountETH', { type: 'Decimal', nullable: true }),
    amountHEC: t.expose('amountHEC', { type: 'Decimal', nullable: true }),
  }),
});

pagedListQuery(UNFIXED_PAYMENTS_LIST, {
  type: 'AssetUnFixedPayments',
  item: UserPaymentRef,
  description:
    'Confirmed payments not yet asset-fixed, confirmed in the window (both ends inclusive): what a rate assignment would fix. Oldest first.',
  authScopes: { authenticated: true },
  args: (arg) => ({
    ...filterArgs(UNFIXED_PAYMENTS_LIST.filters),
    confirmedAtUntil: arg({ type: 'DateTime', required: true }),
  }),
  load: (args, page, ctx) => ctx.services.payments.unfixed(args, page),
  extraFields: (t) => ({
    confirmedAtFrom: t.expose('confirmedAtFrom', { type: 'DateTime', nullable: true }),
    confirmedAtUntil: t.expose('confirmedAtUntil', { type: 'DateTime' }),
  }),
});

builder.queryField('ratesAndBTCAmountAtDeadlineDate', (t) =>
  t.field({
    description:
      'The preview of postAssignRates: BTC to buy per coin and the payment count of the window; with both rates, the coin amounts the commit writes.',
    type: RatesSummaryRef,
    authScopes: { authenticated: true },
    args: {
      confirmedAtFrom: t.arg({ type: 'DateTime', required: false }),
      confirmedAtUntil: t.arg({ type: 'DateTime', required: true }),
      deadlineDatetime: t.arg({ type: 'DateTime', required: true }),
      BTCHECRate: t.arg.string({ required: false }),
      BTCETHRate: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) => ctx.services.payments.ratesSummary(args),
  }),
);
