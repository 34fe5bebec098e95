-- A payment added by hand is made once per submitted form (issue 33): the form sends a key it
-- chose, and a second call with the same admin and key (a double click, a retry after a
-- timeout) answers the payment the first one made instead of making another. The key is kept
-- beside the payment, not on it: the payments table stays as it is for the other writes.
CREATE TABLE payment_client_keys (
  admin_user_id integer NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
  client_key text NOT NULL CHECK (client_key ~ '^[A-Za-z0-9_-]{16,64}$'),
  payment_id bigint NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (admin_user_id, client_key)
);
-- The foreign key's index (test/foreign-key-indexes.test.ts): a payment's deletion finds its key.
CREATE INDEX payment_client_keys_payment_idx ON payment_client_keys (payment_id);
