//! The transaction for one action: a player's move, a resignation, or the bot's move for a
//! player whose time ran out — with the riichi player's automatic discards that follow, in
//! the same transaction.

use super::{stats, Loaded, MatchService, ServiceError};
use crate::games::computer::{Budget, Level};
use crate::games::deal::DeckSeed;
use crate::games::registry::with_game;
use crate::games::rules::{Concession, Rules};
use crate::games::seat::{PerSeat, Seat};
use crate::store::{
    self, EventRow, MatchId, MatchMeta, MatchStatus, Move, Notice, Origin, Shown, UserId,
};

/// Consecutive timeouts that forfeit a match.
pub const FORFEIT_AFTER_TIMEOUTS: i64 = 3;

/// The result of a committed action of game `G`.
#[derive(Debug, Clone)]
pub struct Applied<G: Rules> {
    pub version: i64,
    /// The seat whose click (or timeout) this was.
    pub seat: Seat,
    pub events: Vec<G::Event>,
    /// Every move committed, in order, with who made it happen (a click can be followed by
    /// a riichi player's automatic discard; a timeout plays a whole turn).
    pub moves: Vec<(Seat, Move<G::Action>, Origin)>,
    pub state: G::State,
    pub meta: MatchMeta,
    /// The secret seed (for the fair-deal proofs of rounds that ended).
    pub seed: DeckSeed,
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
    pub async fn apply<G: Rules>(
        &self,
        match_id: MatchId,
        user: UserId,
        expected_version: i64,
        action: G::Action,
    ) -> Result<Applied<G>, ServiceError> {
        self.act::<G>(match_id, user, Some(expected_version), Move::Play(action))
            .await
    }

    /// As [`MatchService::apply`], for the action a button carries as its game's code: the
    /// match's game reads it (`Rules::parse_action`).
    ///
    /// # Errors
    /// [`ServiceError::UnknownAction`] for a code the game never made, else as
    /// [`MatchService::apply`].
    pub async fn apply_code<G: Rules>(
        &self,
        match_id: MatchId,
        user: UserId,
        expected_version: i64,
        code: &str,
    ) -> Result<Applied<G>, ServiceError> {
        let action = G::parse_action(code).ok_or(ServiceError::UnknownAction)?;
        self.apply::<G>(match_id, user, expected_version, action)
            .await
    }

    /// `user` resigns: the match ends as their loss. `expected_version` is the version the
    /// confirmation was shown for (`None`: whatever the match is at now).
    ///
    /// # Errors
    /// As [`MatchService::apply`].
    pub async fn resign<G: Rules>(
        &self,
        match_id: MatchId,
        user: UserId,
        expected_version: Option<i64>,
    ) -> Result<Applied<G>, ServiceError> {
        self.act::<G>(
            match_id,
            user,
            expected_version,
            Move::Concede(Concession::Resigned),
        )
        .await
    }

    async fn act<G: Rules>(
        &self,
        match_id: MatchId,
        user: UserId,
        expected_version: Option<i64>,
        mv: Move<G::Action>,
    ) -> Result<Applied<G>, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let loaded = load_active::<G>(&mut tx, match_id).await?;
        let seat = loaded.seat_of(user).ok_or(ServiceError::NotSeated)?;
        if expected_version.is_some_and(|v| v != loaded.meta.version) {
            return Err(ServiceError::Conflict {
                current_version: loaded.meta.version,
            });
        }
        let origin = match mv {
            Move::Play(_) => Origin::Player,
            Move::Concede(_) => Origin::Resign,
        };
        let mut turn = Turn::new(loaded, self.clock.now());
        turn.play(&mut tx, seat, mv, origin).await?;
        turn.forced_moves(&mut tx).await?;
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
    pub async fn run_timeout<G: Rules>(
        &self,
        match_id: MatchId,
    ) -> Result<Option<Applied<G>>, ServiceError> {
        let mut tx = self.store.begin_write().await?;
        let loaded = match load_active::<G>(&mut tx, match_id).await {
            Ok(loaded) => loaded,
            Err(ServiceError::Finished) => return Ok(None),
            Err(e) => return Err(e),
        };
        let now = self.clock.now();
        let due = loaded.meta.turn_deadline.is_some_and(|d| d <= now);
        let Some(seat) = G::to_act(&loaded.state).filter(|_| due) else {
            return Ok(None);
        };
        let mut turn = Turn::new(loaded, now);
        turn.timeouts[seat] += 1;
        if turn.timeouts[seat] >= FORFEIT_AFTER_TIMEOUTS {
            let forfeit = Move::Concede(Concession::Forfeit);
            turn.play(&mut tx, seat, forfeit, Origin::Forfeit).await?;
        } else {
            if turn.loaded.meta.afk_computer {
                turn.play_for_absent(&mut tx, seat).await?;
            } else {
                turn.play_minimum(&mut tx, seat).await?;
            }
            turn.forced_moves(&mut tx).await?;
        }
        let applied = turn.finish(&mut tx, seat).await?;
        tx.commit().await?;
        Ok(Some(applied))
    }
}

/// Applies a move to a game dealt from `seed`.
///
/// # Errors
/// The engine's refusal; the game is unchanged then.
fn apply_move<G: Rules>(
    state: &mut G::State,
    seed: &DeckSeed,
    seat: Seat,
    mv: Move<G::Action>,
) -> Result<Vec<G::Event>, G::Refusal> {
    match mv {
        Move::Play(action) => G::apply(state, seed, seat, action),
        Move::Concede(why) => G::concede(state, seat, why),
    }
}

pub(super) async fn load_active<G: Rules>(
    tx: &mut store::TxConn,
    match_id: MatchId,
) -> Result<Loaded<G>, ServiceError> {
    let row = store::load_match_in(&mut *tx, match_id)
        .await?
        .ok_or(ServiceError::NotFound(match_id))?;
    let loaded = Loaded::<G>::decode(row)?;
    if loaded.meta.is_finished() {
        return Err(ServiceError::Finished);
    }
    Ok(loaded)
}

/// One or more moves inside one transaction: each is logged with its origin, ledger rows
/// and stats counters are written as they happen, and the match row once at the end.
pub(super) struct Turn<G: Rules> {
    loaded: Loaded<G>,
    now: i64,
    version: i64,
    /// Round records before the first move (the summaries to post are those after).
    rounds_before: usize,
    banks: PerSeat<i64>,
    timeouts: PerSeat<i64>,
    events: Vec<G::Event>,
    moves: Vec<(Seat, Move<G::Action>, Origin)>,
}

impl<G: Rules> Turn<G> {
    pub(super) fn new(loaded: Loaded<G>, now: i64) -> Turn<G> {
        Turn {
            version: loaded.meta.version,
            rounds_before: G::rounds_played(&loaded.state),
            banks: loaded.meta.banks,
            timeouts: loaded.meta.timeouts,
            loaded,
            now,
            events: Vec::new(),
            moves: Vec::new(),
        }
    }

    pub(super) fn state(&self) -> &G::State {
        &self.loaded.state
    }

    pub(super) async fn play(
        &mut self,
        tx: &mut store::TxConn,
        seat: Seat,
        mv: Move<G::Action>,
        origin: Origin,
    ) -> Result<(), ServiceError> {
        let before = self.loaded.state.clone();
        let events = apply_move::<G>(&mut self.loaded.state, &self.loaded.seed, seat, mv)
            .map_err(|e| ServiceError::Illegal(Box::new(e)))?;
        self.charge_time(seat, origin);
        self.version += 1;
        let match_id = self.loaded.meta.id;
        let row = EventRow::<G> {
            seq: self.version,
            seat,
            action: mv,
            events: events.clone(),
            created_at: self.now,
            origin,
        };
        store::append_event::<G>(&mut *tx, match_id, &row).await?;
        let after = &self.loaded.state;
        let rows: Vec<store::LedgerRow> = G::ledger(Some(&before), after, &events)
            .into_iter()
            .map(Into::into)
            .collect();
        store::append_ledger(&mut *tx, match_id, &rows).await?;
        if let (None, Move::Play(action)) = (self.loaded.meta.practice, mv) {
            let counters = G::move_counters(&before, after, seat, action);
            stats::record_move(&mut *tx, &self.loaded.meta, seat, counters).await?;
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
        let round = G::rounds_played(self.state());
        while let Some(action) = G::timeout_action(self.state()).filter(|_| {
            G::to_act(self.state()) == Some(seat) && G::rounds_played(self.state()) == round
        }) {
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
        let round = G::rounds_played(self.state());
        while G::to_act(self.state()) == Some(seat) && G::rounds_played(self.state()) == round {
            let view = G::view(self.state(), seat);
            let options = &self.loaded.options;
            let Some(action) = G::decide(Level::Normal, &view, options, Budget::default(), 0)
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

    /// Moves a player has no choice about, played for them at once (`Rules::forced_action`:
    /// MOMOJAN's riichi discard, rules §5; shogi mahjong's only-legal draw).
    pub(super) async fn forced_moves(
        &mut self,
        tx: &mut store::TxConn,
    ) -> Result<(), ServiceError> {
        while let Some(forced) = G::forced_action(self.state()) {
            let seat = G::to_act(self.state()).expect("someone acts");
            self.play(tx, seat, Move::Play(forced), Origin::Auto)
                .await?;
        }
        Ok(())
    }

    /// Writes the match row (version, snapshot, deadline, banks, result) and, at the end of
    /// the game, both players' stats and ratings.
    pub(super) async fn finish(
        self,
        tx: &mut store::TxConn,
        seat: Seat,
    ) -> Result<Applied<G>, ServiceError> {
        let state = &self.loaded.state;
        let finished = G::finish(state).map(|f| (f.winner, f.reason, f.balances));
        // The computer has no clock: its turns are played by `computer_move`.
        let computer = self.loaded.meta.computer_seat();
        let deadline = G::to_act(state)
            .filter(|next| Some(*next) != computer)
            .map(|next| self.now + self.loaded.meta.turn_timeout_secs + self.banks[next]);
        let update = store::MatchUpdate::<G> {
            id: self.loaded.meta.id,
            version: self.version,
            state,
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
            rounds: self.rounds_before..G::rounds_played(state),
        };
        store::push_outbox(
            &mut *tx,
            self.loaded.meta.id,
            &Notice::Show(shown),
            self.now,
        )
        .await?;
        if let Some(finish) = G::finish(state) {
            if self.loaded.meta.practice.is_some() {
                let record = G::seat_record(state, stats::PRACTICE_SEAT);
                stats::record_practice(&mut *tx, &self.loaded.meta, finish.winner, &record).await?;
            } else {
                let records = PerSeat::new(
                    G::seat_record(state, Seat::ZERO),
                    G::seat_record(state, Seat::ONE),
                );
                stats::record_game(&mut *tx, &self.loaded.meta, finish.winner, &records).await?;
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
            seed: self.loaded.seed,
            state: self.loaded.state,
            meta,
        })
    }
}

/// A committed action as the game-neutral parts of the host see it: which match moved, to
/// which version, by whom, and who is to act now.
#[derive(Debug, Clone)]
pub struct Committed {
    pub meta: MatchMeta,
    pub version: i64,
    /// The seat whose click (or timeout, or computer move) this was.
    pub seat: Seat,
    /// Moves committed (a click can be followed by forced moves).
    pub moves: usize,
    /// The seat to act now, `None` once the game is over.
    pub to_act: Option<Seat>,
}

impl<G: Rules> From<&Applied<G>> for Committed {
    fn from(a: &Applied<G>) -> Committed {
        Committed {
            meta: a.meta.clone(),
            version: a.version,
            seat: a.seat,
            moves: a.moves.len(),
            to_act: G::to_act(&a.state),
        }
    }
}

impl Committed {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.to_act.is_none()
    }

    /// Whether the computer of a practice match is to act next.
    pub fn computer_next(&self) -> bool {
        self.meta.computer_seat().is_some() && self.to_act == self.meta.computer_seat()
    }
}

impl MatchService {
    /// [`MatchService::run_timeout`] for a match of any game.
    ///
    /// # Errors
    /// As [`MatchService::run_timeout`].
    pub async fn timeout(&self, match_id: MatchId) -> Result<Option<Committed>, ServiceError> {
        let game = self.game_of(match_id).await?;
        with_game!(game, G => Ok(self.run_timeout::<G>(match_id).await?.as_ref().map(Committed::from)))
    }

    /// [`MatchService::computer_move`] for a match of any game.
    ///
    /// # Errors
    /// As [`MatchService::computer_move`].
    pub async fn play_computer(
        &self,
        match_id: MatchId,
    ) -> Result<Option<Committed>, ServiceError> {
        let game = self.game_of(match_id).await?;
        with_game!(game, G => Ok(self.computer_move::<G>(match_id).await?.as_ref().map(Committed::from)))
    }
}
