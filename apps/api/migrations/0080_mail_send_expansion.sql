-- Large sends are expanded by the job, in chunks (issue 15, docs/decisions/mail.md): the request
-- writes the send with its audience frozen (users matching it with id <= audience_max_user_id)
-- and the message body; the job inserts the recipients by id range, one transaction per chunk,
-- moving expansion_cursor (the highest user id whose rows are written) in the same
-- transaction. A send still expanding has expansion_cursor < audience_max_user_id; sends written
-- whole in the request leave both NULL.
ALTER TABLE mail_sends ADD COLUMN body text;
ALTER TABLE mail_sends ADD COLUMN audience_max_user_id integer;
ALTER TABLE mail_sends ADD COLUMN expansion_cursor integer;
ALTER TABLE mail_sends ADD CONSTRAINT mail_sends_expansion_check
  CHECK ((expansion_cursor IS NULL) = (audience_max_user_id IS NULL)
         AND (expansion_cursor IS NULL OR body IS NOT NULL));
-- The job (and a restarted server) finds the sends still expanding.
CREATE INDEX mail_sends_expanding_idx ON mail_sends (id)
  WHERE expansion_cursor < audience_max_user_id;
