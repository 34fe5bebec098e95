-- Kept counts of users by the first one and the first two characters of the case-folded user
-- name and email (issue 27): the users list and the user-name picker count a one- or
-- two-letter prefix from row_counts instead of walking its index range. At 5M users "s" matches
-- about 500k names, an index-only count of ~500k entries on every keystroke; longer prefixes
-- match few enough to count by index. Keys: name1:s, name2:sa, email1:s, email2:sa (a
-- one-character value has no two-character key: no two-character prefix matches it).
CREATE FUNCTION end_users_prefix_buckets(user_name text, email text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[
    'name1:' || left(lower(user_name), 1),
    CASE WHEN char_length(user_name) >= 2 THEN 'name2:' || left(lower(user_name), 2) END,
    'email1:' || left(lower(email), 1),
    CASE WHEN char_length(email) >= 2 THEN 'email2:' || left(lower(email), 2) END], NULL)
$$;

CREATE FUNCTION end_users_maintain_prefix_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_counts AS c (relation, bucket, n)
  SELECT 'end_users', b, sum(d) FROM (
    SELECT unnest(end_users_prefix_buckets(NEW.user_name, NEW.email)) AS b, 1 AS d
      WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT unnest(end_users_prefix_buckets(OLD.user_name, OLD.email)), -1
      WHERE TG_OP <> 'INSERT'
  ) AS x GROUP BY b HAVING sum(d) <> 0 ORDER BY b
  ON CONFLICT (relation, bucket) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE TRIGGER end_users_prefix_count_ins AFTER INSERT OR DELETE ON end_users
  FOR EACH ROW EXECUTE FUNCTION end_users_maintain_prefix_counts();
CREATE TRIGGER end_users_prefix_count_upd AFTER UPDATE OF user_name, email ON end_users
  FOR EACH ROW
  WHEN (end_users_prefix_buckets(OLD.user_name, OLD.email)
        IS DISTINCT FROM end_users_prefix_buckets(NEW.user_name, NEW.email))
  EXECUTE FUNCTION end_users_maintain_prefix_counts();

INSERT INTO row_counts (relation, bucket, n)
SELECT 'end_users', b, count(*) FROM end_users, unnest(end_users_prefix_buckets(user_name, email)) AS b
GROUP BY b
ON CONFLICT (relation, bucket) DO UPDATE SET n = EXCLUDED.n;
