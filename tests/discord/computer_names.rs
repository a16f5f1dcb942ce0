//! Computers told apart (issue 39): at a table with several computers each is named by its
//! seat ("Computer 3 (normal)"), on the table and in the news, for the whole match; a table
//! with one computer keeps calling it "Computer (normal)".

use std::time::Duration;

use momojan::games::interface::seat::Seat;
use momojan::games::registry::{Beginners, GameId, Riichi};
use momojan::service::UserId;
use rand::SeedableRng;
use serde_json::json;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg, User};
use crate::practice::human_move;

/// `/momojan practice game:<game> seats:<seats>` (poise sends a choice as its index).
async fn start_practice(fake: &FakeDiscord, game: GameId, seats: u64) {
    start_practice_as(fake, &alice(), game, seats, false).await;
}

/// The same as `user`, teaching or not (`teach` 0 is on, 1 off).
pub(crate) async fn start_practice_as(
    fake: &FakeDiscord,
    user: &User,
    game: GameId,
    seats: u64,
    teach: bool,
) {
    let game = GameId::HOSTED.iter().position(|g| *g == game).unwrap();
    fake.slash(
        user,
        "practice",
        json!([
            { "type": 4, "name": "game", "value": game },
            { "type": 4, "name": "seats", "value": seats },
            { "type": 4, "name": "teach", "value": if teach { 0 } else { 1 } },
        ]),
        false,
    )
    .await;
    fake.wait_for("the practice table", Duration::from_secs(10), |f| {
        table(f).is_some()
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_computers_have_three_names_on_the_table_and_in_the_news() {
    let fake = FakeDiscord::start().await;
    fake.quicken_route_buckets(10);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let human = alice();
    fake.record_ephemerals_of(&human);
    start_practice(&fake, GameId::Riichi, 4).await;
    let loaded = load_match_of::<Riichi>(&db, 1).await;
    let me = loaded.meta.seat_of(UserId(human.id as i64)).unwrap();
    // Each computer by its seat, counted from 1.
    let names: Vec<String> = (0..4)
        .map(|i| Seat::ALL[i])
        .filter(|s| *s != me)
        .map(|s| format!("Computer {} (normal)", s.index() + 1))
        .collect();
    let text = table(&fake).unwrap().text();
    for name in &names {
        assert!(text.contains(name.as_str()), "{name} on the table: {text}");
    }
    assert!(!text.contains("Computer (normal)"), "{text}");

    // Alice plays until her hand's news (its embed) has told a discard of each computer, by
    // its name.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let told = |fake: &FakeDiscord| {
        let hands = fake.recorded_ephemerals(&human);
        names
            .iter()
            .filter(|name| {
                let line = format!("{name} discarded");
                hands.iter().any(|m| m.text().contains(&line))
            })
            .count()
    };
    for _ in 0..300 {
        if told(&fake) == names.len() || load_match_of::<Riichi>(&db, 1).await.meta.is_finished() {
            break;
        }
        if !human_move(&fake, &human, &mut rng).await {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        fake.settle(Duration::from_millis(100)).await;
    }
    assert_eq!(told(&fake), names.len(), "each computer named in the news");
    // The names stay: the table still shows the three.
    let text = table(&fake).unwrap().text();
    for name in &names {
        assert!(text.contains(name.as_str()), "{name} on the table: {text}");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_with_one_computer_calls_it_as_before() {
    let fake = FakeDiscord::start().await;
    fake.quicken_route_buckets(10);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    start_practice(&fake, GameId::Beginners, 2).await;
    assert_eq!(load_match_of::<Beginners>(&db, 1).await.meta.seats.len(), 2);
    let text = table(&fake).unwrap().text();
    assert!(text.contains("Computer (normal)"), "{text}");
    assert!(!text.contains("Computer 2"), "{text}");
    bot.stop().await;
}

/// A message as the discord-screen tool reads it.
fn screen_message(m: &Msg) -> serde_json::Value {
    json!({
        "content": m.content, "embeds": m.embeds, "components": m.components,
        "flags": if m.visible_to.is_some() { 64 } else { 0 },
    })
}

/// A teaching riichi practice against three computers, in each language, for the team's
/// discord-screen tool: the table, Alice's hand with its news and a Why? answer telling of
/// several computers' moves, written to `/tmp/names-screen-{locale}.json` — to look at, not
/// asserted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes screens to look at: cargo nextest run --test discord --run-ignored only -E 'test(/names_screens/)'"]
async fn names_screens() {
    for locale in ["en", "ja"] {
        let fake = FakeDiscord::start().await;
        fake.quicken_route_buckets(10);
        fake.set_guild_locale(locale);
        let dir = tempfile::tempdir().unwrap();
        let db = db_url(&dir);
        let bot = start_bot(&fake, &db).await;
        fake.wait_ready().await;
        let human = alice().with_locale(locale);
        fake.slash(
            &human,
            "config",
            json!([{ "type": 3, "name": "locale", "value": locale }]),
            false,
        )
        .await;
        start_practice_as(&fake, &human, GameId::Riichi, 4, true).await;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut asked = std::collections::HashSet::new();
        let mut shot = None;
        for _ in 0..300 {
            let why = fake.newest_visible(&human, |m| {
                m.visible_to.is_some() && m.custom_ids().iter().any(|c| c.starts_with("why:"))
            });
            let id = why.as_ref().and_then(|m| {
                m.custom_ids()
                    .into_iter()
                    .find(|c| c.starts_with("why:") && !asked.contains(c))
            });
            if let (Some(hand), Some(id)) = (why, id) {
                asked.insert(id.clone());
                let answer = fake.click(&human, &hand, &id).await;
                if answer.content().lines().count() >= 3 {
                    shot = Some((hand, answer.body.clone()));
                    break;
                }
                continue;
            }
            if !human_move(&fake, &human, &mut rng).await {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            fake.settle(Duration::from_millis(100)).await;
        }
        let (hand, answer) = shot.expect("a Why? of three moves");
        let table = table(&fake).unwrap();
        let mut names = serde_json::Map::new();
        names.insert(human.id.to_string(), json!(human.name));
        let screen = json!({
            "viewer": human.id.to_string(),
            "names": names,
            "title": format!("names-{locale}"),
            "messages": [screen_message(&table), screen_message(&hand), answer],
        });
        std::fs::write(
            format!("/tmp/names-screen-{locale}.json"),
            serde_json::to_string_pretty(&screen).unwrap(),
        )
        .unwrap();
        bot.stop().await;
    }
}
