-- 0008: tables of two to four. A match, a challenge and a finished match's result have one row
-- per seat (a player, or a computer with its level) instead of a pair of columns; seats are
-- numbered 0-3 wherever one is stored; a claim window has its own time. Nothing is lost: every
-- pair of columns becomes two seat rows, and a practice match's seat 1 becomes its computer.

-- Per server: seconds every asked player has to answer a claim window (a timeout is a pass).
ALTER TABLE guild_settings ADD COLUMN claim_secs BIGINT NOT NULL DEFAULT 30
    CHECK (claim_secs > 0);

-- Matches: how many seats, the claim time copied at the start, and how many seats a computer
-- plays now (practice computers and players away), which the computer's sweep looks for.
ALTER TABLE matches ADD COLUMN seats BIGINT NOT NULL DEFAULT 2 CHECK (seats BETWEEN 2 AND 4);
ALTER TABLE matches ADD COLUMN claim_secs BIGINT NOT NULL DEFAULT 30 CHECK (claim_secs > 0);
ALTER TABLE matches ADD COLUMN computer_seats BIGINT NOT NULL DEFAULT 0
    CHECK (computer_seats >= 0);

-- One row per seat: a player (`user_id`) or a computer (`computer`, its level), the name shown,
-- the seat's time bank and run of timeouts, whether a computer plays it while its player is away
-- (two timeouts in a row at a table of more than two), and its final balance and place.
CREATE TABLE match_seats (
    match_id      BIGINT  NOT NULL REFERENCES matches (id),
    seat          BIGINT  NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id       BIGINT,
    computer      TEXT    CHECK (computer IN ('easy', 'normal', 'hard')),
    name          TEXT    NOT NULL DEFAULT '',
    bank          BIGINT  NOT NULL CHECK (bank >= 0),
    timeouts      BIGINT  NOT NULL DEFAULT 0 CHECK (timeouts >= 0),
    away          BOOLEAN NOT NULL DEFAULT FALSE,
    final_balance BIGINT,
    place         BIGINT  CHECK (place BETWEEN 1 AND 4),
    CHECK ((user_id IS NULL) <> (computer IS NULL)),
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_seats_by_user ON match_seats (user_id, match_id);

INSERT INTO match_seats (match_id, seat, user_id, computer, name, bank, timeouts, final_balance,
    place)
SELECT id, 0, player0_id, NULL, name0, bank0, timeouts0, final_balance0,
    CASE winner_seat WHEN 0 THEN 1 WHEN 1 THEN 2 END
FROM matches;
INSERT INTO match_seats (match_id, seat, user_id, computer, name, bank, timeouts, final_balance,
    place)
SELECT id, 1, CASE WHEN practice_level IS NULL THEN player1_id END, practice_level, name1, bank1,
    timeouts1, final_balance1, CASE winner_seat WHEN 1 THEN 1 WHEN 0 THEN 2 END
FROM matches;
UPDATE matches SET computer_seats = 1 WHERE practice_level IS NOT NULL;

-- Dropping a column drops its indexes and CHECKs.
ALTER TABLE matches DROP COLUMN player0_id;
ALTER TABLE matches DROP COLUMN player1_id;
ALTER TABLE matches DROP COLUMN name0;
ALTER TABLE matches DROP COLUMN name1;
ALTER TABLE matches DROP COLUMN bank0;
ALTER TABLE matches DROP COLUMN bank1;
ALTER TABLE matches DROP COLUMN timeouts0;
ALTER TABLE matches DROP COLUMN timeouts1;
ALTER TABLE matches DROP COLUMN final_balance0;
ALTER TABLE matches DROP COLUMN final_balance1;
ALTER TABLE matches DROP COLUMN practice_level;
CREATE INDEX matches_computers ON matches (status, id) WHERE computer_seats > 0;

ALTER TABLE matches DROP CONSTRAINT matches_first_dealer_check;
ALTER TABLE matches ADD CONSTRAINT matches_first_dealer_check
    CHECK (first_dealer BETWEEN 0 AND 3);
ALTER TABLE matches DROP CONSTRAINT matches_winner_seat_check;
ALTER TABLE matches ADD CONSTRAINT matches_winner_seat_check CHECK (winner_seat BETWEEN 0 AND 3);

-- The event log, the outbox and the ledger name seats 0-3.
ALTER TABLE match_events DROP CONSTRAINT match_events_seat_check;
ALTER TABLE match_events ADD CONSTRAINT match_events_seat_check CHECK (seat BETWEEN 0 AND 3);
ALTER TABLE outbox DROP CONSTRAINT outbox_seat_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_seat_check CHECK (seat BETWEEN 0 AND 3);
ALTER TABLE ledger DROP CONSTRAINT ledger_from_party_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_from_party_check
    CHECK (from_party IN ('0', '1', '2', '3', 'pot'));
ALTER TABLE ledger DROP CONSTRAINT ledger_to_party_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_to_party_check
    CHECK (to_party IN ('0', '1', '2', '3', 'pot'));

-- Challenges: a challenge names up to three opponents, who must all accept; an open table
-- (`kind` 'table') is joined by whoever wants a seat, filled with computers and started by the
-- one who opened it, or cancelled by them. One row per seat taken: position 0 is the one who
-- challenged or opened the table, then the opponents in the order named (or the players in the
-- order they joined, and the computers added).
ALTER TABLE challenges ADD COLUMN kind TEXT NOT NULL DEFAULT 'challenge'
    CHECK (kind IN ('challenge', 'table'));
ALTER TABLE challenges ADD COLUMN seats BIGINT NOT NULL DEFAULT 2 CHECK (seats BETWEEN 2 AND 4);

CREATE TABLE challenge_seats (
    challenge_id BIGINT  NOT NULL REFERENCES challenges (id),
    position     BIGINT  NOT NULL CHECK (position BETWEEN 0 AND 3),
    user_id      BIGINT,
    computer     TEXT    CHECK (computer IN ('easy', 'normal', 'hard')),
    name         TEXT    NOT NULL DEFAULT '',
    accepted     BOOLEAN NOT NULL DEFAULT FALSE,
    CHECK ((user_id IS NULL) <> (computer IS NULL)),
    PRIMARY KEY (challenge_id, position)
);
CREATE INDEX challenge_seats_by_user ON challenge_seats (user_id, challenge_id);

INSERT INTO challenge_seats (challenge_id, position, user_id, name, accepted)
SELECT id, 0, challenger_id, challenger_name, TRUE FROM challenges;
INSERT INTO challenge_seats (challenge_id, position, user_id, name, accepted)
SELECT id, 1, opponent_id, opponent_name, status = 'accepted' FROM challenges;
ALTER TABLE challenges DROP COLUMN challenger_id;
ALTER TABLE challenges DROP COLUMN opponent_id;
ALTER TABLE challenges DROP COLUMN challenger_name;
ALTER TABLE challenges DROP COLUMN opponent_name;

-- A table its opener closes is 'cancelled'.
ALTER TABLE challenges DROP CONSTRAINT challenges_status_check;
ALTER TABLE challenges ADD CONSTRAINT challenges_status_check
    CHECK (status IN ('pending', 'accepted', 'declined', 'expired', 'cancelled'));

-- Records: how often a player finished in each place (games of more than two seats are rated
-- by finishing order). Games already played were of two: a win was first place.
ALTER TABLE players ADD COLUMN place1 BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN place2 BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN place3 BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN place4 BIGINT NOT NULL DEFAULT 0;
UPDATE players SET place1 = wins, place2 = losses;
