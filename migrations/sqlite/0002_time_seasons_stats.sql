-- 0002: time banks and timeouts, how each logged action came about, server seasons, and the
-- counters /momojan stats shows. Nothing is deleted: existing players become season 1.

-- Per-server: the language of public messages: 'auto' follows the server's Discord
-- language; 'en' or 'ja' is an admin's choice.
UPDATE guild_settings SET locale = 'auto' WHERE locale = 'en';

-- Per-server: the season in play.
ALTER TABLE guild_settings ADD COLUMN season INTEGER NOT NULL DEFAULT 1 CHECK (season >= 1);

-- Closed seasons (an admin closed them); their players rows stay for "past seasons".
CREATE TABLE seasons_closed (
    guild_id  INTEGER NOT NULL,
    season    INTEGER NOT NULL,
    closed_at INTEGER NOT NULL,
    closed_by INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season)
) WITHOUT ROWID;

-- Per match, copied from the server at its start: the season it counts for and each
-- player's time bank; then the banks left, consecutive timeouts per seat, and when the
-- current turn began (a turn's deadline = start + turn time + the acting player's bank).
ALTER TABLE matches ADD COLUMN season INTEGER NOT NULL DEFAULT 1;
ALTER TABLE matches ADD COLUMN bank0 INTEGER NOT NULL DEFAULT 300 CHECK (bank0 >= 0);
ALTER TABLE matches ADD COLUMN bank1 INTEGER NOT NULL DEFAULT 300 CHECK (bank1 >= 0);
ALTER TABLE matches ADD COLUMN timeouts0 INTEGER NOT NULL DEFAULT 0 CHECK (timeouts0 >= 0);
ALTER TABLE matches ADD COLUMN timeouts1 INTEGER NOT NULL DEFAULT 0 CHECK (timeouts1 >= 0);
ALTER TABLE matches ADD COLUMN turn_started_at INTEGER;
-- The language of the match's public messages (the server's when it started: en or ja).
ALTER TABLE matches ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ja'));
UPDATE matches SET turn_started_at = turn_deadline - turn_timeout_secs WHERE status = 'active';

-- Who made each logged action happen: the player, the bot for a riichi player's automatic
-- discard, the bot on a timeout, or a resignation / forfeit (which end the game).
ALTER TABLE match_events ADD COLUMN origin TEXT NOT NULL DEFAULT 'player'
    CHECK (origin IN ('player', 'auto', 'timeout', 'resign', 'forfeit'));

-- Players per server and season, with the counters of /momojan stats.
CREATE TABLE players_by_season (
    guild_id       INTEGER NOT NULL,
    season         INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    rating         REAL    NOT NULL DEFAULT 1500.0,
    deviation      REAL    NOT NULL DEFAULT 350.0,
    volatility     REAL    NOT NULL DEFAULT 0.06,
    games          INTEGER NOT NULL DEFAULT 0,
    wins           INTEGER NOT NULL DEFAULT 0,
    losses         INTEGER NOT NULL DEFAULT 0,
    points_won     INTEGER NOT NULL DEFAULT 0,
    points_lost    INTEGER NOT NULL DEFAULT 0,
    best_hand      INTEGER NOT NULL DEFAULT 0,
    best_hand_yaku TEXT,
    yaku_counts    TEXT    NOT NULL DEFAULT '{}',
    rounds         INTEGER NOT NULL DEFAULT 0,
    hands_won      INTEGER NOT NULL DEFAULT 0,
    hand_points    INTEGER NOT NULL DEFAULT 0,
    riichi         INTEGER NOT NULL DEFAULT 0,
    furiten        INTEGER NOT NULL DEFAULT 0,
    deal_ins       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, season, user_id)
) WITHOUT ROWID;
INSERT INTO players_by_season (guild_id, season, user_id, rating, deviation, volatility, games,
    wins, losses, points_won, points_lost, best_hand, best_hand_yaku, yaku_counts)
SELECT guild_id, 1, user_id, rating, deviation, volatility, games, wins, losses, points_won,
    points_lost, best_hand, best_hand_yaku, yaku_counts FROM players;
DROP TABLE players;
ALTER TABLE players_by_season RENAME TO players;
CREATE INDEX players_leaderboard ON players (guild_id, season, rating DESC, wins DESC, user_id);
