use super::*;
use crate::games::interface::deal::DeckSeed;
use crate::games::interface::seat::SeatCount;
use crate::games::interface::testing::{assert_reason_is_public, each_discard, views};
use crate::games::interface::Say;
use crate::games::interface::{Play, Teach};
use crate::games::kit::mahjong::names::piece;
use crate::games::kit::mahjong::tile::parse_tiles;
use crate::games::riichi::game::Game;
use crate::games::riichi::round::{Discarded, SEATS};

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

/// Seat 0's view of a first turn whose hand is `concealed` (14 tiles), an empty table but the
/// dora indicator 4m, and every discard of the hand legal.
fn view_with(concealed: &str) -> SeatView {
    let seed: DeckSeed = [7; 32];
    let (game, _) = Riichi::start(
        &seed,
        SEATS,
        crate::games::interface::seat::Seat::ZERO,
        Options::default(),
    );
    let mut view: SeatView = Game::seat_view(&game, crate::games::interface::seat::Seat::ZERO);
    view.concealed = parse_tiles(concealed).unwrap();
    view.concealed.sort();
    let round = view.public.round.as_mut().unwrap();
    for seat in SEATS.seats() {
        round.players[seat].pond.clear();
        round.players[seat].melds.clear();
        round.players[seat].riichi = RiichiKind::None;
    }
    round.dora_indicators = vec![t("4m")];
    view.legal_actions = each_discard(&view.concealed, Action::discard);
    view
}

fn arg<'a>(w: &'a Words, name: &str) -> &'a Say {
    &w.args.iter().find(|(n, _)| *n == name).unwrap().1
}

#[test]
fn every_discard_says_the_shanten_it_leaves_and_the_improving_tiles_with_their_unseen_copies() {
    let view = view_with("23m567m999p11s234s9m");
    let hints = Riichi::hints(&view, &Options::default());
    assert_eq!(hints.len(), view.legal_actions.len(), "one hint per choice");
    assert!(hints
        .iter()
        .zip(&view.legal_actions)
        .all(|((a, _), l)| a == l));
    let (_, nine) = hints
        .iter()
        .find(|(a, _)| *a == Action::discard(t("9m")))
        .unwrap();
    assert_eq!(nine.key, "riichi-teach-discard-ready");
    assert_eq!(arg(nine, "tiles"), &Say::Text("14m".into()));
    // 1m: four unseen; 4m: one is the dora indicator.
    assert_eq!(arg(nine, "unseen"), &Say::Num(7));
    let (_, two) = hints
        .iter()
        .find(|(a, _)| *a == Action::discard(t("2m")))
        .unwrap();
    assert_eq!(two.key, "riichi-teach-discard");
    assert_eq!(
        arg(two, "distance"),
        &Say::Words(Box::new(Words::with(
            "riichi-teach-shanten",
            vec![("n", Say::Num(1))]
        )))
    );
}

#[test]
fn the_unseen_count_leaves_out_the_copies_in_the_ponds() {
    let mut view = view_with("23m567m999p11s234s9m");
    let round = view.public.round.as_mut().unwrap();
    for tile in ["1m", "1m"] {
        round.players[crate::games::interface::seat::Seat::TWO]
            .pond
            .push(Discarded {
                tile: t(tile),
                riichi: false,
                claimed: false,
                tsumogiri: false,
            });
    }
    let hints = Riichi::hints(&view, &Options::default());
    let (_, nine) = hints
        .iter()
        .find(|(a, _)| *a == Action::discard(t("9m")))
        .unwrap();
    assert_eq!(arg(nine, "unseen"), &Say::Num(5));
}

#[test]
fn the_best_discard_is_called_efficient_and_a_tile_in_a_riichi_pond_safe() {
    let view = view_with("23m567m999p11s234s9m");
    let why = Riichi::reason(&view, &Options::default(), Action::discard(t("9m")));
    assert_eq!(why.key, "riichi-reason-efficient");
    let why = Riichi::reason(&view, &Options::default(), Action::discard(t("2m")));
    assert_eq!(why.key, "riichi-reason-other");

    let mut view = view;
    let threat = crate::games::interface::seat::Seat::ONE;
    let round = view.public.round.as_mut().unwrap();
    round.players[threat].riichi = RiichiKind::Single;
    round.players[threat].pond.push(Discarded {
        tile: t("2m"),
        riichi: true,
        claimed: false,
        tsumogiri: false,
    });
    let why = Riichi::reason(&view, &Options::default(), Action::discard(t("2m")));
    assert_eq!(why.key, "riichi-reason-safe");
    assert_eq!(arg(&why, "player"), &Say::Player(threat));
    let why = Riichi::reason(&view, &Options::default(), Action::discard(t("5m")));
    assert_eq!(why.key, "riichi-reason-defend");
}

#[test]
fn a_reason_names_only_the_tile_played_or_taken_and_never_a_count() {
    let mut checked = 0;
    for seed in 1..3 {
        for (view, action) in views::<Riichi>(seed, SeatCount::FOUR, 400) {
            let why = Riichi::reason(&view, &Options::default(), action);
            let played = match action {
                Action::Discard { card, .. } => Some(card),
                Action::Ankan { card } | Action::Kakan { card } => Some(card.tile()),
                _ => None,
            };
            let claimed = view.public.round.as_ref().and_then(|r| r.claimable);
            assert_reason_is_public(&action, &why, played.or(claimed).map(piece));
            let hints = Riichi::hints(&view, &Options::default());
            assert_eq!(hints.len(), view.legal_actions.len());
            checked += 1;
        }
    }
    assert!(checked > 200, "{checked}");
}
