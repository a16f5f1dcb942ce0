-- 0017: a server's events, newest first (`/momojan tournament history`).
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id);
