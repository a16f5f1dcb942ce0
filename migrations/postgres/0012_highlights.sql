-- In step with ../sqlite/0012_highlights.sql: highlight opt-outs and the board's lines.
CREATE TABLE highlight_optouts (
    user_id    BIGINT NOT NULL PRIMARY KEY,
    created_at BIGINT NOT NULL
);

CREATE TABLE highlights (
    match_id BIGINT NOT NULL REFERENCES matches (id),
    line     BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    season   BIGINT NOT NULL,
    game     TEXT   NOT NULL,
    user_id  BIGINT NOT NULL,
    kind     TEXT   NOT NULL,
    category TEXT   NOT NULL CHECK (category IN ('unlucky', 'escape', 'big')),
    value    BIGINT NOT NULL,
    PRIMARY KEY (match_id, line)
);
CREATE INDEX highlights_board ON highlights (guild_id, season, game, category, value);
