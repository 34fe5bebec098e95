-- Issue 24, "blank is blank": a required text must hold visible text. One rule, the same as
-- packages/shared/src/blank-text.ts (isBlankText, INVISIBLE_RANGES): a text is blank when
-- every code point is white space (White_Space), a control (Cc), a format character (Cf, but
-- not the prepended concatenation marks), a default-ignorable code point, or U+2800. The
-- bracket below is postgresInvisibleClass() of that file (U+0000 left out: text cannot hold
-- it); blank-text-db.test.ts checks, on PostgreSQL and PGlite, that this function and
-- isBlankText agree on every code point and on a table of samples. Needs a UTF-8 database.
CREATE FUNCTION has_visible_text(t text) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT t ~ '[^\u0001-\u0020\u007F-\u00A0\u00AD\u034F\u061C\u115F-\u1160\u1680\u17B4-\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]'
$$;

-- Rows written before this rule (a reason of one U+200B passed btrim) get a visible marker
-- instead of being refused, so the constraints below hold for every existing row.
UPDATE withdrawal_requests SET reject_reason = '(no visible text)'
 WHERE reject_reason IS NOT NULL AND NOT has_visible_text(reject_reason);
UPDATE withdrawal_requests SET failure_reason = '(no visible text)'
 WHERE status = 'failed' AND (failure_reason IS NULL OR NOT has_visible_text(failure_reason));
UPDATE withdrawal_requests SET failure_reason = '(no visible text)'
 WHERE status <> 'failed' AND failure_reason IS NOT NULL AND NOT has_visible_text(failure_reason);
UPDATE notifications SET title = '(no visible text)' WHERE NOT has_visible_text(title);
UPDATE notifications SET content = '(no visible text)' WHERE NOT has_visible_text(content);
UPDATE user_contacts SET title = '(no visible text)' WHERE NOT has_visible_text(title);
UPDATE user_contacts SET content = '(no visible text)' WHERE NOT has_visible_text(content);

-- The required texts the console writes or shows as names. A NULL passes a CHECK, so the
-- optional reasons are checked when present, and a failed request must have one.
ALTER TABLE withdrawal_requests
  ADD CONSTRAINT withdrawal_requests_reject_reason_visible CHECK (has_visible_text(reject_reason)),
  ADD CONSTRAINT withdrawal_requests_failure_reason_visible CHECK (has_visible_text(failure_reason)),
  ADD CONSTRAINT withdrawal_requests_failed_reason CHECK (status <> 'failed' OR failure_reason IS NOT NULL);

ALTER TABLE notifications DROP CONSTRAINT notifications_title_check;
ALTER TABLE notifications
  ADD CONSTRAINT notifications_title_visible CHECK (has_visible_text(title)),
  ADD CONSTRAINT notifications_content_visible CHECK (has_visible_text(content));

ALTER TABLE user_contacts
  ADD CONSTRAINT user_contacts_title_visible CHECK (has_visible_text(title)),
  ADD CONSTRAINT user_contacts_content_visible CHECK (has_visible_text(content));

ALTER TABLE admin_users ADD CONSTRAINT admin_users_user_name_visible CHECK (has_visible_text(user_name));
ALTER TABLE plans ADD CONSTRAINT plans_name_visible CHECK (has_visible_text(name));
ALTER TABLE saving_plans ADD CONSTRAINT saving_plans_name_visible CHECK (has_visible_text(name));
ALTER TABLE user_contact_categories
  ADD CONSTRAINT user_contact_categories_name_visible CHECK (has_visible_text(name));
ALTER TABLE user_contact_statuses
  ADD CONSTRAINT user_contact_statuses_name_visible CHECK (has_visible_text(name));
