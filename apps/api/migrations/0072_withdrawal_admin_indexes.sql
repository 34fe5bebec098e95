-- Deleting an admin account checks its approvals and export batches; without these indexes
-- each check scans tables that grow with every withdrawal (test/foreign-key-indexes.test.ts).
CREATE INDEX withdrawal_approvals_admin_user_id ON withdrawal_approvals (admin_user_id);
CREATE INDEX withdrawal_export_batches_admin_user_id ON withdrawal_export_batches (admin_user_id);
