import type { Filters } from '../../graphql/filter-fields';

/** The coin-saving remittances list's filters; `hecSavingRemittanceHistoryCsv` takes the same. */
export const USER_SAVINGS_FILTERS = {
  userName: { type: 'String' },
  planName: { type: 'String' },
} as const satisfies Filters;

/**
 * The search of the referral-plan remittances and the deposit addresses (`searchParams`);
 * their exports take the same as arguments.
 */
export const SAVING_SEARCH_FILTERS = {
  userName: { type: 'String' },
  email: { type: 'String' },
} as const satisfies Filters;
