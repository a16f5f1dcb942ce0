//! A player's auto switches as the service keeps them: one switch turned on or off for one
//! player of one match, stored with their seat (a restart keeps it), without a move, a new
//! version or a fresh turn clock when it decides nothing now; refused for a game that has no
//! such switch and for someone not seated.

use momojan::games::interface::seat::Seat;
use momojan::games::interface::AutoSwitch;
use momojan::games::registry::{Momojan, Riichi};
use momojan::games::riichi::options::Options;
use momojan::service::{
    ChannelId, MatchId, MatchService, NewMatch, Occupant, ServiceError, UserId,
};

use super::{new_match, ALICE, BOB, GUILD};

const DAN: UserId = UserId(103);
const EVE: UserId = UserId(104);

fn riichi_match() -> NewMatch<Riichi> {
    let players = [ALICE, BOB, DAN, EVE]
        .into_iter()
        .map(|u| Occupant::player(u, ""))
        .collect();
    NewMatch::<Riichi> {
        guild_id: GUILD,
        channel_id: ChannelId(30),
        players,
        first_dealer: Some(Seat::ZERO),
        options: Options::default(),
        turn_timeout_secs: 180,
        time_bank_secs: 300,
        claim_secs: 30,
        season: 1,
        lang: momojan::i18n::Lang::En,
        afk_computer: false,
        watchable: true,
        teach: false,
    }
}

on_both! {
async fn a_switch_is_kept_with_its_players_seat_across_a_restart_and_moves_nothing(like) {
    let db = like.fresh().await;
    let service = MatchService::new(db.open().await);
    let (id, _) = service
        .create_match_with_seed(&riichi_match(), [3; 32])
        .await
        .unwrap();
    let before = service.meta(id).await.unwrap();
    let seat = before.seat_of(BOB).unwrap();
    let applied = service
        .set_auto_switch::<Riichi>(id, BOB, AutoSwitch::NoCalls, true)
        .await
        .unwrap();
    assert!(applied.moves.is_empty(), "no window is open at the deal");
    assert!(applied.meta.seats[seat].auto.has(AutoSwitch::NoCalls));
    let after = service.meta(id).await.unwrap();
    assert_eq!(after.version, before.version, "no new version");
    assert_eq!(after.turn_deadline, before.turn_deadline, "the turn clock runs on");
    // A restart: a new service on the same database.
    let restarted = MatchService::new(db.open().await);
    let meta = restarted.meta(id).await.unwrap();
    for (s, m) in meta.seats.iter() {
        assert_eq!(
            m.auto.has(AutoSwitch::NoCalls),
            s == seat,
            "only Bob's seat has it (seat {})",
            s.index()
        );
        assert!(!m.auto.has(AutoSwitch::Win));
    }
    // Twice on is on; off is off.
    restarted
        .set_auto_switch::<Riichi>(id, BOB, AutoSwitch::NoCalls, true)
        .await
        .unwrap();
    restarted
        .set_auto_switch::<Riichi>(id, BOB, AutoSwitch::NoCalls, false)
        .await
        .unwrap();
    assert!(restarted.meta(id).await.unwrap().seats[seat].auto.is_empty());
}
}

on_both! {
async fn a_switch_the_game_does_not_have_or_a_player_not_seated_is_refused(like) {
    let db = like.fresh().await;
    let service = MatchService::new(db.open().await);
    let (momojan, _) = service.create_match(&new_match()).await.unwrap();
    let refused = service
        .set_auto_switch::<Momojan>(momojan, ALICE, AutoSwitch::Win, true)
        .await;
    assert!(matches!(refused, Err(ServiceError::UnknownAction)), "{refused:?}");
    let (riichi, _) = service.create_match(&riichi_match()).await.unwrap();
    let stranger = service
        .set_auto_switch::<Riichi>(riichi, UserId(999), AutoSwitch::Win, true)
        .await;
    assert!(matches!(stranger, Err(ServiceError::NotSeated)), "{stranger:?}");
    let missing = service
        .set_auto_switch::<Riichi>(MatchId(77), ALICE, AutoSwitch::Win, true)
        .await;
    assert!(matches!(missing, Err(ServiceError::NotFound(_))), "{missing:?}");
    for (_, m) in service.meta(riichi).await.unwrap().seats.iter() {
        assert!(m.auto.is_empty());
    }
}
}
