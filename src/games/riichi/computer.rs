//! The computer players of riichi, deciding from one seat's view only (a [`SeatView`] has no
//! field for another seat's concealed tiles, the wall or the ura indicators).
//!
//! Every level wins when it can (the legal actions list a win only with a yaku and no
//! furiten), and ends the game after a last-round win when first.
//! - **easy** discards the tile that leaves the lowest shanten (honors and terminals first),
//!   riichis whenever it may, declares nine terminals, and never calls, makes a kan or defends.
//! - **normal** plays efficiently: the discard with the lowest shanten and then the most
//!   accepted tiles (the unseen copies of every kind that lowers it), keeping dora; riichis
//!   when tenpai with a wait left; pons value honors and calls toward a yaku it can still make
//!   (a value triplet, tanyao, honitsu) when the call brings the hand closer; makes a kan that
//!   costs no shanten; and against a riichi folds a hand two or more tiles from tenpai (and a
//!   one-away hand whose best discard is dangerous) by discarding its safest tile: the riichi
//!   player's own discards, honors by the copies seen, suji, terminals.
//! - **hard** calls, makes kans and declares riichi as `normal` does, and discards by its own
//!   reading when no riichi is declared against it: an open hand first keeps to the discards
//!   nearest a hand with a yaku of its own (its shanten toward tanyao or honitsu, the tiles
//!   off them counted as tiles to replace, unless a value call or pair is its yaku), so it
//!   does not wait without one; at tenpai it keeps the wait with the most expected points
//!   (the chance to win from the unseen copies, times the mean points of a ron, with riichi
//!   when closed); one or two tiles from tenpai it reads two steps ahead among the four most
//!   efficient discards (each tile that brings the hand closer, weighted by the tiles the best
//!   discard then accepts), giving up a dora or one of a value pair only for a clearly better
//!   shape; farther away it plays as `normal`. Against a riichi it reads the danger of each
//!   tile from sampled games ([`super::sample`]: the riichi player dealt a tenpai hand from
//!   the tiles it cannot see, its waits then counted), pushes a tenpai hand only when the
//!   expected points of winning beat those of dealing in, and plays a one-away hand on only
//!   when its discard is nearly safe; it takes mangan with a yaku without riichi (dama).

mod defence;
pub mod sample;
mod shape;
mod sight;
mod value;

use std::cmp::Reverse;

use super::action::Action;
use super::game::Game;
use super::options::Options;
use super::view::SeatView;
use super::Riichi;
use crate::games::interface::{AutoSet, AutoSwitch, Budget, Computer, Level};
use crate::games::kit::choice::first_legal;
use crate::games::kit::mahjong::hand::{Counts, Hand, MeldKind};
use crate::games::kit::mahjong::shanten::{shanten, thirteen_orphans};
use crate::games::kit::mahjong::tile::{Kind, Suit, Tile};
use crate::games::kit::mahjong::yaku::RiichiKind;
use defence::{danger_class, sampled_danger};
use shape::{two_step, unseen_counts, yaku_shanten};
use sight::{Efficiency, Sight};
use value::ron_value;

/// Shanten from which `normal` and `hard` fold against a riichi whatever the tile.
const FOLD_FROM: i8 = 2;
/// The danger class from which `normal` folds a one-away hand rather than discard the tile.
const NORMAL_PUSH_LIMIT: u8 = 4;
/// The share of sampled riichi hands ronning a tile under which `hard` plays a one-away hand
/// on.
const HARD_SAFE_ENOUGH: f64 = 0.04;
/// What a riichi is taken to cost when it is dealt into: a dealer's, another's.
const DEALER_RIICHI: f64 = 8_000.0;
const RIICHI: f64 = 5_500.0;
/// A fold's expected loss beside deal-ins: the noten payment.
const NOTEN_COST: f64 = 1_000.0;
/// The share of a tenpai hand's wins the threat's own win leaves it (the round may end first).
const RACE: f64 = 0.55;
/// How many of the most efficient discards `hard` reads two steps ahead.
const TWO_STEP_TOP: usize = 4;
/// The farthest shanten (after the discard) at which `hard` reads two steps ahead.
const TWO_STEP_FROM: i8 = 2;
/// What `hard` asks of a discard giving up a dora (per dora) or one of a value pair: its
/// two-step efficiency is weighed down by this factor.
const DORA_KEEP: f64 = 0.8;
const VALUE_PAIR_KEEP: f64 = 0.9;

impl Computer for Riichi {
    fn auto_switches() -> &'static [AutoSwitch] {
        &super::auto::SWITCHES
    }

    fn auto_action(view: &SeatView, on: AutoSet) -> Option<Action> {
        let in_riichi = view
            .public
            .round
            .as_ref()
            .is_some_and(|r| r.players[view.seat].riichi != RiichiKind::None);
        let drawn = view.drawn.filter(|_| in_riichi);
        super::auto::auto_action(&view.legal_actions, on, drawn)
    }

    /// Riichi's own three levels ([`choose`]); `hard` reads sampled games for its danger
    /// estimates rather than playing each candidate out (a round is long: the shared search's
    /// playouts would not fit the 300 ms target).
    fn decide(
        level: Level,
        view: &SeatView,
        _options: &Options,
        budget: Budget,
        seed: u64,
    ) -> Option<Action> {
        choose(level, view, budget, seed)
    }

    fn sample(view: &SeatView, seed: u64) -> Option<Game> {
        sample::sample(view, seed)
    }
}

/// The `normal` computer's choice; `None` when the seat has no legal action.
pub fn decide(view: &SeatView) -> Option<Action> {
    choose(Level::Normal, view, Budget::samples(0), 0)
}

/// The choice at `level`; `None` when the seat has no legal action. `hard` samples up to
/// `budget.samples` games (within `budget.time`) from `seed`; the others use neither.
pub fn choose(level: Level, view: &SeatView, budget: Budget, seed: u64) -> Option<Action> {
    let legal = &view.legal_actions;
    let first = *legal.first()?;
    if let Some(win) = first_legal(legal, &[Action::Tsumo, Action::Ron]) {
        return Some(win);
    }
    if legal.contains(&Action::AgariYame) {
        return Some(agari_choice(view));
    }
    let Some(sight) = Sight::of(view) else {
        return Some(first);
    };
    if legal.contains(&Action::Kyuushu) && gives_up_nine_terminals(level, &sight) {
        return Some(Action::Kyuushu);
    }
    if legal.contains(&Action::Pass) {
        return Some(answer(level, &sight, legal));
    }
    if let Some(kan) = kan(level, &sight, legal) {
        return Some(kan);
    }
    discard(level, &sight, legal, budget, seed).or(Some(first))
}

/// After a last-round win: end the game when first, play on otherwise.
fn agari_choice(view: &SeatView) -> Action {
    let mine = view.public.points[view.seat];
    if view.public.points.values().all(|&p| p <= mine) {
        Action::AgariYame
    } else {
        Action::Continue
    }
}

/// Nine terminals: `easy` always declares it; the others go for thirteen orphans when two
/// exchanges or fewer away.
fn gives_up_nine_terminals(level: Level, sight: &Sight) -> bool {
    level == Level::Easy || thirteen_orphans(sight.hand.counts()) > 2
}

/// Whether the seat stays out of the way of a riichi: far from tenpai while one is declared.
fn folds(sight: &Sight) -> bool {
    !sight.threats.is_empty() && sight.shanten_now() >= FOLD_FROM - 1
}

/// The answer to a discard: `easy` passes; the others take the call that brings the hand
/// closest to tenpai toward a yaku it can still make, and pass while folding.
fn answer(level: Level, sight: &Sight, legal: &[Action]) -> Action {
    if level == Level::Easy || folds(sight) {
        return Action::Pass;
    }
    let Some(claimed) = sight.round.claimable.map(Tile::kind) else {
        return Action::Pass;
    };
    let now = sight.shanten_now();
    legal
        .iter()
        .filter_map(|&a| {
            let (used, pon) = match a {
                Action::Pon { cards } => (cards, true),
                Action::Chi { cards } => (cards, false),
                _ => return None,
            };
            let mut counts = *sight.hand.counts();
            for t in used {
                counts[t.kind().index()] -= 1;
            }
            let after = shanten(&counts, sight.melds.len() + 1);
            let value_pon = pon && sight.is_value(claimed);
            let worth = after < now || (value_pon && after <= now);
            (worth && keeps_a_yaku(sight, claimed, &counts, value_pon)).then_some((after, a))
        })
        .min_by_key(|(after, _)| *after)
        .map_or(Action::Pass, |(_, a)| a)
}

/// Whether an open hand holding `counts` after calling `claimed` can still have a yaku: a
/// value triplet (this call, an earlier one or a value pair to pon later), tanyao, or one suit
/// with honors.
fn keeps_a_yaku(sight: &Sight, claimed: Kind, counts: &Counts, value_pon: bool) -> bool {
    let value_pair = Kind::all().any(|k| sight.is_value(k) && counts[k.index()] >= 2);
    value_pon
        || sight.has_value_call()
        || value_pair
        || tanyao_open(sight, claimed, counts)
        || one_suit(sight, claimed, counts)
}

fn tanyao_open(sight: &Sight, claimed: Kind, counts: &Counts) -> bool {
    let yaochuu_left: u8 = Kind::all()
        .filter(|k| k.is_yaochuu())
        .map(|k| counts[k.index()])
        .sum();
    sight.view.public.options.kuitan
        && claimed.is_simple()
        && yaochuu_left <= 1
        && sight
            .melds
            .iter()
            .all(|m| m.tiles.iter().all(|t| t.kind().is_simple()))
}

/// Honitsu within reach: the calls and the claimed tile in one suit (or honors), at most one
/// concealed tile of another suit.
fn one_suit(sight: &Sight, claimed: Kind, counts: &Counts) -> bool {
    let suit = if claimed.is_honor() {
        match sight
            .melds
            .iter()
            .map(|m| m.first())
            .find(|k| !k.is_honor())
        {
            Some(k) => k.suit(),
            None => return false,
        }
    } else {
        claimed.suit()
    };
    let fits = |k: Kind| k.is_honor() || k.suit() == suit;
    let off: u8 = Kind::all()
        .filter(|k| !fits(*k))
        .map(|k| counts[k.index()])
        .sum();
    suit != Suit::Honor && off <= 1 && sight.melds.iter().all(|m| fits(m.first()))
}

/// A kan worth making: in riichi the one the rules allow (it keeps the waits); otherwise,
/// unless a riichi is on the table, a closed or added kan that costs no shanten. `easy` makes
/// none.
fn kan(level: Level, sight: &Sight, legal: &[Action]) -> Option<Action> {
    if level == Level::Easy {
        return None;
    }
    let in_riichi = sight.round.players[sight.view.seat].riichi != RiichiKind::None;
    if !in_riichi && !sight.threats.is_empty() {
        return None;
    }
    let best = sight.shanten_now();
    legal.iter().copied().find(|&a| {
        let mut counts = *sight.hand.counts();
        let melds = sight.melds.len();
        match a {
            Action::Ankan { card } => {
                counts[card.index()] = 0;
                in_riichi || shanten(&counts, melds + 1) <= best
            }
            Action::Kakan { card } => {
                counts[card.index()] -= 1;
                shanten(&counts, melds) <= best
            }
            _ => false,
        }
    })
}

/// One discard candidate and what it leaves.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    tile: Tile,
    efficiency: Efficiency,
    /// Lower for the tiles to let go first: non-value honors, then value honors, terminals,
    /// twos and eights, middle tiles; dora and red fives last.
    keep: u8,
}

/// The discard: `easy` by shanten alone, `normal` by efficiency with its fold, `hard` with its
/// push/fold judgment; riichi declared on the chosen tile when the level wants it.
fn discard(
    level: Level,
    sight: &Sight,
    legal: &[Action],
    budget: Budget,
    seed: u64,
) -> Option<Action> {
    let plain: Vec<Tile> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard {
                card,
                riichi: false,
            } => Some(*card),
            _ => None,
        })
        .collect();
    if level == Level::Easy {
        return easy_discard(sight, legal);
    }
    let candidates: Vec<Candidate> = plain
        .iter()
        .map(|&tile| Candidate {
            tile,
            efficiency: sight.after_discard(tile),
            keep: keep_rank(sight, tile),
        })
        .collect();
    let chosen = match level {
        Level::Hard if !sight.threats.is_empty() => {
            hard_against_riichi(sight, &candidates, budget, seed)
        }
        Level::Hard => hard_choice(sight, &candidates),
        _ => normal_choice(sight, &candidates),
    }?;
    Some(with_riichi(level, sight, legal, chosen))
}

/// `easy`: the lowest shanten, riichi preferred, honors and terminals first.
fn easy_discard(sight: &Sight, legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .filter_map(|&a| match a {
            Action::Discard { card, riichi } => {
                let mut counts = *sight.hand.counts();
                counts[card.kind().index()] -= 1;
                let s = shanten(&counts, sight.melds.len());
                Some(((s, !riichi, plain_rank(card)), a))
            }
            _ => None,
        })
        .min_by_key(|(key, _)| *key)
        .map(|(_, a)| a)
}

/// `normal`: the most efficient discard, or against a riichi the safest one when folding.
fn normal_choice(sight: &Sight, candidates: &[Candidate]) -> Option<Candidate> {
    let efficient = candidates
        .iter()
        .min_by_key(|c| (c.efficiency.shanten, Reverse(c.efficiency.accepted), c.keep))
        .copied()?;
    if sight.threats.is_empty() {
        return Some(efficient);
    }
    let far = efficient.efficiency.shanten >= FOLD_FROM;
    let risky = efficient.efficiency.shanten >= 1
        && danger_class(sight, efficient.tile.kind()) >= NORMAL_PUSH_LIMIT;
    if !(far || risky) {
        return Some(efficient);
    }
    candidates
        .iter()
        .min_by_key(|c| {
            (
                danger_class(sight, c.tile.kind()),
                c.efficiency.shanten,
                Reverse(c.efficiency.accepted),
                c.keep,
            )
        })
        .copied()
}

/// `hard` with no riichi against it: the discards nearest a hand with a yaku (an open hand's
/// shanten toward its nearest yaku, [`yaku_shanten`]), then at tenpai the wait with the most
/// expected points, and otherwise the best two-step efficiency among the most efficient few,
/// weighed against giving up a dora or a value pair.
fn hard_choice(sight: &Sight, candidates: &[Candidate]) -> Option<Candidate> {
    let melds = sight.melds.len();
    let after = |c: &Candidate| {
        let mut counts = *sight.hand.counts();
        counts[c.tile.kind().index()] -= 1;
        counts
    };
    let reach = |c: &Candidate| yaku_shanten(sight, &after(c));
    let nearest = candidates.iter().map(reach).min()?;
    let mut pool: Vec<Candidate> = candidates
        .iter()
        .copied()
        .filter(|c| reach(c) == nearest)
        .collect();
    pool.sort_by_key(|c| (Reverse(c.efficiency.accepted), c.keep));
    let mut shanten = pool.iter().map(|c| c.efficiency.shanten).min()?;
    if shanten == 0 {
        if let Some(c) = best_wait(sight, &pool) {
            return Some(c);
        }
        // Tenpai without a yaku: the discards on the way to one instead, if any.
        if pool.iter().any(|c| c.efficiency.shanten == nearest) {
            shanten = nearest;
        }
    }
    pool.retain(|c| c.efficiency.shanten == shanten);
    if shanten == 0 || shanten > TWO_STEP_FROM {
        return pool.first().copied();
    }
    let unseen = unseen_counts(sight);
    pool.iter()
        .take(TWO_STEP_TOP)
        .map(|c| {
            let mut score = f64::from(two_step(&after(c), melds, shanten, &unseen));
            score *= DORA_KEEP.powi(sight.dora_of(c.tile) as i32);
            let k = c.tile.kind();
            if sight.is_value(k) && sight.hand.count(k) == 2 {
                score *= VALUE_PAIR_KEEP;
            }
            (score, c)
        })
        .max_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(a.1.efficiency.accepted.cmp(&b.1.efficiency.accepted))
                .then(b.1.keep.cmp(&a.1.keep))
        })
        .map(|(_, c)| *c)
}

/// Among tenpai discards, the one whose wait is worth the most: its chance to win times the
/// mean points of a ron (with riichi for a closed hand); `None` when no wait has a yaku.
fn best_wait(sight: &Sight, tenpai: &[Candidate]) -> Option<Candidate> {
    tenpai
        .iter()
        .filter(|c| c.efficiency.shanten == 0)
        .filter_map(|c| {
            let mut hand = sight.hand.clone();
            hand.remove(c.tile);
            let value = ron_value(sight, &hand, own_riichi(sight))?;
            let worth = win_chance(sight, &hand) * value.mean;
            (worth > 0.0).then_some((worth, c))
        })
        .max_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(a.1.efficiency.accepted.cmp(&b.1.efficiency.accepted))
                .then(b.1.keep.cmp(&a.1.keep))
        })
        .map(|(_, c)| *c)
}

/// The riichi a tenpai hand plays with: its own, or one it would declare when closed.
fn own_riichi(sight: &Sight) -> RiichiKind {
    match sight.round.players[sight.view.seat].riichi {
        RiichiKind::None if sight.melds.iter().all(|m| m.kind == MeldKind::Ankan) => {
            RiichiKind::Single
        }
        other => other,
    }
}

/// `hard` against a riichi: fold when far, play a one-away hand on with a nearly safe tile
/// only, and push a tenpai hand when its expected points beat folding's.
fn hard_against_riichi(
    sight: &Sight,
    candidates: &[Candidate],
    budget: Budget,
    seed: u64,
) -> Option<Candidate> {
    let danger = sampled_danger(sight, budget, seed);
    let risk = |c: &Candidate| danger[c.tile.kind().index()];
    // The safest tile: least sampled danger, then the rule of thumb, then efficiency.
    let safest = candidates.iter().copied().min_by(|a, b| {
        risk(a)
            .total_cmp(&risk(b))
            .then(danger_class(sight, a.tile.kind()).cmp(&danger_class(sight, b.tile.kind())))
            .then(a.efficiency.shanten.cmp(&b.efficiency.shanten))
            .then(b.efficiency.accepted.cmp(&a.efficiency.accepted))
    })?;
    let best = candidates.iter().map(|c| c.efficiency.shanten).min()?;
    match best {
        s if s >= FOLD_FROM => Some(safest),
        1 => Some(
            candidates
                .iter()
                .copied()
                .filter(|c| c.efficiency.shanten == 1 && risk(c) <= HARD_SAFE_ENOUGH)
                .min_by_key(|c| (Reverse(c.efficiency.accepted), c.keep))
                .unwrap_or(safest),
        ),
        _ => {
            let lose = deal_in_cost(sight);
            let fold = -risk(&safest) * lose - NOTEN_COST;
            let future = future_risk(sight, &danger);
            let push = candidates
                .iter()
                .copied()
                .filter(|c| c.efficiency.shanten <= 0)
                .map(|c| (push_value(sight, &c, risk(&c), future, lose), c))
                .max_by(|a, b| a.0.total_cmp(&b.0));
            match push {
                Some((value, c)) if value > fold => Some(c),
                _ => Some(safest),
            }
        }
    }
}

/// What a riichi dealt into costs: a dealer's if one of the threats deals.
fn deal_in_cost(sight: &Sight) -> f64 {
    if sight.threats.contains(&sight.round.dealer) {
        DEALER_RIICHI
    } else {
        RIICHI
    }
}

/// The chance of dealing in over the next few discards of a pushed hand: the sampled danger of
/// an unseen tile, over as many draws as the round is likely to last for this seat.
fn future_risk(sight: &Sight, danger: &[f64; crate::games::kit::mahjong::tile::KINDS]) -> f64 {
    let (mut sum, mut n) = (0.0, 0.0);
    for k in Kind::all() {
        let u = f64::from(sight.unseen(k));
        sum += u * danger[k.index()];
        n += u;
    }
    let per_draw = if n > 0.0 { sum / n } else { 0.0 };
    let draws = (sight.round.live_left / 4).min(4) as i32;
    1.0 - (1.0 - per_draw).powi(draws)
}

/// The expected points of discarding `c` and playing the tenpai hand on: winning (a race with
/// the riichi) against dealing in now or later.
fn push_value(sight: &Sight, c: &Candidate, now: f64, future: f64, lose: f64) -> f64 {
    let mut hand = sight.hand.clone();
    hand.remove(c.tile);
    let Some(value) = ron_value(sight, &hand, own_riichi(sight)) else {
        return f64::NEG_INFINITY;
    };
    let win = win_chance(sight, &hand) * RACE;
    (1.0 - now) * (win * value.mean - (1.0 - win) * future * lose) - now * lose
}

/// The chance a tenpai hand wins before the wall ends: a tsumo on one of its draws, or a ron
/// on a discard of its waits (an opponent lets one go about half the time), its waits' unseen
/// copies among the unseen tiles.
fn win_chance(sight: &Sight, hand: &Hand) -> f64 {
    let waits = crate::games::kit::mahjong::waits::waits(hand.counts(), sight.melds);
    let furiten = waits.meets(
        sight.round.players[sight.view.seat]
            .pond
            .iter()
            .map(|d| d.tile.kind())
            .collect::<Vec<_>>()
            .into(),
    );
    let outs: f64 = waits.iter().map(|k| f64::from(sight.unseen(k))).sum();
    let pool: f64 = Kind::all().map(|k| f64::from(sight.unseen(k))).sum();
    if pool <= 0.0 {
        return 0.0;
    }
    let p = (outs / pool).min(1.0);
    let mine = (sight.round.live_left / 4) as i32;
    let tsumo = 1.0 - (1.0 - p).powi(mine);
    let ron = if furiten {
        0.0
    } else {
        1.0 - (1.0 - p * 0.5).powi(3 * mine)
    };
    1.0 - (1.0 - tsumo) * (1.0 - ron)
}

/// Riichi on the chosen tile when the level wants it and the rules allow it: `normal` always
/// with a wait left; `hard` too, except that it takes a mangan with a yaku of its own quietly.
fn with_riichi(level: Level, sight: &Sight, legal: &[Action], c: Candidate) -> Action {
    let riichi = Action::Discard {
        card: c.tile,
        riichi: true,
    };
    if !legal.contains(&riichi) || c.efficiency.accepted == 0 {
        return Action::discard(c.tile);
    }
    if level == Level::Hard {
        let mut hand = sight.hand.clone();
        hand.remove(c.tile);
        let dama = ron_value(sight, &hand, RiichiKind::None);
        if dama.is_some_and(|v| v.all_have_yaku && v.least_han >= 4) {
            return Action::discard(c.tile);
        }
    }
    riichi
}

/// How much a tile is worth keeping (see [`Candidate::keep`]).
fn keep_rank(sight: &Sight, tile: Tile) -> u8 {
    let k = tile.kind();
    let base = if k.is_honor() {
        u8::from(sight.is_value(k))
    } else {
        plain_rank(tile)
    };
    base + 4 * sight.dora_of(tile).min(8) as u8
}

/// Honors, then terminals, then the rest (red fives last).
fn plain_rank(tile: Tile) -> u8 {
    let k = tile.kind();
    if k.is_honor() {
        0
    } else if k.is_terminal() {
        1
    } else if matches!(k.number(), 2 | 8) {
        2
    } else {
        3 + u8::from(tile.is_red())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::deal::DeckSeed;
    use crate::games::interface::prelude::*;
    use crate::games::interface::seat::Seat;
    use crate::games::kit::mahjong::hand::parse_hand;
    use crate::games::riichi::round::SEATS;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    /// Seat 0's view of a turn holding `hand` (in the hand notation, 3k + 2 concealed tiles),
    /// nobody's discards on the table, the dora indicator East, and every discard legal.
    fn view_with(hand: &str) -> SeatView {
        let seed: DeckSeed = [7; 32];
        let (game, _) = Riichi::start(&seed, SEATS, Seat::ZERO, Options::default());
        let mut view: SeatView = Game::seat_view(&game, Seat::ZERO);
        let (concealed, melds) = parse_hand(hand).unwrap();
        view.concealed = concealed.tiles();
        let round = view.public.round.as_mut().unwrap();
        for seat in SEATS.seats() {
            round.players[seat].pond.clear();
            round.players[seat].melds.clear();
        }
        round.players[Seat::ZERO].hand_size = view.concealed.len();
        round.players[Seat::ZERO].melds = melds;
        round.dora_indicators = vec![t("1z")];
        view.legal_actions = concealed
            .distinct()
            .into_iter()
            .map(Action::discard)
            .collect();
        view
    }

    fn discarded(level: Level, view: &SeatView) -> Tile {
        match choose(level, view, Budget::samples(8), 1) {
            Some(Action::Discard { card, .. }) => card,
            other => panic!("a discard, not {other:?}"),
        }
    }

    #[test]
    fn hard_waits_on_the_tile_that_pays_more_when_the_chances_are_close() {
        // Tanki on 3m (two left) wins with all simples; tanki on 9m (three left) with riichi
        // alone. normal takes the wider wait, hard the one worth more.
        let view = view_with("234m567p678s444s9m3m");
        assert_eq!(discarded(Level::Normal, &view), t("3m"));
        assert_eq!(discarded(Level::Hard, &view), t("9m"));
    }

    #[test]
    fn hard_does_not_wait_without_a_yaku_in_an_open_hand() {
        // Open tanyao calls; tenpai on 7p or 8p alone would hold 123m and win with no yaku.
        let view = view_with("123m78p456s 666p 234s");
        let normal = discarded(Level::Normal, &view);
        assert!(
            ["7p", "8p"].contains(&normal.to_string().as_str()),
            "{normal}"
        );
        let hard = discarded(Level::Hard, &view);
        assert!(
            ["1m", "2m", "3m"].contains(&hard.to_string().as_str()),
            "{hard}"
        );
    }

    #[test]
    fn yaku_shanten_counts_an_open_hands_tiles_off_tanyao_and_honitsu() {
        let view = view_with("123m78p456s 666p 234s");
        let sight = Sight::of(&view).unwrap();
        let counts = |text: &str| *parse_hand(text).unwrap().0.counts();
        // Tenpai, but the 1m must go for tanyao: one away.
        assert_eq!(shanten(&counts("123m7p456s"), 2), 0);
        assert_eq!(yaku_shanten(&sight, &counts("123m7p456s")), 1);
        assert_eq!(yaku_shanten(&sight, &counts("234m7p456s")), 0);
        // A closed hand is on riichi: its plain shanten.
        let closed = view_with("123m78p456s666p23s");
        let sight = Sight::of(&closed).unwrap();
        assert_eq!(yaku_shanten(&sight, &counts("123m7p456s666p234s")), 0);
    }

    #[test]
    fn hard_reads_two_steps_ahead_among_equally_efficient_discards() {
        // Every discard it considers leaves the best two-step efficiency of the hand's
        // candidates: none of them is beaten by another of the same shanten.
        let view = view_with("23m679p456s111z22z1s");
        let sight = Sight::of(&view).unwrap();
        let chosen = discarded(Level::Hard, &view);
        let unseen = unseen_counts(&sight);
        let score = |tile: Tile| {
            let mut c = *sight.hand.counts();
            c[tile.kind().index()] -= 1;
            let s = shanten(&c, 0);
            (s, two_step(&c, 0, s, &unseen))
        };
        let (s, best) = score(chosen);
        assert_eq!(s, 1);
        for tile in sight.hand.distinct() {
            let (ts, other) = score(tile);
            assert!(
                ts > s || other <= best,
                "{tile} ({other}) beats {chosen} ({best})"
            );
        }
    }
}
