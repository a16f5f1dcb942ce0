//! An event's results for club spreadsheets: one CSV row per seat of every finished table
//! (round, table, seat, player, name, points, place), and the figures the standings message is
//! kept current by.

use super::signup::TournamentRefusal;
use crate::service::{MatchService, ServiceError};
use crate::store::{ChannelId, Tournament, TournamentId};

/// The CSV's first line.
pub const CSV_HEADER: &str = "round,table,seat,player,name,points,place";

/// An event's results as CSV.
#[derive(Debug, Clone)]
pub struct ResultsCsv {
    pub event: Tournament,
    /// The file's name (`tournament-<id>.csv`).
    pub name: String,
    pub csv: String,
    /// Rows after the header: one per seat of a finished table.
    pub rows: usize,
}

/// A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180); a leading
/// `=`, `+`, `-` or `@` is prefixed with `'` so that a spreadsheet does not run a name as a
/// formula.
fn field(text: &str) -> String {
    let text = match text.chars().next() {
        Some('=' | '+' | '-' | '@') => format!("'{text}"),
        _ => text.to_string(),
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

impl MatchService {
    /// The results of the channel's latest event as CSV: every finished table, seat by seat
    /// (seat 1 is East, the first dealer; a computer's player is `computer`).
    ///
    /// # Errors
    /// [`TournamentRefusal::NoEvent`] or a store error.
    pub async fn tournament_results_csv(
        &self,
        channel: ChannelId,
    ) -> Result<ResultsCsv, ServiceError> {
        let event = self
            .store
            .latest_tournament_in(channel)
            .await?
            .ok_or(TournamentRefusal::NoEvent)?;
        let mut csv = format!("{CSV_HEADER}\n");
        let mut rows = 0;
        for table in self.store.all_tournament_tables(event.id).await? {
            let Some(match_id) = table.match_id else {
                continue;
            };
            let meta = self.meta(match_id).await?;
            if !meta.is_finished() {
                continue;
            }
            for (k, seat) in meta.seats.values().enumerate() {
                let player = seat
                    .occupant
                    .user()
                    .map_or_else(|| "computer".to_string(), |u| u.to_string());
                let line = [
                    table.round.to_string(),
                    (table.table + 1).to_string(),
                    (k + 1).to_string(),
                    player,
                    field(seat.occupant.name()),
                    seat.final_balance
                        .map(|b| b.to_string())
                        .unwrap_or_default(),
                    seat.place.map(|p| p.to_string()).unwrap_or_default(),
                ];
                csv.push_str(&line.join(","));
                csv.push('\n');
                rows += 1;
            }
        }
        Ok(ResultsCsv {
            name: format!("tournament-{}.csv", event.id.0),
            event,
            csv,
            rows,
        })
    }

    /// Records an event's standings message.
    ///
    /// # Errors
    /// A store error.
    pub async fn set_tournament_standings_message(
        &self,
        id: TournamentId,
        message: crate::store::MessageId,
    ) -> Result<(), ServiceError> {
        Ok(self
            .store
            .set_tournament_standings_message(id, message)
            .await?)
    }

    /// Running events with their round and finished tables in it (their standings change
    /// when these do), of the guilds this process sweeps.
    ///
    /// # Errors
    /// A store error.
    pub async fn tournament_progress(&self) -> Result<Vec<(TournamentId, u32, u32)>, ServiceError> {
        Ok(self.store.tournament_progress().await?)
    }
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn fields_are_quoted_and_formulas_defused() {
        assert_eq!(field("alice"), "alice");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(field(""), "");
    }
}
