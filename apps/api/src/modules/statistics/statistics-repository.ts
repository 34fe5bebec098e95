import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';

/** One UTC day of asset statistics; amounts are exact decimal strings. */
export type AssetStatsDay = {
  date: string;
  initialEthAmount: string;
  initialHecAmount: string;
  ethAffiliateReward: string;
  hecAffiliateReward: string;
  /** The referral-plan bonus part of hecAffiliateReward (the dashboard's ExBonus). */
  hecReferralBonus: string;
  ethSavingReward: string;
  hecSavingReward: string;
  ethProportionalReward: string;
  hecProportionalReward: string;
  totalBuyAmountUsd: string;
};

export type AssetStatsSums = Omit<AssetStatsDay, 'date'>;

type AssetStatsRow = AssetStatsDay & { [K in keyof AssetStatsSums as `sum_${K}`]: string };

/**
 * Every UTC day from `from` through `until` (a day without a kept row reads as zeros) and the
 * sums over them. The sums are window sums over the very rows returned, in NUMERIC, so they
 * equal the rows' sums exactly and come from the same snapshot.
 */
export async function listAssetStats(
  db: Executor,
  from: string,
  until: string,
): Promise<{ days: AssetStatsDay[]; sums: AssetStatsSums }> {
  const { rows } = await sql<AssetStatsRow>`
    WITH days AS (
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
        coalesce(s.initial_eth_amount, 0) AS "initialEthAmount",
        coalesce(s.initial_hec_amount, 0) AS "initialHecAmount",
        coalesce(s.eth_affiliate_reward, 0) AS "ethAffiliateReward",
        coalesce(s.hec_affiliate_reward, 0) AS "hecAffiliateReward",
        coalesce(s.hec_referral_bonus, 0) AS "hecReferralBonus",
        coalesce(s.eth_saving_reward, 0) AS "ethSavingReward",
        coalesce(s.hec_saving_reward, 0) AS "hecSavingReward",
        coalesce(s.eth_proportional_reward, 0) AS "ethProportionalReward",
        coalesce(s.hec_proportional_reward, 0) AS "hecProportionalReward",
        coalesce(s.total_buy_amount_usd, 0) AS "totalBuyAmountUsd"
      FROM generate_series(${from}::date, ${until}::date, interval '1 day') AS d(day)
      LEFT JOIN asset_stats_daily s ON s.stat_date = d.day::date
    )
    SELECT *,
      sum("initialEthAmount") OVER () AS "sum_initialEthAmount",
      sum("initialHecAmount") OVER () AS "sum_initialHecAmount",
      sum("ethAffiliateReward") OVER () AS "sum_ethAffiliateReward",
      sum("hecAffiliateReward") OVER () AS "sum_hecAffiliateReward",
      sum("hecReferralBonus") OVER () AS "sum_hecReferralBonus",
      sum("ethSavingReward") OVER () AS "sum_ethSavingReward",
      sum("hecSavingReward") OVER () AS "sum_hecSavingReward",
      sum("ethProportionalReward") OVER () AS "sum_ethProportionalReward",
      sum("hecProportionalReward") OVER () AS "sum_hecProportionalReward",
      sum("totalBuyAmountUsd") OVER () AS "sum_totalBuyAmountUsd"
    FROM days ORDER BY date
  `.execute(db);
  const first = rows[0];
  const sums: AssetStatsSums = {
    initialEthAmount: first?.sum_initialEthAmount ?? '0',
    initialHecAmount: first?.sum_initialHecAmount ?? '0',
    ethAffiliateReward: first?.sum_ethAffiliateReward ?? '0',
    hecAffiliateReward: first?.sum_hecAffiliateReward ?? '0',
    hecReferralBonus: first?.sum_hecReferralBonus ?? '0',
    ethSavingReward: first?.sum_ethSavingReward ?? '0',
    hecSavingReward: first?.sum_hecSavingReward ?? '0',
    ethProportionalReward: first?.sum_ethProportionalReward ?? '0',
    hecProportionalReward: first?.sum_hecProportionalReward ?? '0',
    totalBuyAmountUsd: first?.sum_totalBuyAmountUsd ?? '0',
  };
  const days = rows.map((r) => ({
    date: r.date,
    initialEthAmount: r.initialEthAmount,
    initialHecAmount: r.initialHecAmount,
    ethAffiliateReward: r.ethAffiliateReward,
    hecAffiliateReward: r.hecAffiliateReward,
    hecReferralBonus: r.hecReferralBonus,
    ethSavingReward: r.ethSavingReward,
    hecSavingReward: r.hecSavingReward,
    ethProportionalReward: r.ethProportionalReward,
    hecProportionalReward: r.hecProportionalReward,
    totalBuyAmountUsd: r.totalBuyAmountUsd,
  }));
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

export type DashboardBucketRow = {
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

/**
 * The days of `listAssetStats` as one query, for assetStatsCsv (issue 16): every UTC day of
 * the range, a day without a kept row as zeros, oldest first.
 */
export function assetStatsExportQuery(db: Kysely<DB>, from: string, until: string) {
  const days = sql<AssetStatsDay>`(
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
      coalesce(s.initial_eth_amount, 0) AS "initialEthAmount",
      coalesce(s.initial_hec_amount, 0) AS "initialHecAmount",
      coalesce(s.eth_affiliate_reward, 0) AS "ethAffiliateReward",
      coalesce(s.hec_affiliate_reward, 0) AS "hecAffiliateReward",
      coalesce(s.eth_saving_reward, 0) AS "ethSavingReward",
      coalesce(s.hec_saving_reward, 0) AS "hecSavingReward",
      coalesce(s.eth_proportional_reward, 0) AS "ethProportionalReward",
      coalesce(s.hec_proportional_reward, 0) AS "hecProportionalReward",
      coalesce(s.total_buy_amount_usd, 0) AS "totalBuyAmountUsd"
    FROM generate_series(${from}::date, ${until}::date, interval '1 day') AS d(day)
    LEFT JOIN asset_stats_daily s ON s.stat_date = d.day::date
  )`;
  return db.selectFrom(days.as('days')).selectAll().orderBy('days.date');
}
