//! Each event's standings message on the fake Discord (issue 38): one embed posted when
//! sign-up closes and then edited — never posted again — as a table finishes, a round ends and
//! the event does, with its tie-breaks stated; and `/momojan tournament export`, a CSV file of
//! every finished table seat by seat, checked against the stored matches. In English and in
//! Japanese.

use std::time::Duration;

use serde_json::json;

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg, User, CHANNEL_ID};
use crate::tournaments::*;
use momojan::discord::view::standings_picture::{FILENAME, ROW_HEIGHT, WIDTH};
use momojan::games::registry::{GameId, Momojan};
use momojan::service::tournament::CSV_HEADER;
use momojan::service::TournamentId;

/// The standings messages (an embed with the tie-breaks' footer) in the channel.
fn boards(fake: &FakeDiscord, footer: &str) -> Vec<Msg> {
    fake.all_messages()
        .into_iter()
        .filter(|m| m.channel_id == CHANNEL_ID && m.visible_to.is_none())
        .filter(|m| {
            m.embeds.iter().any(|e| {
                e["footer"]["text"]
                    .as_str()
                    .is_some_and(|f| f.contains(footer))
            })
        })
        .collect()
}

fn embed_text(m: &Msg) -> (String, String, String) {
    let e = &m.embeds[0];
    let s = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
    (
        s(&e["title"]),
        s(&e["description"]),
        s(&e["footer"]["text"]),
    )
}

/// Table `k` of `round` ends: a player of it resigns.
async fn finish_table(db: &str, round: u32, k: usize) {
    let service = service(db).await;
    let t = &service
        .store()
        .tournament_tables(TournamentId(1), round)
        .await
        .unwrap()[k];
    let user = t.seats.iter().flatten().next().copied().unwrap();
    service
        .resign::<Momojan>(t.match_id.unwrap(), user, None)
        .await
        .unwrap();
    service.close().await;
}

async fn export_csv(fake: &FakeDiscord, user: &User) -> (String, String) {
    let cb = tournament(fake, user, "export", json!([])).await;
    let m = ephemeral_of(fake, user, &format!("token-{}", cb.interaction_id));
    let [file] = m.files.as_slice() else {
        panic!("one attachment: {:?}", m.text())
    };
    assert_eq!(file.filename, "tournament-1.csv");
    (
        m.content.clone(),
        String::from_utf8(file.bytes.to_vec()).unwrap(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_standings_message_is_kept_current_and_the_results_export_as_csv() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, bob, carol, dave) = (alice(), bob(), carol(), dave());
    let member = User::new(555_000_000_000_000_001, "member").without_manage_server();
    let none = tournament(&fake, &member, "export", json!([])).await;
    assert!(private(&fake, &member, &none).contains("No event"));
    tournament(
        &fake,
        &alice,
        "create",
        create_options("Cup", GameId::Momojan, 2, 2),
    )
    .await;
    let signup = signup_message(&fake);
    for user in [&alice, &bob, &carol, &dave] {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
    tournament(&fake, &alice, "close", json!([])).await;
    let tie_breaks =
        "Ranked by total points, then average placement (lower first), then join order.";
    fake.wait_for("the standings message", Duration::from_secs(10), |f| {
        boards(f, tie_breaks).len() == 1 && match_tables(f).len() == 2
    })
    .await;
    let board = boards(&fake, tie_breaks).remove(0);
    let (title, lines, footer) = embed_text(&board);
    assert_eq!(title, "🏆 Cup: standings after round 1 of 2");
    // Four rows read well as the embed's lines: no picture.
    assert!(board.files.is_empty() && board.embeds[0].get("image").is_none());
    assert!(
        footer.contains("Round 1: 0 of 2 tables finished.")
            && footer
                .ends_with("Repeat meetings: none (no two players have sat at one table twice)."),
        "{footer}"
    );
    assert_eq!(lines.matches("0** points, 0 games").count(), 4, "{lines}");
    bot.stop().await;

    // One table ends: the same message shows it.
    finish_table(&db, 1, 0).await;
    run_until(&fake, &db, "the standings edited", |f| {
        embed_text(&current(f, board.id))
            .2
            .contains("1 of 2 tables finished")
    })
    .await;
    let (_, lines, _) = embed_text(&current(&fake, board.id));
    assert_eq!(lines.matches(", 1 games,").count(), 2, "{lines}");
    eprintln!("{lines}");
    // The round ends, then the event: still that one message.
    finish_table(&db, 1, 1).await;
    run_until(&fake, &db, "round 2 on the standings", |f| {
        embed_text(&current(f, board.id))
            .0
            .contains("after round 2")
    })
    .await;
    finish_round(&db, 2).await;
    run_until(&fake, &db, "the final standings", |f| {
        embed_text(&current(f, board.id))
            .0
            .contains("final standings")
    })
    .await;
    let (title, lines, footer) = embed_text(&current(&fake, board.id));
    eprintln!("{title}\n{lines}\n{footer}");
    assert_eq!(title, "🏁 Cup: final standings after 2 rounds");
    assert_eq!(lines.matches(", 2 games,").count(), 4, "{lines}");
    assert!(current(&fake, board.id).files.is_empty());
    let last = last_text(&fake, "The event is over.").unwrap();
    let over = (fake.all_messages().into_iter().rev())
        .find(|m| m.text() == last)
        .unwrap();
    assert!(over.files.is_empty(), "no picture for four players");
    assert_eq!(boards(&fake, tie_breaks).len(), 1, "never posted twice");

    // Anyone exports the results: one row per seat of every finished table, as stored.
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (note, csv) = export_csv(&fake, &member).await;
    bot.stop().await;
    eprintln!("{note}\n{csv}");
    assert!(note.contains("8 rows"), "{note}");
    let mut rows = csv.lines();
    assert_eq!(rows.next(), Some(CSV_HEADER));
    let rows: Vec<Vec<String>> = rows
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    assert_eq!(rows.len(), 8);
    let service = service(&db).await;
    for (k, row) in rows.iter().enumerate() {
        let (round, table, seat) = (k / 4 + 1, (k % 4) / 2, k % 2);
        assert_eq!(
            &row[..3],
            &[
                round.to_string(),
                (table + 1).to_string(),
                (seat + 1).to_string()
            ]
        );
        let t = &service
            .store()
            .tournament_tables(TournamentId(1), round as u32)
            .await
            .unwrap()[table];
        let meta = service.meta(t.match_id.unwrap()).await.unwrap();
        let s = meta.seats.values().nth(seat).unwrap();
        assert_eq!(row[3], s.occupant.user().unwrap().to_string());
        assert_eq!(row[5], s.final_balance.unwrap().to_string());
        assert_eq!(row[6], s.place.unwrap().to_string());
    }
    service.close().await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_standings_message_and_the_export_in_japanese() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (alice, dave) = (alice(), dave());
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
        create_options("春の大会", GameId::Momojan, 2, 1),
    )
    .await;
    let signup = signup_message(&fake);
    for user in [&alice, &dave] {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
    tournament(&fake, &alice, "close", json!([])).await;
    let tie_breaks = "合計点、平均順位（小さい順）、参加順の順に並べています。";
    fake.wait_for("the standings message", Duration::from_secs(10), |f| {
        boards(f, tie_breaks).len() == 1
    })
    .await;
    let board = boards(&fake, tie_breaks).remove(0);
    assert_eq!(
        embed_text(&board).0,
        "🏆 春の大会：第1回戦後の順位（全1回戦）"
    );
    bot.stop().await;
    finish_round(&db, 1).await;
    run_until(&fake, &db, "the final standings", |f| {
        embed_text(&current(f, board.id)).0.contains("最終順位")
    })
    .await;
    let (title, lines, footer) = embed_text(&current(&fake, board.id));
    eprintln!("{title}\n{lines}\n{footer}");
    assert!(
        lines.contains("**1位**") && lines.contains("1局"),
        "{lines}"
    );
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let (note, csv) = export_csv(&fake, &dave).await;
    bot.stop().await;
    assert!(
        note.contains("**春の大会** の結果") && note.contains("2行"),
        "{note}"
    );
    assert_eq!(csv.lines().count(), 3, "{csv}");
    fake.assert_no_violations();
}

/// The standings picture `m` carries and shows in its first embed: its width, height and bytes.
fn picture(m: &Msg) -> (u32, u32, Vec<u8>) {
    let [file] = m.files.as_slice() else {
        panic!("one file on {:?}: {:?}", m.text(), m.files)
    };
    assert_eq!(file.filename, FILENAME);
    assert_eq!(
        m.embeds[0]["image"]["url"],
        json!(format!("attachment://{FILENAME}"))
    );
    let png = tiny_skia::Pixmap::decode_png(&file.bytes).expect("a PNG");
    (png.width(), png.height(), file.bytes.to_vec())
}

/// Fourteen entrants (more than the dozen the embed's lines show well), with Latin and
/// Japanese display names.
fn field_of_fourteen() -> Vec<User> {
    let names = [
        "さくら",
        "山田太郎",
        "Zoë",
        "김민준",
        "佐藤 花子",
        "Ivan",
        "たなか",
        "Élodie",
        "鈴木",
        "Bob",
        "ゆうき",
        "Carol",
        "Mallory",
    ];
    let mut field = vec![alice()];
    field.extend(
        (names.iter().enumerate()).map(|(k, n)| User::new(777_000_000_000_000_300 + k as u64, n)),
    );
    field
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_field_of_fourteen_has_the_standings_picture_sent_again_with_each_edit_and_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let alice = alice();
    let member = User::new(555_000_000_000_000_001, "member").without_manage_server();
    tournament(
        &fake,
        &alice,
        "create",
        create_options("Big cup", GameId::Momojan, 2, 1),
    )
    .await;
    let signup = signup_message(&fake);
    let field = field_of_fourteen();
    for user in &field {
        fake.click(user, &signup, &button(&signup, ":join")).await;
    }
    tournament(&fake, &alice, "close", json!([])).await;
    let tie_breaks =
        "Ranked by total points, then average placement (lower first), then join order.";
    fake.wait_for("the standings message", Duration::from_secs(10), |f| {
        boards(f, tie_breaks).len() == 1
    })
    .await;
    let board = boards(&fake, tie_breaks).remove(0);
    let (width, height, first) = picture(&board);
    assert_eq!(width, WIDTH);
    assert!(height > 15 * ROW_HEIGHT, "a header and 14 rows: {height}");
    // The embed keeps every line, so its mentions still link the players.
    let (_, lines, _) = embed_text(&board);
    assert_eq!(lines.matches("<@").count(), 14, "{lines}");
    bot.stop().await;

    // A table ends: the edit sends the picture again (its progress line changed).
    finish_table(&db, 1, 0).await;
    run_until(&fake, &db, "the standings edited", |f| {
        embed_text(&current(f, board.id))
            .2
            .contains("1 of 7 tables finished")
    })
    .await;
    let edited = current(&fake, board.id);
    let (_, again, bytes) = picture(&edited);
    assert_eq!(again, height);
    assert_ne!(bytes, first, "the picture drawn again");
    let sent_with_edits = fake
        .uploads()
        .into_iter()
        .filter(|(method, path, f)| {
            method == "PATCH" && path.ends_with(&board.id.to_string()) && f.filename == FILENAME
        })
        .count();
    assert!(sent_with_edits >= 1, "{:?}", fake.requests());

    // Anyone asks for the standings: the picture comes with them.
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let asked = tournament(&fake, &member, "standings", json!([])).await;
    let token = format!("token-{}", asked.interaction_id);
    fake.wait_for("the standings answer", Duration::from_secs(10), |f| {
        (f.all_messages().iter()).any(|m| m.token.as_deref() == Some(token.as_str()))
    })
    .await;
    let answer = (fake.all_messages().into_iter())
        .find(|m| m.token.as_deref() == Some(token.as_str()))
        .unwrap();
    assert_eq!(picture(&answer).1, height);
    bot.stop().await;

    // The event ends: the final standings and the standings message both carry it.
    for k in 1..7 {
        finish_table(&db, 1, k).await;
    }
    run_until(&fake, &db, "the final standings", |f| {
        embed_text(&current(f, board.id))
            .0
            .contains("final standings")
            && last_text(f, "The event is over.").is_some()
    })
    .await;
    let (_, _, last) = picture(&current(&fake, board.id));
    assert_ne!(last, bytes);
    let over = (fake.all_messages().into_iter())
        .find(|m| m.text().contains("The event is over."))
        .unwrap();
    assert_eq!(picture(&over).0, WIDTH);
    fake.assert_no_violations();
}
