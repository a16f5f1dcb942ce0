//! Export: a finished match as a scenario file of its game's public format, with every round's
//! fair-deal proof, so that anyone can replay it with `momojan scenario` and get the stored
//! result; beside it, the files of the game's own formats (`Hosted::extra_exports`: riichi's
//! tenhou.net/6 log). Only finished matches (a running one would reveal the decks and hands)
//! and only from the server that played it.

use super::{Loaded, MatchService, ServiceError};
use crate::games::drivers::export::{export, ExportContext, ExportError};
use crate::games::interface::seat::PerSeat;
use crate::games::interface::{Hosted, Step};
use crate::games::registry::with_game;
use crate::store::{EventRow, GuildId, MatchId, MatchMeta, Occupant, StoreError};

/// A match written out as a scenario file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportFile {
    /// The attachment's file name: `<game>-match-<id>.json`.
    pub name: String,
    /// The scenario document, pretty-printed.
    pub json: String,
    /// Rounds in the file.
    pub rounds: usize,
    /// Files in the game's own formats to attach beside it (`<game>-match-<id>.tenhou.json`).
    pub extra: Vec<Attachment>,
}

/// One more file of an export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
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
        let game = self.game_of(match_id).await?;
        with_game!(game, G => self.export_game::<G>(guild, match_id).await)
    }

    async fn export_game<G: Hosted>(
        &self,
        guild: GuildId,
        match_id: MatchId,
    ) -> Result<ExportFile, ServiceError> {
        let (loaded, log, steps) = self.finished_log::<G>(guild, match_id).await?;
        let meta = &loaded.meta;
        let doc = export::<G>(
            &loaded.seed,
            meta.seat_count(),
            meta.first_dealer,
            &loaded.options,
            &steps,
        )
        .map_err(|e| replay_failed(match_id, &log, e))?;
        let rounds = doc["rounds"].as_array().map_or(0, Vec::len);
        let stem = format!("{}-match-{}", meta.game.id(), match_id.0);
        let title = format!("momojan match {}", match_id.0);
        let names = seat_names(meta);
        let context = ExportContext {
            title: &title,
            names: &names,
        };
        let extra = G::extra_exports(&loaded.state, &context)
            .map_err(|detail| corrupt_state(match_id, detail))?
            .into_iter()
            .map(|f| Attachment {
                name: format!("{stem}.{}", f.extension),
                bytes: f.bytes,
            })
            .collect();
        Ok(ExportFile {
            name: format!("{stem}.json"),
            json: serde_json::to_string_pretty(&doc).expect("a JSON value prints"),
            rounds,
            extra,
        })
    }

    /// A finished match of `guild` with its log, as rows and as the game's steps.
    #[allow(clippy::type_complexity)]
    pub(super) async fn finished_log<G: Hosted>(
        &self,
        guild: GuildId,
        match_id: MatchId,
    ) -> Result<(Loaded<G>, Vec<EventRow<G>>, Vec<Step<G::Action>>), ServiceError> {
        let loaded = self.load::<G>(match_id).await?;
        if loaded.meta.guild_id != guild {
            return Err(ServiceError::NotFound(match_id));
        }
        if !loaded.meta.is_finished() {
            return Err(ServiceError::StillRunning(match_id));
        }
        let log = self.store.event_log::<G>(match_id).await?;
        let steps = log.iter().map(EventRow::step).collect();
        Ok((loaded, log, steps))
    }
}

/// A logged move the game refuses: the log is damaged.
pub(super) fn replay_failed<G: Hosted, E: std::error::Error>(
    match_id: MatchId,
    log: &[EventRow<G>],
    error: ExportError<E>,
) -> ServiceError {
    let ExportError::Replay { index, refusal } = error;
    corrupt(
        match_id,
        log[index].seq,
        format!("does not replay: {refusal}"),
    )
}

/// Each seat's player as the export names them: the display name captured at the start (the
/// user's id when none was), or the computer and its level (numbered by seat when the table
/// had several, as the table named them).
fn seat_names(meta: &MatchMeta) -> PerSeat<String> {
    let computers = meta
        .seats
        .iter()
        .filter(|(_, s)| matches!(s.occupant, Occupant::Computer(_)))
        .count();
    meta.seats.map(|seat, s| match &s.occupant {
        Occupant::Player { name, .. } if !name.is_empty() => name.clone(),
        Occupant::Player { user, .. } => format!("user {}", user.0),
        Occupant::Computer(level) if computers > 1 => {
            format!("computer {} ({level})", seat.index() + 1)
        }
        Occupant::Computer(level) => format!("computer ({level})"),
    })
}

/// A stored state that does not make the game's own export files.
fn corrupt_state(match_id: MatchId, detail: String) -> ServiceError {
    StoreError::Corrupt {
        table: "matches",
        row: format!("match {}", match_id.0),
        column: "state",
        detail,
    }
    .into()
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
