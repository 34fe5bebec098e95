/**
 * Ranges and periods of the dashboard and the asset statistics, shared by server and web app
 * (docs/domain.md, "Dashboard figures").
 */

/** Longest date range, in days including both ends, of assetStats and a custom dashboard period. */
export const STATISTICS_MAX_DAYS = 366;

/**
 * Purchase ranges of totalBuyAmountUsd, in the order of their index (SQL buy_range_index() of
 * migration 0050). Bounds are inclusive USD amounts at 2 decimals, as the users list's
 * totalBuyAmountMoreThanOrEqual / LessThanOrEqual filters take them; `max` null is open.
 */
export const PURCHASE_RANGES = [
  { index: 0, min: '0', max: '0' },
  { index: 1, min: '0.01', max: '99.99' },
  { index: 2, min: '100', max: '499.99' },
  { index: 3, min: '500', max: '999.99' },
  { index: 4, min: '1000', max: '4999.99' },
  { index: 5, min: '5000', max: '9999.99' },
  { index: 6, min: '10000', max: null },
] as const;

/** Dashboard periods: today, the last 7 or 30 days (today included), or custom dates (UTC days). */
export const DASHBOARD_PERIODS = ['TODAY', 'LAST_7_DAYS', 'LAST_30_DAYS', 'CUSTOM'] as const;
export type DashboardPeriodKind = (typeof DASHBOARD_PERIODS)[number];
