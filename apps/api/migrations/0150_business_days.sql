-- The business time zone decides the days of the dashboard and the asset statistics
-- (issue 26, "One clock"; docs/domain.md, "Business days").
--
-- Until now asset_stats_daily counted payments on their UTC confirmation and asset-fixing days,
-- so a payment at 2026-01-05T16:00Z (01:00 on the 6th in Tokyo) counted on the 5th while every
-- list showed the 6th. From here:
--   business_clock            the one zone the days are counted in (one row; the server writes
--                             BUSINESS_TIME_ZONE there at start-up through
--                             set_business_time_zone(), which rebuilds the days when it changes)
--   business_day(timestamptz) the calendar day of an instant in that zone
--   asset_stats_daily         payments count on their business confirmation / fixing day
--                             (rewards already carry their own reward_date)
--   end_users registered_day / registered_card / registered_buy_range buckets (0050): the
--                             business day of registration ("New User" per day, the users
--                             list's registration-range count reads them as business days)
-- The payments confirmed_day / asset_fixed_day buckets (0018) stay UTC days: they are only a
-- counting device of the payments list (whole UTC days from buckets, the edges by index, so
-- they answer any bounds exactly), never shown as days.

CREATE TABLE business_clock (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  time_zone text NOT NULL
);
-- The days below are rebuilt for this zone at the end of the migration.
INSERT INTO business_clock (time_zone) VALUES ('Asia/Tokyo');

-- STABLE (reads business_clock); simple enough for the planner to inline.
CREATE FUNCTION business_day(at timestamptz) RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE (SELECT time_zone FROM business_clock))::date
$$;

-- 0050's buckets of a user, with the registration day in the business zone.
CREATE OR REPLACE FUNCTION end_users_count_buckets(card_status smallint, total_buy numeric,
  affiliate_count integer, registered_at timestamptz)
RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT end_users_count_buckets(card_status, total_buy, affiliate_count)
    || ARRAY[
      'buy_range:' || buy_range_index(total_buy),
      'registered_day:' || d,
      'registered_card:' || d || ':' || card_status,
      'registered_buy_range:' || d || ':' || buy_range_index(total_buy)]
  FROM (SELECT to_char(business_day(registered_at), 'YYYY-MM-DD') AS d) AS x
$$;

-- 0021's function, counting payments on business days instead of UTC days.
CREATE OR REPLACE FUNCTION payments_maintain_totals() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  old_list payments[];
  new_list payments[];
  ancestor_ids integer[];
  ancestor_buy numeric[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_list := ARRAY(SELECT o::payments FROM old_rows o);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_list := ARRAY(SELECT n::payments FROM new_rows n);
  END IF;
  WITH changes AS (
    SELECT 1 AS sign, * FROM unnest(new_list)
    UNION ALL
    SELECT -1, * FROM unnest(old_list)
  ), per_user AS (
    SELECT end_user_id,
      sum(sign * CASE WHEN status IN ('confirmed', 'asset_fixed') THEN paid_usd ELSE 0 END) AS buy,
      sum(sign * coalesce(amount_eth, 0)) AS eth,
      sum(sign * coalesce(amount_hec, 0)) AS hec,
      sum(sign) AS n
    FROM changes GROUP BY end_user_id
  ), per_day AS (
    SELECT day, sum(eth) AS eth, sum(hec) AS hec, sum(buy) AS buy FROM (
      SELECT business_day(asset_fixed_at) AS day, sign * coalesce(amount_eth, 0) AS eth,
        sign * coalesce(amount_hec, 0) AS hec, 0 AS buy
      FROM changes WHERE asset_fixed_at IS NOT NULL
      UNION ALL
      SELECT business_day(confirmed_at), 0, 0, sign * paid_usd
      FROM changes WHERE status IN ('confirmed', 'asset_fixed') AND confirmed_at IS NOT NULL
    ) d GROUP BY day
  ), stats AS (
    INSERT INTO asset_stats_daily AS s (stat_date, initial_eth_amount, initial_hec_amount, total_buy_amount_usd)
    SELECT day, eth, hec, buy FROM per_day WHERE eth <> 0 OR hec <> 0 OR buy <> 0
    ON CONFLICT (stat_date) DO UPDATE SET
      initial_eth_amount = s.initial_eth_amount + EXCLUDED.initial_eth_amount,
      initial_hec_amount = s.initial_hec_amount + EXCLUDED.initial_hec_amount,
      total_buy_amount_usd = s.total_buy_amount_usd + EXCLUDED.total_buy_amount_usd
  ), updated AS (
    UPDATE end_users e SET
      total_buy_amount_usd = e.total_buy_amount_usd + d.buy,
      total_eth_amount = e.total_eth_amount + d.eth,
      total_hec_amount = e.total_hec_amount + d.hec,
      payment_count = e.payment_count + d.n
    FROM per_user d
    WHERE e.id = d.end_user_id AND (d.buy <> 0 OR d.eth <> 0 OR d.hec <> 0 OR d.n <> 0)
    RETURNING e.ancestry, d.buy
  )
  SELECT array_agg(ancestor), array_agg(buy)
  INTO ancestor_ids, ancestor_buy
  FROM (
    SELECT ancestor, sum(buy) AS buy FROM updated, unnest(updated.ancestry) AS ancestor
    WHERE updated.buy <> 0 GROUP BY ancestor
  ) a;
  IF ancestor_ids IS NOT NULL THEN
    PERFORM end_users_add_subtree_totals(ancestor_ids, ancestor_buy, NULL);
  END IF;
  RETURN NULL;
END $$;

-- The payment columns of asset_stats_daily and the registered_* buckets, recounted from the
-- rows on business days. Queues behind the writers of derived totals on 0023's advisory lock
-- like any writer, then keeps both tables still until the caller's transaction commits;
-- values are set, not added.
CREATE FUNCTION rebuild_business_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7234314173724058634);
  LOCK TABLE payments, end_users IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM row_counts WHERE relation = 'end_users'
    AND bucket COLLATE "C" BETWEEN 'registered_' AND 'registered_~';
  INSERT INTO row_counts (relation, bucket, n)
  SELECT 'end_users', b, count(*) FROM (
    SELECT buy_range_index(total_buy_amount_usd) AS r, card_status,
      to_char(business_day(registered_at), 'YYYY-MM-DD') AS d
    FROM end_users
  ) AS u, unnest(ARRAY['registered_day:' || d, 'registered_card:' || d || ':' || card_status,
    'registered_buy_range:' || d || ':' || r]) AS b
  GROUP BY b ORDER BY b;
  UPDATE asset_stats_daily SET initial_eth_amount = 0, initial_hec_amount = 0, total_buy_amount_usd = 0
  WHERE initial_eth_amount <> 0 OR initial_hec_amount <> 0 OR total_buy_amount_usd <> 0;
  INSERT INTO asset_stats_daily AS s (stat_date, initial_eth_amount, initial_hec_amount, total_buy_amount_usd)
  SELECT day, sum(eth), sum(hec), sum(buy) FROM (
    SELECT business_day(asset_fixed_at) AS day, coalesce(amount_eth, 0) AS eth,
      coalesce(amount_hec, 0) AS hec, 0 AS buy
    FROM payments WHERE asset_fixed_at IS NOT NULL
    UNION ALL
    SELECT business_day(confirmed_at), 0, 0, paid_usd
    FROM payments WHERE status IN ('confirmed', 'asset_fixed') AND confirmed_at IS NOT NULL
  ) d GROUP BY day
  HAVING sum(eth) <> 0 OR sum(hec) <> 0 OR sum(buy) <> 0
  ON CONFLICT (stat_date) DO UPDATE SET
    initial_eth_amount = EXCLUDED.initial_eth_amount,
    initial_hec_amount = EXCLUDED.initial_hec_amount,
    total_buy_amount_usd = EXCLUDED.total_buy_amount_usd;
END $$;

-- The server's start-up: makes `zone` the business zone, rebuilding the days only when it
-- changes (a start with the same zone writes nothing). Returns whether it changed.
CREATE FUNCTION set_business_time_zone(zone text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM now() AT TIME ZONE zone; -- an unknown zone fails here, before anything changes
  IF (SELECT time_zone FROM business_clock) = zone THEN
    RETURN false;
  END IF;
  UPDATE business_clock SET time_zone = zone;
  PERFORM rebuild_business_days();
  RETURN true;
END $$;

SELECT rebuild_business_days();
