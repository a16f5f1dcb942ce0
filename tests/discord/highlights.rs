//! Highlights on the fake Discord: a whole practice match ends and its recap is posted once,
//! inside the final result (no message of its own), in the table's language; each round's
//! lines join that round's summary.

use std::time::Duration;

use rand::SeedableRng;
use serde_json::Value;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg};
use crate::practice::{human_move, start_practice};
use momojan::games::interface::{recap, Acting, Highlights, Play, RECAP_MAX};
use momojan::games::momojan::Seat;
use momojan::games::registry::{GameId, Shogi};

fn descriptions(m: &Msg) -> Vec<String> {
    m.embeds
        .iter()
        .filter_map(|e| e["description"].as_str().map(str::to_string))
        .collect()
}

fn field_named(m: &Msg, name: &str) -> Option<String> {
    m.embeds
        .iter()
        .flat_map(|e| e["fields"].as_array().cloned().unwrap_or_default())
        .find(|f: &Value| f["name"].as_str() == Some(name))
        .and_then(|f| f["value"].as_str().map(str::to_string))
}

/// Plays one practice match of shogi to its end and checks what was posted; gives the recap's
/// lines and the rounds that had a line.
async fn a_practice_match_posts_its_recap_once(ja: bool, seed: u64) -> (usize, usize) {
    let fake = FakeDiscord::start().await;
    fake.quicken_route_buckets(10);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let human = if ja {
        fake.set_guild_locale("ja");
        alice().with_locale("ja")
    } else {
        alice()
    };
    start_practice(&fake, &human, 0, GameId::Shogi).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..5_000 {
        let loaded = load_match_of::<Shogi>(&db, 1).await;
        if loaded.meta.is_finished() {
            break;
        }
        if !(Shogi::to_act(&loaded.state) == Acting::Turn(Seat::ZERO)
            && human_move(&fake, &human, &mut rng).await)
        {
            tokio::time::sleep(Duration::from_millis(15)).await;
        }
    }
    let loaded = load_match_of::<Shogi>(&db, 1).await;
    assert!(loaded.meta.is_finished(), "the match ends");
    let (header, field, rematch) = if ja {
        ("**ハイライト**", "ハイライト", "再戦")
    } else {
        ("**Highlights**", "Highlights", "Rematch")
    };
    // The final result is the last post; wait for it.
    fake.wait_for("the final result", Duration::from_secs(30), |f| {
        f.all_messages().iter().any(|m| m.text().contains(rematch))
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let state = &loaded.state;
    let expected = recap(Shogi::game_highlights(state), &[], RECAP_MAX);
    let messages = fake.all_messages();
    let with_recap: Vec<&Msg> = messages
        .iter()
        .filter(|m| descriptions(m).iter().any(|d| d.contains(header)))
        .collect();
    if expected.is_empty() {
        assert!(with_recap.is_empty(), "no recap without a highlight");
    } else {
        assert_eq!(with_recap.len(), 1, "the recap is posted once");
        let recap_msg = with_recap[0];
        assert!(
            recap_msg.text().contains(rematch),
            "inside the final result"
        );
        let description = descriptions(recap_msg).join("\n");
        let after = description.split(header).nth(1).unwrap_or_default();
        let lines = after.lines().filter(|l| !l.trim().is_empty()).count();
        assert_eq!(lines, expected.len(), "{description}");
        assert!(!description.contains("-hl-"), "{description}");
    }
    // Each round with a line carries it in its own summary, and only those.
    let rounds_with_lines = (0..Shogi::rounds_played(state))
        .filter(|&r| !Shogi::round_highlights(state, r).is_empty())
        .count();
    let summaries_with_lines = messages
        .iter()
        .filter_map(|m| field_named(m, field))
        .inspect(|v| assert!(!v.contains("-hl-"), "{v}"))
        .count();
    assert_eq!(summaries_with_lines, rounds_with_lines);
    fake.assert_no_violations();
    bot.stop().await;
    (expected.len(), rounds_with_lines)
}

/// Matches until one had both a recap and a round line (the deal is the bot's secret seed, so
/// a match may have neither: about one shogi match in two has a round line), every one
/// checked; at most ten.
async fn until_both_are_seen(ja: bool) {
    for seed in 0..10 {
        let (recap, rounds) = a_practice_match_posts_its_recap_once(ja, seed).await;
        if recap > 0 && rounds > 0 {
            return;
        }
    }
    panic!("ten matches without both a recap and a round line");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_match_posts_its_recap_once_in_english() {
    until_both_are_seen(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_match_posts_its_recap_once_in_japanese() {
    until_both_are_seen(true).await;
}
