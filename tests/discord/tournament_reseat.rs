//! `/momojan tournament reseat table:<N>` on the fake Discord (issue 38): refusals (Manage
//! Server, not the organiser, no such table, a table whose game has ended, a second press) are
//! the caller's alone, in their language, and change nothing; a re-seat posts one public line,
//! a notice in the old match's thread (through its outbox, with its table edited to say so)
//! and the table's new start, and the new match — played to its end — is the one the final
//! standings count, the cancelled one counting for nobody.

use std::time::Duration;

use serde_json::json;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, User, CHANNEL_ID};
use crate::tournaments::*;
use momojan::service::{TournamentId, UserId};
use momojan::store::MatchStatus;

/// `/momojan tournament reseat table:<n>`.
async fn reseat(fake: &FakeDiscord, user: &User, n: i64) -> crate::fake_discord::Callback {
    tournament(
        fake,
        user,
        "reseat",
        json!([{ "type": 4, "name": "table", "value": n }]),
    )
    .await
}

/// `user` resigns their game through `/momojan resign` in the event's channel and its
/// confirmation.
async fn resign(fake: &FakeDiscord, user: &User) {
    let cb = fake.slash(user, "resign", json!([]), false).await;
    assert!(cb.is_ephemeral());
    let prompt = ephemeral_of(fake, user, &format!("token-{}", cb.interaction_id));
    let confirm = button(&prompt, ":resign");
    fake.click(user, &prompt, &confirm).await;
}

/// With `MOMOJAN_SCREENS` set, writes `messages` as `viewer` sees them for the team's
/// discord-screen tool to `/tmp/reseat-screen-{name}.json` — to look at, not asserted.
fn screen(viewer: &User, name: &str, messages: &[serde_json::Value]) {
    if std::env::var_os("MOMOJAN_SCREENS").is_none() {
        return;
    }
    let screen = json!({ "viewer": viewer.id.to_string(), "title": name, "messages": messages });
    let path = format!("/tmp/reseat-screen-{name}.json");
    std::fs::write(path, serde_json::to_string_pretty(&screen).unwrap()).unwrap();
}

fn shown(m: &crate::fake_discord::Msg) -> serde_json::Value {
    json!({ "content": m.content, "embeds": m.embeds, "components": m.components,
            "flags": if m.visible_to.is_some() { 64 } else { 0 } })
}

/// `/momojan tournament standings event:<n>`.
async fn standings_of(fake: &FakeDiscord, user: &User, n: i64) -> crate::fake_discord::Callback {
    let event = json!([{ "type": 4, "name": "event", "value": n }]);
    tournament(fake, user, "standings", event).await
}

fn user_of(users: &[&User], id: UserId) -> User {
    (*users.iter().find(|u| uid(u) == id).expect("an entrant")).clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organiser_reseats_a_table_and_the_standings_take_its_new_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob, carol, dave) = (alice(), bob(), carol(), dave());
    let everyone = [&alice, &bob, &carol, &dave];
    let member = User::new(555_000_000_000_000_001, "member").without_manage_server();

    // One round of two tables of two, organised by dave, whose Discord speaks Japanese (his
    // refusals are in Japanese; the event's public lines in the server's English).
    crate::tournament_controls::running_event(&fake, &dave, &everyone, 1).await;
    fake.wait_for("the standings message", Duration::from_secs(10), |f| {
        f.all_messages().iter().any(|m| {
            m.embeds
                .iter()
                .any(|e| e.to_string().contains("standings after round 1"))
        })
    })
    .await;
    let service = service(&db).await;
    let before = service
        .store()
        .tournament_tables(TournamentId(1), 1)
        .await
        .unwrap();
    // Messages everyone sees in the event's channel (the tables play in threads).
    let public_count = |f: &FakeDiscord| {
        f.all_messages()
            .iter()
            .filter(|m| m.visible_to.is_none() && m.channel_id == CHANNEL_ID)
            .count()
    };
    let public_before = public_count(&fake);

    // Refused, and nothing changes: Manage Server, not the organiser, no such table.
    let cb = reseat(&fake, &member, 1).await;
    assert!(private(&fake, &member, &cb).contains("Manage Server"));
    let cb = reseat(&fake, &bob, 1).await;
    let text = private(&fake, &bob, &cb);
    assert!(text.contains(&format!("Only <@{}>", dave.id)), "{text}");
    let cb = reseat(&fake, &dave, 3).await;
    let text = private(&fake, &dave, &cb);
    assert!(text.contains("対局中の回戦に第3卓はありません"), "{text}");
    assert_eq!(
        public_count(&fake),
        public_before,
        "a refusal posts nothing"
    );

    // Table 2 ends (a player resigns): it cannot be re-seated, its result stands.
    let ended = user_of(&everyone, before[1].seats[0].unwrap());
    resign(&fake, &ended).await;
    let ended_match = before[1].match_id.unwrap();
    assert!(service.meta(ended_match).await.unwrap().is_finished());
    let cb = reseat(&fake, &dave, 2).await;
    let text = private(&fake, &dave, &cb);
    assert!(text.contains("第2卓の対局は終わっています"), "{text}");
    assert_eq!(match_count(&db).await, 2);
    let unchanged = service
        .store()
        .tournament_tables(TournamentId(1), 1)
        .await
        .unwrap();
    assert_eq!(unchanged, before, "a refused re-seat changes nothing");

    // Table 1 is re-seated: a public line, a notice in its old thread, its new start.
    let old = service.meta(before[0].match_id.unwrap()).await.unwrap();
    let old_hand = format!("mj:{}:", old.id.0);
    // The old table as a player's client still shows it when the re-seat happens.
    let old_table = match_tables(&fake)
        .into_iter()
        .find(|m| m.custom_ids().iter().any(|c| c.starts_with(&old_hand)))
        .expect("the old table");
    let cb = reseat(&fake, &dave, 1).await;
    assert!(!cb.is_ephemeral(), "a public answer: {:?}", cb.body);
    let line = last_text(&fake, "is re-seated").expect("the re-seat's line");
    assert!(
        line.contains("🔁 **Cup**, round 1, table 1 is re-seated"),
        "{line}"
    );
    let thread = old.thread_id.expect("the old match played in a thread");
    assert_eq!(
        fake.thread_name(thread.0 as u64).as_deref(),
        Some("Cup · round 1 · table 1"),
        "a table's thread is named after its event, round and table"
    );
    fake.wait_for("the old thread's notice", Duration::from_secs(10), |f| {
        f.all_messages()
            .iter()
            .any(|m| m.channel_id == thread.0 as u64 && m.text().contains("re-seated this table"))
    })
    .await;
    // The old table says so, offers no button and counts nothing down.
    fake.wait_for("the old table's edit", Duration::from_secs(10), |f| {
        f.all_messages().iter().any(|m| {
            m.id == old_table.id
                && m.components.is_empty()
                && m.text().contains("Re-seated by the event's organiser")
                && !m.text().contains("<t:")
        })
    })
    .await;
    // Nobody is pinged to move in it any more: its turn notice is deleted.
    fake.wait_for(
        "the old thread's turn notice gone",
        Duration::from_secs(10),
        |f| {
            !f.all_messages()
                .iter()
                .any(|m| m.channel_id == thread.0 as u64 && m.content.contains("your turn"))
        },
    )
    .await;
    let old_thread: Vec<_> = fake
        .all_messages()
        .iter()
        .filter(|m| m.channel_id == thread.0 as u64 && m.visible_to.is_none())
        .map(shown)
        .collect();
    screen(&alice, "old-thread", &old_thread);
    let new = service
        .store()
        .tournament_tables(TournamentId(1), 1)
        .await
        .unwrap()[0]
        .match_id
        .unwrap();
    let hand = format!("mj:{}:0:hand", new.0);
    fake.wait_for("the new table", Duration::from_secs(10), |f| {
        match_tables(f)
            .iter()
            .any(|m| m.custom_ids().contains(&hand))
    })
    .await;
    let starts = table_starts(&fake, "Cup");
    assert_eq!(
        starts
            .iter()
            .filter(|m| m.channel_id == CHANNEL_ID && m.text().contains("table 1:"))
            .count(),
        2,
        "table 1 started twice: {:?}",
        starts.iter().map(|m| m.text()).collect::<Vec<_>>()
    );
    assert_eq!(match_count(&db).await, 3);
    assert_eq!(
        service.meta(old.id).await.unwrap().status,
        MatchStatus::Cancelled
    );
    // The old table's My hand no longer offers moves: the game was cancelled.
    let in_old = user_of(&everyone, before[0].seats[0].unwrap());
    let hand_id = button(&old_table, ":hand");
    let cb = fake.click(&in_old, &old_table, &hand_id).await;
    let text = private(&fake, &in_old, &cb);
    assert!(
        text.contains("ended without a result") || text.contains("結果なしで終わりました"),
        "{text}"
    );
    // A second press finds the new game untouched: refused.
    let cb = reseat(&fake, &dave, 1).await;
    let text = private(&fake, &dave, &cb);
    assert!(text.contains("第1卓はやり直したばかり"), "{text}");
    assert_eq!(match_count(&db).await, 3);

    // The new table plays to its end: its second seat resigns.
    let after = service
        .store()
        .tournament_tables(TournamentId(1), 1)
        .await
        .unwrap();
    assert_eq!(after[0].cancelled, vec![old.id]);
    assert_eq!(after[0].match_id, Some(new));
    let loser = user_of(&everyone, after[0].seats[1].unwrap());
    resign(&fake, &loser).await;
    assert!(service.meta(new).await.unwrap().is_finished());
    bot.stop().await;
    run_until(&fake, &db, "the final standings", |f| {
        last_text(f, "The event is over.").is_some()
    })
    .await;
    let last = last_text(&fake, "The event is over.").unwrap();
    eprintln!("--- final ---\n{last}");
    assert!(
        last.contains("after round 1 (2 of 2 tables finished)"),
        "{last}"
    );
    // Everyone played one game: the cancelled one counts for nobody.
    assert_eq!(last.matches("in 1 games").count(), 4, "{last}");
    let standings = service.tournament_standings(TournamentId(1)).await.unwrap();
    let finished = service.meta(new).await.unwrap();
    for (seat, s) in finished.seats.iter() {
        let user = s.occupant.user().unwrap();
        let row = standings.rows.iter().find(|r| r.user == user).unwrap();
        assert_eq!(row.games, 1);
        assert_eq!(Some(row.total), s.final_balance, "seat {seat:?}");
    }

    // Looking back: the server's history lists the event with its winner (only the caller
    // sees it), and its standings are reached by its number from any channel.
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let public_before = public_count(&fake);
    let winner = standings.rows[0].user;
    let cb = tournament(&fake, &member, "history", json!([])).await;
    assert!(cb.is_ephemeral(), "{:?}", cb.body);
    let text = private(&fake, &member, &cb);
    assert!(
        text.contains("#1 Cup") && text.contains("finished"),
        "{text}"
    );
    assert!(text.contains("entrants: 4"), "{text}");
    assert!(
        text.contains(&format!("🥇 won by <@{}>", winner.0)),
        "{text}"
    );
    screen(&member, "history-en", std::slice::from_ref(&cb.body));
    let cb = tournament(&fake, &dave, "history", json!([])).await;
    screen(&dave, "history-ja", std::slice::from_ref(&cb.body));
    let text = private(&fake, &dave, &cb);
    assert!(text.contains("終了") && text.contains("4人"), "{text}");
    let cb = standings_of(&fake, &member, 1).await;
    let shown = cb.body.to_string();
    assert!(
        shown.contains("**Standings** after round 1 (2 of 2 tables finished)"),
        "{shown}"
    );
    assert_eq!(shown.matches("in 1 games").count(), 4, "{shown}");
    let cb = standings_of(&fake, &member, 2).await;
    let text = private(&fake, &member, &cb);
    assert!(text.contains("This server has no event #2"), "{text}");
    assert_eq!(
        public_count(&fake),
        public_before + 1,
        "one public message: the standings"
    );
    bot.stop().await;
    service.close().await;
    fake.assert_no_violations();
}
