-- The metrics count failed mail on every scrape (platform/metrics): through this index, not a
-- scan of every message ever sent.
CREATE INDEX mail_outbox_failed_idx ON mail_outbox (id) WHERE status = 'failed';
