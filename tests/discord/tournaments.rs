//! Tournaments on the fake Discord (issue 38): `/momojan tournament create` (Manage Server
//! only), Join and Leave on the sign-up message kept current through the click, the refusals
//! that change nothing (joining twice, leaving when not in, closing another's event, joining
//! after sign-up closed), `/momojan tournament close` announcing the seed's commitment and
//! round 1's tables, and each table started as a match in its own thread exactly once — across
//! a restart, and by the sweep when the process that closed sign-up stopped before starting
//! them; then each round's end collected into standings and the next round seated from them,
//! `/momojan tournament standings`, the final standings with the secret revealed, and the draw
//! checked from it. In English and in Japanese; on PostgreSQL too (`restart` in their names: `.ci/run`).

use std::time::Duration;

use serde_json::{json, Value};

use crate::fake_discord::players::*;
use crate::fake_discord::{Callback, FakeDiscord, Msg, User, CHANNEL_ID};
use crate::seats::game_index;
use momojan::games::registry::{GameId, Momojan};
use momojan::service::tournament::{draw, seating};
use momojan::service::{
    ChannelId, GuildId, MatchService, NewEvent, Occupant, TournamentId, UserId,
};
use momojan::store::Store;

pub(crate) fn carol() -> User {
    User::new(777_000_000_000_000_011, "carol")
}

pub(crate) fn dave() -> User {
    User::new(777_000_000_000_000_012, "dave").with_locale("ja")
}

pub(crate) fn uid(user: &User) -> UserId {
    UserId(user.id as i64)
}

/// `/momojan tournament <sub>` with `options`: a subcommand of a group, as Discord sends it.
pub(crate) async fn tournament(
    fake: &FakeDiscord,
    user: &User,
    sub: &str,
    options: Value,
) -> Callback {
    let (id, mut d) = fake.command_interaction(user, "tournament", json!([]), None, false);
    d["data"]["options"] = json!([{
        "type": 2,
        "name": "tournament",
        "options": [{ "type": 1, "name": sub, "options": options }],
    }]);
    fake.try_dispatch_interaction(&id, d)
        .await
        .expect("an answer within Discord's deadline")
}

/// `/momojan tournament <sub> player:@target`.
pub(crate) async fn with_player(
    fake: &FakeDiscord,
    user: &User,
    sub: &str,
    target: &User,
) -> Callback {
    let (options, resolved) = crate::fake_discord::user_option("player", target);
    let (id, mut d) =
        fake.command_interaction(user, "tournament", json!([]), Some(resolved), false);
    d["data"]["options"] = json!([{
        "type": 2,
        "name": "tournament",
        "options": [{ "type": 1, "name": sub, "options": options }],
    }]);
    fake.try_dispatch_interaction(&id, d)
        .await
        .expect("an answer within Discord's deadline")
}

pub(crate) fn create_options(name: &str, game: GameId, seats: usize, rounds: usize) -> Value {
    json!([
        { "type": 3, "name": "name", "value": name },
        { "type": 4, "name": "game", "value": game_index(game) },
        { "type": 4, "name": "seats", "value": seats },
        { "type": 4, "name": "rounds", "value": rounds },
    ])
}

/// The private answer of a callback.
pub(crate) fn private(fake: &FakeDiscord, user: &User, cb: &Callback) -> String {
    assert!(cb.is_ephemeral(), "a private answer: {:?}", cb.body);
    let content = cb.content();
    if !content.is_empty() {
        return content;
    }
    ephemeral_of(fake, user, &format!("token-{}", cb.interaction_id)).text()
}

/// The latest message carrying the event's Join button.
pub(crate) fn signup_message(fake: &FakeDiscord) -> Msg {
    fake.all_messages()
        .into_iter()
        .rev()
        .find(|m| m.custom_ids().iter().any(|c| c.starts_with("tn:")))
        .expect("the sign-up message")
}

pub(crate) fn button(message: &Msg, end: &str) -> String {
    message
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(end))
        .unwrap_or_else(|| panic!("no {end} on {:?}", message.text()))
}

pub(crate) fn current(fake: &FakeDiscord, id: u64) -> Msg {
    fake.message_by_id(id).expect("the message")
}

/// The tables' first messages (the event's name, round and table) in the channel.
pub(crate) fn table_starts(fake: &FakeDiscord, name: &str) -> Vec<Msg> {
    fake.all_messages()
        .into_iter()
        .filter(|m| m.channel_id == CHANNEL_ID && m.text().starts_with(&format!("🏆 **{name}**")))
        .filter(|m| m.custom_ids().is_empty() && !m.text().contains('\n'))
        .collect()
}

/// The match tables shown (their "My hand" button), anywhere.
pub(crate) fn match_tables(fake: &FakeDiscord) -> Vec<Msg> {
    fake.all_messages()
        .into_iter()
        .filter(|m| m.visible_to.is_none() && !m.embeds.is_empty())
        .filter(|m| m.custom_ids().iter().any(|c| c.ends_with(":hand")))
        .collect()
}

pub(crate) async fn service(db: &str) -> MatchService {
    MatchService::new(Store::open(db).await.unwrap())
}

/// The event's round-1 tables with their matches' seats, read from the store.
async fn stored_tables(db: &str, id: TournamentId) -> Vec<(Vec<Option<UserId>>, Vec<Occupant>)> {
    let service = service(db).await;
    let tables = service.store().tournament_tables(id, 1).await.unwrap();
    let mut out = Vec::new();
    for t in tables {
        let match_id = t.match_id.expect("every table started");
        let meta = service.meta(match_id).await.unwrap();
        out.push((
            t.seats,
            meta.seats.values().map(|s| s.occupant.clone()).collect(),
        ));
    }
    service.close().await;
    out
}

/// Every table of `round` ends: a player of each resigns (through the service, the bot
/// stopped).
pub(crate) async fn finish_round(db: &str, round: u32) {
    let service = service(db).await;
    let tables = service
        .store()
        .tournament_tables(TournamentId(1), round)
        .await
        .unwrap();
    assert!(!tables.is_empty());
    for t in tables {
        let user = t.seats.iter().flatten().next().copied().unwrap();
        service
            .resign::<Momojan>(t.match_id.unwrap(), user, None)
            .await
            .unwrap();
    }
    service.close().await;
}

/// The bot runs until `what` shows.
pub(crate) async fn run_until(
    fake: &FakeDiscord,
    db: &str,
    what: &str,
    cond: impl Fn(&FakeDiscord) -> bool,
) {
    let bot = start_bot(fake, db).await;
    fake.wait_ready().await;
    fake.wait_for(what, Duration::from_secs(15), cond).await;
    bot.stop().await;
}

pub(crate) fn last_text(fake: &FakeDiscord, needle: &str) -> Option<String> {
    fake.all_messages()
        .into_iter()
        .rev()
        .map(|m| m.text())
        .find(|t| t.contains(needle))
}

pub(crate) async fn match_count(db: &str) -> usize {
    let service = service(db).await;
    let n = service.match_ids().await.unwrap().len();
    service.close().await;
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_signs_up_closes_and_starts_each_table_once_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob, carol, dave) = (alice(), bob(), carol(), dave());
    let member = User::new(555_000_000_000_000_001, "member").without_manage_server();

    // Manage Server only; a bad table size is refused.
    let refused = tournament(
        &fake,
        &member,
        "create",
        create_options("Cup", GameId::Momojan, 2, 3),
    )
    .await;
    assert!(private(&fake, &member, &refused).contains("Manage Server"));
    let refused = tournament(
        &fake,
        &alice,
        "create",
        create_options("Cup", GameId::Momojan, 4, 3),
    )
    .await;
    let text = private(&fake, &alice, &refused);
    assert!(text.contains("not played at tables of 4"), "{text}");
    assert!(fake
        .all_messages()
        .iter()
        .all(|m| m.custom_ids().iter().all(|c| !c.starts_with("tn:"))));

    let created = tournament(
        &fake,
        &alice,
        "create",
        create_options("Spring cup", GameId::Momojan, 2, 3),
    )
    .await;
    assert!(!created.is_ephemeral(), "the sign-up is public");
    let signup = signup_message(&fake);
    let text = signup.text();
    assert!(
        text.contains("**Spring cup**") && text.contains("3 Swiss rounds"),
        "{text}"
    );
    assert!(
        text.contains("Entrants (0): nobody yet") && text.contains("SHA-256"),
        "{text}"
    );
    // One event at a time in a channel.
    let again = tournament(
        &fake,
        &alice,
        "create",
        create_options("Other", GameId::Momojan, 2, 1),
    )
    .await;
    assert!(private(&fake, &alice, &again).contains("already has an event"));

    // Join and Leave keep the message current; refusals change nothing.
    for user in [&alice, &bob, &carol] {
        let joined = fake.click(user, &signup, &button(&signup, ":join")).await;
        assert!(!joined.is_ephemeral());
    }
    let signup = current(&fake, signup.id);
    assert!(signup.text().contains("Entrants (3)"), "{}", signup.text());
    let twice = fake.click(&bob, &signup, &button(&signup, ":join")).await;
    assert!(private(&fake, &bob, &twice).contains("already joined"));
    let not_in = fake.click(&dave, &signup, &button(&signup, ":leave")).await;
    assert!(private(&fake, &dave, &not_in).contains("参加していません"));
    fake.click(&carol, &signup, &button(&signup, ":leave"))
        .await;
    let signup = current(&fake, signup.id);
    assert!(signup.text().contains("Entrants (2)"), "{}", signup.text());
    assert!(!signup.text().contains(&carol.id.to_string()));
    fake.click(&carol, &signup, &button(&signup, ":join")).await;
    let signup = current(&fake, signup.id);
    let text = signup.text();
    assert!(text.contains("Entrants (3)"), "{text}");
    let order: Vec<usize> = [&alice, &bob, &carol]
        .iter()
        .map(|u| text.find(&format!("<@{}>", u.id)).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "join order: {text}");

    // Only the organiser closes it.
    let not_theirs = tournament(&fake, &bob, "close", json!([])).await;
    assert!(private(&fake, &bob, &not_theirs).contains(&format!("Only <@{}>", alice.id)));
    let closed = tournament(&fake, &alice, "close", json!([])).await;
    assert!(!closed.is_ephemeral(), "the close is public");
    let announcement = fake
        .all_messages()
        .into_iter()
        .rev()
        .find(|m| m.text().contains("Sign-up is closed with"))
        .expect("the announcement");
    let text = announcement.text();
    assert!(
        text.contains("with 3 entrants") && text.contains("**Round 1 of 3**"),
        "{text}"
    );
    assert!(
        text.contains("Table 1: ") && text.contains("Table 2: "),
        "{text}"
    );
    assert_eq!(text.matches("Computer (normal)").count(), 1, "{text}");
    let id = signup.id;
    fake.wait_for("the sign-up closed", Duration::from_secs(5), |f| {
        current(f, id).custom_ids().is_empty()
    })
    .await;
    let signup_now = current(&fake, signup.id);
    assert!(signup_now.text().contains("Sign-up is closed"));
    // An old copy of the message with its buttons: refused, nothing changes.
    let late = fake.click(&dave, &signup, &button(&signup, ":join")).await;
    assert!(private(&fake, &dave, &late).contains("締め切られています"));

    // Two tables of two, each in its own thread started from its first message.
    fake.wait_for("both tables", Duration::from_secs(10), |f| {
        match_tables(f).len() == 2
    })
    .await;
    let starts = table_starts(&fake, "Spring cup");
    assert_eq!(starts.len(), 2, "{starts:?}");
    // In either order: the close and the table sweep may each start one of them.
    for table in ["round 1, table 1:", "round 1, table 2:"] {
        assert!(
            starts.iter().any(|m| m.text().contains(table)),
            "{table} {starts:?}"
        );
    }
    for t in match_tables(&fake) {
        assert!(
            starts.iter().any(|m| m.id == t.channel_id),
            "in the thread of its message: {t:?}"
        );
    }
    bot.stop().await;

    // A restart starts nothing again.
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    bot.stop().await;
    fake.assert_no_violations();
    assert_eq!(match_count(&db).await, 2);
    let tables = stored_tables(&db, TournamentId(1)).await;
    let mut seated = Vec::new();
    for (seats, occupants) in &tables {
        assert_eq!(seats.len(), 2);
        // The seating's seat order is the match's.
        let users: Vec<Option<UserId>> = occupants.iter().map(Occupant::user).collect();
        assert_eq!(&users, seats);
        seated.extend(seats.iter().flatten().copied());
    }
    seated.sort();
    let mut everyone = vec![uid(&alice), uid(&bob), uid(&carol)];
    everyone.sort();
    assert_eq!(seated, everyone, "each entrant seated once");
    // The text's tables are the stored ones, in order.
    for (k, (seats, _)) in tables.iter().enumerate() {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("Table {}: ", k + 1)))
            .unwrap();
        for user in seats.iter().flatten() {
            assert!(line.contains(&format!("<@{user}>")), "{line}");
        }
    }

    // Round 1 ends: the standings and round 2 are announced, and its tables start.
    finish_round(&db, 1).await;
    run_until(&fake, &db, "round 2's tables", |f| {
        table_starts(f, "Spring cup")
            .iter()
            .filter(|m| m.text().contains("round 2"))
            .count()
            == 2
    })
    .await;
    let round2 = last_text(&fake, "Round 1 is over.").expect("round 2's announcement");
    assert!(
        round2.contains("**Standings** after round 1 (2 of 2 tables finished)"),
        "{round2}"
    );
    assert!(
        round2.contains("**Round 2 of 3**") && round2.contains("Table 2: "),
        "{round2}"
    );
    assert_eq!(match_count(&db).await, 4);
    // Anyone may ask for the standings.
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let asked = tournament(&fake, &member, "standings", json!([])).await;
    assert!(!asked.is_ephemeral());
    let shown = last_text(&fake, "after round 2").expect("the standings");
    assert!(shown.contains("(0 of 2 tables finished)"), "{shown}");
    assert_eq!(shown.matches(" games, average place").count(), 3, "{shown}");
    let early = tournament(&fake, &member, "check", json!([])).await;
    assert!(private(&fake, &member, &early).contains("not over"));
    bot.stop().await;

    finish_round(&db, 2).await;
    run_until(&fake, &db, "round 3's announcement", |f| {
        last_text(f, "Round 2 is over.").is_some()
    })
    .await;
    finish_round(&db, 3).await;
    run_until(&fake, &db, "the final standings", |f| {
        last_text(f, "The event is over.").is_some()
    })
    .await;
    fake.assert_no_violations();
    assert_eq!(match_count(&db).await, 6, "three rounds of two tables");
    let last = last_text(&fake, "The event is over.").unwrap();
    assert!(
        last.contains("after round 3 (2 of 2 tables finished)"),
        "{last}"
    );
    assert!(
        last.contains("in 3 games"),
        "everyone played three games: {last}"
    );

    // Anyone can check the draw: the revealed secret is the one committed at sign-up, the seed
    // is its hash with the Join ids, committed when sign-up closed, and round 1 follows from it.
    let hex_after = |text: &str, before: &str| -> String {
        let at = text.find(before).unwrap() + before.len();
        text[at..at + 64].to_string()
    };
    let secret: [u8; 32] = hex::decode(hex_after(&last, "secret was `"))
        .unwrap()
        .try_into()
        .unwrap();
    let seed: [u8; 32] = hex::decode(hex_after(&last, "join order) `"))
        .unwrap()
        .try_into()
        .unwrap();
    assert_eq!(
        hex::encode(draw::commitment(&secret)),
        hex_after(&text, "secret (SHA-256 `")
    );
    assert_eq!(
        hex::encode(draw::commitment(&seed)),
        hex_after(&text, "its SHA-256 is `")
    );
    let service = service(&db).await;
    let joins: Vec<i64> = service
        .store()
        .tournament_entrants(TournamentId(1))
        .await
        .unwrap()
        .iter()
        .map(|e| e.join_interaction)
        .collect();
    assert_eq!(draw::seed(&secret, &joins), seed);
    let field = seating::Field::new(3, 2, seating::Filler::Computers).unwrap();
    let redone = seating::swiss_round(&field, &[0; 3], &[], &seating::Seed(seed)).unwrap();
    let in_order = [uid(&alice), uid(&bob), uid(&carol)];
    let redone: Vec<Vec<Option<UserId>>> = redone
        .tables()
        .iter()
        .map(|t| {
            t.places()
                .iter()
                .map(|p| match p {
                    seating::Place::Player(p) => Some(in_order[p.index()]),
                    seating::Place::Computer => None,
                })
                .collect()
        })
        .collect();
    let stored: Vec<Vec<Option<UserId>>> = tables.into_iter().map(|(seats, _)| seats).collect();
    assert_eq!(redone, stored);
    service.close().await;

    // `/momojan tournament check` re-derives every round; a changed table is found.
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let checked = tournament(&fake, &member, "check", json!([])).await;
    assert!(!checked.is_ephemeral());
    let found = last_text(&fake, "The revealed secret is the one committed").unwrap();
    assert!(
        found.contains("✅") && found.contains("all 3 rounds"),
        "{found}"
    );
    bot.stop().await;
    let round2 = service_tables(&db, 2).await;
    let swapped: Vec<Option<UserId>> = round2[0].iter().rev().copied().collect();
    execute_sql(
        &db,
        &format!(
            "UPDATE tournament_tables SET seats = '{}' WHERE round = 2 AND table_no = 0",
            serde_json::to_string(&swapped).unwrap()
        ),
    )
    .await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    tournament(&fake, &member, "check", json!([])).await;
    fake.wait_for("the check's answer", Duration::from_secs(5), |f| {
        last_text(f, "Round 2's tables are not the ones the seed gives").is_some()
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tables_thread_waits_for_its_message_when_that_is_slow_to_post() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob) = (alice(), bob());
    crate::tournament_controls::signed_up_event(&fake, &alice, &[&alice, &bob], 1).await;
    // The table's message takes longer than several outbox sweeps (300 ms apart) to post.
    fake.set_post_delay(CHANNEL_ID, Duration::from_millis(1500));
    tournament(&fake, &alice, "close", json!([])).await;
    fake.wait_for("the table", Duration::from_secs(10), |f| {
        !match_tables(f).is_empty()
    })
    .await;
    let starts = table_starts(&fake, "Cup");
    let tables = match_tables(&fake);
    assert_eq!((starts.len(), tables.len()), (1, 1), "{starts:?}");
    assert_eq!(
        tables[0].channel_id, starts[0].id,
        "the thread starts from the table's message"
    );
    bot.stop().await;
    fake.assert_no_violations();
}

/// A round's tables as stored.
pub(crate) async fn service_tables(db: &str, round: u32) -> Vec<Vec<Option<UserId>>> {
    let service = service(db).await;
    let tables = service
        .store()
        .tournament_tables(TournamentId(1), round)
        .await
        .unwrap();
    service.close().await;
    tables.into_iter().map(|t| t.seats).collect()
}

/// The process that closed sign-up stopped before starting the tables: the next one's sweep
/// starts each exactly once. The event's public messages are in the server's language
/// (Japanese here).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_left_unstarted_start_once_after_a_restart_in_japanese() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob, carol, dave) = (alice(), bob(), carol(), dave());
    fake.slash(
        &alice,
        "config",
        json!([{ "type": 3, "name": "locale", "value": "ja" }]),
        false,
    )
    .await;
    tournament(
        &fake,
        &alice,
        "create",
        create_options("春の大会", GameId::Momojan, 2, 2),
    )
    .await;
    let signup = signup_message(&fake);
    assert!(signup.text().contains("参加受付中"), "{}", signup.text());
    assert!(signup.custom_ids().iter().any(|c| c.ends_with(":join")));
    for user in [&alice, &bob, &carol, &dave] {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
    let signup = current(&fake, signup.id);
    assert!(signup.text().contains("参加者（4人）"), "{}", signup.text());
    let member = User::new(555_000_000_000_000_001, "member")
        .without_manage_server()
        .with_locale("ja");
    let refused = tournament(&fake, &member, "close", json!([])).await;
    assert!(private(&fake, &member, &refused).contains("サーバー管理"));
    bot.stop().await;

    // Sign-up closed behind the bot's back (as a process that died before its tables).
    let closing = service(&db).await;
    let closed = closing
        .close_tournament(ChannelId(CHANNEL_ID as i64), uid(&alice))
        .await
        .unwrap();
    assert_eq!(closed.tables.len(), 2);
    closing.close().await;

    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    fake.wait_for("both tables", Duration::from_secs(10), |f| {
        match_tables(f).len() == 2
    })
    .await;
    let starts = table_starts(&fake, "春の大会");
    assert_eq!(starts.len(), 2);
    assert!(
        starts.iter().any(|m| m.text().contains("第1回戦 第2卓")),
        "{starts:?}"
    );
    bot.stop().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    bot.stop().await;
    fake.assert_no_violations();
    assert_eq!(match_count(&db).await, 2, "each table started once");
    assert_eq!(table_starts(&fake, "春の大会").len(), 2);

    // The standings and round 2, then the final standings, in Japanese.
    finish_round(&db, 1).await;
    run_until(&fake, &db, "round 2's tables", |f| {
        table_starts(f, "春の大会").len() == 4
    })
    .await;
    let round2 = last_text(&fake, "第1回戦が終わりました。").expect("round 2's announcement");
    assert!(
        round2.contains("第1回戦後の**順位**（2卓中2卓終了）"),
        "{round2}"
    );
    assert!(round2.contains("**第2回戦（全2回戦）**"), "{round2}");
    finish_round(&db, 2).await;
    run_until(&fake, &db, "the final standings", |f| {
        last_text(f, "大会は終了しました").is_some()
    })
    .await;
    let last = last_text(&fake, "大会は終了しました").unwrap();
    assert_eq!(last.matches("2局で").count(), 4, "{last}");
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    tournament(&fake, &bob, "check", json!([])).await;
    fake.wait_for("the check", Duration::from_secs(5), |f| {
        last_text(f, "✅ 公開された秘密値").is_some()
    })
    .await;
    bot.stop().await;
    fake.assert_no_violations();

    // Starting again through the service starts nothing; the event is over.
    let again = service(&db).await;
    assert!(again
        .start_tournament_tables(TournamentId(1))
        .await
        .unwrap()
        .is_empty());
    // A new event may start in the channel.
    let refused = again
        .create_tournament(&NewEvent {
            guild: GuildId(crate::fake_discord::GUILD_ID as i64),
            channel: ChannelId(CHANNEL_ID as i64),
            organiser: uid(&alice),
            name: "x".into(),
            game: None,
            seats: None,
            rounds: 1,
            format: momojan::store::TournamentFormat::Swiss,
            filler: momojan::store::TournamentFiller::Computers,
            grace: None,
            rolling: None,
            guild_locale: None,
            switches: None,
        })
        .await;
    assert!(refused.is_ok(), "the channel's event is over: {refused:?}");
    again.close().await;
}

/// An event's own switches (`switches:` on create) are set over the server's and fixed when it
/// is created: a later change to the server's switches does not reach its tables, the sign-up
/// says them, and a switch the game does not have is refused with nothing stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_events_switches_are_fixed_when_it_is_created_and_reach_its_tables() {
    use momojan::games::interface::Settings;
    use momojan::games::registry::Riichi;
    use momojan::service::MatchId;

    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob, carol, dave) = (alice(), bob(), carol(), dave());
    let server_switch = |value: &str| {
        json!([
            { "type": 4, "name": "game", "value": game_index(GameId::Riichi) },
            { "type": 3, "name": "switch", "value": "aka" },
            { "type": 3, "name": "value", "value": value },
        ])
    };
    fake.slash(&alice, "config", server_switch("false"), false)
        .await;
    let with_switches = |switches: &str| {
        let mut options = create_options("Rules cup", GameId::Riichi, 4, 1);
        options
            .as_array_mut()
            .unwrap()
            .push(json!({ "type": 3, "name": "switches", "value": switches }));
        options
    };
    for bad in ["length=forever", "colour=blue", "length"] {
        let refused = tournament(&fake, &alice, "create", with_switches(bad)).await;
        let text = private(&fake, &alice, &refused);
        assert!(
            !text.is_empty() && !text.contains("Rules cup"),
            "{bad}: {text}"
        );
    }
    assert!(service(&db)
        .await
        .tournament_standings(TournamentId(1))
        .await
        .is_err());

    let created = tournament(&fake, &alice, "create", with_switches("length=east")).await;
    assert!(!created.is_ephemeral());
    let signup = signup_message(&fake);
    let text = signup.text();
    assert!(
        text.contains("The game's switches for this event:")
            && text.contains("`length` **east**")
            && text.contains("`aka` **false**"),
        "{text}"
    );
    // The server's switch changes after the event was created.
    fake.slash(&alice, "config", server_switch("true"), false)
        .await;
    for user in [&alice, &bob, &carol, &dave] {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
    tournament(&fake, &alice, "close", json!([])).await;
    fake.wait_for("the table", Duration::from_secs(10), |f| {
        table_starts(f, "Rules cup").len() == 1
    })
    .await;
    let service = service(&db).await;
    let loaded = service.load::<Riichi>(MatchId(1)).await.unwrap();
    assert_eq!(
        Riichi::switch_value(&loaded.options, "length"),
        Some("east")
    );
    assert_eq!(Riichi::switch_value(&loaded.options, "aka"), Some("false"));
    service.close().await;
    bot.stop().await;
}
