//! The **Why?** of a teaching table's computer move on the fake Discord (issue 39): after a
//! computer's move the player's live hand carries a Why? button (no message of its own), and
//! pressing it answers privately with the game's reason, worked out from the computer seat's
//! view just before the move — so it names no tile of the computer's concealed hand other
//! than the one the move played. A forged Why? (a person's move, a match that does not teach,
//! another match) is refused and changes nothing.

use std::time::Duration;

use momojan::discord::view::pen::{Faces, Pen};
use momojan::discord::view::MatchLabel;
use momojan::games::drivers::export::replay;
use momojan::games::interface::{Hosted, Piece, Play, Say, Words};
use momojan::games::registry::{Beginners, GameId, Riichi};
use momojan::i18n::{tr, Lang};
use momojan::service::{MatchId, Origin, UserId};
use momojan::store::{EventRow, Move, Store};
use rand::{Rng, SeedableRng};

use crate::fake_discord::players::*;
use crate::fake_discord::{FakeDiscord, Msg};

/// `/momojan practice game:<game> seats:<seats>`, teaching or not (poise sends choices as
/// their index: `teach` 0 is on, 1 off).
async fn start_practice(fake: &FakeDiscord, game: GameId, seats: u64, teach: bool) {
    crate::computer_names::start_practice_as(fake, &alice(), game, seats, teach).await;
}

/// Every piece the words name, at any depth.
fn pieces(words: &Words) -> Vec<Piece> {
    fn walk(say: &Say, out: &mut Vec<Piece>) {
        match say {
            Say::Piece(p) => out.push(p.clone()),
            Say::Pieces(list) => out.extend(list.iter().cloned()),
            Say::Group(g) => out.extend(g.pieces.iter().cloned()),
            Say::Words(w) => w.args.iter().for_each(|(_, s)| walk(s, out)),
            Say::Join(items, _) => items.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    words.args.iter().for_each(|(_, s)| walk(s, &mut out));
    out
}

/// The game after the first `upto` moves of `log`.
fn state_at<G: Hosted>(
    loaded: &momojan::service::Loaded<G>,
    log: &[EventRow<G>],
    upto: usize,
) -> G::State {
    let steps: Vec<_> = log.iter().map(EventRow::step).collect();
    replay::<G>(
        &loaded.seed,
        loaded.meta.seat_count(),
        loaded.meta.first_dealer,
        &loaded.options,
        &steps,
        upto,
    )
    .expect("the log replays")
    .state
}

/// One line of a Why? answer: the move at `index` of `log`, named by its computer, with
/// exactly the game's reason from that computer's view just before the move — and nothing of
/// its concealed hand at that step but what the move played.
fn check_line<G: Hosted>(
    loaded: &momojan::service::Loaded<G>,
    log: &[EventRow<G>],
    index: usize,
    line: &str,
) {
    let row = &log[index];
    let Move::Play(action) = row.action else {
        panic!("a concession has no Why?")
    };
    let view = G::view(&state_at(loaded, log, index), row.seat);
    let reason = G::reason(&view, &loaded.options, action);
    let rendered: Vec<(String, String)> = [Lang::En, Lang::Ja]
        .into_iter()
        .map(|lang| {
            let label = MatchLabel::of(&loaded.meta, loaded.meta.version, lang);
            let faces = Faces::text();
            let reason = Pen {
                faces: &faces,
                ..label.pen()
            }
            .words(&reason);
            (label.name(row.seat).to_string(), reason)
        })
        .collect();
    assert!(
        rendered
            .iter()
            .any(|(name, reason)| line.contains(name.as_str()) && line.contains(reason.as_str())),
        "{rendered:?} in {line}"
    );
    let after = G::view(&state_at(loaded, log, index + 1), row.seat);
    let concealed = G::hand(&after).concealed;
    // A claim's reason names the discard it takes: public, though a copy of it may be left in
    // the computer's hand.
    let claimable = G::hand(&view).board.round.and_then(|r| r.claimable);
    let played: Vec<Piece> = pieces(&G::news_words(action, None))
        .into_iter()
        .chain(pieces(&G::action_words(action)))
        .chain(claimable)
        .collect();
    for piece in pieces(&reason) {
        assert!(
            played.contains(&piece) || !concealed.contains(&piece),
            "{piece:?} of the computer's concealed hand in {line}"
        );
    }
}

/// The newest message Alice sees with a Why? button.
fn with_why(fake: &FakeDiscord) -> Option<(Msg, String)> {
    let msg = fake.newest_visible(&alice(), |m| {
        m.visible_to.is_some() && m.custom_ids().iter().any(|c| c.starts_with("why:"))
    })?;
    let id = msg
        .custom_ids()
        .into_iter()
        .find(|c| c.starts_with("why:"))?;
    Some((msg, id))
}

/// Plays a teaching practice of `G` as Alice (random choices) until `answers` Why? answers
/// were checked; then forges a Why? of her own move.
async fn why_practice<G: Hosted>(game: GameId, seats: u64, answers: usize) {
    let fake = FakeDiscord::start().await;
    fake.quicken_route_buckets(10);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    let human = alice();
    start_practice(&fake, game, seats, true).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seats + 7);
    let mut checked = 0;
    // The most moves one answer explained.
    let mut most = 0;
    let mut asked = std::collections::HashSet::new();
    let store = Store::open(&db).await.unwrap();
    for _ in 0..3_000 {
        if checked >= answers {
            break;
        }
        // A Why? on Alice's live hand, for a computer move not asked about yet.
        if let Some((msg, id)) = with_why(&fake).filter(|(_, id)| !asked.contains(id)) {
            asked.insert(id.clone());
            let step: i64 = id.rsplit(':').next().unwrap().parse().unwrap();
            let before_click = store.event_log::<G>(MatchId(1)).await.unwrap().len();
            let answer = fake.click(&human, &msg, &id).await;
            assert!(answer.is_ephemeral(), "a private answer: {:?}", answer.body);
            let text = answer.content();
            let loaded = load_match_of::<G>(&db, 1).await;
            let log = store.event_log::<G>(MatchId(1)).await.unwrap();
            let index = log
                .iter()
                .position(|r| r.seq == step)
                .expect("a logged move");
            let row = &log[index];
            assert_eq!(
                row.origin,
                Origin::Computer,
                "a Why? only for a computer's move"
            );
            // Every computer move told to all since Alice's previous move, up to this one.
            let me = loaded.meta.seat_of(UserId(human.id as i64)).unwrap();
            let since = log[..index]
                .iter()
                .rposition(|r| r.seat == me)
                .map_or(0, |own| own + 1);
            let explained: Vec<usize> = (since..=index)
                .filter(|&i| {
                    log[i].origin == Origin::Computer
                        && matches!(log[i].action, Move::Play(a) if G::told_to_others(a))
                })
                .collect();
            assert_eq!(explained.last(), Some(&index));
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), explained.len(), "a line per move: {text}");
            most = most.max(lines.len());
            for (line, &i) in lines.iter().zip(&explained) {
                check_line::<G>(&loaded, &log, i, line);
            }
            // Asking changed nothing (computers may have moved meanwhile: only the log grows).
            assert!(log.len() >= before_click);
            checked += 1;
            continue;
        }
        let loaded = load_match_of::<G>(&db, 1).await;
        if loaded.meta.is_finished() {
            break;
        }
        let me = loaded.meta.seat_of(UserId(human.id as i64)).unwrap();
        if !G::to_act(&loaded.state).includes(me) {
            tokio::time::sleep(Duration::from_millis(15)).await;
            continue;
        }
        let Some(table) = table(&fake) else { continue };
        let hand_id = table
            .custom_ids()
            .into_iter()
            .find(|c| c.ends_with(":hand"))
            .unwrap();
        let opened = fake.click(&human, &table, &hand_id).await;
        let hand = ephemeral_of(&fake, &human, &format!("token-{}", opened.interaction_id));
        if load_match_of::<G>(&db, 1).await.meta.version != loaded.meta.version {
            continue;
        }
        let choices = action_choices(&hand);
        let (id, value) = choices[rng.random_range(0..choices.len())].clone();
        fake.choose(&human, &hand, &id, value).await;
        // Let the computers answer and the live hand follow.
        fake.settle(Duration::from_millis(150)).await;
    }
    assert!(checked >= answers, "{checked} Why? answers checked");
    if seats > 2 {
        // Several computers move between two of Alice's moves: one answer tells of them all.
        assert!(most >= 2, "at most {most} moves in one answer");
    }

    // A forged Why? naming Alice's own move, or a move of no match, is refused; nothing is
    // written.
    let log = store.event_log::<G>(MatchId(1)).await.unwrap();
    let own = log
        .iter()
        .find(|r| r.origin == Origin::Player)
        .expect("Alice moved");
    let (msg, _) = with_why(&fake).expect("a hand with a Why?");
    let version = stored_version(&db).await;
    for forged in [
        format!("why:1:{}", own.seq),
        format!("why:1:{}", i64::MAX),
        "why:99:1".to_string(),
    ] {
        // As a message drawn by another version of the bot could carry it (an id that is on no
        // message is refused before it reaches the Why? at all).
        let answer = fake.click(&human, &msg.with_button(&forged), &forged).await;
        assert!(answer.is_ephemeral(), "{forged}: {:?}", answer.body);
        let text = answer.content();
        assert!(
            !text.contains("💡") && !text.is_empty(),
            "{forged} refused: {text}"
        );
        if !forged.starts_with("why:99:") {
            assert!(
                Lang::ALL.iter().any(|l| text == tr(*l, "why-none")),
                "{forged}: {text}"
            );
        }
    }
    let after = store.event_log::<G>(MatchId(1)).await.unwrap();
    assert!(after.len() >= log.len());
    assert!(stored_version(&db).await >= version);
    store.close().await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_riichi_teaching_practice_explains_the_computers_moves_without_their_hands() {
    why_practice::<Riichi>(GameId::Riichi, 4, 4).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_beginners_teaching_practice_explains_the_computers_moves_without_their_hands() {
    why_practice::<Beginners>(GameId::Beginners, 2, 4).await;
}

/// A practice that does not teach has no Why? buttons, and a forged one naming a computer's
/// move is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_why_of_a_match_that_does_not_teach_is_refused() {
    let fake = FakeDiscord::start().await;
    fake.quicken_route_buckets(10);
    let dir = tempfile::tempdir().unwrap();
    let db = db_url(&dir);
    let bot = start_bot(&fake, &db).await;
    fake.wait_ready().await;
    start_practice(&fake, GameId::Beginners, 2, false).await;
    let store = Store::open(&db).await.unwrap();
    let loaded = load_match_of::<Beginners>(&db, 1).await;
    assert!(!loaded.meta.teach);
    let table = table(&fake).unwrap();
    let hand_id = table
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":hand"))
        .unwrap();
    let human = alice();
    // Play until the computer has moved.
    let mut computer = None;
    for _ in 0..200 {
        let log = store.event_log::<Beginners>(MatchId(1)).await.unwrap();
        computer = log
            .iter()
            .find(|r| r.origin == Origin::Computer)
            .map(|r| r.seq);
        if computer.is_some() {
            break;
        }
        let opened = fake.click(&human, &table, &hand_id).await;
        let hand = ephemeral_of(&fake, &human, &format!("token-{}", opened.interaction_id));
        if let Some((id, value)) = action_choices(&hand).first().cloned() {
            fake.choose(&human, &hand, &id, value).await;
        }
        fake.settle(Duration::from_millis(150)).await;
    }
    let step = computer.expect("the computer moved");
    assert!(with_why(&fake).is_none(), "no Why? where nothing teaches");
    // Wait for Alice's turn, so that no computer moves while the forged Why? is answered.
    for _ in 0..200 {
        let loaded = load_match_of::<Beginners>(&db, 1).await;
        let me = loaded.meta.seat_of(UserId(human.id as i64)).unwrap();
        if loaded.meta.is_finished() || Beginners::to_act(&loaded.state).includes(me) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(15)).await;
    }
    let version = stored_version(&db).await;
    let forged = format!("why:1:{step}");
    let answer = fake
        .click(&human, &table.with_button(&forged), &forged)
        .await;
    let text = answer.content();
    assert!(
        Lang::ALL.iter().any(|l| text == tr(*l, "why-none")),
        "refused: {text}"
    );
    assert_eq!(stored_version(&db).await, version, "nothing changed");
    store.close().await;
    bot.stop().await;
}
