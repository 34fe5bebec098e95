-- Derived totals (see docs/domain.md, "Derived totals").
--
-- Strategy: every total the user list shows, filters or sorts on is a column of end_users,
-- kept by AFTER ROW triggers on the records it sums, in the same transaction as the change.
-- A change is applied as a delta to the user and, for subtree totals, to every ancestor
-- (one UPDATE through the materialised ancestry, at most `depth` rows). List counts come from
-- row_counts, kept by statement-level triggers; daily asset statistics from asset_stats_daily.
-- Bulk loaders (the population generator) switch these triggers off, write the totals they
-- computed themselves, and then verify them against the records.

CREATE FUNCTION end_users_add_totals(
  p_user integer,
  p_buy_usd numeric DEFAULT 0,
  p_eth numeric DEFAULT 0,
  p_hec numeric DEFAULT 0,
  p_eth_staked numeric DEFAULT 0,
  p_hec_staked numeric DEFAULT 0,
  p_sent numeric DEFAULT 0,
  p_owl numeric DEFAULT 0,
  p_payments integer DEFAULT 0,
  p_aff_count integer DEFAULT 0,
  p_aff_sent numeric DEFAULT 0,
  p_aff_hec numeric DEFAULT 0,
  p_aff_atem numeric DEFAULT 0,
  p_aff_usd numeric DEFAULT 0,
  p_interest numeric DEFAULT 0,
  p_referral numeric DEFAULT 0,
  p_bonus numeric DEFAULT 0
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  anc integer[];
BEGIN
  UPDATE end_users SET
    total_buy_amount_usd = total_buy_amount_usd + p_buy_usd,
    total_eth_amount = total_eth_amount + p_eth,
    total_hec_amount = total_hec_amount + p_hec,
    total_eth_staked_amount = total_eth_staked_amount + p_eth_staked,
    total_hec_staked_amount = total_hec_staked_amount + p_hec_staked,
    total_sent_amount = total_sent_amount + p_sent,
    total_owl = total_owl + p_owl,
    payment_count = payment_count + p_payments,
    affiliate_remittance_count = affiliate_remittance_count + p_aff_count,
    affiliate_sent_hec = affiliate_sent_hec + p_aff_sent,
    affiliate_hec_principal = affiliate_hec_principal + p_aff_hec,
    affiliate_atem_principal = affiliate_atem_principal + p_aff_atem,
    affiliate_usd_valuation = affiliate_usd_valuation + p_aff_usd,
    total_interest_rewards = total_interest_rewards + p_interest,
    total_referral_rewards = total_referral_rewards + p_referral,
    total_bonus_rewards = total_bonus_rewards + p_bonus
  WHERE id = p_user
  RETURNING ancestry INTO anc;
  IF (p_buy_usd <> 0 OR p_aff_sent <> 0) AND cardinality(anc) > 0 THEN
    UPDATE end_users SET
      subtree_buy_amount_usd = subtree_buy_amount_usd + p_buy_usd,
      subtree_affiliate_sent_hec = subtree_affiliate_sent_hec + p_aff_sent
    WHERE id = ANY (anc);
  END IF;
END $$;

-- Asset statistics per UTC day, the inputs of assetStats(dateFrom, dateUntil).
CREATE TABLE asset_stats_daily (
  stat_date date PRIMARY KEY,
  initial_eth_amount numeric NOT NULL DEFAULT 0,
  initial_hec_amount numeric NOT NULL DEFAULT 0,
  eth_affiliate_reward numeric NOT NULL DEFAULT 0,
  hec_affiliate_reward numeric NOT NULL DEFAULT 0,
  eth_saving_reward numeric NOT NULL DEFAULT 0,
  hec_saving_reward numeric NOT NULL DEFAULT 0,
  eth_proportional_reward numeric NOT NULL DEFAULT 0,
  hec_proportional_reward numeric NOT NULL DEFAULT 0,
  total_buy_amount_usd numeric NOT NULL DEFAULT 0
);

CREATE FUNCTION asset_stats_add(
  p_date date,
  p_initial_eth numeric DEFAULT 0,
  p_initial_hec numeric DEFAULT 0,
  p_eth_affiliate numeric DEFAULT 0,
  p_hec_affiliate numeric DEFAULT 0,
  p_eth_saving numeric DEFAULT 0,
  p_hec_saving numeric DEFAULT 0,
  p_eth_proportional numeric DEFAULT 0,
  p_hec_proportional numeric DEFAULT 0,
  p_buy_usd numeric DEFAULT 0
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_date IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO asset_stats_daily AS s (stat_date, initial_eth_amount, initial_hec_amount,
    eth_affiliate_reward, hec_affiliate_reward, eth_saving_reward, hec_saving_reward,
    eth_proportional_reward, hec_proportional_reward, total_buy_amount_usd)
  VALUES (p_date, p_initial_eth, p_initial_hec, p_eth_affiliate, p_hec_affiliate, p_eth_saving,
    p_hec_saving, p_eth_proportional, p_hec_proportional, p_buy_usd)
  ON CONFLICT (stat_date) DO UPDATE SET
    initial_eth_amount = s.initial_eth_amount + EXCLUDED.initial_eth_amount,
    initial_hec_amount = s.initial_hec_amount + EXCLUDED.initial_hec_amount,
    eth_affiliate_reward = s.eth_affiliate_reward + EXCLUDED.eth_affiliate_reward,
    hec_affiliate_reward = s.hec_affiliate_reward + EXCLUDED.hec_affiliate_reward,
    eth_saving_reward = s.eth_saving_reward + EXCLUDED.eth_saving_reward,
    hec_saving_reward = s.hec_saving_reward + EXCLUDED.hec_saving_reward,
    eth_proportional_reward = s.eth_proportional_reward + EXCLUDED.eth_proportional_reward,
    hec_proportional_reward = s.hec_proportional_reward + EXCLUDED.hec_proportional_reward,
    total_buy_amount_usd = s.total_buy_amount_usd + EXCLUDED.total_buy_amount_usd;
END $$;

-- Payments: totalBuyAmountUsd counts confirmed and asset-fixed payments; ETH/HEC amounts count
-- once assets are fixed.
CREATE FUNCTION payments_apply_totals(sign integer, r payments) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM end_users_add_totals(r.end_user_id,
    p_buy_usd => sign * CASE WHEN r.status IN ('confirmed', 'asset_fixed') THEN r.paid_usd ELSE 0 END,
    p_eth => sign * coalesce(r.amount_eth, 0),
    p_hec => sign * coalesce(r.amount_hec, 0),
    p_payments => sign);
  IF r.asset_fixed_at IS NOT NULL THEN
    PERFORM asset_stats_add((r.asset_fixed_at AT TIME ZONE 'UTC')::date,
      p_initial_eth => sign * coalesce(r.amount_eth, 0),
      p_initial_hec => sign * coalesce(r.amount_hec, 0));
  END IF;
  IF r.status IN ('confirmed', 'asset_fixed') THEN
    PERFORM asset_stats_add((r.confirmed_at AT TIME ZONE 'UTC')::date, p_buy_usd => sign * r.paid_usd);
  END IF;
END $$;

CREATE FUNCTION payments_maintain_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM payments_apply_totals(-1, OLD);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM payments_apply_totals(1, NEW);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER payments_maintain_totals AFTER INSERT OR DELETE OR UPDATE OF
  end_user_id, status, paid_usd, amount_eth, amount_hec, confirmed_at, asset_fixed_at ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_maintain_totals();

CREATE FUNCTION saving_remittances_maintain_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM end_users_add_totals(OLD.end_user_id, p_sent => -OLD.sent_hec);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM end_users_add_totals(NEW.end_user_id, p_sent => NEW.sent_hec);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER saving_remittances_maintain_totals AFTER INSERT OR DELETE OR UPDATE OF
  end_user_id, sent_hec ON saving_remittances
  FOR EACH ROW EXECUTE FUNCTION saving_remittances_maintain_totals();

CREATE FUNCTION affiliate_remittances_maintain_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM end_users_add_totals(OLD.end_user_id, p_aff_count => -1, p_aff_sent => -OLD.sent_hec,
      p_aff_hec => -OLD.hec_principal, p_aff_atem => -OLD.atem_principal, p_aff_usd => -OLD.usd_valuation);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM end_users_add_totals(NEW.end_user_id, p_aff_count => 1, p_aff_sent => NEW.sent_hec,
      p_aff_hec => NEW.hec_principal, p_aff_atem => NEW.atem_principal, p_aff_usd => NEW.usd_valuation);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER affiliate_remittances_maintain_totals AFTER INSERT OR DELETE OR UPDATE OF
  end_user_id, sent_hec, hec_principal, atem_principal, usd_valuation ON affiliate_remittances
  FOR EACH ROW EXECUTE FUNCTION affiliate_remittances_maintain_totals();

CREATE FUNCTION reward_entries_apply_totals(sign integer, r reward_entries) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF r.kind IN ('affiliate_interest', 'referral', 'bonus') THEN
      PERFORM end_users_add_totals(r.end_user_id,
        p_interest => sign * CASE WHEN r.kind = 'affiliate_interest' THEN r.amount ELSE 0 END,
        p_referral => sign * CASE WHEN r.kind = 'referral' THEN r.amount ELSE 0 END,
        p_bonus => sign * CASE WHEN r.kind = 'bonus' THEN r.amount ELSE 0 END);
    END IF;
    PERFORM asset_stats_add(r.reward_date,
      p_eth_affiliate => sign * CASE WHEN r.kind IN ('affiliate_interest', 'referral', 'bonus') AND r.coin_type = 'ETH' THEN r.amount ELSE 0 END,
      p_hec_affiliate => sign * CASE WHEN r.kind IN ('affiliate_interest', 'referral', 'bonus') AND r.coin_type = 'HEC' THEN r.amount ELSE 0 END,
      p_eth_saving => sign * CASE WHEN r.kind = 'staking' AND r.coin_type = 'ETH' THEN r.amount ELSE 0 END,
      p_hec_saving => sign * CASE WHEN r.kind = 'staking' AND r.coin_type = 'HEC' THEN r.amount ELSE 0 END,
      p_eth_proportional => sign * CASE WHEN r.kind = 'proportional' AND r.coin_type = 'ETH' THEN r.amount ELSE 0 END,
      p_hec_proportional => sign * CASE WHEN r.kind = 'proportional' AND r.coin_type = 'HEC' THEN r.amount ELSE 0 END);
END $$;

CREATE FUNCTION reward_entries_maintain_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM reward_entries_apply_totals(-1, OLD);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM reward_entries_apply_totals(1, NEW);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER reward_entries_maintain_totals AFTER INSERT OR DELETE OR UPDATE ON reward_entries
  FOR EACH ROW EXECUTE FUNCTION reward_entries_maintain_totals();

CREATE FUNCTION reward_snapshots_maintain_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM end_users_add_totals(OLD.end_user_id, p_owl => -OLD.owl_reward);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM end_users_add_totals(NEW.end_user_id, p_owl => NEW.owl_reward);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER reward_snapshots_maintain_totals AFTER INSERT OR DELETE OR UPDATE OF
  end_user_id, owl_reward ON reward_snapshots
  FOR EACH ROW EXECUTE FUNCTION reward_snapshots_maintain_totals();

CREATE FUNCTION staking_positions_maintain_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM end_users_add_totals(OLD.end_user_id,
      p_eth_staked => -CASE WHEN OLD.coin_type = 'ETH' THEN OLD.current_balance ELSE 0 END,
      p_hec_staked => -CASE WHEN OLD.coin_type = 'HEC' THEN OLD.current_balance ELSE 0 END);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM end_users_add_totals(NEW.end_user_id,
      p_eth_staked => CASE WHEN NEW.coin_type = 'ETH' THEN NEW.current_balance ELSE 0 END,
      p_hec_staked => CASE WHEN NEW.coin_type = 'HEC' THEN NEW.current_balance ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER staking_positions_maintain_totals AFTER INSERT OR DELETE OR UPDATE OF
  end_user_id, coin_type, current_balance ON staking_positions
  FOR EACH ROW EXECUTE FUNCTION staking_positions_maintain_totals();

-- The referral tree: a new user counts in every ancestor's subtree; a re-parented user moves
-- its whole subtree (counts, totals and the ancestry of every descendant).
CREATE FUNCTION end_users_maintain_tree() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved_count integer;
  moved_buy numeric;
  moved_aff numeric;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.parent_id IS NOT NULL THEN
      UPDATE end_users SET
        children_count = children_count + CASE WHEN id = NEW.parent_id THEN 1 ELSE 0 END,
        descendants_count = descendants_count + 1 + NEW.descendants_count,
        subtree_buy_amount_usd = subtree_buy_amount_usd + NEW.total_buy_amount_usd,
        subtree_affiliate_sent_hec = subtree_affiliate_sent_hec + NEW.affiliate_sent_hec
      WHERE id = ANY (NEW.ancestry);
    END IF;
    RETURN NULL;
  END IF;
  -- UPDATE OF parent_id
  moved_count := 1 + OLD.descendants_count;
  moved_buy := NEW.total_buy_amount_usd + NEW.subtree_buy_amount_usd;
  moved_aff := NEW.affiliate_sent_hec + NEW.subtree_affiliate_sent_hec;
  UPDATE end_users SET
    children_count = children_count - CASE WHEN id = OLD.parent_id THEN 1 ELSE 0 END,
    descendants_count = descendants_count - moved_count,
    subtree_buy_amount_usd = subtree_buy_amount_usd - moved_buy,
    subtree_affiliate_sent_hec = subtree_affiliate_sent_hec - moved_aff
  WHERE id = ANY (OLD.ancestry);
  UPDATE end_users SET
    children_count = children_count + CASE WHEN id = NEW.parent_id THEN 1 ELSE 0 END,
    descendants_count = descendants_count + moved_count,
    subtree_buy_amount_usd = subtree_buy_amount_usd + moved_buy,
    subtree_affiliate_sent_hec = subtree_affiliate_sent_hec + moved_aff
  WHERE id = ANY (NEW.ancestry);
  -- Descendants: a sequential scan is acceptable here, re-parenting is a rare admin fix.
  IF OLD.descendants_count > 0 THEN
    UPDATE end_users SET
      ancestry = NEW.ancestry || ancestry[cardinality(OLD.ancestry) + 1 : cardinality(ancestry)],
      depth = cardinality(NEW.ancestry || ancestry[cardinality(OLD.ancestry) + 1 : cardinality(ancestry)])
    WHERE ancestry @> ARRAY[NEW.id];
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER end_users_maintain_tree_ins AFTER INSERT ON end_users
  FOR EACH ROW EXECUTE FUNCTION end_users_maintain_tree();
CREATE TRIGGER end_users_maintain_tree_upd AFTER UPDATE OF parent_id ON end_users
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION end_users_maintain_tree();

-- Exact list counts without COUNT(*) over millions: one row per (table, bucket), e.g.
-- ('payments', 'all'), ('payments', 'status:confirmed'), ('withdrawal_requests',
-- 'kind:atem:status:requested'). Kept by statement-level triggers with transition tables, so a
-- bulk insert updates each bucket once.
CREATE TABLE row_counts (
  relation text NOT NULL,
  bucket text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (relation, bucket)
);

-- TG_ARGV[0]: an SQL expression giving the text[] of buckets a row belongs to.
CREATE FUNCTION maintain_row_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT b, 1 AS d FROM new_rows, unnest(%s) AS b', TG_ARGV[0])
    WHEN 'DELETE' THEN format('SELECT b, -1 AS d FROM old_rows, unnest(%s) AS b', TG_ARGV[0])
    ELSE format('SELECT b, 1 AS d FROM new_rows, unnest(%1$s) AS b UNION ALL SELECT b, -1 FROM old_rows, unnest(%1$s) AS b', TG_ARGV[0])
  END;
  EXECUTE format(
    'INSERT INTO row_counts AS c (relation, bucket, n)
     SELECT %L, b, sum(d) FROM (%s) AS x GROUP BY b HAVING sum(d) <> 0
     ON CONFLICT (relation, bucket) DO UPDATE SET n = c.n + EXCLUDED.n',
    TG_TABLE_NAME, source);
  RETURN NULL;
END $$;

CREATE TRIGGER payments_count_ins AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'status:' || status]$$);
CREATE TRIGGER payments_count_upd AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'status:' || status]$$);
CREATE TRIGGER payments_count_del AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'status:' || status]$$);

CREATE TRIGGER withdrawal_requests_count_ins AFTER INSERT ON withdrawal_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'kind:' || kind, 'kind:' || kind || ':status:' || status]$$);
CREATE TRIGGER withdrawal_requests_count_upd AFTER UPDATE ON withdrawal_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'kind:' || kind, 'kind:' || kind || ':status:' || status]$$);
CREATE TRIGGER withdrawal_requests_count_del AFTER DELETE ON withdrawal_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'kind:' || kind, 'kind:' || kind || ':status:' || status]$$);

CREATE TRIGGER user_contacts_count_ins AFTER INSERT ON user_contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'status:' || status]$$);
CREATE TRIGGER user_contacts_count_upd AFTER UPDATE ON user_contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'status:' || status]$$);
CREATE TRIGGER user_contacts_count_del AFTER DELETE ON user_contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'status:' || status]$$);

CREATE TRIGGER saving_remittances_count_ins AFTER INSERT ON saving_remittances REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all']$$);
CREATE TRIGGER saving_remittances_count_del AFTER DELETE ON saving_remittances REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all']$$);
CREATE TRIGGER affiliate_remittances_count_ins AFTER INSERT ON affiliate_remittances REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all']$$);
CREATE TRIGGER affiliate_remittances_count_del AFTER DELETE ON affiliate_remittances REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all']$$);
CREATE TRIGGER saving_deposit_addresses_count_ins AFTER INSERT ON saving_deposit_addresses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'plan:' || saving_plan_id]$$);
CREATE TRIGGER saving_deposit_addresses_count_del AFTER DELETE ON saving_deposit_addresses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'plan:' || saving_plan_id]$$);

-- end_users: per-row, because its totals columns are updated constantly by the triggers above
-- and a statement trigger with transition tables cannot be limited to card_status changes.
CREATE FUNCTION end_users_maintain_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_counts AS c (relation, bucket, n)
  SELECT 'end_users', b, sum(d) FROM (
    SELECT unnest(ARRAY['all', 'card_status:' || NEW.card_status]) AS b, 1 AS d WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT unnest(ARRAY['all', 'card_status:' || OLD.card_status]), -1 WHERE TG_OP <> 'INSERT'
  ) AS x GROUP BY b HAVING sum(d) <> 0
  ON CONFLICT (relation, bucket) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE TRIGGER end_users_count_ins AFTER INSERT OR DELETE ON end_users
  FOR EACH ROW EXECUTE FUNCTION end_users_maintain_counts();
CREATE TRIGGER end_users_count_upd AFTER UPDATE OF card_status ON end_users
  FOR EACH ROW WHEN (OLD.card_status <> NEW.card_status) EXECUTE FUNCTION end_users_maintain_counts();
