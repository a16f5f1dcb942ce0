-- 0011: an event run by its organiser between rounds (issue 38): paused (the next round waits),
-- ended early, players dropped from a round on or added from one; a no-show's grace time; the
-- one standings message kept current; the round-robin and rolling formats.

-- The next round is not seated while an event is paused (the tables in play finish).
ALTER TABLE tournaments ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
-- Minutes a seated player has to make a move of their own before the computer plays their seat
-- (NULL: no grace check).
ALTER TABLE tournaments ADD COLUMN grace_mins INTEGER CHECK (grace_mins BETWEEN 1 AND 120);
-- The standings message kept current (edited, never posted twice).
ALTER TABLE tournaments ADD COLUMN standings_message_id INTEGER;
-- SQLite cannot alter a CHECK: `format` is replaced by a column that allows the new formats
-- (added, copied, the old one dropped, the new one renamed).
ALTER TABLE tournaments ADD COLUMN format_0011 TEXT NOT NULL DEFAULT 'swiss'
    CHECK (format_0011 IN ('swiss', 'round-robin', 'rolling'));
UPDATE tournaments SET format_0011 = format;
ALTER TABLE tournaments DROP COLUMN format;
ALTER TABLE tournaments RENAME COLUMN format_0011 TO format;

-- The first round an entrant may be seated in (1: signed up; later: added by the organiser),
-- and the first round they are no longer seated in once dropped (NULL: not dropped).
ALTER TABLE tournament_entrants ADD COLUMN from_round INTEGER NOT NULL DEFAULT 1
    CHECK (from_round >= 1);
ALTER TABLE tournament_entrants ADD COLUMN dropped_round INTEGER CHECK (dropped_round >= 1);
UPDATE tournament_entrants SET dropped_round = 1 WHERE dropped;

-- Whether the table's no-shows were looked for once its grace ran out.
ALTER TABLE tournament_tables ADD COLUMN grace_done INTEGER NOT NULL DEFAULT 0;
