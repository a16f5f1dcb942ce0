-- 0003: practice matches against the computer, and the server setting that lets the
-- computer play a timed-out turn. Nothing is deleted.

-- Per match: the computer's level in a practice match (the computer sits in seat 1; NULL is
-- a game between people), and whether a timed-out turn is played by the `normal` computer
-- instead of the minimum move (the server's setting, copied at the match's start).
ALTER TABLE matches ADD COLUMN practice_level TEXT
    CHECK (practice_level IN ('easy', 'normal', 'hard'));
ALTER TABLE matches ADD COLUMN afk_computer INTEGER NOT NULL DEFAULT 0;
CREATE INDEX matches_practice ON matches (status, id) WHERE practice_level IS NOT NULL;

-- Per server: timeouts are played by the `normal` computer.
ALTER TABLE guild_settings ADD COLUMN afk_computer INTEGER NOT NULL DEFAULT 0;

-- A computer's move is logged with origin 'computer'. SQLite cannot alter a CHECK: the log
-- is rebuilt with the same columns and primary key, every row copied.
CREATE TABLE match_events_0003 (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL CHECK (seat IN (0, 1)),
    action     TEXT    NOT NULL,
    events     TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    origin     TEXT    NOT NULL DEFAULT 'player'
        CHECK (origin IN ('player', 'auto', 'timeout', 'resign', 'forfeit', 'computer')),
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
INSERT INTO match_events_0003 (match_id, seq, seat, action, events, created_at, origin)
SELECT match_id, seq, seat, action, events, created_at, origin FROM match_events;
DROP TABLE match_events;
ALTER TABLE match_events_0003 RENAME TO match_events;

-- A player's practice games against each computer level, per server (never rated).
CREATE TABLE practice_records (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    level       TEXT    NOT NULL CHECK (level IN ('easy', 'normal', 'hard')),
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    points_won  INTEGER NOT NULL DEFAULT 0,
    points_lost INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, level)
) WITHOUT ROWID;
