-- Session rules (issue 11). An idle timeout needs each token's last use; the list of one's
-- own sessions names each by a stable id (never the token hash) with the address it signed
-- in from. Existing tokens count as used now.
ALTER TABLE admin_access_tokens
  ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY,
  ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN ip text;

CREATE UNIQUE INDEX admin_access_tokens_id_key ON admin_access_tokens (id);
