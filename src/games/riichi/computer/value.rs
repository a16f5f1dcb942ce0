//! What a tenpai hand is worth: the points of a ron on each of its waits, as the engine scores
//! them (§8–§10), with or without riichi. Ura dora are unknown and count for nothing.

use super::sight::Sight;
use crate::games::kit::mahjong::hand::Hand;
use crate::games::kit::mahjong::score::{score, Bonus, WinningHand};
use crate::games::kit::mahjong::tile::Kind;
use crate::games::kit::mahjong::waits::waits;
use crate::games::kit::mahjong::yaku::{RiichiKind, Situation, WinBy};

/// The waits of a tenpai hand and what a ron on them pays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WaitValue {
    /// Mean points over the waits still unseen (a wait without a yaku pays 0).
    pub mean: f64,
    /// Every wait wins with a yaku of its own (no riichi needed).
    pub all_have_yaku: bool,
    /// The fewest han among the waits (0 when one has no yaku).
    pub least_han: u32,
}

/// The value of `hand` (13-form, after the discard) for a ron with `riichi` declared or not.
pub fn ron_value(sight: &Sight, hand: &Hand, riichi: RiichiKind) -> Option<WaitValue> {
    let waiting = waits(hand.counts(), sight.melds);
    if waiting.is_empty() {
        return None;
    }
    let situation = Situation {
        by: WinBy::Ron,
        seat_wind: sight.seat_wind(),
        round_wind: sight.round_wind(),
        riichi,
        ippatsu: false,
        haitei: false,
        houtei: false,
        rinshan: false,
        first_draw: false,
        dealer: sight.is_dealer(),
        kuitan: sight.view.public.options.kuitan,
    };
    let bonus = Bonus {
        dora: &sight.dora,
        ura: &[],
    };
    let mut total = 0.0;
    let mut weight = 0.0;
    let mut all_have_yaku = true;
    let mut least_han = u32::MAX;
    for kind in waiting.iter() {
        let points = score_of(sight, hand, kind, &situation, bonus);
        all_have_yaku &= points.is_some();
        let (han, pts) = points.unwrap_or((0, 0));
        least_han = least_han.min(han);
        // Weighted by the copies left: a wait nobody can draw counts for nothing.
        let w = f64::from(sight.unseen(kind)).max(0.25);
        total += w * pts as f64;
        weight += w;
    }
    Some(WaitValue {
        mean: total / weight,
        all_have_yaku,
        least_han,
    })
}

fn score_of(
    sight: &Sight,
    hand: &Hand,
    kind: Kind,
    situation: &Situation,
    bonus: Bonus,
) -> Option<(u32, i64)> {
    let mut won = hand.clone();
    let tile = kind.tile();
    won.add(tile);
    let winning = WinningHand {
        concealed: &won,
        melds: sight.melds,
        won: tile,
    };
    score(winning, situation, bonus, sight.round.minimum_han).map(|s| (s.han, s.points))
}
