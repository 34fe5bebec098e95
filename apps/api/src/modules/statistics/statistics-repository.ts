import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { ASSET_AMOUNTS, type AssetAmountKey } from './asset-stats-amounts';

/** One business day of asset statistics; amounts are exact decimal strings (ASSET_AMOUNTS). */
export type AssetStatsDay = { date: string } & Record<AssetAmountKey, string>;

export type AssetStatsSums = Omit<AssetStatsDay, 'date'>;

/**
 * Every business day from `from` through `until`, a day without a kept row as zeros, oldest
 * first: the rows of the asset statistics screen and, as they are, of its CSV (assetStatsCsv).
 */
export function assetStatsDaysQuery(db: Executor, from: string, until: string) {
  const days = sql<AssetStatsDay>`(
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
      ${sql.join(ASSET_AMOUNTS.map((a) => sql`coalesce(${sql.ref(`s.${a.column}`)}, 0) AS ${sql.ref(a.key)}`))}
    FROM generate_series(${from}::date, ${until}::date, interval '1 day') AS d(day)
    LEFT JOIN asset_stats_daily s ON s.stat_date = d.day::date
  )`;
  return db.selectFrom(days.as('days')).selectAll().orderBy('days.date');
}

/**
 * The screen's days (`assetStatsDaysQuery`) and the sums over them. The sums are window sums
 * over the very rows returned, in NUMERIC, so they equal the rows' sums exactly and come from
 * the same snapshot.
 */
export async function listAssetStats(
  db: Executor,
  from: string,
  until: string,
): Promise<{ days: AssetStatsDay[]; sums: AssetStatsSums }> {
  const rows = await assetStatsDaysQuery(db, from, until)
    .select(
      ASSET_AMOUNTS.map((a) =>
        sql<string>`sum(${sql.ref(`days.${a.key}`)}) OVER ()`.as(`sum_${a.key}`),
      ),
    )
    .execute();
  const sumsRow = rows[0] as Record<string, string> | undefined;
  const sums = Object.fromEntries(
    ASSET_AMOUNTS.map((a) => [a.key, sumsRow?.[`sum_${a.key}`] ?? '0']),
  ) as AssetStatsSums;
  const days = rows.map(
    (row) =>
      Object.fromEntries([
        ['date', row.date],
        ...ASSET_AMOUNTS.map((a) => [a.key, row[a.key]]),
      ]) as AssetStatsDay,
  );
  return { days, sums };
}

/** The days of the dashboard's current and previous periods (inclusive UTC dates). */
export type DashboardRange = {
  from: string;
  until: string;
  previousFrom: string;
  previousUntil: string;
};

export type DashboardDayRow = {
  date: string;
  revenueUsd: string;
  newUsers: string;
  ethCampaign: string;
  hecCampaign: string;
  hecExBonus: string;
};

/**
 * The kept per-day amounts and registrations of every day from the previous period's first
 * through the current period's last (missing days read as zeros): revenue, proportional
 * ("campaign") rewards and referral-plan bonuses from asset_stats_daily, new users from the
 * registered_day buckets.
 */
export async function listDashboardDays(
  db: Executor,
  range: DashboardRange,
): Promise<DashboardDayRow[]> {
  const { rows } = await sql<DashboardDayRow>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
      coalesce(s.total_buy_amount_usd, 0) AS "revenueUsd",
      coalesce(c.n, 0) AS "newUsers",
      coalesce(s.eth_proportional_reward, 0) AS "ethCampaign",
      coalesce(s.hec_proportional_reward, 0) AS "hecCampaign",
      coalesce(s.hec_referral_bonus, 0) AS "hecExBonus"
    FROM generate_series(${range.previousFrom}::date, ${range.until}::date, interval '1 day') AS d(day)
    LEFT JOIN asset_stats_daily s ON s.stat_date = d.day::date
    LEFT JOIN (
      -- The range's own day buckets through the byte-order index (a join on the computed key
      -- hashed every end_users bucket: 8k at any size, three per day kept).
      SELECT substr(bucket, ${'registered_day:'.length + 1}) AS date, n
      FROM row_counts
      WHERE relation = 'end_users'
        AND bucket COLLATE "C" BETWEEN ${`registered_day:${range.previousFrom}`}
          AND ${`registered_day:${range.until}`}
    ) c ON c.date = to_char(d.day, 'YYYY-MM-DD')
    ORDER BY d.day
  `.execute(db);
  return rows;
}

type DashboardBucketRow = {
  /** all | card_status | buy_range | later (registered after the period) | registered_card | registered_buy_range */
  kind: string;
  /** card status or range index; '' for all and later */
  key: string;
  /** whole | current | previous | after_previous */
  period: string;
  n: string;
};

/**
 * User counts from the end_users buckets, summed per kind, key and period: the whole
 * population ('all', card status, purchase range), the users registered after either period
 * (for the total at each period's end) and the two periods' registrations by card status and
 * purchase range. Each part is a range of fixed-width keys in byte order, read through
 * row_counts_c_key_idx (0051); the status or range is the key's last character.
 */
export async function sumDashboardBuckets(
  db: Executor,
  range: DashboardRange,
): Promise<DashboardBucketRow[]> {
  const cohort = (kind: 'registered_card' | 'registered_buy_range') => sql`
    SELECT ${kind} AS kind, right(bucket, 1) AS key,
      CASE WHEN bucket COLLATE "C" >= ${`${kind}:${range.from}`} THEN 'current' ELSE 'previous' END AS period,
      n
    FROM row_counts
    WHERE relation = 'end_users'
      AND bucket COLLATE "C" BETWEEN ${`${kind}:${range.previousFrom}`} AND ${`${kind}:${range.until}:~`}`;
  // One range per period, so each is an index range (a join with the two bounds as VALUES
  // filtered every end_users bucket).
  const later = (period: 'current' | 'previous', until: string) => sql`
    SELECT 'later', '', ${period}, n
    FROM row_counts
    WHERE relation = 'end_users'
      AND bucket COLLATE "C" > ${`registered_day:${until}`} AND bucket COLLATE "C" <= 'registered_day:~'`;
  const { rows } = await sql<DashboardBucketRow>`
    SELECT kind, key, period, sum(n)::text AS n FROM (
      SELECT split_part(bucket, ':', 1) AS kind,
        CASE WHEN bucket = 'all' THEN '' ELSE split_part(bucket, ':', 2) END AS key,
        'whole' AS period, n
      FROM row_counts
      WHERE relation = 'end_users' AND (bucket = 'all'
        OR bucket COLLATE "C" BETWEEN 'card_status:' AND 'card_status:~'
        OR bucket COLLATE "C" BETWEEN 'buy_range:' AND 'buy_range:~')
      UNION ALL ${later('current', range.until)}
      UNION ALL ${later('previous', range.previousUntil)}
      UNION ALL ${cohort('registered_card')}
      UNION ALL ${cohort('registered_buy_range')}
    ) x GROUP BY kind, key, period
  `.execute(db);
  return rows;
}
