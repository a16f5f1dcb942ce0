//! A round robin on the fake Discord (issue 38): `/momojan tournament create format:Round
//! robin`, its schedule fixed when sign-up closes (4 entrants at tables of two: 3 rounds in
//! which every pair meets once), a dropped player's seat played by a computer, no one added,
//! the draw checked at the end; and a field with no round robin refused at close, changing
//! nothing (in Japanese).

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::json;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, User};
use crate::seats::game_index;
use crate::tournaments::*;
use momojan::games::registry::GameId;
use momojan::service::UserId;

fn create_rr(name: &str, game: GameId, seats: usize) -> serde_json::Value {
    json!([
        { "type": 3, "name": "name", "value": name },
        { "type": 4, "name": "game", "value": game_index(game) },
        { "type": 4, "name": "seats", "value": seats },
        { "type": 4, "name": "format", "value": 1 },
    ])
}

/// `/momojan tournament <sub> player:@target`: the answer's text.
async fn player_text(fake: &FakeDiscord, user: &User, sub: &str, target: &User) -> String {
    let cb = with_player(fake, user, sub, target).await;
    if cb.is_ephemeral() {
        private(fake, user, &cb)
    } else {
        cb.content()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_meets_every_pair_once_and_plays_a_dropped_seat_with_a_computer() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob, carol, dave) = (alice(), bob(), carol(), dave());
    let eve = User::new(777_000_000_000_000_013, "eve");
    tournament(
        &fake,
        &alice,
        "create",
        create_rr("League", GameId::Momojan, 2),
    )
    .await;
    let signup = signup_message(&fake);
    assert!(
        signup
            .text()
            .contains("a round robin (everyone meets everyone once)"),
        "{}",
        signup.text()
    );
    for user in [&alice, &bob, &carol, &dave] {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
    tournament(&fake, &alice, "close", json!([])).await;
    fake.wait_for("round 1's tables", Duration::from_secs(10), |f| {
        match_tables(f).len() == 2
    })
    .await;
    let announced = last_text(&fake, "Sign-up is closed with").unwrap();
    assert!(announced.contains("**Round 1 of 3**"), "{announced}");
    // The schedule is fixed: no one is added; a drop is played by a computer.
    let text = player_text(&fake, &alice, "add", &eve).await;
    assert!(text.contains("schedule is fixed"), "{text}");
    let text = player_text(&fake, &alice, "drop", &dave).await;
    assert!(text.contains("not seated from round 2"), "{text}");
    bot.stop().await;

    for round in 1..=3 {
        finish_round(&db, round).await;
        let next = round + 1;
        run_until(&fake, &db, "the next round or the end", |f| {
            if round == 3 {
                last_text(f, "The event is over.").is_some()
            } else {
                last_text(f, &format!("Round {round} is over.")).is_some()
            }
        })
        .await;
        if round < 3 {
            // Its tables are started before the next round ends (finish_round needs them).
            run_until(&fake, &db, "the round's tables", |f| {
                table_starts(f, "League")
                    .iter()
                    .filter(|m| m.text().contains(&format!("round {next},")))
                    .count()
                    == 2
            })
            .await;
        }
    }
    let mut met: BTreeMap<(UserId, UserId), u32> = BTreeMap::new();
    for round in 1..=3 {
        let tables = service_tables(&db, round).await;
        assert_eq!(tables.len(), 2);
        let dave_seated = tables.iter().flatten().any(|s| *s == Some(uid(&dave)));
        assert_eq!(dave_seated, round == 1, "round {round}: {tables:?}");
        if round > 1 {
            assert_eq!(
                tables.iter().flatten().filter(|s| s.is_none()).count(),
                1,
                "a computer for dave"
            );
        }
        for t in &tables {
            let players: Vec<UserId> = t.iter().flatten().copied().collect();
            if let [a, b] = players[..] {
                *met.entry((a.min(b), a.max(b))).or_default() += 1;
            }
        }
    }
    // Every pair that played met once: three of the six pairs without dave, one with him.
    assert!(met.values().all(|n| *n == 1), "{met:?}");
    assert_eq!(met.len(), 4, "{met:?}");
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    tournament(&fake, &bob, "check", json!([])).await;
    fake.wait_for("the check", Duration::from_secs(5), |f| {
        last_text(f, "✅ The revealed secret").is_some_and(|t| t.contains("all 3 rounds"))
    })
    .await;
    bot.stop().await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_field_with_no_round_robin_is_refused_at_close_in_japanese() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let dave = dave();
    fake.slash(
        &dave,
        "config",
        json!([{ "type": 3, "name": "locale", "value": "ja" }]),
        false,
    )
    .await;
    tournament(
        &fake,
        &dave,
        "create",
        create_rr("リーグ", GameId::Riichi, 4),
    )
    .await;
    let signup = signup_message(&fake);
    assert!(
        signup.text().contains("総当たり（全員が一度ずつ対戦）"),
        "{}",
        signup.text()
    );
    for user in [&alice(), &dave] {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
    let cb = tournament(&fake, &dave, "close", json!([])).await;
    let text = private(&fake, &dave, &cb);
    assert!(
        text.contains("参加者2人・4人卓の総当たりはありません"),
        "{text}"
    );
    // Nothing changed: sign-up is still open.
    let signup = current(&fake, signup.id);
    assert!(signup.custom_ids().iter().any(|c| c.ends_with(":join")));
    assert_eq!(match_count(&db).await, 0);
    bot.stop().await;
    fake.assert_no_violations();
}
