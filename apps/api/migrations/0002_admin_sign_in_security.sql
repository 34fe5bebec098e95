-- Sign-in safety for admin accounts (issue 3): optional TOTP two-factor authentication and
-- throttling of failed sign-ins.

-- totp_secret is set once enrolment is confirmed; totp_pending_secret holds a secret that was
-- offered on the profile page but not yet confirmed with a code. totp_last_step is the RFC 6238
-- time step of the last accepted code, so a code cannot be replayed within its window.
ALTER TABLE admin_users
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_pending_secret text,
  ADD COLUMN totp_last_step bigint,
  ADD COLUMN password_changed_at timestamptz NOT NULL DEFAULT now();

-- One row per (email as typed, client IP) with recent failures. Keyed by the email string,
-- not the account, so unknown and known emails are throttled alike (no enumeration), and by
-- IP, so an attacker only ever slows down their own address.
CREATE TABLE admin_sign_in_throttles (
  throttle_key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  blocked_until timestamptz
);

CREATE INDEX admin_sign_in_throttles_last_failure_at_idx ON admin_sign_in_throttles (last_failure_at);
