//! A no-show's grace on the fake Discord (issue 38): an event created with `grace` says so on
//! its sign-up; once a table's grace has run out, each seated player who has made no move of
//! their own is played by the computer (away, as after two timeouts) and told so in the
//! table's thread, once — a restart says nothing again — while a player who moved keeps their
//! seat. In English and in Japanese.

use std::time::Duration;

use serde_json::json;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, CHANNEL_ID};
use crate::tournaments::*;
use momojan::clock::Clock;
use momojan::games::registry::{GameId, Momojan};
use momojan::service::{MatchId, TournamentId, UserId};

/// Both the bot's clock and Discord's jump by `minutes`.
async fn minutes_pass(fake: &FakeDiscord, clock: &Clock, minutes: i64) {
    fake.settle(Duration::from_millis(300)).await;
    clock.advance(minutes * 60);
    fake.advance(Duration::from_secs(minutes as u64 * 60));
}

/// The no-show notices posted so far.
fn notices(fake: &FakeDiscord, needle: &str) -> Vec<crate::fake_discord::Msg> {
    fake.all_messages()
        .into_iter()
        .filter(|m| m.visible_to.is_none() && m.text().contains(needle))
        .collect()
}

/// Round 1's matches, and who is away at each (in seat order).
async fn away(db: &str) -> Vec<(MatchId, Vec<(UserId, bool)>)> {
    let service = service(db).await;
    let mut out = Vec::new();
    for t in service
        .store()
        .tournament_tables(TournamentId(1), 1)
        .await
        .unwrap()
    {
        let meta = service.meta(t.match_id.unwrap()).await.unwrap();
        let seats = meta
            .seats
            .values()
            .filter_map(|s| s.occupant.user().map(|u| (u, s.away)))
            .collect();
        out.push((meta.id, seats));
    }
    service.close().await;
    out
}

/// Signs `users` up to a 2-seat MOMOJAN event with `grace` minutes and closes it (turns of an
/// hour, so that no timeout comes first).
async fn graced_event(
    fake: &FakeDiscord,
    users: &[&crate::fake_discord::User],
    grace: u32,
) -> String {
    let turn = json!([{ "type": 4, "name": "turn_time", "value": 3600 }]);
    fake.slash(&alice(), "config", turn, false).await;
    let mut options = create_options("Cup", GameId::Momojan, 2, 2);
    options
        .as_array_mut()
        .unwrap()
        .push(json!({ "type": 4, "name": "grace", "value": grace }));
    tournament(fake, &alice(), "create", options).await;
    let signup = signup_message(fake);
    for user in users {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
    tournament(fake, &alice(), "close", json!([])).await;
    let tables = users.len() / 2;
    fake.wait_for("round 1's tables", Duration::from_secs(10), |f| {
        match_tables(f).len() == tables
    })
    .await;
    signup.text()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_makes_no_move_within_the_grace_is_played_by_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let clock = Clock::manual(1_800_000_000);
    let config = || {
        let mut config = test_config(&fake, &db);
        config.clock = clock.clone();
        config
    };
    let bot = start_bot_with(config()).await;
    fake.wait_ready().await;
    let (alice, bob, carol, dave) = (alice(), bob(), carol(), dave());
    let signup = graced_event(&fake, &[&alice, &bob, &carol, &dave], 5).await;
    assert!(
        signup.contains("has not made a move within 5 minutes of their table's start"),
        "{signup}"
    );

    // At the first table the player to act moves (as a click would); nobody moves at the other.
    let tables = away(&db).await;
    let service = service(&db).await;
    let loaded = service.load::<Momojan>(tables[0].0).await.unwrap();
    let seat = loaded.state.to_act().unwrap();
    let mover = loaded.meta.seats[seat].occupant.user().unwrap();
    let action = loaded.state.legal_actions()[0];
    service
        .apply::<Momojan>(tables[0].0, mover, loaded.meta.version, action)
        .await
        .unwrap();
    service.close().await;

    // Four minutes: nothing yet. Six: three players are told, in their tables' threads.
    minutes_pass(&fake, &clock, 4).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(notices(&fake, "made no move").is_empty());
    minutes_pass(&fake, &clock, 2).await;
    fake.wait_for("the no-show notices", Duration::from_secs(10), |f| {
        notices(f, "made no move").len() == 2
    })
    .await;
    let posted = notices(&fake, "made no move");
    for m in &posted {
        assert_ne!(m.channel_id, CHANNEL_ID, "in the table's thread");
        eprintln!("{}", m.text());
    }
    let all: String = posted.iter().map(|m| m.text()).collect();
    assert!(!all.contains(&format!("<@{mover}>")), "{all}");
    assert!(
        all.contains("within the event's 5 minutes of grace: the computer plays their seat"),
        "{all}"
    );
    let after = away(&db).await;
    for (user, is_away) in after.iter().flat_map(|(_, seats)| seats) {
        assert_eq!(*is_away, *user != mover, "{after:?}");
        assert!(
            *user == mover || all.contains(&format!("<@{user}>")),
            "{user} told: {all}"
        );
    }
    bot.stop().await;

    // A restart, minutes later, tells nobody again.
    let bot = start_bot_with(config()).await;
    fake.wait_ready().await;
    minutes_pass(&fake, &clock, 10).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    bot.stop().await;
    assert_eq!(notices(&fake, "made no move").len(), 2);
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_shows_are_told_in_japanese() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let clock = Clock::manual(1_800_000_000);
    let mut config = test_config(&fake, &db);
    config.clock = clock.clone();
    let bot = start_bot_with(config).await;
    fake.wait_ready().await;
    fake.slash(
        &alice(),
        "config",
        json!([{ "type": 3, "name": "locale", "value": "ja" }]),
        false,
    )
    .await;
    let signup = graced_event(&fake, &[&alice(), &dave()], 1).await;
    assert!(signup.contains("1分以内に一度も打たなかった"), "{signup}");
    minutes_pass(&fake, &clock, 2).await;
    fake.wait_for("the no-show notice", Duration::from_secs(10), |f| {
        !notices(f, "一度も打たなかったため").is_empty()
    })
    .await;
    let text = notices(&fake, "一度も打たなかったため")[0].text();
    eprintln!("{text}");
    assert!(text.contains("猶予1分以内"), "{text}");
    assert!(
        text.contains(&format!("<@{}>", alice().id)) && text.contains(&format!("<@{}>", dave().id)),
        "{text}"
    );
    bot.stop().await;
    fake.assert_no_violations();
}
