-- One writer of derived totals at a time (docs/domain.md, "Derived totals", "Concurrent writers").
--
-- A write to any table whose records are summed into derived totals also updates the record's
-- user, every ancestor up to the root, the day's asset_stats_daily row and the row_counts
-- buckets, in whatever order the plans of the 0013/0018/0021 triggers produce. Two such writes
-- at once could take those rows in opposite orders, and PostgreSQL then killed one of them as a
-- deadlock after a second's wait: about 1 in 20 transactions with four concurrent writers of
-- single payments at benchmark size.
--
-- Every such writer already waits for the others in practice: they all update the same few
-- hub ancestors (the widest user is an ancestor of half the population), today's statistics
-- row and the status buckets, and hold those rows until they commit. So each write statement
-- on these tables first takes one transaction-level advisory lock: concurrent writers queue
-- at their first statement instead of deadlocking half-way, at no cost to throughput they had.
-- BEFORE ... FOR EACH STATEMENT, so the lock is taken before the statement touches any row.
-- Reads never take it. The population generator loads with triggers off and is not affected.

CREATE FUNCTION serialize_derived_total_writers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A fixed key, 0x646572697665640A ("derived\n" in ASCII), that no other lock here uses.
  PERFORM pg_advisory_xact_lock(7234314173724058634);
  RETURN NULL;
END $$;

-- <table>_serialize_writers on each table whose records are summed into derived totals.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['payments', 'affiliate_remittances', 'saving_remittances',
    'reward_entries', 'reward_snapshots', 'staking_positions']
  LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION serialize_derived_total_writers()',
      t || '_serialize_writers', t);
  END LOOP;
END $$;

-- Writers of the other counted tables (withdrawal requests, inquiries, end users themselves)
-- are not serialized: they touch one record's buckets. Their bucket upserts now go in bucket
-- order, so two of them never take the same buckets in opposite orders.
CREATE OR REPLACE FUNCTION maintain_row_counts() RETURNS trigger LANGUAGE plpgsql AS $$
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
     SELECT %L, b, sum(d) FROM (%s) AS x GROUP BY b HAVING sum(d) <> 0 ORDER BY b
     ON CONFLICT (relation, bucket) DO UPDATE SET n = c.n + EXCLUDED.n',
    TG_TABLE_NAME, source);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION end_users_maintain_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_counts AS c (relation, bucket, n)
  SELECT 'end_users', b, sum(d) FROM (
    SELECT unnest(end_users_count_buckets(NEW.card_status, NEW.total_buy_amount_usd,
      NEW.affiliate_remittance_count)) AS b, 1 AS d WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT unnest(end_users_count_buckets(OLD.card_status, OLD.total_buy_amount_usd,
      OLD.affiliate_remittance_count)), -1 WHERE TG_OP <> 'INSERT'
  ) AS x GROUP BY b HAVING sum(d) <> 0 ORDER BY b
  ON CONFLICT (relation, bucket) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;
