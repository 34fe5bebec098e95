-- Count buckets for the list filters whose exact COUNT(*) walks 150k-360k index entries at
-- benchmark size (docs/domain.md, "Counts"). A range count sums the buckets lying wholly inside
-- the range and counts only the two edge buckets exactly, through the column's index.
--
-- New buckets in row_counts:
--   payments            confirmed_day:YYYY-MM-DD, asset_fixed_day:YYYY-MM-DD (UTC day of the
--                       date; a NULL date has no day bucket)
--   end_users           buy_usd_band:NNNNN: users whose total_buy_amount_usd lies in
--                       [NNNNN, NNNNN + 100); the last band, buy_usd_band:20000, is open-ended
--                       (>= 20000). Five digits so that byte order is numeric order.
--                       affiliate_remitter: users with affiliate_remittance_count > 0 (the rows
--                       of affiliateSavingAggregates).
--   saving_remittances  plan:<saving_plan_id> (userSavings filtered by plan)
-- Bucket names of one kind sort by their key in byte order (COLLATE "C"), so the repositories
-- sum a range of them with one index range read.
--
-- The band width and the open top band are mirrored in users-repository.ts (BAND_WIDTH,
-- TOP_BAND) and in the population generator (buyBandKey). With 100 USD, what an edge count has
-- to read stays under ~10k users at 1M users (totals pile up on the bands' lower bounds, which
-- edge counts never read; docs/domain.md), and 137 of 1M users lie above 20,000 USD.

-- The amount band bucket of a total (immutable and simple, so the planner inlines it).
CREATE FUNCTION buy_usd_band_bucket(total numeric) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'buy_usd_band:' || lpad((least(floor(total / 100), 200) * 100)::text, 5, '0')
$$;

-- Every end_users bucket a user belongs to.
CREATE FUNCTION end_users_count_buckets(card_status smallint, total_buy numeric, affiliate_count integer)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY['all', 'card_status:' || card_status, buy_usd_band_bucket(total_buy)]
    || CASE WHEN affiliate_count > 0 THEN ARRAY['affiliate_remitter'] ELSE ARRAY[]::text[] END
$$;

-- end_users stays per row: its totals change one user at a time through end_users_add_totals,
-- and the WHEN clause below keeps the trigger from running unless a bucket changes (a total
-- that stays within its band, the usual case, costs one comparison).
CREATE OR REPLACE FUNCTION end_users_maintain_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_counts AS c (relation, bucket, n)
  SELECT 'end_users', b, sum(d) FROM (
    SELECT unnest(end_users_count_buckets(NEW.card_status, NEW.total_buy_amount_usd,
      NEW.affiliate_remittance_count)) AS b, 1 AS d WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT unnest(end_users_count_buckets(OLD.card_status, OLD.total_buy_amount_usd,
      OLD.affiliate_remittance_count)), -1 WHERE TG_OP <> 'INSERT'
  ) AS x GROUP BY b HAVING sum(d) <> 0
  ON CONFLICT (relation, bucket) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

DROP TRIGGER end_users_count_upd ON end_users;
CREATE TRIGGER end_users_count_upd
  AFTER UPDATE OF card_status, total_buy_amount_usd, affiliate_remittance_count ON end_users
  FOR EACH ROW WHEN (
    OLD.card_status <> NEW.card_status
    OR buy_usd_band_bucket(OLD.total_buy_amount_usd) <> buy_usd_band_bucket(NEW.total_buy_amount_usd)
    OR (OLD.affiliate_remittance_count > 0) <> (NEW.affiliate_remittance_count > 0)
  ) EXECUTE FUNCTION end_users_maintain_counts();

-- Payments: the statement triggers of 0013 with the two day buckets added. An UPDATE that
-- moves a date (confirming, fixing assets, correcting a date) moves the row between day buckets
-- through the OLD/NEW transition tables; an UPDATE that changes no bucket writes nothing.
DROP TRIGGER payments_count_ins ON payments;
DROP TRIGGER payments_count_upd ON payments;
DROP TRIGGER payments_count_del ON payments;
CREATE TRIGGER payments_count_ins AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$array_remove(ARRAY['all', 'status:' || status,
    'confirmed_day:' || to_char(confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    'asset_fixed_day:' || to_char(asset_fixed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')], NULL)$$);
CREATE TRIGGER payments_count_upd AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$array_remove(ARRAY['all', 'status:' || status,
    'confirmed_day:' || to_char(confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    'asset_fixed_day:' || to_char(asset_fixed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')], NULL)$$);
CREATE TRIGGER payments_count_del AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$array_remove(ARRAY['all', 'status:' || status,
    'confirmed_day:' || to_char(confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    'asset_fixed_day:' || to_char(asset_fixed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')], NULL)$$);

-- Coin-saving remittances: per plan, and an UPDATE trigger now that a bucket depends on a
-- column (moving a remittance to another plan).
DROP TRIGGER saving_remittances_count_ins ON saving_remittances;
DROP TRIGGER saving_remittances_count_del ON saving_remittances;
CREATE TRIGGER saving_remittances_count_ins AFTER INSERT ON saving_remittances REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'plan:' || saving_plan_id]$$);
CREATE TRIGGER saving_remittances_count_upd AFTER UPDATE ON saving_remittances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'plan:' || saving_plan_id]$$);
CREATE TRIGGER saving_remittances_count_del AFTER DELETE ON saving_remittances REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'plan:' || saving_plan_id]$$);

-- Backfill from the rows already there. The triggers above were created first: CREATE TRIGGER
-- locks each table against writes until this migration commits, so no row is missed or
-- counted twice. The counts are set, not added, so a database loaded with the triggers off is
-- correct afterwards too.
INSERT INTO row_counts AS c (relation, bucket, n)
SELECT 'payments', b, count(*) FROM payments,
  unnest(array_remove(ARRAY[
    'confirmed_day:' || to_char(confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    'asset_fixed_day:' || to_char(asset_fixed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')], NULL)) AS b
GROUP BY b
ON CONFLICT (relation, bucket) DO UPDATE SET n = EXCLUDED.n;

INSERT INTO row_counts AS c (relation, bucket, n)
SELECT 'end_users', b, count(*) FROM end_users,
  unnest(array_remove(ARRAY[buy_usd_band_bucket(total_buy_amount_usd),
    CASE WHEN affiliate_remittance_count > 0 THEN 'affiliate_remitter' END], NULL)) AS b
GROUP BY b
ON CONFLICT (relation, bucket) DO UPDATE SET n = EXCLUDED.n;

INSERT INTO row_counts AS c (relation, bucket, n)
SELECT 'saving_remittances', 'plan:' || saving_plan_id, count(*) FROM saving_remittances
GROUP BY saving_plan_id
ON CONFLICT (relation, bucket) DO UPDATE SET n = EXCLUDED.n;
