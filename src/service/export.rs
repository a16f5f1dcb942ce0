//! Export: a finished match as a scenario file of its game's public format, with every round's
//! fair-deal proof, so that anyone can replay it with `momojan scenario` and get the stored
//! result. Only finished matches (a running one would reveal the decks and hands) and only
//! from the server that played it.

use super::{MatchService, ServiceError};
use crate::games::export::{export, ExportError};
use crate::games::registry::Momojan;
use crate::games::rules::{Concession, Step};
use crate::store::{GuildId, MatchId, Move, StoreError};

/// A match written out as a scenario file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportFile {
    /// The attachment's file name: `<game>-match-<id>.json`.
    pub name: String,
    /// The scenario document, pretty-printed.
    pub json: String,
    /// Rounds in the file.
    pub rounds: usize,
}

impl MatchService {
    /// The scenario file of a finished match of `guild`.
    ///
    /// # Errors
    /// [`ServiceError::NotFound`] for a match of another server (the same answer as for no
    /// match, so nothing about other servers leaks), [`ServiceError::StillRunning`] while it is
    /// played, and a damaged log (a move that does not replay) as [`StoreError::Corrupt`].
    pub async fn export_match(
        &self,
        guild: GuildId,
        match_id: MatchId,
    ) -> Result<ExportFile, ServiceError> {
        let loaded = self.load(match_id).await?;
        let meta = &loaded.meta;
        if meta.guild_id != guild {
            return Err(ServiceError::NotFound(match_id));
        }
        if !meta.is_finished() {
            return Err(ServiceError::StillRunning(match_id));
        }
        let log = self.store.event_log(match_id).await?;
        let mut steps = Vec::with_capacity(log.len());
        for row in &log {
            steps.push(match row.action {
                Move::Play(action) => Step::Play(row.seat, action),
                Move::Concede(reason) => {
                    let why = Concession::from_id(reason.id()).ok_or_else(|| {
                        corrupt(
                            match_id,
                            row.seq,
                            format!("{} is not a concession", reason.id()),
                        )
                    })?;
                    Step::Concede(row.seat, why)
                }
            });
        }
        let doc = export::<Momojan>(&loaded.game.seed, meta.first_dealer, &meta.options, &steps)
            .map_err(|ExportError::Replay { index, refusal }| {
                corrupt(
                    match_id,
                    log[index].seq,
                    format!("does not replay: {refusal}"),
                )
            })?;
        let rounds = doc["rounds"].as_array().map_or(0, Vec::len);
        Ok(ExportFile {
            name: format!("{}-match-{}.json", meta.game.id(), match_id.0),
            json: serde_json::to_string_pretty(&doc).expect("a JSON value prints"),
            rounds,
        })
    }
}

fn corrupt(match_id: MatchId, seq: i64, detail: String) -> ServiceError {
    StoreError::Corrupt {
        table: "events",
        row: format!("match {} seq {seq}", match_id.0),
        column: "action",
        detail,
    }
    .into()
}
