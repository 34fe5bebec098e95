-- The users list sorts by every column it shows (issue 6). Each sort walks an index in
-- (key, id) order, as the existing sorts do, so a page stays cheap at any depth.
-- invite_code needs none: its unique index already orders it without ties.
CREATE INDEX end_users_email_sort_idx ON end_users (lower(email), id);
CREATE INDEX end_users_force_club_id_hash_sort_idx ON end_users (force_club_id_hash, id);
CREATE INDEX end_users_saving_rewards_rate_sort_idx ON end_users (saving_rewards_rate, id);
CREATE INDEX end_users_referral_rate_sort_idx ON end_users (referral_rate, id);
