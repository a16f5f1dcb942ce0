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
