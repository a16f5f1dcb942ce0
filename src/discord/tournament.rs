//! An event's round tables, started and shown: each table's match is started by the service
//! (exactly once), then the message its thread starts from is posted in the event's channel —
//! the event's name, the round and the table's players — and the outbox shows the thread and
//! the table as for any match. At start-up, and now and then, a sweep finishes the starts a
//! stopped process left undone.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::context::Data;
use super::{follow, render, view};
use crate::service::{MessageId, StartedTable, TournamentId};

/// Starts the tables of the event's current round that have no match yet, and shows them.
pub async fn start_tables(http: Arc<serenity::Http>, data: &Data, id: TournamentId) {
    let started = match data.service.start_tournament_tables(id).await {
        Ok(started) => started,
        Err(e) => {
            warn!(tournament = id.0, error = %e, "starting a round's tables failed");
            return;
        }
    };
    for table in started {
        show(&http, data, &table).await;
    }
}

/// The table's first message, its thread started from it (when threads are on), and the
/// computer's first move when it is due.
async fn show(http: &serenity::Http, data: &Data, table: &StartedTable) {
    let match_id = table.meta.id;
    let message = view::tournament::table_start(table, table.meta.lang);
    let channel = serenity::ChannelId::new(table.meta.channel_id.snowflake());
    match channel
        .send_message(http, render::channel_message(&message))
        .await
    {
        Ok(posted) if table.in_thread => {
            let anchor = MessageId::from_snowflake(posted.id.get());
            if let Err(e) = data.service.set_outbox_anchor(match_id, anchor).await {
                warn!(match_id = match_id.0, error = %e, "could not record a table's message");
            }
        }
        Ok(_) => {}
        Err(e) => warn!(match_id = match_id.0, error = %e, "could not post a table's message"),
    }
    data.outbox.kick(match_id);
    follow::schedule(data, match_id);
}

/// Finishes, at start-up and then every `every`, the tables a stopped process left unstarted.
pub fn spawn_table_sweep(http: Arc<serenity::Http>, data: Data, every: Duration) {
    tokio::spawn(async move {
        while !data.service.is_closed() {
            match data.service.tournaments_to_start().await {
                Ok(ids) => {
                    for id in ids {
                        start_tables(http.clone(), &data, id).await;
                    }
                }
                Err(e) => warn!(error = %e, "looking for tournament tables to start failed"),
            }
            tokio::time::sleep(every).await;
        }
    });
}
