//! Anyone can check an event's draw once it is over: its revealed secret is the one committed
//! at sign-up, the seed is SHA-256 of it and the entrants' Join ids, and every round's seating
//! follows from that seed, the entrants and the results of the rounds before it — re-derived
//! here and compared with the tables that were played, as `/momojan verify` does for a deal.
//! A table the organiser re-seated is compared with the round's seating re-drawn as many times
//! as its cancelled matches say (`reseat::reseated_times`).

use super::draw;
use super::lobby::{self, Redrawn};
use super::reseat::reseated_times;
use super::signup::{first_round, TournamentRefusal};
use super::standings::next_round;
use crate::service::{MatchService, ServiceError};
use crate::store::{ChannelId, Tournament, TournamentState};

/// What re-deriving an event's draw found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verification {
    /// The secret, the seed and every round's seating agree (the rounds checked).
    Agrees { rounds: u32 },
    /// The revealed secret is not the one committed to, or the seed is not its hash with the
    /// Join ids.
    SeedDiffers,
    /// This round's tables are not the ones the seed gives.
    RoundDiffers(u32),
}

impl MatchService {
    /// Re-derives the draw of the channel's latest event, which must be over (its secret is
    /// revealed then).
    ///
    /// # Errors
    /// [`TournamentRefusal::NoEvent`], [`TournamentRefusal::NotOver`] or a store error.
    pub async fn verify_tournament(
        &self,
        channel: ChannelId,
    ) -> Result<(Tournament, Verification), ServiceError> {
        let event = self
            .store
            .latest_tournament_in(channel)
            .await?
            .ok_or(TournamentRefusal::NoEvent)?;
        if event.state != TournamentState::Finished {
            return Err(TournamentRefusal::NotOver.into());
        }
        if event.rolling.is_some() {
            let tables = self.store.all_tournament_tables(event.id).await?;
            let found = match lobby::redraw(&event, &tables) {
                Redrawn::SecretDiffers => Verification::SeedDiffers,
                Redrawn::TableDiffers(table) => Verification::RoundDiffers(table as u32 + 1),
                Redrawn::Agrees(tables) => Verification::Agrees {
                    rounds: tables as u32,
                },
            };
            return Ok((event, found));
        }
        let entrants = self.store.tournament_entrants(event.id).await?;
        // The seed was drawn at sign-up's close from those who signed up (not those the
        // organiser added later).
        let joins: Vec<i64> = entrants
            .iter()
            .filter(|e| e.from_round == 1)
            .map(|e| e.join_interaction)
            .collect();
        let seed = draw::seed(&event.secret, &joins);
        if draw::commitment(&event.secret) != event.commitment || event.seed != Some(seed) {
            return Ok((event, Verification::SeedDiffers));
        }
        let all = self.store.all_tournament_tables(event.id).await?;
        for round in 1..=event.round {
            let expected = if round == 1 {
                first_round(&event, &entrants, &seed)?.0
            } else {
                let before = Tournament {
                    round: round - 1,
                    ..event.clone()
                };
                let standings = self.standings_through(before.clone(), round - 1).await?;
                next_round(&before, &entrants, &all, &standings, &seed)?.0
            };
            let played: Vec<_> = all.iter().filter(|t| t.round == round).collect();
            let agrees = played.len() == expected.len()
                && played.iter().zip(&expected).all(|(table, drawn)| {
                    let times = table.cancelled.len();
                    table.seats == reseated_times(&seed, round, table.table, times, drawn)
                });
            if !agrees {
                return Ok((event, Verification::RoundDiffers(round)));
            }
        }
        let rounds = event.round;
        Ok((event, Verification::Agrees { rounds }))
    }
}
