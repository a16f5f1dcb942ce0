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

// ---- the host's computer players ---------------------------------------------------------

mod judge;
mod play;
#[cfg(feature = "test-support")]
pub mod rates;
#[cfg(test)]
mod tests;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::board::Board;
use super::parts::Act;
use super::round::{Player, Round};
use super::table::Table;
use super::view::SeatView;
use super::Mining;
use crate::games::interface::{win_or_pass, AutoSet, AutoSwitch, Budget, Computer, Level};
use crate::games::kit::mahjong::hand::Hand;
use crate::games::kit::mahjong::tile::{Kind, Tile};
use crate::games::kit::mahjong::yaku::RiichiKind;
use rand::seq::{IndexedRandom, SliceRandom};

impl Computer for Mining {
    fn auto_switches() -> &'static [AutoSwitch] {
        &[AutoSwitch::Win, AutoSwitch::NoCalls]
    }

    fn auto_action(view: &SeatView, on: AutoSet) -> Option<Act> {
        let is_win = |a: &Act| matches!(a, Act::Tsumo { .. } | Act::Ron);
        win_or_pass(&view.legal_actions, on, is_win, Act::Pass)
    }

    /// `easy` plays at random but takes a win; `normal` walks the path whose tiles help its
    /// hand most, discards what helps least and places it away from the next player; `hard`
    /// also looks one turn ahead over the tiles its next move could take (`play.rs`). Neither
    /// needs the budget: a decision is a few milliseconds.
    fn decide(
        level: Level,
        view: &SeatView,
        _options: &Options,
        _budget: Budget,
        seed: u64,
    ) -> Option<Act> {
        match level {
            Level::Easy => easy(view, seed),
            Level::Normal => judged(view, false),
            Level::Hard => judged(view, true),
        }
    }

    fn sample(view: &SeatView, seed: u64) -> Option<Table> {
        sample(view, seed)
    }
}

use super::options::Options;

/// A win when there is one, else any part but `Back`, at random.
fn easy(view: &SeatView, seed: u64) -> Option<Act> {
    let legal = &view.legal_actions;
    if let Some(win) = legal
        .iter()
        .find(|a| matches!(a, Act::Tsumo { .. } | Act::Ron))
    {
        return Some(*win);
    }
    let choices: Vec<Act> = legal.iter().copied().filter(|a| *a != Act::Back).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (legal.len() as u64) << 32);
    choices.choose(&mut rng).copied().or(legal.first().copied())
}

/// The `normal` (`hard` false) or `hard` player's part: a win, the dealer's choice after a
/// last-round win, a claim's answer, a kan, else the part [`play::choose`] finds.
fn judged(view: &SeatView, hard: bool) -> Option<Act> {
    let legal = &view.legal_actions;
    let first = *legal.iter().find(|a| **a != Act::Back).or(legal.first())?;
    if let Some(win) = legal
        .iter()
        .find(|a| matches!(a, Act::Tsumo { .. } | Act::Ron))
    {
        return Some(*win);
    }
    if legal.contains(&Act::AgariYame) {
        let me = view.seat.index();
        let top = view.public.points.iter().max().copied().unwrap_or(0);
        return Some(if view.public.points[me] >= top {
            Act::AgariYame
        } else {
            Act::Continue
        });
    }
    if legal.contains(&Act::Pass) {
        return Some(play::answer(view, legal));
    }
    if let Some(kan) = legal
        .iter()
        .find(|a| matches!(a, Act::Ankan { .. } | Act::Kakan { .. }))
    {
        return Some(*kan);
    }
    // The sampled game serves the board's heights and the seat's own legal actions, which the
    // view shows; its hidden tiles are never read.
    let Some(table) = sample(view, 0) else {
        return Some(first);
    };
    let Some(round) = table.game.round() else {
        return Some(first);
    };
    Some(play::choose(view, round, hard).unwrap_or(first))
}

/// A whole game consistent with `view`: the tiles it does not show (other hands, tiles under
/// the tops, the dead wall's hidden part) dealt at random by `seed`. Only on the seat's own
/// turn, and never while a claim window is open (`None` then).
pub fn sample(view: &SeatView, seed: u64) -> Option<Table> {
    let public = &view.public;
    let pr = public.round.as_ref().filter(|r| !r.ended)?;
    let phase = view.phase.clone()?;
    let n = public.n;
    let me = view.seat.index();
    let options = public.options;
    // Every tile the view shows.
    let mut unseen = Tile::full_set(options.aka);
    let mut seen: Vec<Tile> = view.concealed.clone();
    seen.extend(pr.tops.iter().flatten());
    seen.extend(pr.indicators.iter());
    for p in &pr.players {
        for m in &p.melds {
            seen.extend(m.tiles.iter());
        }
    }
    for t in seen {
        if let Some(i) = unseen.iter().position(|x| *x == t) {
            unseen.swap_remove(i);
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    unseen.shuffle(&mut rng);
    let mut deal = move || unseen.pop().unwrap_or(Kind::EAST.tile());
    let columns: Vec<Vec<Tile>> = Cell::all()
        .map(|c| {
            let h = usize::from(pr.height(c));
            let mut col: Vec<Tile> = (1..h).map(|_| deal()).collect();
            col.extend(pr.top(c));
            col
        })
        .collect();
    let players: Vec<Player> = pr
        .players
        .iter()
        .enumerate()
        .map(|(s, p)| {
            let hand = if s == me {
                Hand::from_tiles(&view.concealed)
            } else {
                Hand::from_tiles(&(0..p.concealed).map(|_| deal()).collect::<Vec<_>>())
            };
            Player {
                hand,
                melds: p.melds.clone(),
                discards: p.discards.clone(),
                piece: p.piece,
                riichi: if p.riichi {
                    RiichiKind::Single
                } else {
                    RiichiKind::None
                },
                ippatsu: false,
                obtained: if s == me {
                    view.obtained.clone()
                } else {
                    Vec::new()
                },
                temporary_furiten: s == me && view.furiten,
                riichi_furiten: false,
                discard_actions: p.discards.len() as u32,
            }
        })
        .collect();
    let mut wall: Vec<Tile> = vec![Kind::EAST.tile(); 122];
    for i in 122..136 {
        let revealed = i >= 126 && i <= 126 + pr.kans;
        wall.push(if revealed {
            pr.indicators[i - 126]
        } else {
            deal()
        });
    }
    let round_points = public.points.clone();
    let mut round = Round::new(
        options,
        pr.dealer,
        pr.round_wind,
        pr.honba,
        round_points,
        public.pot,
        wall,
    );
    round.board = Board::from_columns(columns);
    round.players = players;
    round.kans = pr.kans;
    round.turn = pr.turn;
    round.called = pr.players.iter().any(|p| !p.melds.is_empty());
    round.phase = phase;
    let mut game = super::game::Game::new(options, n, public.first_dealer);
    let wind_offset = if pr.round_wind == Kind::EAST { 0 } else { n };
    game.dealership = wind_offset + pr.number - 1;
    game.honba = pr.honba;
    game.points = public.points.clone();
    game.pot = public.pot;
    game.rounds = vec![round];
    Some(Table {
        game,
        pending: view.pending.clone(),
    })
}
