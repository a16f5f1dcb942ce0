//! Results collected from the finished matches of an event's tables into standings, and an
//! event moved on when its round's last table ends: the next round seated from the standings
//! (Swiss: similar totals together, repeat meetings avoided), or the event finished and its
//! secret revealed. One transaction per step, under the event's row lock, so a round is
//! seated once whoever tries it.

use super::lobby;
use super::seating::{self, Place, Player};
use super::signup::{round_robin_round, swiss, Tables, TournamentRefusal};
use crate::service::{MatchService, ServiceError};
use crate::store::{
    self, ChannelId, Entrant, Tournament, TournamentFormat, TournamentId, TournamentState,
    TournamentTable, UserId,
};

/// One entrant's line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub user: UserId,
    pub name: String,
    /// Finished games.
    pub games: u32,
    /// The sum of their final points.
    pub total: i64,
    /// The sum of their places (1 for a game's winner).
    pub places: u32,
    /// Dropped by the organiser (their games still count).
    pub dropped: bool,
    /// A rolling event: fewer games than the run it ranks by (`total` is then the sum of
    /// those played, and they rank after everyone with a whole run).
    pub short_run: bool,
}

impl Standing {
    /// Average placement, `None` before a game.
    pub fn average_place(&self) -> Option<f64> {
        (self.games > 0).then(|| f64::from(self.places) / f64::from(self.games))
    }
}

/// An event's standings: best first (total, then average placement, then join order).
#[derive(Debug, Clone)]
pub struct Standings {
    pub event: Tournament,
    pub rows: Vec<Standing>,
    /// The current round's tables, and those finished.
    pub tables: usize,
    pub finished: usize,
    /// How often the same players have met at this event's tables so far.
    pub meetings: Meetings,
}

/// The repeat meetings of an event's tables so far (computers are nobody), as the organiser's
/// `momojan seating` reports them for a schedule.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Meetings {
    /// The most times any two players sat at one table.
    pub most: u32,
    /// Pairs of players that sat at one table more than once.
    pub repeated: u32,
}

impl Meetings {
    /// Counted from tables' seats.
    pub fn of<'a>(tables: impl IntoIterator<Item = &'a [Option<UserId>]>) -> Meetings {
        let mut met: std::collections::BTreeMap<(UserId, UserId), u32> = Default::default();
        for seats in tables {
            let people: Vec<UserId> = seats.iter().flatten().copied().collect();
            for (i, &a) in people.iter().enumerate() {
                for &b in &people[i + 1..] {
                    *met.entry((a.min(b), a.max(b))).or_default() += 1;
                }
            }
        }
        Meetings {
            most: met.values().copied().max().unwrap_or(0),
            repeated: met.values().filter(|&&n| n > 1).count() as u32,
        }
    }
}

/// A round just seated from the standings.
#[derive(Debug, Clone)]
pub struct RoundSeated {
    pub event: Tournament,
    pub round: u32,
    pub tables: Vec<TournamentTable>,
    pub sitting_out: Vec<UserId>,
    pub standings: Standings,
}

/// What moving an event on did.
#[derive(Debug, Clone)]
pub enum Advanced {
    /// The next round is seated (its tables start next).
    Round(Box<RoundSeated>),
    /// The last round ended: the final standings, the secret revealed.
    Finished(Box<Standings>),
}

impl MatchService {
    /// The standings of the channel's latest event.
    ///
    /// # Errors
    /// [`TournamentRefusal::NoEvent`] or a store error.
    pub async fn channel_standings(&self, channel: ChannelId) -> Result<Standings, ServiceError> {
        let event = self
            .store
            .latest_tournament_in(channel)
            .await?
            .ok_or(TournamentRefusal::NoEvent)?;
        self.standings_of(event).await
    }

    /// An event's standings from its finished matches.
    ///
    /// # Errors
    /// [`TournamentRefusal::Gone`] or a store error.
    pub async fn tournament_standings(&self, id: TournamentId) -> Result<Standings, ServiceError> {
        let event = self
            .store
            .tournament(id)
            .await?
            .ok_or(TournamentRefusal::Gone)?;
        self.standings_of(event).await
    }

    /// An event's standings, the event already read.
    pub(super) async fn standings_of(&self, event: Tournament) -> Result<Standings, ServiceError> {
        let through = event.round;
        self.standings_through(event, through).await
    }

    /// An event's standings from the finished matches of its rounds up to `through`.
    pub(super) async fn standings_through(
        &self,
        event: Tournament,
        through: u32,
    ) -> Result<Standings, ServiceError> {
        let entrants = self.store.tournament_entrants(event.id).await?;
        let tables = self.store.all_tournament_tables(event.id).await?;
        let mut rows: Vec<Standing> = entrants
            .iter()
            .map(|e| Standing {
                user: e.user,
                name: e.name.clone(),
                games: 0,
                total: 0,
                places: 0,
                dropped: e.dropped,
                short_run: false,
            })
            .collect();
        // Each player's points game by game, in the order their tables formed (a rolling
        // event ranks by its best run of them).
        let mut played: Vec<Vec<i64>> = vec![Vec::new(); rows.len()];
        let (mut current, mut finished) = (0, 0);
        for table in &tables {
            let now = table.round == event.round;
            current += usize::from(now);
            if table.round > through {
                continue;
            }
            let Some(match_id) = table.match_id else {
                continue;
            };
            let meta = self.meta(match_id).await?;
            if !meta.is_finished() {
                continue;
            }
            finished += usize::from(now);
            for seat in meta.seats.values() {
                let Some(user) = seat.occupant.user() else {
                    continue;
                };
                if let Some(k) = rows.iter().position(|r| r.user == user) {
                    let row = &mut rows[k];
                    row.games += 1;
                    row.total += seat.final_balance.unwrap_or(0);
                    row.places += u32::from(seat.place.unwrap_or(0));
                    played[k].push(seat.final_balance.unwrap_or(0));
                }
            }
        }
        if let Some(rules) = event.rolling {
            for (row, points) in rows.iter_mut().zip(&played) {
                match lobby::best_run(points, rules.run_games as usize) {
                    Some(best) => row.total = best,
                    None => row.short_run = true,
                }
            }
        }
        // Stable: join order breaks the last ties.
        rows.sort_by(|a, b| {
            a.short_run
                .cmp(&b.short_run)
                .then_with(|| b.total.cmp(&a.total))
                .then_with(|| {
                    let (x, y) = (a.average_place(), b.average_place());
                    x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal)
                })
        });
        let meetings = Meetings::of(
            (tables.iter())
                .filter(|t| t.round <= through)
                .map(|t| t.seats.as_slice()),
        );
        Ok(Standings {
            event,
            rows,
            tables: current,
            finished,
            meetings,
        })
    }

    /// Running events whose current round's tables have all ended (to move them on).
    ///
    /// # Errors
    /// A store error.
    pub async fn tournaments_to_advance(&self) -> Result<Vec<TournamentId>, ServiceError> {
        Ok(self.store.tournaments_to_advance().await?)
    }

    /// Moves an event on once every table of its round has ended: the next round seated from
    /// the standings, or the event finished after its last round. `None` when its round is
    /// still being played, or another process moved it on first (nothing written then).
    ///
    /// # Errors
    /// [`TournamentRefusal::Gone`] or a store error.
    pub async fn advance_tournament(
        &self,
        id: TournamentId,
    ) -> Result<Option<Advanced>, ServiceError> {
        let standings = self.tournament_standings(id).await?;
        let round = standings.event.round;
        if standings.event.state != TournamentState::Running
            || standings.tables == 0
            || standings.finished < standings.tables
        {
            return Ok(None);
        }
        // The rounds so far change only by this step, which the round check below guards.
        let history = self.store.all_tournament_tables(id).await?;
        let mut tx = self.store.begin_write().await?;
        let event = store::tournament_in(&mut tx, id)
            .await?
            .ok_or(TournamentRefusal::Gone)?;
        if event.state != TournamentState::Running || event.round != round || event.paused {
            return Ok(None);
        }
        let seed = event.seed.ok_or(TournamentRefusal::Gone)?;
        if round >= event.rounds {
            store::set_tournament_state(&mut tx, id, TournamentState::Finished, round, Some(&seed))
                .await?;
            tx.commit().await?;
            let standings = Standings {
                event: Tournament {
                    state: TournamentState::Finished,
                    ..event
                },
                ..standings
            };
            return Ok(Some(Advanced::Finished(Box::new(standings))));
        }
        let entrants = store::tournament_entrants_in(&mut tx, id).await?;
        let (tables, sitting_out) = next_round(&event, &entrants, &history, &standings, &seed)?;
        let next = round + 1;
        store::insert_tournament_tables(&mut tx, id, next, &tables).await?;
        store::set_tournament_state(&mut tx, id, TournamentState::Running, next, Some(&seed))
            .await?;
        let tables = store::tournament_tables_in(&mut tx, id, next).await?;
        tx.commit().await?;
        let event = Tournament {
            round: next,
            ..event
        };
        Ok(Some(Advanced::Round(Box::new(RoundSeated {
            event,
            round: next,
            tables,
            sitting_out,
            standings,
        }))))
    }
}

/// The next Swiss round from the rounds so far and the standings (entrants numbered in join
/// order, as the seating numbers them; only those who play in it seated).
pub(super) fn next_round(
    event: &Tournament,
    entrants: &[Entrant],
    history: &[TournamentTable],
    standings: &Standings,
    seed: &[u8; 32],
) -> Result<(Tables, Vec<UserId>), ServiceError> {
    if event.format == TournamentFormat::RoundRobin {
        return round_robin_round(event, entrants, seed, event.round + 1);
    }
    let rounds = history_rounds(event.round, entrants, history);
    let totals: Vec<i64> = entrants
        .iter()
        .map(|e| {
            standings
                .rows
                .iter()
                .find(|r| r.user == e.user)
                .map_or(0, |r| r.total)
        })
        .collect();
    swiss(event, entrants, event.round + 1, &totals, &rounds, seed)
}

/// Rounds 1 to `through` as the seating sees them: entrants numbered in join order, and
/// those not at a table sitting out.
pub(super) fn history_rounds(
    through: u32,
    entrants: &[Entrant],
    history: &[TournamentTable],
) -> Vec<seating::Round> {
    let number = |user: UserId| entrants.iter().position(|e| e.user == user);
    let mut rounds = Vec::new();
    for r in 1..=through {
        let mut seated = vec![false; entrants.len()];
        let tables: Vec<seating::Table> = history
            .iter()
            .filter(|t| t.round == r)
            .map(|t| {
                let places = t
                    .seats
                    .iter()
                    .map(|seat| match seat.and_then(number) {
                        Some(k) => {
                            seated[k] = true;
                            Place::Player(Player::new(k))
                        }
                        None => Place::Computer,
                    })
                    .collect();
                seating::Table::new(places)
            })
            .collect();
        let out = (0..entrants.len())
            .filter(|k| !seated[*k] && entrants[*k].plays_in(r))
            .map(Player::new)
            .collect();
        rounds.push(seating::Round::new(tables, out));
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(n: i64) -> Option<UserId> {
        Some(UserId(n))
    }

    #[test]
    fn meetings_count_pairs_of_people_across_tables_and_skip_computers() {
        assert_eq!(Meetings::of([]), Meetings::default());
        let once: [&[Option<UserId>]; 2] = [&[u(1), u(2), u(3), None], &[u(4), u(5), u(6), u(7)]];
        assert_eq!(
            Meetings::of(once),
            Meetings {
                most: 1,
                repeated: 0
            }
        );
        // 1 and 2 meet three times, 1 and 3 twice; two computers meet nobody.
        let again: [&[Option<UserId>]; 4] = [
            &[u(1), u(2), u(3), None],
            &[u(2), u(1), None, None],
            &[u(3), u(1), u(2), u(9)],
            &[None, None, u(4), u(5)],
        ];
        assert_eq!(
            Meetings::of(again),
            Meetings {
                most: 3,
                repeated: 3
            }
        );
    }
}
