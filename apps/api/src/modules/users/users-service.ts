import type { Kysely } from 'kysely';
import {
  CARD_STATUS_NAMES,
  CARD_STATUSES,
  compareDecimals,
  isCardStatus,
  sumDecimals,
  toUnitScale,
  type CardStatus,
  type MoneyUnit,
} from '@app/shared';
import type { DB } from '../../db/schema';
import {
  calendarDate,
  dateRange,
  nonNegativeAmount,
  notFound,
  positiveId,
  badInput,
} from '../../shared/list-input';
import type { Page, PageRequest } from '../../shared/page';
import type { SavingsService } from '../savings/savings-service';
import * as repo from './users-repository';
import {
  USER_NAMES_LIST,
  USERS_LIST,
  type UserNamesInput,
  type UserNamesSortTarget,
  type UsersFilter,
  type UsersFilterInput,
} from './users-list';

export type { UsersFilterInput };

/**
 * Extra coin-saving reward rate per card status. The spec names the field
 * (userCardStatusBonusRate) but not the values; these are the documented placeholders in
 * docs/api.md until the business gives the table.
 */
const CARD_STATUS_BONUS_RATES: Readonly<Record<CardStatus, string>> = {
  0: '0',
  1: '0.001',
  2: '0.002',
  3: '0.003',
  4: '0.005',
  5: '0.0075',
  6: '0.01',
};

/** A user of the list, or of the detail page (which also knows the referrer). */
export type UserView = repo.UserListRow & {
  parentId?: number | null;
  parentUserName?: string | null;
};

/**
 * Validates the users-list filters: amounts not negative and in order, known card statuses, a
 * registration range in order.
 */
export function usersFilter(input: UsersFilterInput): UsersFilter {
  const min = nonNegativeAmount(
    'totalBuyAmountMoreThanOrEqual',
    input.totalBuyAmountMoreThanOrEqual,
    'USD',
  );
  const max = nonNegativeAmount(
    'totalBuyAmountLessThanOrEqual',
    input.totalBuyAmountLessThanOrEqual,
    'USD',
  );
  if (min !== undefined && max !== undefined && compareDecimals(min, max) > 0) {
    throw badInput(
      'totalBuyAmountMoreThanOrEqual',
      'must not be greater than totalBuyAmountLessThanOrEqual.',
      { code: 'notAfter', params: { other: 'totalBuyAmountLessThanOrEqual' } },
    );
  }
  for (const status of input.cardStatus ?? []) {
    if (!isCardStatus(status)) {
      throw badInput(
        'cardStatus',
        `${status} is not a card status; use ${CARD_STATUSES[0]} to ${CARD_STATUSES.at(-1)} (${CARD_STATUSES.map((s) => `${s} ${CARD_STATUS_NAMES[s]}`).join(', ')}).`,
      );
    }
  }
  const registered = dateRange(
    'registeredAtFrom',
    input.registeredAtFrom,
    'registeredAtUntil',
    input.registeredAtUntil,
  );
  // The plain filters as declared (text trimmed); the checked ones replace theirs.
  return {
    ...USERS_LIST.values(input),
    totalBuyAmountMoreThanOrEqual: min,
    totalBuyAmountLessThanOrEqual: max,
    cardStatus:
      input.cardStatus && input.cardStatus.length > 0 ? [...new Set(input.cardStatus)] : undefined,
    registeredAtFrom: registered.from,
    registeredAtUntil: registered.until,
  };
}

function sumRewards(
  rewards: readonly { kind: string; coinType: string; amount: string }[],
  kinds: readonly string[],
  coin: 'ETH' | 'HEC',
): string {
  const amounts = rewards
    .filter((r) => kinds.includes(r.kind) && r.coinType === coin)
    .map((r) => r.amount);
  return toUnitScale(sumDecimals(amounts), coin);
}

/** The exact sum of decimal strings, written at the unit's scale. */
const sumAt = (unit: MoneyUnit, values: readonly string[]): string =>
  toUnitScale(sumDecimals(values), unit);

/** The coin-saving terms, in years, that the detail section breaks the totals into. */
const SAVING_TERMS = { one: 1, two: 2, three: 3, five: 5 } as const;

/** Reads of end users for the users list and the user detail page. */
export function createUsersService(
  db: Kysely<DB>,
  savings: Pick<SavingsService, 'userSavingHistory'>,
) {
  async function requireUser<T>(
    userId: number,
    load: (id: number) => Promise<T | undefined>,
  ): Promise<T> {
    const row = await load(positiveId('userId', userId));
    if (row === undefined) throw notFound('user', userId);
    return row;
  }

  return {
    /**
     * The users list (spec section 7, users). `fields`: the row fields to read (the GraphQL
     * selection); all when left out.
     */
    list: (
      filter: UsersFilterInput,
      page: PageRequest<repo.UsersSortTarget>,
      fields?: ReadonlySet<string>,
    ): Promise<Page<repo.UserListRow>> => repo.listUsers(db, usersFilter(filter), page, fields),

    /** The light variant for pickers: ids and names. */
    listNames: (input: UserNamesInput, page: PageRequest<UserNamesSortTarget>) =>
      repo.listUserNames(db, USER_NAMES_LIST.values(input), page),

    /** Whether an end user with this id exists (for other modules' NOT_FOUND). */
    exists: (userId: number): Promise<boolean> => repo.endUserExists(db, userId),

    /** General info of one user. */
    detail: async (userId: number): Promise<UserView> => {
      const u = await requireUser(userId, (id) => repo.findUserDetail(db, id));
      return {
        id: u.id,
        userName: u.user_name,
        inviteCode: u.invite_code,
        registeredAt: u.registered_at,
        cardStatus: u.card_status,
        savingRewardsRate: u.saving_rewards_rate,
        referralRate: u.referral_rate,
        totalHECStakedAmount: u.total_hec_staked_amount,
        totalETHStakedAmount: u.total_eth_staked_amount,
        totalBuyAmountUsd: u.total_buy_amount_usd,
        totalSentAmount: u.total_sent_amount,
        totalOwl: u.total_owl,
        email: u.email,
        aubeUserIdHash: u.aube_user_id_hash,
        firstName: u.first_name,
        lastName: u.last_name,
        birthDate: u.birth_date,
        enrollmentMonth: u.enrollment_month,
        forceClubRegisteredAt: u.force_club_registered_at,
        forceClubIdHash: u.force_club_id_hash,
        avatarUrl: u.avatarUrl,
        phoneNumber: u.phoneNumber,
        twoFactor: u.twoFactor,
        bio: u.bio,
        defaultLocale: u.defaultLocale,
        parentId: u.parent_id,
        parentUserName: u.parentUserName,
      };
    },

    /** User asset section: stored totals and reward sums by coin. */
    asset: async (userId: number) => {
      const asset = await requireUser(userId, (id) => repo.findUserAsset(db, id));
      const { rewards, ...totals } = asset;
      const affiliate = ['affiliate_interest', 'referral', 'bonus'];
      return {
        ...totals,
        totalETHAffiliateReward: sumRewards(rewards, affiliate, 'ETH'),
        totalHECAffiliateReward: sumRewards(rewards, affiliate, 'HEC'),
        totalETHProportionalReward: sumRewards(rewards, ['proportional'], 'ETH'),
        totalHECProportionalReward: sumRewards(rewards, ['proportional'], 'HEC'),
        totalETHStakingReward: sumRewards(rewards, ['staking'], 'ETH'),
        totalHECStakingReward: sumRewards(rewards, ['staking'], 'HEC'),
      };
    },

    /**
     * Coin-saving section: rate, principal and rewards of each plan (1, 2, 3 and 5 years; the
     * spec names the first two, users hold all four) and the total, so the parts add up.
     */
    hecSavingDetail: async (userId: number) => {
      const user = await requireUser(userId, (id) => repo.findUserReferralPlanTotals(db, id));
      const [positions, plans] = await Promise.all([
        repo.findUserSavingDetail(db, userId),
        repo.listSavingPlans(db),
      ]);
      const hec = positions.filter((p) => p.coinType === 'HEC');
      const of = (years: number) => {
        const plan = plans.find((p) => p.termYears === years);
        const position = hec.find((h) => h.planId === plan?.id);
        return {
          rate: plan?.rewardRate ?? '0',
          principal: toUnitScale(position?.principal ?? '0', 'HEC'),
          rewards: toUnitScale(position?.rewards ?? '0', 'HEC'),
        };
      };
      const one = of(SAVING_TERMS.one);
      const two = of(SAVING_TERMS.two);
      const three = of(SAVING_TERMS.three);
      const five = of(SAVING_TERMS.five);
      return {
        oneYearPlanRate: one.rate,
        twoYearPlanRate: two.rate,
        threeYearPlanRate: three.rate,
        fiveYearPlanRate: five.rate,
        oneYearPlanPrincipal: one.principal,
        twoYearPlanPrincipal: two.principal,
        threeYearPlanPrincipal: three.principal,
        fiveYearPlanPrincipal: five.principal,
        oneYearPlanRewards: one.rewards,
        twoYearPlanRewards: two.rewards,
        threeYearPlanRewards: three.rewards,
        fiveYearPlanRewards: five.rewards,
        totalRewards: sumAt(
          'HEC',
          hec.map((h) => h.rewards),
        ),
        userPreBonusRate: user.savingRewardsRate,
        userCardStatusBonusRate: isCardStatus(user.cardStatus)
          ? CARD_STATUS_BONUS_RATES[user.cardStatus]
          : '0',
      };
    },

    /** Referral plan section: stored referral-plan totals and the user's reward rate. */
    referralPlanDetail: async (userId: number) => {
      const user = await requireUser(userId, (id) => repo.findUserReferralPlanTotals(db, id));
      return { ...user, rewardRate: user.referralRate };
    },

    /** Staking positions and the latest coin-saving remittances of one user. */
    stakingInfo: async (userId: number) => {
      await requireUser(userId, (id) => repo.findUserReferralPlanTotals(db, id));
      const [stakingInfos, history] = await Promise.all([
        repo.findUserStakingInfo(db, userId),
        savings.userSavingHistory(userId, { limit: 20, offset: 0 }),
      ]);
      return { stakingInfos, remittanceHistories: history.remittances };
    },

    /** Reward snapshot of one user on one reward date (the newest when none is given). */
    rewardSnapshot: async (
      userId: number,
      rewardDate: string | null | undefined,
      planId: number | null | undefined,
    ) => {
      await requireUser(userId, (id) => repo.findUserReferralPlanTotals(db, id));
      if (planId !== null && planId !== undefined) positiveId('planId', planId);
      const date = rewardDate
        ? calendarDate('rewardDate', rewardDate)
        : await repo.findLatestRewardDate(db, userId);
      const rows = date
        ? await repo.findUserRewardSnapshot(db, userId, date, planId ?? undefined)
        : [];
      // Each total is one column of the rows, summed exactly at its unit's scale.
      type Row = (typeof rows)[number];
      type AmountColumn = { [K in keyof Row]: Row[K] extends string ? K : never }[keyof Row];
      const total = (unit: MoneyUnit, column: AmountColumn) =>
        sumAt(
          unit,
          rows.map((r) => r[column]),
        );
      return {
        rewardDate: date ?? null,
        remittances: rows,
        totalSentHec: total('HEC', 'amount'),
        totalSentUSD: total('USD', 'total_usd'),
        totalAubeReward: total('AUBE', 'aube_reward'),
        totalOwlReward: total('OWL', 'owl_reward'),
      };
    },

    plans: () => repo.listPlans(db),
    savingPlans: () => repo.listSavingPlans(db),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
