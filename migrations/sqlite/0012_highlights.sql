-- 0012: highlights kept for the server's board, and the players who turned them off
-- (issue 39). Nothing is deleted.

-- A player who turned highlights off, everywhere: the wish is about the person, not one
-- server, so it follows them (a row present is "off"; turning them on deletes it).
CREATE TABLE highlight_optouts (
    user_id    INTEGER NOT NULL PRIMARY KEY,
    created_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Every highlight of a finished rated game about a person (computers have no line), written
-- in the transaction that finishes the game: `line` is its place in the game's list, so the
-- key makes a second write of the same game a no-op.
CREATE TABLE highlights (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    line     INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    season   INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    category TEXT    NOT NULL CHECK (category IN ('unlucky', 'escape', 'big')),
    value    INTEGER NOT NULL,
    PRIMARY KEY (match_id, line)
) WITHOUT ROWID;
-- The board: a season's lines of one game, per category, largest first.
CREATE INDEX highlights_board ON highlights (guild_id, season, game, category, value);
