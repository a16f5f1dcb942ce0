//! The easy computer player, from what its seat sees (its hand, the board, the pieces): a win
//! when offered, kans and calls now and then, the path that takes the most tiles, and the
//! discard that leaves the hand closest to tenpai; its discards placed on random legal cells
//! (one on the ground when one is free). `random_action` picks uniformly instead.

use rand::Rng;

use super::action::Action;
use super::board::Cell;
use super::game::Game;
use crate::games::kit::mahjong::shanten::shanten;

/// A uniformly random legal action of `seat` (which must act now), cells chosen.
pub fn random_action(game: &Game, seat: usize, rng: &mut impl Rng) -> Option<Action> {
    let legal = game.legal_actions(seat);
    let action = legal.get(rng.random_range(0..legal.len().max(1)))?.clone();
    Some(with_cells(game, action, rng))
}

/// The easy computer's action for `seat` (which must act now), cells chosen.
pub fn easy_action(game: &Game, seat: usize, rng: &mut impl Rng) -> Option<Action> {
    let legal = game.legal_actions(seat);
    let first = legal.first()?.clone();
    let pick = |pred: &dyn Fn(&Action) -> bool| legal.iter().find(|a| pred(a)).cloned();
    let chosen = if let Some(win) = pick(&|a| matches!(a, Action::Tsumo { .. } | Action::Ron)) {
        win
    } else if let (true, Some(call)) = (
        rng.random_bool(0.5),
        pick(&|a| {
            matches!(
                a,
                Action::Chi { .. }
                    | Action::Pon { .. }
                    | Action::Daiminkan { .. }
                    | Action::Ankan { .. }
                    | Action::Kakan { .. }
            )
        }),
    ) {
        call
    } else if let (true, Some(warp)) = (
        rng.random_bool(0.3),
        pick(&|a| matches!(a, Action::Warp { .. })),
    ) {
        warp
    } else if legal.iter().any(|a| matches!(a, Action::Move { .. })) {
        let early = pick(&|a| matches!(a, Action::Discard { .. }));
        match early {
            Some(d) if rng.random_bool(0.2) => d,
            _ => best_path(game, seat, &legal, rng),
        }
    } else if legal.iter().any(|a| matches!(a, Action::Discard { .. })) {
        best_discard(game, seat, &legal, rng)
    } else {
        pick(&|a| *a == Action::Pass).unwrap_or(first)
    };
    Some(with_cells(game, chosen, rng))
}

/// The path that takes the most tiles, a random one among the best.
fn best_path(game: &Game, seat: usize, legal: &[Action], rng: &mut impl Rng) -> Action {
    let moves = game.round().map(|r| r.paths(seat)).unwrap_or_default();
    let best = moves.iter().map(|(_, s)| *s).max().unwrap_or(0);
    let top: Vec<&Action> = moves
        .iter()
        .filter(|(_, s)| *s == best)
        .map(|(a, _)| a)
        .collect();
    match top.len() {
        0 => legal[0].clone(),
        k => top[rng.random_range(0..k)].clone(),
    }
}

/// The discard (riichi when offered) leaving the lowest shanten, a random one among the best.
fn best_discard(game: &Game, seat: usize, legal: &[Action], rng: &mut impl Rng) -> Action {
    let Some(round) = game.round() else {
        return legal[0].clone();
    };
    let p = &round.players[seat];
    let left = |a: &Action| -> i32 {
        let Action::Discard { cards, riichi, .. } = a else {
            return i32::MAX;
        };
        let mut hand = p.hand.clone();
        for t in cards {
            hand.remove(*t);
        }
        2 * i32::from(shanten(hand.counts(), p.melds.len())) - i32::from(*riichi)
    };
    let options: Vec<(i32, &Action)> = legal
        .iter()
        .filter(|a| matches!(a, Action::Discard { .. }))
        .map(|a| (left(a), a))
        .collect();
    let best = options.iter().map(|(s, _)| *s).min().unwrap_or(0);
    let top: Vec<&Action> = options
        .iter()
        .filter(|(s, _)| *s == best)
        .map(|(_, a)| *a)
        .collect();
    top[rng.random_range(0..top.len())].clone()
}

/// Random legal cells for a discard or warp (and a free target for a warp).
fn with_cells(game: &Game, action: Action, rng: &mut impl Rng) -> Action {
    let Some(round) = game.round() else {
        return action;
    };
    let pieces = round.pieces();
    let (cells, ground) = round.board.placements(&pieces);
    let mut pick = |k: usize| -> Vec<Cell> {
        let mut out: Vec<Cell> = Vec::with_capacity(k);
        if !ground.is_empty() {
            out.push(ground[rng.random_range(0..ground.len())]);
        }
        while out.len() < k.min(cells.len()) {
            let c = cells[rng.random_range(0..cells.len())];
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    };
    match action {
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
    }
}
