import type { ObjectRef } from '@pothos/core';
import { builder } from '../../graphql/builder';
import { decimalFields } from '../../graphql/decimal-fields';
import { filterArgs } from '../../graphql/filter-fields';
import { pagedListQuery } from '../../graphql/pagination';
import { selectedFieldNames } from '../../graphql/selection';
import { savingRemittanceRef } from '../savings/saving-remittance-type';
import type { UserView, UsersService } from './users-service';
import { USER_NAMES_LIST, USERS_LIST } from './users-list';

type Row<K extends keyof UsersService> = Awaited<ReturnType<UsersService[K]>>;
type Types = typeof builder.$inferSchemaTypes;

const UserIdInputRef = builder.inputType('UserIdInput', {
  fields: (t) => ({ userId: t.int({ required: true }) }),
});

/**
 * A query of one user's section of the detail page, by the user's id: `userId`, or on the two
 * calls whose contract says so `input: { userId }`. Every section is read the same way.
 */
function userQuery<T extends object>(
  name: string,
  type: ObjectRef<Types, T>,
  load: (users: UsersService, userId: number) => Promise<T>,
  { description, inInput = false }: { description?: string; inInput?: boolean } = {},
): void {
  builder.queryField(name, (t) =>
    t.field({
      description,
      // `type` and `load` agree on T; Pothos cannot check a generic shape, so it sees objects.
      type: type as ObjectRef<Types, object>,
      authScopes: { authenticated: true },
      args: inInput
        ? { input: t.arg({ type: UserIdInputRef, required: true }) }
        : { userId: t.arg.int({ required: true }) },
      resolve: (_root, args, ctx) => {
        const { input, userId } = args as { input?: { userId: number }; userId?: number };
        return load(ctx.services.users, input?.userId ?? userId!);
      },
    }),
  );
}

const AubeUserInfoRef = builder.objectRef<UserView>('AubeUserInfo').implement({
  description: 'The user as known to the Aube platform and the Force Club.',
  fields: (t) => ({
    email: t.exposeString('email'),
    aubeUserIdHash: t.exposeString('aubeUserIdHash'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    birthDate: t.expose('birthDate', { type: 'DateTime', nullable: true }),
    enrollmentMonth: t.expose('enrollmentMonth', { type: 'DateTime', nullable: true }),
    forceClubRegisteredAt: t.expose('forceClubRegisteredAt', { type: 'DateTime', nullable: true }),
    forceClubIdHash: t.exposeString('forceClubIdHash', { nullable: true }),
  }),
});

const UserDetailRef = builder.objectRef<UserView>('UserDetail').implement({
  description: 'Profile details the user keeps in the app.',
  fields: (t) => ({
    avatarUrl: t.exposeString('avatarUrl', { nullable: true }),
    phoneNumber: t.exposeString('phoneNumber', { nullable: true }),
    twoFactor: t.boolean({ resolve: (u) => u.twoFactor ?? false }),
    bio: t.string({ resolve: (u) => u.bio ?? '' }),
    defaultLocale: t.string({ resolve: (u) => u.defaultLocale ?? 'ja' }),
  }),
});

const UserRef = builder.objectRef<UserView>('User').implement({
  description: 'An end user with the derived totals of the users list (spec section 3).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    userName: t.exposeString('userName'),
    inviteCode: t.exposeString('inviteCode'),
    cardStatus: t.exposeInt('cardStatus', {
      description: '0 None, 1 Emerald, 2 Ruby, 3 Sapphire, 4 Gold, 5 Platinum, 6 Black.',
    }),
    totalHECStakedAmount: t.expose('totalHECStakedAmount', { type: 'Decimal' }),
    totalETHStakedAmount: t.expose('totalETHStakedAmount', { type: 'Decimal' }),
    totalBuyAmountUsd: t.expose('totalBuyAmountUsd', { type: 'Decimal' }),
    savingRewardsRate: t.expose('savingRewardsRate', { type: 'Decimal' }),
    referralRate: t.expose('referralRate', { type: 'Decimal' }),
    registeredAt: t.expose('registeredAt', { type: 'DateTime' }),
    totalSentAmount: t.expose('totalSentAmount', { type: 'Decimal' }),
    totalOwl: t.expose('totalOwl', { type: 'Decimal' }),
    parentId: t.int({
      nullable: true,
      description: 'The referrer (only on `user`).',
      resolve: (u) => u.parentId ?? null,
    }),
    parentUserName: t.string({
      nullable: true,
      description: 'The referrer (only on `user`).',
      resolve: (u) => u.parentUserName ?? null,
    }),
    aubeUserInfo: t.field({ type: AubeUserInfoRef, resolve: (u) => u }),
    userDetail: t.field({ type: UserDetailRef, resolve: (u) => u }),
  }),
});

const UserNameRef = builder.objectRef<{ id: number; userName: string }>('UserName').implement({
  fields: (t) => ({ id: t.exposeInt('id'), userName: t.exposeString('userName') }),
});

pagedListQuery(USERS_LIST, {
  type: 'UserList',
  item: UserRef,
  description:
    'The users list. Name and email match by prefix (case-insensitive); inviteCode and forceClubIdHash exactly; cardStatus is any of the listed statuses; registeredAtFrom/registeredAtUntil bound the registration time, both inclusive.',
  authScopes: { authenticated: true },
  args: () => filterArgs(USERS_LIST.filters),
  // Only the columns the query selects are read (the users page is the hottest call).
  load: (args, page, ctx, info) =>
    ctx.services.users.list(args, page, selectedFieldNames(info, ['list'])),
});

pagedListQuery(USER_NAMES_LIST, {
  type: 'UserNameList',
  item: UserNameRef,
  description:
    'Light variant of `users` for pickers: id and userName only, userName matched by prefix.',
  authScopes: { authenticated: true },
  args: () => filterArgs(USER_NAMES_LIST.filters),
  load: (args, page, ctx) => ctx.services.users.listNames(args, page),
});

userQuery('user', UserRef, (users, id) => users.detail(id), {
  description: 'General info of one user; NOT_FOUND for an unknown id.',
});

const UserAssetRef = builder.objectRef<Row<'asset'>>('UserAsset').implement({
  description: 'Stored purchase and staking totals and the reward sums of one user.',
  fields: (t) =>
    decimalFields(t, [
      'totalBuyAmountUsd',
      'totalETHAmount',
      'totalHECAmount',
      'totalETHStakedAmount',
      'totalHECStakedAmount',
      'totalETHAffiliateReward',
      'totalHECAffiliateReward',
      'totalETHProportionalReward',
      'totalHECProportionalReward',
      'totalETHStakingReward',
      'totalHECStakingReward',
    ]),
});

userQuery('userAsset', UserAssetRef, (users, id) => users.asset(id));

const UserHecSavingDetailRef = builder
  .objectRef<Row<'hecSavingDetail'>>('UserHecSavingDetail')
  .implement({
    description:
      "Coin-saving section of the user detail page: HEC positions of the 1-, 2-, 3- and 5-year plans (amounts at 18 decimal places); the four plans' rewards add up to totalRewards.",
    fields: (t) =>
      decimalFields(t, [
        'oneYearPlanRate',
        'twoYearPlanRate',
        'threeYearPlanRate',
        'fiveYearPlanRate',
        'oneYearPlanPrincipal',
        'twoYearPlanPrincipal',
        'threeYearPlanPrincipal',
        'fiveYearPlanPrincipal',
        'oneYearPlanRewards',
        'twoYearPlanRewards',
        'threeYearPlanRewards',
        'fiveYearPlanRewards',
        'totalRewards',
        'userPreBonusRate',
        'userCardStatusBonusRate',
      ]),
  });

userQuery('userHecSavingDetail', UserHecSavingDetailRef, (users, id) => users.hecSavingDetail(id), {
  inInput: true,
});

const UserReferralPlanDetailRef = builder
  .objectRef<Row<'referralPlanDetail'>>('UserReferralPlanDetail')
  .implement({
    description: 'Referral-plan section of the user detail page (stored totals).',
    fields: (t) => {
      return {
        ...decimalFields(t, [
          'totalRemittedHec',
          'totalUsdValuation',
          'totalHecPrincipal',
          'totalAtemAmount',
          'rewardRate',
          'rewardsBasedOnInterest',
          'referralRewards',
          'bonusRewards',
        ]),
        numberOfRemittances: t.exposeInt('numberOfRemittances'),
      };
    },
  });

userQuery(
  'userReferralPlanDetail',
  UserReferralPlanDetailRef,
  (users, id) => users.referralPlanDetail(id),
  {
    inInput: true,
  },
);

type StakingInfo = Row<'stakingInfo'>;
const StakingPositionRef = builder
  .objectRef<StakingInfo['stakingInfos'][number]>('StakingPosition')
  .implement({
    fields: (t) => ({
      planId: t.exposeInt('planId'),
      coinType: t.exposeString('coinType'),
      currentBalance: t.expose('currentBalance', { type: 'Decimal' }),
      depositedAube: t.expose('depositedAube', { type: 'Decimal' }),
      aubeReward: t.expose('aubeReward', { type: 'Decimal' }),
      owlReward: t.expose('owlReward', { type: 'Decimal' }),
      aubeRate: t.expose('aubeRate', { type: 'Decimal' }),
      owlRate: t.expose('owlRate', { type: 'Decimal' }),
      walletAddress: t.exposeString('walletAddress'),
    }),
  });

const StakingRemittanceRef = savingRemittanceRef('StakingRemittance');

const UserStakingInfoRef = builder.objectRef<StakingInfo>('UserStakingInfo').implement({
  fields: (t) => ({
    stakingInfos: t.field({ type: [StakingPositionRef], resolve: (s) => s.stakingInfos }),
    remittanceHistories: t.expose('remittanceHistories', {
      type: [StakingRemittanceRef],
      description: 'The 20 newest coin-saving remittances.',
    }),
  }),
});

userQuery('userStakingInfo', UserStakingInfoRef, (users, id) => users.stakingInfo(id));

type Snapshot = Row<'rewardSnapshot'>;
const RewardSnapshotRowRef = builder
  .objectRef<Snapshot['remittances'][number]>('RewardSnapshotRow')
  .implement({
    fields: (t) => {
      const decimal = (resolve: (r: Snapshot['remittances'][number]) => string) =>
        t.field({ type: 'Decimal', resolve });
      return {
        id: t.string({ resolve: (r) => r.id }),
        confirmedDate: t.field({
          type: 'Decimal',
          description: 'Staking date, epoch milliseconds.',
          resolve: (r) => r.confirmed_date_ms,
        }),
        maturityDate: t.field({
          type: 'Decimal',
          description: 'Maturity date, epoch milliseconds.',
          resolve: (r) => r.maturity_date_ms,
        }),
        amount: decimal((r) => r.amount),
        totalAmount: decimal((r) => r.total_amount),
        baseRate: decimal((r) => r.base_rate),
        tierRate: decimal((r) => r.tier_rate),
        lockRate: decimal((r) => r.lock_rate),
        totalBonus: decimal((r) => r.total_bonus),
        plan: t.string({ resolve: (r) => r.plan }),
        planId: t.int({ resolve: (r) => r.saving_plan_id }),
        aubeRate: decimal((r) => r.aube_rate),
        aubeReward: decimal((r) => r.aube_reward),
        usdRate: decimal((r) => r.usd_rate),
        totalUsd: decimal((r) => r.total_usd),
        owlAube: decimal((r) => r.owl_aube),
        owlRate: decimal((r) => r.owl_rate),
        owlReward: decimal((r) => r.owl_reward),
      };
    },
  });

const UserRewardSnapshotRef = builder.objectRef<Snapshot>('UserRewardSnapshot').implement({
  fields: (t) => ({
    rewardDate: t.exposeString('rewardDate', {
      nullable: true,
      description: 'The reward date shown (YYYY-MM-DD); null when the user has none.',
    }),
    remittances: t.field({ type: [RewardSnapshotRowRef], resolve: (s) => s.remittances }),
    totalSentHec: t.expose('totalSentHec', { type: 'Decimal' }),
    totalSentUSD: t.expose('totalSentUSD', { type: 'Decimal' }),
    totalAubeReward: t.expose('totalAubeReward', { type: 'Decimal' }),
    totalOwlReward: t.expose('totalOwlReward', { type: 'Decimal' }),
  }),
});

builder.queryField('userRewardSnapshot', (t) =>
  t.field({
    description:
      'Reward snapshot of one user on rewardDate (YYYY-MM-DD; the newest date with a snapshot when omitted), optionally one plan. Staking and maturity dates are epoch milliseconds.',
    type: UserRewardSnapshotRef,
    authScopes: { authenticated: true },
    args: {
      userId: t.arg.int({ required: true }),
      rewardDate: t.arg.string({ required: false }),
      planId: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      ctx.services.users.rewardSnapshot(args.userId, args.rewardDate, args.planId),
  }),
);

const PlanRef = builder
  .objectRef<Awaited<ReturnType<UsersService['plans']>>[number]>('Plan')
  .implement({
    description: 'A purchase plan.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      description: t.exposeString('description'),
      price: t.field({ type: 'Decimal', description: 'USD.', resolve: (p) => p.price }),
      coinType: t.exposeString('coinType'),
    }),
  });

const HecSavingPlanRef = builder
  .objectRef<Awaited<ReturnType<UsersService['savingPlans']>>[number]>('HecSavingPlan')
  .implement({
    description: 'A coin-saving plan (1, 2, 3 or 5 years).',
    fields: (t) => ({
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      termYears: t.exposeInt('termYears'),
      rewardRate: t.expose('rewardRate', { type: 'Decimal' }),
    }),
  });

builder.queryField('plans', (t) =>
  t.field({
    type: [PlanRef],
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.users.plans(),
  }),
);

builder.queryField('hecSavingPlans', (t) =>
  t.field({
    type: [HecSavingPlanRef],
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.users.savingPlans(),
  }),
);
