-- Indexes for the read calls of issue 6 (docs/api.md).
-- userSavings(planName): one plan's remittances, newest first, and their exact count.
CREATE INDEX saving_remittances_plan_idx ON saving_remittances (saving_plan_id, confirmed_at DESC, id DESC);
-- affiliateSavingAggregates: only users with referral-plan remittances (about a fifth), by id
-- or by total sent; the partial index also makes their exact count an index-only scan.
CREATE INDEX end_users_affiliate_idx ON end_users (id) WHERE affiliate_remittance_count > 0;
CREATE INDEX end_users_affiliate_sent_idx ON end_users (affiliate_sent_hec, id) WHERE affiliate_remittance_count > 0;
