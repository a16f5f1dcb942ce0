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
