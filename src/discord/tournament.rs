//! An event's round tables, started and shown: each table's match is started by the service
//! (exactly once), then the message its thread starts from is posted in the event's channel —
//! the event's name, the round and the table's players — and the outbox shows the thread and
//! the table as for any match. At start-up, and now and then, a sweep moves on the events
//! whose round's tables have all ended (the next round announced with the standings, or the
//! final standings with the secret revealed) and finishes the starts a stopped process left
//! undone; a rolling event's queue is seated as entrants wait, and the event ended once its
//! window has closed and its last table has finished.

use std::collections::HashSet;
use std::time::Duration;

use tracing::warn;

use super::contain::round;
use super::context::Data;
use super::tournament_post::{edit, post};
use super::{follow, tournament_board, view};
use crate::service::{Advanced, MatchId, MessageId, Reseated, StartedTable, TournamentId};

/// Starts the tables of the event's current round that have no match yet, and shows them.
pub async fn start_tables(data: &Data, id: TournamentId) {
    let started = match data.service.start_tournament_tables(id).await {
        Ok(started) => started,
        Err(e) => {
            warn!(tournament = id.0, error = %e, "starting a round's tables failed");
            return;
        }
    };
    for table in started {
        show(data, &table).await;
    }
}

/// The table's first message, its thread started from it (when threads are on), and the
/// computer's first move when it is due.
async fn show(data: &Data, table: &StartedTable) {
    let match_id = table.meta.id;
    let message = view::tournament::table_start(table, table.meta.lang);
    let channel = table.meta.channel_id.snowflake();
    let posted = post(data, channel, &message, &format!("tn{}", match_id.0)).await;
    // Its thread waits for this message, or starts on its own if it was not posted.
    let anchor = posted
        .filter(|_| table.in_thread)
        .map(MessageId::from_snowflake);
    if let Err(e) = data.service.anchor_posted(match_id, anchor).await {
        warn!(match_id = match_id.0, error = %e, "could not record a table's message");
    }
    data.outbox.kick(match_id);
    follow::schedule(data, match_id);
}

/// A table re-seated: the notice in its cancelled match's thread (or the channel, if it played
/// there), its new match shown as a round's tables are, and the standings message brought up to
/// date.
pub async fn reseated(data: &Data, r: &Reseated) {
    // The old thread's notice and its table's edit are the old match's outbox entry.
    data.outbox.kick(r.cancelled.id);
    show(data, &r.started).await;
    tournament_board::refresh_event(data, r.event.id).await;
}

/// Moves an event on when its round's tables have all ended: the next round announced (with
/// the standings) and started, or the final standings posted.
pub async fn advance(data: &Data, id: TournamentId) {
    let advanced = match data.service.advance_tournament(id).await {
        Ok(Some(advanced)) => advanced,
        Ok(None) => return,
        Err(e) => {
            warn!(tournament = id.0, error = %e, "moving an event on failed");
            return;
        }
    };
    let (event, message) = match &advanced {
        Advanced::Round(r) => (&r.event, view::tournament::next_round(r, r.event.lang)),
        Advanced::Finished(s) => (&s.event, view::tournament::finished(s, s.event.lang)),
    };
    // One post per round's announcement and one for the end, whoever tries it.
    let nonce = match &advanced {
        Advanced::Round(_) => format!("tr{}-{}", event.id.0, event.round),
        Advanced::Finished(_) => format!("tf{}", event.id.0),
    };
    post(data, event.channel_id.snowflake(), &message, &nonce).await;
    let standings = match &advanced {
        Advanced::Round(r) => {
            // The new round's standings: its tables not finished yet.
            tournament_board::refresh_event(data, r.event.id).await;
            None
        }
        Advanced::Finished(s) => Some(s),
    };
    if let Some(s) = standings {
        tournament_board::refresh(data, s).await;
    }
    if matches!(advanced, Advanced::Round(_)) {
        start_tables(data, id).await;
    }
}

/// Seats a rolling event's queue and starts the tables that formed; its lobby message then
/// shows who is still waiting.
pub async fn seat_queue(data: &Data, id: TournamentId) {
    match data.service.seat_rolling(id).await {
        Ok(0) => {}
        Ok(_) => {
            start_tables(data, id).await;
            refresh_lobby(data, id).await;
        }
        Err(e) => warn!(tournament = id.0, error = %e, "seating a rolling event's queue failed"),
    }
}

/// Edits a rolling event's lobby message to the event as stored now.
async fn refresh_lobby(data: &Data, id: TournamentId) {
    let signup = match data.service.tournament(id).await {
        Ok(signup) => signup,
        Err(e) => {
            warn!(tournament = id.0, error = %e, "reading an event failed");
            return;
        }
    };
    let Some(message) = signup.event.message_id else {
        return;
    };
    let lobby = view::tournament::signup(&signup, signup.event.lang);
    let channel = signup.event.channel_id.snowflake();
    edit(data, channel, message.snowflake(), &lobby).await;
}

/// The rolling events' side of the sweep: each queue seated (computers fill a table for whoever
/// has waited the event's time), a lobby whose window has closed shown closed (once per
/// process), and an event whose window has closed ended once its last table has finished. One
/// read says what each event needs; a quiet sweep (nobody to seat, the window open) writes
/// nothing.
async fn sweep_rolling(data: &Data, shown_closed: &mut HashSet<TournamentId>) {
    let dues = match data.service.rolling_due().await {
        Ok(dues) => dues,
        Err(e) => {
            warn!(error = %e, "looking for rolling events failed");
            return;
        }
    };
    for due in dues {
        let id = due.id;
        if due.seat {
            seat_queue(data, id).await;
        }
        if !due.closed {
            continue;
        }
        if due.finish {
            match data.service.finish_rolling(id).await {
                Ok(Some(standings)) => {
                    let message = view::tournament::finished(&standings, standings.event.lang);
                    let channel = standings.event.channel_id.snowflake();
                    post(data, channel, &message, &format!("tf{}", id.0)).await;
                    tournament_board::refresh(data, &standings).await;
                    refresh_lobby(data, id).await;
                    shown_closed.remove(&id);
                    continue;
                }
                Ok(None) => {}
                Err(e) => {
                    warn!(tournament = id.0, error = %e, "ending a rolling event failed");
                    continue;
                }
            }
        }
        if shown_closed.insert(id) {
            refresh_lobby(data, id).await;
        }
    }
}

/// A table's grace ran out: the players who had not moved are played by the computer, and
/// told so in the table's thread (once, whoever tries it). Contained, and set aside when the
/// table's stored data is damaged: it must not stop the sweep.
async fn grace(data: &Data, match_id: MatchId) {
    let work = data.service.run_tournament_grace(match_id);
    let what = "handing no-shows to the computer";
    let no_shows = match data.set_aside.sweep(match_id, what, work).await {
        Some(Ok(Some(no_shows))) => no_shows,
        Some(Ok(None)) | None => return,
        Some(Err(e)) => {
            warn!(match_id = match_id.0, error = %e, "looking for a table's no-shows failed");
            return;
        }
    };
    let meta = &no_shows.meta;
    let channel = meta.thread_id.unwrap_or(meta.channel_id).snowflake();
    let message = view::tournament::no_shows(&no_shows, meta.lang);
    post(data, channel, &message, &format!("tg{}", match_id.0)).await;
    data.outbox.kick(match_id);
    follow::schedule(data, match_id);
}

/// At start-up and then every `every`: moves on the events whose round has ended, and
/// finishes the tables a stopped process left unstarted.
pub fn spawn_table_sweep(data: Data, every: Duration) {
    tokio::spawn(async move {
        let mut shown = tournament_board::Shown::default();
        let mut shown_closed = HashSet::new();
        while !data.service.is_closed() {
            let work = sweep_round(&data, &mut shown, &mut shown_closed);
            round("the tournaments' sweep", work).await;
            tokio::time::sleep(every).await;
        }
    });
}

/// One round of the tournaments' sweep.
async fn sweep_round(
    data: &Data,
    shown: &mut tournament_board::Shown,
    shown_closed: &mut HashSet<TournamentId>,
) {
    match data.service.tournaments_to_advance().await {
        Ok(ids) => {
            for id in ids {
                advance(data, id).await;
            }
        }
        Err(e) => warn!(error = %e, "looking for events to move on failed"),
    }
    match data.service.tournament_graces_due().await {
        Ok(ids) => {
            for id in ids.into_iter().filter(|m| !data.set_aside.holds(*m)) {
                grace(data, id).await;
            }
        }
        Err(e) => warn!(error = %e, "looking for tournament no-shows failed"),
    }
    match data.service.tournaments_to_start().await {
        Ok(ids) => {
            for id in ids {
                start_tables(data, id).await;
            }
        }
        Err(e) => warn!(error = %e, "looking for tournament tables to start failed"),
    }
    sweep_rolling(data, shown_closed).await;
    shown.sweep(data).await;
}
