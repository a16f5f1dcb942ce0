//! The rolling format's pure rules (see [`super::rolling`]): the seat order a table's draw
//! gives, the queue's order, and the best run an entrant is ranked by. No I/O: the same inputs
//! give the same answer to anyone who re-derives them.

use super::draw;
use super::seating::{self, Seed};
use crate::store::{self, Entrant, Tournament, TournamentTable, UserId, Waiting};

/// The longest run a rolling event ranks by, in games.
pub const MAX_RUN: u32 = store::MAX_RUN;

/// The longest window, in minutes (a month).
pub const MAX_WINDOW_MINS: u32 = 31 * 24 * 60;

/// The longest wait before computers fill a table, in minutes (a day).
pub const MAX_FILL_AFTER_MINS: u32 = 24 * 60;

/// A rolling table's seats in order (`None`: a computer) from the event's secret, the table's
/// number and its players in queue order with their queue clicks: the players and `computers`
/// shuffled by SHA-256 of those (see [`draw::seed`]).
pub fn rolling_seats(
    secret: &[u8; 32],
    table: usize,
    queued: &[(UserId, i64)],
    computers: usize,
) -> Vec<Option<UserId>> {
    let mut inputs = vec![table as i64];
    inputs.extend(queued.iter().map(|(_, click)| *click));
    let seed = Seed(draw::seed(secret, &inputs));
    let mut seats: Vec<Option<UserId>> = queued.iter().map(|(user, _)| Some(*user)).collect();
    seats.extend(std::iter::repeat_n(None, computers));
    seating::shuffled(&seed, &mut seats);
    seats
}

/// The best total of `run` consecutive games among `points` (in the order played); `None`
/// with fewer games than that.
pub fn best_run(points: &[i64], run: usize) -> Option<i64> {
    if run == 0 || points.len() < run {
        return None;
    }
    points.windows(run).map(|w| w.iter().sum()).max()
}

/// The entrants waiting in an event's queue, first come first (join order breaks a tie), with
/// those at a table not finished left out.
pub fn queue<'a>(entrants: &'a [Entrant], busy: &[UserId]) -> Vec<(&'a Entrant, Waiting)> {
    let mut waiting: Vec<(&Entrant, Waiting)> = entrants
        .iter()
        .filter(|e| !e.dropped && !busy.contains(&e.user))
        .filter_map(|e| e.waiting.map(|w| (e, w)))
        .collect();
    waiting.sort_by_key(|(e, w)| (w.since, e.position));
    waiting
}

/// What re-deriving a rolling event's draw finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Redrawn {
    /// The revealed secret is not the one committed when the event was created.
    SecretDiffers,
    /// This table's seats (numbered from 0) are not the ones its draw gives.
    TableDiffers(usize),
    /// Every table's seats follow from the secret and its draw (the tables checked).
    Agrees(usize),
}

/// A rolling event's draw re-derived from its revealed secret and its tables' draws.
pub fn redraw(event: &Tournament, tables: &[TournamentTable]) -> Redrawn {
    if draw::commitment(&event.secret) != event.commitment {
        return Redrawn::SecretDiffers;
    }
    for t in tables {
        let draws = t.draws.as_deref().unwrap_or_default();
        let computers = t.seats.len().saturating_sub(draws.len());
        if rolling_seats(&event.secret, t.table, draws, computers) != t.seats {
            return Redrawn::TableDiffers(t.table);
        }
    }
    Redrawn::Agrees(tables.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_best_run_is_the_best_window_of_consecutive_games() {
        assert_eq!(best_run(&[10, -5, 30, 20, -40], 2), Some(50));
        assert_eq!(best_run(&[10, -5, 30, 20, -40], 3), Some(45));
        assert_eq!(best_run(&[10, -5, 30, 20, -40], 5), Some(15));
        assert_eq!(best_run(&[10, -5], 3), None, "too few games");
        assert_eq!(best_run(&[-10, -20], 1), Some(-10));
    }

    #[test]
    fn a_rolling_table_seats_its_players_and_computers_by_its_own_seed() {
        let queued = [(UserId(1), 100), (UserId(2), 200), (UserId(3), 300)];
        let seats = rolling_seats(&[7; 32], 4, &queued, 1);
        assert_eq!(seats.len(), 4);
        let mut players: Vec<UserId> = seats.iter().flatten().copied().collect();
        players.sort();
        assert_eq!(players, vec![UserId(1), UserId(2), UserId(3)]);
        assert_eq!(seats.iter().filter(|s| s.is_none()).count(), 1);
        assert_eq!(
            seats,
            rolling_seats(&[7; 32], 4, &queued, 1),
            "the same seed"
        );
        // Some change of secret, table or click moves the seats (over a few tries: a single
        // change may leave one order by chance, 1 in 24).
        let moved = (0..8).any(|k| {
            rolling_seats(&[k; 32], 4, &queued, 1) != seats
                && rolling_seats(&[7; 32], 5 + k as usize, &queued, 1) != seats
        });
        assert!(moved, "the seed decides the order");
    }

    #[test]
    fn the_queue_is_first_come_first_and_leaves_out_the_busy_and_the_dropped() {
        let entrant = |user: i64, position: i64, since: Option<i64>, dropped: bool| Entrant {
            user: UserId(user),
            name: String::new(),
            position,
            join_interaction: user,
            dropped,
            from_round: 1,
            dropped_round: None,
            waiting: since.map(|since| Waiting {
                since,
                interaction: user,
            }),
        };
        let entrants = [
            entrant(1, 0, Some(50), false),
            entrant(2, 1, Some(10), false),
            entrant(3, 2, None, false),
            entrant(4, 3, Some(10), false),
            entrant(5, 4, Some(5), true),
            entrant(6, 5, Some(1), false),
        ];
        let order: Vec<i64> = queue(&entrants, &[UserId(6)])
            .iter()
            .map(|(e, _)| e.user.0)
            .collect();
        assert_eq!(order, vec![2, 4, 1]);
    }
}
