//! The beginners' game's highlights: the shared kinds (the biggest hand, the comeback, the
//! deal-ins, a deal-in to a big hand after its round), read from the rounds' records; the lines are
//! found by `kit::highlights`.

use super::game::{Game, Reason, RoundRecord};
use super::round::{RoundEnd, WinBy};
use super::Beginners;
use crate::games::kit::highlights::{RoundFacts, SharedKinds};

fn facts(r: &RoundRecord) -> RoundFacts {
    let won = match &r.end {
        Some(RoundEnd::Win { winner, by, .. }) => Some((
            *winner,
            match by {
                WinBy::Ron { from } => Some(*from),
                WinBy::Tsumo => None,
            },
        )),
        _ => None,
    };
    RoundFacts::one_win(r.index, won, &r.transfers, &Reason::Win, r.balances)
}

impl SharedKinds for Beginners {
    const PREFIX: &'static str = "beginners";
    /// A win of this many points is big (a game starts at 15 each).
    const BIG: i64 = 6;
    /// Deal-ins in one game worth a line.
    const DEAL_INS: usize = 3;
    /// Rounds won in a row worth a line.
    const STREAK: usize = 3;
    /// Rounds without a win worth a line.
    const WINLESS: usize = 8;

    fn rounds(state: &Game) -> Vec<RoundFacts> {
        state.records.iter().map(facts).collect()
    }
}
