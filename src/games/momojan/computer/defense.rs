//! How dangerous a discard is against an opponent who may be tenpai (rules §6 furiten).
//!
//! Number cards are unique, so there is no literal "genbutsu" for them; what protects a card
//! is furiten: a wait of the same kind as a card in the opponent's own discard pile blocks
//! every non-peach, non-celestial ron. A same-number wait accepts every fruit of that number,
//! so an opponent who discarded any non-peach card of number n cannot ron an n that way.
//! Peach cards are never protected (rules §6) and fit any fruit's sequence.

use super::obs::Obs;
use crate::games::momojan::Card;

/// Whether the opponent looks tenpai: riichi, or few enough concealed cards with enough open
/// sets that a one-card or four-card hand is nearly always waiting.
pub fn opponent_threat(obs: &Obs) -> f64 {
    let opp = obs.opponent();
    let size = obs.hand_sizes[opp];
    let melds = obs.melds[opp].len();
    if obs.riichi[opp] {
        1.0
    } else if size == 1 && melds >= 3 {
        0.9
    } else if size == 4 && melds >= 2 {
        0.5
    } else if melds >= 2 {
        0.25
    } else {
        0.0
    }
}

/// A rough count of the ways `card` could complete the opponent's hand: unseen cards it
/// could pair or make a same-number set with, unseen cards it could make a sequence with,
/// each discounted when the opponent's discards make that wait furiten.
pub fn danger(obs: &Obs, card: Card) -> f64 {
    let opp = obs.opponent();
    let single = obs.hand_sizes[opp] == 1;
    let discarded: Vec<Card> = obs.discard_pile(opp).filter(|c| !c.is_peach()).collect();
    match card.number() {
        None => picture_danger(obs, card, &discarded),
        Some(n) => {
            let same = same_number_partners(obs, card, n);
            let blocked_same = !card.is_peach() && discarded.iter().any(|d| d.number() == Some(n));
            let same = if blocked_same { same * 0.1 } else { same };
            if single {
                return same;
            }
            let seq = sequence_partners(obs, card, n);
            let blocked_seq = !card.is_peach()
                && discarded.iter().any(|d| {
                    d.fruit() == card.fruit() && d.number().is_some_and(|m| m.abs_diff(n) == 3)
                });
            let seq = if blocked_seq { seq * 0.5 } else { seq };
            same + 0.5 * seq
        }
    }
}

fn picture_danger(obs: &Obs, card: Card, discarded: &[Card]) -> f64 {
    let unseen = f64::from(obs.unseen.count(card));
    let celestial = card.as_picture().is_some_and(|p| p.is_celestial());
    let base = unseen * 1.2;
    if !celestial && discarded.contains(&card) {
        base * 0.1
    } else {
        base
    }
}

fn same_number_partners(obs: &Obs, card: Card, n: u8) -> f64 {
    obs.unseen
        .kinds()
        .filter(|c| *c != card && c.number() == Some(n))
        .count() as f64
}

fn sequence_partners(obs: &Obs, card: Card, n: u8) -> f64 {
    obs.unseen
        .kinds()
        .filter(|c| {
            let fits = card.is_peach() || c.is_peach() || c.fruit() == card.fruit();
            fits && c.number().is_some_and(|m| m != n && m.abs_diff(n) <= 2)
        })
        .count() as f64
}
