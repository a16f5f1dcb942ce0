//! Each event's standings message, kept current: posted once (with a nonce, so that two
//! processes posting it at once make one message) and then edited — when sign-up closes, when
//! a table of the round in play finishes (the table sweep notices), when a round ends and when
//! the event does.

use std::collections::HashMap;

use tracing::warn;

use super::context::Data;
use super::tournament_post as tournament;
use super::view;
use crate::service::{MessageId, Standings, TournamentId};

/// Shows `standings` in the event's standings message: posted the first time, edited after.
pub async fn refresh(data: &Data, standings: &Standings) {
    let event = &standings.event;
    let message = view::tournament_board::board(standings, event.lang);
    let channel = event.channel_id.snowflake();
    // The id as stored now (the standings may have been read before it was).
    let stored = match data.service.tournament(event.id).await {
        Ok(s) => s.event.standings_message_id,
        Err(e) => {
            warn!(tournament = event.id.0, error = %e, "reading an event failed");
            return;
        }
    };
    match stored {
        Some(id) => tournament::edit(data, channel, id.snowflake(), &message).await,
        None => {
            let nonce = format!("ts{}", event.id.0);
            if let Some(posted) = tournament::post(data, channel, &message, &nonce).await {
                let id = MessageId::from_snowflake(posted);
                if let Err(e) = data
                    .service
                    .set_tournament_standings_message(event.id, id)
                    .await
                {
                    warn!(tournament = event.id.0, error = %e, "could not record standings");
                }
            }
        }
    }
}

/// Refreshes the standings of the event `id`.
pub async fn refresh_event(data: &Data, id: TournamentId) {
    match data.service.tournament_standings(id).await {
        Ok(standings) => refresh(data, &standings).await,
        Err(e) => warn!(tournament = id.0, error = %e, "computing standings failed"),
    }
}

/// What the standings were last shown at, per event: its round and finished tables.
#[derive(Default)]
pub struct Shown(HashMap<TournamentId, (u32, u32)>);

impl Shown {
    /// Refreshes the standings of the running events whose round or finished tables changed
    /// since this process last looked (each once after a start).
    pub async fn sweep(&mut self, data: &Data) {
        let progress = match data.service.tournament_progress().await {
            Ok(progress) => progress,
            Err(e) => {
                warn!(error = %e, "looking at events' progress failed");
                return;
            }
        };
        for (id, round, finished) in progress {
            if self.0.get(&id) != Some(&(round, finished)) {
                refresh_event(data, id).await;
                self.0.insert(id, (round, finished));
            }
        }
    }
}
