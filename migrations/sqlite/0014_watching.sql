-- 0014: watching a table (issue 39, item 3). A server may let watchers of a match between
-- people see every hand one round late (`spectate_hands`, off by default); a match, and the
-- challenge or table it starts from, may forbid watching (`watchable`, on by default).
ALTER TABLE guild_settings ADD COLUMN spectate_hands INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN watchable INTEGER NOT NULL DEFAULT 1;
ALTER TABLE challenges ADD COLUMN watchable INTEGER NOT NULL DEFAULT 1;
