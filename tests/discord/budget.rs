//! The bot token's global budget (50 requests per second outside the interaction
//! endpoints), which the fake enforces: playing spends none of it, because the table lives on
//! the players' interaction tokens and moves to a fresher one before its own runs out — past
//! 15 minutes and across a restart, always current and single; and many matches at once
//! keep inside it, without a 429.

use std::collections::BTreeMap;
use std::time::Duration;

use rand::{Rng, SeedableRng};

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg, User, GUILD_ID};
use momojan::service::MatchService;
use momojan::store::Store;

/// One match as its players see it: its two users and the thread it is played in.
struct Table {
    users: [User; 2],
    /// The thread, started from the challenge message (so its id is the message's).
    thread: u64,
}

/// `a` challenges `b`, `b` accepts, and the table appears in the match's thread.
async fn open_in(fake: &FakeDiscord, service: &MatchService, a: &User, b: &User) -> Table {
    let asked = fake.slash_with_user(a, "challenge", "opponent", b).await;
    let challenge = fake
        .response_message(&asked.interaction_id)
        .expect("the challenge message");
    let accept = challenge
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":accept"))
        .expect("an Accept button");
    fake.click(b, &challenge, &accept).await;
    let channel = momojan::service::ChannelId::from_snowflake(a.place.1);
    let player = momojan::service::UserId::from_snowflake(a.id);
    let (match_id, _) = service
        .own_active_game(channel, player)
        .await
        .unwrap()
        .expect("the match");
    let until = std::time::Instant::now() + Duration::from_secs(30);
    let thread = loop {
        let meta = service.meta(match_id).await.unwrap();
        if let (Some(thread), Some(_)) = (meta.thread_id, meta.table_message_id) {
            break thread.snowflake();
        }
        assert!(
            std::time::Instant::now() < until,
            "no table for match {match_id:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    Table {
        users: [a.clone(), b.clone()],
        thread,
    }
}

/// The tables everyone sees in `thread`: public messages with an embed and a "My hand"
/// button (a turn notice has the button, no embed).
fn tables_in(fake: &FakeDiscord, thread: u64) -> Vec<Msg> {
    fake.public_messages_in(thread)
        .into_iter()
        .filter(|m| !m.embeds.is_empty() && m.custom_ids().iter().any(|c| c.ends_with(":hand")))
        .collect()
}

/// One action of whoever may act: "My hand" on the table (a fresh interaction, so a fresh
/// token), then one of the hand's actions at random.
async fn act(fake: &FakeDiscord, table: &Table, rng: &mut impl Rng) {
    let shown = tables_in(fake, table.thread).pop().expect("a table");
    let hand_id = shown
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))
        .unwrap();
    for user in &table.users {
        let opened = fake.click(user, &shown, &hand_id).await;
        let hand = ephemeral_of(fake, user, &format!("token-{}", opened.interaction_id));
        let choices = action_choices(&hand);
        if choices.is_empty() {
            continue;
        }
        let (id, value) = choices[rng.random_range(0..choices.len())].clone();
        let answer = fake.choose(user, &hand, &id, value).await;
        assert_eq!(
            answer.kind(),
            7,
            "the action is applied: {}",
            answer.content()
        );
        return;
    }
    panic!("nobody could act in thread {}", table.thread);
}

/// Waits until the thread shows exactly one table, at the stored version, and it is the
/// table the store records.
async fn current_and_single(fake: &FakeDiscord, service: &MatchService, table: &Table) {
    let (match_id, _) = shown_version(&tables_in(fake, table.thread)[0]);
    let version = service.meta(match_id).await.unwrap().version;
    fake.wait_for(
        "one table at the stored version",
        Duration::from_secs(20),
        |f| {
            let shown = tables_in(f, table.thread);
            shown.len() == 1 && shown_version(&shown[0]) == (match_id, version)
        },
    )
    .await;
    let recorded = service.meta(match_id).await.unwrap().table_message_id;
    assert_eq!(
        recorded.map(|m| m.snowflake()),
        Some(tables_in(fake, table.thread)[0].id),
        "the store records the table on screen"
    );
}

/// The requests in the `/channels/…` routes (the tables, notices and posts) that used the
/// budget from the `from`-th on.
fn channel_budget(fake: &FakeDiscord, from: usize) -> BTreeMap<String, usize> {
    let mut spent = fake.budget_by_route(from);
    spent.retain(|route, _| route.contains(" /channels/"));
    spent
}

fn total(spent: &BTreeMap<String, usize>) -> usize {
    spent.values().sum()
}

/// A server whose turns are long enough for the clock jumps below without a timeout.
async fn long_turns(fake: &FakeDiscord) {
    let turn = serde_json::json!([{ "type": 4, "name": "turn_time", "value": 3600 }]);
    let answer = fake.slash(&alice(), "config", turn, false).await;
    assert!(answer.content().contains("3600"), "{}", answer.content());
}

/// Both the bot's clock and Discord's jump by `minutes` (the edits on their way land first).
async fn minutes_pass(fake: &FakeDiscord, clock: &momojan::clock::Clock, minutes: i64) {
    fake.settle(Duration::from_millis(300)).await;
    clock.advance(minutes * 60);
    fake.advance(Duration::from_secs(minutes as u64 * 60));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_outlives_interaction_tokens_and_a_restart_current_single_and_outside_the_budget() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let clock = momojan::clock::Clock::manual(1_800_000_000);
    let config = || {
        let mut config = test_config(&fake, &db);
        config.clock = clock.clone();
        config
    };
    let bot = start_bot_with(config()).await;
    fake.wait_ready().await;
    long_turns(&fake).await;
    let store = Store::open(&db).await.unwrap();
    let service = MatchService::new(store.clone());
    let table = open_in(&fake, &service, &alice(), &bob()).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(28);

    // The first table is a channel message (nobody had clicked in the new thread); the first
    // clicks move it to a player's token. From then on playing spends none of the budget.
    for _ in 0..3 {
        act(&fake, &table, &mut rng).await;
        current_and_single(&fake, &service, &table).await;
    }
    let from = fake.budget_used();
    for _ in 0..6 {
        act(&fake, &table, &mut rng).await;
        current_and_single(&fake, &service, &table).await;
    }
    assert_eq!(channel_budget(&fake, from), BTreeMap::new(), "six actions");

    // Twice 11 minutes: the table's token is old, the next click's token takes it (posted
    // through it, the old one deleted through its own token). 22 minutes after the table's
    // first token came, no expired token was used and still nothing of the budget.
    let first_token_table = tables_in(&fake, table.thread)[0].id;
    for _ in 0..2 {
        minutes_pass(&fake, &clock, 11).await;
        let from = fake.budget_used();
        for _ in 0..3 {
            act(&fake, &table, &mut rng).await;
            current_and_single(&fake, &service, &table).await;
        }
        assert_eq!(channel_budget(&fake, from), BTreeMap::new(), "after a move");
    }
    assert_ne!(
        tables_in(&fake, table.thread)[0].id,
        first_token_table,
        "moved"
    );
    assert_eq!(fake.expired_token_uses(), 0);

    // A restart: the new process has no token. No hand is live, so the player to act gets a
    // turn notice (a channel message: no click has come yet) until their next click deletes
    // it; at the first action the new process reads the thread, posts the table through that
    // click's token and deletes the one the old process left (and any turn notice left).
    bot.stop().await;
    fake.settle(Duration::from_millis(500)).await;
    let bot = start_bot_with(config()).await;
    fake.wait_ready().await;
    let from = fake.budget_used();
    let notices_left = fake
        .public_messages_in(table.thread)
        .iter()
        .filter(|m| m.embeds.is_empty() && m.custom_ids().iter().any(|c| c.ends_with(":hand")))
        .count();
    for _ in 0..3 {
        act(&fake, &table, &mut rng).await;
        current_and_single(&fake, &service, &table).await;
    }
    let spent = channel_budget(&fake, from);
    eprintln!("a restart's take-over: {spent:?} ({notices_left} notices left)");
    assert!(
        total(&spent) <= 4 + notices_left,
        "the notice posted and deleted, the thread read, the old table deleted: {spent:?}"
    );
    assert_eq!(
        fake.public_messages_in(table.thread)
            .iter()
            .filter(|m| m.embeds.is_empty() && m.custom_ids().iter().any(|c| c.ends_with(":hand")))
            .count(),
        usize::from(
            service
                .meta(shown_version(&tables_in(&fake, table.thread)[0]).0)
                .await
                .unwrap()
                .notice_message_id
                .is_some()
        ),
        "no notice left but the recorded one"
    );

    // 16 minutes without a click: the table's token has run out; the next click's token
    // takes the table, and the old one is deleted through its channel.
    minutes_pass(&fake, &clock, 16).await;
    let from = fake.budget_used();
    for _ in 0..3 {
        act(&fake, &table, &mut rng).await;
        current_and_single(&fake, &service, &table).await;
    }
    let spent = channel_budget(&fake, from);
    assert!(total(&spent) <= 1, "the expired table deleted: {spent:?}");

    assert_eq!(fake.expired_token_uses(), 0);
    assert_eq!(fake.rate_limited(), 0);
    fake.assert_no_violations();
    store.close().await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_matches_at_once_keep_inside_the_budget_without_a_429_and_every_table_current() {
    const MATCHES: u64 = 24;
    const CHANNELS: u64 = 4;
    let fake = std::sync::Arc::new(FakeDiscord::start().await);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let store = Store::open(&db).await.unwrap();
    let service = MatchService::new(store.clone());

    // Every match opens at once, in four channels: threads, first tables and first notices
    // are the bot's budget requests, paced to its share.
    let opened = (0..MATCHES).map(|m| {
        let (fake, service) = (fake.clone(), service.clone());
        async move {
            let channel = 645_027_906_669_510_700 + m % CHANNELS;
            let user = |n: u64, name: String| {
                User::new(600_000_000_000_000_000 + 2 * m + n, &name).in_guild(GUILD_ID, channel)
            };
            let (a, b) = (user(0, format!("a{m}")), user(1, format!("b{m}")));
            open_in(&fake, &service, &a, &b).await
        }
    });
    let tables = futures_util::future::join_all(opened).await;

    // Every match plays at once: two actions each (the first clicks move each table to a
    // token), then four measured.
    let play = |actions: usize, seed: u64| {
        let tables = &tables;
        let fake = &fake;
        async move {
            let plays = tables.iter().enumerate().map(|(i, table)| async move {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + i as u64);
                for _ in 0..actions {
                    act(fake, table, &mut rng).await;
                }
            });
            futures_util::future::join_all(plays).await;
        }
    };
    play(2, 100).await;
    // The warm-up's budget requests (threads, first tables, and the channel tables the first
    // clicks replaced, deleted at the bot's paced 45/s) have all arrived before measuring.
    let mut arrived = fake.budget_used();
    loop {
        // Longer than a budget window's pause and a worker's wait for an answer.
        fake.settle(Duration::from_millis(2_500)).await;
        let now = fake.budget_used();
        if now == arrived {
            break;
        }
        arrived = now;
    }
    let from = fake.budget_used();
    play(4, 200).await;
    fake.settle(Duration::from_millis(500)).await;
    let spent = fake.budget_by_route(from);
    let actions = MATCHES as usize * 4;
    eprintln!(
        "{MATCHES} matches: {} budget requests over {actions} actions ({spent:?}); peak {} \
         in one second of the whole run, {} in all",
        total(&spent),
        fake.budget_peak(0),
        fake.budget_used()
    );
    assert!(
        total(&spent) as f64 <= 0.03 * actions as f64,
        "at most 0.03 budget requests per action: {spent:?}"
    );
    for table in &tables {
        current_and_single(&fake, &service, table).await;
    }
    assert_eq!(fake.limit_429s(), (0, 0), "no 429, global or of a route");
    assert_eq!(fake.rate_limited(), 0);
    fake.assert_no_violations();
    store.close().await;
    bot.stop().await;
}
