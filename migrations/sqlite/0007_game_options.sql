-- A server's rule options (yaku values) per game: one JSON object keyed by game id, each value
-- that game's options as its engine stores them. MOMOJAN's yaku values move into it.
ALTER TABLE guild_settings ADD COLUMN game_options TEXT NOT NULL DEFAULT '{}';
UPDATE guild_settings SET game_options = '{"momojan":{"yaku_points":' || yaku_overrides || '}}';
ALTER TABLE guild_settings DROP COLUMN yaku_overrides;

-- A ledger row's reason is its game's id (shogi mahjong pays riichi sticks, chombo and noten):
-- the store checks it against the match's game when it reads it, so the table no longer
-- lists MOMOJAN's. SQLite cannot drop a CHECK: the table is copied without it.
CREATE TABLE ledger_any_game (
    id         INTEGER PRIMARY KEY,
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    round      INTEGER NOT NULL,
    from_party TEXT    NOT NULL CHECK (from_party IN ('0', '1', 'pot')),
    to_party   TEXT    NOT NULL CHECK (to_party IN ('0', '1', 'pot')),
    amount     INTEGER NOT NULL CHECK (amount >= 0),
    reason     TEXT    NOT NULL
);
INSERT INTO ledger_any_game (id, match_id, round, from_party, to_party, amount, reason)
SELECT id, match_id, round, from_party, to_party, amount, reason FROM ledger;
DROP TABLE ledger;
ALTER TABLE ledger_any_game RENAME TO ledger;
CREATE INDEX ledger_by_match ON ledger (match_id, id);
