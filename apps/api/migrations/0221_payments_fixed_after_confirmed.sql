-- A payment's assets are fixed at or after its confirmation, and only a confirmed payment is
-- fixed. Every write keeps it already (an added payment and an imported row are fixed "now" and
-- refuse a future confirmation; a rate assignment fixes at its deadline, which is not before
-- its window's end). Declared, so a bound on one date bounds the other: the payments list
-- filtered by one date and sorted by the other walked most of the table before its first row
-- (4-27 s at 1M, issue 36; payments-repository.ts, `impliedBounds`).
ALTER TABLE payments ADD CONSTRAINT payments_fixed_after_confirmed
  CHECK (asset_fixed_at IS NULL OR (confirmed_at IS NOT NULL AND asset_fixed_at >= confirmed_at))
  NOT VALID;
ALTER TABLE payments VALIDATE CONSTRAINT payments_fixed_after_confirmed;

-- The longest delay between a confirmation and its fixing, read from one index entry: a fixing
-- range from X bounds the confirmation from X minus that delay.
CREATE INDEX payments_fixing_delay_idx ON payments ((asset_fixed_at - confirmed_at))
  WHERE asset_fixed_at IS NOT NULL;
