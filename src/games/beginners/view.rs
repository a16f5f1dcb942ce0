//! What each seat may see: its own concealed cards and everything public. [`PublicView`] has
//! no field that could hold another seat's concealed cards, the card a seat drew, another
//! seat's answer to a discard still open, or the order of the pile; a window's answers are
//! public once it has closed (`last_claims`).

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::card::{Card, Kind};
use super::claim::Closed;
use super::game::{Game, Outcome};
use super::hand::OpenMeld;
use super::options::Options;
use super::player::Discard;
use super::round::{Phase, Round};
use crate::games::interface::seat::{PerSeat, Seat, SeatCount, SeatSet};

/// One player as the table shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicPlayer {
    pub hand_size: usize,
    pub open: Vec<OpenMeld>,
    pub discards: Vec<Discard>,
    pub riichi: bool,
}

/// Whose move it is, as everyone sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PublicPhase {
    /// `seat`'s turn, before or after its draw.
    Turn {
        seat: Seat,
        drawn: bool,
    },
    /// `discarder`'s isolated `card` is being answered; `pending` have not answered yet.
    Claims {
        discarder: Seat,
        card: Card,
        #[serde(with = "super::claim::seat_list")]
        pending: SeatSet,
    },
    Over,
}

/// The round in play, as everyone may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicRound {
    pub index: u32,
    pub dealer: Seat,
    pub pile_left: usize,
    pub players: PerSeat<PublicPlayer>,
    pub phase: PublicPhase,
}

/// Everything public about a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    pub seats: SeatCount,
    /// The match's rule options (fixed when it started).
    pub options: Options,
    pub first_dealer: Seat,
    pub balances: PerSeat<i64>,
    pub pot: i64,
    pub rounds_played: usize,
    pub round: Option<PublicRound>,
    pub outcome: Option<Outcome>,
    /// The last claim window that closed, with every answer (public once it closed), until
    /// the next discard.
    #[serde(default)]
    pub last_claims: Option<Closed>,
}

/// What one seat may see, with its legal actions (empty when it may not act).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub public: PublicView,
    /// This seat's concealed cards in card order, the card just drawn included.
    pub concealed: Vec<Card>,
    /// The card this seat just drew, during its turn.
    pub drawn: Option<Card>,
    /// This seat's own answer to the discard being answered.
    pub answer: Option<Action>,
    /// What this seat's hand waits on, when it is tenpai between turns.
    pub wait: Option<Kind>,
    pub legal_actions: Vec<Action>,
}

impl Round {
    fn public_phase(&self) -> PublicPhase {
        match self.phase {
            Phase::Turn { seat, drawn } => PublicPhase::Turn {
                seat,
                drawn: drawn.is_some(),
            },
            Phase::Claims(w) => PublicPhase::Claims {
                discarder: w.discarder,
                card: w.card,
                pending: w.pending,
            },
            Phase::Over => PublicPhase::Over,
        }
    }
}

impl Game {
    pub fn public_view(&self) -> PublicView {
        PublicView {
            seats: self.seats,
            options: self.options,
            first_dealer: self.first_dealer,
            balances: self.balances,
            pot: self.pot,
            rounds_played: self.records.len(),
            round: self.round.as_ref().map(|r| PublicRound {
                index: self.records.len() as u32,
                dealer: r.dealer,
                pile_left: r.pile_left(),
                players: r.players.map(|_, p| PublicPlayer {
                    hand_size: p.concealed.len(),
                    open: p.open.clone(),
                    discards: p.discards.clone(),
                    riichi: p.riichi,
                }),
                phase: r.public_phase(),
            }),
            outcome: self.outcome.clone(),
            last_claims: self.last_claims,
        }
    }

    pub fn seat_view(&self, seat: Seat) -> SeatView {
        let round = self.round.as_ref();
        let player = round.map(|r| &r.players[seat]);
        let (drawn, answer) = match round.map(|r| r.phase) {
            Some(Phase::Turn { seat: s, drawn }) if s == seat => (drawn, None),
            Some(Phase::Claims(w)) => (None, w.answers.get(seat).copied().flatten()),
            _ => (None, None),
        };
        SeatView {
            seat,
            public: self.public_view(),
            concealed: player.map(|p| p.concealed.clone()).unwrap_or_default(),
            drawn,
            answer,
            wait: player.and_then(|p| p.tenpai()).map(|t| t.wait),
            legal_actions: self.legal_actions(seat),
        }
    }
}
