-- The audit trail (issue 3): one append-only row per mutation, hash-chained.

CREATE TABLE audit_log (
  -- Assigned by the application from audit_chain_head, so ids are gapless and part of the hash.
  id bigint PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  -- No foreign key: the trail outlives deleted admins; the name is kept as it was.
  admin_user_id integer,
  admin_user_name text,
  operation text NOT NULL,
  target_type text,
  target_ids text[] NOT NULL DEFAULT '{}',
  summary jsonb NOT NULL,
  request_id text,
  ip text,
  prev_hash text NOT NULL,
  hash text NOT NULL UNIQUE
);

CREATE INDEX audit_log_occurred_at_idx ON audit_log (occurred_at);
CREATE INDEX audit_log_admin_user_id_idx ON audit_log (admin_user_id, id);
CREATE INDEX audit_log_operation_idx ON audit_log (operation, id);
CREATE INDEX audit_log_target_ids_idx ON audit_log USING gin (target_ids);

-- The single row every append locks (SELECT ... FOR UPDATE) so concurrent mutations, on any
-- number of API processes, extend the chain one after another.
CREATE TABLE audit_chain_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_id bigint NOT NULL,
  last_hash text NOT NULL
);

INSERT INTO audit_chain_head (singleton, last_id, last_hash)
VALUES (true, 0, repeat('0', 64));

-- The application never changes audit rows; the database refuses it too.
CREATE FUNCTION audit_log_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_reject_change();

CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_reject_change();
