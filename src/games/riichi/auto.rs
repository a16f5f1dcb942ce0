//! The player's auto switches in riichi: auto-win takes a legal ron or tsumo at once; no calls
//! passes a claim window in which the player could only chi, pon or kan. Neither ever passes a
//! ron, and neither plays a discard: in riichi the tile drawn is discarded at once already when
//! that is the only legal move (`Rules::forced_action`), and a tsumo or a closed kan offered in
//! riichi stays the player's choice unless auto-win takes the tsumo.

use super::action::Action;
use crate::games::auto::{win_or_pass, AutoSet, AutoSwitch};

/// Riichi's switches, as the hand shows them.
pub const SWITCHES: [AutoSwitch; 2] = [AutoSwitch::Win, AutoSwitch::NoCalls];

/// What the switches `on` take for a seat whose legal actions are `legal`, `None` when the
/// player decides. A pass is legal only in a claim window (§5).
pub fn auto_action(legal: &[Action], on: AutoSet) -> Option<Action> {
    let is_win = |a: &Action| matches!(a, Action::Ron | Action::Tsumo);
    win_or_pass(legal, on, is_win, Action::Pass)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::riichi::tile::Tile;

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
        assert_eq!(auto_action(&pon_window(), AutoSet::NONE), None);
        assert_eq!(
            auto_action(&[Action::Ron, Action::Pass], AutoSet::NONE),
            None
        );
        assert_eq!(auto_action(&riichi_draw_with_tsumo(), AutoSet::NONE), None);
    }

    #[test]
    fn auto_win_takes_a_legal_ron_or_tsumo_at_once() {
        let win = on(&[AutoSwitch::Win]);
        let mut ron_or_pon = pon_window();
        ron_or_pon.insert(0, Action::Ron);
        assert_eq!(auto_action(&ron_or_pon, win), Some(Action::Ron));
        assert_eq!(
            auto_action(&riichi_draw_with_tsumo(), win),
            Some(Action::Tsumo)
        );
    }

    #[test]
    fn auto_win_alone_leaves_calls_and_discards_to_the_player() {
        let win = on(&[AutoSwitch::Win]);
        assert_eq!(auto_action(&pon_window(), win), None);
        let discards = [Action::discard(tile("1m")), Action::discard(tile("9m"))];
        assert_eq!(auto_action(&discards, win), None);
    }

    #[test]
    fn no_calls_passes_a_window_of_chi_pon_and_kan() {
        let no_calls = on(&[AutoSwitch::NoCalls]);
        assert_eq!(auto_action(&pon_window(), no_calls), Some(Action::Pass));
        let chi = [Action::chi(tile("3m"), tile("4m")), Action::Pass];
        assert_eq!(auto_action(&chi, no_calls), Some(Action::Pass));
    }

    #[test]
    fn no_calls_never_passes_a_ron() {
        let no_calls = on(&[AutoSwitch::NoCalls]);
        let mut ron_or_pon = pon_window();
        ron_or_pon.insert(0, Action::Ron);
        assert_eq!(auto_action(&ron_or_pon, no_calls), None);
        assert_eq!(auto_action(&[Action::Ron, Action::Pass], no_calls), None);
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
        assert_eq!(auto_action(&kan_in_riichi, no_calls), None);
        assert_eq!(auto_action(&riichi_draw_with_tsumo(), no_calls), None);
    }

    #[test]
    fn with_both_switches_a_win_comes_before_a_pass() {
        let both = on(&SWITCHES);
        let mut ron_or_pon = pon_window();
        ron_or_pon.push(Action::Ron);
        assert_eq!(auto_action(&ron_or_pon, both), Some(Action::Ron));
        assert_eq!(auto_action(&pon_window(), both), Some(Action::Pass));
    }
}
