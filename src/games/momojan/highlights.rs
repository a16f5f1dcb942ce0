//! MOMOJAN's highlights: the shared kinds (the biggest hand, the comeback, the deal-ins, a deal-in
//! to a big hand after its round), read from the rounds' records; the lines are found by
//! `kit::highlights`.

use super::game::{Game, RoundRecord, TransferReason};
use super::round::RoundEnd;
use super::yaku::WinBy;
use super::Momojan;
use crate::games::interface::seat::Opponent;
use crate::games::kit::highlights::{RoundFacts, SharedKinds};

fn facts(r: &RoundRecord) -> RoundFacts {
    let won = match &r.end {
        Some(RoundEnd::Win { winner, by, .. }) => {
            Some((*winner, (*by == WinBy::Ron).then(|| winner.opponent())))
        }
        _ => None,
    };
    RoundFacts::one_win(r.index, won, &r.transfers, &TransferReason::Win, r.balances)
}

impl SharedKinds for Momojan {
    const PREFIX: &'static str = "momojan";
    /// A win of this many points is big (a game starts at 30 each).
    const BIG: i64 = 12;
    /// Deal-ins in one game worth a line.
    const DEAL_INS: usize = 3;
    /// Rounds won in a row worth a line.
    const STREAK: usize = 3;
    /// Rounds without a win worth a line.
    const WINLESS: usize = 6;

    fn rounds(state: &Game) -> Vec<RoundFacts> {
        state.records.iter().map(facts).collect()
    }
}
