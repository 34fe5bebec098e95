-- userWithdrawalHistory pages one user's withdrawal requests newest first with ties broken by
-- id (docs/api.md), so pages never overlap. The old (end_user_id, requested_at DESC) index
-- could find the user's rows but not their order among equal times; this one gives both
-- and replaces it.
CREATE INDEX withdrawal_requests_user_requested_idx
  ON withdrawal_requests (end_user_id, requested_at DESC, id DESC);
DROP INDEX withdrawal_requests_user_idx;
