-- 0015: the rolling format (issue 38, Tenhou's "best run" lobby). Entrants queue while the
-- event's window is open; a table starts as soon as enough are waiting (a computer fills a
-- seat for anyone who has waited `fill_after_secs`, when set); each entrant is ranked by their
-- best total over `run_games` consecutive games. A rolling event's tables are all round 1,
-- numbered in the order they formed.

-- When the window closes (seconds; no table forms after it). NULL for the other formats.
ALTER TABLE tournaments ADD COLUMN window_ends_at INTEGER;
-- The length of the run an entrant is ranked by.
ALTER TABLE tournaments ADD COLUMN run_games INTEGER CHECK (run_games BETWEEN 1 AND 20);
-- Seconds an entrant waits before a computer takes a seat beside them (NULL: never).
ALTER TABLE tournaments ADD COLUMN fill_after_secs INTEGER CHECK (fill_after_secs BETWEEN 60 AND 86400);

-- When the entrant queued for their next game (NULL: not waiting), and the id of the click
-- that queued them: part of the seed that orders their table's seats.
ALTER TABLE tournament_entrants ADD COLUMN waiting_since INTEGER;
ALTER TABLE tournament_entrants ADD COLUMN queue_interaction INTEGER;

-- What drew a rolling table's seat order: its players in queue order with their queue clicks
-- (JSON [[user, click], …]); NULL for the other formats' tables.
ALTER TABLE tournament_tables ADD COLUMN draws TEXT;
