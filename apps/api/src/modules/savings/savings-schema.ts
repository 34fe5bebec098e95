import { builder } from '../../graphql/builder';
import { filterArgs, filterInputFields } from '../../graphql/filter-fields';
import { pagedListQuery, searchListInput } from '../../graphql/pagination';
import { savingRemittanceRef } from './saving-remittance-type';
import type { SavingsService } from './savings-service';
import {
  AFFILIATE_REMITTANCES_LIST,
  SAVING_ADDRESSES_LIST,
  USER_AFFILIATE_HISTORY_LIST,
  USER_SAVING_HISTORY_LIST,
  USER_SAVINGS_LIST,
  type AffiliateRemittanceRow,
  type SavingAddressRecord,
  type SavingRemittanceRow,
} from './savings-list';

type Affiliate = Awaited<ReturnType<SavingsService['userAffiliateHistory']>>;

const SavingRemittanceItemRef = savingRemittanceRef('SavingRemittanceItem');

pagedListQuery(USER_SAVING_HISTORY_LIST, {
  type: 'SavingRemittanceHistory',
  listField: 'remittances',
  item: SavingRemittanceItemRef,
  description:
    'Coin-saving remittances of one user, newest first (pagination optional: limit 20, offset 0), with totals over all of them.',
  authScopes: { authenticated: true },
  args: (arg) => ({ userId: arg.int({ required: true }) }),
  load: async (args, page, ctx) => {
    const { remittances, ...rest } = await ctx.services.savings.userSavingHistory(
      args.userId,
      page,
    );
    return { ...rest, rows: remittances };
  },
  extraFields: (t) => ({
    totalSentHec: t.expose('totalSentHec', { type: 'Decimal' }),
    totalOneYearPlanHec: t.expose('totalOneYearPlanHec', { type: 'Decimal' }),
    totalTwoYearsPlanHec: t.expose('totalTwoYearsPlanHec', { type: 'Decimal' }),
    totalThreeYearsPlanHec: t.expose('totalThreeYearsPlanHec', { type: 'Decimal' }),
    totalFiveYearsPlanHec: t.expose('totalFiveYearsPlanHec', { type: 'Decimal' }),
  }),
});

const AffiliateRemittanceItemRef = builder
  .objectRef<Affiliate['remittances'][number]>('AffiliateRemittanceItem')
  .implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      confirmedAt: t.expose('confirmedAt', { type: 'DateTime' }),
      sentHec: t.expose('sentHec', { type: 'Decimal' }),
      hecPrincipal: t.expose('hecPrincipal', { type: 'Decimal' }),
      atemPrincipal: t.expose('atemPrincipal', { type: 'Decimal' }),
      usdValuation: t.expose('usdValuation', { type: 'Decimal' }),
      address: t.exposeString('address'),
    }),
  });

pagedListQuery(USER_AFFILIATE_HISTORY_LIST, {
  type: 'AffiliateRemittanceHistory',
  listField: 'remittances',
  item: AffiliateRemittanceItemRef,
  description:
    'Referral-plan remittances of one user, newest first (pagination optional: limit 20, offset 0), with stored totals.',
  authScopes: { authenticated: true },
  args: (arg) => ({ userId: arg.int({ required: true }) }),
  load: async (args, page, ctx) => {
    const { remittances, ...rest } = await ctx.services.savings.userAffiliateHistory(
      args.userId,
      page,
    );
    return { ...rest, rows: remittances };
  },
  extraFields: (t) => ({
    totalSentHec: t.expose('totalSentHec', { type: 'Decimal' }),
    totalHecPrincipal: t.expose('totalHecPrincipal', { type: 'Decimal' }),
    totalAtemPrincipal: t.expose('totalAtemPrincipal', { type: 'Decimal' }),
    totalUsdValuation: t.expose('totalUsdValuation', { type: 'Decimal' }),
  }),
});

const UserSavingRef = builder.objectRef<SavingRemittanceRow>('UserSaving').implement({
  description: 'A coin-saving remittance (userSavingSentValue).',
  fields: (t) => ({
    userSavingSentValueId: t.exposeString('userSavingSentValueId'),
    userName: t.exposeString('userName'),
    planName: t.exposeString('planName'),
    address: t.exposeString('address'),
    amountHEC: t.expose('amountHEC', { type: 'Decimal' }),
    amountUSD: t.expose('amountUSD', { type: 'Decimal' }),
    transactionHash: t.exposeString('transactionHash'),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime' }),
  }),
});

pagedListQuery(USER_SAVINGS_LIST, {
  type: 'UserSavingList',
  item: UserSavingRef,
  description:
    'Coin-saving remittances of all users, newest first; userName matches from the start and planName exactly (both case-insensitive).',
  authScopes: { authenticated: true },
  args: () => filterArgs(USER_SAVINGS_LIST.filters),
  load: (args, page, ctx) => ctx.services.savings.savings(args, page),
});

const SavingSearchParamsRef = builder.inputType('SavingSearchParams', {
  description: 'userName and email match from the start (case-insensitive).',
  fields: (t) => filterInputFields(t, AFFILIATE_REMITTANCES_LIST.filters),
});

const SavingListInputRef = searchListInput('SavingListInput', SavingSearchParamsRef);

const AffiliateSavingRemittanceRef = builder
  .objectRef<AffiliateRemittanceRow>('AffiliateSavingRemittance')
  .implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      username: t.exposeString('username'),
      email: t.exposeString('email'),
      forceClubId: t.exposeString('forceClubId', { nullable: true }),
      confirmedAt: t.expose('confirmedAt', { type: 'DateTime' }),
      transactionHash: t.exposeString('transactionHash'),
      sentHec: t.expose('sentHec', { type: 'Decimal' }),
      usdValuation: t.expose('usdValuation', { type: 'Decimal' }),
      hecPrincipal: t.expose('hecPrincipal', { type: 'Decimal' }),
      atemPrincipal: t.expose('atemPrincipal', { type: 'Decimal' }),
    }),
  });

pagedListQuery(AFFILIATE_REMITTANCES_LIST, {
  type: 'AffiliateSavingRemittanceList',
  item: AffiliateSavingRemittanceRef,
  description:
    'Referral-plan remittances of all users, newest first. searchParams.userName and email match from the start (case-insensitive).',
  authScopes: { authenticated: true },
  args: (arg) => ({ input: arg({ type: SavingListInputRef, required: false }) }),
  pageInput: (args) => args.input?.pagination,
  load: (args, page, ctx) =>
    ctx.services.savings.affiliateRemittances(args.input?.searchParams, page),
});

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
      generatedAt: t.expose('generatedAt', { type: 'DateTime' }),
    }),
  });

pagedListQuery(SAVING_ADDRESSES_LIST, {
  type: 'SavingAddressList',
  item: SavingAddressRecordRef,
  description:
    "Each coin-saving user's deposit addresses for the 1-, 2-, 3- and 5-year plans, newest first.",
  authScopes: { authenticated: true },
  args: (arg) => ({ input: arg({ type: SavingListInputRef, required: false }) }),
  pageInput: (args) => args.input?.pagination,
  load: (args, page, ctx) => ctx.services.savings.addresses(args.input?.searchParams, page),
});
