import type { Kysely } from 'kysely';
import { toUnitScale } from '@app/shared';
import type { DB } from '../../db/schema';
import { dateRange, notFound, positiveId } from '../../shared/list-input';
import type { PageRequest } from '../../shared/page';
import { listSavingAddresses } from './saving-addresses-repository';
import * as repo from './savings-repository';
import {
  AFFILIATE_REMITTANCES_LIST,
  USER_SAVINGS_LIST,
  type SavingSearch,
  type SavingSearchInput,
  type UserSavingsFilter,
  type UserSavingsInput,
} from './savings-list';

/** The download centre's range (exports only), in order. */
function confirmedRange(input: { confirmedAtFrom?: Date | null; confirmedAtUntil?: Date | null }) {
  const range = dateRange(
    'confirmedAtFrom',
    input.confirmedAtFrom,
    'confirmedAtUntil',
    input.confirmedAtUntil,
  );
  return { confirmedAtFrom: range.from, confirmedAtUntil: range.until };
}

/** The userSavings filters (list and export): text trimmed, the centre's range in order. */
export function userSavingsFilter(input: UserSavingsInput): UserSavingsFilter {
  return { ...USER_SAVINGS_LIST.values(input), ...confirmedRange(input) };
}

/** The search of affiliateSavingRemittances and hecSavingAddresses (lists and exports). */
export function savingSearch(input: SavingSearchInput | null | undefined): SavingSearch {
  return { ...AFFILIATE_REMITTANCES_LIST.values(input ?? {}), ...confirmedRange(input ?? {}) };
}

/** Reads of coin-saving and referral-plan remittances and deposit addresses. */
export function createSavingsService(db: Kysely<DB>) {
  return {
    /** One user's coin-saving remittances (newest first) with the spec's totals and the 3-/5-year ones. */
    userSavingHistory: async (userId: number, page: PageRequest<'confirmedAt'>) => {
      positiveId('userId', userId);
      const history = await repo.findUserSavingRemittanceHistory(db, userId, page);
      // The history reads the user's row anyway: its absence is the NOT_FOUND.
      if (!history.userFound) throw notFound('user', userId);
      const hec = (value: string) => toUnitScale(value, 'HEC');
      return {
        remittances: history.remittances,
        totalSentHec: hec(history.totalSentHec),
        totalOneYearPlanHec: hec(history.totalOneYearPlanHec),
        totalTwoYearsPlanHec: hec(history.totalTwoYearsPlanHec),
        totalThreeYearsPlanHec: hec(history.totalThreeYearsPlanHec),
        totalFiveYearsPlanHec: hec(history.totalFiveYearsPlanHec),
        totalRecords: Number(history.totalRecords),
      };
    },

    /** One user's referral-plan remittances (newest first) with the stored totals. */
    userAffiliateHistory: async (userId: number, page: PageRequest<'confirmedAt'>) => {
      positiveId('userId', userId);
      const { remittances, totals } = await repo.findUserAffiliateRemittanceHistory(
        db,
        userId,
        page,
      );
      if (!totals) throw notFound('user', userId);
      return { remittances, ...totals, totalRecords: totals.numberOfRemittances };
    },

    /** userSavings: coin-saving remittances of all users, by user-name prefix and plan name. */
    savings: (filter: UserSavingsInput, page: PageRequest<'confirmedAt'>) =>
      repo.listSavingRemittances(db, userSavingsFilter(filter), page),

    /** affiliateSavingRemittances: referral-plan remittances of all users. */
    affiliateRemittances: (
      search: SavingSearchInput | null | undefined,
      page: PageRequest<'confirmedAt'>,
    ) => repo.listAffiliateRemittances(db, savingSearch(search), page),

    /** hecSavingAddresses: each coin-saving user's four deposit addresses. */
    addresses: (search: SavingSearchInput | null | undefined, page: PageRequest<'id'>) =>
      listSavingAddresses(db, savingSearch(search), page),
  };
}

export type SavingsService = ReturnType<typeof createSavingsService>;
