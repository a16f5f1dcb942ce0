-- 0010: tournaments (issue 38). An event of one game in one channel, its entrants in the order
-- they joined, and each round's tables in seat order with the match each started (once).
-- The seating's seed is SHA-256 of the organiser's secret (committed to when the event is
-- created: `commitment` = SHA-256(secret)) and the entrants' Join interaction ids.
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    organiser_id INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    game         TEXT    NOT NULL,
    seats        INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 4),
    -- The game's switches for the event as JSON ({} : the server's settings when a table starts).
    options      TEXT    NOT NULL DEFAULT '{}',
    format       TEXT    NOT NULL CHECK (format IN ('swiss')),
    rounds       INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 100),
    -- What fills a field that does not divide into tables.
    filler       TEXT    NOT NULL DEFAULT 'computers' CHECK (filler IN ('computers', 'sit-out')),
    state        TEXT    NOT NULL CHECK (state IN ('signup', 'closed', 'running', 'finished')),
    -- The round being played (0 before the first).
    round        INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    -- The sign-up message.
    message_id   INTEGER,
    secret       BLOB    NOT NULL CHECK (length(secret) = 32),
    commitment   BLOB    NOT NULL CHECK (length(commitment) = 32),
    -- Drawn when sign-up closes.
    seed         BLOB    CHECK (length(seed) = 32),
    lang         TEXT    NOT NULL DEFAULT 'en',
    created_at   INTEGER NOT NULL
);
CREATE INDEX tournaments_by_channel ON tournaments (channel_id, state);
CREATE INDEX tournaments_by_state ON tournaments (state);

CREATE TABLE tournament_entrants (
    tournament_id    INTEGER NOT NULL REFERENCES tournaments (id),
    user_id          INTEGER NOT NULL,
    name             TEXT    NOT NULL DEFAULT '',
    -- Join order (gaps where someone left).
    position         INTEGER NOT NULL CHECK (position >= 0),
    join_interaction INTEGER NOT NULL,
    dropped          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE UNIQUE INDEX tournament_entrants_by_position ON tournament_entrants (tournament_id, position);

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    table_no      INTEGER NOT NULL CHECK (table_no >= 0),
    -- The occupants in seat order, East first, as JSON: a user id, or null for a computer.
    seats         TEXT    NOT NULL,
    -- The table's match, once started (exactly once).
    match_id      INTEGER REFERENCES matches (id),
    PRIMARY KEY (tournament_id, round, table_no)
);
CREATE UNIQUE INDEX tournament_tables_by_match ON tournament_tables (match_id);
