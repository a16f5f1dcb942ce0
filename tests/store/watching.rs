//! Watching a table (issue 39, item 3), on both backends: the server's `spectate_hands` is off
//! until set and is saved; `watch:off` on a challenge, an open table or a practice is kept on
//! the challenge and copied into its match (watching is allowed unless forbidden), and a
//! rematch keeps the players' choice. A watcher gets the last finished round's hands only
//! with `spectate_hands`, only once a round has ended, and never at a match with a computer.

use momojan::games::interface::prelude::*;
use momojan::games::interface::{Budget, Level};
use momojan::games::registry::{GameId, Momojan};
use momojan::i18n::Lang;
use momojan::service::{
    ChallengeAnswer, ChannelId, MatchId, MatchService, Named, NewChallenge, NewPractice, NewTable,
    Occupant, SettingsChange, TableClick, UserId,
};

use momojan::store::Store;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

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
            teach: None,
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
                teach: None,
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

/// Plays match `id` with random legal moves (people through `apply`, a computer through
/// `computer_move`) until its first round has ended.
async fn to_second_round(service: &MatchService, id: MatchId, rng: &mut ChaCha8Rng) {
    for _ in 0..5_000 {
        let loaded = service.load::<Momojan>(id).await.unwrap();
        if Momojan::rounds_played(&loaded.state) >= 1 {
            return;
        }
        let seat = <Momojan as Play>::to_act(&loaded.state).first().unwrap();
        match loaded.meta.user(seat) {
            Some(user) => {
                let legal = <Momojan as Play>::legal_actions(&loaded.state, seat);
                let action = legal[rng.random_range(0..legal.len())];
                service
                    .apply::<Momojan>(id, user, loaded.meta.version, action)
                    .await
                    .unwrap();
            }
            None => {
                service.computer_move::<Momojan>(id).await.unwrap();
            }
        }
    }
    panic!("the first round did not end");
}

on_both! {
    async fn a_watcher_gets_the_last_rounds_hands_only_with_spectate_hands_at_a_match_of_people(db) {
        let service = MatchService::new(db.open().await).with_hard_budget(Budget::samples(4));
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let (id, _) = service
            .create_match_with_seed(&crate::new_match(), [5; 32])
            .await
            .unwrap();
        let on = SettingsChange {
            spectate_hands: Some(true),
            ..SettingsChange::default()
        };
        service.change_settings(GUILD, &on).await.unwrap();
        assert!(
            service.watched::<Momojan>(id).await.unwrap().previous.is_none(),
            "nothing before the first round ends"
        );
        to_second_round(&service, id, &mut rng).await;
        let watched = service.watched::<Momojan>(id).await.unwrap();
        let previous = watched.previous.expect("round 1's hands, one round late");
        assert_eq!(previous.index, 0);
        assert_eq!(
            Momojan::rounds_played(&previous.before_end),
            0,
            "round 1 as it ended, not the round in play"
        );
        assert_eq!(Momojan::rounds_played(&watched.table.loaded.state), 1);
        // Kept once found (a finished round does not change): the same round again.
        let again = service.watched::<Momojan>(id).await.unwrap().previous.unwrap();
        assert_eq!(again.index, 0);
        assert_eq!(
            serde_json::to_value(&again.before_end).unwrap(),
            serde_json::to_value(&previous.before_end).unwrap()
        );

        let off = SettingsChange {
            spectate_hands: Some(false),
            ..SettingsChange::default()
        };
        service.change_settings(GUILD, &off).await.unwrap();
        assert!(service.watched::<Momojan>(id).await.unwrap().previous.is_none());

        // A practice match (a computer's seat): never, even with spectate_hands on.
        service.change_settings(GUILD, &on).await.unwrap();
        let practice = service
            .create_practice(GUILD, ChannelId(60), ALICE, UserId(900), Level::Easy, Lang::En)
            .await
            .unwrap();
        to_second_round(&service, practice.meta.id, &mut rng).await;
        let watched = service.watched::<Momojan>(practice.meta.id).await.unwrap();
        assert!(watched.previous.is_none(), "a computer sits at the table");
    }
}
