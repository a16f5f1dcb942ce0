-- 0016: an organiser re-seats a table of a running round (issue 38). The table's match ends
-- without a result ('cancelled': it counts for nobody's standings, records or rating) and a
-- new match starts for the same players, its seats drawn again from the event's seed.
-- SQLite cannot alter a CHECK: `status` is replaced by a new column (added, copied, the old
-- one and its indexes dropped, the new one renamed, the indexes made again), as 0008 did.

ALTER TABLE matches ADD COLUMN status_any TEXT NOT NULL DEFAULT 'active'
    CHECK (status_any IN ('active', 'finished', 'cancelled'));
UPDATE matches SET status_any = status;
DROP INDEX matches_by_status;
DROP INDEX matches_computers;
ALTER TABLE matches DROP COLUMN status;
ALTER TABLE matches RENAME COLUMN status_any TO status;
CREATE INDEX matches_by_status ON matches (status, turn_deadline);
CREATE INDEX matches_computers ON matches (status, id) WHERE computer_seats > 0;

-- The matches a table cancelled by its re-seats, oldest first (JSON [id, …]): their number is
-- how many times it was re-seated, which draws its seats again (verify re-derives it).
ALTER TABLE tournament_tables ADD COLUMN cancelled TEXT NOT NULL DEFAULT '[]';
