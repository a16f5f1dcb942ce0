//! The transaction for one action: a player's move, a resignation, or the bot's move for a
//! player whose time ran out — with the riichi player's automatic discards that follow, in
//! the same transaction.

use super::{ledger, stats, Loaded, MatchService, ServiceError};
use crate::games::momojan::ai::{self, Budget, Level};
use crate::games::momojan::{
    Action, EndReason, Event, Game, Momojan, PerSeat, RuleError, Seat, SeededGame,
};
use crate::games::registry::GameId;
use crate::games::rules::Rules;
use crate::store::{
    self, EventRow, MatchId, MatchMeta, MatchStatus, Move, Notice, Origin, Shown, UserId,
};

/// Consecutive timeouts that forfeit a match.
pub const FORFEIT_AFTER_TIMEOUTS: i64 = 3;

/// The result of a committed action.
#[derive(Debug, Clone)]
pub struct Applied {
    pub version: i64,
    /// The seat whose click (or timeout) this was.
    pub seat: Seat,
    pub events: Vec<Event>,
    /// Every move committed, in order, with who made it happen (a click can be followed by
    /// a riichi player's automatic discard; a timeout plays a whole turn).
    pub moves: Vec<(Seat, Move, Origin)>,
    pub game: Game,
    pub meta: MatchMeta,
    /// The secret seed (for the fair-deal proofs of rounds that ended).
    pub seed: crate::games::deal::DeckSeed,
}

impl MatchService {
    /// Applies one action of `user`, who saw the match at `expected_version`. One
    /// transaction; on any error nothing is written. A riichi player's automatic discard that
    /// follows (rules §5) is applied in the same transaction.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], [`ServiceError::Finished`], [`ServiceError::NotSeated`],
    /// [`ServiceError::Conflict`] (a stale version: exactly one of two racing actions
    /// commits), [`ServiceError::Illegal`] (the engine's reason), or a store error.
    pub async fn apply(
        &self,
        match_id: MatchId,
        user: UserId,
        expected_version: i64,
        action: Action,
    ) -> Result<Applied, ServiceError> {
        self.act(match_id, user, Some(expected_version), Move::Play(action))
            .await
    }

    /// As [`MatchService::apply`], for the action a button carries as its game's code: the
    /// match's game reads it (`Rules::parse_action`).
    ///
    /// # Errors
    /// [`ServiceError::UnknownAction`] for a code the game never made, else as
    /// [`MatchService::apply`].
    pub async fn apply_code(
        &self,
        match_id: MatchId,
        user: UserId,
        expected_version: i64,
        code: &str,
    ) -> Result<Applied, ServiceError> {
        let game = self
            .store
            .game_of(match_id)
            .await?
            .ok_or(ServiceError::NotFound(match_id))?;
        let action = match game {
            GameId::Momojan => Momojan::parse_action(code),
            // The service plays MOMOJAN only so far (`GameId::HOSTED`).
            GameId::Shogi => return Err(ServiceError::NotHosted(game)),
        }
        .ok_or(ServiceError::UnknownAction)?;
        self.apply(match_id, user, expected_version, action).await
    }

    /// `user` resigns: the match ends as their loss. `expected_version` is the version the
    /// confirmation was shown for (`None`: whatever the match is at now).
    ///
    /// # Errors
    /// As [`MatchService::apply`].
    pub async fn resign(
        &self,
        match_id: MatchId,
        user: UserId,
        expected_version: Option<i64>,
    ) -> Result<Applied, ServiceError> {
        self.act(
            match_id,
            user,
            expected_version,
            Move::Concede(EndReason::Resigned),
        )
        .await
    }

    async fn act(
        &self,
        match_id: MatchId,
        user: UserId,
        expected_version: Option<i64>,
        mv: Move,
    ) -> Result<Applied, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let loaded = load_active(&mut tx, match_id).await?;
        let seat = loaded.seat_of(user).ok_or(ServiceError::NotSeated)?;
        if expected_version.is_some_and(|v| v != loaded.meta.version) {
            return Err(ServiceError::Conflict {
                current_version: loaded.meta.version,
                view: Box::new(loaded.game.game.seat_view(seat)),
            });
        }
        let origin = match mv {
            Move::Play(_) => Origin::Player,
            Move::Concede(_) => Origin::Resign,
        };
        let mut turn = Turn::new(loaded, self.clock.now());
        turn.play(&mut tx, seat, mv, origin).await?;
        turn.auto_discards(&mut tx).await?;
        let applied = turn.finish(&mut tx, seat).await?;
        tx.commit().await?;
        Ok(applied)
    }

    /// Plays for the player whose turn deadline has passed (rules of the bot, not the game):
    /// the safest legal minimum for their whole turn — decline a claim or draw from the
    /// fullest pile, then discard the card drawn — or, at their third timeout in a row, ends
    /// the match as their forfeit. `None` when the match is not (or no longer) due: another
    /// action or sweep got there first. One transaction.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`] or a store error.
    pub async fn run_timeout(&self, match_id: MatchId) -> Result<Option<Applied>, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let loaded = match load_active(&mut tx, match_id).await {
            Ok(loaded) => loaded,
            Err(ServiceError::Finished) => return Ok(None),
            Err(e) => return Err(e),
        };
        let now = self.clock.now();
        let due = loaded.meta.turn_deadline.is_some_and(|d| d <= now);
        let Some(seat) = loaded.game.game.to_act().filter(|_| due) else {
            return Ok(None);
        };
        let mut turn = Turn::new(loaded, now);
        turn.timeouts[seat] += 1;
        if turn.timeouts[seat] >= FORFEIT_AFTER_TIMEOUTS {
            let forfeit = Move::Concede(EndReason::Forfeit);
            turn.play(&mut tx, seat, forfeit, Origin::Forfeit).await?;
        } else {
            if turn.loaded.meta.afk_computer {
                turn.play_for_absent(&mut tx, seat).await?;
            } else {
                turn.play_minimum(&mut tx, seat).await?;
            }
            turn.auto_discards(&mut tx).await?;
        }
        let applied = turn.finish(&mut tx, seat).await?;
        tx.commit().await?;
        Ok(Some(applied))
    }
}

/// Applies a move to a seeded game.
///
/// # Errors
/// The engine's refusal; the game is unchanged then.
pub fn apply_move(game: &mut SeededGame, seat: Seat, mv: Move) -> Result<Vec<Event>, RuleError> {
    match mv {
        Move::Play(action) => game.apply(seat, action),
        Move::Concede(reason) => game.concede(seat, reason),
    }
}

pub(super) async fn load_active(
    tx: &mut store::TxConn,
    match_id: MatchId,
) -> Result<Loaded, ServiceError> {
    let row = store::load_match_in(&mut *tx, match_id)
        .await?
        .ok_or(ServiceError::NotFound(match_id))?;
    let loaded = Loaded::from(row);
    if loaded.meta.is_finished() {
        return Err(ServiceError::Finished);
    }
    Ok(loaded)
}

/// One or more moves inside one transaction: each is logged with its origin, ledger rows
/// and stats counters are written as they happen, and the match row once at the end.
pub(super) struct Turn {
    loaded: Loaded,
    now: i64,
    version: i64,
    /// Round records before the first move (the summaries to post are those after).
    rounds_before: usize,
    banks: PerSeat<i64>,
    timeouts: PerSeat<i64>,
    events: Vec<Event>,
    moves: Vec<(Seat, Move, Origin)>,
}

impl Turn {
    pub(super) fn new(loaded: Loaded, now: i64) -> Turn {
        Turn {
            version: loaded.meta.version,
            rounds_before: loaded.game.game.records.len(),
            banks: loaded.meta.banks,
            timeouts: loaded.meta.timeouts,
            loaded,
            now,
            events: Vec::new(),
            moves: Vec::new(),
        }
    }

    pub(super) fn game(&self) -> &Game {
        &self.loaded.game.game
    }

    pub(super) async fn play(
        &mut self,
        tx: &mut store::TxConn,
        seat: Seat,
        mv: Move,
        origin: Origin,
    ) -> Result<(), ServiceError> {
        let before = self.loaded.game.game.clone();
        let events = apply_move(&mut self.loaded.game, seat, mv).map_err(ServiceError::Illegal)?;
        self.charge_time(seat, origin);
        self.version += 1;
        let match_id = self.loaded.meta.id;
        let row = EventRow {
            seq: self.version,
            seat,
            action: mv,
            events: events.clone(),
            created_at: self.now,
            origin,
        };
        store::append_event(&mut *tx, match_id, &row).await?;
        let game = &self.loaded.game.game;
        let rows = ledger::rows_for_action(&before, game, &events);
        store::append_ledger(&mut *tx, match_id, &rows).await?;
        if self.loaded.meta.practice.is_none() {
            stats::record_move(&mut *tx, &self.loaded.meta, &before, game, seat, mv).await?;
        }
        self.events.extend(events);
        self.moves.push((seat, mv, origin));
        Ok(())
    }

    /// The whole timed-out turn: keep playing the minimum while it is still this seat's.
    async fn play_minimum(
        &mut self,
        tx: &mut store::TxConn,
        seat: Seat,
    ) -> Result<(), ServiceError> {
        let round = self.game().records.len();
        while let Some(action) = self
            .game()
            .timeout_action()
            .filter(|_| self.game().to_act() == Some(seat) && self.game().records.len() == round)
        {
            self.play(tx, seat, Move::Play(action), Origin::Timeout)
                .await?;
        }
        Ok(())
    }

    /// The whole timed-out turn, played by the `normal` computer from this seat's view only
    /// (the server's AFK setting); logged as a timeout.
    async fn play_for_absent(
        &mut self,
        tx: &mut store::TxConn,
        seat: Seat,
    ) -> Result<(), ServiceError> {
        // Only the turn that timed out: a move that ends the round ends the turn too.
        let round = self.game().records.len();
        while self.game().to_act() == Some(seat) && self.game().records.len() == round {
            let view = self.game().seat_view(seat);
            let options = &self.loaded.meta.options;
            let Some(action) = ai::decide(Level::Normal, &view, options, Budget::default(), 0)
            else {
                break;
            };
            self.play(tx, seat, Move::Play(action), Origin::Timeout)
                .await?;
        }
        Ok(())
    }

    /// A player's own move ends their run of timeouts and takes any overrun of the turn
    /// time from their bank; a timeout empties the bank (the deadline included it).
    fn charge_time(&mut self, seat: Seat, origin: Origin) {
        match origin {
            Origin::Player | Origin::Resign => {
                let started = self.loaded.meta.turn_started_at.unwrap_or(self.now);
                let overrun = (self.now - started - self.loaded.meta.turn_timeout_secs).max(0);
                self.banks[seat] = (self.banks[seat] - overrun).max(0);
                self.timeouts[seat] = 0;
            }
            Origin::Timeout | Origin::Forfeit => self.banks[seat] = 0,
            Origin::Auto | Origin::Computer => {}
        }
    }

    /// A riichi player's drawn card that does not win is discarded for them (rules §5).
    pub(super) async fn auto_discards(
        &mut self,
        tx: &mut store::TxConn,
    ) -> Result<(), ServiceError> {
        while let Some(auto) = self.game().riichi_auto_discard() {
            let seat = self.game().to_act().expect("someone acts");
            self.play(tx, seat, Move::Play(auto), Origin::Auto).await?;
        }
        Ok(())
    }

    /// Writes the match row (version, snapshot, deadline, banks, result) and, at the end of
    /// the game, both players' stats and ratings.
    pub(super) async fn finish(
        self,
        tx: &mut store::TxConn,
        seat: Seat,
    ) -> Result<Applied, ServiceError> {
        let game = &self.loaded.game.game;
        let finished = game.outcome.map(|o| (o.winner, o.reason, game.balances));
        // The computer has no clock: its turns are played by `computer_move`.
        let computer = self.loaded.meta.computer_seat();
        let deadline = game
            .to_act()
            .filter(|next| Some(*next) != computer)
            .map(|next| self.now + self.loaded.meta.turn_timeout_secs + self.banks[next]);
        let update = store::MatchUpdate {
            id: self.loaded.meta.id,
            version: self.version,
            state: game,
            turn_deadline: deadline.filter(|_| finished.is_none()),
            finished,
            now: self.now,
            banks: self.banks,
            timeouts: self.timeouts,
        };
        store::update_match(&mut *tx, &update).await?;
        // What the players must be shown, committed with the change itself.
        let shown = Shown {
            from_version: self.loaded.meta.version,
            to_version: self.version,
            seat,
            timeouts: self.timeouts[seat],
            rounds: self.rounds_before..game.records.len(),
        };
        store::push_outbox(
            &mut *tx,
            self.loaded.meta.id,
            &Notice::Show(shown),
            self.now,
        )
        .await?;
        if game.is_over() {
            if self.loaded.meta.practice.is_some() {
                stats::record_practice(&mut *tx, &self.loaded.meta, game).await?;
            } else {
                stats::record_game(&mut *tx, &self.loaded.meta, game).await?;
            }
        }
        let mut meta = self.loaded.meta;
        meta.version = self.version;
        meta.turn_deadline = update.turn_deadline;
        meta.turn_started_at = Some(self.now);
        meta.updated_at = self.now;
        meta.banks = self.banks;
        meta.timeouts = self.timeouts;
        if let Some((winner, reason, _)) = finished {
            meta.status = MatchStatus::Finished;
            meta.winner = Some(winner);
            meta.end_reason = Some(reason);
        }
        Ok(Applied {
            version: self.version,
            seat,
            events: self.events,
            moves: self.moves,
            seed: self.loaded.game.seed,
            game: self.loaded.game.game,
            meta,
        })
    }
}
