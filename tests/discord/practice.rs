//! Practice against the computer on the fake Discord: a simulated player clicking only what
//! is offered plays a whole match against each level; the computer's moves are stored with
//! their own origin; nothing reaches ratings or the leaderboard; a restart while the computer
//! is due makes it move once.

use momojan::games::interface::{Acting, Hosted};
use momojan::games::registry::{GameId, Momojan, Shogi};
use std::time::Duration;

use rand::{Rng, SeedableRng};
use serde_json::json;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, User};
use momojan::games::momojan::Seat;
use momojan::service::{GuildId, MatchId, MatchService, Origin, UserId};
use momojan::store::Store;

/// `/momojan practice level:<index> game:<index>` (poise sends choices as their index).
pub(crate) async fn start_practice(fake: &FakeDiscord, user: &User, level: u64, game: GameId) {
    let game = GameId::HOSTED.iter().position(|g| *g == game).unwrap();
    let started = fake
        .slash(
            user,
            "practice",
            json!([
                { "type": 4, "name": "level", "value": level },
                { "type": 4, "name": "game", "value": game },
            ]),
            false,
        )
        .await;
    assert!(
        !started.is_ephemeral(),
        "a practice match is announced publicly"
    );
    fake.wait_for("the practice table", Duration::from_secs(10), |f| {
        table(f).is_some()
    })
    .await;
}

/// The human's one move: open the hand from the table and click one offered action.
/// Returns false when nothing was offered (the table was a step behind).
pub(crate) async fn human_move(fake: &FakeDiscord, user: &User, rng: &mut impl Rng) -> bool {
    let Some(table) = table(fake) else {
        return false;
    };
    let hand_id = table
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))
        .unwrap();
    let opened = fake.click(user, &table, &hand_id).await;
    let hand = ephemeral_of(fake, user, &format!("token-{}", opened.interaction_id));
    let choices = action_choices(&hand);
    if choices.is_empty() {
        return false;
    }
    let (id, value) = choices[rng.random_range(0..choices.len())].clone();
    fake.choose(user, &hand, &id, value).await;
    true
}

async fn origins<G: Hosted>(db: &str) -> Vec<Origin> {
    let store = Store::open(db).await.unwrap();
    let log = store.event_log::<G>(MatchId(1)).await.unwrap();
    store.close().await;
    log.into_iter().map(|e| e.origin).collect()
}

async fn play_a_whole_practice_match<G: Hosted>(game: GameId, level: u64) {
    let fake = FakeDiscord::start().await;
    // The play is tested, not the buckets' pacing (`rate_limits.rs`).
    fake.quicken_route_buckets(10);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let human = alice();
    start_practice(&fake, &human, level, game).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(level);
    let mut moves = 0;
    for _ in 0..5_000 {
        let loaded = load_match_of::<G>(&db, 1).await;
        if loaded.meta.is_finished() {
            break;
        }
        assert_eq!(
            loaded.meta.user(Seat::ZERO).unwrap(),
            UserId(human.id as i64)
        );
        assert_eq!(loaded.meta.game, game);
        if G::to_act(&loaded.state) == Acting::Turn(Seat::ZERO)
            && human_move(&fake, &human, &mut rng).await
        {
            moves += 1;
        } else {
            tokio::time::sleep(Duration::from_millis(15)).await;
        }
    }
    let loaded = load_match_of::<G>(&db, 1).await;
    assert!(
        loaded.meta.is_finished(),
        "the match ends ({moves} human moves)"
    );
    let store = Store::open(&db).await.unwrap();
    let service = MatchService::new(store.clone());
    service.verify_match(MatchId(1)).await.unwrap();
    let guild = GuildId(crate::fake_discord::GUILD_ID as i64);
    let board = service
        .leaderboard(guild, None, game, 1, UserId(human.id as i64))
        .await
        .unwrap();
    assert!(
        board.rows.is_empty(),
        "practice is never on the leaderboard"
    );
    let (_, stats) = service
        .stats(guild, None, game, UserId(human.id as i64))
        .await
        .unwrap();
    assert!(stats.is_none(), "nor in the season's stats");
    let record = service
        .practice_record(guild, UserId(human.id as i64), game)
        .await
        .unwrap();
    assert_eq!(record.len(), 1, "{record:?}");
    let (_, played) = &record[0];
    assert_eq!(played.games, 1);
    let human_won = G::finish(&loaded.state).unwrap().winner() == Seat::ZERO;
    assert_eq!(played.wins, i64::from(human_won));
    store.close().await;
    assert!(origins::<G>(&db).await.contains(&Origin::Computer));
    let pinged_itself = fake.all_messages().iter().any(|m| {
        m.content
            .contains(&format!("<@{}>", crate::fake_discord::APP_ID))
            && m.content.contains("your turn")
    });
    assert!(!pinged_itself, "the computer is never told it is its turn");
    let index = GameId::HOSTED.iter().position(|g| *g == game).unwrap();
    let stats = fake
        .slash(
            &human,
            "stats",
            json!([{ "type": 4, "name": "game", "value": index }]),
            false,
        )
        .await;
    let shown = ephemeral_of(&fake, &human, &format!("token-{}", stats.interaction_id));
    assert!(shown.text().contains("Practice:"), "{}", shown.text());
    assert_no_raw_mentions_in_embeds(&fake);
    fake.assert_no_violations();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_practice_match_against_the_easy_computer() {
    play_a_whole_practice_match::<Momojan>(GameId::Momojan, 0).await;
    play_a_whole_practice_match::<Shogi>(GameId::Shogi, 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_practice_match_against_the_normal_computer() {
    play_a_whole_practice_match::<Momojan>(GameId::Momojan, 1).await;
    play_a_whole_practice_match::<Shogi>(GameId::Shogi, 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_practice_match_against_the_hard_computer() {
    play_a_whole_practice_match::<Momojan>(GameId::Momojan, 2).await;
    play_a_whole_practice_match::<Shogi>(GameId::Shogi, 2).await;
}

/// A bot whose computer waits far too long (it is stopped before it moves), and alice's
/// practice match 1 of `game` played until the computer is due: the bot, and the match then.
async fn practice_with_the_computer_due<G: Hosted>(
    fake: &FakeDiscord,
    db: &str,
    game: GameId,
) -> (Bot, momojan::service::Loaded<G>) {
    let mut slow = test_config(fake, db);
    slow.computer_pause = Duration::from_secs(600);
    slow.computer_sweep = Duration::from_secs(600);
    let bot = start_bot_with(slow).await;
    fake.wait_ready().await;
    let human = alice();
    start_practice(fake, &human, 1, game).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    while G::to_act(&load_match_of::<G>(db, 1).await.state) == Acting::Turn(Seat::ZERO) {
        human_move(fake, &human, &mut rng).await;
    }
    let due = load_match_of::<G>(db, 1).await;
    assert_eq!(
        G::to_act(&due.state),
        Acting::Turn(Seat::ONE),
        "the computer is due"
    );
    (bot, due)
}

async fn after_a_restart_a_due_computer_move_is_made_once_in<G: Hosted>(game: GameId) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let (bot, due) = practice_with_the_computer_due::<G>(&fake, &db, game).await;
    bot.stop().await;
    let before = due.meta.version;

    let bot = start_bot(&fake, &db).await;
    fake.wait_for("the computer's turn", Duration::from_secs(20), |_| true)
        .await;
    let mut after = load_match_of::<G>(&db, 1).await;
    for _ in 0..400 {
        if G::to_act(&after.state) != Acting::Turn(Seat::ONE) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
        after = load_match_of::<G>(&db, 1).await;
    }
    assert_ne!(
        G::to_act(&after.state),
        Acting::Turn(Seat::ONE),
        "the computer moved"
    );
    // Give a second mover (the sweep, a scheduled move) time to show itself.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let settled = load_match_of::<G>(&db, 1).await;
    assert_eq!(
        settled.meta.version, after.meta.version,
        "no second move meanwhile"
    );
    let log = origins::<G>(&db).await;
    let since: Vec<&Origin> = log[before as usize..].iter().collect();
    assert!(
        since
            .iter()
            .all(|o| matches!(o, Origin::Computer | Origin::Auto)),
        "{since:?}"
    );
    let store = Store::open(&db).await.unwrap();
    MatchService::new(store.clone())
        .verify_match(MatchId(1))
        .await
        .unwrap();
    store.close().await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_a_due_computer_move_is_made_once() {
    after_a_restart_a_due_computer_move_is_made_once_in::<Momojan>(GameId::Momojan).await;
    after_a_restart_a_due_computer_move_is_made_once_in::<Shogi>(GameId::Shogi).await;
}

/// A practice match whose stored state no longer reads (damaged on disk) is set aside by the
/// computer's sweep after a restart: the computer still makes its due move in another match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_a_damaged_practice_match_does_not_stop_the_computers_sweep() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let (bot, due) = practice_with_the_computer_due::<Momojan>(&fake, &db, GameId::Momojan).await;
    // A second practice match, whose state is then damaged.
    start_practice(&fake, &bob(), 1, GameId::Shogi).await;
    bot.stop().await;
    execute_sql(
        &db,
        r#"UPDATE snapshots SET state = '{"damaged": true}' WHERE match_id = 2"#,
    )
    .await;

    let bot = start_bot(&fake, &db).await;
    let what = "the computer did not move past the damaged match";
    wait_for_a_move(&db, 1, due.meta.version, what).await;
    assert_eq!(
        fetch_text(&db, "SELECT state FROM snapshots WHERE match_id = 2").await,
        r#"{"damaged": true}"#,
        "the damaged match as it was"
    );
    fake.assert_no_violations();
    bot.stop().await;
}

/// Handling time of the human players' clicks while 20 practice matches against the `hard`
/// computer (its default budget) are in play: the computer's searches run on the blocking
/// pool (at most two at once) and must not delay interactions. Figures for BENCHMARKS.md:
/// `cargo test --release --test discord handling_time_with_twenty_practice -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "benchmark: cargo test --release --test discord handling_time_with_twenty_practice -- --ignored --nocapture"]
async fn handling_time_with_twenty_practice_matches() {
    let fake = std::sync::Arc::new(FakeDiscord::start().await);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let mut config = test_config(&fake, &db);
    config.hard_budget = None;
    config.computer_pause = Duration::from_millis(300);
    let bot = start_bot_with(config).await;
    fake.wait_ready().await;
    let mut tasks = Vec::new();
    for m in 0..20u64 {
        let fake = fake.clone();
        tasks.push(tokio::spawn(async move {
            // A name that is no other's part: the table shows names, not ids.
            let human = User::new(610_000_000_000_000_000 + m, &format!("p{m:02}x"));
            let mine = |f: &FakeDiscord| {
                f.visible_to(&human).into_iter().find(|x| {
                    !x.embeds.is_empty()
                        && x.text().contains(&human.name)
                        && x.custom_ids().iter().any(|c| c.ends_with(":hand"))
                })
            };
            let started = fake
                .slash(
                    &human,
                    "practice",
                    json!([{ "type": 4, "name": "level", "value": 2 }]),
                    false,
                )
                .await;
            let mut latencies = vec![started.latency];
            fake.wait_for("a practice table", Duration::from_secs(30), |f| {
                mine(f).is_some()
            })
            .await;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(m);
            let mut actions = 0;
            for _ in 0..2_000 {
                if actions >= 30 {
                    break;
                }
                let Some(table) = mine(&fake) else { break };
                let hand_id = table
                    .custom_ids()
                    .into_iter()
                    .find(|c| c.ends_with(":hand"))
                    .unwrap();
                let opened = fake.click(&human, &table, &hand_id).await;
                latencies.push(opened.latency);
                let hand = ephemeral_of(&fake, &human, &format!("token-{}", opened.interaction_id));
                let choices = action_choices(&hand);
                if choices.is_empty() {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                }
                let (id, value) = choices[rng.random_range(0..choices.len())].clone();
                let cb = fake.choose(&human, &hand, &id, value).await;
                latencies.push(cb.latency);
                actions += 1;
            }
            (latencies, actions)
        }));
    }
    let mut latencies = Vec::new();
    let mut actions = 0;
    for t in tasks {
        let (l, n) = t.await.unwrap();
        latencies.extend(l);
        actions += n;
    }
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    let computer = {
        let store = Store::open(&db).await.unwrap();
        let mut n = 0;
        for id in 1..=20 {
            n += store
                .event_log::<Momojan>(MatchId(id))
                .await
                .unwrap()
                .iter()
                .filter(|e| e.origin == Origin::Computer)
                .count();
        }
        store.close().await;
        n
    };
    println!(
        "20 practice matches vs hard: {} human interactions ({actions} actions), {computer} computer moves; \
         handling p50 {:?}, p99 {:?}, max {:?}",
        latencies.len(),
        at(0.5),
        at(0.99),
        latencies.last().unwrap()
    );
    bot.stop().await;
}

/// Writes what the human sees of a practice match (English and Japanese) to
/// `/tmp/practice-screen-{en,ja}.json` for `shared/tools/discord-screen` — a tool to look at
/// messages with, not a check:
/// `cargo test --test discord practice_screens -- --ignored`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes screens to look at: cargo test --test discord practice_screens -- --ignored"]
async fn practice_screens() {
    for (lang, locale) in [("en", "en-US"), ("ja", "ja")] {
        let fake = FakeDiscord::start().await;
        fake.set_guild_locale(locale);
        let dir = tempfile::tempdir().unwrap();
        let db = db_url(&dir);
        let bot = start_bot(&fake, &db).await;
        fake.wait_ready().await;
        let human = alice().with_locale(locale);
        let game = GameId::Momojan;
        start_practice(&fake, &human, 1, game).await;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..400 {
            let loaded = load_match(&db, 1).await;
            if loaded.meta.is_finished() || !loaded.state.records.is_empty() {
                break;
            }
            if loaded.state.to_act() == Some(Seat::ZERO) {
                human_move(&fake, &human, &mut rng).await;
            } else {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        let index = GameId::HOSTED.iter().position(|g| *g == game).unwrap();
        let stats = fake
            .slash(
                &human,
                "stats",
                json!([{ "type": 4, "name": "game", "value": index }]),
                false,
            )
            .await;
        let _ = stats;
        let messages: Vec<serde_json::Value> = fake
            .visible_to(&human)
            .iter()
            .map(|m| {
                json!({
                    "content": m.content,
                    "embeds": m.embeds,
                    "components": m.components,
                    "flags": if m.visible_to.is_some() { 64 } else { 0 },
                })
            })
            .collect();
        let keep: Vec<serde_json::Value> = messages.iter().rev().take(12).rev().cloned().collect();
        let screen = json!({
            "viewer": human.id.to_string(),
            "names": { human.id.to_string(): "alice", "775799577604522054": "momojan" },
            "title": "#games",
            "messages": keep,
        });
        std::fs::write(
            format!("/tmp/practice-screen-{lang}.json"),
            serde_json::to_string_pretty(&screen).unwrap(),
        )
        .unwrap();
        bot.stop().await;
    }
}
