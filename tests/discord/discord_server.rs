//! Server life on the fake Discord: leaderboard, stats, history and ledger after several
//! games agree with the ledger; pages; seasons; settings (Manage Server only, validated,
//! copied into new matches); Japanese for Japanese clients and servers; the fair-deal proof
//! of every round of a played game verifies, through /momojan verify too.

use momojan::games::interface::seat::{PerSeat, Seat};
use momojan::games::registry::Momojan;
use std::time::Duration;

use crate::fake_discord;
use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg, User, GUILD_ID};
use momojan::service::{GuildId, MatchId, MatchService, UserId};
use momojan::store::{self, PlayerStats, Store};
use serde_json::json;

fn carol() -> User {
    User::new(777_000_000_000_000_001, "carol")
}

/// The ephemeral answer of a slash command.
async fn answer(fake: &FakeDiscord, user: &User, sub: &str, options: serde_json::Value) -> Msg {
    let cb = fake.slash(user, sub, options, false).await;
    assert!(cb.is_ephemeral(), "{sub} answers privately: {:?}", cb.body);
    ephemeral_of(fake, user, &format!("token-{}", cb.interaction_id))
}

/// `challenger` challenges `opponent`, who accepts; returns the new match's table.
async fn start_game(fake: &FakeDiscord, challenger: &User, opponent: &User, match_id: i64) {
    fake.slash_with_user(challenger, "challenge", "opponent", opponent)
        .await;
    let challenge = fake
        .visible_to(opponent)
        .into_iter()
        .rev()
        .find(|m| m.custom_ids().iter().any(|c| c.ends_with(":accept")))
        .unwrap();
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":accept"))
        .unwrap();
    fake.click(opponent, &challenge, &accept).await;
    let hand = format!("mj:{match_id}:");
    fake.wait_for("the table", Duration::from_secs(10), |f| {
        f.all_messages()
            .iter()
            .any(|m| m.custom_ids().iter().any(|c| c.starts_with(&hand)))
    })
    .await;
}

/// `loser` resigns their game in the channel.
async fn resign(fake: &FakeDiscord, loser: &User) {
    let prompt = answer(fake, loser, "resign", json!([])).await;
    let id = prompt
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":resign"))
        .unwrap();
    let done = fake.click(loser, &prompt, &id).await;
    assert_eq!(done.kind(), 7);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_after_several_games_agree_with_the_ledger() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    // Three games: bob loses to alice, carol loses to alice, bob beats carol.
    for (n, (a, b, loser)) in [
        (&alice, &bob, &bob),
        (&carol, &alice, &carol),
        (&bob, &carol, &carol),
    ]
    .into_iter()
    .enumerate()
    {
        start_game(&fake, a, b, n as i64 + 1).await;
        resign(&fake, loser).await;
    }

    // Net points from the ledgers, per player.
    let store = Store::open(&db).await.unwrap();
    let service = MatchService::new(store.clone());
    let mut net = std::collections::HashMap::<i64, i64>::new();
    for id in (1..=3).map(MatchId) {
        service.verify_match(id).await.unwrap();
        let meta = service.load::<Momojan>(id).await.unwrap().meta;
        let totals =
            store::LedgerRow::totals(&store.ledger(id).await.unwrap(), PerSeat::new(30, 30));
        *net.entry(meta.user(Seat::ZERO).unwrap().0).or_default() +=
            totals.balances[Seat::ZERO] - 30;
        *net.entry(meta.user(Seat::ONE).unwrap().0).or_default() += totals.balances[Seat::ONE] - 30;
    }
    store.close().await;

    for (user, wins, losses) in [(&alice, 2, 0), (&bob, 1, 1), (&carol, 0, 2)] {
        let cb = fake.slash_with_user(&alice, "stats", "user", user).await;
        assert!(cb.is_ephemeral());
        let text = ephemeral_of(&fake, &alice, &format!("token-{}", cb.interaction_id)).text();
        assert!(
            text.contains(&format!(
                "Games {} · wins {wins} · losses {losses}",
                wins + losses
            )),
            "{text}"
        );
        let n = net[&(user.id as i64)];
        let shown = if n > 0 {
            format!("+{n}")
        } else {
            n.to_string()
        };
        assert!(text.contains(&format!("Net points {shown}")), "{text}");
    }
    let board = answer(&fake, &carol, "leaderboard", json!([])).await.text();
    let pos = |u: &User| board.find(&format!("<@{}>", u.id)).unwrap();
    assert!(
        pos(&alice) < pos(&bob) && pos(&bob) < pos(&carol),
        "{board}"
    );
    assert!(board.contains("Your rank: 3 of 3"), "{board}");
    let history = answer(&fake, &bob, "history", json!([])).await.text();
    assert!(
        history.contains("won") && history.contains("lost"),
        "{history}"
    );
    assert!(
        history.contains("match 3") && history.contains("match 1"),
        "{history}"
    );
    let ledger = answer(
        &fake,
        &carol,
        "ledger",
        json!([{ "type": 4, "name": "match", "value": 2 }]),
    )
    .await
    .text();
    let meta2 = load_match(&db, 2).await.meta;
    let finals = {
        let store = Store::open(&db).await.unwrap();
        let t = store::LedgerRow::totals(
            &store.ledger(MatchId(2)).await.unwrap(),
            PerSeat::new(30, 30),
        );
        store.close().await;
        t
    };
    assert!(
        ledger.contains(&format!(
            "Totals: <@{}> {} · <@{}> {} · pot 0",
            meta2.user(Seat::ZERO).unwrap(),
            finals.balances[Seat::ZERO],
            meta2.user(Seat::ONE).unwrap(),
            finals.balances[Seat::ONE]
        )),
        "{ledger}"
    );
    let stranger_ledger = answer(
        &fake,
        &carol,
        "ledger",
        json!([{ "type": 4, "name": "match", "value": 99 }]),
    )
    .await;
    assert!(stranger_ledger.text().contains("No match found"));
    fake.assert_no_violations();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_pages_shows_your_rank_off_the_page_and_keeps_past_seasons() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    // 25 players in season 1; alice is last.
    let store = Store::open(&db).await.unwrap();
    let mut tx = store.begin_write().await.unwrap();
    for i in 0..24 {
        let mut p = PlayerStats::new(
            momojan::store::Board::new(
                GuildId(GUILD_ID as i64),
                1,
                momojan::games::registry::GameId::Momojan,
            ),
            UserId(1_000 + i),
        );
        p.rating = 2000.0 - i as f64;
        p.games = 1;
        p.wins = 1;
        store::put_player(&mut tx, &p).await.unwrap();
    }
    let mut me = PlayerStats::new(
        momojan::store::Board::new(
            GuildId(GUILD_ID as i64),
            1,
            momojan::games::registry::GameId::Momojan,
        ),
        UserId(alice().id as i64),
    );
    me.rating = 1000.0;
    me.games = 1;
    me.losses = 1;
    store::put_player(&mut tx, &me).await.unwrap();
    tx.commit().await.unwrap();
    store.close().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let alice = alice();

    let first = answer(&fake, &alice, "leaderboard", json!([])).await;
    let text = first.text();
    assert!(
        text.contains("1. <@1000>") && text.contains("10. <@1009>"),
        "{text}"
    );
    assert!(!text.contains("11. "), "ten a page: {text}");
    assert!(text.contains("Your rank: 25 of 25"), "{text}");
    assert!(text.contains("Page 1 of 3"), "{text}");
    let next = first
        .custom_ids()
        .into_iter()
        .find(|c| c == "lb:1:2:momojan")
        .expect("a next button");
    let paged = fake.click(&alice, &first, &next).await;
    assert_eq!(paged.kind(), 7, "the page replaces the message");
    let page2 = paged.body.to_string();
    assert!(
        page2.contains("11. <@1010>") && page2.contains("Page 2 of 3"),
        "{page2}"
    );
    let forged = fake.click_raw(&alice, &first, "lb:1:x", None).await;
    assert!(forged.is_ephemeral());

    // Closing the season needs Manage Server; then the new season is empty and the old one
    // is still there on request.
    let member = User::new(555_000_000_000_000_001, "member").without_manage_server();
    let refused = answer(&fake, &member, "season", json!([])).await;
    assert!(
        refused.text().contains("Manage Server"),
        "{}",
        refused.text()
    );
    let closed = answer(&fake, &alice, "season", json!([])).await;
    assert!(
        closed.text().contains("Season 1 is closed"),
        "{}",
        closed.text()
    );
    let now = answer(&fake, &alice, "leaderboard", json!([])).await.text();
    assert!(now.contains("season 2") && now.contains("Nobody"), "{now}");
    let past = answer(
        &fake,
        &alice,
        "leaderboard",
        json!([{ "type": 4, "name": "season", "value": 1 }]),
    )
    .await
    .text();
    assert!(past.contains("1. <@1000>"), "{past}");
    fake.assert_no_violations();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_for_admins_validated_and_copied_into_new_matches() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob) = (alice(), bob());
    let member = User::new(555_000_000_000_000_001, "member").without_manage_server();

    let refused = answer(
        &fake,
        &member,
        "config",
        json!([{ "type": 4, "name": "turn_time", "value": 60 }]),
    )
    .await;
    assert!(refused.text().contains("Manage Server"));
    let bad = answer(
        &fake,
        &alice,
        "config",
        json!([{ "type": 4, "name": "turn_time", "value": 5 }]),
    )
    .await;
    assert!(bad.text().contains("between 30 and 3600"), "{}", bad.text());
    let bad_yaku = answer(
        &fake,
        &alice,
        "config",
        json!([{ "type": 3, "name": "yaku", "value": "dragon" }, { "type": 4, "name": "points", "value": 3 }]),
    )
    .await;
    assert!(
        bad_yaku.text().contains("no yaku dragon"),
        "{}",
        bad_yaku.text()
    );
    let store = Store::open(&db).await.unwrap();
    let untouched = store
        .guild_settings(GuildId(GUILD_ID as i64))
        .await
        .unwrap();
    assert_eq!(
        untouched,
        store::GuildSettings::defaults(GuildId(GUILD_ID as i64)),
        "nothing saved"
    );
    store.close().await;

    let saved = answer(
        &fake,
        &alice,
        "config",
        json!([
            { "type": 4, "name": "turn_time", "value": 60 },
            { "type": 4, "name": "time_bank", "value": 30 },
            { "type": 5, "name": "threads", "value": false },
            { "type": 3, "name": "yaku", "value": "momotaro" },
            { "type": 4, "name": "points", "value": 9 },
        ]),
    )
    .await;
    assert!(saved.text().contains("Saved"), "{}", saved.text());
    assert!(saved.text().contains("Turn time: 60 s"), "{}", saved.text());
    let shown = answer(&fake, &alice, "config", json!([])).await.text();
    assert!(shown.contains("momotaro` 9"), "{shown}");

    start_game(&fake, &alice, &bob, 1).await;
    // The table is posted before the match records where it is: wait for the record.
    let mut meta = load_match(&db, 1).await.meta;
    for _ in 0..100 {
        if meta.thread_id.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        meta = load_match(&db, 1).await.meta;
    }
    assert_eq!(meta.turn_timeout_secs, 60);
    assert!(meta.seats.values().all(|s| s.bank == 30));
    let momotaro = momojan::games::momojan::Yaku::from_id("momotaro").unwrap();
    let options = load_match(&db, 1).await.options;
    assert_eq!(options.yaku_points.get(momotaro), 9);
    assert_eq!(
        meta.thread_id,
        Some(momojan::service::ChannelId(fake_discord::CHANNEL_ID as i64)),
        "played in the channel"
    );
    // A later change does not touch the running match.
    answer(
        &fake,
        &alice,
        "config",
        json!([{ "type": 4, "name": "turn_time", "value": 90 }]),
    )
    .await;
    assert_eq!(load_match(&db, 1).await.meta.turn_timeout_secs, 60);
    fake.assert_no_violations();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn japanese_clients_and_servers_get_japanese() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    // A Japanese server: the challenge and the table are public, so in Japanese.
    fake.set_guild_locale("ja");
    let alice = alice().with_locale("ja");
    let bob = bob();
    start_game(&fake, &alice, &bob, 1).await;
    // The challenge message, answered: now it says the game is on, in Japanese.
    assert!(
        fake.all_messages()
            .iter()
            .any(|m| m.content.contains("対局開始")),
        "a Japanese challenge"
    );
    let table = table(&fake).unwrap();
    assert!(table.text().contains("親："), "{}", table.text());
    let hand_id = table
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))
        .unwrap();
    // Each player's hand follows their own client: alice reads Japanese, bob English.
    let cb = fake.click(&alice, &table, &hand_id).await;
    let hand = ephemeral_of(&fake, &alice, &format!("token-{}", cb.interaction_id));
    assert!(hand.text().contains("あなたの手札"), "{}", hand.text());
    let cb = fake.click(&bob, &table, &hand_id).await;
    let hand = ephemeral_of(&fake, &bob, &format!("token-{}", cb.interaction_id));
    assert!(hand.text().contains("Your hand"), "{}", hand.text());
    let rules = answer(&fake, &alice, "rules", json!([])).await;
    assert!(rules.text().contains("ルール"), "{}", rules.text());
    // Command descriptions are registered in both languages.
    let registered = serde_json::to_string(&fake.commands()).unwrap();
    assert!(registered.contains("\"ja\""), "{registered}");
    fake.assert_no_violations();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_japanese_clients_refusals_are_all_japanese() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    fake.set_guild_locale("ja");
    let alice = alice().with_locale("ja");
    let bob = bob().with_locale("ja");
    start_game(&fake, &alice, &bob, 1).await;
    let loaded = load_match(&db, 1).await;
    let seat = loaded.state.to_act().unwrap();
    let (actor, waiter) = if loaded.meta.user(seat).unwrap() == UserId(alice.id as i64) {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let version = loaded.meta.version;
    let english = [
        "turn", "not", "hold", "discard", "draw", "between", "allowed",
    ];
    let all_japanese = |text: &str| {
        assert!(
            english.iter().all(|w| !text.to_lowercase().contains(w)),
            "English in a Japanese answer: {text}"
        );
        assert!(!text.is_ascii(), "{text}");
    };
    let table = table(&fake).unwrap();
    // Wrong turn: the waiting player sends the acting player's draw (from a message that
    // carries the id, so the bot's check that an id belongs to its message lets it through).
    let draw = format!("mj:1:{version}:draw-0");
    let wrong_turn = fake
        .click_raw(waiter, &table.with_button(&draw), &draw, None)
        .await;
    assert!(
        wrong_turn.content().contains("あなたの番ではありません"),
        "{}",
        wrong_turn.content()
    );
    all_japanese(&wrong_turn.content());
    // An illegal action: a discard before drawing.
    let discard = format!("mj:1:{version}:discard-l1");
    let illegal = fake
        .click_raw(actor, &table.with_button(&discard), &discard, None)
        .await;
    assert!(
        illegal.content().contains("その操作はできません"),
        "{}",
        illegal.content()
    );
    all_japanese(&illegal.content());
    assert_eq!(stored_version(&db).await, version, "nothing changed");
    // An invalid setting.
    let setting = answer(
        &fake,
        &alice,
        "config",
        json!([{ "type": 4, "name": "turn_time", "value": 5 }]),
    )
    .await;
    all_japanese(&setting.text());
    assert!(setting.text().contains("30"), "{}", setting.text());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_verify_command_accepts_a_true_proof_and_refuses_a_tampered_one() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let proof = <momojan::games::momojan::Momojan as momojan::games::interface::Play>::deal_proof(
        &[9; 32],
        0,
        &Default::default(),
    );
    let options = |deck: &str| {
        json!([
            { "type": 3, "name": "commitment", "value": proof.commitment },
            { "type": 3, "name": "salt", "value": proof.salt },
            { "type": 3, "name": "deck", "value": deck },
        ])
    };
    let ok = fake
        .slash(&alice(), "verify", options(&proof.deck), false)
        .await;
    assert!(ok.content().contains("✅"), "{}", ok.content());
    // The same cards in another order: two different cards swapped.
    let mut cards: Vec<&str> = proof.deck.split(' ').collect();
    let other = cards.iter().position(|c| *c != cards[0]).unwrap();
    cards.swap(0, other);
    let tampered = cards.join(" ");
    let bad = fake
        .slash(&alice(), "verify", options(&tampered), false)
        .await;
    assert!(bad.content().contains("❌"), "{}", bad.content());
    fake.assert_no_violations();
    bot.stop().await;
}
