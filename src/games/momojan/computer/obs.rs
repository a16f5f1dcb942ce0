//! What a computer player may know when it decides: [`Obs`] holds no more than a
//! [`SeatView`] does (own cards, everything public), so no policy can peek at the other hand
//! or the pile order. It is built either from a `SeatView` (the real bot) or, inside the
//! `hard` player's simulations, straight from a sampled game for one seat — cheaper than a
//! full `SeatView`, which also works out waits the heuristics do not always need.

use crate::games::interface::seat::SeatCount;
use crate::games::interface::seat::{Opponent, BOTH};
use crate::games::momojan::meld::Meld;
use crate::games::momojan::round::{Discard, Phase};
use crate::games::momojan::view::{SeatView, Stage};
use crate::games::momojan::{Action, Card, CardCounts, Game, PerSeat, Seat};

/// One seat's knowledge at a decision point.
#[derive(Debug, Clone)]
pub struct Obs<'a> {
    pub seat: Seat,
    pub hand: CardCounts,
    pub drawn: Option<Card>,
    pub melds: PerSeat<&'a [Meld]>,
    pub discards: PerSeat<&'a [Discard]>,
    pub riichi: PerSeat<bool>,
    pub hand_sizes: PerSeat<usize>,
    pub pile_sizes: [usize; 3],
    pub dora_indicators: Vec<Card>,
    pub dealer: Seat,
    pub stage: Stage,
    pub claimable: Option<Card>,
    pub legal: &'a [Action],
    pub balances: PerSeat<i64>,
    pub pot: i64,
    pub honba: u32,
    /// Cards this seat cannot see: opponent's hand, piles and the dead wall's hidden cards.
    pub unseen: CardCounts,
}

impl<'a> Obs<'a> {
    /// The knowledge of the seat a view belongs to; `None` between rounds.
    pub fn from_view(view: &'a SeatView) -> Option<Obs<'a>> {
        let round = view.public.round.as_ref()?;
        let players = &round.players;
        let mut obs = Obs {
            seat: view.seat,
            hand: CardCounts::from_cards(&view.hand),
            drawn: view.drawn,
            melds: PerSeat::from_fn(SeatCount::TWO, |s| players[s].melds.as_slice()),
            discards: PerSeat::from_fn(SeatCount::TWO, |s| players[s].discards.as_slice()),
            riichi: players.map(|_, p| p.riichi),
            hand_sizes: players.map(|_, p| p.hand_size),
            pile_sizes: round.pile_sizes,
            dora_indicators: round.dora_indicators.clone(),
            dealer: round.dealer,
            stage: round.stage?,
            claimable: round.claimable,
            legal: &view.legal_actions,
            balances: view.public.balances,
            pot: view.public.pot,
            honba: round.honba,
            unseen: CardCounts::new(),
        };
        obs.unseen = unseen_cards(&obs);
        Some(obs)
    }

    /// The knowledge of `seat` in `game` (used on sampled games inside simulations): only
    /// that seat's hand and the public state are read.
    pub(crate) fn from_game(game: &'a Game, seat: Seat, legal: &'a [Action]) -> Option<Obs<'a>> {
        let round = game.round.as_ref()?;
        let (stage, claimable, drawn) = match round.phase {
            Phase::TurnStart { claimable, .. } => (Stage::TurnStart, claimable, None),
            Phase::AfterDraw { drawn, .. } => (Stage::AfterDraw, None, Some(drawn)),
            Phase::AfterOpening { .. } => (Stage::AfterOpening, None, None),
            Phase::AfterKan { drawn, .. } => (Stage::AfterKan, None, Some(drawn)),
            Phase::Over => return None,
        };
        let players = &round.players;
        let mut obs = Obs {
            seat,
            hand: players[seat].hand,
            drawn,
            melds: PerSeat::from_fn(SeatCount::TWO, |s| players[s].melds.as_slice()),
            discards: PerSeat::from_fn(SeatCount::TWO, |s| players[s].discards.as_slice()),
            riichi: players.map(|_, p| p.riichi),
            hand_sizes: players.map(|_, p| p.hand.len()),
            pile_sizes: round.pile_sizes(),
            dora_indicators: round.dora_indicators(),
            dealer: round.dealer,
            stage,
            claimable,
            legal,
            balances: game.balances,
            pot: game.pot,
            honba: game.honba,
            unseen: CardCounts::new(),
        };
        obs.unseen = unseen_cards(&obs);
        Some(obs)
    }

    pub fn opponent(&self) -> Seat {
        self.seat.opponent()
    }

    pub fn cards_in_piles(&self) -> usize {
        self.pile_sizes.iter().sum()
    }

    pub fn my_melds(&self) -> &'a [Meld] {
        self.melds[self.seat]
    }

    /// Kinds still lying in `seat`'s discard pile (claimed ones have left it).
    pub fn discard_pile(&self, seat: Seat) -> impl Iterator<Item = Card> + 'a {
        self.discards[seat]
            .iter()
            .filter(|d| !d.claimed)
            .map(|d| d.card)
    }
}

/// The 54-card deck minus own hand, every open set, every discard still lying and the dora
/// indicators: exactly the cards this seat has not seen.
fn unseen_cards(obs: &Obs) -> CardCounts {
    let mut seen = obs.hand;
    for seat in BOTH {
        for c in obs.melds[seat].iter().flat_map(|m| m.cards.iter()) {
            seen.add(*c);
        }
        for c in obs.discard_pile(seat) {
            seen.add(c);
        }
    }
    for c in &obs.dora_indicators {
        seen.add(*c);
    }
    let mut unseen = CardCounts::new();
    for c in Card::all() {
        for _ in seen.count(c)..c.copies() {
            unseen.add(c);
        }
    }
    unseen
}
