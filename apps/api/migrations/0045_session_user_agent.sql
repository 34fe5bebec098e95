-- The sessions list (issue 11) names each session by the browser it signed in with, beside the
-- address (0040): an admin tells "my laptop" from a session they do not recognise. Written once
-- at sign-in (cut to 512 characters by the API: the header is client-written text), never
-- updated, so a token's use stays a HOT update of last_used_at.
ALTER TABLE admin_access_tokens ADD COLUMN user_agent text;
