-- The support list's "oldest first, open on top" order (issue 26): unanswered (backlog), then in
-- progress (wip), then closed, each oldest contacted first. Sorting by contacted_at alone put
-- the oldest inquiries, which are closed, on top of the "all" tab. The rank is an expression of
-- the status; this index serves the order (and a page of it) without sorting every inquiry.
-- support-repository.ts writes the same expression (OPEN_FIRST_RANK).
CREATE INDEX user_contacts_open_first_idx ON user_contacts
  ((CASE status WHEN 'backlog' THEN 0 WHEN 'wip' THEN 1 ELSE 2 END), contacted_at, id);
