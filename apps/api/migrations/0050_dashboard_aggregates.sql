-- Kept aggregates of the dashboard (docs/domain.md, "Dashboard figures").
--
-- The dashboard reads every figure over the whole population from kept aggregates, never from
-- the records: asset_stats_daily already has revenue per confirmation day and proportional
-- rewards per reward day; row_counts already has users per card status. Missing were:
--
--   asset_stats_daily.hec_referral_bonus  referral-plan bonus rewards (reward_entries kind
--                                         'bonus', HEC) per reward day: "ExBonus from Referral
--                                         Plan". They were only part of hec_affiliate_reward.
--   end_users buckets in row_counts, each a function of the user row, so that a delete or a
--   corrected registration date moves the user out of its old buckets like any other bucket:
--     registered_day:YYYY-MM-DD             users registered that UTC day ("New User", and
--                                           "Total Users" at a day's end = all - later days)
--     registered_card:YYYY-MM-DD:N          the same users by their card status N
--     registered_buy_range:YYYY-MM-DD:R     the same users by purchase range R
--     buy_range:R                           every user by purchase range R
--   Purchase ranges of totalBuyAmountUsd (buy_range_index below, mirrored in
--   packages/shared PURCHASE_RANGES): 0 = no purchase (0), 1 = (0, 100), 2 = [100, 500),
--   3 = [500, 1000), 4 = [1000, 5000), 5 = [5000, 10000), 6 = 10000 and more.
--
-- Keys are fixed width, so a range of days is a byte-order (COLLATE "C") range of buckets.
-- Write cost: the per-row end_users count trigger of 0018 fires for the same updates as before
-- plus a change of registered_at or of the purchase range (the 0 / below-100 split lies inside
-- amount band 0); a payment that leaves the user's band and range unchanged still costs one
-- comparison. reward_entries' statement trigger adds one column to the day's upsert. Both keep
-- 0023's lock order (the advisory lock comes with the statement, buckets in bucket order).

-- Backfill from the rows already there (at the end). Nothing may be written to these tables
-- between the new triggers and the backfill, or it would be missed or counted twice; so first
-- queue behind the writers of derived totals on 0023's advisory lock like any writer, then
-- lock both tables against writes until the migration commits, reward_entries first as its
-- writers do (they update end_users after it). Counts and sums are set, not added, so a
-- database loaded with the triggers off is correct afterwards too.
SELECT pg_advisory_xact_lock(7234314173724058634);
LOCK TABLE reward_entries, end_users IN SHARE ROW EXCLUSIVE MODE;

ALTER TABLE asset_stats_daily ADD COLUMN hec_referral_bonus numeric NOT NULL DEFAULT 0;

-- The purchase range of a total (immutable and simple, so the planner inlines it).
CREATE FUNCTION buy_range_index(total numeric) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN total <= 0 THEN 0
    WHEN total < 100 THEN 1
    WHEN total < 500 THEN 2
    WHEN total < 1000 THEN 3
    WHEN total < 5000 THEN 4
    WHEN total < 10000 THEN 5
    ELSE 6
  END
$$;

-- Every end_users bucket a user belongs to. STABLE, not IMMUTABLE: to_char() is.
CREATE FUNCTION end_users_count_buckets(card_status smallint, total_buy numeric,
  affiliate_count integer, registered_at timestamptz)
RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT end_users_count_buckets(card_status, total_buy, affiliate_count)
    || ARRAY[
      'buy_range:' || buy_range_index(total_buy),
      'registered_day:' || d,
      'registered_card:' || d || ':' || card_status,
      'registered_buy_range:' || d || ':' || buy_range_index(total_buy)]
  FROM (SELECT to_char(registered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d) AS x
$$;

CREATE OR REPLACE FUNCTION end_users_maintain_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_counts AS c (relation, bucket, n)
  SELECT 'end_users', b, sum(d) FROM (
    SELECT unnest(end_users_count_buckets(NEW.card_status, NEW.total_buy_amount_usd,
      NEW.affiliate_remittance_count, NEW.registered_at)) AS b, 1 AS d WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT unnest(end_users_count_buckets(OLD.card_status, OLD.total_buy_amount_usd,
      OLD.affiliate_remittance_count, OLD.registered_at)), -1 WHERE TG_OP <> 'INSERT'
  ) AS x GROUP BY b HAVING sum(d) <> 0 ORDER BY b
  ON CONFLICT (relation, bucket) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

DROP TRIGGER end_users_count_upd ON end_users;
CREATE TRIGGER end_users_count_upd
  AFTER UPDATE OF card_status, total_buy_amount_usd, affiliate_remittance_count, registered_at ON end_users
  FOR EACH ROW WHEN (
    OLD.card_status <> NEW.card_status
    OR buy_usd_band_bucket(OLD.total_buy_amount_usd) <> buy_usd_band_bucket(NEW.total_buy_amount_usd)
    OR buy_range_index(OLD.total_buy_amount_usd) <> buy_range_index(NEW.total_buy_amount_usd)
    OR (OLD.affiliate_remittance_count > 0) <> (NEW.affiliate_remittance_count > 0)
    OR OLD.registered_at <> NEW.registered_at
  ) EXECUTE FUNCTION end_users_maintain_counts();

-- Rewards: 0021's function with the referral-plan bonus kept on its own as well.
CREATE OR REPLACE FUNCTION reward_entries_maintain_totals() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  old_list reward_entries[];
  new_list reward_entries[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_list := ARRAY(SELECT o::reward_entries FROM old_rows o);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_list := ARRAY(SELECT n::reward_entries FROM new_rows n);
  END IF;
  WITH changes AS (
    SELECT 1 AS sign, * FROM unnest(new_list)
    UNION ALL
    SELECT -1, * FROM unnest(old_list)
  ), per_user AS (
    SELECT end_user_id,
      coalesce(sum(sign * amount) FILTER (WHERE kind = 'affiliate_interest'), 0) AS interest,
      coalesce(sum(sign * amount) FILTER (WHERE kind = 'referral'), 0) AS referral,
      coalesce(sum(sign * amount) FILTER (WHERE kind = 'bonus'), 0) AS bonus
    FROM changes WHERE kind IN ('affiliate_interest', 'referral', 'bonus') GROUP BY end_user_id
  ), per_day AS (
    SELECT reward_date,
      coalesce(sum(sign * amount) FILTER (WHERE kind IN ('affiliate_interest', 'referral', 'bonus') AND coin_type = 'ETH'), 0) AS eth_affiliate,
      coalesce(sum(sign * amount) FILTER (WHERE kind IN ('affiliate_interest', 'referral', 'bonus') AND coin_type = 'HEC'), 0) AS hec_affiliate,
      coalesce(sum(sign * amount) FILTER (WHERE kind = 'staking' AND coin_type = 'ETH'), 0) AS eth_saving,
      coalesce(sum(sign * amount) FILTER (WHERE kind = 'staking' AND coin_type = 'HEC'), 0) AS hec_saving,
      coalesce(sum(sign * amount) FILTER (WHERE kind = 'proportional' AND coin_type = 'ETH'), 0) AS eth_proportional,
      coalesce(sum(sign * amount) FILTER (WHERE kind = 'proportional' AND coin_type = 'HEC'), 0) AS hec_proportional,
      coalesce(sum(sign * amount) FILTER (WHERE kind = 'bonus' AND coin_type = 'HEC'), 0) AS hec_bonus
    FROM changes GROUP BY reward_date
  ), stats AS (
    INSERT INTO asset_stats_daily AS s (stat_date, eth_affiliate_reward, hec_affiliate_reward,
      eth_saving_reward, hec_saving_reward, eth_proportional_reward, hec_proportional_reward,
      hec_referral_bonus)
    SELECT reward_date, eth_affiliate, hec_affiliate, eth_saving, hec_saving, eth_proportional,
      hec_proportional, hec_bonus
    FROM per_day
    WHERE eth_affiliate <> 0 OR hec_affiliate <> 0 OR eth_saving <> 0 OR hec_saving <> 0
      OR eth_proportional <> 0 OR hec_proportional <> 0 OR hec_bonus <> 0
    ON CONFLICT (stat_date) DO UPDATE SET
      eth_affiliate_reward = s.eth_affiliate_reward + EXCLUDED.eth_affiliate_reward,
      hec_affiliate_reward = s.hec_affiliate_reward + EXCLUDED.hec_affiliate_reward,
      eth_saving_reward = s.eth_saving_reward + EXCLUDED.eth_saving_reward,
      hec_saving_reward = s.hec_saving_reward + EXCLUDED.hec_saving_reward,
      eth_proportional_reward = s.eth_proportional_reward + EXCLUDED.eth_proportional_reward,
      hec_proportional_reward = s.hec_proportional_reward + EXCLUDED.hec_proportional_reward,
      hec_referral_bonus = s.hec_referral_bonus + EXCLUDED.hec_referral_bonus
  )
  UPDATE end_users e SET
    total_interest_rewards = e.total_interest_rewards + d.interest,
    total_referral_rewards = e.total_referral_rewards + d.referral,
    total_bonus_rewards = e.total_bonus_rewards + d.bonus
  FROM per_user d
  WHERE e.id = d.end_user_id AND (d.interest <> 0 OR d.referral <> 0 OR d.bonus <> 0);
  RETURN NULL;
END $$;

-- Backfill.
INSERT INTO asset_stats_daily AS s (stat_date, hec_referral_bonus)
SELECT reward_date, sum(amount) FROM reward_entries
WHERE kind = 'bonus' AND coin_type = 'HEC'
GROUP BY reward_date HAVING sum(amount) <> 0
ON CONFLICT (stat_date) DO UPDATE SET hec_referral_bonus = EXCLUDED.hec_referral_bonus;

INSERT INTO row_counts AS c (relation, bucket, n)
SELECT 'end_users', b, count(*) FROM (
  SELECT buy_range_index(total_buy_amount_usd) AS r, card_status,
    to_char(registered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d
  FROM end_users
) AS u, unnest(ARRAY['buy_range:' || r, 'registered_day:' || d,
  'registered_card:' || d || ':' || card_status, 'registered_buy_range:' || d || ':' || r]) AS b
GROUP BY b
ON CONFLICT (relation, bucket) DO UPDATE SET n = EXCLUDED.n;
