-- In step with ../sqlite/0006_games.sql: every match, challenge and record belongs to one
-- game; a player has one rating per game; the server's default game.
ALTER TABLE matches ADD COLUMN game TEXT NOT NULL DEFAULT 'momojan';
ALTER TABLE challenges ADD COLUMN game TEXT NOT NULL DEFAULT 'momojan';
ALTER TABLE guild_settings ADD COLUMN default_game TEXT NOT NULL DEFAULT 'momojan';

ALTER TABLE players ADD COLUMN game TEXT NOT NULL DEFAULT 'momojan';
ALTER TABLE players DROP CONSTRAINT players_pkey;
ALTER TABLE players ADD PRIMARY KEY (guild_id, season, game, user_id);
DROP INDEX players_leaderboard;
CREATE INDEX players_leaderboard ON players (guild_id, season, game, rating DESC, wins DESC, user_id);

ALTER TABLE practice_records ADD COLUMN game TEXT NOT NULL DEFAULT 'momojan';
ALTER TABLE practice_records DROP CONSTRAINT practice_records_pkey;
ALTER TABLE practice_records ADD PRIMARY KEY (guild_id, user_id, game, level);
