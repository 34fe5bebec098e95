import { builder } from '../../graphql/builder';
import { PaginationInputRef, PaginationRef, toPage, type PageInfo } from '../../graphql/pagination';
import type { SavingAddressRecord } from './saving-addresses-repository';
import type { SavingsService } from './savings-service';
import type { SavingRemittanceRow } from './savings-repository';

type Saving = Awaited<ReturnType<SavingsService['userSavingHistory']>>;
type Affiliate = Awaited<ReturnType<SavingsService['userAffiliateHistory']>>;
type AffiliateRow = Awaited<ReturnType<SavingsService['affiliateRemittances']>>['rows'][number];

const DATE_SORT = ['confirmedAt'] as const;
const DEFAULT_DATE_SORT = { target: 'confirmedAt', orderBy: 'DESC' } as const;

function withPage<R>(
  rows: R[],
  page: ReturnType<typeof toPage<'confirmedAt'>>,
  totalRecords: number,
): { list: R[]; pagination: PageInfo } {
  return { list: rows, pagination: { ...page, totalRecords } };
}

const SavingRemittanceItemRef = builder
  .objectRef<Saving['remittances'][number]>('SavingRemittanceItem')
  .implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      confirmedAt: t.field({ type: 'DateTime', resolve: (r) => r.confirmedAt }),
      planName: t.exposeString('planName'),
      sentHec: t.field({ type: 'Decimal', resolve: (r) => r.sentHec }),
      usdValue: t.field({ type: 'Decimal', resolve: (r) => r.usdValue }),
      address: t.exposeString('address'),
      transactionHash: t.exposeString('transactionHash'),
    }),
  });

const SavingRemittanceHistoryRef = builder
  .objectRef<Saving & { pagination: PageInfo }>('SavingRemittanceHistory')
  .implement({
    fields: (t) => ({
      remittances: t.field({ type: [SavingRemittanceItemRef], resolve: (h) => h.remittances }),
      totalSentHec: t.field({ type: 'Decimal', resolve: (h) => h.totalSentHec }),
      totalOneYearPlanHec: t.field({ type: 'Decimal', resolve: (h) => h.totalOneYearPlanHec }),
      totalTwoYearsPlanHec: t.field({ type: 'Decimal', resolve: (h) => h.totalTwoYearsPlanHec }),
      pagination: t.field({ type: PaginationRef, resolve: (h) => h.pagination }),
    }),
  });

builder.queryField('userHecSavingRemittanceHistory', (t) =>
  t.field({
    description:
      'Coin-saving remittances of one user, newest first (pagination optional: limit 20, offset 0; sort target confirmedAt), with totals over all of them.',
    type: SavingRemittanceHistoryRef,
    authScopes: { authenticated: true },
    args: {
      userId: t.arg.int({ required: true }),
      pagination: t.arg({ type: PaginationInputRef, required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const page = toPage(args.pagination, DATE_SORT, DEFAULT_DATE_SORT);
      const history = await ctx.services.savings.userSavingHistory(args.userId, page);
      return { ...history, pagination: { ...page, totalRecords: history.totalRecords } };
    },
  }),
);

const AffiliateRemittanceItemRef = builder
  .objectRef<Affiliate['remittances'][number]>('AffiliateRemittanceItem')
  .implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      confirmedAt: t.field({ type: 'DateTime', resolve: (r) => r.confirmedAt }),
      sentHec: t.field({ type: 'Decimal', resolve: (r) => r.sentHec }),
      hecPrincipal: t.field({ type: 'Decimal', resolve: (r) => r.hecPrincipal }),
      atemPrincipal: t.field({ type: 'Decimal', resolve: (r) => r.atemPrincipal }),
      usdValuation: t.field({ type: 'Decimal', resolve: (r) => r.usdValuation }),
      address: t.exposeString('address'),
    }),
  });

const AffiliateRemittanceHistoryRef = builder
  .objectRef<Affiliate & { pagination: PageInfo }>('AffiliateRemittanceHistory')
  .implement({
    fields: (t) => ({
      remittances: t.field({ type: [AffiliateRemittanceItemRef], resolve: (h) => h.remittances }),
      totalSentHec: t.field({ type: 'Decimal', resolve: (h) => h.totalSentHec }),
      totalHecPrincipal: t.field({ type: 'Decimal', resolve: (h) => h.totalHecPrincipal }),
      totalAtemPrincipal: t.field({ type: 'Decimal', resolve: (h) => h.totalAtemPrincipal }),
      totalUsdValuation: t.field({ type: 'Decimal', resolve: (h) => h.totalUsdValuation }),
      pagination: t.field({ type: PaginationRef, resolve: (h) => h.pagination }),
    }),
  });

builder.queryField('userAffiliateSavingRemittanceHistory', (t) =>
  t.field({
    description:
      'Referral-plan remittances of one user, newest first (pagination optional: limit 20, offset 0; sort target confirmedAt), with stored totals.',
    type: AffiliateRemittanceHistoryRef,
    authScopes: { authenticated: true },
    args: {
      userId: t.arg.int({ required: true }),
      pagination: t.arg({ type: PaginationInputRef, required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const page = toPage(args.pagination, DATE_SORT, DEFAULT_DATE_SORT);
      const history = await ctx.services.savings.userAffiliateHistory(args.userId, page);
      return { ...history, pagination: { ...page, totalRecords: history.totalRecords } };
    },
  }),
);

const UserSavingRef = builder.objectRef<SavingRemittanceRow>('UserSaving').implement({
  description: 'A coin-saving remittance (userSavingSentValue).',
  fields: (t) => ({
    userSavingSentValueId: t.exposeString('userSavingSentValueId'),
    userName: t.exposeString('userName'),
    planName: t.exposeString('planName'),
    address: t.exposeString('address'),
    amountHEC: t.field({ type: 'Decimal', resolve: (r) => r.amountHEC }),
    amountUSD: t.field({ type: 'Decimal', resolve: (r) => r.amountUSD }),
    transactionHash: t.exposeString('transactionHash'),
    confirmedAt: t.field({ type: 'DateTime', resolve: (r) => r.confirmedAt }),
  }),
});

const UserSavingListRef = builder
  .objectRef<{ list: SavingRemittanceRow[]; pagination: PageInfo }>('UserSavingList')
  .implement({
    fields: (t) => ({
      list: t.field({ type: [UserSavingRef], resolve: (r) => r.list }),
      pagination: t.field({ type: PaginationRef, resolve: (r) => r.pagination }),
    }),
  });

builder.queryField('userSavings', (t) =>
  t.field({
    description:
      'Coin-saving remittances of all users, newest first; userName matches from the start and planName exactly (both case-insensitive). Sort target: confirmedAt (default DESC).',
    type: UserSavingListRef,
    authScopes: { authenticated: true },
    args: {
      userName: t.arg.string({ required: false }),
      planName: t.arg.string({ required: false }),
      pagination: t.arg({ type: PaginationInputRef, required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const page = toPage(args.pagination, DATE_SORT, DEFAULT_DATE_SORT);
      const { rows, totalRecords } = await ctx.services.savings.savings(args, page);
      return withPage(rows, page, totalRecords);
    },
  }),
);

const SavingSearchParamsRef = builder.inputType('SavingSearchParams', {
  description: 'userName and email match from the start (case-insensitive).',
  fields: (t) => ({
    userName: t.string({ required: false }),
    email: t.string({ required: false }),
  }),
});

const SavingListInputRef = builder.inputType('SavingListInput', {
  fields: (t) => ({
    searchParams: t.field({ type: SavingSearchParamsRef, required: false }),
    pagination: t.field({ type: PaginationInputRef, required: false }),
  }),
});

const AffiliateSavingRemittanceRef = builder
  .objectRef<AffiliateRow>('AffiliateSavingRemittance')
  .implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      username: t.exposeString('username'),
      email: t.exposeString('email'),
      forceClubId: t.exposeString('forceClubId', { nullable: true }),
      confirmedAt: t.field({ type: 'DateTime', resolve: (r) => r.confirmedAt }),
      transactionHash: t.exposeString('transactionHash'),
      sentHec: t.field({ type: 'Decimal', resolve: (r) => r.sentHec }),
      usdValuation: t.field({ type: 'Decimal', resolve: (r) => r.usdValuation }),
      hecPrincipal: t.field({ type: 'Decimal', resolve: (r) => r.hecPrincipal }),
      atemPrincipal: t.field({ type: 'Decimal', resolve: (r) => r.atemPrincipal }),
    }),
  });

const AffiliateSavingRemittanceListRef = builder
  .objectRef<{ list: AffiliateRow[]; pagination: PageInfo }>('AffiliateSavingRemittanceList')
  .implement({
    fields: (t) => ({
      list: t.field({ type: [AffiliateSavingRemittanceRef], resolve: (r) => r.list }),
      pagination: t.field({ type: PaginationRef, resolve: (r) => r.pagination }),
    }),
  });

builder.queryField('affiliateSavingRemittances', (t) =>
  t.field({
    description:
      'Referral-plan remittances of all users, newest first. searchParams.userName and email match from the start (case-insensitive). Sort target: confirmedAt.',
    type: AffiliateSavingRemittanceListRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: SavingListInputRef, required: false }) },
    resolve: async (_root, args, ctx) => {
      const page = toPage(args.input?.pagination, DATE_SORT, DEFAULT_DATE_SORT);
      const { rows, totalRecords } = await ctx.services.savings.affiliateRemittances(
        args.input?.searchParams,
        page,
      );
      return withPage(rows, page, totalRecords);
    },
  }),
);

const SavingAddressRecordRef = builder
  .objectRef<SavingAddressRecord>('SavingAddressRecord')
  .implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      userId: t.exposeInt('userId'),
      username: t.exposeString('username'),
      email: t.exposeString('email'),
      oneYearPlanAddress: t.exposeString('oneYearPlanAddress', { nullable: true }),
      twoYearsPlanAddress: t.exposeString('twoYearsPlanAddress', { nullable: true }),
      threeYearsPlanAddress: t.exposeString('threeYearsPlanAddress', { nullable: true }),
      fiveYearsPlanAddress: t.exposeString('fiveYearsPlanAddress', { nullable: true }),
      generatedAt: t.field({ type: 'DateTime', resolve: (r) => r.generatedAt }),
    }),
  });

const SavingAddressListRef = builder
  .objectRef<{ list: SavingAddressRecord[]; pagination: PageInfo }>('SavingAddressList')
  .implement({
    fields: (t) => ({
      list: t.field({ type: [SavingAddressRecordRef], resolve: (r) => r.list }),
      pagination: t.field({ type: PaginationRef, resolve: (r) => r.pagination }),
    }),
  });

const ADDRESS_SORT = ['id'] as const;

builder.queryField('hecSavingAddresses', (t) =>
  t.field({
    description:
      "Each coin-saving user's deposit addresses for the 1-, 2-, 3- and 5-year plans, newest first. Sort target: id.",
    type: SavingAddressListRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: SavingListInputRef, required: false }) },
    resolve: async (_root, args, ctx) => {
      const page = toPage(args.input?.pagination, ADDRESS_SORT, { target: 'id', orderBy: 'DESC' });
      const { rows, totalRecords } = await ctx.services.savings.addresses(
        args.input?.searchParams,
        page,
      );
      return { list: rows, pagination: { ...page, totalRecords } };
    },
  }),
);
