-- The users list filtered by one card status and sorted by registration (issue 27). Without
-- this index page 50 (offset 980) read every user of the status through the (card_status, id)
-- index, scattered over the heap, and sorted them: status 6 is the rarest (4,135 users at 1M,
-- 162 ms; about 20k at 5M, 713 ms), and walking the registered_at index instead passes ~250
-- other users per match. Here a status's users are one range in registration order: a page
-- is read as it is shown, index-only for the page's ids, whatever the table size.
CREATE INDEX end_users_card_status_registered_idx ON end_users (card_status, registered_at, id);
