//! The computer player of shogi mahjong, deciding from one seat's view only: it wins when it
//! can, declines claims that do not complete a group toward a win, and discards the piece whose
//! removal keeps the most ways to win (waits, then pairs and groups kept), declaring riichi when
//! it may.

use super::action::Action;
use super::group::waits;
use super::piece::{Counts, Kind};
use super::view::SeatView;
use crate::games::interface::Level;

/// The action of the seat `view` belongs to; `None` when it has none.
pub fn decide(level: Level, view: &SeatView) -> Option<Action> {
    let legal = &view.legal_actions;
    let first = *legal.first()?;
    for win in [Action::Tsumo, Action::Ron] {
        if legal.contains(&win) {
            return Some(win);
        }
    }
    if legal.contains(&Action::Draw) {
        return Some(Action::Draw);
    }
    let discards: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Discard { .. }))
        .collect();
    if discards.is_empty() {
        return Some(first);
    }
    let hand = Counts::of(&view.concealed);
    let best = discards
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Discard { riichi: false, .. }))
        .max_by_key(|a| keep_value(&hand, *a))
        .unwrap_or(first);
    // Riichi on the same discard when it may (not at `easy`).
    let riichi = Action::Discard {
        card: discard_card(best),
        riichi: true,
    };
    if level != Level::Easy && legal.contains(&riichi) {
        return Some(riichi);
    }
    Some(best)
}

fn discard_card(action: Action) -> Kind {
    match action {
        Action::Discard { card, .. } => card,
        _ => Kind::Fu,
    }
}

/// How good the hand is after a discard: its waits first, then pairs and triplets kept.
fn keep_value(hand: &Counts, action: Action) -> (usize, u32, u8) {
    let mut after = *hand;
    after.remove(discard_card(action));
    let waits = waits(&after, &[]).len();
    let shape: u32 = Kind::ALL
        .iter()
        .map(|&k| match after.get(k) {
            0 | 1 => 0,
            2 => 2,
            _ => 3,
        })
        .sum();
    // Prefer keeping dragons and pawns (they make sets), so throw winds first.
    let keep_kind = match discard_card(action) {
        k if k.is_wind() => 2,
        Kind::Fu => 1,
        _ => 0,
    };
    (waits, shape, keep_kind)
}
