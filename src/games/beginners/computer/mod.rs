//! The computer players of the beginners' card mahjong, deciding from one seat's view only.
//!
//! - `easy` plays legally and loosely toward tenpai: it wins when it can, never calls or
//!   declares riichi, and throws the card its hand has most of among isolated, head and taatsu
//!   cards, keeping melds.
//! - `normal` plays efficiently toward the two tenpai forms (rules §5): it keeps the discard
//!   that leaves the hand fewest cards from tenpai, then the tenpai with the most winning cards
//!   left unseen and a yaku, wins when it can, declares riichi whenever it may, calls only when
//!   the call brings tenpai nearer and the open hand keeps a yaku in reach (a call gives up riichi
//!   and tsumo, the closed hand's only sure yaku), and once another player is in riichi throws
//!   no isolated card (the only cards that can be ronned) unless it is tenpai itself.
//! - `hard` is the shared search (`games::drivers::search`) over deals sampled from the view.

pub mod sample;

use super::action::Action;
use super::card::{Card, Counts, Form, Kind, Shape};
use super::game::Game;
use super::hand::{tenpai, Completed, OpenMeld, Set, UNITS};
use super::options::Options;
use super::view::SeatView;
use super::yaku::{score, WinContext};
use super::Beginners;
use crate::games::drivers::search::choose_with_margin;
use crate::games::interface::{Budget, Computer, Level};
use crate::games::kit::choice::first_legal;

/// How many standard errors a searched action must beat `normal`'s choice by before `hard`
/// plays it instead ([`choose_with_margin`]).
const HARD_MARGIN: f64 = 1.5;

impl Computer for Beginners {
    fn decide(
        level: Level,
        view: &SeatView,
        options: &Options,
        budget: Budget,
        seed: u64,
    ) -> Option<Action> {
        match level {
            // `normal` is a strong heuristic here: the search overrules it only where its
            // playouts agree clearly (hard lost 0.75 points a game to normal without this).
            Level::Hard => {
                choose_with_margin::<Beginners>(view, options, budget, seed, HARD_MARGIN)
            }
            _ => decide(level, view, options),
        }
    }

    fn sample(view: &SeatView, seed: u64) -> Option<Game> {
        sample::sample(view, seed)
    }
}

/// The action of the seat `view` belongs to at `level` (not `hard`, which searches); `None`
/// when it has none.
pub fn decide(level: Level, view: &SeatView, options: &Options) -> Option<Action> {
    let legal = &view.legal_actions;
    let first = *legal.first()?;
    if let Some(take) = first_legal(legal, &[Action::Tsumo, Action::Ron, Action::Draw]) {
        return Some(take);
    }
    if first.is_answer() {
        return Some(match level {
            Level::Easy => Action::Pass,
            _ => answer(view, options),
        });
    }
    Some(match level {
        Level::Easy => easy_discard(view).unwrap_or(first),
        _ => normal_discard(view, options).unwrap_or(first),
    })
}

/// The cards of `view`'s seat that nobody has seen, by card id: every card less its own hand,
/// every open meld and every discard lying on the table.
pub(in crate::games::beginners) fn unseen(view: &SeatView) -> Counts {
    let mut seen = Counts::of(&view.concealed);
    if let Some(round) = &view.public.round {
        for p in round.players.values() {
            p.open
                .iter()
                .flat_map(|m| m.cards())
                .for_each(|c| seen.add(c));
            p.discards
                .iter()
                .filter(|d| !d.claimed)
                .for_each(|d| seen.add(d.card));
        }
    }
    let mut unseen = Counts::default();
    for card in Card::ALL {
        for _ in seen.get(card)..card.copies() {
            unseen.add(card);
        }
    }
    unseen
}

pub(in crate::games::beginners) fn my_open(view: &SeatView) -> &[OpenMeld] {
    view.public
        .round
        .as_ref()
        .map_or(&[], |r| r.players[view.seat].open.as_slice())
}

fn anyone_else_in_riichi(view: &SeatView) -> bool {
    view.public.round.as_ref().is_some_and(|r| {
        r.players
            .iter()
            .any(|(seat, p)| seat != view.seat && p.riichi)
    })
}

/// `easy`: throw a card of the kind of unit the hand holds most of (isolated, head, taatsu),
/// keeping melds; the first such card.
fn easy_discard(view: &SeatView) -> Option<Action> {
    let count = |f: fn(Card) -> bool| view.concealed.iter().filter(|c| f(**c)).count();
    let groups: [fn(Card) -> bool; 3] = [Card::is_isolated, Card::is_head, |c| {
        c.taatsu_shape().is_some()
    }];
    let group = groups.into_iter().max_by_key(|f| count(*f))?;
    let card = view
        .concealed
        .iter()
        .copied()
        .find(|c| group(*c))
        .or(view.drawn)?;
    let action = Action::Discard {
        card,
        riichi: false,
    };
    view.legal_actions.contains(&action).then_some(action)
}

/// How many units a 5-unit hand is from tenpai: the fewest cards it must exchange to reach
/// 4 melds + 1 isolated card or 3 melds + 1 head + 1 taatsu.
pub(in crate::games::beginners) fn distance(concealed: &[Card], open: &[OpenMeld]) -> usize {
    let count = |f: fn(Card) -> bool| concealed.iter().filter(|c| f(**c)).count();
    let melds = open.len() + count(Card::is_meld);
    let isolated = count(Card::is_isolated);
    let heads = count(Card::is_head);
    let taatsu = count(|c| c.taatsu_shape().is_some());
    let head_wait = melds.min(4) + isolated.min(1);
    let meld_wait = if open.len() > 3 {
        0
    } else {
        melds.min(3) + heads.min(1) + taatsu.min(1)
    };
    UNITS - head_wait.max(meld_wait)
}

/// Whether a hand can still be given a yaku without riichi or tsumo: a dragon meld, melds
/// all of one shape, or every set in one suit and honours.
fn yaku_in_reach(concealed: &[Card], open: &[OpenMeld]) -> bool {
    let sets: Vec<Set> = open
        .iter()
        .map(|m| m.set)
        .chain(concealed.iter().filter_map(|c| match c.form() {
            Form::Meld(shape) => Some(Set {
                kind: c.kind(),
                shape,
            }),
            _ => None,
        }))
        .collect();
    let dragon = sets.iter().any(|s| s.kind == Kind::Dragon);
    let one_shape = [Shape::Ko, Shape::Shun]
        .iter()
        .any(|&shape| sets.iter().all(|s| s.shape == shape));
    let mut suits = concealed
        .iter()
        .map(|c| c.kind())
        .chain(open.iter().map(|m| m.set.kind))
        .filter(|k| k.is_suit());
    let first = suits.next();
    let one_suit = suits.all(|k| Some(k) == first);
    dragon || one_shape || one_suit
}

/// How good a 5-unit hand is for `normal`: nearer tenpai first; a tenpai by its winning
/// cards unseen and whether it has a yaku (riichi counts when it may be declared).
fn hand_value(
    concealed: &[Card],
    open: &[OpenMeld],
    unseen: &Counts,
    options: &Options,
    can_riichi: bool,
) -> i64 {
    let near = -100 * distance(concealed, open) as i64;
    let Some(t) = tenpai(concealed, open) else {
        return near + shape_bonus(concealed, open);
    };
    let live = i64::from(unseen.get(Card::isolated(t.wait)));
    let yaku = can_riichi || has_yaku(&t.completed, open.is_empty(), options);
    near + if yaku { 50 + 5 * live } else { 10 + live }
}

/// Whether a completed hand wins by ron with some yaku, or (closed) at least by tsumo.
fn has_yaku(hand: &Completed, closed: bool, options: &Options) -> bool {
    let how = WinContext {
        tenhou: false,
        riichi: false,
        closed,
        tsumo: false,
    };
    score(hand, how, &options.yaku_points).is_some()
}

/// Small preferences among hands equally far from tenpai: dragon melds (yakuhai) and a
/// single taatsu (a meld wait to come).
fn shape_bonus(concealed: &[Card], open: &[OpenMeld]) -> i64 {
    let dragons = concealed
        .iter()
        .filter(|c| c.is_meld() && c.kind() == Kind::Dragon)
        .count()
        + open.iter().filter(|m| m.set.kind == Kind::Dragon).count();
    let yaku = i64::from(yaku_in_reach(concealed, open));
    3 * dragons as i64 + 2 * yaku
}

/// `normal`'s discard: the best hand left, riichi declared on it when allowed; with another
/// player in riichi and no tenpai of its own, no isolated card when anything else will do.
fn normal_discard(view: &SeatView, options: &Options) -> Option<Action> {
    let unseen = unseen(view);
    let open = my_open(view);
    let defend = anyone_else_in_riichi(view);
    let mut best: Option<(i64, Action)> = None;
    for &action in &view.legal_actions {
        let Action::Discard { card, riichi } = action else {
            continue;
        };
        let mut rest = view.concealed.clone();
        if let Some(at) = rest.iter().position(|c| *c == card) {
            rest.remove(at);
        }
        let can_riichi = riichi
            || view
                .legal_actions
                .contains(&Action::Discard { card, riichi: true });
        let mut value = hand_value(&rest, open, &unseen, options, can_riichi);
        let tenpai_after = tenpai(&rest, open).is_some();
        if defend && !tenpai_after && card.is_isolated() {
            value -= 1_000;
        }
        // Riichi wherever it may be declared: it is the closed hand's yaku.
        value += i64::from(riichi);
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, action));
        }
    }
    best.map(|(_, a)| a)
}

/// `normal`'s answer to a discard: a call that brings tenpai nearer and keeps a yaku in
/// reach, else pass (ron was taken before).
fn answer(view: &SeatView, options: &Options) -> Action {
    let Some(card) = view.public.round.as_ref().and_then(|r| match r.phase {
        super::view::PublicPhase::Claims { card, .. } => Some(card),
        _ => None,
    }) else {
        return Action::Pass;
    };
    let open = my_open(view);
    let unseen = unseen(view);
    let now = hand_value(&view.concealed, open, &unseen, options, open.is_empty());
    let mut best = (now, Action::Pass);
    for (call, shape) in [(Action::Pon, Shape::Ko), (Action::Chi, Shape::Shun)] {
        if !view.legal_actions.contains(&call) {
            continue;
        }
        let Some(taatsu) = Card::new(card.kind(), Form::Taatsu(shape)) else {
            continue;
        };
        let mut rest = view.concealed.clone();
        if let Some(at) = rest.iter().position(|c| *c == taatsu) {
            rest.remove(at);
        }
        let mut melds = open.to_vec();
        melds.push(OpenMeld {
            set: Set {
                kind: card.kind(),
                shape,
            },
            from: view.seat,
        });
        if !yaku_in_reach(&rest, &melds) {
            continue;
        }
        let value = hand_value(&rest, &melds, &unseen, options, false);
        if value > best.0 {
            best = (value, call);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::beginners::hand::tests::cards;

    #[test]
    fn distance_counts_the_cards_to_exchange_for_either_form() {
        let d = |text: &str| distance(&cards(text), &[]);
        assert_eq!(d("M-ko-man M-shun-pin M-shun-pin M-ko-dragon I-wind"), 0);
        assert_eq!(d("M-ko-man M-shun-pin M-shun-pin H-dragon T-ko-wind"), 0);
        assert_eq!(d("M-ko-man M-shun-pin M-shun-pin M-ko-dragon H-wind"), 1);
        assert_eq!(d("M-ko-man M-shun-pin I-pin I-dragon I-wind"), 2);
        assert_eq!(d("I-man I-pin I-sou I-dragon I-wind"), 4);
    }

    #[test]
    fn a_yaku_is_in_reach_with_a_dragon_meld_one_shape_or_one_suit() {
        let open = |kind, shape| OpenMeld {
            set: Set { kind, shape },
            from: crate::games::interface::seat::Seat::ONE,
        };
        let shun = [open(Kind::Man, Shape::Shun)];
        assert!(yaku_in_reach(
            &cards("M-shun-pin I-sou H-wind T-ko-pin"),
            &shun
        ));
        let mixed = [open(Kind::Man, Shape::Ko)];
        assert!(!yaku_in_reach(
            &cards("M-shun-pin I-sou H-wind T-ko-pin"),
            &mixed
        ));
        assert!(yaku_in_reach(
            &cards("M-ko-dragon I-sou H-wind T-ko-pin"),
            &mixed
        ));
    }
}
