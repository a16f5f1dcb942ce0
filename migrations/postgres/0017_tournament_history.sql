-- In step with ../sqlite/0017_tournament_history.sql: a server's events, newest first.
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id);
