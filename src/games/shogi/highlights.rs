//! Shogi mahjong's highlights: the shared kinds (the biggest hand, the comeback, the deal-ins, a
//! deal-in to a big hand after its round), read from the rounds' records; the lines are found by
//! `kit::highlights`.

use super::game::{Game, Reason, RoundRecord};
use super::round::RoundEnd;
use super::score::WinBy;
use super::Shogi;
use crate::games::interface::seat::Opponent;
use crate::games::kit::highlights::{self as kit, RoundFacts, SharedKinds, Won};

fn facts(r: &RoundRecord) -> RoundFacts {
    let wins = match &r.end {
        Some(RoundEnd::Win { winner, by, .. }) => vec![Won {
            seat: *winner,
            from: (*by != WinBy::Tsumo).then(|| winner.opponent()),
            points: kit::win_points(
                r.transfers
                    .iter()
                    .map(|t| (t.from, t.to, t.amount, t.reason == Reason::Win)),
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

impl SharedKinds for Shogi {
    const PREFIX: &'static str = "shogi";
    /// A win of this many points is big (a game starts at 30 each).
    const BIG: i64 = 12;
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
