//! MOMOJAN's highlights: the shared kinds (the biggest hand, the comeback, the deal-ins, a deal-in
//! to a big hand after its round), read from the rounds' records; the lines are found by
//! `kit::highlights`.

use super::game::{Game, RoundRecord, TransferReason};
use super::round::RoundEnd;
use super::yaku::WinBy;
use super::Momojan;
use crate::games::interface::seat::Opponent;
use crate::games::kit::highlights::{self as kit, RoundFacts, SharedKinds, Won};

fn facts(r: &RoundRecord) -> RoundFacts {
    let wins = match &r.end {
        Some(RoundEnd::Win { winner, by, .. }) => vec![Won {
            seat: *winner,
            from: (*by == WinBy::Ron).then(|| winner.opponent()),
            points: kit::win_points(
                r.transfers
                    .iter()
                    .map(|t| (t.from, t.to, t.amount, t.reason == TransferReason::Win)),
                *winner,
            ),
        }],
        _ => Vec::new(),
    };
    RoundFacts {
        index: r.index as usize,
        wins,
        balances: r.balances,
    }
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
