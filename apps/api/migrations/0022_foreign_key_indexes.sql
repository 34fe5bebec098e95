-- Every foreign key whose parent rows can be deleted or re-keyed gets an index on its
-- referencing column, so that PostgreSQL's check of a parent DELETE is one index probe
-- instead of a scan of the child table per deleted row (deleting payments read every
-- withdrawal request, ~0.3 ms a row at benchmark size). The exceptions, parents that are
-- reference data or small admin tables, are listed with their reason in
-- test/foreign-key-indexes.test.ts, which fails when a new foreign key has neither.
--
-- Partial (IS NOT NULL) where most rows have no parent: the check looks up one value, which
-- the planner proves non-null, so the partial index serves it at a fraction of the size.

-- The source record of a withdrawal request; the unique indexes of 0012 cover only live
-- requests (and the affiliate one leads with kind), so they cannot answer the check.
CREATE INDEX withdrawal_requests_payment_idx
  ON withdrawal_requests (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX withdrawal_requests_saving_remittance_idx
  ON withdrawal_requests (saving_remittance_id) WHERE saving_remittance_id IS NOT NULL;
CREATE INDEX withdrawal_requests_affiliate_remittance_idx
  ON withdrawal_requests (affiliate_remittance_id) WHERE affiliate_remittance_id IS NOT NULL;

-- A remittance's deposit address, a reward's source user, a mail's user, a hash's request.
CREATE INDEX saving_remittances_deposit_address_idx ON saving_remittances (deposit_address_id);
CREATE INDEX reward_entries_source_user_idx
  ON reward_entries (source_user_id) WHERE source_user_id IS NOT NULL;
CREATE INDEX mail_outbox_end_user_idx ON mail_outbox (end_user_id) WHERE end_user_id IS NOT NULL;
CREATE INDEX withdrawal_transaction_hashes_request_idx
  ON withdrawal_transaction_hashes (withdrawal_request_id);
