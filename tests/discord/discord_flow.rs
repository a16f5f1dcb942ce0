//! Game flow on the fake Discord with a known deal: a kan with its replacement draw, a riichi
//! player's automatic discards, a win and an exhaustive draw whose posted summaries match the
//! engine's own result; resigning (with its confirmation) and a rematch; table edits that
//! coalesce and respect 429s; a slow store answered by deferring.

use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Opponent, BOTH};
use std::time::Duration;

use crate::fake_discord;
use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg, User};
use crate::seats::{acting_hand_of, open_match_of_people};
use momojan::discord::ids::{ButtonKind, GameButton};
use momojan::games::drivers::seeded::Seeded;
use momojan::games::interface::deal::DeckSeed;
use momojan::games::interface::seat::SeatCount;
use momojan::games::interface::Hosted;
use momojan::games::momojan::round::Phase;
use momojan::games::momojan::{Action, RoundEnd, RoundRecord, Seat, TransferReason};
use momojan::games::registry::{GameId, Momojan, Shogi};
use momojan::i18n::Lang;
use momojan::service::{GuildId, MatchId, MatchService, UserId};
use momojan::store::Store;

/// A deterministic player: win, kan, riichi, claim and open sets when it can, else draw and
/// discard. It depends only on the set of legal actions, so the engine's simulation and the
/// game clicked through Discord make the same choices.
fn policy(legal: &[Action]) -> Action {
    let rank = |a: &Action| match a {
        Action::Tsumo => 0,
        Action::Ron => 1,
        Action::Kan { .. } => 2,
        Action::Discard { riichi: true, .. } => 3,
        Action::Pon { .. } => 4,
        Action::Kai { .. } => 5,
        Action::Chi { .. } => 6,
        Action::Draw { .. } => 7,
        Action::DrawThree => 8,
        Action::Discard { riichi: false, .. } => 9,
        Action::Pass => 10,
    };
    *legal
        .iter()
        .min_by_key(|a| (rank(a), **a))
        .expect("someone can act")
}

/// What a simulated game shows in its first rounds.
#[derive(Debug, Default)]
struct Features {
    kan: bool,
    auto_discards: usize,
    win: bool,
    draw: bool,
}

fn seed(n: u64) -> DeckSeed {
    let mut seed = [7u8; 32];
    seed[..8].copy_from_slice(&n.to_le_bytes());
    seed
}

/// Plays `rounds` rounds of the policy game from `seed`: the records and what happened.
fn simulate(seed: DeckSeed, rounds: usize) -> (Vec<RoundRecord>, Features) {
    let (mut game, _) =
        Seeded::<Momojan>::start(seed, SeatCount::TWO, Seat::ZERO, Default::default());
    let mut f = Features::default();
    while game.game.records.len() < rounds {
        let Some(seat) = game.game.to_act() else {
            break;
        };
        if game.game.riichi_auto_discard().is_some() {
            f.auto_discards += 1;
        }
        let action = policy(&game.game.legal_actions());
        f.kan |= matches!(action, Action::Kan { .. });
        game.apply(seat, action).unwrap();
    }
    for r in &game.game.records {
        match r.end {
            Some(RoundEnd::Win { .. }) => f.win = true,
            Some(RoundEnd::Draw { .. }) => f.draw = true,
            None => {}
        }
    }
    (game.game.records.clone(), f)
}

/// The first seed whose first `rounds` rounds have a kan, automatic riichi discards, a win
/// and an exhaustive draw.
fn find_seed(rounds: usize) -> DeckSeed {
    (0..20_000)
        .map(seed)
        .find(|s| {
            let (_, f) = simulate(*s, rounds);
            f.kan && f.auto_discards > 0 && f.win && f.draw
        })
        .expect("a seed with every feature")
}

/// Every action the acting player is offered, with how to take it: (message, custom id,
/// select value). Riichi discards are choices of the hand itself (one click).
async fn offered(fake: &FakeDiscord) -> Option<(User, Vec<(Msg, String, Option<String>, Action)>)> {
    let table = table(fake)?;
    let hand_id = table
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))?;
    for user in [alice(), bob()] {
        let opened = fake.click(&user, &table, &hand_id).await;
        let token = format!("token-{}", opened.interaction_id);
        let hand = ephemeral_of(fake, &user, &token);
        let mut out = Vec::new();
        collect(&hand, &mut out);
        if out.is_empty() {
            continue;
        }
        return Some((user, out));
    }
    None
}

/// The label (and a select option's description) of the choice `id`/`value` on `hand`.
fn choice_text(hand: &Msg, id: &str, value: Option<&str>) -> String {
    let mut out = String::new();
    for row in &hand.components {
        for c in row["components"].as_array().into_iter().flatten() {
            if c["custom_id"] != id {
                continue;
            }
            match value {
                None => out.push_str(c["label"].as_str().unwrap_or_default()),
                Some(v) => {
                    for o in c["options"].as_array().into_iter().flatten() {
                        if o["value"] == v {
                            out.push_str(&o.to_string());
                        }
                    }
                }
            }
        }
    }
    out
}

fn collect(hand: &Msg, out: &mut Vec<(Msg, String, Option<String>, Action)>) {
    for (id, value) in action_choices(hand) {
        let button = value.as_deref().unwrap_or(&id);
        if let Ok(GameButton {
            kind: ButtonKind::Act(code),
            ..
        }) = button.parse::<GameButton>()
        {
            let action = Momojan::parse_action(code.as_str()).expect("a MOMOJAN code");
            if !out.iter().any(|o| o.3 == action) {
                out.push((hand.clone(), id, value, action));
            }
        }
    }
}

fn summaries(fake: &FakeDiscord) -> Vec<Msg> {
    fake.all_messages()
        .into_iter()
        .filter(|m| m.custom_ids().iter().any(|c| c.starts_with("deal:")))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_known_deal_shows_kan_riichi_auto_discards_and_summaries_that_match_the_engine() {
    const ROUNDS: usize = 3;
    let deal = find_seed(ROUNDS);
    let (expected, features) = simulate(deal, ROUNDS);
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let mut config = test_config(&fake, &db);
    config.fixed_deal = Some((deal, Seat::ZERO));
    let bot = start_bot_with(config).await;
    fake.wait_ready().await;
    open_match(&fake).await;

    let mut kan_seen = false;
    let mut riichi_seen = false;
    loop {
        let loaded = load_match(&db, 1).await;
        if loaded.state.records.len() >= ROUNDS {
            break;
        }
        let (user, choices) = offered(&fake).await.expect("someone can act");
        let legal = loaded.state.legal_actions();
        let mut shown: Vec<Action> = choices.iter().map(|c| c.3).collect();
        shown.sort();
        let mut want = legal.clone();
        want.sort();
        assert_eq!(shown, want, "the buttons are exactly the legal actions");
        let action = policy(&shown);
        let (hand, id, value, _) = choices.into_iter().find(|c| c.3 == action).unwrap();
        if let Action::Discard { riichi: true, .. } = action {
            // One click, saying what it leaves: the waits and how many of each are unseen.
            let text = choice_text(&hand, &id, value.as_deref());
            assert!(text.contains('→') || text.contains("Waits"), "{text}");
            assert!(text.contains('×'), "unseen counts in {text}");
            riichi_seen = true;
        }
        let answer = fake
            .click_raw(&user, &hand, &id, value.map(|v| vec![v]))
            .await;
        assert_eq!(answer.kind(), 7, "{:?}", answer.body);
        if let Action::Kan { .. } = action {
            // The replacement card is drawn at once: the same player is after a kan, and
            // their hand (updated in place) shows the card they drew.
            let after = load_match(&db, 1).await;
            let round = after.state.round.as_ref().unwrap();
            let Phase::AfterKan { seat, drawn, .. } = round.phase else {
                panic!("not after a kan: {:?}", round.phase);
            };
            assert_eq!(
                Some(seat.index()),
                after.seat_of(UserId(user.id as i64)).map(|s| s.index())
            );
            let text = answer.body.to_string();
            let drawn_shown = crate::fake_discord::cards::cards(&[drawn]);
            assert!(
                text.contains(&drawn_shown),
                "drawn {drawn_shown} not shown: {text}"
            );
            kan_seen = true;
        }
    }
    assert!(kan_seen, "the kan was played");
    assert!(riichi_seen, "riichi was declared in one click");

    // The stored game is the engine's game, the automatic discards are logged as such.
    let loaded = load_match(&db, 1).await;
    assert_eq!(&loaded.state.records[..ROUNDS], &expected[..]);
    let store = Store::open(&db).await.unwrap();
    let log = store.event_log::<Momojan>(MatchId(1)).await.unwrap();
    let autos = log.iter().filter(|e| e.origin.id() == "auto").count();
    assert_eq!(
        autos, features.auto_discards,
        "every riichi draw discarded for them"
    );
    store.close().await;

    // One summary per round, each matching the engine's record.
    fake.wait_for("the round summaries", Duration::from_secs(10), |f| {
        summaries(f).len() >= ROUNDS
    })
    .await;
    let posted = summaries(&fake);
    for (i, (record, message)) in expected.iter().zip(&posted).enumerate() {
        check_summary(record, &message.text());
        // The fair-deal proof behind "Check deal" verifies, is the one the table committed
        // to, and a tampered deck fails.
        let check = message
            .custom_ids()
            .into_iter()
            .find(|c| c.starts_with("deal:"))
            .expect("a Check deal button");
        let answer = fake.click(&alice(), message, &check).await;
        assert!(answer.is_ephemeral());
        let text =
            ephemeral_of(&fake, &alice(), &format!("token-{}", answer.interaction_id)).text();
        let quoted: Vec<&str> = text.split('`').skip(1).step_by(2).take(3).collect();
        let [commitment, salt, deck] = quoted[..] else {
            panic!("no proof in {text}");
        };
        assert!(momojan::games::interface::deal::verify(
            commitment, salt, deck
        ));
        // And with the command a player would run.
        assert!(verified_by_the_command(commitment, salt, deck));
        let proof = Momojan::deal_proof(&deal, i as u32, &Default::default());
        assert_eq!(commitment, proof.commitment);
        let mut cards: Vec<&str> = deck.split(' ').collect();
        let other = cards.iter().position(|c| *c != cards[0]).unwrap();
        cards.swap(0, other);
        assert!(!momojan::games::interface::deal::verify(
            commitment,
            salt,
            &cards.join(" ")
        ));
    }
    // Before a round ends its table shows only the commitment, never the salt or deck (the
    // table's edit for the new round may still be on its way on a busy machine).
    let current = Momojan::deal_proof(&deal, ROUNDS as u32, &Default::default());
    fake.wait_for("the new round's table", Duration::from_secs(10), |f| {
        table(f).is_some_and(|t| t.text().contains(&current.commitment[..16]))
    })
    .await;
    let shown = table(&fake).unwrap().text();
    assert!(!shown.contains(&current.salt) && !shown.contains(&current.deck));
    fake.assert_no_violations();
    bot.stop().await;
}

fn check_summary(record: &RoundRecord, text: &str) {
    match record.end.as_ref().unwrap() {
        RoundEnd::Win { score, .. } => {
            for (yaku, points) in &score.yaku {
                let info = yaku.0.info();
                assert!(text.contains(info.japanese), "{} missing: {text}", info.id);
                assert!(
                    text.contains(&format!("{} {} — {points}", info.japanese, info.english)),
                    "{} points missing: {text}",
                    info.id
                );
            }
            assert!(text.contains(&format!("= {}", score.total)), "{text}");
        }
        RoundEnd::Draw { tenpai, values } => {
            assert!(text.contains("Exhaustive draw"), "{text}");
            for seat in BOTH {
                let state = if tenpai[seat] { "tenpai" } else { "noten" };
                assert!(
                    text.contains(&format!("{state}, open-set value {}", values[seat])),
                    "{text}"
                );
            }
        }
    }
    for t in &record.transfers {
        let why = match t.reason {
            TransferReason::Ante => "ante",
            TransferReason::Win => "win",
            TransferReason::Draw => "draw settlement",
            TransferReason::Pot => "pot",
        };
        assert!(text.contains(&format!(": {} ({why})", t.amount)), "{text}");
    }
    let b = record.balances;
    assert!(
        // Names, not mentions: embeds show a mention as a raw id.
        text.contains(&format!(
            "{} {} · {} {} · pot {}",
            alice().name,
            b[Seat::ZERO],
            bob().name,
            b[Seat::ONE],
            record.pot
        )),
        "balances: {text}"
    );
}

/// Runs `/momojan resign` as `user` and returns the ephemeral confirmation.
async fn resign_prompt(fake: &FakeDiscord, user: &User) -> Msg {
    let cb = fake
        .slash(user, "resign", serde_json::json!([]), false)
        .await;
    assert!(cb.is_ephemeral());
    ephemeral_of(fake, user, &format!("token-{}", cb.interaction_id))
}

fn button_ending(message: &Msg, end: &str) -> String {
    message
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(end))
        .unwrap_or_else(|| panic!("no {end} button on {:?}", message.text()))
}

async fn resigning_asks_first_ends_the_game_as_a_loss_and_a_rematch_can_follow_in<G: Hosted>(
    game: GameId,
) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob) = (alice(), bob());
    let carol = User::new(777_000_000_000_000_001, "carol");

    let nothing = fake
        .slash(&carol, "resign", serde_json::json!([]), false)
        .await;
    assert!(
        nothing.content().contains("nothing to resign"),
        "{}",
        nothing.content()
    );
    open_match_of(&fake, game).await;
    let before = stored_version(&db).await;

    // "Keep playing" changes nothing.
    let prompt = resign_prompt(&fake, &alice).await;
    assert!(
        prompt.text().contains("Resign match 1?"),
        "{}",
        prompt.text()
    );
    let keep = fake
        .click(&alice, &prompt, &button_ending(&prompt, ":dismiss"))
        .await;
    assert_eq!(keep.kind(), 7);
    assert_eq!(stored_version(&db).await, before);
    // Someone else's click on the confirmation changes nothing either.
    let prompt = resign_prompt(&fake, &alice).await;
    let resign = button_ending(&prompt, ":resign");
    let stranger = fake.click(&carol, &prompt, &resign).await;
    assert!(stranger.is_ephemeral());
    assert!(
        stranger.content().contains("not your game"),
        "{}",
        stranger.content()
    );
    assert_eq!(stored_version(&db).await, before);

    let done = fake.click(&alice, &prompt, &resign).await;
    assert_eq!(done.kind(), 7, "{:?}", done.body);
    let loaded = load_match_of::<G>(&db, 1).await;
    let outcome = G::finish(&loaded.state).expect("the game ended");
    assert_eq!(
        outcome.winner(),
        loaded.seat_of(UserId(bob.id as i64)).unwrap()
    );
    assert_eq!(loaded.meta.end_reason, Some("resigned"));
    let store = Store::open(&db).await.unwrap();
    let service = MatchService::new(store.clone());
    service.verify_match(MatchId(1)).await.unwrap();
    let bob_stats = store
        .player_stats(
            momojan::store::Board::new(GuildId(fake_discord::GUILD_ID as i64), 1, game),
            UserId(bob.id as i64),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!((bob_stats.wins, bob_stats.losses), (1, 0));
    store.close().await;

    // The result is posted with a Rematch button; a second resign has nothing to end.
    fake.wait_for("the result", Duration::from_secs(10), |f| {
        f.all_messages()
            .iter()
            .any(|m| m.text().contains("wins the game"))
    })
    .await;
    let result = fake
        .all_messages()
        .into_iter()
        .find(|m| m.text().contains("wins the game"))
        .unwrap();
    assert!(
        result.text().contains("the other player resigned"),
        "{}",
        result.text()
    );
    assert!(result.visible_to.is_none(), "the result is public");
    let again = done_twice(&fake, &alice, &prompt, &resign).await;
    assert!(again.is_ephemeral());
    let rematch = button_ending(&result, ":rematch");
    let refused = fake.click(&carol, &result, &rematch).await;
    assert!(refused.is_ephemeral());
    assert!(
        refused.content().contains("Only the players of this game"),
        "{}",
        refused.content()
    );
    let asked = fake.click(&alice, &result, &rematch).await;
    assert!(asked.is_ephemeral());
    let challenge = fake
        .visible_to(&bob)
        .into_iter()
        .find(|m| {
            m.custom_ids().iter().any(|c| c.ends_with(":accept"))
                && m.content.contains("challenges")
        })
        .expect("a new challenge");
    assert!(challenge
        .content
        .contains(&format!("<@{}> challenges <@{}>", alice.id, bob.id)));
    fake.click(&bob, &challenge, &button_ending(&challenge, ":accept"))
        .await;
    assert!(
        challenge
            .content
            .contains(momojan::discord::view::label::game_name(game, Lang::En)),
        "a rematch is of the same game: {}",
        challenge.content
    );
    fake.wait_for("the second table", Duration::from_secs(10), |f| {
        f.all_messages().iter().any(|m| {
            m.custom_ids()
                .iter()
                .any(|c| c.starts_with("mj:2:") && c.ends_with(":hand"))
        })
    })
    .await;
    fake.assert_no_violations();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_asks_first_ends_the_game_as_a_loss_and_a_rematch_can_follow() {
    resigning_asks_first_ends_the_game_as_a_loss_and_a_rematch_can_follow_in::<Momojan>(
        GameId::Momojan,
    )
    .await;
    resigning_asks_first_ends_the_game_as_a_loss_and_a_rematch_can_follow_in::<Shogi>(
        GameId::Shogi,
    )
    .await;
}

async fn done_twice(
    fake: &FakeDiscord,
    user: &User,
    prompt: &Msg,
    id: &str,
) -> fake_discord::Callback {
    let cb = fake.click(user, prompt, id).await;
    assert!(cb.content().contains("ended"), "{}", cb.content());
    cb
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_cannot_be_challenged() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let robot = User::bot(888_000_000_000_000_001, "robot");
    let refused = fake
        .slash_with_user(&alice(), "challenge", "opponent", &robot)
        .await;
    assert!(refused.is_ephemeral());
    assert!(
        refused.content().contains("Bots do not play"),
        "{}",
        refused.content()
    );
    assert!(
        !fake
            .all_messages()
            .iter()
            .any(|m| m.text().contains("challenges")),
        "no challenge was posted"
    );
    fake.assert_no_violations();
    bot.stop().await;
}

/// Plays `n` actions as fast as the users can click.
async fn burst(fake: &FakeDiscord, n: usize) {
    for _ in 0..n {
        let (user, hand) = acting_hand(fake).await;
        let (id, value) = action_choices(&hand)
            .into_iter()
            .find(|(id, v)| v.is_none() && (id.contains(":draw-") || id.contains(":discard-")))
            .or_else(|| action_choices(&hand).into_iter().next())
            .unwrap();
        fake.click_raw(&user, &hand, &id, value.map(|v| vec![v]))
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn table_edits_coalesce_one_at_a_time_keep_to_their_bucket_and_wait_out_429s() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    open_match(&fake).await;
    // Edits of a table message, through its channel or its interaction's token (a hand's
    // edits go to `@original`).
    let edits = |f: &FakeDiscord| {
        f.requests()
            .iter()
            .filter(|(m, p)| {
                m == "PATCH"
                    && p.rsplit('/')
                        .next()
                        .is_some_and(|id| id.bytes().all(|b| b.is_ascii_digit()))
            })
            .count()
    };
    let latest_shown = |what: &'static str| {
        let fake = &fake;
        let db = &db;
        async move {
            let version = stored_version(db).await;
            let latest = format!("mj:1:{version}:hand");
            fake.wait_for(what, Duration::from_secs(30), |f| {
                table(f).is_some_and(|t| t.custom_ids().contains(&latest))
            })
            .await;
        }
    };

    // Slow edits: a burst of actions becomes a few edits, never two at once, and the table
    // ends at the latest state.
    fake.set_edit_delay(Duration::from_millis(400));
    let before = edits(&fake);
    burst(&fake, 12).await;
    latest_shown("the latest table").await;
    let made = edits(&fake) - before;
    eprintln!("coalescing: {made} table edits for 12 actions with 400 ms edits");
    assert!(made < 12, "{made} edits for 12 actions");
    assert_eq!(
        fake.max_edits_in_flight(),
        1,
        "edits of the table overlapped"
    );

    // A bucket of one edit per second on the routes the table is edited through: the bot
    // reads the bucket's headers and waits for it, so no 429 comes, and nothing is lost.
    fake.set_edit_delay(Duration::ZERO);
    let one_per_second = Some(crate::fake_discord::ratelimit::Limit {
        requests: 1,
        per: Duration::from_secs(1),
    });
    for route in [
        "PATCH /webhooks/{webhook_id}/{token}/messages/{message_id}",
        "PATCH /channels/{channel_id}/messages/{message_id}",
    ] {
        fake.set_route_limit(route, one_per_second);
    }
    burst(&fake, 10).await;
    latest_shown("the table within its bucket").await;
    assert_eq!(fake.rate_limited(), 0, "the bot kept to the bucket");

    // A 429 all the same (another process of the bot spent the bucket): the bot waits out
    // its retry_after (a request inside it is a violation) and the table gets there.
    fake.fail_rate_limited(
        "PATCH",
        "/messages/",
        false,
        Duration::from_millis(1200),
        Some(2),
    );
    burst(&fake, 4).await;
    latest_shown("the table after the 429s").await;
    assert!(fake.rate_limited() > 0, "the 429s were answered");
    eprintln!(
        "rate limits: {} answers of 429, none while a retry_after ran",
        fake.rate_limited()
    );
    fake.assert_no_violations();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_on_a_busy_store_is_deferred_then_answered() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    open_match(&fake).await;
    let (user, hand) = acting_hand(&fake).await;
    let (id, value) = action_choices(&hand).into_iter().next().unwrap();
    let before = stored_version(&db).await;

    // Another connection (as another process would) holds the match for 3.5 s: SQLite's
    // write lock, or on PostgreSQL the match row's lock that every action takes.
    use sqlx::Connection;
    let holder = if db.starts_with("postgres") {
        let mut other = sqlx::PgConnection::connect(&db).await.unwrap();
        sqlx::raw_sql("BEGIN; SELECT id FROM matches WHERE id = 1 FOR UPDATE")
            .execute(&mut other)
            .await
            .unwrap();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(3500)).await;
            sqlx::query("COMMIT").execute(&mut other).await.unwrap();
            other.close().await.unwrap();
        })
    } else {
        let mut other = sqlx::SqliteConnection::connect(&db).await.unwrap();
        sqlx::query("BEGIN IMMEDIATE")
            .execute(&mut other)
            .await
            .unwrap();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(3500)).await;
            sqlx::query("COMMIT").execute(&mut other).await.unwrap();
            other.close().await.unwrap();
        })
    };
    let answer = fake
        .click_raw(&user, &hand, &id, value.map(|v| vec![v]))
        .await;
    assert_eq!(answer.kind(), 6, "deferred: {:?}", answer.body);
    holder.await.unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(15) * fake_discord::PATIENCE;
    while stored_version(&db).await == before {
        assert!(
            std::time::Instant::now() < deadline,
            "the deferred action never applied"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The hand message was then edited in place with the new state.
    let after = stored_version(&db).await;
    fake.wait_for("the deferred edit", Duration::from_secs(10), |f| {
        f.all_messages().iter().any(|m| {
            m.id == hand.id
                && m.custom_ids()
                    .iter()
                    .any(|c| c.starts_with(&format!("mj:1:{after}:")))
        })
    })
    .await;
    fake.assert_no_violations();
    bot.stop().await;
}

/// Match 1's row as stored now (any game).
async fn stored_meta(db: &str) -> momojan::service::MatchMeta {
    let store = Store::open(db).await.unwrap();
    let meta = MatchService::new(store.clone())
        .meta(MatchId(1))
        .await
        .unwrap();
    store.close().await;
    meta
}

/// The seat's user of match 1.
async fn user_to_act<G: Hosted>(db: &str) -> Option<User> {
    let loaded = load_match_of::<G>(db, 1).await;
    let seat = G::to_act(&loaded.state).first()?;
    let id = loaded.meta.user(seat)?.snowflake();
    Some(if id == alice().id { alice() } else { bob() })
}

async fn timeouts_play_the_minimum_survive_a_restart_and_the_third_forfeits_in<G: Hosted>(
    game: GameId,
) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let clock = momojan::clock::Clock::manual(1_800_000_000);
    let mut config = test_config(&fake, &db);
    config.clock = clock.clone();
    let bot = start_bot_with(config.clone()).await;
    fake.wait_ready().await;
    open_match_of(&fake, game).await;
    let loaded = load_match_of::<G>(&db, 1).await;
    // Turn time 180 s plus a 300 s bank; the table counts the deadline down by itself.
    assert_eq!(loaded.meta.turn_deadline, Some(1_800_000_000 + 180 + 300));
    assert!(table(&fake)
        .unwrap()
        .text()
        .contains(&format!("<t:{}:R>", 1_800_000_000 + 480)));
    let absent = user_to_act::<G>(&db).await.unwrap();
    let absent_seat = loaded.seat_of(UserId(absent.id as i64)).unwrap();

    // Nothing happens before the deadline.
    clock.advance(479);
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(stored_version(&db).await, 0);

    // Timeout 1: the bot plays the whole turn (the safest minimum) and says so.
    clock.advance(2);
    fake.wait_for("the first timeout", Duration::from_secs(10), |f| {
        f.all_messages()
            .iter()
            .any(|m| m.text().contains("timeout 1 of 3"))
    })
    .await;
    let after = load_match_of::<G>(&db, 1).await;
    if game == GameId::Momojan {
        assert_eq!(after.meta.version, 2, "a draw and a discard");
    }
    assert_eq!(after.meta.seats[absent_seat].bank, 0, "the bank is spent");
    assert!(!G::to_act(&after.state).includes(absent_seat));

    let mut bot = Some(bot);
    for n in 2..=3 {
        // The opponent plays their turn by hand, quickly.
        while user_to_act::<G>(&db).await.map(|u| u.id) != Some(absent.id) {
            let (user, hand) = acting_hand(&fake).await;
            let (id, value) = action_choices(&hand)
                .into_iter()
                .find(|(id, _)| id.contains(":draw") || id.contains(":discard-"))
                .unwrap();
            fake.click_raw(&user, &hand, &id, value.map(|v| vec![v]))
                .await;
        }
        if n == 3 {
            // The bot is down when the third deadline passes; the deadline is in the store,
            // so the next bot's first sweep finds it.
            bot.take().unwrap().stop().await;
            clock.advance(181);
            bot = Some(start_bot_with(config.clone()).await);
            fake.wait_for("the forfeit", Duration::from_secs(20), |f| {
                f.all_messages()
                    .iter()
                    .any(|m| m.text().contains("forfeits the match"))
            })
            .await;
        } else {
            clock.advance(181);
            let text = format!("timeout {n} of 3");
            fake.wait_for(&text, Duration::from_secs(10), |f| {
                f.all_messages().iter().any(|m| m.text().contains(&text))
            })
            .await;
        }
    }
    let done = load_match_of::<G>(&db, 1).await;
    assert_eq!(done.meta.end_reason, Some("forfeit"));
    assert_eq!(
        G::finish(&done.state).unwrap().winner(),
        absent_seat.opponent(),
        "the absent player lost"
    );
    let store = Store::open(&db).await.unwrap();
    MatchService::new(store.clone())
        .verify_match(MatchId(1))
        .await
        .unwrap();
    let origins: Vec<String> = store
        .event_log::<G>(MatchId(1))
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.origin.id().to_string())
        .collect();
    let timeouts = origins.iter().filter(|o| *o == "timeout").count();
    if game == GameId::Momojan {
        assert_eq!(timeouts, 4);
    }
    assert!(timeouts >= 2, "{origins:?}");
    assert_eq!(origins.last().map(String::as_str), Some("forfeit"));
    store.close().await;
    fake.wait_for("the result", Duration::from_secs(10), |f| {
        f.all_messages()
            .iter()
            .any(|m| m.text().contains("ran out of time three turns in a row"))
    })
    .await;
    fake.assert_no_violations();
    bot.unwrap().stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timeouts_play_the_minimum_survive_a_restart_and_the_third_forfeits() {
    timeouts_play_the_minimum_survive_a_restart_and_the_third_forfeits_in::<Momojan>(
        GameId::Momojan,
    )
    .await;
    timeouts_play_the_minimum_survive_a_restart_and_the_third_forfeits_in::<Shogi>(GameId::Shogi)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_answer_after_a_commit_still_shows_the_table_and_the_result() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    open_match(&fake).await;
    let table_id = table(&fake).unwrap().id;
    let prompt = resign_prompt(&fake, &alice()).await;
    // Discord answers the resign click's callback with a 500: the player sees an error, but
    // the resignation is committed and everyone else must see its consequences.
    fake.fail("POST", "/callback", 500, Some(1));
    fake.click_unanswered(&alice(), &prompt, &button_ending(&prompt, ":resign"))
        .await;
    fake.wait_for("the result", Duration::from_secs(10), |f| {
        f.all_messages()
            .iter()
            .any(|m| m.custom_ids().iter().any(|c| c.ends_with(":rematch")))
    })
    .await;
    // The table may have moved to a fresher token (posted anew, the old copy deleted) since
    // it was first seen: the one recorded now is the one to look at.
    let until = std::time::Instant::now() + Duration::from_secs(10) * fake_discord::PATIENCE;
    loop {
        let recorded = load_match(&db, 1).await.meta.table_message_id;
        let shown = recorded.and_then(|t| fake.message_by_id(t.0 as u64));
        if shown.is_some_and(|m| m.custom_ids().iter().all(|c| !c.ends_with(":hand"))) {
            break;
        }
        assert!(
            std::time::Instant::now() < until,
            "the table without My hand: {recorded:?} recorded (first seen {table_id})"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(load_match(&db, 1).await.meta.is_finished());
    bot.stop().await;
}

async fn forged_ids_on_the_table_or_another_players_message_edit_nothing_in(game: GameId) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    open_match_of_people(&fake, game).await;
    let carol = User::new(777_000_000_000_000_001, "carol");
    let table_before = table(&fake).unwrap();
    let version = stored_version(&db).await;
    // Ids that belong on a private message, sent from the public table.
    for (user, what) in [
        (&carol, "dismiss"),
        (&alice(), "dismiss"),
        (&alice(), "riichi-on"),
        (&bob(), "riichi-off"),
    ] {
        let forged = format!("mj:1:{version}:{what}");
        let answer = fake.click_raw(user, &table_before, &forged, None).await;
        assert_ne!(
            answer.kind(),
            7,
            "{what} from the table must not update the table"
        );
        assert!(answer.is_ephemeral(), "{what}: {:?}", answer.body);
    }
    // (Another player's hand is ephemeral: Discord lets only its owner click it at all.)
    // A game id sent from a page of the leaderboard (another kind of private message).
    let page = fake
        .slash(&carol, "rules", serde_json::json!([]), false)
        .await;
    let rules = ephemeral_of(&fake, &carol, &format!("token-{}", page.interaction_id));
    let answer = fake
        .click_raw(&carol, &rules, &format!("mj:1:{version}:dismiss"), None)
        .await;
    assert!(answer.is_ephemeral());
    let table_after = table(&fake).unwrap();
    assert_eq!(
        table_after.text(),
        table_before.text(),
        "the table is unchanged"
    );
    assert_eq!(stored_version(&db).await, version, "nothing changed");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_ids_on_the_table_or_another_players_message_edit_nothing() {
    for game in GameId::HOSTED {
        forged_ids_on_the_table_or_another_players_message_edit_nothing_in(game).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_thread_is_gone_the_game_goes_on_in_the_channel_and_players_are_told_once() {
    thread_refused_with(404).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_permission_in_the_thread_the_game_goes_on_in_the_channel() {
    thread_refused_with(403).await;
}

/// The player to act, with the hand `/momojan hand` shows them.
async fn hand_by_command(fake: &FakeDiscord, players: &[User]) -> (User, Msg) {
    for user in players.iter().cloned() {
        let answer = fake
            .slash(&user, "hand", serde_json::json!([]), false)
            .await;
        let token = format!("token-{}", answer.interaction_id);
        let hand = ephemeral_of(fake, &user, &token);
        if !action_choices(&hand).is_empty() {
            return (user, hand);
        }
    }
    panic!("nobody can act");
}

/// Discord refuses everything sent to the match thread with `status` (404: the thread was
/// deleted; 403: the bot lost its permission there).
async fn thread_refused_with(status: u16) {
    for game in GameId::HOSTED {
        thread_refused_in(status, game).await;
    }
}

async fn thread_refused_in(status: u16, game: GameId) {
    // The table posted in the match's channel (not the one left in the thread).
    let channel_table = |f: &FakeDiscord| {
        f.all_messages().into_iter().find(|m| {
            m.channel_id == fake_discord::CHANNEL_ID
                && m.custom_ids().iter().any(|c| c.ends_with(":hand"))
        })
    };
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (_, players) = open_match_of_people(&fake, game).await;
    // Recorded just after the table is posted.
    let mut thread = None;
    for _ in 0..200 * fake_discord::PATIENCE {
        thread = stored_meta(&db).await.thread_id;
        if thread.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let thread = thread.expect("the thread is recorded").0;
    assert_ne!(
        thread,
        fake_discord::CHANNEL_ID as i64,
        "played in a thread"
    );
    if status == 404 {
        // The thread is deleted, with everything in it: Discord answers 404 Unknown Channel
        // to anything sent there, the interactions' follow-ups included.
        fake.delete_channel(thread as u64);
    } else {
        // The bot may not post there any more (interaction responses still may).
        let in_thread = format!("/channels/{thread}/messages");
        for method in ["POST", "PATCH", "DELETE"] {
            fake.fail(method, &in_thread, status, None);
        }
    }
    for step in 0..3 {
        // With the thread gone, its table and hands went with it: a player asks for their
        // hand in the channel.
        let (user, hand) = if status == 404 && step == 0 {
            hand_by_command(&fake, &players).await
        } else {
            acting_hand_of(&fake, &players).await
        };
        let (id, value) = action_choices(&hand)[0].clone();
        fake.choose(&user, &hand, &id, value).await;
        fake.wait_for("the table in the channel", Duration::from_secs(10), |f| {
            channel_table(f).is_some()
        })
        .await;
    }
    let notices = fake
        .all_messages()
        .iter()
        .filter(|m| m.channel_id == fake_discord::CHANNEL_ID && m.content.contains("goes on here"))
        .count();
    assert_eq!(notices, 1, "the players are told once");
    let meta = stored_meta(&db).await;
    assert_eq!(meta.thread_id.unwrap().0, fake_discord::CHANNEL_ID as i64);
    // One table in the channel, the recorded one (a table moving to a fresher token is
    // posted anew before the old one is deleted: wait for the deletion).
    let tables_in_channel = |f: &FakeDiscord| -> Vec<i64> {
        f.all_messages()
            .into_iter()
            .filter(|m| {
                m.channel_id == fake_discord::CHANNEL_ID
                    && !m.embeds.is_empty()
                    && m.custom_ids().iter().any(|c| c.ends_with(":hand"))
            })
            .map(|m| m.id as i64)
            .collect()
    };
    let until = std::time::Instant::now() + Duration::from_secs(10) * fake_discord::PATIENCE;
    let meta = loop {
        let meta = stored_meta(&db).await;
        let shown = tables_in_channel(&fake);
        if meta.table_message_id.is_some_and(|t| shown == [t.0]) {
            break meta;
        }
        assert!(
            std::time::Instant::now() < until,
            "one table in the channel, the recorded one: {shown:?} shown, {:?} recorded",
            meta.table_message_id
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    // The table in the channel follows the game.
    fake.wait_for("the latest table", Duration::from_secs(10), |f| {
        channel_table(f).is_some_and(|t| {
            t.custom_ids()
                .iter()
                .any(|c| c.contains(&format!(":{}:", meta.version)))
        })
    })
    .await;
    bot.stop().await;
}
