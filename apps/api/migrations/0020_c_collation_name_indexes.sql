-- The users list's name and email prefix filters and sorts share one expression,
-- lower(x) COLLATE "C" (apps/api/src/db/end-user-keys.ts). In the "C" collation a LIKE prefix
-- is a range of the btree, and the same index gives the sort order, so a dense prefix
-- ('s': 100k of 1M users) sorted by name reads only its page (was: 2.7 s walking the whole
-- name index, or ~50 ms sorting every match). These replace the text_pattern_ops prefix
-- indexes of 0016 and the email sort index of 0017; end_users_user_name_key (unique
-- lower(user_name)) stays for uniqueness and exact lookups.
DROP INDEX end_users_user_name_prefix_idx;
DROP INDEX end_users_email_prefix_idx;
DROP INDEX end_users_email_sort_idx;
CREATE INDEX end_users_user_name_c_idx ON end_users ((lower(user_name) COLLATE "C")) INCLUDE (user_name, id);
CREATE INDEX end_users_email_c_idx ON end_users ((lower(email) COLLATE "C"), id) INCLUDE (email);
