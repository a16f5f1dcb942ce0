-- In step with ../sqlite/0002_time_seasons_stats.sql: time banks, origins, seasons, counters.
UPDATE guild_settings SET locale = 'auto' WHERE locale = 'en';
ALTER TABLE guild_settings ADD COLUMN season BIGINT NOT NULL DEFAULT 1 CHECK (season >= 1);

CREATE TABLE seasons_closed (
    guild_id  BIGINT NOT NULL,
    season    BIGINT NOT NULL,
    closed_at BIGINT NOT NULL,
    closed_by BIGINT NOT NULL,
    PRIMARY KEY (guild_id, season)
);

ALTER TABLE matches ADD COLUMN season BIGINT NOT NULL DEFAULT 1;
ALTER TABLE matches ADD COLUMN bank0 BIGINT NOT NULL DEFAULT 300 CHECK (bank0 >= 0);
ALTER TABLE matches ADD COLUMN bank1 BIGINT NOT NULL DEFAULT 300 CHECK (bank1 >= 0);
ALTER TABLE matches ADD COLUMN timeouts0 BIGINT NOT NULL DEFAULT 0 CHECK (timeouts0 >= 0);
ALTER TABLE matches ADD COLUMN timeouts1 BIGINT NOT NULL DEFAULT 0 CHECK (timeouts1 >= 0);
ALTER TABLE matches ADD COLUMN turn_started_at BIGINT;
ALTER TABLE matches ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ja'));
UPDATE matches SET turn_started_at = turn_deadline - turn_timeout_secs WHERE status = 'active';

ALTER TABLE match_events ADD COLUMN origin TEXT NOT NULL DEFAULT 'player'
    CONSTRAINT match_events_origin_check
    CHECK (origin IN ('player', 'auto', 'timeout', 'resign', 'forfeit'));

-- Players per server and season (existing players become season 1).
ALTER TABLE players ADD COLUMN season BIGINT NOT NULL DEFAULT 1;
ALTER TABLE players ADD COLUMN rounds BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN hands_won BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN hand_points BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN riichi BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN furiten BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN deal_ins BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players DROP CONSTRAINT players_pkey;
ALTER TABLE players ADD PRIMARY KEY (guild_id, season, user_id);
DROP INDEX players_leaderboard;
CREATE INDEX players_leaderboard ON players (guild_id, season, rating DESC, wins DESC, user_id);
