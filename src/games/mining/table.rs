//! The match as the host keeps it: the engine's game with the part of a move chosen so far
//! ([`Table`]), each round dealt from the match's seed, the events of the match's log, and
//! why a part is refused.

use serde::{Deserialize, Serialize};

use super::game::{End, Game};
use super::parts::{Act, Pending};
use super::round::Phase;
use super::settle::Party as EngineParty;
use crate::games::interface::deal::{shuffled, DeckSeed};
use crate::games::interface::ledger::{Party, Transfer};
use crate::games::interface::seat::Seat;
use crate::games::kit::mahjong::tile::Tile;

/// The whole match: the engine's game and the part of a move its player has chosen so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub game: Game,
    pub pending: Option<Pending>,
}

/// Why points moved (§9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    Riichi,
    Win,
    Pot,
    Noten,
}

impl Reason {
    pub const ALL: [Reason; 4] = [Reason::Riichi, Reason::Win, Reason::Pot, Reason::Noten];

    pub fn id(self) -> &'static str {
        match self {
            Reason::Riichi => "riichi",
            Reason::Win => "win",
            Reason::Pot => "pot",
            Reason::Noten => "noten",
        }
    }
}

/// What happened, for the match's event log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Round `index` (0-based) was dealt.
    RoundStarted { index: usize },
    /// Points moved in round `round`.
    Transferred {
        round: usize,
        transfer: Transfer<Reason>,
    },
    /// Round `index` ended.
    RoundEnded { index: usize },
    /// The game ended.
    Ended { reason: End },
}

/// Why a part of a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("that step is not a legal move now")]
    BadStep,
    #[error("that tile cannot be discarded now")]
    BadTile(Tile),
    #[error("that cell is not a legal placement now")]
    BadCell,
    #[error("there is no win")]
    NoWin,
    #[error("nothing is chosen to go back from")]
    NothingChosen,
    #[error("that is not possible now")]
    NotNow(Act),
}

/// The round's tile order: the 136 tiles (red fives with `aka`) shuffled for `round`.
pub fn wall(seed: &DeckSeed, round: u32, aka: bool) -> Vec<Tile> {
    shuffled(seed, round, &Tile::full_set(aka))
}

/// The seat a seat number is.
pub fn seat(s: usize) -> Seat {
    Seat::ALL[s]
}

impl Table {
    /// Each seat's points now: the round in play's (its riichi sticks paid), else the game's.
    pub fn points(&self) -> Vec<i64> {
        match self
            .game
            .round()
            .filter(|r| r.outcome.is_none() && self.game.over.is_none())
        {
            Some(r) => r.points.clone(),
            None => self.game.points.clone(),
        }
    }

    /// The pot now, as [`Table::points`] counts it.
    pub fn pot(&self) -> i64 {
        match self
            .game
            .round()
            .filter(|r| r.outcome.is_none() && self.game.over.is_none())
        {
            Some(r) => r.pot,
            None => self.game.pot,
        }
    }

    /// Rounds finished so far.
    pub fn rounds_played(&self) -> usize {
        self.game
            .rounds
            .iter()
            .filter(|r| r.outcome.is_some())
            .count()
    }

    /// Deals the next round from the seed when one is due.
    pub(super) fn deal_if_due(&mut self, seed: &DeckSeed) -> Vec<Event> {
        let g = &self.game;
        if g.over.is_some() || g.choosing || g.in_round() {
            return Vec::new();
        }
        let index = g.rounds.len();
        let w = wall(seed, index as u32, g.options.aka);
        self.game.start_round(w);
        vec![Event::RoundStarted { index }]
    }

    /// The part chosen so far, when it is `seat`'s.
    pub fn pending_of(&self, seat: usize) -> Option<&Pending> {
        let r = self.game.round()?;
        match r.phase {
            Phase::Start { seat: s }
            | Phase::Refill { seat: s }
            | Phase::Decide { seat: s, .. }
                if s == seat && !self.game.choosing =>
            {
                self.pending.as_ref()
            }
            _ => None,
        }
    }

    /// What the engine's game did from `before` (its round count and transfers then).
    pub(super) fn events_since(
        &self,
        rounds: usize,
        transfers: usize,
        was_over: bool,
    ) -> Vec<Event> {
        let mut out = Vec::new();
        if let Some(index) = rounds.checked_sub(1) {
            let r = &self.game.rounds[index];
            out.extend(r.transfers[transfers..].iter().map(|t| Event::Transferred {
                round: index,
                transfer: transfer(t),
            }));
            if r.outcome.is_some() {
                out.push(Event::RoundEnded { index });
            }
        }
        if let (false, Some(reason)) = (was_over, self.game.over) {
            out.push(Event::Ended { reason });
        }
        out
    }
}

/// An engine transfer in the host's terms.
fn transfer(t: &super::settle::Transfer) -> Transfer<Reason> {
    let party = |p: EngineParty| match p {
        EngineParty::Seat(s) => Party::Seat(seat(s)),
        EngineParty::Pot => Party::Pot,
    };
    let reason = Reason::ALL
        .into_iter()
        .find(|r| r.id() == t.reason)
        .unwrap_or(Reason::Win);
    Transfer {
        from: party(t.from),
        to: party(t.to),
        amount: t.amount,
        reason,
    }
}
