-- The users list sorted by forceClubIdHash, descending (issue 27). At 5M users the planner read
-- the first page through the one-column unique index and sorted each run of equal hashes
-- (incremental sort); descending, the 2M users without a hash come first as one run, and the
-- page took 9.8 s (the (force_club_id_hash, id) sort index of 0016 answers it in a millisecond,
-- which is what 1M users got). Uniqueness holds only among the users with a hash, so a partial
-- unique index keeps it, still serves the exact filter, and can no longer order the whole list.
DROP INDEX end_users_force_club_id_hash_key;
CREATE UNIQUE INDEX end_users_force_club_id_hash_key ON end_users (force_club_id_hash)
  WHERE force_club_id_hash IS NOT NULL;
