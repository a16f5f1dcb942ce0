//! The player's auto switches in riichi: auto-win takes a legal ron or tsumo at once; no calls
//! passes a claim window in which the player could only chi, pon or kan; auto-discard in riichi
//! discards the tile drawn when the draw also offers a closed kan. None ever passes a win. A
//! plain draw in riichi needs no switch: the tile drawn is then the only legal move, which the
//! engine plays for everyone (`Play::forced_action`). `Computer::auto_action` (`computer.rs`)
//! applies the switches to a seat's view.

use super::action::Action;
use crate::games::interface::{win_or_pass, AutoSet, AutoSwitch};
use crate::games::kit::mahjong::tile::Tile;

/// Riichi's switches, as the hand shows them.
pub const SWITCHES: [AutoSwitch; 3] = [
    AutoSwitch::Win,
    AutoSwitch::NoCalls,
    AutoSwitch::RiichiDiscard,
];

/// What the switches `on` take for a seat whose legal actions are `legal`, `None` when the
/// player decides. A pass is legal only in a claim window (§5). `drawn_in_riichi` is the tile
/// the seat drew while in riichi (§4: then its only discard).
pub fn auto_action(legal: &[Action], on: AutoSet, drawn_in_riichi: Option<Tile>) -> Option<Action> {
    let is_win = |a: &Action| matches!(a, Action::Ron | Action::Tsumo);
    if let Some(taken) = win_or_pass(legal, on, is_win, Action::Pass) {
        return Some(taken);
    }
    let drawn = drawn_in_riichi.filter(|_| on.has(AutoSwitch::RiichiDiscard))?;
    let discard = Action::Discard {
        card: drawn,
        riichi: false,
    };
    (!legal.iter().any(is_win) && legal.contains(&discard)).then_some(discard)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(code: &str) -> Tile {
        code.parse().expect("a tile")
    }

    fn on(switches: &[AutoSwitch]) -> AutoSet {
        switches
            .iter()
            .fold(AutoSet::NONE, |set, s| set.with(*s, true))
    }

    fn pon_window() -> Vec<Action> {
        vec![
            Action::pon(tile("5p"), tile("5p")),
            Action::Daiminkan {
                card: tile("5p").kind(),
            },
            Action::Pass,
        ]
    }

    fn riichi_draw_with_tsumo() -> Vec<Action> {
        vec![
            Action::Tsumo,
            Action::Discard {
                card: tile("7s"),
                riichi: false,
            },
        ]
    }

    #[test]
    fn with_every_switch_off_the_player_decides_everything() {
        assert_eq!(auto_action(&pon_window(), AutoSet::NONE, None), None);
        assert_eq!(
            auto_action(&[Action::Ron, Action::Pass], AutoSet::NONE, None),
            None
        );
        assert_eq!(
            auto_action(&riichi_draw_with_tsumo(), AutoSet::NONE, None),
            None
        );
    }

    #[test]
    fn auto_win_takes_a_legal_ron_or_tsumo_at_once() {
        let win = on(&[AutoSwitch::Win]);
        let mut ron_or_pon = pon_window();
        ron_or_pon.insert(0, Action::Ron);
        assert_eq!(auto_action(&ron_or_pon, win, None), Some(Action::Ron));
        assert_eq!(
            auto_action(&riichi_draw_with_tsumo(), win, None),
            Some(Action::Tsumo)
        );
    }

    #[test]
    fn auto_win_alone_leaves_calls_and_discards_to_the_player() {
        let win = on(&[AutoSwitch::Win]);
        assert_eq!(auto_action(&pon_window(), win, None), None);
        let discards = [Action::discard(tile("1m")), Action::discard(tile("9m"))];
        assert_eq!(auto_action(&discards, win, None), None);
    }

    #[test]
    fn no_calls_passes_a_window_of_chi_pon_and_kan() {
        let no_calls = on(&[AutoSwitch::NoCalls]);
        assert_eq!(
            auto_action(&pon_window(), no_calls, None),
            Some(Action::Pass)
        );
        let chi = [Action::chi(tile("3m"), tile("4m")), Action::Pass];
        assert_eq!(auto_action(&chi, no_calls, None), Some(Action::Pass));
    }

    #[test]
    fn no_calls_never_passes_a_ron() {
        let no_calls = on(&[AutoSwitch::NoCalls]);
        let mut ron_or_pon = pon_window();
        ron_or_pon.insert(0, Action::Ron);
        assert_eq!(auto_action(&ron_or_pon, no_calls, None), None);
        assert_eq!(
            auto_action(&[Action::Ron, Action::Pass], no_calls, None),
            None
        );
    }

    #[test]
    fn no_calls_leaves_the_players_own_turn_alone() {
        let no_calls = on(&[AutoSwitch::NoCalls]);
        let kan_in_riichi = [
            Action::Ankan {
                card: tile("7s").kind(),
            },
            Action::discard(tile("7s")),
        ];
        assert_eq!(auto_action(&kan_in_riichi, no_calls, None), None);
        assert_eq!(auto_action(&riichi_draw_with_tsumo(), no_calls, None), None);
    }

    #[test]
    fn with_both_switches_a_win_comes_before_a_pass() {
        let both = on(&SWITCHES);
        let mut ron_or_pon = pon_window();
        ron_or_pon.push(Action::Ron);
        assert_eq!(auto_action(&ron_or_pon, both, None), Some(Action::Ron));
        assert_eq!(auto_action(&pon_window(), both, None), Some(Action::Pass));
    }

    #[test]
    fn auto_discard_in_riichi_discards_a_draw_that_offers_a_closed_kan() {
        let discard = on(&[AutoSwitch::RiichiDiscard]);
        let kan_in_riichi = [
            Action::Ankan {
                card: tile("7s").kind(),
            },
            Action::discard(tile("7s")),
        ];
        let drawn = Some(tile("7s"));
        assert_eq!(
            auto_action(&kan_in_riichi, discard, drawn),
            Some(Action::discard(tile("7s")))
        );
        assert_eq!(
            auto_action(&kan_in_riichi, discard, None),
            None,
            "not in riichi"
        );
        assert_eq!(
            auto_action(&kan_in_riichi, AutoSet::NONE, drawn),
            None,
            "switched off"
        );
    }

    #[test]
    fn auto_discard_in_riichi_never_discards_a_winning_draw() {
        let discard = on(&[AutoSwitch::RiichiDiscard]);
        let drawn = Some(tile("7s"));
        assert_eq!(auto_action(&riichi_draw_with_tsumo(), discard, drawn), None);
        let both = on(&[AutoSwitch::RiichiDiscard, AutoSwitch::Win]);
        assert_eq!(
            auto_action(&riichi_draw_with_tsumo(), both, drawn),
            Some(Action::Tsumo)
        );
    }
}
