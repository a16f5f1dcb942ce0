//! Built-in players: `random` picks any legal action; `greedy` plays sensibly and will be the
//! practice opponent.

use rand::Rng;

use crate::games::momojan::round::Phase;
use crate::games::momojan::waits::waits;
use crate::games::momojan::{Action, Card, CardCounts, Game, Seat};

/// Which built-in player to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Policy {
    /// Uniformly random among the legal actions.
    Random,
    /// Wins when it can, claims and lays open sets, riichis when tenpai, keeps connected cards.
    Greedy,
}

impl Policy {
    /// The action this policy takes; `legal` must be the game's non-empty legal list.
    pub fn choose(self, game: &Game, legal: &[Action], rng: &mut impl Rng) -> Action {
        match self {
            Policy::Random => legal[rng.random_range(0..legal.len())],
            Policy::Greedy => greedy(game, legal),
        }
    }
}

fn greedy(game: &Game, legal: &[Action]) -> Action {
    let has = |pred: fn(&Action) -> bool| legal.iter().copied().find(pred);
    let win = has(|a| matches!(a, Action::Ron | Action::Tsumo));
    let open = has(|a| {
        matches!(
            a,
            Action::Pon { .. } | Action::Chi { .. } | Action::Kai { .. } | Action::Kan { .. }
        )
    });
    let draw3 = has(|a| matches!(a, Action::DrawThree));
    win.or(open)
        .or(draw3)
        .or_else(|| best_pile_draw(game, legal))
        .or_else(|| best_discard(game, legal))
        .unwrap_or(legal[0])
}

/// Draws from the fullest pile (it keeps the most options open for three-card draws).
fn best_pile_draw(game: &Game, legal: &[Action]) -> Option<Action> {
    let round = game.round.as_ref()?;
    legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Draw { .. }))
        .max_by_key(|a| match a {
            Action::Draw { pile } => (round.piles[*pile as usize].len(), 3 - *pile as usize),
            _ => (0, 0),
        })
}

/// A riichi discard with the most waits if there is one, else the least connected card.
fn best_discard(game: &Game, legal: &[Action]) -> Option<Action> {
    let round = game.round.as_ref()?;
    let seat: Seat = round.phase.seat()?;
    let player = &round.players[seat];
    let after = |card: Card| {
        let mut hand = player.hand;
        hand.remove(card);
        hand
    };
    let riichi = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Discard { riichi: true, .. }))
        .max_by_key(|a| match a {
            Action::Discard { card, .. } => waits(&after(*card), &player.melds).len(),
            _ => 0,
        });
    if riichi.is_some() && !matches!(round.phase, Phase::TurnStart { .. }) {
        return riichi;
    }
    // Keep the most waits if some discard stays tenpai; otherwise drop the loneliest card.
    legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Discard { riichi: false, .. }))
        .min_by_key(|a| match a {
            Action::Discard { card, .. } => {
                let waits = waits(&after(*card), &player.melds).len() as u32;
                (u32::MAX - waits, connections(&player.hand, *card))
            }
            _ => (u32::MAX, u32::MAX),
        })
}

/// How many other held cards could share a set or head with `card`.
fn connections(hand: &CardCounts, card: Card) -> u32 {
    hand.kinds()
        .map(|other| {
            let n = u32::from(hand.count(other)) - u32::from(other == card);
            if n == 0 {
                return 0;
            }
            n * u32::from(related(card, other))
        })
        .sum()
}

fn related(a: Card, b: Card) -> bool {
    match (a.number(), b.number()) {
        (Some(x), Some(y)) => {
            let same_fruit_or_peach = a.fruit() == b.fruit() || a.is_peach() || b.is_peach();
            x == y || (same_fruit_or_peach && x.abs_diff(y) <= 2)
        }
        (None, None) => a == b,
        (Some(1), None) | (None, Some(1)) => {
            let picture = a.as_picture().or(b.as_picture());
            picture.is_some_and(|p| p.is_celestial())
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::momojan::card::parse_cards;

    #[test]
    fn connections_count_sets_and_heads() {
        let hand = CardCounts::from_cards(&parse_cards("l1 l2 o9 Moon Moon Dog").unwrap());
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(connections(&hand, c("o9")), 0);
        assert_eq!(connections(&hand, c("Dog")), 0);
        assert_eq!(connections(&hand, c("l1")), 3, "l2 and two moons");
        assert_eq!(connections(&hand, c("Moon")), 2, "the other moon and l1");
    }
}
