//! Starting a table of two to four on the fake Discord: an open table joined, left, given a
//! computer and started by its opener (computers fill the rest); a challenge of several
//! opponents who must all accept, called off by one decline; refusals for a size a game is
//! not played at. Written once and run for every hosted game at each of its table sizes.

use std::time::Duration;

use serde_json::json;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg, User};
use crate::seats::{challenge_many, game_index};
use momojan::games::interface::Level;
use momojan::games::registry::GameId;
use momojan::service::{MatchId, Occupant, UserId};

fn carol() -> User {
    User::new(777_000_000_000_000_001, "carol")
}

fn dave() -> User {
    User::new(777_000_000_000_000_002, "dave").with_locale("ja")
}

/// The latest public message carrying a table button of challenge `id`.
fn open_table(fake: &FakeDiscord) -> Option<Msg> {
    fake.all_messages()
        .into_iter()
        .rev()
        .find(|m| m.custom_ids().iter().any(|c| c.starts_with("tb:")))
}

fn button(message: &Msg, end: &str) -> String {
    message
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(end))
        .unwrap_or_else(|| panic!("no {end} on {:?}", message.text()))
}

/// The message with id `id` as the fake holds it now.
fn current(fake: &FakeDiscord, id: u64) -> Msg {
    fake.all_messages()
        .into_iter()
        .find(|m| m.id == id)
        .expect("the message")
}

/// The match of a table or challenge, once started: its seats.
async fn seats_of(db: &str, id: i64) -> Vec<Occupant> {
    let store = momojan::store::Store::open(db).await.unwrap();
    let meta = momojan::service::MatchService::new(store.clone())
        .meta(MatchId(id))
        .await
        .unwrap();
    store.close().await;
    meta.seats.values().map(|s| s.occupant.clone()).collect()
}

fn users(seats: &[Occupant]) -> Vec<UserId> {
    seats.iter().filter_map(Occupant::user).collect()
}

fn id(user: &User) -> UserId {
    UserId(user.id as i64)
}

/// An open table of `game` at `seats`: a stranger cannot start it, a player joins and leaves,
/// another joins, the opener adds a computer, and starts it; the empty seats get `normal`
/// computers, and the match's thread and table appear.
async fn open_table_in(game: GameId, seats: usize) {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    let opened = fake
        .slash(
            &alice,
            "table",
            json!([
                { "type": 4, "name": "game", "value": game_index(game) },
                { "type": 4, "name": "seats", "value": seats },
            ]),
            false,
        )
        .await;
    assert!(!opened.is_ephemeral(), "a table is public");
    let table = open_table(&fake).expect("the table message");
    let text = table.text();
    assert!(text.contains("opened a table"), "{text}");
    assert_eq!(text.matches("(open)").count(), seats - 1, "{text}");

    // Only the opener starts it.
    let refused = fake.click(&bob, &table, &button(&table, ":start")).await;
    assert!(refused.is_ephemeral());
    assert!(refused.content().contains("Only"), "{}", refused.content());

    fake.click(&bob, &table, &button(&table, ":join")).await;
    let table = current(&fake, table.id);
    assert!(table.text().contains(&format!("<@{}>", bob.id)));
    let twice = fake.click(&bob, &table, &button(&table, ":join")).await;
    assert!(twice.is_ephemeral(), "a second join is refused");
    fake.click(&bob, &table, &button(&table, ":leave")).await;
    let table = current(&fake, table.id);
    assert!(!table.text().contains(&format!("<@{}>", bob.id)));
    if seats > 2 {
        fake.click(&carol, &table, &button(&table, ":join")).await;
        let table = current(&fake, table.id);
        fake.choose(&alice, &table, &button(&table, ":add"), Some("hard".into()))
            .await;
    } else {
        fake.click(&carol, &table, &button(&table, ":join")).await;
    }
    let table = current(&fake, table.id);
    if seats > 2 {
        assert!(table.text().contains("Computer (hard)"), "{}", table.text());
    }
    fake.click(&alice, &table, &button(&table, ":start")).await;
    let table = current(&fake, table.id);
    assert!(table.text().contains("play!"), "{}", table.text());
    assert!(table.custom_ids().is_empty(), "the buttons are gone");
    fake.wait_for("the match's table", Duration::from_secs(10), |f| {
        crate::fake_discord::players::table(f).is_some()
    })
    .await;
    bot.stop().await;
    fake.assert_no_violations();

    let seated = seats_of(&db, 1).await;
    assert_eq!(seated.len(), seats);
    let mut players = users(&seated);
    players.sort();
    let mut expected = vec![id(&alice), id(&carol)];
    expected.sort();
    assert_eq!(players, expected, "{seated:?}");
    let computers: Vec<Level> = seated.iter().filter_map(Occupant::computer).collect();
    assert_eq!(computers.len(), seats - 2);
    if seats > 2 {
        assert!(computers.contains(&Level::Hard));
        assert_eq!(
            computers.iter().filter(|l| **l == Level::Normal).count(),
            seats - 3,
            "empty seats get normal computers"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_table_is_joined_left_filled_and_started_at_every_size_of_every_game() {
    for game in GameId::HOSTED {
        for seats in game.seat_counts() {
            open_table_in(game, seats.get()).await;
        }
    }
}

/// A challenge of `seats − 1` opponents: each acceptance shows on the message, the last starts
/// the match; a second challenge is called off by one decline.
async fn challenge_of_many_in(game: GameId, seats: usize) {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("c.db").display());
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let alice = alice();
    let opponents: Vec<User> = [bob(), carol(), dave()]
        .into_iter()
        .take(seats - 1)
        .collect();
    challenge_many(&fake, &alice, &opponents, game).await;
    let challenge = fake
        .all_messages()
        .into_iter()
        .find(|m| m.custom_ids().iter().any(|c| c.ends_with(":accept")))
        .expect("the challenge");
    let stranger = User::new(777_000_000_000_000_009, "erin");
    let refused = fake
        .click(&stranger, &challenge, &button(&challenge, ":accept"))
        .await;
    assert!(refused.is_ephemeral());
    for (k, opponent) in opponents.iter().enumerate() {
        let message = current(&fake, challenge.id);
        assert!(!message.custom_ids().is_empty(), "still open");
        fake.click(opponent, &message, &button(&message, ":accept"))
            .await;
        let message = current(&fake, challenge.id);
        if k + 1 < opponents.len() {
            assert!(
                message.text().contains("Accepted so far"),
                "{}",
                message.text()
            );
            let again = fake
                .click(opponent, &message, &button(&message, ":accept"))
                .await;
            assert!(again.is_ephemeral(), "one acceptance each");
        }
    }
    let started = current(&fake, challenge.id);
    assert!(started.custom_ids().is_empty(), "{}", started.text());
    let mut seated = users(&seats_of(&db, 1).await);
    seated.sort();
    let mut expected: Vec<UserId> = std::iter::once(&alice).chain(&opponents).map(id).collect();
    expected.sort();
    assert_eq!(seated, expected);

    // One decline calls the next challenge off for everyone.
    if let Some(last) = opponents.last() {
        {
            let store = momojan::store::Store::open(&db).await.unwrap();
            let service = momojan::service::MatchService::new(store.clone());
            momojan::games::registry::with_game!(game, G => {
                service.resign::<G>(MatchId(1), id(&alice), None).await.unwrap();
            });
            store.close().await;
        }
        challenge_many(&fake, &alice, &opponents, game).await;
        let second = fake
            .all_messages()
            .into_iter()
            .rev()
            .find(|m| m.custom_ids().iter().any(|c| c.ends_with(":decline")))
            .expect("the second challenge");
        fake.click(last, &second, &button(&second, ":decline"))
            .await;
        let declined = current(&fake, second.id);
        assert!(declined.text().contains("declined"), "{}", declined.text());
        assert!(declined.custom_ids().is_empty());
    }
    bot.stop().await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_of_several_needs_everyone_and_one_decline_calls_it_off() {
    for game in GameId::HOSTED {
        for seats in game.seat_counts() {
            challenge_of_many_in(game, seats.get()).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_size_a_game_is_not_played_at_is_refused_and_nothing_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("r.db").display());
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let two_only: Vec<GameId> = GameId::HOSTED
        .into_iter()
        .filter(|g| g.seat_counts().iter().all(|n| n.get() == 2))
        .collect();
    for game in two_only {
        let refused = challenge_many(&fake, &alice(), &[bob(), carol()], game).await;
        let text = refused["data"]["content"].as_str().unwrap_or_default();
        assert!(text.contains("is not played by 3"), "{text}");
        let refused = fake
            .slash(
                &alice(),
                "table",
                json!([
                    { "type": 4, "name": "game", "value": game_index(game) },
                    { "type": 4, "name": "seats", "value": 4 },
                ]),
                false,
            )
            .await;
        assert!(refused.is_ephemeral());
        assert!(refused.content().contains("is not played by 4"));
    }
    assert!(open_table(&fake).is_none(), "no table was posted");
    bot.stop().await;
}
