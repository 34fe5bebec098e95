-- Admin accounts, their roles and their access tokens (spec section 6 and 7, "Admin accounts").

CREATE TABLE admin_roles (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL
);

INSERT INTO admin_roles (name, description) VALUES
  ('read', 'Can view every screen and download exports'),
  ('write', 'Can also change data: withdrawals, payments, rates, support, notifications'),
  ('super_admin', 'Can also manage admin accounts and their roles');

CREATE TABLE admin_users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_name text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT admin_users_user_name_length CHECK (char_length(user_name) BETWEEN 4 AND 20)
);

-- Emails and user names are unique regardless of letter case.
CREATE UNIQUE INDEX admin_users_email_key ON admin_users (lower(email));
CREATE UNIQUE INDEX admin_users_user_name_key ON admin_users (lower(user_name));

CREATE TABLE admin_user_roles (
  admin_user_id integer NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES admin_roles (id),
  PRIMARY KEY (admin_user_id, role_id)
);

-- Only a SHA-256 hash of each token is kept, so a database leak yields no usable token.
CREATE TABLE admin_access_tokens (
  token_hash text PRIMARY KEY,
  admin_user_id integer NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX admin_access_tokens_admin_user_id_idx ON admin_access_tokens (admin_user_id);
CREATE INDEX admin_access_tokens_expires_at_idx ON admin_access_tokens (expires_at);
