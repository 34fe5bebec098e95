-- The payments list sorts by confirmedAt / assetFixedAt over ALL payments (rows without the
-- date sort last ascending, first descending, as PostgreSQL orders NULLs), so the partial
-- indexes of 0011 cannot serve those sorts; full indexes replace them.
DROP INDEX payments_confirmed_at_idx;
DROP INDEX payments_asset_fixed_at_idx;
CREATE INDEX payments_confirmed_at_idx ON payments (confirmed_at, id);
CREATE INDEX payments_asset_fixed_at_idx ON payments (asset_fixed_at, id);
