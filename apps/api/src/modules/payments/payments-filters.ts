import type { Filters } from '../../graphql/filter-fields';

/** The payments list's filters; `userPaymentsCSV` takes the same (graphql/filter-fields.ts). */
export const PAYMENTS_FILTERS = {
  userId: { type: 'Int' },
  userName: { type: 'String', description: 'Exact user name (case-insensitive).' },
  paymentStatus: { type: 'String', description: 'pending, confirmed, asset_fixed or canceled.' },
  confirmedAtFrom: { type: 'DateTime' },
  confirmedAtUntil: { type: 'DateTime' },
  assetFixedAtFrom: { type: 'DateTime' },
  assetFixedAtUntil: { type: 'DateTime' },
} as const satisfies Filters;
