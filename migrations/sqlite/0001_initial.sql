-- The match store. Times are Unix seconds; Discord ids are stored as INTEGER (they fit in i64).

CREATE TABLE guild_settings (
    guild_id              INTEGER PRIMARY KEY,
    turn_timeout_secs     INTEGER NOT NULL DEFAULT 180 CHECK (turn_timeout_secs > 0),
    time_bank_secs        INTEGER NOT NULL DEFAULT 300 CHECK (time_bank_secs >= 0),
    challenge_expiry_secs INTEGER NOT NULL DEFAULT 600 CHECK (challenge_expiry_secs > 0),
    use_threads           INTEGER NOT NULL DEFAULT 1,
    locale                TEXT    NOT NULL DEFAULT 'en',
    -- Rule options (yaku point overrides, rules §10) as JSON: {"momotaro": 5}.
    yaku_overrides        TEXT    NOT NULL DEFAULT '{}'
);

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,
    challenger_id INTEGER NOT NULL,
    opponent_id   INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'expired')),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL
);
CREATE INDEX challenges_by_status ON challenges (status, expires_at);

CREATE TABLE matches (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER,
    table_message_id INTEGER,
    player0_id       INTEGER NOT NULL,
    player1_id       INTEGER NOT NULL,
    first_dealer     INTEGER NOT NULL CHECK (first_dealer IN (0, 1)),
    status           TEXT    NOT NULL CHECK (status IN ('active', 'finished')),
    winner_seat      INTEGER CHECK (winner_seat IN (0, 1)),
    end_reason       TEXT,
    final_balance0   INTEGER,
    final_balance1   INTEGER,
    rule_options     TEXT    NOT NULL,
    -- The secret deck seed (32 bytes): never shown before the match ends.
    seed             BLOB    NOT NULL CHECK (length(seed) = 32),
    version          INTEGER NOT NULL,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    turn_timeout_secs INTEGER NOT NULL CHECK (turn_timeout_secs > 0),
    turn_deadline    INTEGER
);
CREATE INDEX matches_by_status ON matches (status, turn_deadline);
CREATE INDEX matches_by_player0 ON matches (guild_id, player0_id, updated_at);
CREATE INDEX matches_by_player1 ON matches (guild_id, player1_id, updated_at);

-- Append-only: one row per applied action (seq = the version it produced).
CREATE TABLE match_events (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL CHECK (seat IN (0, 1)),
    action     TEXT    NOT NULL,
    events     TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

CREATE TABLE snapshots (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id),
    version  INTEGER NOT NULL,
    state    TEXT    NOT NULL
);

-- One row per point transfer. Parties are '0', '1' or 'pot'.
CREATE TABLE ledger (
    id         INTEGER PRIMARY KEY,
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    round      INTEGER NOT NULL,
    from_party TEXT    NOT NULL CHECK (from_party IN ('0', '1', 'pot')),
    to_party   TEXT    NOT NULL CHECK (to_party IN ('0', '1', 'pot')),
    amount     INTEGER NOT NULL CHECK (amount >= 0),
    reason     TEXT    NOT NULL CHECK (reason IN ('ante', 'win', 'draw', 'pot', 'final_pot'))
);
CREATE INDEX ledger_by_match ON ledger (match_id, id);

CREATE TABLE players (
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    rating        REAL    NOT NULL DEFAULT 1500.0,
    deviation     REAL    NOT NULL DEFAULT 350.0,
    volatility    REAL    NOT NULL DEFAULT 0.06,
    games         INTEGER NOT NULL DEFAULT 0,
    wins          INTEGER NOT NULL DEFAULT 0,
    losses        INTEGER NOT NULL DEFAULT 0,
    points_won    INTEGER NOT NULL DEFAULT 0,
    points_lost   INTEGER NOT NULL DEFAULT 0,
    best_hand     INTEGER NOT NULL DEFAULT 0,
    best_hand_yaku TEXT,
    -- {"riichi": 3, ...}: how often each yaku was in this player's winning hands.
    yaku_counts   TEXT    NOT NULL DEFAULT '{}',
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
CREATE INDEX players_leaderboard ON players (guild_id, rating DESC, wins DESC);
