//! What the computer counts from its seat: every tile it can see, its hand and calls, the
//! dora, and how efficient a hand is (its shanten and the tiles still unseen that lower it).

use super::super::view::{PublicRound, SeatView};
use super::super::wall::dora_kinds;
use crate::games::interface::seat::Seat;
use crate::games::kit::mahjong::hand::{Counts, Hand, Meld, MeldKind};
use crate::games::kit::mahjong::shanten::shanten;
use crate::games::kit::mahjong::tile::{Kind, Tile, KINDS};
use crate::games::kit::mahjong::yaku::RiichiKind;

/// One seat's table, from its view only.
pub struct Sight<'a> {
    pub view: &'a SeatView,
    pub round: &'a PublicRound,
    pub hand: Hand,
    pub melds: &'a [Meld],
    /// Copies of each kind this seat can see: its hand, every call, the ponds' tiles still
    /// there and the dora indicators.
    pub seen: Counts,
    pub dora: Vec<Kind>,
    /// The opponents in riichi (or declaring it with the discard on the table).
    pub threats: Vec<Seat>,
}

/// A hand's distance from tenpai and the unseen tiles that bring it closer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Efficiency {
    pub shanten: i8,
    pub accepted: u32,
}

impl<'a> Sight<'a> {
    /// The seat's sight, `None` between rounds.
    pub fn of(view: &'a SeatView) -> Option<Sight<'a>> {
        let round = view.public.round.as_ref()?;
        let melds = round.players[view.seat].melds.as_slice();
        let mut seen = [0u8; KINDS];
        let mut see = |t: &Tile| seen[t.kind().index()] += 1;
        view.concealed.iter().for_each(&mut see);
        round.dora_indicators.iter().for_each(&mut see);
        for p in round.players.values() {
            p.melds.iter().flat_map(|m| &m.tiles).for_each(&mut see);
            p.pond
                .iter()
                .filter(|d| !d.claimed)
                .for_each(|d| see(&d.tile));
        }
        let threats = round
            .players
            .iter()
            .filter(|(s, p)| {
                *s != view.seat
                    && (p.riichi != RiichiKind::None || p.pond.last().is_some_and(|d| d.riichi))
            })
            .map(|(s, _)| s)
            .collect();
        Some(Sight {
            view,
            round,
            hand: Hand::from_tiles(&view.concealed),
            melds,
            seen,
            dora: dora_kinds(&round.dora_indicators),
            threats,
        })
    }

    /// Copies of `kind` this seat cannot see.
    pub fn unseen(&self, kind: Kind) -> u8 {
        4u8.saturating_sub(self.seen[kind.index()])
    }

    /// The efficiency of concealed tiles `counts` (3k + 1 of them) beside `melds` calls.
    pub fn efficiency(&self, counts: &Counts, melds: usize) -> Efficiency {
        let s = shanten(counts, melds);
        let mut c = *counts;
        let mut accepted = 0;
        for kind in Kind::all() {
            let left = self.unseen(kind);
            if left == 0 || !may_help(counts, kind) {
                continue;
            }
            c[kind.index()] += 1;
            if shanten(&c, melds) < s {
                accepted += u32::from(left);
            }
            c[kind.index()] -= 1;
        }
        Efficiency {
            shanten: s,
            accepted,
        }
    }

    /// The efficiency after discarding `tile` from the hand (which holds 3k + 2 tiles).
    pub fn after_discard(&self, tile: Tile) -> Efficiency {
        let mut c = *self.hand.counts();
        c[tile.kind().index()] -= 1;
        self.efficiency(&c, self.melds.len())
    }

    /// The best shanten the hand reaches with one discard (of a hand of 3k + 2 tiles), or its
    /// shanten (of 3k + 1 tiles, while answering a discard).
    pub fn shanten_now(&self) -> i8 {
        shanten(self.hand.counts(), self.melds.len())
    }

    /// Dora the tile is worth (its kind's, and one more for a red five).
    pub fn dora_of(&self, tile: Tile) -> u32 {
        let kind = tile.kind();
        self.dora.iter().filter(|d| **d == kind).count() as u32 + u32::from(tile.is_red())
    }

    /// The seat's wind (East for the dealer).
    pub fn seat_wind(&self) -> Kind {
        wind_after(self.round.dealer.distance_to(
            self.view.seat,
            crate::games::interface::seat::SeatCount::FOUR,
        ))
    }

    /// The round's wind.
    pub fn round_wind(&self) -> Kind {
        wind_after(self.round.dealership / 4)
    }

    /// A kind whose triplet is a yaku for this seat: a dragon, its wind or the round's.
    pub fn is_value(&self, kind: Kind) -> bool {
        kind.is_dragon() || kind == self.seat_wind() || kind == self.round_wind()
    }

    /// Whether the seat's calls already hold a yaku (a triplet or kan of a value kind).
    pub fn has_value_call(&self) -> bool {
        self.melds
            .iter()
            .any(|m| m.kind != MeldKind::Chi && self.is_value(m.first()))
    }

    pub fn is_dealer(&self) -> bool {
        self.round.dealer == self.view.seat
    }
}

/// The wind `n` after East.
fn wind_after(n: u8) -> Kind {
    Kind::new(Kind::EAST.index() as u8 + n % 4).unwrap_or(Kind::EAST)
}

/// Whether one more `kind` could lower the shanten: a kind held or next to one held (within
/// two), or a terminal or honor (seven pairs and thirteen orphans aside, those need a held
/// kind too, but orphans need any of them).
pub fn may_help(counts: &Counts, kind: Kind) -> bool {
    if counts[kind.index()] > 0 || kind.is_yaochuu() {
        return true;
    }
    (1..=2).any(|d| {
        kind.up(d).is_some_and(|k| counts[k.index()] > 0)
            || (kind.number() > d
                && Kind::new(kind.index() as u8 - d).is_some_and(|k| counts[k.index()] > 0))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::mahjong::hand::parse_hand;

    #[test]
    fn only_held_or_neighbouring_kinds_and_orphans_may_help() {
        let (hand, _) = parse_hand("5m").unwrap();
        let names: Vec<String> = Kind::all()
            .filter(|k| may_help(hand.counts(), *k))
            .filter(|k| !k.is_yaochuu())
            .map(|k| k.to_string())
            .collect();
        assert_eq!(names, ["3m", "4m", "5m", "6m", "7m"]);
    }
}
