-- In step with ../sqlite/0003_practice.sql: practice matches and the AFK computer.
ALTER TABLE matches ADD COLUMN practice_level TEXT
    CHECK (practice_level IN ('easy', 'normal', 'hard'));
ALTER TABLE matches ADD COLUMN afk_computer BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX matches_practice ON matches (status, id) WHERE practice_level IS NOT NULL;

ALTER TABLE guild_settings ADD COLUMN afk_computer BOOLEAN NOT NULL DEFAULT FALSE;

-- A computer's move is logged with origin 'computer'.
ALTER TABLE match_events DROP CONSTRAINT match_events_origin_check;
ALTER TABLE match_events ADD CONSTRAINT match_events_origin_check
    CHECK (origin IN ('player', 'auto', 'timeout', 'resign', 'forfeit', 'computer'));

CREATE TABLE practice_records (
    guild_id    BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    level       TEXT   NOT NULL CHECK (level IN ('easy', 'normal', 'hard')),
    games       BIGINT NOT NULL DEFAULT 0,
    wins        BIGINT NOT NULL DEFAULT 0,
    losses      BIGINT NOT NULL DEFAULT 0,
    points_won  BIGINT NOT NULL DEFAULT 0,
    points_lost BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, level)
);
