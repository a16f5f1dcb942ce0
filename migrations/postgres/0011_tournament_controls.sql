-- 0011: an event run by its organiser between rounds (issue 38): paused (the next round waits),
-- ended early, players dropped from a round on or added from one; a no-show's grace time; the
-- one standings message kept current; the round-robin and rolling formats.

-- The next round is not seated while an event is paused (the tables in play finish).
ALTER TABLE tournaments ADD COLUMN paused BOOLEAN NOT NULL DEFAULT FALSE;
-- Minutes a seated player has to make a move of their own before the computer plays their seat
-- (NULL: no grace check).
ALTER TABLE tournaments ADD COLUMN grace_mins BIGINT CHECK (grace_mins BETWEEN 1 AND 120);
-- The standings message kept current (edited, never posted twice).
ALTER TABLE tournaments ADD COLUMN standings_message_id BIGINT;
ALTER TABLE tournaments DROP CONSTRAINT tournaments_format_check;
ALTER TABLE tournaments ADD CONSTRAINT tournaments_format_check
    CHECK (format IN ('swiss', 'round-robin', 'rolling'));

-- The first round an entrant may be seated in (1: signed up; later: added by the organiser),
-- and the first round they are no longer seated in once dropped (NULL: not dropped).
ALTER TABLE tournament_entrants ADD COLUMN from_round BIGINT NOT NULL DEFAULT 1
    CHECK (from_round >= 1);
ALTER TABLE tournament_entrants ADD COLUMN dropped_round BIGINT CHECK (dropped_round >= 1);
UPDATE tournament_entrants SET dropped_round = 1 WHERE dropped;

-- Whether the table's no-shows were looked for once its grace ran out.
ALTER TABLE tournament_tables ADD COLUMN grace_done BOOLEAN NOT NULL DEFAULT FALSE;
