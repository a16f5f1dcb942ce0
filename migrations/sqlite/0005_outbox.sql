-- The outbox: what Discord must be told about a match, written in the same transaction as the
-- change it shows, so that every committed action is shown after any crash. A worker sends a
-- match's entries in order and deletes each once Discord has it; an entry it had to give up
-- stays, with the reason in `failed`.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id INTEGER NOT NULL REFERENCES matches(id),
    -- 'open': create the match's thread (from `anchor_message_id` when known) and post its
    -- table; 'show': post what versions (from_version, to_version] changed, then bring the
    -- table up to date.
    kind TEXT NOT NULL CHECK (kind IN ('open', 'show')),
    anchor_message_id INTEGER,
    in_thread INTEGER NOT NULL DEFAULT 0 CHECK (in_thread IN (0, 1)),
    from_version INTEGER NOT NULL DEFAULT 0,
    to_version INTEGER NOT NULL DEFAULT 0,
    -- The seat whose action (or timeout) this was, and its run of timeouts after it.
    seat INTEGER CHECK (seat IN (0, 1)),
    timeouts INTEGER NOT NULL DEFAULT 0,
    -- Round records [rounds_from, rounds_to) ended by these versions (their summaries).
    rounds_from INTEGER NOT NULL DEFAULT 0,
    rounds_to INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    failed TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX outbox_pending ON outbox (match_id, id) WHERE failed IS NULL;

-- The turn notice posted in the thread now (at most one at a time: posting the next deletes
-- it), and how long a player with a live hand may take before they are pinged anyway.
ALTER TABLE matches ADD COLUMN notice_message_id INTEGER;
ALTER TABLE guild_settings ADD COLUMN notice_delay_secs INTEGER NOT NULL DEFAULT 45
    CHECK (notice_delay_secs >= 0);
