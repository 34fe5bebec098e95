import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { defineListExport } from '../../platform/lists';
import { savingAddressesExportQuery } from './saving-addresses-repository';
import {
  AFFILIATE_REMITTANCES_LIST,
  SAVING_ADDRESSES_LIST,
  USER_SAVINGS_LIST,
} from './savings-list';
import {
  affiliateRemittancesExportQuery,
  savingRemittancesExportQuery,
} from './savings-repository';
import { savingSearch, userSavingsFilter } from './savings-service';

/**
 * The remittance exports of the download centre (spec section 9): type 1, coin-saving
 * remittance history (the `userSavings` list), and type 3, referral-plan remittance history
 * with each user's parent (the `affiliateSavingRemittances` list), both with the centre's
 * optional confirmation range; and the deposit addresses (`hecSavingAddresses`).
 */
export function savingsExports(db: Kysely<DB>) {
  return [
    defineListExport(USER_SAVINGS_LIST, {
      filter: userSavingsFilter,
      query: (filter, sort) => savingRemittancesExportQuery(db, filter, sort),
    }),
    defineListExport(AFFILIATE_REMITTANCES_LIST, {
      filter: savingSearch,
      query: (filter, sort) => affiliateRemittancesExportQuery(db, filter, sort),
    }),
    defineListExport(SAVING_ADDRESSES_LIST, {
      filter: savingSearch,
      query: (filter, sort) => savingAddressesExportQuery(db, filter, sort),
    }),
  ];
}
