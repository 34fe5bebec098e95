-- The users list's phone number prefix filter: LIKE 'prefix%' reads one range of this index.
CREATE INDEX end_user_details_phone_prefix ON end_user_details (phone_number text_pattern_ops);
