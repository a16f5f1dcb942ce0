//! Watching a table (issue 39, item 3), on both backends: the server's `spectate_hands` is off
//! until set and is saved; `watch:off` on a challenge, an open table or a practice is kept on
//! the challenge and copied into its match (watching is allowed unless forbidden), and a
//! rematch keeps the players' choice.

use momojan::games::interface::Level;
use momojan::games::registry::{GameId, Momojan};
use momojan::i18n::Lang;
use momojan::service::{
    ChallengeAnswer, ChannelId, MatchService, Named, NewChallenge, NewPractice, NewTable, Occupant,
    SettingsChange, TableClick, UserId,
};

use momojan::store::Store;

use super::{ALICE, BOB, GUILD};

on_both! {
    async fn spectate_hands_is_off_until_set_and_is_saved(db) {
        let service = MatchService::new(db.open().await);
        assert!(!service.settings(GUILD).await.unwrap().spectate_hands, "off by default");
        let on = SettingsChange {
            spectate_hands: Some(true),
            ..SettingsChange::default()
        };
        let saved = service.change_settings(GUILD, &on).await.unwrap();
        assert!(saved.spectate_hands);
        assert_eq!(service.settings(GUILD).await.unwrap(), saved, "saved and read");
        // Another setting changed leaves it as it is.
        let other = SettingsChange {
            claim_time: Some(40),
            ..SettingsChange::default()
        };
        assert!(service.change_settings(GUILD, &other).await.unwrap().spectate_hands);
        let off = SettingsChange {
            spectate_hands: Some(false),
            ..SettingsChange::default()
        };
        service.change_settings(GUILD, &off).await.unwrap();
        assert!(!service.settings(GUILD).await.unwrap().spectate_hands);
    }
}

/// A challenge of BOB by ALICE in `channel`, with `watchable`, accepted: its match's
/// `watchable`, and the challenge's as stored.
async fn challenged(
    store: &Store,
    service: &MatchService,
    channel: ChannelId,
    watchable: bool,
) -> (bool, bool) {
    let new = NewChallenge {
        guild: GUILD,
        channel,
        challenger: Named::new(ALICE, "alice"),
        opponents: vec![Named::new(BOB, "bob")],
        game: Some(GameId::Momojan),
        watchable,
    };
    let posted = service.create_challenge(&new, None).await.unwrap();
    let stored = store
        .challenge(posted.challenge.id)
        .await
        .unwrap()
        .expect("stored")
        .watchable;
    let ChallengeAnswer::Accepted { meta, .. } = service
        .answer_challenge(posted.challenge.id, BOB, true, None)
        .await
        .unwrap()
    else {
        panic!("accepted");
    };
    let loaded = service.meta(meta.id).await.unwrap();
    (stored, loaded.watchable)
}

on_both! {
    async fn watch_off_is_kept_from_a_challenge_a_table_or_a_practice_into_its_match(db) {
        let store = db.open().await;
        let service = MatchService::new(store.clone());
        assert_eq!(challenged(&store, &service, ChannelId(50), true).await, (true, true));
        assert_eq!(challenged(&store, &service, ChannelId(51), false).await, (false, false));

        // A rematch of a match its players forbade watching is not watchable either.
        let forbidden = service
            .own_active_game(ChannelId(51), ALICE)
            .await
            .unwrap()
            .expect("the match")
            .0;
        service
            .resign::<Momojan>(forbidden, ALICE, None)
            .await
            .unwrap();
        let (again, _) = service.rematch(forbidden, BOB).await.unwrap();
        assert!(!again.challenge.watchable);

        // An open table, started by its opener (a computer fills the other seat).
        let table = NewTable {
            guild: GUILD,
            channel: ChannelId(52),
            host: Named::new(ALICE, "alice"),
            game: Some(GameId::Momojan),
            seats: Some(2),
            watchable: false,
        };
        let posted = service.open_table(&table, None).await.unwrap();
        assert!(!posted.challenge.watchable);
        let started = service
            .table_click(
                posted.challenge.id,
                Occupant::player(ALICE, "alice"),
                TableClick::Start,
                None,
            )
            .await
            .unwrap();
        let ChallengeAnswer::Accepted { meta, .. } = started else {
            panic!("started");
        };
        assert!(!meta.watchable);

        for watchable in [false, true] {
            let channel = ChannelId(if watchable { 53 } else { 54 });
            let practice = NewPractice {
                guild: GUILD,
                channel,
                user: ALICE,
                computer_user: UserId(900),
                level: Level::Easy,
                lang: Lang::En,
                name: "alice".into(),
                game: Some(GameId::Momojan),
                seats: None,
                watchable,
            };
            let started = service.start_practice(&practice).await.unwrap();
            assert_eq!(started.meta.watchable, watchable);
            assert_eq!(service.meta(started.meta.id).await.unwrap().watchable, watchable);
        }
    }
}
