-- The users list filtered by a user-name prefix and sorted by email, and the reverse (issue 36).
-- Most emails are the name's (`sam.lee42` and `sam.lee42@…`), so the names starting with "s"
-- sit in the email index where the emails starting with "s" do: walking it passed every user
-- before them first (22 s for 's' ascending at 1M), and reading the prefix's matches and
-- sorting them grows with the prefix (99,991 users at 1M, 0.9 s, 51,757 buffers; about 500,000
-- at 5M, 2.2-2.4 s). No index holds one key's prefix in the other key's order, but one whose
-- first column is the prefix's first character does: a one-character prefix is one range of it
-- in the other key's order, and a longer one a filtered walk of that range. users-repository.ts
-- adds the first character's condition, which the prefix implies, when it sorts by the other
-- key. Both columns are included so a page's ids come from the index alone (the sort key and
-- the prefix's condition read them), as 0020's email index includes its column.
CREATE INDEX end_users_name_initial_email_idx ON end_users
  ((left(lower(user_name), 1)), (lower(email) COLLATE "C"), id) INCLUDE (user_name, email);
CREATE INDEX end_users_email_initial_name_idx ON end_users
  ((left(lower(email), 1)), (lower(user_name) COLLATE "C"), id) INCLUDE (email, user_name);
-- The planner has no statistics for a new index's expressions until the table is analysed:
-- until then it takes a character for 0.5% of the users and reads the 10-20% a common one
-- holds through bitmaps and a sort (1.1 s at 1M) instead of walking the index (19 ms).
ANALYZE end_users;
