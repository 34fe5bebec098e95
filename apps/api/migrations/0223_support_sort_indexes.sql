-- The support list's two orders that no index served at 5M (issue 36, deep pages at 5M, 290k
-- inquiries): sorted by the status change across every status (only (status,
-- status_changed_at, id) existed, for one tab), 128-350 ms per page; and "open on top" with the
-- newest first, whose rank ascends while the time descends, so 0160's index served only the
-- oldest-first direction and the other sorted the backlog whole (123-263 ms). A page past the
-- middle reads either index backwards (readFromNearerEnd).
CREATE INDEX user_contacts_status_changed_at_idx ON user_contacts (status_changed_at, id);
CREATE INDEX user_contacts_open_first_newest_idx ON user_contacts
  ((CASE status WHEN 'backlog' THEN 0 WHEN 'wip' THEN 1 ELSE 2 END), contacted_at DESC, id DESC);
