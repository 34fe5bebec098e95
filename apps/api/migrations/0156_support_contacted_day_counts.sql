-- Kept counts of inquiries per status and UTC day of contacted_at (issue 27): the support
-- screen with a date range shows the list's exact total and its status tabs' counts, which were
-- index-only range counts over every inquiry of the range (a year at 1M users: 42k entries,
-- 50-75 ms on the loaded machine; five times that at 5M). Now whole days come from these buckets
-- and only the two edge days from the (status, contacted_at, id) index, as withdrawal requests
-- are counted (0142). Key: status:<status>:contacted_day:YYYY-MM-DD. The statement-level
-- triggers of 0013 take the bucket expression as argument, so they are re-created; a status
-- change moves an inquiry between buckets through OLD/NEW.
DROP TRIGGER user_contacts_count_ins ON user_contacts;
DROP TRIGGER user_contacts_count_upd ON user_contacts;
DROP TRIGGER user_contacts_count_del ON user_contacts;

CREATE TRIGGER user_contacts_count_ins AFTER INSERT ON user_contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$array_remove(ARRAY['all', 'status:' || status, CASE WHEN assignee_admin_user_id IS NULL THEN 'unassigned:status:' || status END,
    'status:' || status || ':contacted_day:' || to_char(contacted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')], NULL)$$);
CREATE TRIGGER user_contacts_count_upd AFTER UPDATE ON user_contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$array_remove(ARRAY['all', 'status:' || status, CASE WHEN assignee_admin_user_id IS NULL THEN 'unassigned:status:' || status END,
    'status:' || status || ':contacted_day:' || to_char(contacted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')], NULL)$$);
CREATE TRIGGER user_contacts_count_del AFTER DELETE ON user_contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$array_remove(ARRAY['all', 'status:' || status, CASE WHEN assignee_admin_user_id IS NULL THEN 'unassigned:status:' || status END,
    'status:' || status || ':contacted_day:' || to_char(contacted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')], NULL)$$);

-- Backfill (set, not added: the triggers above already lock the table against writes until
-- this migration commits).
INSERT INTO row_counts (relation, bucket, n)
SELECT 'user_contacts', 'status:' || status || ':contacted_day:' || to_char(contacted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
       count(*)
  FROM user_contacts GROUP BY 2
ON CONFLICT (relation, bucket) DO UPDATE SET n = EXCLUDED.n;
