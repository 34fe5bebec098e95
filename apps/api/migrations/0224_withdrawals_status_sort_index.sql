-- The withdrawal lists sorted by status (then request time, both in the asked direction): the
-- (kind, status, requested_at DESC, id DESC) index of 0071 orders the status up and the time
-- down, so neither direction of this sort followed it and every page sorted the kind's
-- requests by time within each status (55-107 ms a page at 5M, issue 36). Ascending, the index
-- serves the sort forwards and backwards, and still every status tab's newest-first page, the
-- tab counts' date ranges and the matching sets it served (read backwards).
CREATE INDEX withdrawal_requests_kind_status_at_idx ON withdrawal_requests
  (kind, status, requested_at, id);
DROP INDEX withdrawal_requests_kind_status_idx;
