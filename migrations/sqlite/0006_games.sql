-- The bot hosts more than one game: every match, challenge, player record and practice record
-- belongs to one (its stable id, `games::registry::GameId`), and a server picks the default
-- game of /momojan challenge and /momojan practice. Everything written before is MOMOJAN.
ALTER TABLE matches ADD COLUMN game TEXT NOT NULL DEFAULT 'momojan';
ALTER TABLE challenges ADD COLUMN game TEXT NOT NULL DEFAULT 'momojan';
ALTER TABLE guild_settings ADD COLUMN default_game TEXT NOT NULL DEFAULT 'momojan';

-- A player has one rating and one set of counters per game (and season).
CREATE TABLE players_by_game (
    guild_id       INTEGER NOT NULL,
    season         INTEGER NOT NULL,
    game           TEXT    NOT NULL,
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
    PRIMARY KEY (guild_id, season, game, user_id)
) WITHOUT ROWID;
INSERT INTO players_by_game (guild_id, season, game, user_id, rating, deviation, volatility,
    games, wins, losses, points_won, points_lost, best_hand, best_hand_yaku, yaku_counts, rounds,
    hands_won, hand_points, riichi, furiten, deal_ins)
SELECT guild_id, season, 'momojan', user_id, rating, deviation, volatility, games, wins, losses,
    points_won, points_lost, best_hand, best_hand_yaku, yaku_counts, rounds, hands_won,
    hand_points, riichi, furiten, deal_ins FROM players;
DROP TABLE players;
ALTER TABLE players_by_game RENAME TO players;
CREATE INDEX players_leaderboard ON players (guild_id, season, game, rating DESC, wins DESC, user_id);

-- Practice records per game too.
CREATE TABLE practice_records_by_game (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    level       TEXT    NOT NULL CHECK (level IN ('easy', 'normal', 'hard')),
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    points_won  INTEGER NOT NULL DEFAULT 0,
    points_lost INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, game, level)
) WITHOUT ROWID;
INSERT INTO practice_records_by_game (guild_id, user_id, game, level, games, wins, losses,
    points_won, points_lost)
SELECT guild_id, user_id, 'momojan', level, games, wins, losses, points_won, points_lost
FROM practice_records;
DROP TABLE practice_records;
ALTER TABLE practice_records_by_game RENAME TO practice_records;
