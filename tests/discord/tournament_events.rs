//! Whole events on the fake Discord, as a club would run them (issue 38's acceptance): a Swiss
//! event of riichi (east-only) for 9 people at tables of four, computers filling the seats the
//! field leaves, and a rolling lobby of 6 people at two-seat MOMOJAN. Each goes through a
//! no-show played out by the computer after the event's grace, a player dropped by the
//! organiser, a restart in the middle of a round and a process killed while a round's tables
//! start (each table started exactly once whatever happens), to its final standings, which are
//! checked against the results stored for every table.

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::json;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, User};
use crate::seats::game_index;
use crate::tournaments::*;
use momojan::clock::Clock;
use momojan::games::registry::{GameId, Momojan, Riichi};
use momojan::service::tournament::lobby::best_run;
use momojan::service::{ChannelId, MatchId, Standings, TournamentId, UserId};

fn people(n: u64) -> Vec<User> {
    (1..=n)
        .map(|k| User::new(777_000_000_000_000_100 + k, &format!("p{k}")))
        .collect()
}

async fn start(fake: &FakeDiscord, db: &str, clock: &Clock) -> Bot {
    let mut config = test_config(fake, db);
    config.clock = clock.clone();
    let bot = start_bot_with(config).await;
    fake.wait_ready().await;
    bot
}

/// Stops the bot once it has gone quiet for longer than a route's window (the tests quicken
/// the buckets to 5 requests in 0.5 s: `quickened`): a stopped process may have met a 429, and
/// the next process, knowing nothing of it, would send into that bucket before it reset.
pub(crate) async fn stop(fake: &FakeDiscord, bot: Bot) {
    fake.settle(Duration::from_millis(1000)).await;
    bot.stop().await;
}

/// A fake Discord whose route buckets refill ten times sooner (what is tested is the events,
/// not the pacing, which is `rate_limits.rs`'s), so that a stopped process's 429 has run out
/// before the next process starts (see [`stop`]).
pub(crate) async fn quickened() -> FakeDiscord {
    let fake = FakeDiscord::start().await;
    fake.quicken_route_buckets(10);
    fake
}

/// Both the bot's clock and Discord's jump by `minutes`.
async fn minutes_pass(fake: &FakeDiscord, clock: &Clock, minutes: i64) {
    fake.settle(Duration::from_millis(300)).await;
    clock.advance(minutes * 60);
    fake.advance(Duration::from_secs(minutes as u64 * 60));
}

/// `users` press Play a game on the lobby message `lobby`, one after another.
async fn queue(fake: &FakeDiscord, lobby: u64, users: &[User]) {
    for user in users {
        let message = current(fake, lobby);
        fake.click(user, &message, &button(&message, ":join")).await;
    }
}

/// Ends each of `tables` while the bot is down: its first seated player resigns through the
/// service, as a click would.
async fn end_tables<G: momojan::games::interface::Hosted>(
    db: &str,
    tables: &[(Vec<Option<UserId>>, Option<MatchId>)],
) {
    let ending = service(db).await;
    for (seats, m) in tables {
        let user = seats.iter().flatten().next().copied().unwrap();
        ending.resign::<G>(m.unwrap(), user, None).await.unwrap();
    }
    ending.close().await;
}

/// The event's tables of `round` with their matches (started ones).
async fn tables_of(db: &str, round: u32) -> Vec<(Vec<Option<UserId>>, Option<MatchId>)> {
    let service = service(db).await;
    let tables = service
        .store()
        .tournament_tables(TournamentId(1), round)
        .await
        .unwrap()
        .into_iter()
        .map(|t| (t.seats, t.match_id))
        .collect();
    service.close().await;
    tables
}

/// Each player's final points table by table (in the order the tables were made), from the
/// stored matches of the event's finished tables.
async fn stored_points(db: &str) -> BTreeMap<UserId, Vec<i64>> {
    let service = service(db).await;
    let mut points: BTreeMap<UserId, Vec<i64>> = BTreeMap::new();
    for t in service
        .store()
        .all_tournament_tables(TournamentId(1))
        .await
        .unwrap()
    {
        let meta = service.meta(t.match_id.expect("started")).await.unwrap();
        assert!(meta.is_finished(), "every table finished");
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

async fn final_standings(db: &str) -> Standings {
    let service = service(db).await;
    let s = service.tournament_standings(TournamentId(1)).await.unwrap();
    service.close().await;
    s
}

/// The final standings message has every player with games, with the total it should have,
/// and the repeat meetings recounted here from the stored tables of rounds `1..=rounds`.
async fn check_final_message(fake: &FakeDiscord, db: &str, rounds: u32, standings: &Standings) {
    let text = last_text(fake, "The event is over.").expect("the final standings");
    let mut met: BTreeMap<(UserId, UserId), u32> = BTreeMap::new();
    for round in 1..=rounds {
        for (seats, _) in tables_of(db, round).await {
            let people: Vec<UserId> = seats.into_iter().flatten().collect();
            for a in &people {
                for b in &people {
                    if a < b {
                        *met.entry((*a, *b)).or_default() += 1;
                    }
                }
            }
        }
    }
    let repeated = met.values().filter(|&&n| n > 1).count();
    let meetings = if repeated == 0 {
        "Repeat meetings: none".to_string()
    } else {
        format!(
            "Repeat meetings: {repeated} pairs of players have sat at one table more than once, the most {} times.",
            met.values().max().unwrap()
        )
    };
    assert!(text.contains(&meetings), "{meetings}: {text}");
    for row in standings.rows.iter().filter(|r| r.games > 0) {
        assert!(
            text.contains(&format!("<@{}>: {} points", row.user, row.total)),
            "{}: {text}",
            row.name
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_riichi_event_of_nine_people_runs_to_its_final_standings() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = quickened().await;
    let clock = Clock::manual(1_800_000_000);
    let bot = start(&fake, &db, &clock).await;
    let organiser = alice();
    let field = people(9);
    // East-only riichi, and turns of an hour (the grace, not a timeout, finds the no-show).
    for change in [
        json!([{ "type": 4, "name": "turn_time", "value": 3600 }]),
        json!([
            { "type": 4, "name": "game", "value": game_index(GameId::Riichi) },
            { "type": 3, "name": "switch", "value": "length" },
            { "type": 3, "name": "value", "value": "east" },
        ]),
    ] {
        fake.slash(&organiser, "config", change, false).await;
    }
    let mut options = create_options("Riichi night", GameId::Riichi, 4, 2);
    options
        .as_array_mut()
        .unwrap()
        .push(json!({ "type": 4, "name": "grace", "value": 5 }));
    tournament(&fake, &organiser, "create", options).await;
    let signup = signup_message(&fake);
    for user in &field {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
    assert!(current(&fake, signup.id).text().contains("Entrants (9)"));
    stop(&fake, bot).await;

    // Sign-up closes in a process killed while it starts round 1's tables (each table is a
    // transaction of its own: the one it started stays started, the rest are the sweep's).
    let closing = service(&db).await;
    let closed = closing
        .close_tournament(
            ChannelId(crate::fake_discord::CHANNEL_ID as i64),
            uid(&organiser),
        )
        .await
        .unwrap();
    assert_eq!(closed.tables.len(), 3, "9 people at tables of four");
    let computers: usize = closed
        .tables
        .iter()
        .map(|t| t.seats.iter().filter(|s| s.is_none()).count())
        .sum();
    assert_eq!(computers, 3, "three computers fill the field");
    // The process starts table 1 and is killed before the others.
    let first = closing.start_table(TournamentId(1), 1, 0).await.unwrap();
    assert!(first.is_some());
    drop(closing);
    let bot = start(&fake, &db, &clock).await;
    fake.wait_for("round 1's tables", Duration::from_secs(15), |f| {
        match_tables(f).len() == 3
    })
    .await;
    let round1 = tables_of(&db, 1).await;
    assert!(round1.iter().all(|(_, m)| m.is_some()));
    assert_eq!(match_count(&db).await, 3, "each table started once");

    // The organiser drops a player from round 2 on while round 1 plays.
    let dropped = round1[0].0.iter().flatten().next().copied().unwrap();
    let dropped_user = field.iter().find(|u| uid(u) == dropped).unwrap();
    let cb = with_player(&fake, &organiser, "drop", dropped_user).await;
    assert!(!cb.is_ephemeral(), "{:?}", cb.body);
    stop(&fake, bot).await;

    // A restart in the middle of the round: two tables end (a player resigns) while the bot is
    // down; nobody at the third moves.
    end_tables::<Riichi>(&db, &round1[1..]).await;
    let bot = start(&fake, &db, &clock).await;
    // The grace runs out at the third table: the computer plays its no-shows to the end of
    // the east round, and round 2 is seated without the dropped player.
    minutes_pass(&fake, &clock, 6).await;
    fake.wait_for("the no-show notice", Duration::from_secs(10), |f| {
        last_text(f, "made no move").is_some()
    })
    .await;
    fake.wait_for("round 2", Duration::from_secs(240), |f| {
        last_text(f, "Round 1 is over.").is_some()
    })
    .await;
    fake.wait_for("round 2's tables", Duration::from_secs(15), |f| {
        table_starts(f, "Riichi night")
            .iter()
            .filter(|m| m.text().contains("round 2,"))
            .count()
            == 2
    })
    .await;
    let round2 = tables_of(&db, 2).await;
    assert_eq!(round2.len(), 2, "8 people: two tables of four");
    assert!(round2
        .iter()
        .all(|(seats, _)| seats.iter().all(|s| s.is_some_and(|u| u != dropped))));
    stop(&fake, bot).await;

    end_tables::<Riichi>(&db, &round2).await;
    let bot = start(&fake, &db, &clock).await;
    fake.wait_for("the final standings", Duration::from_secs(15), |f| {
        last_text(f, "The event is over.").is_some()
    })
    .await;

    // The standings are the stored results: each player's points summed over their tables.
    let points = stored_points(&db).await;
    let standings = final_standings(&db).await;
    assert_eq!(points.len(), 9);
    for row in &standings.rows {
        let played = &points[&row.user];
        assert_eq!(row.games as usize, played.len(), "{}", row.name);
        assert_eq!(row.total, played.iter().sum::<i64>(), "{}", row.name);
        assert_eq!(row.games, if row.user == dropped { 1 } else { 2 });
    }
    assert!(standings.rows.windows(2).all(|w| w[0].total >= w[1].total));
    check_final_message(&fake, &db, 2, &standings).await;
    tournament(&fake, &organiser, "check", json!([])).await;
    fake.wait_for("the check", Duration::from_secs(5), |f| {
        last_text(f, "✅ The revealed secret").is_some_and(|t| t.contains("all 2 rounds"))
    })
    .await;
    stop(&fake, bot).await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_momojan_lobby_of_six_people_runs_to_its_final_standings() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = quickened().await;
    let clock = Clock::manual(1_800_000_000);
    let bot = start(&fake, &db, &clock).await;
    let organiser = alice();
    let field = people(6);
    let turn = json!([{ "type": 4, "name": "turn_time", "value": 3600 }]);
    fake.slash(&organiser, "config", turn, false).await;
    let options = json!([
        { "type": 3, "name": "name", "value": "Lobby" },
        { "type": 4, "name": "game", "value": game_index(GameId::Momojan) },
        { "type": 4, "name": "seats", "value": 2 },
        { "type": 4, "name": "format", "value": 2 },
        { "type": 4, "name": "window", "value": 120 },
        { "type": 4, "name": "run", "value": 2 },
        { "type": 4, "name": "grace", "value": 5 },
    ]);
    tournament(&fake, &organiser, "create", options).await;
    let lobby = signup_message(&fake).id;

    // All six wait: three tables start. The organiser drops p6 (they are at a table: it plays
    // on and counts, and p6 cannot queue again).
    queue(&fake, lobby, &field).await;
    fake.wait_for("three tables", Duration::from_secs(15), |f| {
        table_starts(f, "Lobby").len() == 3
    })
    .await;
    let cb = with_player(&fake, &organiser, "drop", &field[5]).await;
    assert!(!cb.is_ephemeral(), "{:?}", cb.body);
    stop(&fake, bot).await;

    // A restart in the middle: two tables end while the bot is down; nobody at the third
    // moves, and after the grace the computer plays its game out.
    let round = tables_of(&db, 1).await;
    end_tables::<Momojan>(&db, &round[..2]).await;
    let bot = start(&fake, &db, &clock).await;
    minutes_pass(&fake, &clock, 6).await;
    fake.wait_for("the no-show notice", Duration::from_secs(10), |f| {
        last_text(f, "made no move").is_some()
    })
    .await;
    let third = round[2].1.unwrap();
    for _ in 0..600 {
        let s = service(&db).await;
        let done = s.meta(third).await.unwrap().is_finished();
        s.close().await;
        if done {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let late = field[5].clone();
    let message = current(&fake, lobby);
    let refused = fake
        .click(&late, &message, &button(&message, ":join"))
        .await;
    assert!(private(&fake, &late, &refused).contains("dropped"));

    // Four queue again: two tables start at once.
    queue(&fake, lobby, &field[..4]).await;
    stop(&fake, bot).await;
    let before = match_count(&db).await;
    let bot = start(&fake, &db, &clock).await;
    fake.wait_for("the second tables", Duration::from_secs(15), |f| {
        table_starts(f, "Lobby").len() == 5
    })
    .await;
    stop(&fake, bot).await;
    assert_eq!(before, 5, "both tables formed and started before the stop");
    let tables = tables_of(&db, 1).await;
    end_tables::<Momojan>(&db, &tables[3..]).await;
    let ending = service(&db).await;
    // Two wait, and the table they make is formed in a process that dies before starting it.
    for user in &field[..2] {
        ending
            .tournament_click(
                TournamentId(1),
                uid(user),
                "",
                Some(900 + user.id as i64 % 100),
            )
            .await
            .unwrap();
    }
    assert_eq!(ending.seat_rolling(TournamentId(1)).await.unwrap(), 1);
    ending.close().await;
    let bot = start(&fake, &db, &clock).await;
    fake.wait_for("the unstarted table", Duration::from_secs(15), |f| {
        table_starts(f, "Lobby").len() == 6
    })
    .await;
    stop(&fake, bot).await;
    assert_eq!(match_count(&db).await, 6, "each table started once");
    let last = tables_of(&db, 1).await.split_off(5);
    end_tables::<Momojan>(&db, &last).await;

    // The organiser closes the lobby; the event ends, ranked by the best run of two.
    let bot = start(&fake, &db, &clock).await;
    tournament(&fake, &organiser, "close", json!([])).await;
    fake.wait_for("the final standings", Duration::from_secs(15), |f| {
        last_text(f, "The event is over.").is_some()
    })
    .await;
    let points = stored_points(&db).await;
    let standings = final_standings(&db).await;
    for row in &standings.rows {
        let played = points.get(&row.user).cloned().unwrap_or_default();
        assert_eq!(row.games as usize, played.len(), "{}", row.name);
        match best_run(&played, 2) {
            Some(best) => assert_eq!((row.total, row.short_run), (best, false)),
            None => {
                assert!(row.short_run, "{}", row.name);
                assert_eq!(row.total, played.iter().sum::<i64>());
            }
        }
    }
    assert_eq!(points[&uid(&field[0])].len(), 3);
    assert_eq!(points[&uid(&field[5])].len(), 1, "dropped after one game");
    check_final_message(&fake, &db, 1, &standings).await;
    tournament(&fake, &organiser, "check", json!([])).await;
    fake.wait_for("the check", Duration::from_secs(5), |f| {
        last_text(f, "✅ The revealed secret").is_some_and(|t| t.contains("all 6 tables"))
    })
    .await;
    stop(&fake, bot).await;
    fake.assert_no_violations();
}
