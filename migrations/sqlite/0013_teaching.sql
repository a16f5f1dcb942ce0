-- 0013: teaching tables (issue 39). A teaching match has no turn clock, shows every player
-- hints on their choices and is never rated; an open table or a challenge carries the choice
-- to the match it starts; a server may make teaching its default. Nothing is deleted.
ALTER TABLE matches ADD COLUMN teach INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN teach INTEGER NOT NULL DEFAULT 0;
ALTER TABLE guild_settings ADD COLUMN teach INTEGER NOT NULL DEFAULT 0;
