//! Watching a table (issue 39, item 3) through the fake Discord, at a riichi table of four
//! people: a watcher (not seated) presses **Watch** and gets the public table, kept current
//! through their own token as the round runs; nothing a seat hides is in anything they get
//! (every version of every message the watcher receives is kept and looked at); when the
//! round ends they get its summary, and with the server's `spectate_hands` every seat's hand
//! of that round (one round late) — never the round in play. A match whose players said
//! `watch:off` has no Watch button and a forged one is refused, changing nothing.

use std::time::Duration;

use serde_json::{json, Value};

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg, User};
use crate::seats::{game_index, open_match_of_people};
use momojan::games::drivers::export::replay;
use momojan::games::interface::prelude::*;
use momojan::games::registry::{GameId, Riichi};
use momojan::service::{EventRow, MatchId, UserId};
use momojan::store::Store;

/// Someone in the server who does not play.
fn wanda() -> User {
    User::new(777_000_000_000_000_021, "wanda")
}

/// Another, whose Discord is in Japanese.
fn wataru() -> User {
    User::new(777_000_000_000_000_022, "wataru").with_locale("ja")
}

/// With `MOMOJAN_SCREENS` set, writes `message` as `user` sees it for the team's
/// discord-screen tool to `/tmp/watch-screen-{name}.json` — to look at, not asserted.
fn screen(user: &User, name: &str, message: &Msg) {
    if std::env::var_os("MOMOJAN_SCREENS").is_none() {
        return;
    }
    let screen = json!({
        "viewer": user.id.to_string(),
        "names": { user.id.to_string(): user.name.clone() },
        "title": format!("{name} #1"),
        "now": std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        "messages": [{
            "content": message.content, "embeds": message.embeds,
            "components": message.components, "flags": 64,
        }],
    });
    let path = format!("/tmp/watch-screen-{name}.json");
    std::fs::write(path, serde_json::to_string_pretty(&screen).unwrap()).unwrap();
}

fn watch_id(message: &Msg) -> Option<String> {
    message
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":watch"))
}

fn hand_id(table: &Msg) -> String {
    table
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))
        .expect("My hand")
}

/// Every text of a message's embeds (titles, descriptions, fields) and its content.
fn shown_text(m: &Msg) -> String {
    let mut out = m.content.clone();
    for e in &m.embeds {
        for key in ["title", "description"] {
            out.push('\n');
            out.push_str(e[key].as_str().unwrap_or_default());
        }
        for f in e["fields"].as_array().into_iter().flatten() {
            for key in ["name", "value"] {
                out.push('\n');
                out.push_str(f[key].as_str().unwrap_or_default());
            }
        }
    }
    out
}

/// An embed as text with its Discord timestamps (`<t:…:R>`) blanked: the table in the thread
/// keeps the turn's deadline of when it was drawn, a second off the stored one at times.
fn without_times(embed: &Value) -> String {
    let text = embed.to_string();
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("<t:") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find('>').map_or(rest.len(), |e| at + e + 1);
        out.push_str("<t:…>");
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The concealed pieces a fresh hand message shows: its description's first line, in bold.
fn concealed_line(hand: &Msg) -> String {
    let description = hand.embeds[0]["description"].as_str().unwrap_or_default();
    let first = description.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("**"),
        "a hand starts with its pieces: {description}"
    );
    first.trim_matches('*').to_string()
}

/// `user` opens their hand from the table: the hand message.
async fn open_hand(fake: &FakeDiscord, user: &User) -> Msg {
    let table = table(fake).expect("the table");
    let opened = fake.click(user, &table, &hand_id(&table)).await;
    ephemeral_of(fake, user, &format!("token-{}", opened.interaction_id))
}

fn user_of(players: &[User], id: UserId) -> &User {
    players
        .iter()
        .find(|u| UserId(u.id as i64) == id)
        .expect("a player")
}

/// The move a test player makes: whatever ends the round soonest (a win, nine terminals),
/// else a pass, else a plain discard, else the first legal move.
fn chosen(legal: &[<Riichi as Play>::Action]) -> <Riichi as Play>::Action {
    let code = |a: &<Riichi as Play>::Action| Riichi::action_code(*a);
    let preferred = ["tsumo", "ron", "kyuushu", "pass"];
    preferred
        .iter()
        .find_map(|p| legal.iter().find(|a| code(a) == *p))
        .or_else(|| legal.iter().find(|a| code(a).starts_with("discard-")))
        .or_else(|| legal.first())
        .copied()
        .expect("a legal move")
}

/// Plays match 1 from its players' hands until round 1 has ended (the second is dealt).
/// Each hand opened on the way gives the concealed pieces of a seat in the round in play:
/// returned, every one of them, for the hidden-information checks.
async fn play_first_round(fake: &FakeDiscord, db: &str, players: &[User]) -> Vec<String> {
    let mut secrets = Vec::new();
    for _ in 0..600 {
        let loaded = load_match_of::<Riichi>(db, 1).await;
        if Riichi::rounds_played(&loaded.state) >= 1 {
            return secrets;
        }
        let seat = Riichi::to_act(&loaded.state).first().expect("someone acts");
        let user = user_of(players, loaded.meta.user(seat).expect("people only"));
        let hand = open_hand(fake, user).await;
        secrets.push(concealed_line(&hand));
        let code = Riichi::action_code(chosen(&Riichi::legal_actions(&loaded.state, seat)));
        let wanted = format!(":{code}");
        let (id, value) = action_choices(&hand)
            .into_iter()
            .find(|(id, value)| match value {
                Some(v) => v.ends_with(&wanted),
                None => id.ends_with(&wanted),
            })
            .unwrap_or_else(|| panic!("{code} is not offered: {}", hand.text()));
        fake.choose(user, &hand, &id, value).await;
        fake.settle(Duration::from_millis(30)).await;
    }
    panic!("the first round did not end");
}

/// The concealed pieces of every seat now (each opens their hand).
async fn secrets_now(fake: &FakeDiscord, players: &[User]) -> Vec<String> {
    let mut out = Vec::new();
    for user in players {
        out.push(concealed_line(&open_hand(fake, user).await));
    }
    out
}

/// Each seat's concealed pieces as the first round ended, replayed from the stored log.
async fn first_round_hands(db: &str) -> Vec<Vec<String>> {
    let store = Store::open(db).await.unwrap();
    let loaded = momojan::service::MatchService::new(store.clone())
        .load::<Riichi>(MatchId(1))
        .await
        .unwrap();
    let log = store.event_log::<Riichi>(MatchId(1)).await.unwrap();
    store.close().await;
    let steps: Vec<_> = log.iter().map(EventRow::step).collect();
    let meta = &loaded.meta;
    let at = |step| {
        replay::<Riichi>(
            &loaded.seed,
            meta.seat_count(),
            meta.first_dealer,
            &loaded.options,
            &steps,
            step,
        )
        .unwrap()
    };
    let end = at(steps.len()).round_starts[1];
    let before_end = at(end).before_end.expect("the round ended there");
    meta.seat_count()
        .seats()
        .map(|seat| {
            let hand = Riichi::hand(&Riichi::view(&before_end, seat));
            hand.concealed.iter().map(|p| p.text.clone()).collect()
        })
        .collect()
}

/// Whether `pieces` appear in `text` in order.
fn in_order(text: &str, pieces: &[String]) -> bool {
    let mut rest = text;
    pieces.iter().all(|p| match rest.find(p.as_str()) {
        Some(at) => {
            rest = &rest[at + p.len()..];
            true
        }
        None => false,
    })
}

fn embed_titled<'a>(m: &'a Msg, starts: &str) -> Option<&'a Value> {
    m.embeds
        .iter()
        .find(|e| e["title"].as_str().unwrap_or_default().starts_with(starts))
}

async fn set_spectate_hands(fake: &FakeDiscord, on: bool) {
    let answer = fake
        .slash(
            &alice(),
            "config",
            json!([{ "type": 5, "name": "spectate_hands", "value": on }]),
            false,
        )
        .await;
    assert!(
        answer.content().contains("one round late"),
        "{}",
        answer.content()
    );
}

/// A round watched at a table of four people, with the server's `spectate_hands` `on` or not.
async fn a_round_watched(spectate: bool) {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    set_spectate_hands(&fake, spectate).await;
    let (opening, players) = open_match_of_people(&fake, GameId::Riichi).await;
    let watcher = wanda();
    fake.record_ephemerals_of(&watcher);

    // A seated player pressing Watch gets their own hand.
    let watch = watch_id(&opening).expect("a table anyone may watch offers Watch");
    let seated = fake.click(&players[1], &opening, &watch).await;
    assert!(seated.is_ephemeral());
    let own = ephemeral_of(
        &fake,
        &players[1],
        &format!("token-{}", seated.interaction_id),
    );
    assert!(own.text().contains("Your hand"), "{}", own.text());

    let opened = fake.click(&watcher, &opening, &watch).await;
    assert!(opened.is_ephemeral(), "only the watcher sees their view");
    let view = ephemeral_of(&fake, &watcher, &format!("token-{}", opened.interaction_id));
    assert!(
        view.content.contains("watching match #1"),
        "{}",
        view.content
    );
    let now = table(&fake).expect("the table");
    assert_eq!(
        without_times(&view.embeds[0]),
        without_times(&now.embeds[0]),
        "the public table, as the thread has it"
    );
    assert!(watch_id(&view).is_some(), "its button shows it again");
    // A second watcher, in Japanese: each watcher's view in their own language.
    let other = wataru();
    let opened = fake.click(&other, &opening, &watch).await;
    let other_view = ephemeral_of(&fake, &other, &format!("token-{}", opened.interaction_id));
    assert!(
        other_view.content.contains("観戦中"),
        "{}",
        other_view.content
    );

    let mut secrets = play_first_round(&fake, &db, &players).await;
    fake.settle(Duration::from_millis(300)).await;
    let round_two = secrets_now(&fake, &players).await;
    fake.settle(Duration::from_millis(300)).await;

    // Brought up to date (each watcher's token has its own bucket of edits, refilled as the
    // round goes on): the table as the thread shows it, and round 1's summary.
    fake.wait_for(
        "the watcher's view of round 2",
        Duration::from_secs(10),
        |f| {
            f.message_by_id(view.id)
                .is_some_and(|m| shown_text(&m).contains("— round 2"))
        },
    )
    .await;
    fake.settle(Duration::from_millis(300)).await;
    let last = fake.message_by_id(view.id).expect("the watcher's view");

    let seen = fake.recorded_ephemerals(&watcher);
    // Edited as the round went on (it reached round 2 above): how many times depends on the
    // deal (a round may end after a few moves) and on how many changes one edit carries.
    assert!(
        seen.len() > 1,
        "the view follows the round: {} versions",
        seen.len()
    );
    // While round 1 runs, nothing of any seat's hand; round 2's hands are never shown.
    secrets.extend(round_two.iter().cloned());
    for version in &seen {
        let text = shown_text(version);
        let round_one = !text.contains("Round 1 —");
        let hidden: &[String] = if round_one { &secrets } else { &round_two };
        for secret in hidden {
            assert!(
                !text.contains(secret.as_str()),
                "a watcher saw hidden pieces {secret}: {text}"
            );
        }
    }

    let now = table(&fake).expect("the table");
    assert_eq!(
        without_times(&last.embeds[0]),
        without_times(&now.embeds[0]),
        "the view follows the table"
    );
    fake.wait_for("the other view of round 2", Duration::from_secs(10), |f| {
        f.message_by_id(other_view.id)
            .is_some_and(|m| shown_text(&m).contains("第2局") || shown_text(&m).contains("round 2"))
    })
    .await;
    let other_last = fake.message_by_id(other_view.id).unwrap();
    assert_eq!(
        other_last.embeds.len(),
        last.embeds.len(),
        "{}",
        other_last.text()
    );
    screen(&watcher, &format!("en-{spectate}"), &last);
    screen(&other, &format!("ja-{spectate}"), &other_last);
    let title = last.embeds[0]["title"].as_str().unwrap_or_default();
    assert!(title.contains("round 2"), "{}", shown_text(&last));
    assert!(
        embed_titled(&last, "Round 1 —").is_some(),
        "the round's summary"
    );
    let hands = embed_titled(&last, "Round 1: every hand");
    if spectate {
        let hands = hands.expect("every hand of round 1, one round late");
        let fields = hands["fields"].as_array().unwrap();
        assert_eq!(fields.len(), 4, "{hands}");
        for (field, pieces) in fields.iter().zip(first_round_hands(&db).await) {
            let value = field["value"].as_str().unwrap();
            assert!(in_order(value, &pieces), "{value} is not {pieces:?}");
        }
    } else {
        assert!(
            hands.is_none(),
            "no hands without spectate_hands: {}",
            last.text()
        );
    }
    bot.stop().await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_follows_a_table_of_four_and_sees_nothing_a_seat_hides() {
    a_round_watched(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_spectate_hands_a_watcher_sees_every_hand_one_round_late_and_never_live() {
    a_round_watched(true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_its_players_forbid_watching_has_no_watch_and_refuses_a_forged_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let players = crate::seats::people(4, "en-US");
    let (mut options, resolved) = challenge_options(&players[1..]);
    options.push(json!({ "type": 4, "name": "game", "value": game_index(GameId::Riichi) }));
    // `watch:off`: the second choice of the option.
    options.push(json!({ "type": 4, "name": "watch", "value": 1 }));
    fake.slash_resolved(&players[0], "challenge", Value::Array(options), resolved)
        .await;
    for opponent in &players[1..] {
        accept_challenge(&fake, opponent).await;
    }
    fake.wait_for("the table", Duration::from_secs(10), |f| table(f).is_some())
        .await;
    let table = table(&fake).unwrap();
    assert!(watch_id(&table).is_none(), "no Watch: {}", table.text());

    let watcher = wanda();
    fake.record_ephemerals_of(&watcher);
    // A Watch button the table does not carry is not one of the bot's for this message.
    let forged = fake.click_raw(&watcher, &table, "mj:1:0:watch", None).await;
    assert!(forged.is_ephemeral());
    // One as an old message would carry it (Discord sends it with that message).
    let old = table.with_button("mj:1:0:watch");
    let refused = fake.click(&watcher, &old, "mj:1:0:watch").await;
    assert!(refused.is_ephemeral());
    assert!(
        refused.content().contains("asked not to be watched"),
        "{}",
        refused.content()
    );
    // A match that does not exist, and a damaged id.
    let nowhere = table.with_button("mj:999:0:watch");
    let missing = fake.click(&watcher, &nowhere, "mj:999:0:watch").await;
    assert!(missing.is_ephemeral() && !missing.content().is_empty());
    let damaged = table.with_button("mj:1:x:watch");
    let bad = fake.click(&watcher, &damaged, "mj:1:x:watch").await;
    assert!(bad.is_ephemeral() && !bad.content().is_empty());

    // Nothing changed: a move later, the watcher got no view and no edit.
    let before = fake.recorded_ephemerals(&watcher);
    assert!(
        before.iter().all(|m| m.embeds.is_empty()),
        "no view was shown"
    );
    let loaded = load_match_of::<Riichi>(&db, 1).await;
    assert!(!loaded.meta.watchable);
    let seat = Riichi::to_act(&loaded.state).first().unwrap();
    let user = user_of(&players, loaded.meta.user(seat).unwrap());
    let hand = open_hand(&fake, user).await;
    let (id, value) = action_choices(&hand).into_iter().next().unwrap();
    fake.choose(user, &hand, &id, value).await;
    fake.settle(Duration::from_millis(300)).await;
    let after = fake.recorded_ephemerals(&watcher);
    assert_eq!(after.len(), before.len(), "no edit reached the watcher");
    assert!(load_match_of::<Riichi>(&db, 1).await.meta.version > loaded.meta.version);
    bot.stop().await;
}
