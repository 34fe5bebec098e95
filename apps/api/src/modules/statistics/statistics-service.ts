import type { Kysely } from 'kysely';
import {
  businessDate,
  CARD_STATUSES,
  decimal,
  DEFAULT_BUSINESS_TIME_ZONE,
  Exact,
  PURCHASE_RANGES,
  STATISTICS_MAX_DAYS,
  subtractDecimals,
  sumDecimals,
  type DashboardPeriodKind,
} from '@app/shared';
import type { DB } from '../../db/schema';
import type { Clock } from '../../shared/clock';
import { badInput, calendarDate } from '../../shared/list-input';
import * as repo from './statistics-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(date: string): number {
  return Math.round(new Date(`${date}T00:00:00.000Z`).getTime() / DAY_MS);
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A checked inclusive range of UTC dates: until not before from, at most the configured span. */
export function checkDateRange(
  fromField: string,
  from: string,
  untilField: string,
  until: string,
): { from: string; until: string; days: number } {
  const first = calendarDate(fromField, from);
  const last = calendarDate(untilField, until);
  const days = dayNumber(last) - dayNumber(first) + 1;
  if (days < 1)
    throw badInput(untilField, `must not be before ${fromField}.`, {
      code: 'notBefore',
      params: { other: fromField },
    });
  if (days > STATISTICS_MAX_DAYS) {
    throw badInput(untilField, `the range may span at most ${STATISTICS_MAX_DAYS} days.`, {
      code: 'maxDays',
      params: { max: STATISTICS_MAX_DAYS },
    });
  }
  return { from: first, until: last, days };
}

type DashboardArgs = {
  period: DashboardPeriodKind;
  dateFrom?: string | null | undefined;
  dateUntil?: string | null | undefined;
};

/** The current period's dates and the previous period of the same length right before it. */
function dashboardRange(args: DashboardArgs, today: string): repo.DashboardRange {
  let from: number;
  let until: number;
  if (args.period === 'CUSTOM') {
    if (!args.dateFrom)
      throw badInput('dateFrom', 'is required for a custom period.', { code: 'required' });
    if (!args.dateUntil)
      throw badInput('dateUntil', 'is required for a custom period.', { code: 'required' });
    const range = checkDateRange('dateFrom', args.dateFrom, 'dateUntil', args.dateUntil);
    from = dayNumber(range.from);
    until = dayNumber(range.until);
  } else {
    until = dayNumber(today);
    from = until - (args.period === 'TODAY' ? 0 : args.period === 'LAST_7_DAYS' ? 6 : 29);
  }
  const length = until - from + 1;
  return {
    from: dateOf(from),
    until: dateOf(until),
    previousFrom: dateOf(from - length),
    previousUntil: dateOf(from - 1),
  };
}

/** A figure of the current period and the same figure of the previous one. */
export type Comparison<T> = { current: T; previous: T };

/**
 * current - previous, exactly, and the change in percent of previous rounded to one decimal
 * (null when previous is 0: no percentage of nothing).
 */
export function changeOf(c: Comparison<string | number>): {
  change: string;
  changePercent: string | null;
} {
  // Counts arrive as numbers, amounts as decimal strings: both exactly as text.
  const previous = decimal(String(c.previous));
  const change = subtractDecimals(String(c.current), previous);
  return {
    change: change.toFixed(),
    changePercent: previous.isZero()
      ? null
      : change.times(100).dividedBy(previous).toDecimalPlaces(1, Exact.ROUND_HALF_UP).toFixed(1),
  };
}

const sumOf = (values: string[]): string => sumDecimals(values).toFixed();

/** The dashboard's figures and the asset statistics: reads of kept aggregates only. */
export function createStatisticsService(
  db: Kysely<DB>,
  clock: Clock,
  businessTimeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
) {
  return {
    assetStats: async (dateFrom: string, dateUntil: string) => {
      const range = checkDateRange('dateFrom', dateFrom, 'dateUntil', dateUntil);
      const { days, sums } = await repo.listAssetStats(db, range.from, range.until);
      return { dateFrom: range.from, dateUntil: range.until, stats: days, sums };
    },

    dashboard: async (args: DashboardArgs) => {
      // Today is the business day (BUSINESS_TIME_ZONE), the day the kept statistics count in.
      const today = businessDate(clock(), businessTimeZone);
      const range = dashboardRange(args, today);
      const [days, buckets] = await Promise.all([
        repo.listDashboardDays(db, range),
        repo.sumDashboardBuckets(db, range),
      ]);
      const current = days.filter((d) => d.date >= range.from);
      const previous = days.filter((d) => d.date < range.from);
      const amount = (pick: (d: repo.DashboardDayRow) => string): Comparison<string> => ({
        current: sumOf(current.map(pick)),
        previous: sumOf(previous.map(pick)),
      });
      const count = (kind: string, key: string, period: string): number =>
        Number(
          buckets.find((b) => b.kind === kind && b.key === key && b.period === period)?.n ?? 0,
        );
      const all = count('all', '', 'whole');
      const newUsers = {
        current: current.reduce((n, d) => n + Number(d.newUsers), 0),
        previous: previous.reduce((n, d) => n + Number(d.newUsers), 0),
      };
      return {
        ...range,
        revenueUsd: amount((d) => d.revenueUsd),
        newUsers,
        totalUsers: {
          current: all - count('later', '', 'current'),
          previous: all - count('later', '', 'previous'),
        },
        cardStatuses: CARD_STATUSES.map((status) => ({
          cardStatus: status,
          users: count('card_status', String(status), 'whole'),
          newUsers: {
            current: count('registered_card', String(status), 'current'),
            previous: count('registered_card', String(status), 'previous'),
          },
        })),
        purchaseRanges: PURCHASE_RANGES.map((r) => ({
          index: r.index,
          min: r.min,
          max: r.max,
          users: count('buy_range', String(r.index), 'whole'),
          newUsers: {
            current: count('registered_buy_range', String(r.index), 'current'),
            previous: count('registered_buy_range', String(r.index), 'previous'),
          },
        })),
        campaignEth: amount((d) => d.ethCampaign),
        campaignHec: amount((d) => d.hecCampaign),
        exBonusHec: amount((d) => d.hecExBonus),
        days: current.map((d) => ({
          date: d.date,
          revenueUsd: d.revenueUsd,
          newUsers: Number(d.newUsers),
        })),
      };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
