//! The easy computer player: a uniformly random legal action from what the seat may do, its
//! discards placed on random legal cells (one on the ground when one is free).

use rand::Rng;

use super::action::Action;
use super::board::Cell;
use super::game::Game;

/// A random legal action of `seat` (which must act now), cells chosen.
pub fn random_action(game: &Game, seat: usize, rng: &mut impl Rng) -> Option<Action> {
    let legal = game.legal_actions(seat);
    if legal.is_empty() {
        return None;
    }
    let action = legal[rng.random_range(0..legal.len())].clone();
    let Some(round) = game.round() else {
        return Some(action);
    };
    let pieces = round.pieces();
    let (cells, ground) = round.board.placements(&pieces);
    let mut pick = |k: usize| -> Vec<Cell> {
        let mut out: Vec<Cell> = Vec::with_capacity(k);
        if !ground.is_empty() {
            out.push(ground[rng.random_range(0..ground.len())]);
        }
        while out.len() < k {
            let c = cells[rng.random_range(0..cells.len())];
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    };
    Some(match action {
        Action::Discard { cards, riichi, .. } => {
            let to = pick(cards.len());
            Action::Discard { cards, to, riichi }
        }
        Action::Warp { cards, .. } => {
            let to = pick(cards.len());
            let free: Vec<Cell> = Cell::all().filter(|c| !pieces.contains(c)).collect();
            let target = Some(free[rng.random_range(0..free.len())]);
            Action::Warp { cards, to, target }
        }
        other => other,
    })
}
