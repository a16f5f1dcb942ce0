//! Complete games on the fake Discord, for every game: two simulated users challenge, accept
//! and play to the end by clicking only what the bot offers; the stored result equals the
//! engine replay of the action log, and no concealed card or seed leaks into what the other
//! user can see. Buttons survive a restart; strangers, stale and forged clicks change nothing.

use momojan::games::interface::seat::Opponent;
use momojan::games::interface::Hosted;
use momojan::games::registry::{GameId, Momojan, Shogi};
use std::time::Duration;

use crate::fake_discord;
use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg, User};
use crate::seats::{acting_hand_of, open_match_of_people};
use momojan::service::{GuildId, MatchId, MatchService};
use momojan::store::Store;
use rand::{Rng, SeedableRng};
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_users_play_complete_games_by_clicking_only_what_the_bot_offers() {
    for seed in 0..4u64 {
        play_one_game::<Momojan>(GameId::Momojan, seed).await;
        play_one_game::<Shogi>(GameId::Shogi, seed).await;
    }
}

async fn play_one_game<G: Hosted>(game: GameId, seed: u64) {
    let fake = FakeDiscord::start().await;
    // The play is tested, not the buckets' pacing (`rate_limits.rs`).
    fake.quicken_route_buckets(10);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob) = (alice(), bob());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    // Only the challenged user may answer a challenge.
    fake.challenge(&alice, &bob, game).await;
    let message = fake
        .visible_to(&bob)
        .into_iter()
        .find(|m| m.custom_ids().iter().any(|c| c.ends_with(":accept")))
        .expect("a challenge with Accept");
    let wrong = fake.click(&alice, &message, &message.custom_ids()[0]).await;
    assert!(wrong.is_ephemeral());
    let accept = message
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":accept"))
        .unwrap();
    fake.click(&bob, &message, &accept).await;
    fake.wait_for("the table", Duration::from_secs(10), |f| table(f).is_some())
        .await;

    let mut actions = 0;
    while let Some(table) = table(&fake) {
        let hand_id = table
            .custom_ids()
            .into_iter()
            .find(|c| c.ends_with(":hand"))
            .unwrap();
        let mut acted = false;
        for user in [&alice, &bob] {
            let opened = fake.click(user, &table, &hand_id).await;
            assert!(opened.is_ephemeral(), "a hand is always ephemeral");
            let token = format!("token-{}", opened.interaction_id);
            let mut hand = ephemeral_of(&fake, user, &token);
            if rng.random_bool(0.3) {
                if let Some(toggle) = hand
                    .custom_ids()
                    .into_iter()
                    .find(|c| c.ends_with(":riichi-on"))
                {
                    fake.click(user, &hand, &toggle).await;
                    hand = ephemeral_of(&fake, user, &token);
                }
            }
            if game == GameId::Momojan {
                // MOMOJAN's number cards are unique: one in the text would be a leak.
                check_hidden(&db, &fake, user, &hand).await;
            }
            let choices = action_choices(&hand);
            if choices.is_empty() {
                continue;
            }
            let (id, value) = choices[rng.random_range(0..choices.len())].clone();
            let answer = fake.choose(user, &hand, &id, value).await;
            assert_eq!(
                answer.kind(),
                7,
                "the action updates the hand in place: {:?}",
                answer.body
            );
            actions += 1;
            acted = true;
            break;
        }
        if !acted {
            // The table's follow-up edit may still be in flight; look again.
            tokio::time::sleep(Duration::from_millis(20)).await;
            let store = Store::open(&db).await.unwrap();
            let over = G::finish(
                &MatchService::new(store.clone())
                    .load::<G>(MatchId(1))
                    .await
                    .unwrap()
                    .state,
            )
            .is_some();
            store.close().await;
            if over {
                break;
            }
        }
        assert!(actions < 3000, "the game does not end");
    }
    fake.wait_for("the final result", Duration::from_secs(10), |f| {
        f.visible_to(&alice)
            .iter()
            .any(|m| m.text().contains("wins the game"))
    })
    .await;

    let store = Store::open(&db).await.unwrap();
    let service = MatchService::new(store.clone());
    let loaded = service.load::<G>(MatchId(1)).await.unwrap();
    assert!(G::finish(&loaded.state).is_some());
    assert_eq!(loaded.meta.game, game);
    service.verify_match(MatchId(1)).await.unwrap();
    let seed_hex: String = loaded.seed.iter().map(|b| format!("{b:02x}")).collect();
    for m in fake.all_messages() {
        assert!(!m.text().contains(&seed_hex), "the seed leaked");
        if m.text().contains("Your hand") {
            assert!(m.visible_to.is_some(), "a hand was posted publicly");
        }
    }
    // A match may end in its first round after a few clicks (the bot deals at random: a
    // win on the first draws that busts the other seat); a longer match took more.
    assert!(
        actions > 5 || (actions > 0 && G::rounds_played(&loaded.state) <= 1),
        "only {actions} actions in {} rounds",
        G::rounds_played(&loaded.state)
    );
    // Round 1's summary gives its fair-deal proof ("Check deal"), which the game's own deal
    // produced and `momojan verify` accepts.
    let summary = fake
        .all_messages()
        .into_iter()
        .find(|m| m.custom_ids().iter().any(|c| c == "deal:1:0"))
        .expect("round 1's summary");
    let answer = fake.click(&alice, &summary, "deal:1:0").await;
    let text = ephemeral_of(&fake, &alice, &format!("token-{}", answer.interaction_id)).text();
    let quoted: Vec<&str> = text.split('`').skip(1).step_by(2).take(3).collect();
    let [commitment, salt, deck] = quoted[..] else {
        panic!("no proof in {text}");
    };
    let proof = G::deal_proof(&loaded.seed, 0, &loaded.options);
    assert_eq!(
        (commitment, salt, deck),
        (&*proof.commitment, &*proof.salt, &*proof.deck)
    );
    assert!(verified_by_the_command(commitment, salt, deck));
    // The finished match exports to a file that plays, through the engine's own scenario
    // runner, to the stored game; its replay steps through it.
    let file = export(&fake, &alice, MatchId(1)).await;
    let [file] = file.files.as_slice() else {
        panic!("one attachment: {:?}", file.text())
    };
    let output = momojan::games::registry::scenario(&file.bytes).expect("the file plays");
    assert_eq!(output, G::report(&loaded.state));
    let replay = fake
        .slash(
            &bob,
            "replay",
            serde_json::json!([{"name": "match", "type": 4, "value": 1}]),
            false,
        )
        .await;
    let mut shown = ephemeral_of(&fake, &bob, &format!("token-{}", replay.interaction_id));
    for button in [":next", ":next", ":nextround", ":last", ":a:view"] {
        let id = shown
            .custom_ids()
            .into_iter()
            .find(|c| c.ends_with(button))
            .unwrap_or_else(|| panic!("{button} on {:?}", shown.custom_ids()));
        let stepped = fake.click(&bob, &shown, &id).await;
        assert_eq!(stepped.kind(), 7, "{button}: {}", stepped.content());
        shown = fake.message_by_id(shown.id).unwrap();
        assert!(
            shown.text().contains("Replay of match 1"),
            "{}",
            shown.text()
        );
    }
    assert_no_raw_mentions_in_embeds(&fake);
    fake.assert_no_violations();
    store.close().await;
    bot.stop().await;
}

/// A new bot process on the same database and fake Discord, once it has connected.
async fn restart_bot(fake: &FakeDiscord, db: &str) -> Bot {
    let (identifies, _) = fake.sessions();
    let bot = start_bot(fake, db).await;
    fake.wait_for("the new bot to connect", Duration::from_secs(20), |f| {
        f.sessions().0 > identifies
    })
    .await;
    bot
}

/// The custom id of the first choice on `hand` that is a button (not a menu option).
fn plain_choice(hand: &Msg) -> String {
    action_choices(hand)
        .into_iter()
        .find(|(_, v)| v.is_none())
        .unwrap()
        .0
}

async fn after_a_restart_the_buttons_on_screen_keep_working_in(game: GameId) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (_, players) = open_match_of_people(&fake, game).await;
    for _ in 0..6 {
        let (user, hand) = acting_hand_of(&fake, &players).await;
        let (id, _) = action_choices(&hand)
            .into_iter()
            .find(|(_, v)| v.is_none())
            .unwrap();
        fake.click(&user, &hand, &id).await;
    }
    let (user, hand) = acting_hand_of(&fake, &players).await;
    let before = stored_version(&db).await;
    bot.stop().await;

    let bot = restart_bot(&fake, &db).await;
    // The hand message that was on screen before the restart still works.
    let id = plain_choice(&hand);
    let answer = fake.click(&user, &hand, &id).await;
    assert_eq!(answer.kind(), 7, "{:?}", answer.body);
    // (In shogi mahjong the opponent's only-legal draw follows by itself.)
    assert!(stored_version(&db).await > before);
    fake.assert_no_violations();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_the_buttons_on_screen_keep_working() {
    for game in GameId::HOSTED {
        after_a_restart_the_buttons_on_screen_keep_working_in(game).await;
    }
}

/// A match whose stored state reads as JSON but breaks the game's own rules (written by hand,
/// or damaged on disk in a way the format cannot see): a click on it is answered with a clear
/// error instead of failing in silence, nothing is changed, and the bot plays on elsewhere:
/// the turn timer, which meets the damaged match first, still plays another match's turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_on_a_match_whose_stored_state_breaks_its_rules_gets_a_clear_error() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (_, players) = open_match_of_people(&fake, GameId::Shogi).await;
    let (user, hand) = acting_hand_of(&fake, &players).await;
    bot.stop().await;

    // The live wall's front past its back: valid JSON, impossible in a game.
    edit_snapshot(&db, |state| {
        let back = state["round"]["back"].as_u64().unwrap();
        state["round"]["front"] = (back + 1).into();
    })
    .await;
    // Its turn ran out long ago: the timer meets it first on every sweep.
    execute_sql(&db, "UPDATE matches SET turn_deadline = 0 WHERE id = 1").await;
    let before = stored_version(&db).await;

    let bot = restart_bot(&fake, &db).await;
    let id = plain_choice(&hand);
    let answer = fake.click(&user, &hand, &id).await;
    let text = answer.body["data"]["content"].as_str().unwrap_or_default();
    assert!(
        text.contains("could not answer this click"),
        "{:?}",
        answer.body
    );
    assert_eq!(stored_version(&db).await, before, "nothing changed");

    // The bot plays on: a match between two other players starts and takes a move.
    let players = [crate::seats::dan(), crate::seats::eve()];
    fake.challenge(&players[0], &players[1], GameId::Momojan)
        .await;
    accept_challenge(&fake, &players[1]).await;
    fake.wait_for("the second table", Duration::from_secs(10), |f| {
        table(f).is_some_and(|t| !t.custom_ids().iter().any(|c| c.starts_with("mj:1:")))
    })
    .await;
    let (user, hand) = acting_hand_of(&fake, &players).await;
    let id = plain_choice(&hand);
    assert_eq!(fake.click(&user, &hand, &id).await.kind(), 7);
    // Its turn runs out too: the timer plays it, past the damaged match.
    let moved = stored_version_of(&db, 2).await;
    execute_sql(&db, "UPDATE matches SET turn_deadline = 1 WHERE id = 2").await;
    let what = "the timer did not play the other match's turn";
    wait_for_a_move(&db, 2, moved, what).await;
    assert_eq!(
        stored_version(&db).await,
        before,
        "the damaged match as it was"
    );
    fake.assert_no_violations();
    bot.stop().await;

    // The admin rebuilds its snapshot from its log; the timer then plays its overdue turn.
    let repaired = std::process::Command::new(env!("CARGO_BIN_EXE_momojan"))
        .args(["check-db", "--repair", "--database-url", &db])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&repaired.stdout);
    assert!(repaired.status.success(), "{said}");
    assert!(
        said.contains("match 1: its snapshot was rebuilt from its log"),
        "{said}"
    );
    let bot = restart_bot(&fake, &db).await;
    let what = "the repaired match's overdue turn was not played";
    wait_for_a_move(&db, 1, before, what).await;
    fake.assert_no_violations();
    bot.stop().await;
}

/// Rewrites match 1's stored state with `edit`, through a connection of the test's own.
async fn edit_snapshot(db: &str, edit: impl FnOnce(&mut Value)) {
    let text = fetch_text(db, "SELECT state FROM snapshots WHERE match_id = 1").await;
    let mut state: Value = serde_json::from_str(&text).unwrap();
    edit(&mut state);
    let text = state.to_string().replace('\'', "''");
    execute_sql(
        db,
        &format!("UPDATE snapshots SET state = '{text}' WHERE match_id = 1"),
    )
    .await;
}

async fn strangers_old_buttons_double_clicks_and_forgeries_change_nothing_in(game: GameId) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (table, players) = open_match_of_people(&fake, game).await;
    let carol = User::new(777_000_000_000_000_001, "carol");

    // A third user opening a hand, or pressing a seat's action button.
    let hand_id = table
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))
        .unwrap();
    let stranger = fake.click(&carol, &table, &hand_id).await;
    assert!(stranger.is_ephemeral());
    assert!(
        stranger.content().contains("not your game"),
        "{}",
        stranger.content()
    );
    let (user, hand) = acting_hand_of(&fake, &players).await;
    let id = plain_choice(&hand);
    let version = stored_version(&db).await;
    let forged = fake.click_raw(&carol, &hand, &id, None).await;
    assert!(forged.is_ephemeral());
    assert!(
        forged.content().contains("not your game"),
        "{}",
        forged.content()
    );
    assert_eq!(stored_version(&db).await, version);

    // The same button clicked twice at once: exactly one action is applied.
    let (a, b) = tokio::join!(fake.click(&user, &hand, &id), fake.click(&user, &hand, &id));
    let applied = [&a, &b].iter().filter(|c| c.kind() == 7).count();
    assert_eq!(applied, 1, "{:?} / {:?}", a.body, b.body);
    // One action (and in shogi mahjong the draw that follows by itself when it is the
    // opponent's only move).
    let after = stored_version(&db).await;
    assert!(after == version + 1 || (game == GameId::Shogi && after == version + 2));

    // The old button again: a clear answer with a fresh hand, nothing written.
    let again = fake.click(&user, &hand, &id).await;
    assert!(again.is_ephemeral());
    assert!(
        again.content().contains("earlier moment"),
        "{}",
        again.content()
    );
    assert_eq!(stored_version(&db).await, after);

    // Forged and damaged ids.
    for bad in [
        "mj:1:0:discard-q9",
        "mj:1:0:pon-Dog",
        "mj:x:0:hand",
        "mj:1:99999:tsumo",
    ] {
        let answer = fake.click_raw(&user, &hand, bad, None).await;
        assert!(answer.is_ephemeral(), "{bad}");
        assert!(!answer.content().is_empty(), "{bad}");
    }
    assert_eq!(stored_version(&db).await, after);
    fake.assert_no_violations();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_old_buttons_double_clicks_and_forgeries_change_nothing() {
    for game in GameId::HOSTED {
        strangers_old_buttons_double_clicks_and_forgeries_change_nothing_in(game).await;
    }
}

/// The bot's handling time during play: 20 matches at once, each pair of users opening hands
/// and taking actions (≥ 1,000 interactions in all), and REST calls per game action.
/// Figures for BENCHMARKS.md:
/// `cargo test --release --test discord handling_time_across -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "benchmark: cargo test --release --test discord handling_time_across -- --ignored --nocapture"]
async fn handling_time_across_twenty_concurrent_matches() {
    let fake = std::sync::Arc::new(FakeDiscord::start().await);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let before = fake.request_count();
    let mut tasks = Vec::new();
    for m in 0..20u64 {
        let fake = fake.clone();
        tasks.push(tokio::spawn(async move {
            // Names that are not part of each other (tables show names, not ids).
            let a = User::new(600_000_000_000_000_000 + 2 * m, &format!("a{m:02}x"));
            let b = User::new(600_000_000_000_000_001 + 2 * m, &format!("b{m:02}x"));
            fake.slash_with_user(&a, "challenge", "opponent", &b).await;
            let challenge = fake
                .visible_to(&b)
                .into_iter()
                .find(|x| {
                    x.text().contains(&b.id.to_string())
                        && x.custom_ids().iter().any(|c| c.ends_with(":accept"))
                })
                .unwrap();
            let accept = challenge
                .custom_ids()
                .into_iter()
                .find(|c| c.ends_with(":accept"))
                .unwrap();
            fake.click(&b, &challenge, &accept).await;
            fake.wait_for("the table", Duration::from_secs(20), |f| {
                f.visible_to(&a).iter().any(|x| {
                    !x.embeds.is_empty()
                        && x.text().contains(&a.name)
                        && x.custom_ids().iter().any(|c| c.ends_with(":hand"))
                })
            })
            .await;
            let mut latencies = Vec::new();
            let mut actions = 0;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(m);
            while actions < 25 {
                let table = fake.visible_to(&a).into_iter().find(|x| {
                    !x.embeds.is_empty()
                        && x.text().contains(&a.name)
                        && x.custom_ids().iter().any(|c| c.ends_with(":hand"))
                });
                let Some(table) = table else { break };
                let hand_id = table
                    .custom_ids()
                    .into_iter()
                    .find(|c| c.ends_with(":hand"))
                    .unwrap();
                let mut acted = false;
                for user in [&a, &b] {
                    let opened = fake.click(user, &table, &hand_id).await;
                    latencies.push(opened.latency);
                    let hand =
                        ephemeral_of(&fake, user, &format!("token-{}", opened.interaction_id));
                    let choices = action_choices(&hand);
                    if choices.is_empty() {
                        continue;
                    }
                    let (id, value) = choices[rng.random_range(0..choices.len())].clone();
                    let cb = fake.choose(user, &hand, &id, value).await;
                    latencies.push(cb.latency);
                    actions += 1;
                    acted = true;
                    break;
                }
                if !acted {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
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
    let calls = fake.request_count() - before;
    let requests = fake.requests();
    let count = |pred: &dyn Fn(&(String, String)) -> bool| {
        requests[before..].iter().filter(|r| pred(r)).count()
    };
    let callbacks = count(&|r| r.1.ends_with("/callback"));
    let edits = count(&|r| r.0 == "PATCH" && r.1.starts_with("/channels/"));
    let posts =
        count(&|r| r.0 == "POST" && r.1.starts_with("/channels/") && r.1.ends_with("/messages"));
    let threads = count(&|r| r.1.ends_with("/threads"));
    println!(
        "REST calls: {callbacks} interaction callbacks, {edits} table edits, {posts} channel messages \
         (tables, turn mentions, summaries, results), {threads} threads; per game action: \
         {:.2} (its own callback + the table edit)",
        (actions + edits) as f64 / actions.max(1) as f64
    );
    println!(
        "{} interactions across 20 matches ({actions} game actions): handling p50 {:?}, p99 {:?}, max {:?}; \
         {} REST calls in all = {:.2} per game action including the hand openings, table edits and turn mentions",
        latencies.len(),
        at(0.5),
        at(0.99),
        at(1.0),
        calls,
        calls as f64 / actions.max(1) as f64
    );
    assert!(latencies.len() >= 1000, "{} interactions", latencies.len());
    fake.assert_no_violations();
    bot.stop().await;
}

/// What `user` sees now — the current table and their hand message — names none of the
/// opponent's concealed cards (number cards are unique, so their emoji label would give one
/// away). The waits line is left out: it names card kinds, not where they are.
async fn check_hidden(db: &str, fake: &FakeDiscord, user: &User, hand: &Msg) {
    use crate::fake_discord::cards::card;
    use momojan::games::momojan::Seat;
    let store = Store::open(db).await.unwrap();
    let loaded = MatchService::new(store.clone())
        .load::<Momojan>(MatchId(1))
        .await
        .unwrap();
    store.close().await;
    let Some(round) = &loaded.state.round else {
        return;
    };
    let seat = if user.id == alice().id {
        Seat::ZERO
    } else {
        Seat::ONE
    };
    let hidden: Vec<String> = round.players[seat.opponent()]
        .hand
        .to_vec()
        .into_iter()
        .filter(|c| c.is_number())
        .map(card)
        .collect();
    let description = hand.embeds[0]["description"].as_str().unwrap_or_default();
    let mut seen: String = description
        .lines()
        .filter(|l| !l.starts_with("Tenpai"))
        .collect::<Vec<_>>()
        .join("\n");
    // Riichi choices name the waits they leave (as the Tenpai line does): not a leak.
    let mut components = hand.components.clone();
    for row in &mut components {
        for c in row["components"].as_array_mut().into_iter().flatten() {
            if c["label"].as_str().is_some_and(|l| l.contains('→')) {
                c["label"] = Value::Null;
            }
            for o in c["options"].as_array_mut().into_iter().flatten() {
                o["description"] = Value::Null;
            }
        }
    }
    seen.push_str(&Value::Array(components).to_string());
    if let Some(table) = table(fake) {
        let current = format!("mj:1:{}:hand", loaded.meta.version);
        if table.custom_ids().contains(&current) {
            seen.push_str(&table.text());
        }
    }
    for h in &hidden {
        assert!(
            !seen.contains(h.as_str()),
            "{} sees the opponent's {h}:\n{seen}",
            user.name
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_refuse_self_bots_and_doubles_and_can_be_declined() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob) = (alice(), bob());

    let myself = fake
        .slash_with_user(&alice, "challenge", "opponent", &alice)
        .await;
    assert!(myself.is_ephemeral());
    assert!(
        myself.content().contains("yourself"),
        "{}",
        myself.content()
    );

    let carol = User::new(777_000_000_000_000_001, "carol");
    fake.slash_with_user(&alice, "challenge", "opponent", &carol)
        .await;
    let challenge = fake
        .visible_to(&carol)
        .into_iter()
        .find(|m| m.custom_ids().iter().any(|c| c.ends_with(":decline")))
        .unwrap();
    let decline = challenge
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":decline"))
        .unwrap();
    let other = fake.click(&bob, &challenge, &decline).await;
    assert!(other.is_ephemeral(), "only carol may answer");
    let declined = fake.click(&carol, &challenge, &decline).await;
    assert_eq!(declined.kind(), 7);
    assert!(
        declined.content().contains("declined"),
        "{}",
        declined.content()
    );
    let answered_twice = fake.click(&carol, &challenge, &decline).await;
    assert!(answered_twice.is_ephemeral());

    let none = fake
        .slash(&alice, "hand", serde_json::json!([]), false)
        .await;
    assert!(none.is_ephemeral());
    assert!(none.content().contains("no game"), "{}", none.content());
    open_match(&fake).await;
    let hand = fake
        .slash(&alice, "hand", serde_json::json!([]), false)
        .await;
    assert!(hand.is_ephemeral());
    assert!(
        hand.body.to_string().contains("Your hand"),
        "{:?}",
        hand.body
    );
    let again = fake
        .slash_with_user(&bob, "challenge", "opponent", &alice)
        .await;
    assert!(again.is_ephemeral());
    assert!(
        again.content().contains("already have a game"),
        "{}",
        again.content()
    );
    fake.assert_no_violations();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unanswered_challenge_expires_and_says_so() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    // This server's challenges last three seconds (long enough for the challenge's message
    // to be recorded first on a busy machine: an expiry before then has nothing to edit).
    let store = Store::open(&db).await.unwrap();
    let mut settings = store
        .guild_settings(GuildId(fake_discord::GUILD_ID as i64))
        .await
        .unwrap();
    settings.challenge_expiry_secs = 3;
    store.save_guild_settings(&settings).await.unwrap();
    store.close().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob) = (alice(), bob());
    fake.slash_with_user(&alice, "challenge", "opponent", &bob)
        .await;
    let challenge = fake
        .visible_to(&bob)
        .into_iter()
        .find(|m| m.custom_ids().iter().any(|c| c.ends_with(":accept")))
        .unwrap();
    fake.wait_for("the expiry", Duration::from_secs(10), |f| {
        f.all_messages().iter().any(|m| {
            m.id == challenge.id && m.content.contains("expired") && m.components.is_empty()
        })
    })
    .await;
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":accept"))
        .unwrap();
    let late = fake.click(&bob, &challenge, &accept).await;
    assert!(late.is_ephemeral(), "{:?}", late.body);
    fake.assert_no_violations();
    bot.stop().await;
}

/// The table of match `match_id` (the public message with its My hand button).
fn table_of(fake: &FakeDiscord, match_id: i64) -> Option<Msg> {
    let prefix = format!("mj:{match_id}:");
    fake.all_messages().into_iter().find(|m| {
        m.visible_to.is_none()
            && m.custom_ids()
                .iter()
                .any(|c| c.starts_with(&prefix) && c.ends_with(":hand"))
    })
}

/// One move in match `match_id` by whichever of `users` may act: opens their hand from the
/// table and clicks a random offered action. False when neither could act yet.
async fn one_move(
    fake: &FakeDiscord,
    match_id: i64,
    users: [&User; 2],
    rng: &mut impl Rng,
) -> bool {
    let Some(table) = table_of(fake, match_id) else {
        return false;
    };
    let hand_id = table
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))
        .unwrap();
    for user in users {
        let opened = fake.click(user, &table, &hand_id).await;
        let hand = ephemeral_of(fake, user, &format!("token-{}", opened.interaction_id));
        let choices = action_choices(&hand);
        if choices.is_empty() {
            continue;
        }
        let (id, value) = choices[rng.random_range(0..choices.len())].clone();
        let answer = fake.choose(user, &hand, &id, value).await;
        assert_eq!(answer.kind(), 7, "{:?}", answer.body);
        return true;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_momojan_match_and_a_shogi_match_are_played_in_one_channel_at_once() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob) = (alice(), bob());
    let carol = User::new(777_000_000_000_000_001, "carol");
    let dave = User::new(777_000_000_000_000_002, "dave");
    for (a, b, game) in [
        (&alice, &bob, GameId::Momojan),
        (&carol, &dave, GameId::Shogi),
    ] {
        fake.challenge(a, b, game).await;
        accept_challenge(&fake, b).await;
    }
    fake.wait_for("both tables", Duration::from_secs(10), |f| {
        table_of(f, 1).is_some() && table_of(f, 2).is_some()
    })
    .await;
    let (one, two) = (table_of(&fake, 1).unwrap(), table_of(&fake, 2).unwrap());
    assert_ne!(
        one.channel_id, two.channel_id,
        "each match has its own thread"
    );
    assert!(one.text().contains("MOMOJAN"), "{}", one.text());
    assert!(two.text().contains("将棋麻雀"), "{}", two.text());
    // Moves in both, interleaved.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    let mut moves = [0, 0];
    for _ in 0..40 {
        if one_move(&fake, 1, [&alice, &bob], &mut rng).await {
            moves[0] += 1;
        }
        if one_move(&fake, 2, [&carol, &dave], &mut rng).await {
            moves[1] += 1;
        }
    }
    assert!(moves[0] > 10 && moves[1] > 10, "{moves:?}");
    // Each player's /momojan hand is their own match's, in its own game.
    let hand = fake
        .slash(&carol, "hand", serde_json::json!([]), false)
        .await;
    let shown = ephemeral_of(&fake, &carol, &format!("token-{}", hand.interaction_id));
    assert!(shown.custom_ids().iter().all(|c| c.starts_with("mj:2:")));
    let hand = fake
        .slash(&alice, "hand", serde_json::json!([]), false)
        .await;
    let shown = ephemeral_of(&fake, &alice, &format!("token-{}", hand.interaction_id));
    assert!(shown.custom_ids().iter().all(|c| c.starts_with("mj:1:")));
    let store = Store::open(&db).await.unwrap();
    let service = MatchService::new(store.clone());
    assert_eq!(service.game_of(MatchId(1)).await.unwrap(), GameId::Momojan);
    assert_eq!(service.game_of(MatchId(2)).await.unwrap(), GameId::Shogi);
    service.verify_match(MatchId(1)).await.unwrap();
    service.verify_match(MatchId(2)).await.unwrap();
    store.close().await;
    fake.assert_no_violations();
    bot.stop().await;
}
