//! The `normal` player: a one-step heuristic. Every legal action is scored by the hand it
//! leaves — distance from tenpai (see [`super::shape`]), the open sets still needed for the
//! three-set minimum, the waits' unseen cards, dora and picture pairs toward yaku — minus the
//! danger of the discard when the opponent looks tenpai. It is also the playout policy of
//! `hard`, so it is written to be cheap: no search beyond the action itself.

use super::defense::{danger, opponent_threat};
use super::obs::Obs;
use super::shape::Layout;
use crate::games::momojan::meld::{Meld, MeldSource};
use crate::games::momojan::score::count_dora;
use crate::games::momojan::shape::classify;
use crate::games::momojan::view::Stage;
use crate::games::momojan::waits::waits;
use crate::games::momojan::{Action, Card, CardCounts};

/// Value of a sure win: above anything else.
const WIN: f64 = 1.0e6;
/// Worth of one step toward tenpai, the unit of every other weight.
const STEP: f64 = 10.0;
/// What three unknown cards are worth in steps (a three-card draw).
const DRAW_THREE_GAIN: f64 = 0.8;
/// What one pile draw is worth in steps, against which a claim is compared.
const DRAW_GAIN: f64 = 0.4;
/// Riichi on fewer unseen winning cards than this is not worth locking the hand.
const RIICHI_MIN_UNSEEN: u8 = 2;

/// The chosen action; `None` only when there is no legal action.
pub fn choose(obs: &Obs) -> Option<Action> {
    rank(obs).first().map(|(a, _)| *a)
}

/// Every legal action with its score, best first (ties keep the legal order).
pub fn rank(obs: &Obs) -> Vec<(Action, f64)> {
    let ctx = Context::new(obs);
    let mut scored: Vec<(Action, f64)> = obs.legal.iter().map(|a| (*a, ctx.score(*a))).collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    scored
}

/// What every score of one decision shares.
struct Context<'o, 'a> {
    obs: &'o Obs<'a>,
    layout: Layout,
    threat: f64,
}

impl<'o, 'a> Context<'o, 'a> {
    fn new(obs: &'o Obs<'a>) -> Self {
        Context {
            obs,
            layout: Layout::new(&obs.hand),
            threat: opponent_threat(obs),
        }
    }

    fn score(&self, action: Action) -> f64 {
        let obs = self.obs;
        let melds = obs.my_melds();
        match action {
            Action::Ron | Action::Tsumo => WIN,
            Action::Draw { pile } => {
                self.hand_value(&obs.hand, melds)
                    + DRAW_GAIN * STEP
                    + obs.pile_sizes[pile as usize] as f64 * 0.01
            }
            Action::Pass => self.hand_value(&obs.hand, melds),
            Action::Pon { cards } | Action::Chi { cards } => self.claim_value(cards),
            Action::Kai { cards } => self.open_value(&cards, MeldSource::Kai, 1.0),
            Action::Kan { cards } => self.open_value(&cards, MeldSource::Kan, 2.0),
            Action::DrawThree => self.draw_three_value(&obs.hand, melds),
            Action::Discard { card, riichi } => self.discard_value(card, riichi),
        }
    }

    /// A claim: the claimed card and two of ours open a set, then the best of discarding and
    /// drawing three.
    fn claim_value(&self, cards: [Card; 2]) -> f64 {
        let Some(called) = self.obs.claimable else {
            return f64::MIN;
        };
        let all = [called, cards[0], cards[1]];
        let mut hand = self.obs.hand;
        hand.remove_all(&cards);
        let source = match classify(&all) {
            Some(s) if s.is_pon_shape() => MeldSource::Pon,
            _ => MeldSource::Chi,
        };
        let Some(melds) = with_meld(self.obs.my_melds(), source, &all) else {
            return f64::MIN;
        };
        // Claiming leaves fewer cards to defend with.
        let defence = self.threat * STEP * 0.5;
        self.after_opening(&hand, &melds) + yaku_set_bonus(&all) - defence
    }

    /// Kai or kan from the hand, then the best of discarding and drawing three.
    fn open_value(&self, cards: &[Card], source: MeldSource, bonus: f64) -> f64 {
        let mut hand = self.obs.hand;
        hand.remove_all(cards);
        let Some(melds) = with_meld(self.obs.my_melds(), source, cards) else {
            return f64::MIN;
        };
        let mut value = self.after_opening(&hand, &melds) + bonus + yaku_set_bonus(cards);
        if source == MeldSource::Kan {
            // The replacement card is one more unknown card.
            value += DRAW_GAIN * STEP;
        }
        value
    }

    /// The better of the two choices after an opening, for a 3k + 2 hand.
    fn after_opening(&self, hand: &CardCounts, melds: &[Meld]) -> f64 {
        let discard = self.best_discard_value(hand, melds);
        let draw = if self.obs.cards_in_piles() >= 3 {
            self.draw_three_value(hand, melds)
        } else {
            f64::MIN
        };
        discard.max(draw)
    }

    fn best_discard_value(&self, hand: &CardCounts, melds: &[Meld]) -> f64 {
        hand.kinds()
            .map(|c| {
                let mut after = *hand;
                after.remove(c);
                self.hand_value(&after, melds) - self.danger_cost(c)
            })
            .fold(f64::MIN, f64::max)
    }

    /// Three unknown cards join a 3k + 2 hand, which then needs k + 1 sets and a head.
    fn draw_three_value(&self, hand: &CardCounts, melds: &[Meld]) -> f64 {
        let layout = Layout::new(hand);
        let need = hand.len() / 3 + 1;
        let shanten = layout.shanten_need(0, need as i32);
        let deficit = set_deficit(need, melds.len());
        -STEP * (f64::from(shanten) - DRAW_THREE_GAIN + 2.0 * deficit as f64) + self.extras(hand)
    }

    fn discard_value(&self, card: Card, riichi: bool) -> f64 {
        let obs = self.obs;
        let mut after = obs.hand;
        after.remove(card);
        let melds = obs.my_melds();
        let removed = self.layout.mask_of(card).unwrap_or(0);
        let shanten = self.layout.shanten_without(removed);
        let mut value = self.value_with_shanten(&after, melds, shanten);
        value -= self.danger_cost(card);
        if riichi {
            value += self.riichi_value(&after);
        }
        value
    }

    /// Riichi is worth its yaku when the waits have enough unseen cards; otherwise it only
    /// locks the hand.
    fn riichi_value(&self, after: &CardCounts) -> f64 {
        let unseen: u8 = waits(after, self.obs.my_melds())
            .iter()
            .map(|w| self.obs.unseen.count(w.card))
            .sum();
        if unseen >= RIICHI_MIN_UNSEEN {
            STEP * 0.5
        } else {
            -STEP
        }
    }

    /// The danger of discarding `card`, weighted by how threatening the opponent is and how
    /// far our own hand is from winning.
    fn danger_cost(&self, card: Card) -> f64 {
        if self.threat == 0.0 {
            return 0.0;
        }
        danger(self.obs, card) * self.threat * STEP * 0.3
    }

    /// Worth of a 3k + 1 hand with these open sets.
    fn hand_value(&self, hand: &CardCounts, melds: &[Meld]) -> f64 {
        let shanten = Layout::new(hand).shanten_without(0);
        self.value_with_shanten(hand, melds, shanten)
    }

    fn value_with_shanten(&self, hand: &CardCounts, melds: &[Meld], shanten: i32) -> f64 {
        let deficit = set_deficit(hand.len() / 3, melds.len());
        let mut steps = f64::from(shanten.max(0)) + 2.0 * deficit as f64;
        let mut bonus = self.extras(hand);
        if shanten <= 0 && deficit == 0 {
            let unseen: u8 = waits(hand, melds)
                .iter()
                .map(|w| self.obs.unseen.count(w.card))
                .sum();
            if unseen == 0 {
                steps += 1.0;
            } else {
                bonus += 5.0 + 2.0 * f64::from(unseen.min(4)) + settlement(melds);
            }
        }
        -STEP * steps + bonus
    }

    /// Small preferences among hands at the same distance: dora, picture pairs (yaku sets).
    fn extras(&self, hand: &CardCounts) -> f64 {
        let cards = hand.to_vec();
        let dora = count_dora(&cards, &self.obs.dora_indicators);
        let pictures = hand
            .kinds()
            .filter(|c| c.is_picture() && hand.count(*c) >= 2)
            .count();
        1.5 * f64::from(dora) + 1.0 * pictures as f64
    }
}

/// Open sets the hand still has to make: a win needs three sets in all (rules §6.1).
fn set_deficit(concealed_sets: usize, open_sets: usize) -> usize {
    3usize.saturating_sub(concealed_sets + open_sets)
}

/// Exhaustive-draw value of the open sets (rules §8), a little reward for a tenpai hand.
fn settlement(melds: &[Meld]) -> f64 {
    melds
        .iter()
        .map(|m| f64::from(m.source.settlement_value()))
        .sum::<f64>()
        * 0.5
}

/// A picture set is a yaku of its own (dog, monkey, pheasant, sun, moon).
fn yaku_set_bonus(cards: &[Card]) -> f64 {
    if cards.iter().filter(|c| c.is_picture()).count() >= 2 {
        STEP * 0.8
    } else {
        0.0
    }
}

/// The open sets with one more.
fn with_meld(melds: &[Meld], source: MeldSource, cards: &[Card]) -> Option<Vec<Meld>> {
    let shape = classify(cards)?;
    let mut out = melds.to_vec();
    out.push(Meld::new(source, shape, cards, None));
    Some(out)
}

/// Whether the stage lets the player do anything but draw (the `hard` player's shortcut).
pub fn is_trivial(obs: &Obs) -> bool {
    obs.stage == Stage::TurnStart && obs.legal.iter().all(|a| matches!(a, Action::Draw { .. }))
}
