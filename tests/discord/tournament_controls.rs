//! The organiser's controls on the fake Discord (issue 38): `/momojan tournament drop`, `add`,
//! `pause`, `resume` and `end`, each one public line in the channel, each refusal the caller's
//! alone that changes nothing (Manage Server, the organiser, sign-up still open, a player not
//! in or in already, paused twice, nothing to resume, nothing running); a paused event seats no
//! round until resumed, a dropped player sits at no table from the next round on and an added
//! one does, an early end gives the final standings when the round in play ends, and the draw
//! still checks. In English and in Japanese.

use std::time::Duration;

use serde_json::json;

use crate::fake_discord::players::*;
use crate::fake_discord::{Callback, FakeDiscord, User, CHANNEL_ID};
use crate::tournaments::*;
use momojan::games::registry::GameId;
use momojan::service::{TournamentId, UserId};

fn eve() -> User {
    User::new(777_000_000_000_000_013, "eve")
}

/// The public line a control posted (its callback's content, or the message it made).
fn public(fake: &FakeDiscord, cb: &Callback, needle: &str) -> String {
    assert!(!cb.is_ephemeral(), "a public answer: {:?}", cb.body);
    last_text(fake, needle).unwrap_or_else(|| panic!("no {needle:?} posted"))
}

/// Signs `users` up to a 2-seat MOMOJAN event "Cup" of `rounds` rounds created by `organiser`.
pub(crate) async fn signed_up_event(
    fake: &FakeDiscord,
    organiser: &User,
    users: &[&User],
    rounds: usize,
) {
    tournament(
        fake,
        organiser,
        "create",
        create_options("Cup", GameId::Momojan, 2, rounds),
    )
    .await;
    let signup = signup_message(fake);
    for user in users {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
}

/// Signs `users` up to a 2-seat MOMOJAN event of `rounds` rounds created by `organiser`, and
/// closes it: round 1's tables start.
pub(crate) async fn running_event(
    fake: &FakeDiscord,
    organiser: &User,
    users: &[&User],
    rounds: usize,
) {
    signed_up_event(fake, organiser, users, rounds).await;
    let tables = users.len() / 2;
    tournament(fake, organiser, "close", json!([])).await;
    fake.wait_for("round 1's tables", Duration::from_secs(10), |f| {
        match_tables(f).len() == tables
    })
    .await;
}

fn seated(tables: &[Vec<Option<UserId>>], user: &User) -> bool {
    tables.iter().flatten().any(|s| *s == Some(uid(user)))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organiser_pauses_drops_adds_resumes_and_ends_an_event_early() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob, carol, dave, eve) = (alice(), bob(), carol(), dave(), eve());
    let member = User::new(555_000_000_000_000_001, "member").without_manage_server();

    // Nothing runs yet; then sign-up is open: both refused.
    let nothing = tournament(&fake, &alice, "pause", json!([])).await;
    assert!(private(&fake, &alice, &nothing).contains("No event is running"));
    tournament(
        &fake,
        &alice,
        "create",
        create_options("Cup", GameId::Momojan, 2, 3),
    )
    .await;
    let early = with_player(&fake, &alice, "drop", &bob).await;
    let text = private(&fake, &alice, &early);
    assert!(text.contains("Sign-up is still open"), "{text}");
    let signup = signup_message(&fake);
    for user in [&alice, &bob, &carol, &dave] {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
    tournament(&fake, &alice, "close", json!([])).await;
    fake.wait_for("round 1's tables", Duration::from_secs(10), |f| {
        match_tables(f).len() == 2
    })
    .await;
    // The standings message is posted after the tables start: counted before the refusals.
    fake.wait_for("the standings message", Duration::from_secs(10), |f| {
        f.all_messages().iter().any(|m| {
            m.embeds
                .iter()
                .any(|e| e.to_string().contains("standings after round 1"))
        })
    })
    .await;
    let before = fake.all_messages().len();
    // Messages everyone sees in the event's channel (the tables play in threads).
    let public_count = |f: &FakeDiscord| {
        f.all_messages()
            .iter()
            .filter(|m| m.visible_to.is_none() && m.channel_id == CHANNEL_ID)
            .count()
    };
    let public_before = public_count(&fake);

    // Refusals: Manage Server, the organiser, a player not in, one in already, nothing to resume.
    let cb = with_player(&fake, &member, "drop", &bob).await;
    assert!(private(&fake, &member, &cb).contains("Manage Server"));
    let cb = with_player(&fake, &bob, "drop", &carol).await;
    assert!(private(&fake, &bob, &cb).contains(&format!("Only <@{}>", alice.id)));
    let cb = with_player(&fake, &alice, "drop", &eve).await;
    let text = private(&fake, &alice, &cb);
    assert!(
        text.contains(&format!("<@{}> is not an entrant", eve.id)),
        "{text}"
    );
    let cb = with_player(&fake, &alice, "add", &bob).await;
    let text = private(&fake, &alice, &cb);
    assert!(text.contains("already plays in this event"), "{text}");
    let cb = tournament(&fake, &alice, "resume", json!([])).await;
    assert!(private(&fake, &alice, &cb).contains("is not paused"));
    assert_eq!(
        public_count(&fake),
        public_before,
        "a refusal posts nothing"
    );

    // Pause (twice: refused), drop dave, add eve: one public line each.
    let cb = tournament(&fake, &alice, "pause", json!([])).await;
    let text = public(&fake, &cb, "is paused");
    assert!(text.contains("⏸️ **Cup** is paused"), "{text}");
    let cb = tournament(&fake, &alice, "pause", json!([])).await;
    assert!(private(&fake, &alice, &cb).contains("paused already"));
    let cb = with_player(&fake, &alice, "drop", &dave).await;
    let text = public(&fake, &cb, "is dropped");
    assert!(
        text.contains(&format!(
            "<@{}> is dropped from **Cup**: not seated from round 2",
            dave.id
        )),
        "{text}"
    );
    let cb = with_player(&fake, &alice, "drop", &dave).await;
    assert!(private(&fake, &alice, &cb).contains("was dropped from this event"));
    let cb = with_player(&fake, &alice, "add", &eve).await;
    let text = public(&fake, &cb, "joins");
    assert!(
        text.contains(&format!("<@{}> joins **Cup** from round 2 on", eve.id)),
        "{text}"
    );
    bot.stop().await;
    eprintln!("--- controls ---");
    for m in &fake.all_messages()[before..] {
        eprintln!("{}", m.text());
    }

    // Round 1 ends while paused: no round 2 until the organiser resumes.
    finish_round(&db, 1).await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert!(last_text(&fake, "Round 1 is over.").is_none(), "paused");
    assert_eq!(match_count(&db).await, 2);
    let cb = tournament(&fake, &alice, "resume", json!([])).await;
    let text = public(&fake, &cb, "resumes");
    assert!(text.contains("▶️ **Cup** resumes."), "{text}");
    fake.wait_for("round 2's tables", Duration::from_secs(10), |f| {
        table_starts(f, "Cup")
            .iter()
            .filter(|m| m.text().contains("round 2"))
            .count()
            == 2
    })
    .await;
    let round2 = service_tables(&db, 2).await;
    assert!(!seated(&round2, &dave), "dropped: {round2:?}");
    assert!(
        seated(&round2, &eve) && seated(&round2, &alice),
        "{round2:?}"
    );

    // End early: round 2 is the last; the final standings come when its tables end.
    let cb = tournament(&fake, &alice, "end", json!([])).await;
    let text = public(&fake, &cb, "ends early");
    assert!(
        text.contains("⏹️ **Cup** ends early: round 2 is its last"),
        "{text}"
    );
    bot.stop().await;
    finish_round(&db, 2).await;
    run_until(&fake, &db, "the final standings", |f| {
        last_text(f, "The event is over.").is_some()
    })
    .await;
    let last = last_text(&fake, "The event is over.").unwrap();
    eprintln!("--- final ---\n{last}");
    assert!(
        last.contains("after round 2 (2 of 2 tables finished)"),
        "{last}"
    );
    let line = |user: &User| {
        last.lines()
            .find(|l| l.contains(&format!("<@{}>:", user.id)))
            .unwrap_or_else(|| panic!("{} in {last}", user.name))
            .to_string()
    };
    assert!(line(&dave).contains("in 1 games") && line(&dave).ends_with("(dropped)"));
    assert!(line(&eve).contains("in 1 games") && !line(&eve).contains("dropped"));
    assert!(line(&alice).contains("in 2 games"));
    assert_eq!(match_count(&db).await, 4);

    // The draw still checks with the drop and the addition; nothing runs any more.
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    tournament(&fake, &member, "check", json!([])).await;
    fake.wait_for("the check", Duration::from_secs(5), |f| {
        last_text(f, "✅ The revealed secret").is_some_and(|t| t.contains("all 2 rounds"))
    })
    .await;
    let cb = tournament(&fake, &alice, "end", json!([])).await;
    assert!(private(&fake, &alice, &cb).contains("No event is running"));
    bot.stop().await;
    fake.assert_no_violations();
    let entrants = service(&db)
        .await
        .store()
        .tournament_entrants(TournamentId(1))
        .await
        .unwrap();
    let of = |u: &User| entrants.iter().find(|e| e.user == uid(u)).unwrap().clone();
    assert_eq!(
        (of(&dave).dropped_round, of(&dave).from_round),
        (Some(2), 1)
    );
    assert_eq!((of(&eve).dropped_round, of(&eve).from_round), (None, 2));
}

/// In Japanese: a drop taken back before it was seated, the last round's refusals, and an
/// early end during round 1 whose final standings follow its tables.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn controls_in_japanese_take_a_drop_back_and_end_after_the_round_in_play() {
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
    running_event(&fake, &dave, &[&alice, &bob, &carol, &dave], 2).await;
    let before = fake.all_messages().len();

    let cb = with_player(&fake, &dave, "drop", &carol).await;
    let text = public(&fake, &cb, "外れました");
    assert!(text.contains("第2回戦からは卓に着きません"), "{text}");
    let cb = with_player(&fake, &dave, "add", &carol).await;
    let text = public(&fake, &cb, "取り消しました");
    assert!(text.contains("第2回戦から卓に着きます"), "{text}");
    let cb = with_player(&fake, &dave, "add", &carol).await;
    assert!(private(&fake, &dave, &cb).contains("すでにこの大会に参加しています"));
    let cb = tournament(&fake, &dave, "resume", json!([])).await;
    assert!(private(&fake, &dave, &cb).contains("一時停止していません"));
    let cb = tournament(&fake, &alice, "end", json!([])).await;
    assert!(private(&fake, &alice, &cb).contains(&format!("Only <@{}>", dave.id)));
    let cb = tournament(&fake, &dave, "pause", json!([])).await;
    let text = public(&fake, &cb, "一時停止しました");
    assert!(text.contains("⏸️ **Cup**"), "{text}");
    let cb = tournament(&fake, &dave, "end", json!([])).await;
    let text = public(&fake, &cb, "打ち切ります");
    assert!(text.contains("第1回戦で打ち切ります"), "{text}");
    // Round 1 is now the last: no drop, no addition, no second end.
    let cb = with_player(&fake, &dave, "drop", &bob).await;
    assert!(private(&fake, &dave, &cb).contains("第1回戦が最終回戦です"));
    let cb = tournament(&fake, &dave, "end", json!([])).await;
    assert!(private(&fake, &dave, &cb).contains("第1回戦が最終回戦です"));
    bot.stop().await;
    eprintln!("--- controls (ja) ---");
    for m in &fake.all_messages()[before..] {
        eprintln!("{}", m.text());
    }
    finish_round(&db, 1).await;
    run_until(&fake, &db, "the final standings", |f| {
        last_text(f, "大会は終了しました").is_some()
    })
    .await;
    let last = last_text(&fake, "大会は終了しました").unwrap();
    assert!(
        last.contains("第1回戦後の**順位**（2卓中2卓終了）"),
        "{last}"
    );
    assert_eq!(last.matches("1局で").count(), 4, "{last}");
    assert_eq!(match_count(&db).await, 2);
    fake.assert_no_violations();
}

/// `filler:Sit out`: a field that does not divide into tables sits its remainder out instead
/// of seating a computer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_field_that_does_not_divide_sits_one_out_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    let mut options = create_options("Cup", GameId::Momojan, 2, 2);
    options
        .as_array_mut()
        .unwrap()
        .push(json!({ "type": 4, "name": "filler", "value": 1 }));
    tournament(&fake, &alice, "create", options).await;
    let signup = signup_message(&fake);
    for user in [&alice, &bob, &carol] {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
    tournament(&fake, &alice, "close", json!([])).await;
    fake.wait_for("round 1's table", Duration::from_secs(10), |f| {
        match_tables(f).len() == 1
    })
    .await;
    let text = last_text(&fake, "Sign-up is closed with").unwrap();
    assert!(text.contains("Sitting out: <@"), "{text}");
    assert!(
        !text.contains("Computer") && !text.contains("Table 2"),
        "{text}"
    );
    bot.stop().await;
    let tables = service_tables(&db, 1).await;
    assert_eq!(tables.len(), 1);
    assert!(tables[0].iter().all(Option::is_some));
    fake.assert_no_violations();
}
