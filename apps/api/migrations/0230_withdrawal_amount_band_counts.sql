-- Kept counts of withdrawal requests per kind, status and amount band (issue 36): a withdrawal
-- screen filtered by an amount range shows its status tabs' counts (and the list's total, their
-- sum), which were seven index-only range counts over every match: 625,880 entries for "at most
-- 100,000" on the busiest kind at 5M users, 80-200 ms a page. Now whole bands come from these
-- buckets and only the two edge bands from the (kind, status, amount) index, as the requested-at
-- range is counted (0142). A band is the amount's decimal exponent and its two leading digits
-- (db/amount-bands.ts, which must agree with this function): `EEdd`, EE the exponent + 50, and
-- `00` for zero, so keys sort as amounts do and each band is a hundredth of a decade. The
-- function reads the amount's text, never a logarithm, so no rounding can move an amount into
-- the next band.
CREATE FUNCTION withdrawal_amount_band(a numeric) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN a = 0 THEN '00'
    WHEN a >= 1 THEN
      lpad((length(trunc(a)::text) - 1 + 50)::text, 2, '0')
        || rpad(left(replace(a::text, '.', ''), 2), 2, '0')
    ELSE
      lpad((50 - 1 - length(substring(a::text FROM '^0\.(0*)')))::text, 2, '0')
        || rpad(left(ltrim(split_part(a::text, '.', 2), '0'), 2), 2, '0')
  END
$$;

DROP TRIGGER withdrawal_requests_count_ins ON withdrawal_requests;
DROP TRIGGER withdrawal_requests_count_upd ON withdrawal_requests;
DROP TRIGGER withdrawal_requests_count_del ON withdrawal_requests;

CREATE TRIGGER withdrawal_requests_count_ins AFTER INSERT ON withdrawal_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'kind:' || kind, 'kind:' || kind || ':status:' || status,
    'kind:' || kind || ':status:' || status || ':requested_day:' || to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    'kind:' || kind || ':status:' || status || ':amount_band:' || withdrawal_amount_band(amount)]$$);
CREATE TRIGGER withdrawal_requests_count_upd AFTER UPDATE ON withdrawal_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'kind:' || kind, 'kind:' || kind || ':status:' || status,
    'kind:' || kind || ':status:' || status || ':requested_day:' || to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    'kind:' || kind || ':status:' || status || ':amount_band:' || withdrawal_amount_band(amount)]$$);
CREATE TRIGGER withdrawal_requests_count_del AFTER DELETE ON withdrawal_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$ARRAY['all', 'kind:' || kind, 'kind:' || kind || ':status:' || status,
    'kind:' || kind || ':status:' || status || ':requested_day:' || to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    'kind:' || kind || ':status:' || status || ':amount_band:' || withdrawal_amount_band(amount)]$$);

-- Backfill (set, not added: the triggers above already lock the table against writes until
-- this migration commits).
INSERT INTO row_counts (relation, bucket, n)
SELECT 'withdrawal_requests',
       'kind:' || kind || ':status:' || status || ':amount_band:' || withdrawal_amount_band(amount),
       count(*)
  FROM withdrawal_requests GROUP BY 2
ON CONFLICT (relation, bucket) DO UPDATE SET n = EXCLUDED.n;
