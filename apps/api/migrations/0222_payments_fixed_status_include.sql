-- Only an asset-fixed payment has a fixing time, and every asset-fixed payment has one (the
-- rate assignment, an added payment and an imported row set both together; nothing unfixes a
-- payment). Declared, so a fixing-date filter implies the status: the payments list filtered by
-- its fixing date and sorted by confirmation walks the asset-fixed payments' range of
-- (status, confirmed_at, id) only, reading the fixing time from the index itself (INCLUDE).
-- The walk still passes the payments confirmed within the longest fixing delay of the bound,
-- but as index entries, not table rows (issue 36; payments-repository.ts, `pageIdsQuery`).
ALTER TABLE payments ADD CONSTRAINT payments_fixed_when_asset_fixed
  CHECK ((status = 'asset_fixed') = (asset_fixed_at IS NOT NULL)) NOT VALID;
ALTER TABLE payments VALIDATE CONSTRAINT payments_fixed_when_asset_fixed;

-- Built before the index it replaces is dropped, so readers wait only for the drop.
CREATE INDEX payments_status_confirmed_fixed_idx ON payments (status, confirmed_at, id)
  INCLUDE (asset_fixed_at);
DROP INDEX payments_status_confirmed_at_idx;
