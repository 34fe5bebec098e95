import type { Filters } from '../../graphql/filter-fields';

/** The users list's filters; `usersCSV` takes the same (graphql/filter-fields.ts). */
export const USERS_FILTERS = {
  userName: { type: 'String' },
  inviteCode: { type: 'String' },
  email: { type: 'String' },
  forceClubIdHash: { type: 'String' },
  totalBuyAmountMoreThanOrEqual: { type: 'Decimal' },
  totalBuyAmountLessThanOrEqual: { type: 'Decimal' },
  cardStatus: { type: 'Int', list: true },
  registeredAtFrom: { type: 'DateTime' },
  registeredAtUntil: { type: 'DateTime' },
} as const satisfies Filters;
