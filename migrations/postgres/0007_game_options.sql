-- A server's rule options (yaku values) per game: one JSON object keyed by game id, each value
-- that game's options as its engine stores them. MOMOJAN's yaku values move into it.
ALTER TABLE guild_settings ADD COLUMN game_options TEXT NOT NULL DEFAULT '{}';
UPDATE guild_settings SET game_options = '{"momojan":{"yaku_points":' || yaku_overrides || '}}';
ALTER TABLE guild_settings DROP COLUMN yaku_overrides;
