-- Kept counts of the inquiries nobody is assigned to, per status (issue 27): the support screen's
-- "unassigned" filter needs the list's exact total and its status tabs' counts, and counted both
-- by index over every unassigned inquiry (at 5M users most of the 290k inquiries: 273 ms for the
-- first page, growing with the table). Keys: unassigned:status:backlog, …; the unassigned total
-- is their sum. The statement-level triggers of 0013 take the bucket expression as argument, so
-- they are re-created with the longer one.
DROP TRIGGER user_contacts_count_ins ON user_contacts;
DROP TRIGGER user_contacts_count_upd ON user_contacts;
DROP TRIGGER user_contacts_count_del ON user_contacts;

CREATE TRIGGER user_contacts_count_ins AFTER INSERT ON user_contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$array_remove(ARRAY['all', 'status:' || status, CASE WHEN assignee_admin_user_id IS NULL THEN 'unassigned:status:' || status END], NULL)$$);
CREATE TRIGGER user_contacts_count_upd AFTER UPDATE ON user_contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$array_remove(ARRAY['all', 'status:' || status, CASE WHEN assignee_admin_user_id IS NULL THEN 'unassigned:status:' || status END], NULL)$$);
CREATE TRIGGER user_contacts_count_del AFTER DELETE ON user_contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_row_counts($$array_remove(ARRAY['all', 'status:' || status, CASE WHEN assignee_admin_user_id IS NULL THEN 'unassigned:status:' || status END], NULL)$$);

INSERT INTO row_counts (relation, bucket, n)
SELECT 'user_contacts', 'unassigned:status:' || status, count(*) FROM user_contacts
 WHERE assignee_admin_user_id IS NULL GROUP BY status
ON CONFLICT (relation, bucket) DO UPDATE SET n = EXCLUDED.n;
