-- Signing exports take exactly the approved requests the screen's filters show (issue 24,
-- docs/api.md "Signing exports"): each batch keeps the filters it was made with and the total
-- per coin of its transfers, and an export sent with a client key (the web app's mutation)
-- answers the same batch again when the call is retried, so a retry never exports twice.
ALTER TABLE withdrawal_export_batches
  ADD COLUMN filters jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN totals jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN client_key text CONSTRAINT withdrawal_export_batches_client_key_check
    CHECK (client_key ~ '^[A-Za-z0-9_-]{16,64}$');
-- One batch per admin and key: a retried call finds the batch its first attempt made.
CREATE UNIQUE INDEX withdrawal_export_batches_client_key_idx
  ON withdrawal_export_batches (admin_user_id, client_key) WHERE client_key IS NOT NULL;

-- Both layouts of every batch, written in the export's transaction and kept as handed out:
-- a batch downloads again in V1 or V2, byte-identical each time.
CREATE TABLE withdrawal_export_batch_files (
  batch_id bigint NOT NULL REFERENCES withdrawal_export_batches (id) ON DELETE CASCADE,
  layout text NOT NULL CONSTRAINT withdrawal_export_batch_files_layout_check
    CHECK (layout IN ('v1', 'v2')),
  file_name text NOT NULL,
  file_sha256 text NOT NULL,
  content bytea NOT NULL,
  PRIMARY KEY (batch_id, layout)
);
-- Batches made before: the layout they were handed out in.
INSERT INTO withdrawal_export_batch_files (batch_id, layout, file_name, file_sha256, content)
  SELECT id, layout, file_name, file_sha256, content FROM withdrawal_export_batches;
