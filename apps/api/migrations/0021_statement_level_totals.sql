-- Derived totals per statement instead of per row (docs/domain.md, "Derived totals").
--
-- Why: the AFTER ROW triggers of 0013 applied each record's delta on its own, so one statement
-- changing N payments updated the same user, the same hub ancestors and the same day of
-- asset_stats_daily up to N times in one transaction. Each of those updates leaves a row
-- version the next one has to walk past, so a bulk statement grew with N squared (a date change
-- of 1,000 / 3,000 payments: 6.5 s / 47 s on the demo population). The triggers below read the
-- statement's rows from transition tables, sum the deltas per user, per ancestor and per day,
-- and write each of those rows once; rows whose deltas sum to zero are not written at all.
--
-- The definitions are those of 0013 unchanged (which statuses count toward which totals,
-- subtree totals over descendants only, a NULL date has no day). One user row is updated once
-- per statement, so the per-row end_users count trigger of 0018 still sees the user's real old
-- and new totals when a total leaves its amount band. Row-count triggers are not touched.
--
-- Transition tables exist only inside the trigger function itself, are read through a
-- whole-row reference typed as RECORD, and need one trigger per event; so each function copies
-- them into arrays of the table's row type once and then runs one set of statements for
-- INSERT, UPDATE and DELETE alike. A trigger with transition tables cannot be limited to
-- UPDATE OF some columns: an UPDATE of other columns sums to zero and writes nothing.
--
-- plan_cache_mode = force_generic_plan: the planner sizes unnest() of a known array exactly,
-- so a custom plan always looks cheaper than the generic one and these statements would be
-- planned again on every write (+0.4-0.8 ms per single-row write, measured). Their generic
-- plans join on primary keys and suit one row and 10,000 rows alike.

DROP TRIGGER payments_maintain_totals ON payments;
DROP TRIGGER saving_remittances_maintain_totals ON saving_remittances;
DROP TRIGGER affiliate_remittances_maintain_totals ON affiliate_remittances;
DROP TRIGGER reward_entries_maintain_totals ON reward_entries;
DROP TRIGGER reward_snapshots_maintain_totals ON reward_snapshots;
DROP TRIGGER staking_positions_maintain_totals ON staking_positions;
DROP FUNCTION payments_maintain_totals();
DROP FUNCTION payments_apply_totals(integer, payments);
DROP FUNCTION saving_remittances_maintain_totals();
DROP FUNCTION affiliate_remittances_maintain_totals();
DROP FUNCTION reward_entries_maintain_totals();
DROP FUNCTION reward_entries_apply_totals(integer, reward_entries);
DROP FUNCTION reward_snapshots_maintain_totals();
DROP FUNCTION staking_positions_maintain_totals();
DROP FUNCTION end_users_add_totals(integer, numeric, numeric, numeric, numeric, numeric, numeric,
  numeric, integer, integer, numeric, numeric, numeric, numeric, numeric, numeric, numeric);
DROP FUNCTION asset_stats_add(date, numeric, numeric, numeric, numeric, numeric, numeric, numeric,
  numeric, numeric);

-- Subtree totals: every ancestor once, with the sum of its changed descendants' deltas.
CREATE FUNCTION end_users_add_subtree_totals(p_ids integer[], p_buy numeric[], p_aff_sent numeric[])
RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE end_users e SET
    subtree_buy_amount_usd = e.subtree_buy_amount_usd + coalesce(a.buy, 0),
    subtree_affiliate_sent_hec = e.subtree_affiliate_sent_hec + coalesce(a.aff_sent, 0)
  FROM unnest(p_ids, p_buy, p_aff_sent) AS a(id, buy, aff_sent)
  WHERE e.id = a.id;
END $$;

-- Payments: totalBuyAmountUsd counts confirmed and asset-fixed payments (on the confirmation
-- day in asset_stats_daily); ETH/HEC amounts count once assets are fixed (on the fixing day).
CREATE FUNCTION payments_maintain_totals() RETURNS trigger LANGUAGE plpgsql
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
      SELECT (asset_fixed_at AT TIME ZONE 'UTC')::date AS day, sign * coalesce(amount_eth, 0) AS eth,
        sign * coalesce(amount_hec, 0) AS hec, 0 AS buy
      FROM changes WHERE asset_fixed_at IS NOT NULL
      UNION ALL
      SELECT (confirmed_at AT TIME ZONE 'UTC')::date, 0, 0, sign * paid_usd
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

CREATE TRIGGER payments_totals_ins AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payments_maintain_totals();
CREATE TRIGGER payments_totals_upd AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payments_maintain_totals();
CREATE TRIGGER payments_totals_del AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payments_maintain_totals();

-- Referral-plan remittances: the user's count and sums; sent HEC also in every ancestor's subtree.
CREATE FUNCTION affiliate_remittances_maintain_totals() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  old_list affiliate_remittances[];
  new_list affiliate_remittances[];
  ancestor_ids integer[];
  ancestor_sent numeric[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_list := ARRAY(SELECT o::affiliate_remittances FROM old_rows o);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_list := ARRAY(SELECT n::affiliate_remittances FROM new_rows n);
  END IF;
  WITH changes AS (
    SELECT 1 AS sign, * FROM unnest(new_list)
    UNION ALL
    SELECT -1, * FROM unnest(old_list)
  ), per_user AS (
    SELECT end_user_id, sum(sign) AS n, sum(sign * sent_hec) AS sent, sum(sign * hec_principal) AS hec,
      sum(sign * atem_principal) AS atem, sum(sign * usd_valuation) AS usd
    FROM changes GROUP BY end_user_id
  ), updated AS (
    UPDATE end_users e SET
      affiliate_remittance_count = e.affiliate_remittance_count + d.n,
      affiliate_sent_hec = e.affiliate_sent_hec + d.sent,
      affiliate_hec_principal = e.affiliate_hec_principal + d.hec,
      affiliate_atem_principal = e.affiliate_atem_principal + d.atem,
      affiliate_usd_valuation = e.affiliate_usd_valuation + d.usd
    FROM per_user d
    WHERE e.id = d.end_user_id
      AND (d.n <> 0 OR d.sent <> 0 OR d.hec <> 0 OR d.atem <> 0 OR d.usd <> 0)
    RETURNING e.ancestry, d.sent
  )
  SELECT array_agg(ancestor), array_agg(sent)
  INTO ancestor_ids, ancestor_sent
  FROM (
    SELECT ancestor, sum(sent) AS sent FROM updated, unnest(updated.ancestry) AS ancestor
    WHERE updated.sent <> 0 GROUP BY ancestor
  ) a;
  IF ancestor_ids IS NOT NULL THEN
    PERFORM end_users_add_subtree_totals(ancestor_ids, NULL, ancestor_sent);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER affiliate_remittances_totals_ins AFTER INSERT ON affiliate_remittances REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION affiliate_remittances_maintain_totals();
CREATE TRIGGER affiliate_remittances_totals_upd AFTER UPDATE ON affiliate_remittances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION affiliate_remittances_maintain_totals();
CREATE TRIGGER affiliate_remittances_totals_del AFTER DELETE ON affiliate_remittances REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION affiliate_remittances_maintain_totals();

-- Rewards: referral-plan kinds (interest, referral, bonus) in the user's totals; every kind in
-- the day's asset statistics by coin.
CREATE FUNCTION reward_entries_maintain_totals() RETURNS trigger LANGUAGE plpgsql
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
      coalesce(sum(sign * amount) FILTER (WHERE kind = 'proportional' AND coin_type = 'HEC'), 0) AS hec_proportional
    FROM changes GROUP BY reward_date
  ), stats AS (
    INSERT INTO asset_stats_daily AS s (stat_date, eth_affiliate_reward, hec_affiliate_reward,
      eth_saving_reward, hec_saving_reward, eth_proportional_reward, hec_proportional_reward)
    SELECT reward_date, eth_affiliate, hec_affiliate, eth_saving, hec_saving, eth_proportional,
      hec_proportional
    FROM per_day
    WHERE eth_affiliate <> 0 OR hec_affiliate <> 0 OR eth_saving <> 0 OR hec_saving <> 0
      OR eth_proportional <> 0 OR hec_proportional <> 0
    ON CONFLICT (stat_date) DO UPDATE SET
      eth_affiliate_reward = s.eth_affiliate_reward + EXCLUDED.eth_affiliate_reward,
      hec_affiliate_reward = s.hec_affiliate_reward + EXCLUDED.hec_affiliate_reward,
      eth_saving_reward = s.eth_saving_reward + EXCLUDED.eth_saving_reward,
      hec_saving_reward = s.hec_saving_reward + EXCLUDED.hec_saving_reward,
      eth_proportional_reward = s.eth_proportional_reward + EXCLUDED.eth_proportional_reward,
      hec_proportional_reward = s.hec_proportional_reward + EXCLUDED.hec_proportional_reward
  )
  UPDATE end_users e SET
    total_interest_rewards = e.total_interest_rewards + d.interest,
    total_referral_rewards = e.total_referral_rewards + d.referral,
    total_bonus_rewards = e.total_bonus_rewards + d.bonus
  FROM per_user d
  WHERE e.id = d.end_user_id AND (d.interest <> 0 OR d.referral <> 0 OR d.bonus <> 0);
  RETURN NULL;
END $$;

CREATE TRIGGER reward_entries_totals_ins AFTER INSERT ON reward_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reward_entries_maintain_totals();
CREATE TRIGGER reward_entries_totals_upd AFTER UPDATE ON reward_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reward_entries_maintain_totals();
CREATE TRIGGER reward_entries_totals_del AFTER DELETE ON reward_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reward_entries_maintain_totals();

-- Coin-saving remittances: totalSentAmount.
CREATE FUNCTION saving_remittances_maintain_totals() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  old_list saving_remittances[];
  new_list saving_remittances[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_list := ARRAY(SELECT o::saving_remittances FROM old_rows o);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_list := ARRAY(SELECT n::saving_remittances FROM new_rows n);
  END IF;
  UPDATE end_users e SET total_sent_amount = e.total_sent_amount + d.sent
  FROM (
    SELECT end_user_id, sum(sign * sent_hec) AS sent FROM (
      SELECT 1 AS sign, * FROM unnest(new_list)
      UNION ALL
      SELECT -1, * FROM unnest(old_list)
    ) changes GROUP BY end_user_id
  ) d
  WHERE e.id = d.end_user_id AND d.sent <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER saving_remittances_totals_ins AFTER INSERT ON saving_remittances REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION saving_remittances_maintain_totals();
CREATE TRIGGER saving_remittances_totals_upd AFTER UPDATE ON saving_remittances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION saving_remittances_maintain_totals();
CREATE TRIGGER saving_remittances_totals_del AFTER DELETE ON saving_remittances REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION saving_remittances_maintain_totals();

-- Reward snapshots: totalOwl.
CREATE FUNCTION reward_snapshots_maintain_totals() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  old_list reward_snapshots[];
  new_list reward_snapshots[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_list := ARRAY(SELECT o::reward_snapshots FROM old_rows o);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_list := ARRAY(SELECT n::reward_snapshots FROM new_rows n);
  END IF;
  UPDATE end_users e SET total_owl = e.total_owl + d.owl
  FROM (
    SELECT end_user_id, sum(sign * owl_reward) AS owl FROM (
      SELECT 1 AS sign, * FROM unnest(new_list)
      UNION ALL
      SELECT -1, * FROM unnest(old_list)
    ) changes GROUP BY end_user_id
  ) d
  WHERE e.id = d.end_user_id AND d.owl <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER reward_snapshots_totals_ins AFTER INSERT ON reward_snapshots REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reward_snapshots_maintain_totals();
CREATE TRIGGER reward_snapshots_totals_upd AFTER UPDATE ON reward_snapshots REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reward_snapshots_maintain_totals();
CREATE TRIGGER reward_snapshots_totals_del AFTER DELETE ON reward_snapshots REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reward_snapshots_maintain_totals();

-- Staking positions: staked balances by coin.
CREATE FUNCTION staking_positions_maintain_totals() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  old_list staking_positions[];
  new_list staking_positions[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_list := ARRAY(SELECT o::staking_positions FROM old_rows o);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_list := ARRAY(SELECT n::staking_positions FROM new_rows n);
  END IF;
  UPDATE end_users e SET
    total_eth_staked_amount = e.total_eth_staked_amount + d.eth,
    total_hec_staked_amount = e.total_hec_staked_amount + d.hec
  FROM (
    SELECT end_user_id,
      coalesce(sum(sign * current_balance) FILTER (WHERE coin_type = 'ETH'), 0) AS eth,
      coalesce(sum(sign * current_balance) FILTER (WHERE coin_type = 'HEC'), 0) AS hec
    FROM (
      SELECT 1 AS sign, * FROM unnest(new_list)
      UNION ALL
      SELECT -1, * FROM unnest(old_list)
    ) changes GROUP BY end_user_id
  ) d
  WHERE e.id = d.end_user_id AND (d.eth <> 0 OR d.hec <> 0);
  RETURN NULL;
END $$;

CREATE TRIGGER staking_positions_totals_ins AFTER INSERT ON staking_positions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staking_positions_maintain_totals();
CREATE TRIGGER staking_positions_totals_upd AFTER UPDATE ON staking_positions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staking_positions_maintain_totals();
CREATE TRIGGER staking_positions_totals_del AFTER DELETE ON staking_positions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staking_positions_maintain_totals();
