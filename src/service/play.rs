//! The transaction for one action: a player's move, a resignation, or the bot's move for a
//! player whose time ran out — with the riichi player's automatic discards that follow, in
//! the same transaction.
//!
//! Time: a turn has the server's turn time plus the player's bank; a claim window (several
//! seats asked at once) has the claim time, and a seat that does not answer passes. At a table
//! of two, a third timeout in a row forfeits the match. At a table of more, a player who times
//! out twice in a row is away: the computer plays their seat at once until they take it back
//! (one click, or any move of their own), so the others never wait on them.

use super::{stats, Loaded, MatchService, ServiceError};
use crate::games::interface::deal::DeckSeed;
use crate::games::interface::seat::{PerSeat, Seat, SeatCount, SeatSet};
use crate::games::interface::{Acting, Concession, Hosted};
use crate::games::interface::{Budget, Level};
use crate::games::registry::with_game;
use crate::store::{
    self, EventRow, MatchId, MatchMeta, MatchStatus, Move, Notice, Origin, SeatMeta, Shown, UserId,
};

/// Consecutive timeouts that forfeit a match of two.
pub const FORFEIT_AFTER_TIMEOUTS: i64 = 3;

/// Consecutive timeouts after which a player at a table of more than two is away: the
/// computer plays their seat until they take it back.
pub const AWAY_AFTER_TIMEOUTS: i64 = 2;

/// The result of a committed action of game `G`.
#[derive(Debug, Clone)]
pub struct Applied<G: crate::games::interface::Play> {
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
    /// The match's rule options (a teaching hand's hints and suggestion read them).
    pub options: G::Options,
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
    pub async fn apply<G: Hosted>(
        &self,
        match_id: MatchId,
        user: UserId,
        expected_version: i64,
        action: G::Action,
    ) -> Result<Applied<G>, ServiceError> {
        let begun = self.begin_active::<G>(match_id).await;
        self.apply_from::<G>(match_id, begun, user, expected_version, action)
            .await
    }

    /// [`MatchService::apply`], its first try on the match as `begun` read it.
    pub(super) async fn apply_from<G: Hosted>(
        &self,
        match_id: MatchId,
        begun: Result<(store::WriteTx, Loaded<G>), ServiceError>,
        user: UserId,
        expected_version: i64,
        action: G::Action,
    ) -> Result<Applied<G>, ServiceError> {
        let mut seen = expected_version;
        let mut begun = Some(begun);
        // An answer in a claim window stays good while only the others answer it: each
        // answer is a new version, and the asked players click at once (a few tries at most,
        // one per other seat asked).
        for attempt in 0..=4 {
            let tx = match begun.take() {
                Some(first) => first?,
                None => self.begin_active::<G>(match_id).await?,
            };
            match self
                .act_in::<G>(tx, user, Some(seen), Move::Play(action))
                .await
            {
                Err(ServiceError::Conflict { current_version }) if attempt < 4 => {
                    // The match may have moved again since the conflict was seen (the asked
                    // seats click at once): the window is judged as it stands now.
                    match self.same_claim_window::<G>(match_id, user, seen).await? {
                        Some(now) => seen = now,
                        None => return Err(ServiceError::Conflict { current_version }),
                    }
                }
                other => return other,
            }
        }
        unreachable!("the last try returns")
    }

    /// The match's version now, if `user`, who saw the match at version `seen`, was asked in a
    /// claim window then that is still open now with the same choices for them, the versions
    /// between being only the other asked seats' answers (each one once); `None` otherwise. Read from the stored window: the
    /// match as stored (the window still asking `user`) and its moves since `seen`, each an
    /// answer of a seat the window no longer asks. A move that closes a window and opens
    /// another is never a lone answer: the next window comes after a claim and its discard,
    /// or a draw and a discard, two moves of one seat; and a seat's choices in a window are
    /// the discard's and its own hand's, which the others' answers do not change.
    async fn same_claim_window<G: Hosted>(
        &self,
        match_id: MatchId,
        user: UserId,
        seen: i64,
    ) -> Result<Option<i64>, ServiceError> {
        let current = self.load::<G>(match_id).await?;
        let now = current.meta.version;
        let Some(seat) = current.seat_of(user) else {
            return Ok(None);
        };
        let Acting::Claims(asked) = G::to_act(&current.state) else {
            return Ok(None);
        };
        if !asked.contains(seat) || seen >= now {
            return Ok(None);
        }
        let rows = self.store.events_between::<G>(match_id, seen, now).await?;
        if rows.len() as i64 != now - seen {
            return Ok(None);
        }
        let mut answered = SeatSet::EMPTY;
        for row in &rows {
            let answer = matches!(row.action, Move::Play(_))
                && !asked.contains(row.seat)
                && !answered.contains(row.seat);
            if !answer {
                return Ok(None);
            }
            answered = answered.with(row.seat);
        }
        Ok((!G::legal_actions(&current.state, seat).is_empty()).then_some(now))
    }

    /// As [`MatchService::apply`], for the action a button carries as its game's code: the
    /// match's game reads it (`Hosted::parse_action`).
    ///
    /// # Errors
    /// [`ServiceError::UnknownAction`] for a code the game never made, else as
    /// [`MatchService::apply`].
    pub async fn apply_code<G: Hosted>(
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
    pub async fn resign<G: Hosted>(
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

    async fn act<G: Hosted>(
        &self,
        match_id: MatchId,
        user: UserId,
        expected_version: Option<i64>,
        mv: Move<G::Action>,
    ) -> Result<Applied<G>, ServiceError> {
        let begun = self.begin_active::<G>(match_id).await?;
        self.act_in::<G>(begun, user, expected_version, mv).await
    }

    /// A write transaction with match `match_id` read in it (one hand-off on SQLite), active,
    /// as game `G`'s.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], [`ServiceError::NotHosted`], [`ServiceError::Finished`],
    /// or a store error.
    pub(super) async fn begin_active<G: Hosted>(
        &self,
        match_id: MatchId,
    ) -> Result<(store::WriteTx, Loaded<G>), ServiceError> {
        let (tx, row) = self.store.begin_write_loading(match_id).await?;
        let row = row.ok_or(ServiceError::NotFound(match_id))?;
        Ok((tx, active::<G>(row)?))
    }

    /// One action on the match `begun` read in its transaction.
    pub(super) async fn act_in<G: Hosted>(
        &self,
        (mut tx, loaded): (store::WriteTx, Loaded<G>),
        user: UserId,
        expected_version: Option<i64>,
        mv: Move<G::Action>,
    ) -> Result<Applied<G>, ServiceError> {
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

    /// `user` takes their seat back from the computer that played it while they were away.
    /// `None` when they were not away (nothing written).
    ///
    /// # Errors
    /// [`ServiceError::NotFound`], [`ServiceError::Finished`], [`ServiceError::NotSeated`],
    /// or a store error.
    pub async fn take_back_seat<G: Hosted>(
        &self,
        match_id: MatchId,
        user: UserId,
    ) -> Result<Option<Applied<G>>, ServiceError> {
        let begun = self.begin_active::<G>(match_id).await?;
        self.take_back_from::<G>(begun, user).await
    }

    /// [`MatchService::take_back_seat`] on the match `begun` read in its transaction.
    pub(super) async fn take_back_from<G: Hosted>(
        &self,
        (mut tx, loaded): (store::WriteTx, Loaded<G>),
        user: UserId,
    ) -> Result<Option<Applied<G>>, ServiceError> {
        let seat = loaded.seat_of(user).ok_or(ServiceError::NotSeated)?;
        if !loaded.meta.seats[seat].away {
            return Ok(None);
        }
        let mut turn = Turn::new(loaded, self.clock.now());
        turn.seats[seat].away = false;
        turn.seats[seat].timeouts = 0;
        let applied = turn.finish(&mut tx, seat).await?;
        tx.commit().await?;
        Ok(Some(applied))
    }

    /// A computer plays `seats` for their players from now on, as for players away (a
    /// tournament's no-shows), on the match `begun` read in its transaction; they take their
    /// seats back from their hands. `seats` must not be empty.
    pub(super) async fn away_in<G: Hosted>(
        &self,
        (mut tx, loaded): (store::WriteTx, Loaded<G>),
        seats: &[Seat],
    ) -> Result<Applied<G>, ServiceError> {
        let mut turn = Turn::new(loaded, self.clock.now());
        for &seat in seats {
            turn.seats[seat].away = true;
        }
        let applied = turn.finish(&mut tx, seats[0]).await?;
        tx.commit().await?;
        Ok(applied)
    }

    /// Plays for the players whose deadline has passed (rules of the bot, not the game): on
    /// a turn, the safest legal minimum for the whole turn — decline a claim or draw, then
    /// discard the piece drawn — or the `normal` computer's turn (the server's AFK setting,
    /// or a player away); in a claim window, a pass for every seat that has not answered. At
    /// a table of two the third timeout in a row forfeits the match; at a larger one the
    /// second makes the player away. `None` when the match is not (or no longer) due: another
    /// action or sweep got there first. One transaction.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`] or a store error.
    pub async fn run_timeout<G: Hosted>(
        &self,
        match_id: MatchId,
    ) -> Result<Option<Applied<G>>, ServiceError> {
        let (mut tx, loaded) = match self.begin_active::<G>(match_id).await {
            Ok(begun) => begun,
            Err(ServiceError::Finished) => return Ok(None),
            Err(e) => return Err(e),
        };
        let now = self.clock.now();
        let due = loaded.meta.turn_deadline.is_some_and(|d| d <= now);
        let waiting = clocked_seats(&loaded.meta, G::to_act(&loaded.state));
        let Some(first) = waiting.first().copied().filter(|_| due) else {
            return Ok(None);
        };
        let two = loaded.meta.seat_count() == SeatCount::TWO;
        let mut turn = Turn::new(loaded, now);
        for seat in waiting {
            turn.seats[seat].timeouts += 1;
            let timeouts = turn.seats[seat].timeouts;
            if two && timeouts >= FORFEIT_AFTER_TIMEOUTS {
                let forfeit = Move::Concede(Concession::Forfeit);
                turn.play(&mut tx, seat, forfeit, Origin::Forfeit).await?;
                break;
            }
            if !two && timeouts >= AWAY_AFTER_TIMEOUTS {
                turn.seats[seat].away = true;
            }
            if turn.loaded.meta.afk_computer || turn.seats[seat].away {
                turn.play_for_absent(&mut tx, seat).await?;
            } else {
                turn.play_minimum(&mut tx, seat).await?;
            }
        }
        if G::finish(turn.state()).is_none() {
            turn.forced_moves(&mut tx).await?;
        }
        let applied = turn.finish(&mut tx, first).await?;
        tx.commit().await?;
        Ok(Some(applied))
    }
}

/// The seats whose clock runs now: the players (not away) among those to act. A computer,
/// and a player away, act at once through the computer's sweep and have no clock.
fn clocked_seats(meta: &MatchMeta, acting: Acting) -> Vec<Seat> {
    acting
        .seats()
        .iter()
        .filter(|s| meta.seats[*s].played_by_computer().is_none())
        .collect()
}

/// When the seats to act now run out of time, if any has a clock: a turn has the turn time
/// plus the player's bank; a claim window the claim time, kept while it stays open (an
/// answer does not restart the others' clock). A teaching match has no clock at all, claim
/// windows included (issue 39: a player's time is their own, and a learner's answer to a
/// discard is a decision like any other; the humans at the table agreed by joining it).
fn deadline(
    meta: &MatchMeta,
    seats: &PerSeat<SeatMeta>,
    (before, after): (Acting, Acting),
    now: i64,
) -> Option<i64> {
    if meta.teach {
        return None;
    }
    let clocked = after
        .seats()
        .iter()
        .any(|s| seats[s].played_by_computer().is_none());
    if !clocked {
        return None;
    }
    match after {
        Acting::Turn(seat) => Some(now + meta.turn_timeout_secs + seats[seat].bank),
        Acting::Claims(asked) => {
            let same_window = matches!(before, Acting::Claims(was)
                if asked != was && asked.iter().all(|s| was.contains(s)));
            match meta.turn_deadline.filter(|_| same_window) {
                Some(running) => Some(running),
                None => Some(now + meta.claim_secs),
            }
        }
        Acting::Over => None,
    }
}

/// Applies a move to a game dealt from `seed`.
///
/// # Errors
/// The engine's refusal; the game is unchanged then.
fn apply_move<G: Hosted>(
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

/// A match's row as game `G`'s, refused once the match is over (finished, or cancelled by a
/// re-seat).
pub(super) fn active<G: Hosted>(row: store::MatchRow) -> Result<Loaded<G>, ServiceError> {
    let loaded = Loaded::<G>::decode(row)?;
    if loaded.meta.is_over() {
        return Err(ServiceError::Finished);
    }
    Ok(loaded)
}

/// One or more moves inside one transaction: each is logged with its origin, ledger rows
/// and stats counters are written as they happen, and the match row once at the end.
pub(super) struct Turn<G: crate::games::interface::Play> {
    loaded: Loaded<G>,
    now: i64,
    version: i64,
    /// Who was to act before the first move (a claim window keeps its deadline).
    acting_before: Acting,
    /// Round records before the first move (the summaries to post are those after).
    rounds_before: usize,
    /// The seats as the moves leave them (banks, timeouts, away).
    seats: PerSeat<SeatMeta>,
    events: Vec<G::Event>,
    moves: Vec<(Seat, Move<G::Action>, Origin)>,
}

impl<G: Hosted> Turn<G> {
    pub(super) fn new(loaded: Loaded<G>, now: i64) -> Turn<G> {
        Turn {
            version: loaded.meta.version,
            acting_before: G::to_act(&loaded.state),
            rounds_before: G::rounds_played(&loaded.state),
            seats: loaded.meta.seats.clone(),
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
        let after = &self.loaded.state;
        let rows: Vec<store::LedgerRow> = G::ledger(Some(&before), after, &events)
            .into_iter()
            .map(Into::into)
            .collect();
        let row = EventRow::<G> {
            seq: self.version,
            seat,
            action: mv,
            events,
            created_at: self.now,
            origin,
        };
        store::append_event::<G>(&mut *tx, match_id, &row);
        store::append_ledger(&mut *tx, match_id, &rows);
        // Practice and teaching matches count no moves toward the server's statistics.
        let counted = !self.loaded.meta.is_practice() && !self.loaded.meta.teach;
        if let (true, Move::Play(action)) = (counted, mv) {
            let counters = G::move_counters(&before, after, seat, action);
            stats::record_move(&mut *tx, &self.loaded.meta, seat, counters).await?;
        }
        self.events.extend(row.events);
        self.moves.push((seat, mv, origin));
        Ok(())
    }

    /// Whether `seat` may still act in the same turn or window of round `round`.
    fn still_acting(&self, seat: Seat, round: usize) -> bool {
        G::to_act(self.state()).includes(seat) && G::rounds_played(self.state()) == round
    }

    /// The whole timed-out turn (or answer): keep playing the minimum while it is still this
    /// seat's.
    async fn play_minimum(
        &mut self,
        tx: &mut store::TxConn,
        seat: Seat,
    ) -> Result<(), ServiceError> {
        let round = G::rounds_played(self.state());
        while self.still_acting(seat, round) {
            let Some(action) = G::timeout_action(self.state(), seat) else {
                break;
            };
            self.play(tx, seat, Move::Play(action), Origin::Timeout)
                .await?;
        }
        Ok(())
    }

    /// The whole timed-out turn, played by the `normal` computer from this seat's view only
    /// (the server's AFK setting, or a player away); logged as a timeout.
    async fn play_for_absent(
        &mut self,
        tx: &mut store::TxConn,
        seat: Seat,
    ) -> Result<(), ServiceError> {
        // Only the turn that timed out: a move that ends the round ends the turn too.
        let round = G::rounds_played(self.state());
        while self.still_acting(seat, round) {
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

    /// A player's own move ends their run of timeouts (and their absence) and takes any
    /// overrun of the turn time from their bank; a timeout empties the bank (the deadline
    /// included it). A claim window's answer costs no bank.
    fn charge_time(&mut self, seat: Seat, origin: Origin) {
        let in_window = matches!(self.acting_before, Acting::Claims(_));
        let meta = &self.loaded.meta;
        let s = &mut self.seats[seat];
        match origin {
            Origin::Player | Origin::Resign => {
                // A teaching match has no clock: its turns cost no bank.
                if !in_window && !meta.teach {
                    let started = meta.turn_started_at.unwrap_or(self.now);
                    let overrun = (self.now - started - meta.turn_timeout_secs).max(0);
                    s.bank = (s.bank - overrun).max(0);
                }
                s.timeouts = 0;
                s.away = false;
            }
            Origin::Timeout | Origin::Forfeit => {
                if !in_window {
                    s.bank = 0;
                }
            }
            Origin::Auto | Origin::Computer => {}
        }
    }

    /// Moves a player has no choice about, played for them at once (`Hosted::forced_action`:
    /// MOMOJAN's riichi discard, rules §5; shogi mahjong's only-legal draw), and the moves a
    /// player's auto switches take for them (`Hosted::auto_action`), until neither decides.
    pub(super) async fn forced_moves(
        &mut self,
        tx: &mut store::TxConn,
    ) -> Result<(), ServiceError> {
        while let Some((seat, action)) =
            G::forced_action(self.state()).or_else(|| self.switched_action())
        {
            self.play(tx, seat, Move::Play(action), Origin::Auto)
                .await?;
        }
        Ok(())
    }

    /// The first move among the seats to act that a player's auto switches take now, from
    /// that seat's own view. A seat the computer plays (a computer's, a player's while away)
    /// is the computer's to play.
    fn switched_action(&self) -> Option<(Seat, G::Action)> {
        G::to_act(self.state()).seats().iter().find_map(|seat| {
            let s = &self.seats[seat];
            if s.auto.is_empty() || s.played_by_computer().is_some() {
                return None;
            }
            G::auto_action(&G::view(self.state(), seat), s.auto).map(|action| (seat, action))
        })
    }

    /// Whether a move was played.
    pub(super) fn has_moves(&self) -> bool {
        !self.moves.is_empty()
    }

    /// The match as loaded, when no move was played and nothing of it but what the caller
    /// wrote itself changes: its version, deadline and turn clock stay.
    pub(super) fn unchanged(self, seat: Seat) -> Applied<G> {
        Applied {
            version: self.version,
            seat,
            events: Vec::new(),
            moves: Vec::new(),
            seed: self.loaded.seed,
            state: self.loaded.state,
            meta: self.loaded.meta,
            options: self.loaded.options,
        }
    }

    /// Writes the match row (version, snapshot, deadline, seats, result) and, at the end of
    /// the game, every player's stats and ratings (or practice records).
    pub(super) async fn finish(
        mut self,
        tx: &mut store::TxConn,
        seat: Seat,
    ) -> Result<Applied<G>, ServiceError> {
        let finish = G::finish(&self.loaded.state);
        if let Some(f) = &finish {
            for (s, balance) in f.balances.iter() {
                self.seats[s].final_balance = Some(*balance);
                self.seats[s].place = u8::try_from(f.place(s)).ok();
            }
        }
        let acting = G::to_act(&self.loaded.state);
        let meta = &self.loaded.meta;
        let turn_deadline = deadline(meta, &self.seats, (self.acting_before, acting), self.now)
            .filter(|_| finish.is_none());
        let update = store::MatchUpdate::<G> {
            id: meta.id,
            version: self.version,
            state: &self.loaded.state,
            turn_deadline,
            finished: finish.as_ref().map(|f| (f.winner(), f.reason)),
            now: self.now,
            seats_before: &meta.seats,
            seats: &self.seats,
        };
        store::update_match(&mut *tx, &update);
        // What the players must be shown, committed with the change itself.
        let shown = Shown {
            from_version: meta.version,
            to_version: self.version,
            seat,
            timeouts: self.seats[seat].timeouts,
            rounds: self.rounds_before..G::rounds_played(&self.loaded.state),
        };
        store::push_outbox(&mut *tx, meta.id, &Notice::Show(shown), self.now);
        if let Some(finish) = &finish {
            let state = &self.loaded.state;
            let records = G::balances(state).map(|s, _| G::seat_record(state, s));
            // A teaching match is practice (issue 39): with computers it counts as practice
            // against them, between people only it changes no rating or record at all.
            if meta.is_practice() {
                stats::record_practice(&mut *tx, meta, finish, &records).await?;
            } else if !meta.teach {
                stats::record_game(&mut *tx, meta, finish, &records).await?;
                // The board is the season's, like the leaderboard: rated games only.
                super::highlights::record::<G>(&mut *tx, meta, state).await?;
            }
        }
        let mut meta = self.loaded.meta;
        meta.version = self.version;
        meta.turn_deadline = turn_deadline;
        meta.turn_started_at = Some(self.now);
        meta.updated_at = self.now;
        meta.seats = self.seats;
        if let Some(f) = finish {
            meta.status = MatchStatus::Finished;
            meta.winner = Some(f.winner());
            meta.end_reason = Some(f.reason);
        }
        Ok(Applied {
            version: self.version,
            seat,
            events: self.events,
            moves: self.moves,
            seed: self.loaded.seed,
            state: self.loaded.state,
            meta,
            options: self.loaded.options,
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
    /// Who is to act now.
    pub to_act: Acting,
}

impl<G: crate::games::interface::Play> From<&Applied<G>> for Committed {
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
        self.to_act.is_over()
    }

    /// Whether a computer (a computer's seat, or a player's while they are away) is among
    /// those to act next.
    pub fn computer_next(&self) -> bool {
        self.to_act
            .seats()
            .iter()
            .any(|s| self.meta.computer(s).is_some())
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

    /// [`MatchService::take_back_seat`] for a match of any game.
    ///
    /// # Errors
    /// As [`MatchService::take_back_seat`].
    pub async fn take_back(
        &self,
        match_id: MatchId,
        user: UserId,
    ) -> Result<Option<Committed>, ServiceError> {
        let game = self.game_of(match_id).await?;
        with_game!(game, G => Ok(self.take_back_seat::<G>(match_id, user).await?.as_ref().map(Committed::from)))
    }
}
