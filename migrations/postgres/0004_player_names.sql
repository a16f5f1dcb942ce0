-- In step with ../sqlite/0004_player_names.sql: players' display names.
ALTER TABLE challenges ADD COLUMN challenger_name TEXT NOT NULL DEFAULT '';
ALTER TABLE challenges ADD COLUMN opponent_name TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN name0 TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN name1 TEXT NOT NULL DEFAULT '';
