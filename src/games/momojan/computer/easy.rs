//! The `easy` player: the self-play `greedy` policy, reading only a seat's knowledge. It wins
//! when it can, opens every set it may, draws three after an opening, riichis when it can and
//! otherwise keeps the most waits or drops its least connected card. It never defends.

use super::obs::Obs;
use crate::games::momojan::waits::waits;
use crate::games::momojan::{Action, Card, CardCounts};

/// The chosen action; `None` only when there is no legal action.
pub fn choose(obs: &Obs) -> Option<Action> {
    let legal = obs.legal;
    let find = |pred: fn(&Action) -> bool| legal.iter().copied().find(pred);
    find(|a| matches!(a, Action::Ron | Action::Tsumo))
        .or_else(|| {
            find(|a| {
                matches!(
                    a,
                    Action::Pon { .. }
                        | Action::Chi { .. }
                        | Action::Kai { .. }
                        | Action::Kan { .. }
                )
            })
        })
        .or_else(|| find(|a| matches!(a, Action::DrawThree)))
        .or_else(|| fullest_pile(obs))
        .or_else(|| best_discard(obs))
        .or_else(|| legal.first().copied())
}

/// Draws from the fullest pile (lowest index on a tie).
fn fullest_pile(obs: &Obs) -> Option<Action> {
    obs.legal
        .iter()
        .copied()
        .filter_map(|a| match a {
            Action::Draw { pile } => Some((a, obs.pile_sizes[pile as usize], 3 - pile)),
            _ => None,
        })
        .max_by_key(|(_, size, order)| (*size, *order))
        .map(|(a, _, _)| a)
}

/// A riichi discard with the most waits if there is one, else the discard keeping the most
/// waits, else the least connected card.
fn best_discard(obs: &Obs) -> Option<Action> {
    let melds = obs.my_melds();
    let wait_count = |card: Card| {
        let mut hand = obs.hand;
        hand.remove(card);
        waits(&hand, melds).len()
    };
    let discards = || {
        obs.legal.iter().filter_map(|a| match *a {
            Action::Discard { card, riichi } => Some((*a, card, riichi)),
            _ => None,
        })
    };
    let riichi = discards()
        .filter(|(_, _, r)| *r)
        .max_by_key(|(_, c, _)| wait_count(*c))
        .map(|(a, _, _)| a);
    riichi.or_else(|| {
        discards()
            .filter(|(_, _, r)| !*r)
            .min_by_key(|(_, c, _)| (usize::MAX - wait_count(*c), connections(&obs.hand, *c)))
            .map(|(a, _, _)| a)
    })
}

/// How many other held cards could share a set or head with `card`.
fn connections(hand: &CardCounts, card: Card) -> u32 {
    hand.kinds()
        .map(|other| {
            let n = u32::from(hand.count(other)) - u32::from(other == card);
            n * u32::from(related(card, other))
        })
        .sum()
}

fn related(a: Card, b: Card) -> bool {
    match (a.number(), b.number()) {
        (Some(x), Some(y)) => {
            let fruits = a.fruit() == b.fruit() || a.is_peach() || b.is_peach();
            x == y || (fruits && x.abs_diff(y) <= 2)
        }
        (None, None) => a == b,
        (Some(1), None) | (None, Some(1)) => a
            .as_picture()
            .or(b.as_picture())
            .is_some_and(|p| p.is_celestial()),
        _ => false,
    }
}
