-- A server's rule options (yaku values) per game: one JSON object keyed by game id, each value
-- that game's options as its engine stores them. MOMOJAN's yaku values move into it.
ALTER TABLE guild_settings ADD COLUMN game_options TEXT NOT NULL DEFAULT '{}';
UPDATE guild_settings SET game_options = '{"momojan":{"yaku_points":' || yaku_overrides || '}}';
ALTER TABLE guild_settings DROP COLUMN yaku_overrides;

-- A ledger row's reason is its game's id (shogi mahjong pays riichi sticks, chombo and noten):
-- the store checks it against the match's game when it reads it, so the table no longer
-- lists MOMOJAN's.
ALTER TABLE ledger DROP CONSTRAINT ledger_reason_check;
