-- 0009: a player's auto switches in a match (auto-win, no calls …), one bit each as the games'
-- `AutoSwitch` numbers them; every switch is off until the player turns it on in their hand.
ALTER TABLE match_seats ADD COLUMN auto BIGINT NOT NULL DEFAULT 0 CHECK (auto >= 0);
