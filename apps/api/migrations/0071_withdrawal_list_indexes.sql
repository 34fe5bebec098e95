-- The withdrawal lists (issue #14): sort by amount within a kind (and a status tab), search by
-- receiving address in any letter case, and the approver context's "same address" lookups.
CREATE INDEX withdrawal_requests_kind_amount_idx ON withdrawal_requests (kind, amount, id);
CREATE INDEX withdrawal_requests_kind_status_amount_idx ON withdrawal_requests (kind, status, amount, id);
CREATE INDEX withdrawal_requests_address_idx ON withdrawal_requests (lower(receiver_address), requested_at)
  INCLUDE (end_user_id);
CREATE INDEX withdrawal_requests_eth_address_idx ON withdrawal_requests (lower(eth_receiver_address))
  WHERE eth_receiver_address IS NOT NULL;
