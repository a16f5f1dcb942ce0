//! What a hand's choices make, worked out from one seat's view so the hand can say it before
//! the player commits: the waits a hand has (or will have after a discard), how many of each
//! are still unseen, whether the player would be furiten on them (§6), and whether a win on
//! each has a yaku at this round's minimum (§6 condition 2; a closed hand not in riichi still
//! wins by tsumo). Only what the seat may see is used: the ippatsu, first-draw and last-tile
//! yaku of a future win are left out, so "no yaku" means no yaku from the hand itself.

use super::round::SEATS;
use super::view::{PublicRound, SeatView};
use crate::games::kit::mahjong::hand::{Hand, Meld};
use crate::games::kit::mahjong::score::{wins, WinningHand};
use crate::games::kit::mahjong::tile::{Kind, Tile, KINDS};
use crate::games::kit::mahjong::waits::waits;
use crate::games::kit::mahjong::yaku::{RiichiKind, Situation, WinBy};

/// How a wait can win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Yaku {
    /// By ron and by tsumo.
    Any,
    /// Only by tsumo (a closed hand whose only yaku would be menzen tsumo).
    TsumoOnly,
    /// Not at all: the hand has no yaku on it.
    None,
}

/// One wait of a tenpai hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wait {
    pub kind: Kind,
    /// Copies neither in the seat's hand nor anywhere on the table.
    pub unseen: u8,
    pub yaku: Yaku,
}

/// A tenpai hand's waits, and whether its own discards make it furiten.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tenpai {
    pub waits: Vec<Wait>,
    /// A wait is among the seat's discards (after this one, for a discard not yet made).
    pub furiten: bool,
}

/// The waits of the seat's 13 tiles now (empty when not tenpai or holding 14).
pub fn tenpai_now(view: &SeatView) -> Option<Tenpai> {
    let round = view.public.round.as_ref()?;
    if view.concealed.len() % 3 != 1 {
        return None;
    }
    let hand = Hand::from_tiles(&view.concealed);
    let riichi = round.players[view.seat].riichi;
    let tenpai = tenpai_of(view, round, &hand, riichi, None)?;
    Some(Tenpai {
        furiten: tenpai.furiten || view.furiten,
        ..tenpai
    })
}

/// The waits the seat's hand keeps after discarding `tile` (with riichi declared if
/// `riichi`), `None` when it is not tenpai then.
pub fn tenpai_after(view: &SeatView, tile: Tile, riichi: bool) -> Option<Tenpai> {
    let round = view.public.round.as_ref()?;
    let mut hand = Hand::from_tiles(&view.concealed);
    if !hand.remove(tile) {
        return None;
    }
    let declared = match (riichi, round.players[view.seat].riichi) {
        (true, RiichiKind::None) => RiichiKind::Single,
        (_, kind) => kind,
    };
    tenpai_of(view, round, &hand, declared, Some(tile))
}

fn tenpai_of(
    view: &SeatView,
    round: &PublicRound,
    hand: &Hand,
    riichi: RiichiKind,
    discarding: Option<Tile>,
) -> Option<Tenpai> {
    let melds = &round.players[view.seat].melds;
    let kinds: Vec<Kind> = waits(hand.counts(), melds).iter().collect();
    if kinds.is_empty() {
        return None;
    }
    let seen = seen(round);
    let own: Vec<Kind> = round.players[view.seat]
        .pond
        .iter()
        .map(|d| d.tile.kind())
        .chain(discarding.map(Tile::kind))
        .collect();
    let waits = kinds
        .iter()
        .map(|&kind| Wait {
            kind,
            unseen: 4u8.saturating_sub(seen[kind.index()] + hand.count(kind)),
            yaku: yaku_on(view, round, hand, melds, riichi, kind),
        })
        .collect();
    Some(Tenpai {
        waits,
        furiten: kinds.iter().any(|k| own.contains(k)),
    })
}

/// Every tile the seat sees outside its concealed hand: every pond (a claimed discard counts
/// in its caller's call), every call and the dora indicators.
fn seen(round: &PublicRound) -> [u8; KINDS] {
    let mut seen = [0u8; KINDS];
    let mut add = |t: Tile| seen[t.kind().index()] += 1;
    for p in round.players.values() {
        p.pond
            .iter()
            .filter(|d| !d.claimed)
            .for_each(|d| add(d.tile));
        p.melds.iter().flat_map(|m| &m.tiles).for_each(|&t| add(t));
    }
    round.dora_indicators.iter().for_each(|&t| add(t));
    seen
}

/// Whether a win on `kind` has a yaku at the round's minimum, by ron and by tsumo.
fn yaku_on(
    view: &SeatView,
    round: &PublicRound,
    hand: &Hand,
    melds: &[Meld],
    riichi: RiichiKind,
    kind: Kind,
) -> Yaku {
    let mut concealed = hand.clone();
    concealed.add(kind.tile());
    let winning = WinningHand {
        concealed: &concealed,
        melds,
        won: kind.tile(),
    };
    let situation = |by| situation(view, round, riichi, by);
    let minimum = round.minimum_han;
    if wins(winning, &situation(WinBy::Ron), minimum) {
        Yaku::Any
    } else if wins(winning, &situation(WinBy::Tsumo), minimum) {
        Yaku::TsumoOnly
    } else {
        Yaku::None
    }
}

/// What the seat's view tells of a win by `by`: the winds, its riichi, the dealer, kuitan.
fn situation(view: &SeatView, round: &PublicRound, riichi: RiichiKind, by: WinBy) -> Situation {
    let wind = |n: u8| Kind::new(Kind::EAST.index() as u8 + n % 4).unwrap_or(Kind::EAST);
    Situation {
        by,
        seat_wind: wind(round.dealer.distance_to(view.seat, SEATS)),
        round_wind: wind(round.dealership / 4),
        riichi,
        ippatsu: false,
        haitei: false,
        houtei: false,
        rinshan: false,
        first_draw: false,
        dealer: view.seat == round.dealer,
        kuitan: view.public.options.kuitan,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::deal::DeckSeed;
    use crate::games::interface::seat::Seat;
    use crate::games::kit::mahjong::tile::parse_tiles;
    use crate::games::riichi::action::Action;
    use crate::games::riichi::game::Game;
    use crate::games::riichi::options::Options;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    /// Seat 0's view of a first turn whose dealt hand is `concealed` (14 tiles).
    fn view_with(concealed: &str) -> SeatView {
        let seed: DeckSeed = [7; 32];
        let (game, _) = <crate::games::riichi::Riichi as crate::games::interface::Play>::start(
            &seed,
            SEATS,
            Seat::ZERO,
            Options::default(),
        );
        let mut view: SeatView = Game::seat_view(&game, Seat::ZERO);
        view.concealed = parse_tiles(concealed).unwrap();
        view.concealed.sort();
        let round = view.public.round.as_mut().unwrap();
        for seat in SEATS.seats() {
            round.players[seat].pond.clear();
            round.players[seat].melds.clear();
        }
        round.dora_indicators = vec![t("4m")];
        view.legal_actions = vec![Action::discard(t("9m"))];
        view
    }

    #[test]
    fn a_discard_names_the_waits_it_leaves_with_the_copies_still_unseen() {
        let view = view_with("23m567m999p11s234s9m");
        let tenpai = tenpai_after(&view, t("9m"), false).expect("tenpai on 1m 4m");
        let kinds: Vec<String> = tenpai.waits.iter().map(|w| w.kind.to_string()).collect();
        assert_eq!(kinds, ["1m", "4m"]);
        // 1m: all four unseen; 4m: one is the dora indicator.
        let unseen: Vec<u8> = tenpai.waits.iter().map(|w| w.unseen).collect();
        assert_eq!(unseen, [4, 3]);
        assert!(!tenpai.furiten);
        assert!(tenpai_after(&view, t("2m"), false).is_none(), "not tenpai");
    }

    #[test]
    fn a_wait_among_the_players_own_discards_is_furiten_after_the_discard() {
        let view = view_with("23m567m999p11s234s1m");
        let tenpai = tenpai_after(&view, t("1m"), false).expect("tenpai");
        assert!(tenpai.furiten, "discarding 1m, a wait, is furiten");
    }

    #[test]
    fn a_closed_hand_without_yaku_wins_only_by_tsumo_and_riichi_gives_it_one() {
        // A triplet (no pinfu) and terminals (no all simples): menzen tsumo only.
        let view = view_with("23m567m999p11s234s9m");
        let dama = tenpai_after(&view, t("9m"), false).unwrap();
        assert!(dama.waits.iter().all(|w| w.yaku == Yaku::TsumoOnly));
        let riichi = tenpai_after(&view, t("9m"), true).unwrap();
        assert!(riichi.waits.iter().all(|w| w.yaku == Yaku::Any));
        // All simples on 4m, not on 1m.
        let view = view_with("23m567m666p22s234s9m");
        let dama = tenpai_after(&view, t("9m"), false).unwrap();
        let yaku: Vec<(String, Yaku)> = dama
            .waits
            .iter()
            .map(|w| (w.kind.to_string(), w.yaku))
            .collect();
        assert_eq!(
            yaku,
            [
                ("1m".to_string(), Yaku::TsumoOnly),
                ("4m".to_string(), Yaku::Any)
            ]
        );
    }
}
