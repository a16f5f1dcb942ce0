//! A rolling event on the fake Discord (issue 38, Tenhou's "best run" lobby):
//! `/momojan tournament create format:Rolling`, its lobby message with **Play a game** and
//! **Stop waiting**, a table started as soon as two are waiting, computers filling the table of
//! a player who has waited the organiser's time (a clock the test moves), the refusals that
//! change nothing (waiting twice, leaving a queue one is not in, queueing while at a table,
//! queueing after the lobby closed), a restart between tables, the standings ranked by each
//! player's best run of consecutive games (checked against the stored results), the event
//! ending once the lobby has closed and its last table has finished, and its draw checked.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::json;

use crate::fake_discord::players::*;
use crate::fake_discord::FakeDiscord;
use crate::seats::game_index;
use crate::tournament_events::{quickened, stop};
use crate::tournaments::*;
use momojan::clock::Clock;
use momojan::games::registry::{GameId, Momojan};
use momojan::service::tournament::lobby::best_run;
use momojan::service::{TournamentId, UserId};

const NAME: &str = "Night lobby";

/// A rolling lobby of two-seat MOMOJAN: open 60 minutes, ranked by the best 2 games in a row,
/// computers after 5 minutes of waiting.
fn create_rolling() -> serde_json::Value {
    json!([
        { "type": 3, "name": "name", "value": NAME },
        { "type": 4, "name": "game", "value": game_index(GameId::Momojan) },
        { "type": 4, "name": "seats", "value": 2 },
        { "type": 4, "name": "format", "value": 2 },
        { "type": 4, "name": "window", "value": 60 },
        { "type": 4, "name": "run", "value": 2 },
        { "type": 4, "name": "computer_after", "value": 5 },
    ])
}

async fn start(fake: &FakeDiscord, db: &str, clock: &Clock) -> Bot {
    let mut config = test_config(fake, db);
    config.clock = clock.clone();
    let bot = start_bot_with(config).await;
    fake.wait_ready().await;
    bot
}

/// Every table of the event still in play ends: its first player resigns (through the service,
/// the bot stopped).
async fn finish_playing(db: &str) {
    let service = service(db).await;
    for t in service
        .store()
        .tournament_tables(TournamentId(1), 1)
        .await
        .unwrap()
    {
        let match_id = t.match_id.expect("started");
        if service.meta(match_id).await.unwrap().is_finished() {
            continue;
        }
        let user = t.seats.iter().flatten().next().copied().unwrap();
        service
            .resign::<Momojan>(match_id, user, None)
            .await
            .unwrap();
    }
    service.close().await;
}

/// Each player's final points game by game, in the order their tables formed, from the store.
async fn points_by_player(db: &str) -> BTreeMap<UserId, Vec<i64>> {
    let service = service(db).await;
    let mut points: BTreeMap<UserId, Vec<i64>> = BTreeMap::new();
    for t in service
        .store()
        .tournament_tables(TournamentId(1), 1)
        .await
        .unwrap()
    {
        let meta = service.meta(t.match_id.unwrap()).await.unwrap();
        assert!(meta.is_finished());
        for seat in meta.seats.values() {
            if let Some(user) = seat.occupant.user() {
                points
                    .entry(user)
                    .or_default()
                    .push(seat.final_balance.unwrap());
            }
        }
    }
    service.close().await;
    points
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_lobby_starts_tables_as_players_wait_and_ranks_their_best_run() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = quickened().await;
    let clock = Clock::manual(1_800_000_000);
    let bot = start(&fake, &db, &clock).await;
    let (alice, bob, carol, dave) = (alice(), bob(), carol(), dave());

    let created = tournament(&fake, &alice, "create", create_rolling()).await;
    assert!(!created.is_ephemeral(), "the lobby is public");
    let lobby = signup_message(&fake);
    let text = lobby.text();
    assert!(
        text.contains("a rolling lobby") && text.contains("best 2 games in a row"),
        "{text}"
    );
    assert!(
        text.contains("Waiting (0): nobody yet") && text.contains("waited 5 minutes"),
        "{text}"
    );
    assert!(
        text.contains(&format!("<t:{}:f>", 1_800_000_000 + 3600)),
        "{text}"
    );

    // Alice waits; waiting twice and leaving a queue one is not in are refused.
    fake.click(&alice, &lobby, &button(&lobby, ":join")).await;
    let lobby = current(&fake, lobby.id);
    assert!(lobby.text().contains("Waiting (1)"), "{}", lobby.text());
    let twice = fake.click(&alice, &lobby, &button(&lobby, ":join")).await;
    assert!(private(&fake, &alice, &twice).contains("waiting for a table already"));
    let not_in = fake.click(&bob, &lobby, &button(&lobby, ":leave")).await;
    assert!(private(&fake, &bob, &not_in).contains("not joined"));

    // Bob makes two: their table starts at once, and the lobby empties.
    fake.click(&bob, &lobby, &button(&lobby, ":join")).await;
    fake.wait_for("the first table", Duration::from_secs(10), |f| {
        match_tables(f).len() == 1
    })
    .await;
    let id = lobby.id;
    fake.wait_for("the lobby emptied", Duration::from_secs(5), |f| {
        current(f, id).text().contains("Waiting (0)")
    })
    .await;
    let starts = table_starts(&fake, NAME);
    assert_eq!(starts.len(), 1, "{starts:?}");
    assert!(
        starts[0].text().contains("table 1:"),
        "{}",
        starts[0].text()
    );
    let at_table = fake.click(&alice, &lobby, &button(&lobby, ":join")).await;
    assert!(private(&fake, &alice, &at_table).contains("at a table of an event"));

    // Carol waits alone; dave waits and leaves (in Japanese). After five minutes a computer
    // sits with carol.
    fake.click(&dave, &lobby, &button(&lobby, ":join")).await;
    let left = fake.click(&dave, &lobby, &button(&lobby, ":leave")).await;
    assert!(!left.is_ephemeral(), "the lobby is updated");
    fake.click(&carol, &lobby, &button(&lobby, ":join")).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(match_tables(&fake).len(), 1, "not before the wait");
    clock.advance(5 * 60);
    fake.wait_for("the computer's table", Duration::from_secs(10), |f| {
        match_tables(f).len() == 2
    })
    .await;
    let starts = table_starts(&fake, NAME);
    assert!(
        starts[1].text().contains("table 2:") && starts[1].text().contains("Computer (normal)"),
        "{}",
        starts[1].text()
    );
    stop(&fake, bot).await;

    // Both tables end; after a restart alice and bob play twice more, carol once.
    finish_playing(&db).await;
    for pair in [[&alice, &bob], [&alice, &carol], [&bob, &alice]] {
        let bot = start(&fake, &db, &clock).await;
        let before = table_starts(&fake, NAME).len();
        for user in pair {
            let lobby = current(&fake, id);
            fake.click(user, &lobby, &button(&lobby, ":join")).await;
        }
        fake.wait_for("the next table", Duration::from_secs(10), |f| {
            table_starts(f, NAME).len() == before + 1
        })
        .await;
        stop(&fake, bot).await;
        finish_playing(&db).await;
    }

    // The organiser closes the lobby: queueing is refused, and the event ends at once (no
    // table is in play), its standings ranked by the best run of two.
    let bot = start(&fake, &db, &clock).await;
    let not_theirs = tournament(&fake, &bob, "close", json!([])).await;
    assert!(private(&fake, &bob, &not_theirs).contains(&format!("Only <@{}>", alice.id)));
    tournament(&fake, &alice, "close", json!([])).await;
    fake.wait_for("the end", Duration::from_secs(10), |f| {
        last_text(f, "The event is over.").is_some()
    })
    .await;
    let late = fake.click(&dave, &lobby, &button(&lobby, ":join")).await;
    assert!(private(&fake, &dave, &late).contains("締め切られています"));
    assert!(
        current(&fake, id).custom_ids().is_empty(),
        "the lobby closed"
    );

    let points = points_by_player(&db).await;
    assert_eq!(points[&uid(&alice)].len(), 4);
    assert_eq!(points[&uid(&carol)].len(), 2);
    assert!(!points.contains_key(&uid(&dave)));
    let service = service(&db).await;
    let standings = service.tournament_standings(TournamentId(1)).await.unwrap();
    service.close().await;
    for row in &standings.rows {
        let played = points.get(&row.user).cloned().unwrap_or_default();
        assert_eq!(row.games as usize, played.len());
        match best_run(&played, 2) {
            Some(best) => {
                assert_eq!(row.total, best, "{}", row.name);
                assert!(!row.short_run);
            }
            None => assert!(row.short_run, "{}", row.name),
        }
    }
    // Whole runs first, best first.
    let totals: Vec<(bool, i64)> = standings
        .rows
        .iter()
        .map(|r| (r.short_run, -r.total))
        .collect();
    assert!(totals.windows(2).all(|w| w[0] <= w[1]), "{totals:?}");
    let final_text = last_text(&fake, "The event is over.").unwrap();
    assert!(
        final_text.contains("best total of 2 games in a row"),
        "{final_text}"
    );
    for row in standings.rows.iter().filter(|r| r.games > 0) {
        assert!(
            final_text.contains(&format!("<@{}>: {} points", row.user, row.total)),
            "{final_text}"
        );
    }

    // Anyone re-derives each table's seat order from the revealed secret.
    tournament(&fake, &bob, "check", json!([])).await;
    fake.wait_for("the check", Duration::from_secs(5), |f| {
        last_text(f, "✅ The revealed secret").is_some_and(|t| t.contains("all 5 tables"))
    })
    .await;
    stop(&fake, bot).await;
    fake.assert_no_violations();
}

/// With `MOMOJAN_SCREENS` set, writes the event's channel as `viewer` sees it for the team's
/// discord-screen tool to `/tmp/tn-screen-{name}.json` — to look at, not asserted.
fn screen(fake: &FakeDiscord, viewer: &crate::fake_discord::User, name: &str) {
    if std::env::var_os("MOMOJAN_SCREENS").is_none() {
        return;
    }
    let messages: Vec<serde_json::Value> = fake
        .visible_to(viewer)
        .iter()
        .filter(|m| m.channel_id == crate::fake_discord::CHANNEL_ID)
        .map(|m| {
            json!({
                "content": m.content, "embeds": m.embeds, "components": m.components,
                "flags": if m.visible_to.is_some() { 64 } else { 0 },
            })
        })
        .collect();
    let names: serde_json::Map<String, serde_json::Value> = [alice(), bob(), carol(), dave()]
        .iter()
        .map(|u| (u.id.to_string(), json!(u.name)))
        .collect();
    let screen = json!({
        "viewer": viewer.id.to_string(),
        "names": names,
        "title": name,
        "now": 1_800_000_000 + 300,
        "messages": messages,
    });
    std::fs::write(
        format!("/tmp/tn-screen-{name}.json"),
        serde_json::to_string_pretty(&screen).unwrap(),
    )
    .unwrap();
}

/// A rolling lobby in the server's language, for the screenshots (`MOMOJAN_SCREENS=1`):
/// created, three waiting (a table starts for two), the standings, and the lobby closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes screens to look at: MOMOJAN_SCREENS=1 cargo nextest run --test discord --run-ignored only -E 'test(/rolling_screens/)'"]
async fn rolling_screens() {
    for locale in ["en", "ja"] {
        let dir = tempfile::tempdir().unwrap();
        let db = db_url(&dir);
        let fake = quickened().await;
        fake.set_guild_locale(locale);
        let clock = Clock::manual(1_800_000_000);
        let bot = start(&fake, &db, &clock).await;
        let (alice, bob, carol) = (alice(), bob(), carol());
        fake.slash(
            &alice,
            "config",
            json!([{ "type": 3, "name": "locale", "value": locale }]),
            false,
        )
        .await;
        tournament(&fake, &alice, "create", create_rolling()).await;
        let id = signup_message(&fake).id;
        for user in [&alice, &bob, &carol] {
            let lobby = current(&fake, id);
            fake.click(user, &lobby, &button(&lobby, ":join")).await;
        }
        fake.wait_for("the table", Duration::from_secs(10), |f| {
            table_starts(f, NAME).len() == 1
        })
        .await;
        fake.settle(Duration::from_millis(500)).await;
        screen(&fake, &carol, &format!("rolling-{locale}-open"));
        tournament(&fake, &alice, "standings", json!([])).await;
        tournament(&fake, &alice, "close", json!([])).await;
        fake.settle(Duration::from_millis(800)).await;
        screen(&fake, &carol, &format!("rolling-{locale}-closed"));
        stop(&fake, bot).await;
    }
}
