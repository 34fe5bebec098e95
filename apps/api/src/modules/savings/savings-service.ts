import type { Kysely } from 'kysely';
import { toUnitScale } from '@app/shared';
import type { DB } from '../../db/schema';
import { notFound, positiveId, textFilter } from '../../shared/list-input';
import type { PageRequest } from '../../shared/page';
import { listSavingAddresses } from './saving-addresses-repository';
import * as repo from './savings-repository';

export type SearchInput = {
  userName?: string | null | undefined;
  email?: string | null | undefined;
};

/** Reads of coin-saving and referral-plan remittances and deposit addresses. */
export function createSavingsService(db: Kysely<DB>) {
  return {
    /** One user's coin-saving remittances (newest first) with the spec's totals and the 3-/5-year ones. */
    userSavingHistory: async (userId: number, page: PageRequest<'confirmedAt'>) => {
      positiveId('userId', userId);
      const history = await repo.findUserSavingRemittanceHistory(
        db,
        userId,
        page.limit,
        page.offset,
      );
      // The history reads the user's row anyway: its absence is the NOT_FOUND.
      if (!history.userFound) throw notFound('User', userId);
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
        page.limit,
        page.offset,
      );
      if (!totals) throw notFound('User', userId);
      return { remittances, ...totals, totalRecords: totals.numberOfRemittances };
    },

    /** userSavings: coin-saving remittances of all users, by user-name prefix and plan name. */
    savings: (
      filter: { userName?: string | null; planName?: string | null },
      page: PageRequest<'confirmedAt'>,
    ) =>
      repo.listSavingRemittances(
        db,
        { userName: textFilter(filter.userName), planName: textFilter(filter.planName) },
        page,
      ),

    /** affiliateSavingRemittances: referral-plan remittances of all users. */
    affiliateRemittances: (
      search: SearchInput | null | undefined,
      page: PageRequest<'confirmedAt'>,
    ) =>
      repo.listAffiliateRemittances(
        db,
        { userName: textFilter(search?.userName), email: textFilter(search?.email) },
        page,
      ),

    /** hecSavingAddresses: each coin-saving user's four deposit addresses. */
    addresses: (search: SearchInput | null | undefined, page: PageRequest<'id'>) =>
      listSavingAddresses(
        db,
        { userName: textFilter(search?.userName), email: textFilter(search?.email) },
        page,
      ),
  };
}

export type SavingsService = ReturnType<typeof createSavingsService>;
