-- In step with ../sqlite/0013_teaching.sql: teaching matches, tables and the server default.
ALTER TABLE matches ADD COLUMN teach BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE challenges ADD COLUMN teach BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE guild_settings ADD COLUMN teach BOOLEAN NOT NULL DEFAULT FALSE;
