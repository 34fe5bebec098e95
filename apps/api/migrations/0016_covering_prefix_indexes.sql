-- Name and email prefix filters (users list, userNames, affiliate lists): the prefix indexes
-- of 0010 could not answer index-only, because the LIKE recheck needs the column itself, so
-- counting the ~7,500 users of a 6-letter prefix read 7,500 scattered heap rows (~65 ms at
-- 1M users). Carrying the column and the id makes the count and the page-first id scan
-- index-only (docs/domain.md, benchmark).
DROP INDEX end_users_user_name_prefix_idx;
DROP INDEX end_users_email_prefix_idx;
CREATE INDEX end_users_user_name_prefix_idx ON end_users (lower(user_name) text_pattern_ops) INCLUDE (user_name, id);
CREATE INDEX end_users_email_prefix_idx ON end_users (lower(email) text_pattern_ops) INCLUDE (email, id);
