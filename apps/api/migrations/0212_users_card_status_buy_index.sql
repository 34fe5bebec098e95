-- The users list filtered by card status and sorted by total purchase (issue 36). A card
-- status is a band of total purchases, so a status's users sit together at one place of the
-- (total_buy_amount_usd, id) index: sorted the other way, the walk passed every other user first
-- (status 0 sorted by total purchase descending: 607,652 users passed, 2.8 s over HTTP at 1M;
-- status 6 ascending: 995,865 passed, 3.6 s). Here a status's users are one range in that
-- order, so a page reads just its rows; several statuses are merged per status (users-repository.ts).
CREATE INDEX end_users_card_status_buy_idx ON end_users (card_status, total_buy_amount_usd, id);
