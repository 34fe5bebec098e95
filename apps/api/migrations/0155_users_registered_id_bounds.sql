-- Kept id bounds per registration day (issue 27): the users list with a registration range,
-- sorted by id (its default sort), walks the id index from the newest user (the oldest,
-- ascending) and passes every user registered after (before) the range first; the fenced
-- shape that replaced that walk reads the whole range's (registered_at, id) index instead:
-- either way the page costs grow with the data (a month at 5M users holds 221k users).
-- Per UTC day of registered_at, the smallest and largest id ever registered on it: the range's
-- ids lie between the smallest min_id and the largest max_id of its days, so the walk starts at
-- the range's end and, since ids are given in registration order, finds its page there.
-- Bounds only ever widen: a deleted user or a moved registration leaves a bound that is still
-- valid (wider than needed), never a wrong one. UTC days, not business days: a counting device
-- that is never shown, so it does not depend on BUSINESS_TIME_ZONE.
CREATE TABLE end_users_registered_id_bounds (
  day date PRIMARY KEY,
  min_id integer NOT NULL,
  max_id integer NOT NULL
);

CREATE FUNCTION end_users_widen_id_bounds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO end_users_registered_id_bounds AS b (day, min_id, max_id)
  SELECT (registered_at AT TIME ZONE 'UTC')::date, min(id), max(id)
    FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE
    SET min_id = least(b.min_id, EXCLUDED.min_id), max_id = greatest(b.max_id, EXCLUDED.max_id)
    WHERE EXCLUDED.min_id < b.min_id OR EXCLUDED.max_id > b.max_id;
  RETURN NULL;
END $$;

-- A moved registration (no screen does it; a repair might): row level, and only when the
-- column is set, so the many updates of end_users' totals never run it.
CREATE FUNCTION end_users_widen_id_bound() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO end_users_registered_id_bounds AS b (day, min_id, max_id)
  VALUES ((NEW.registered_at AT TIME ZONE 'UTC')::date, NEW.id, NEW.id)
  ON CONFLICT (day) DO UPDATE
    SET min_id = least(b.min_id, EXCLUDED.min_id), max_id = greatest(b.max_id, EXCLUDED.max_id)
    WHERE EXCLUDED.min_id < b.min_id OR EXCLUDED.max_id > b.max_id;
  RETURN NULL;
END $$;

CREATE TRIGGER end_users_id_bounds_ins AFTER INSERT ON end_users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION end_users_widen_id_bounds();
CREATE TRIGGER end_users_id_bounds_upd AFTER UPDATE OF registered_at ON end_users
  FOR EACH ROW WHEN (OLD.registered_at IS DISTINCT FROM NEW.registered_at)
  EXECUTE FUNCTION end_users_widen_id_bound();

INSERT INTO end_users_registered_id_bounds (day, min_id, max_id)
SELECT (registered_at AT TIME ZONE 'UTC')::date, min(id), max(id) FROM end_users GROUP BY 1 ORDER BY 1;
