//! What each person may see. [`PublicView`] has no field that could hold a concealed card, so
//! the table message cannot leak a hand; [`SeatView`] adds one seat's own cards and the help
//! its hand message shows (tenpai, waits with unseen counts, furiten).

use serde::{Deserialize, Serialize};

use super::action::{Action, PerSeat, Seat};
use super::card::{Card, CardCounts};
use super::game::{Game, Outcome};
use super::meld::Meld;
use super::round::{Discard, Phase, Player, Round};
use super::waits::{is_furiten, waits, Wait};

/// The kind of choice the acting seat faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    TurnStart,
    AfterDraw,
    AfterOpening,
    AfterKan,
}

/// One player as the table shows them.
pub type PublicPlayer = crate::games::kit::view::PublicPlayer<Meld, Discard>;

/// The round in play, as everyone may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicRound {
    pub index: u32,
    pub dealer: Seat,
    pub honba: u32,
    pub ante: i64,
    pub dora_indicators: Vec<Card>,
    pub pile_sizes: [usize; 3],
    pub players: PerSeat<PublicPlayer>,
    pub to_act: Option<Seat>,
    pub stage: Option<Stage>,
    /// The discard the player to act may claim.
    pub claimable: Option<Card>,
}

/// Everything public about a game: no concealed card, no deck order, no seed.
pub type PublicView = crate::games::kit::view::PublicView<PublicRound, Outcome>;

/// A wait with how many of its cards this seat cannot see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitInfo {
    pub card: Card,
    pub unseen: u8,
    /// A ron on this card would be refused for furiten.
    pub ron_blocked: bool,
}

/// A discard that leaves the hand tenpai, with the waits it leaves (the riichi helper).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TenpaiDiscard {
    pub card: Card,
    pub waits: Vec<WaitInfo>,
}

/// What one seat may see: the public view plus its own hand and help.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub public: PublicView,
    /// This seat's concealed cards, in printing order (empty between rounds).
    pub hand: Vec<Card>,
    /// The card this seat just drew, while it may still act on it.
    pub drawn: Option<Card>,
    /// With 7, 4 or 1 cards: whether the hand is tenpai, and its waits.
    pub tenpai: bool,
    pub waits: Vec<WaitInfo>,
    /// Some wait would be refused for ron because of this seat's own discards.
    pub furiten: bool,
    /// With 8, 5 or 2 cards: the discards that keep the hand tenpai.
    pub tenpai_discards: Vec<TenpaiDiscard>,
    /// The legal actions, when this seat is to act.
    pub legal_actions: Vec<Action>,
}

impl Game {
    /// The view anyone may see.
    pub fn public_view(&self) -> PublicView {
        PublicView {
            balances: self.balances,
            pot: self.pot,
            rounds_played: self.records.len(),
            round: self.round.as_ref().map(|r| self.public_round(r)),
            outcome: self.outcome,
        }
    }

    fn public_round(&self, round: &Round) -> PublicRound {
        let (stage, claimable) = match round.phase {
            Phase::TurnStart { claimable, .. } => (Some(Stage::TurnStart), claimable),
            Phase::AfterDraw { .. } => (Some(Stage::AfterDraw), None),
            Phase::AfterOpening { .. } => (Some(Stage::AfterOpening), None),
            Phase::AfterKan { .. } => (Some(Stage::AfterKan), None),
            Phase::Over => (None, None),
        };
        PublicRound {
            index: self.records.len() as u32,
            dealer: round.dealer,
            honba: self.honba,
            ante: self.ante(),
            dora_indicators: round.dora_indicators(),
            pile_sizes: round.pile_sizes(),
            players: round.players.map(|_, p| PublicPlayer {
                hand_size: p.hand.len(),
                melds: p.melds.clone(),
                discards: p.discards.clone(),
                riichi: p.riichi,
            }),
            to_act: round.phase.seat(),
            stage,
            claimable,
        }
    }

    /// The view of one seat: the public view and that seat's own cards.
    pub fn seat_view(&self, seat: Seat) -> SeatView {
        let mut view = SeatView {
            seat,
            public: self.public_view(),
            hand: Vec::new(),
            drawn: None,
            tenpai: false,
            waits: Vec::new(),
            furiten: false,
            tenpai_discards: Vec::new(),
            legal_actions: Vec::new(),
        };
        let Some(round) = &self.round else {
            return view;
        };
        let player = &round.players[seat];
        let seen = seen_by(round, seat);
        view.hand = player.hand.to_vec();
        view.drawn = match round.phase {
            Phase::AfterDraw { seat: s, drawn, .. } | Phase::AfterKan { seat: s, drawn }
                if s == seat =>
            {
                Some(drawn)
            }
            _ => None,
        };
        if player.hand.len() % 3 == 1 {
            view.waits = wait_infos(&player.hand, player, &seen);
            view.tenpai = !view.waits.is_empty();
            view.furiten = view.waits.iter().any(|w| w.ron_blocked);
        } else {
            view.tenpai_discards = tenpai_discards(player, &seen);
        }
        if round.phase.seat() == Some(seat) {
            view.legal_actions = self.legal_actions();
        }
        view
    }
}

/// Cards `seat` can see: its own hand, every open set, every discard, the dora indicators.
fn seen_by(round: &Round, seat: Seat) -> CardCounts {
    let mut seen = round.players[seat].hand;
    for p in [&round.players[Seat::ZERO], &round.players[Seat::ONE]] {
        for c in p.melds.iter().flat_map(|m| m.cards.iter()) {
            seen.add(*c);
        }
        for d in p.discards.iter().filter(|d| !d.claimed) {
            seen.add(d.card);
        }
    }
    for c in round.dora_indicators() {
        seen.add(c);
    }
    seen
}

fn wait_infos(hand: &CardCounts, player: &Player, seen: &CardCounts) -> Vec<WaitInfo> {
    let all: Vec<Wait> = waits(hand, &player.melds);
    all.iter()
        .map(|w| WaitInfo {
            card: w.card,
            unseen: w.card.copies().saturating_sub(seen.count(w.card)),
            ron_blocked: is_furiten(&all, player.discard_pile(), w.card),
        })
        .collect()
}

fn tenpai_discards(player: &Player, seen: &CardCounts) -> Vec<TenpaiDiscard> {
    player
        .hand
        .kinds()
        .filter_map(|card| {
            let mut after = player.hand;
            after.remove(card);
            // The discard itself joins the discard pile, so furiten is judged with it there.
            let mut with_discard = player.clone();
            with_discard.discards.push(Discard {
                card,
                riichi: false,
                claimed: false,
            });
            let waits = wait_infos(&after, &with_discard, seen);
            (!waits.is_empty()).then_some(TenpaiDiscard { card, waits })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::drivers::seeded::Seeded;
    use crate::games::interface::seat::SeatCount;
    use crate::games::interface::seat::BOTH;
    use crate::games::momojan::{Momojan, RuleOptions};

    #[test]
    fn public_view_json_never_holds_a_concealed_card() {
        let (game, _) =
            Seeded::<Momojan>::start([3; 32], SeatCount::TWO, Seat::ZERO, RuleOptions::default());
        let json = serde_json::to_string(&game.game.public_view()).unwrap();
        let round = game.game.round.as_ref().unwrap();
        for seat in BOTH {
            let hand = round.players[seat].hand.to_vec();
            // Every number card is unique, so a hand's number card in the JSON would be a leak.
            for c in hand.iter().filter(|c| c.is_number()) {
                assert!(!json.contains(&format!("\"{c}\"")), "{c} leaked in {json}");
            }
        }
        assert!(!json.contains("seed"));
    }

    #[test]
    fn seat_view_shows_own_hand_and_actions_only_when_acting() {
        let (game, _) =
            Seeded::<Momojan>::start([3; 32], SeatCount::TWO, Seat::ZERO, RuleOptions::default());
        let dealer = game.game.seat_view(Seat::ZERO);
        assert_eq!(dealer.hand.len(), 7);
        assert_eq!(dealer.legal_actions.len(), 3);
        let other = game.game.seat_view(Seat::ONE);
        assert_eq!(other.hand.len(), 7);
        assert!(other.legal_actions.is_empty());
        assert_ne!(dealer.hand, other.hand);
    }
}
