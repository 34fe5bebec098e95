import type { Filters } from '../../graphql/filter-fields';

/** The search of the track records and the aggregates (`searchParams`); their exports take the same. */
export const AFFILIATE_SEARCH_FILTERS = {
  userName: { type: 'String' },
  email: { type: 'String' },
  forceClubId: { type: 'String' },
} as const satisfies Filters;
