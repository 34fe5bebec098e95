-- A user's withdrawals frozen by an admin, with why (issue 34's worked example of a write).
ALTER TABLE end_users ADD COLUMN withdrawals_frozen_reason text
  CHECK (withdrawals_frozen_reason IS NULL OR btrim(withdrawals_frozen_reason) <> '');
