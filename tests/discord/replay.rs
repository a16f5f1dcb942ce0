//! `/momojan replay`: a finished match shown one step at a time. Stepping through a whole
//! match shows the engine's state at each step (both hands and the table), the buttons keep
//! working after a restart, a running match cannot be replayed, and the point-of-view switch
//! shows one player's hand or both.

use momojan::games::registry::Momojan;
use std::time::Duration;

use crate::fake_discord::cards::cards;
use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg, User};
use crate::upgrade::old_database;
use momojan::games::momojan::{Game, SeededGame};
use momojan::games::seat::Seat;
use momojan::service::MatchId;
use momojan::store::{Move, Store};
use serde_json::{json, Value};

/// The finished match of the fixture.
const FINISHED: MatchId = MatchId(1);

/// The fixture's finished match at every step, replayed here with the engine alone, each
/// with whether the move that led to it ended a round.
async fn engine_states(db: &str) -> Vec<(Game, bool)> {
    let loaded = load_match(db, FINISHED.0).await;
    let store = Store::open(db).await.unwrap();
    let log = store.event_log::<Momojan>(FINISHED).await.unwrap();
    store.close().await;
    let meta = &loaded.meta;
    let (mut game, _) =
        SeededGame::with_seed(loaded.seed, meta.first_dealer, loaded.options.clone());
    let mut states = vec![(game.game.clone(), false)];
    for row in &log {
        let rounds = game.game.records.len();
        match row.action {
            Move::Play(action) => game.apply(row.seat, action),
            Move::Concede(why) => game.concede(row.seat, why.into()),
        }
        .unwrap();
        let ended = game.game.records.len() > rounds
            && game.game.records.last().unwrap().final_hands.is_some();
        states.push((game.game.clone(), ended));
    }
    // The fixture was stored before rounds kept their open sets: the replay has them.
    let mut last = states.last().unwrap().0.clone();
    for record in &mut last.records {
        record.final_melds = None;
    }
    assert_eq!(last, loaded.state);
    states
}

fn fields(m: &Msg) -> Vec<(String, String)> {
    m.embeds[0]["fields"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_string(),
                f["value"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn title(m: &Msg) -> String {
    m.embeds[0]["title"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The button of `m` whose id ends with `:<view>:<nav>`.
fn button(m: &Msg, view: &str, nav: &str) -> String {
    let suffix = format!(":{view}:{nav}");
    m.custom_ids()
        .into_iter()
        .find(|id| id.starts_with("rp:") && id.ends_with(&suffix))
        .unwrap_or_else(|| panic!("no {suffix} button in {:?}", m.custom_ids()))
}

/// The replay message shows `state` at `step` of `total` with the hands of `seats` (on a
/// step that ended a round, the hands that round ended with).
fn assert_shows(m: &Msg, step: usize, total: usize, at: &(Game, bool), seats: &[(Seat, &str)]) {
    let (state, ended) = (&at.0, at.1);
    assert!(
        title(m).contains(&format!("step {step} of {total}")),
        "{}",
        title(m)
    );
    let shown = fields(m);
    for seat in [Seat::ZERO, Seat::ONE] {
        let hand_field = shown.iter().find(|(name, _)| {
            seats
                .iter()
                .any(|(s, who)| *s == seat && name == &format!("{who}'s hand"))
        });
        let final_hands = ended.then(|| state.records.last().unwrap().final_hands.clone().unwrap());
        let wanted = seats.iter().any(|(s, _)| *s == seat) && (ended || state.round.is_some());
        match (wanted, hand_field) {
            (true, Some((_, value))) => {
                let hand = match &final_hands {
                    Some(hands) => hands[seat].clone(),
                    None => state.seat_view(seat).hand,
                };
                if final_hands.is_some() {
                    // A round's end shows the open sets too, and a winner's cards as sets:
                    // every concealed card is there.
                    for c in &hand {
                        assert!(
                            value.contains(&cards(&[*c])),
                            "step {step}, seat {seat:?}: {c} not in {value}"
                        );
                    }
                    continue;
                }
                let expected = if hand.is_empty() {
                    "—".to_string()
                } else {
                    cards(&hand)
                };
                assert_eq!(value, &expected, "step {step}, seat {seat:?}");
            }
            (false, None) => {}
            (wanted, found) => panic!("step {step}, seat {seat:?}: wanted {wanted}, {found:?}"),
        }
    }
}

async fn click(fake: &FakeDiscord, user: &User, m: &Msg, id: &str) -> Msg {
    click_timed(fake, user, m, id).await.0
}

/// A click, with its handling time (interaction sent → callback received).
async fn click_timed(fake: &FakeDiscord, user: &User, m: &Msg, id: &str) -> (Msg, Duration) {
    let cb = fake.click(user, m, id).await;
    assert_eq!(
        cb.kind(),
        7,
        "the replay is updated in place: {:?}",
        cb.body
    );
    (
        fake.message_by_id(m.id).expect("the replay message"),
        cb.latency,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_replays_step_by_step_and_its_buttons_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = old_database(&dir);
    let states = engine_states(&db).await;
    let total = states.len() - 1;
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let carol = User::new(4242, "carol");

    // Anyone in the server may ask; a running match is refused.
    let cb = fake
        .slash(
            &carol,
            "replay",
            json!([{"name": "match", "type": 4, "value": 2}]),
            false,
        )
        .await;
    let refused = ephemeral_of(&fake, &carol, &format!("token-{}", cb.interaction_id));
    assert!(
        refused.text().contains("still being played"),
        "{}",
        refused.text()
    );
    assert!(refused.custom_ids().is_empty());

    let cb = fake
        .slash(
            &carol,
            "replay",
            json!([{"name": "match", "type": 4, "value": 1}]),
            false,
        )
        .await;
    let mut m = ephemeral_of(&fake, &carol, &format!("token-{}", cb.interaction_id));
    let names = [(Seat::ZERO, "alice"), (Seat::ONE, "bob")];
    assert_shows(&m, 0, total, &states[0], &names);
    let mut latencies = Vec::new();
    for (step, state) in states.iter().enumerate().skip(1) {
        if step == total / 2 {
            // A restart halfway: the buttons on screen go on from where they were.
            bot.stop().await;
            let restarted = start_bot(&fake, &db).await;
            fake.wait_ready().await;
            m = click(&fake, &carol, &m, &button(&m, "ab", "next")).await;
            assert_shows(&m, step, total, state, &names);
            return finish(fake, restarted, m, &states, &carol, latencies).await;
        }
        let (next, took) = click_timed(&fake, &carol, &m, &button(&m, "ab", "next")).await;
        m = next;
        latencies.push(took);
        assert_shows(&m, step, total, state, &names);
    }
    panic!("the match is longer than two steps");
}

/// The second half of the match, then the round, end and view buttons.
async fn finish(
    fake: FakeDiscord,
    bot: Bot,
    mut m: Msg,
    states: &[(Game, bool)],
    carol: &User,
    mut latencies: Vec<Duration>,
) {
    let total = states.len() - 1;
    let names = [(Seat::ZERO, "alice"), (Seat::ONE, "bob")];
    for (step, state) in states.iter().enumerate().skip(total / 2 + 1) {
        let (next, took) = click_timed(&fake, carol, &m, &button(&m, "ab", "next")).await;
        m = next;
        latencies.push(took);
        assert_shows(&m, step, total, state, &names);
    }
    // At the end, "next" and "last" are disabled, "start" takes the replay back.
    let last: Vec<&Value> = m.components[1]["components"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    assert_eq!(last[0]["disabled"], true, "{last:?}");
    m = click(&fake, carol, &m, &button(&m, "ab", "first")).await;
    assert_shows(&m, 0, total, &states[0], &names);
    // Round by round: each "next round" lands on a step where a round was just dealt.
    let mut rounds = 0;
    while !title(&m).contains(&format!("step {total} of")) {
        m = click(&fake, carol, &m, &button(&m, "ab", "nextround")).await;
        rounds += 1;
        assert!(rounds < 50);
    }
    assert!(rounds >= 2, "the fixture's match has several rounds");
    // One player's view shows that player's hand only.
    m = click(&fake, carol, &m, &button(&m, "ab", "prevround")).await;
    let step: usize = title(&m)
        .split("step ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    screens(&fake, &m, carol).await;
    m = click(&fake, carol, &m, &button(&m, "a", "view")).await;
    assert_shows(&m, step, total, &states[step], &names[..1]);
    m = click(&fake, carol, &m, &button(&m, "b", "view")).await;
    assert_shows(&m, step, total, &states[step], &names[1..]);
    // A forged step past the end shows the end (the log's length bounds it).
    let forged = m.with_button("rp:1:99999:ab:view");
    let cb = fake.click(carol, &forged, "rp:1:99999:ab:view").await;
    assert_eq!(cb.kind(), 7);
    let end = fake.message_by_id(m.id).unwrap();
    assert!(title(&end).contains(&format!("step {total} of {total}")));
    let mut slowest: Vec<(usize, Duration)> = latencies.iter().copied().enumerate().collect();
    slowest.sort_by_key(|(_, d)| std::cmp::Reverse(*d));
    eprintln!("slowest clicks (index, time): {:?}", &slowest[..5]);
    latencies.sort();
    eprintln!(
        "replay steps: {} clicks, handling median {:?}, p99 {:?}, max {:?} ({} build)",
        latencies.len(),
        latencies[latencies.len() / 2],
        latencies[latencies.len() * 99 / 100],
        latencies.last().unwrap(),
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        }
    );
    bot.stop().await;
    fake.assert_no_violations();
}

/// With `MOMOJAN_SCREENS` set, writes a replay step as an English and a Japanese player see
/// it (`/tmp/replay-screen-{en,ja}.json`, for the discord-screen tool).
async fn screens(fake: &FakeDiscord, english: &Msg, carol: &User) {
    if std::env::var_os("MOMOJAN_SCREENS").is_none() {
        return;
    }
    let ja = bob().with_locale("ja");
    let cb = fake
        .slash(
            &ja,
            "replay",
            json!([{"name": "match", "type": 4, "value": 1}]),
            false,
        )
        .await;
    let mut japanese = ephemeral_of(fake, &ja, &format!("token-{}", cb.interaction_id));
    for _ in 0..7 {
        japanese = click(fake, &ja, &japanese, &button(&japanese, "ab", "next")).await;
    }
    for (lang, viewer, m) in [("en", carol, english), ("ja", &ja, &japanese)] {
        let screen = json!({"viewer": viewer.id.to_string(), "title": "#games",
            "names": {alice().id.to_string(): "alice", bob().id.to_string(): "bob",
                      carol.id.to_string(): "carol"},
            "messages": [{"content": m.content, "embeds": m.embeds,
                          "components": m.components, "flags": 64}]});
        std::fs::write(
            format!("/tmp/replay-screen-{lang}.json"),
            serde_json::to_string_pretty(&screen).unwrap(),
        )
        .unwrap();
    }
}
