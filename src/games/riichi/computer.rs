//! A simple computer player from one seat's view: win when it can, declare nine terminals,
//! end the game when first after a last-round win, otherwise pass on claims and discard the
//! tile that leaves the lowest shanten, declaring riichi when it can.

use super::action::Action;
use super::hand::Hand;
use super::shanten::shanten;
use super::tile::Tile;
use super::view::SeatView;

/// The computer's choice; `None` when the seat has no legal action.
pub fn decide(view: &SeatView) -> Option<Action> {
    let legal = &view.legal_actions;
    let first = *legal.first()?;
    for wanted in [Action::Tsumo, Action::Ron, Action::Kyuushu] {
        if legal.contains(&wanted) {
            return Some(wanted);
        }
    }
    if legal.contains(&Action::AgariYame) {
        let mine = view.public.points[view.seat];
        let top = view.public.points.values().all(|&p| p <= mine);
        return Some(if top {
            Action::AgariYame
        } else {
            Action::Continue
        });
    }
    if legal.contains(&Action::Pass) {
        return Some(Action::Pass);
    }
    best_discard(view, legal).or(Some(first))
}

/// The discard leaving the lowest shanten (riichi preferred on a tie, then the tile least
/// likely to help: honors and terminals first).
fn best_discard(view: &SeatView, legal: &[Action]) -> Option<Action> {
    let hand = Hand::from_tiles(&view.concealed);
    let melds = view
        .public
        .round
        .as_ref()
        .map_or(0, |r| r.players[view.seat].melds.len());
    legal
        .iter()
        .filter_map(|&a| match a {
            Action::Discard { card, riichi } => {
                let mut after = hand.clone();
                after.remove(card);
                let s = shanten(after.counts(), melds);
                Some(((s, !riichi, usefulness(card)), a))
            }
            _ => None,
        })
        .min_by_key(|(key, _)| *key)
        .map(|(_, a)| a)
}

/// Lower for tiles that join fewer shapes: honors, then terminals, then the rest.
fn usefulness(tile: Tile) -> u8 {
    let k = tile.kind();
    if k.is_honor() {
        0
    } else if k.is_terminal() {
        1
    } else {
        2 + u8::from(tile.is_red())
    }
}
