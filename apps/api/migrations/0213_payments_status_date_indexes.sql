-- The payments list filtered by status and sorted by a date (issue 36). The dates follow the
-- status: a pending payment has no confirmation and only an asset-fixed one has a fixing time,
-- so the (date, id) indexes hold a status's payments at one end (NULLs last ascending).
-- Pending sorted by confirmation ascending walked the 4.6M confirmed payments first (over two
-- minutes at 1M under load, holding a pool connection and a core); here each status's
-- payments are one range in the date's order, so a page reads just its rows.
CREATE INDEX payments_status_confirmed_at_idx ON payments (status, confirmed_at, id);
CREATE INDEX payments_status_asset_fixed_at_idx ON payments (status, asset_fixed_at, id);
