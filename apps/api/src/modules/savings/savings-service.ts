import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { notFound, positiveId, textFilter, toRepoPagination } from '../../shared/list-input';
import type { Page } from '../../shared/page';
import { listSavingAddresses } from './saving-addresses-repository';
import { endUserExists } from '../users/users-repository';
import * as repo from './savings-repository';

export type SearchInput = {
  userName?: string | null | undefined;
  email?: string | null | undefined;
};

/** Reads of coin-saving and referral-plan remittances and deposit addresses. */
export function createSavingsService(db: Kysely<DB>) {
  // Only repositories touch SQL: the existence check is the users module's.
  async function assertUser(userId: number): Promise<void> {
    if (!(await endUserExists(db, userId))) throw notFound('User', userId);
  }

  return {
    /** One user's coin-saving remittances (newest first) with the spec's totals. */
    userSavingHistory: async (userId: number, page: Page<'confirmedAt'>) => {
      positiveId('userId', userId);
      const [, history] = await Promise.all([
        assertUser(userId),
        repo.findUserSavingRemittanceHistory(db, userId, page.limit, page.offset),
      ]);
      const { totalRecords, ...rest } = history;
      return { ...rest, totalRecords: Number(totalRecords) };
    },

    /** One user's referral-plan remittances (newest first) with the stored totals. */
    userAffiliateHistory: async (userId: number, page: Page<'confirmedAt'>) => {
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
      page: Page<'confirmedAt'>,
    ) =>
      repo.listSavingRemittances(
        db,
        { userName: textFilter(filter.userName), planName: textFilter(filter.planName) },
        toRepoPagination(page),
      ),

    /** affiliateSavingRemittances: referral-plan remittances of all users. */
    affiliateRemittances: (search: SearchInput | null | undefined, page: Page<'confirmedAt'>) =>
      repo.listAffiliateRemittances(
        db,
        { userName: textFilter(search?.userName), email: textFilter(search?.email) },
        toRepoPagination(page),
      ),

    /** hecSavingAddresses: each coin-saving user's four deposit addresses. */
    addresses: (search: SearchInput | null | undefined, page: Page<'id'>) =>
      listSavingAddresses(
        db,
        { userName: textFilter(search?.userName), email: textFilter(search?.email) },
        toRepoPagination(page),
      ),
  };
}

export type SavingsService = ReturnType<typeof createSavingsService>;
