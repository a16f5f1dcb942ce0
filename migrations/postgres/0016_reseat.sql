-- 0016: an organiser re-seats a table of a running round (issue 38). The table's match ends
-- without a result ('cancelled': it counts for nobody's standings, records or rating) and a
-- new match starts for the same players, its seats drawn again from the event's seed.

ALTER TABLE matches DROP CONSTRAINT matches_status_check;
ALTER TABLE matches ADD CONSTRAINT matches_status_check
    CHECK (status IN ('active', 'finished', 'cancelled'));

-- The matches a table cancelled by its re-seats, oldest first (JSON [id, …]): their number is
-- how many times it was re-seated, which draws its seats again (verify re-derives it).
ALTER TABLE tournament_tables ADD COLUMN cancelled TEXT NOT NULL DEFAULT '[]';
