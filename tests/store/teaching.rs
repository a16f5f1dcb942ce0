//! Teaching tables (issue 39), on both backends: the server's `teach` setting is kept, a
//! practice match or an open table takes it when its command names none and its own choice
//! otherwise, the table carries it to the match it starts, and a challenge is never one.

use momojan::games::interface::Level;
use momojan::games::registry::GameId;
use momojan::i18n::Lang;
use momojan::service::{
    ChallengeAnswer, ChannelId, MatchService, Named, NewChallenge, NewPractice, NewTable, Occupant,
    SettingsChange, TableClick, UserId,
};

use super::{ALICE, BOB, GUILD};

fn practice(channel: i64, teach: Option<bool>) -> NewPractice {
    NewPractice {
        watchable: true,
        guild: GUILD,
        channel: ChannelId(channel),
        user: ALICE,
        computer_user: UserId(900),
        level: Level::Normal,
        lang: Lang::En,
        name: String::new(),
        game: Some(GameId::Beginners),
        seats: Some(2),
        teach,
    }
}

on_both! {
async fn a_practice_match_teaches_by_its_own_choice_or_the_servers(like) {
    let db = like.fresh().await;
    let service = MatchService::new(db.open().await);
    assert!(!service.settings(GUILD).await.unwrap().teach, "off by default");
    let off = service.start_practice(&practice(61, None)).await.unwrap();
    assert!(!off.meta.teach);
    let on = service.start_practice(&practice(62, Some(true))).await.unwrap();
    assert!(on.meta.teach);
    let reloaded = service.meta(on.meta.id).await.unwrap();
    assert!(reloaded.teach, "kept in the match row");

    let teach = SettingsChange {
        teach: Some(true),
        ..SettingsChange::default()
    };
    let settings = service.change_settings(GUILD, &teach).await.unwrap();
    assert!(settings.teach);
    assert_eq!(service.settings(GUILD).await.unwrap(), settings, "saved and read");
    let by_default = service.start_practice(&practice(63, None)).await.unwrap();
    assert!(by_default.meta.teach, "the server's default");
    let asked_off = service.start_practice(&practice(64, Some(false))).await.unwrap();
    assert!(!asked_off.meta.teach, "the command's own choice wins");
}
}

on_both! {
async fn a_teaching_table_starts_a_teaching_match_and_a_challenge_never_does(like) {
    let db = like.fresh().await;
    let service = MatchService::new(db.open().await);
    let table = NewTable {
        watchable: true,
        guild: GUILD,
        channel: ChannelId(70),
        host: Named::new(ALICE, ""),
        game: Some(GameId::Riichi),
        seats: Some(4),
        teach: Some(true),
    };
    let posted = service.open_table(&table, None).await.unwrap();
    assert!(posted.challenge.teach);
    let id = posted.challenge.id;
    service
        .table_click(id, Occupant::player(BOB, ""), TableClick::Join, None)
        .await
        .unwrap();
    let ChallengeAnswer::Accepted { meta, .. } = service
        .table_click(id, Occupant::player(ALICE, ""), TableClick::Start, None)
        .await
        .unwrap()
    else {
        panic!("started");
    };
    assert!(meta.teach, "the table's choice goes to its match");

    // The server teaches by default; a challenge between people is still rated play.
    let teach = SettingsChange {
        teach: Some(true),
        ..SettingsChange::default()
    };
    service.change_settings(GUILD, &teach).await.unwrap();
    let challenge = NewChallenge {
        watchable: true,
        guild: GUILD,
        channel: ChannelId(71),
        challenger: Named::new(ALICE, ""),
        opponents: vec![Named::new(BOB, "")],
        game: Some(GameId::Momojan),
    };
    let posted = service.create_challenge(&challenge, None).await.unwrap();
    assert!(!posted.challenge.teach);
    let ChallengeAnswer::Accepted { meta, .. } = service
        .answer_challenge(posted.challenge.id, BOB, true, None)
        .await
        .unwrap()
    else {
        panic!("accepted");
    };
    assert!(!meta.teach);
}
}

on_both! {
async fn a_teaching_match_has_no_clock_for_turns_or_claims_and_its_computers_still_move(like) {
    use momojan::clock::Clock;
    use momojan::games::interface::Play;
    use momojan::games::registry::Beginners;

    let db = like.fresh().await;
    let clock = Clock::manual(1_800_000_000);
    let service = MatchService::with_clock(db.open().await, clock.clone());
    let mut new = practice(65, Some(true));
    new.seats = Some(4);
    let (mut human_turns, mut human_claims, mut computer_moves) = (0, 0, 0);
    // Whether Alice can claim a discard depends on the secret deal: games are played (each
    // whole, each checked) until she has had a claim window.
    for _game in 0..5 {
        let started = service.start_practice(&new).await.unwrap();
        let id = started.meta.id;
        // The match's seed seats a table of four: Alice's seat is hers, not always the first.
        let alice = started.meta.seat_of(ALICE).expect("seated");
        service
            .set_match_messages(id, ChannelId(80), momojan::service::MessageId(81))
            .await
            .unwrap();
        for _ in 0..600 {
            let loaded = service.load::<Beginners>(id).await.unwrap();
            assert_eq!(loaded.meta.turn_deadline, None, "no deadline, ever");
            let acting = Beginners::to_act(&loaded.state);
            if acting.is_over() {
                break;
            }
            if acting.includes(alice) {
                // A day passes: nothing is due, no timeout is played.
                clock.advance(86_400);
                assert!(service.due_matches(10).await.unwrap().is_empty());
                assert!(service.run_timeout::<Beginners>(id).await.unwrap().is_none());
                let legal = Beginners::legal_actions(&loaded.state, alice);
                match acting {
                    momojan::games::interface::Acting::Claims(_) => human_claims += 1,
                    _ => human_turns += 1,
                }
                let applied = service
                    .apply::<Beginners>(id, ALICE, loaded.meta.version, legal[0])
                    .await
                    .unwrap();
                assert_eq!(applied.meta.seats[alice].timeouts, 0);
            } else {
                assert_eq!(service.due_computer_moves().await.unwrap(), vec![id]);
                let moved = service.computer_move::<Beginners>(id).await.unwrap();
                assert!(moved.is_some(), "a computer moves without a clock: {acting:?}");
                computer_moves += 1;
            }
        }
        let meta = service.meta(id).await.unwrap();
        assert_eq!(meta.seats[alice].bank, 300, "no bank spent");
        if human_claims > 0 {
            break;
        }
    }
    assert!(human_turns > 10 && computer_moves > 10, "{human_turns} {computer_moves}");
    assert!(human_claims > 0, "the human answered a discard without a clock too");
}
}

on_both! {
async fn a_teaching_match_between_people_changes_no_rating_and_is_marked_in_history(like) {
    use momojan::games::registry::Momojan;

    let db = like.fresh().await;
    let service = MatchService::new(db.open().await);
    let table = NewTable {
        watchable: true,
        guild: GUILD,
        channel: ChannelId(90),
        host: Named::new(ALICE, ""),
        game: Some(GameId::Momojan),
        seats: Some(2),
        teach: Some(true),
    };
    let id = service.open_table(&table, None).await.unwrap().challenge.id;
    service
        .table_click(id, Occupant::player(BOB, ""), TableClick::Join, None)
        .await
        .unwrap();
    let ChallengeAnswer::Accepted { meta, .. } = service
        .table_click(id, Occupant::player(ALICE, ""), TableClick::Start, None)
        .await
        .unwrap()
    else {
        panic!("started");
    };
    assert!(meta.teach && !meta.is_practice(), "people only");
    let ended = service.resign::<Momojan>(meta.id, BOB, None).await.unwrap();
    assert!(ended.meta.is_finished());
    for user in [ALICE, BOB] {
        let (_, stats) = service.stats(GUILD, None, GameId::Momojan, user).await.unwrap();
        assert_eq!(stats, None, "no rating, no record");
        let history = service.history(GUILD, user, GameId::Momojan).await.unwrap();
        assert_eq!(history.len(), 1, "the game is in the history");
        assert!(history[0].teach, "marked as teaching");
    }
}
}
