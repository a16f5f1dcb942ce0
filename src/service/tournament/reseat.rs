//! An organiser re-seats a table of the running round (issue 38): the table's match ends
//! without a result (cancelled: it counts for nobody's standings, records or rating) and a new
//! match starts for the same players, its seat winds drawn again — one transaction under the
//! channel's lock, so two presses at once or a restart in between leave one new match.
//!
//! The new seat order is a function of the event's seed, the round, the table and how many
//! times the table has been re-seated ([`reseated`]), so `verify` re-derives it as it does the
//! round's seating.

use sha2::{Digest, Sha256};

use super::control::organised;
use super::rounds::StartedTable;
use super::seating::{shuffled, Seed};
use super::signup::TournamentRefusal;
use crate::games::interface::seat::Seat;
use crate::service::{MatchService, ServiceError};
use crate::store::{
    self, ChannelId, MatchMeta, Notice, Shown, Tournament, TournamentFormat, TournamentState,
    UserId,
};

/// What the re-seat's draw hashes first, so it cannot be mistaken for another of the bot's
/// hashes.
const DOMAIN: &[u8] = b"momojan tournament reseat v1";

/// A table re-seated.
#[derive(Debug, Clone)]
pub struct Reseated {
    pub event: Tournament,
    /// The match ended without a result (its thread gets a notice).
    pub cancelled: MatchMeta,
    /// The table's new match, in its seats drawn again.
    pub started: StartedTable,
}

impl MatchService {
    /// The organiser re-seats table `table` (from 0) of the channel's running round: its match
    /// is cancelled and a new one starts for the same players in seats drawn again.
    ///
    /// A paused event's round may be re-seated (pausing holds only the next round); an event
    /// that has finished has no running round.
    ///
    /// # Errors
    /// [`TournamentRefusal`] (no running event, not the organiser, sign-up still open, no round
    /// running, a rolling event, no such table, its match not started yet, ended, or just
    /// re-seated with no move made in the new one), or a store error. Nothing is written then.
    pub async fn reseat_tournament_table(
        &self,
        channel: ChannelId,
        by: UserId,
        table: usize,
    ) -> Result<Reseated, ServiceError> {
        let number = table + 1;
        let mut tx = self.store.begin_write().await?;
        let event = organised(&mut tx, channel, by).await?;
        if event.format == TournamentFormat::Rolling {
            return Err(TournamentRefusal::ReseatRolling.into());
        }
        if event.state != TournamentState::Running {
            return Err(TournamentRefusal::NoRound.into());
        }
        let seed = event.seed.ok_or(TournamentRefusal::NoRound)?;
        let tables = store::tournament_tables_in(&mut tx, event.id, event.round).await?;
        let row = tables
            .into_iter()
            .find(|t| t.table == table)
            .ok_or(TournamentRefusal::NoTable(number))?;
        let old = row
            .match_id
            .ok_or(TournamentRefusal::TableNotStarted(number))?;
        let cancelled = store::load_match_in(&mut tx, old)
            .await?
            .ok_or(ServiceError::NotFound(old))?
            .meta;
        if cancelled.is_over() {
            return Err(TournamentRefusal::TableEnded(number).into());
        }
        // A second press of the same re-seat (two organisers at once, or one pressing twice)
        // finds the new match untouched: refused, so one re-seat leaves one new match.
        if !row.cancelled.is_empty() && store::seats_that_moved(&mut tx, old).await?.is_empty() {
            return Err(TournamentRefusal::JustReseated(number).into());
        }
        let times = row.cancelled.len() as u32 + 1;
        let seats = reseated(&seed, event.round, table, times, &row.seats);
        let now = self.clock.now();
        if !store::cancel_match_in(&mut tx, old, now).await?
            || !store::reseat_tournament_table(&mut tx, event.id, &row, old, &seats).await?
        {
            // Cannot happen under the channel's lock and the match's; nothing is committed.
            return Err(TournamentRefusal::TableEnded(number).into());
        }
        // The old thread's notice and its table's last edit go through the outbox with the
        // cancellation, so a restart between the commit and the post loses neither: a change
        // without a move at the match's version, shown for a cancelled match as the re-seat.
        let unchanged = Notice::Show(Shown {
            from_version: cancelled.version,
            to_version: cancelled.version,
            seat: Seat::ZERO,
            timeouts: 0,
            rounds: 0..0,
        });
        store::push_outbox(&mut tx, old, &unchanged, now);
        let started = self
            .start_table_in(&mut tx, event.clone(), table)
            .await?
            .ok_or(TournamentRefusal::Gone)?;
        tx.commit().await?;
        Ok(Reseated {
            event,
            cancelled,
            started,
        })
    }
}

/// The seat order of a table re-seated for the `times`-th time, from its order before: the
/// same occupants shuffled by the seating's own draw ([`shuffled`]) keyed with SHA-256 of the
/// domain, the event's seed and the round, table (from 0) and `times` (4 bytes each,
/// big-endian). A fresh draw: it may give the same order again.
pub fn reseated<T: Copy>(
    seed: &[u8; 32],
    round: u32,
    table: usize,
    times: u32,
    seats: &[T],
) -> Vec<T> {
    let mut hash = Sha256::new();
    hash.update(DOMAIN);
    hash.update(seed);
    hash.update(round.to_be_bytes());
    hash.update((table as u32).to_be_bytes());
    hash.update(times.to_be_bytes());
    let mut order = seats.to_vec();
    shuffled(&Seed(hash.finalize().into()), &mut order);
    order
}

/// A table's seats as the round's seating gave them, re-seated `times` times over (what
/// `verify` expects to find on the table).
pub(super) fn reseated_times<T: Copy>(
    seed: &[u8; 32],
    round: u32,
    table: usize,
    times: usize,
    drawn: &[T],
) -> Vec<T> {
    (1..=times as u32).fold(drawn.to_vec(), |seats, k| {
        reseated(seed, round, table, k, &seats)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_draw_depends_on_the_seed_round_table_and_count() {
        let seats = [1, 2, 3, 4];
        let a = reseated(&[7; 32], 2, 1, 1, &seats);
        assert_eq!(a, reseated(&[7; 32], 2, 1, 1, &seats), "deterministic");
        let others = [
            reseated(&[8; 32], 2, 1, 1, &seats),
            reseated(&[7; 32], 3, 1, 1, &seats),
            reseated(&[7; 32], 2, 0, 1, &seats),
            reseated(&[7; 32], 2, 1, 2, &seats),
        ];
        // Each input changes the draw somewhere (24 orders: a few may coincide by chance, not
        // all four).
        assert!(others.iter().any(|o| *o != a), "{a:?} {others:?}");
    }

    #[test]
    fn every_order_of_four_seats_is_drawn() {
        let mut seen = std::collections::BTreeSet::new();
        for times in 1..=400 {
            seen.insert(reseated(&[3; 32], 1, 0, times, &[0, 1, 2, 3]));
        }
        assert_eq!(seen.len(), 24);
    }

    #[test]
    fn re_seating_twice_is_two_draws_in_a_row() {
        let drawn = [Some(10), None, Some(30)];
        let once = reseated(&[1; 32], 4, 2, 1, &drawn);
        assert_eq!(reseated_times(&[1; 32], 4, 2, 0, &drawn), drawn.to_vec());
        assert_eq!(reseated_times(&[1; 32], 4, 2, 1, &drawn), once);
        assert_eq!(
            reseated_times(&[1; 32], 4, 2, 2, &drawn),
            reseated(&[1; 32], 4, 2, 2, &once)
        );
    }

    proptest! {
        #[test]
        fn a_reseat_keeps_the_same_occupants(
            seed in any::<[u8; 32]>(),
            round in 1u32..100,
            table in 0usize..50,
            times in 1u32..10,
            seats in proptest::collection::vec(proptest::option::of(0i64..1000), 2..=4),
        ) {
            let mut after = reseated(&seed, round, table, times, &seats);
            let mut before = seats.clone();
            after.sort();
            before.sort();
            prop_assert_eq!(after, before);
        }
    }
}
