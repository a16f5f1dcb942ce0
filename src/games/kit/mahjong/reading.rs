//! Readings of a winning hand (§6 "Reading a hand", §9): every split of its tiles into groups
//! and a pair, seven pairs or thirteen orphans, with the group the winning tile completed.

use serde::{Deserialize, Serialize};

use super::hand::{Counts, Meld, MeldKind};
use super::shanten::{is_seven_pairs, is_thirteen_orphans, BLOCKS};
use super::tile::{Kind, KINDS};

/// The shape of a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// Three in a row of one suit, from `first`.
    Run,
    Triplet,
    Kan,
}

/// One group of a standard reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Group {
    pub shape: Shape,
    /// The kind of a triplet or kan, the lowest of a run.
    pub first: Kind,
    /// From a call (chi, pon, open or added kan); a closed kan and the concealed groups are
    /// not.
    pub called: bool,
}

impl Group {
    /// Whether the group holds `kind`.
    pub fn holds(self, kind: Kind) -> bool {
        match self.shape {
            Shape::Run => {
                kind.suit() == self.first.suit()
                    && (self.first.index()..self.first.index() + 3).contains(&kind.index())
            }
            _ => kind == self.first,
        }
    }

    /// The kinds it holds (a run's three, a triplet's or kan's one).
    pub fn kinds(self) -> impl Iterator<Item = Kind> {
        let n = if self.shape == Shape::Run { 3 } else { 1 };
        (0..n).map(move |k| self.first.up(k).unwrap_or(self.first))
    }

    /// A terminal or an honor in it.
    pub fn has_yaochuu(self) -> bool {
        self.kinds().any(Kind::is_yaochuu)
    }

    pub fn is_set_of_one_kind(self) -> bool {
        self.shape != Shape::Run
    }

    fn from_meld(meld: &Meld) -> Group {
        let shape = match meld.kind {
            MeldKind::Chi => Shape::Run,
            MeldKind::Pon => Shape::Triplet,
            _ => Shape::Kan,
        };
        Group {
            shape,
            first: meld.first(),
            called: meld.kind.opens_hand(),
        }
    }
}

/// Which part of the hand the winning tile completed (§9 wait fu).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wait {
    /// 両面: either end of a run whose other end is not a terminal-side edge.
    TwoSided,
    /// 嵌張: the middle of a run.
    Middle,
    /// 辺張: the 3 of 1-2-3 or the 7 of 7-8-9.
    Edge,
    /// 双碰: a triplet.
    Triplet,
    /// 単騎: the pair.
    Pair,
}

impl Wait {
    /// The fu of the wait (§9).
    pub fn fu(self) -> u32 {
        match self {
            Wait::TwoSided | Wait::Triplet => 0,
            Wait::Middle | Wait::Edge | Wait::Pair => 2,
        }
    }
}

/// One reading of a winning hand.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Reading {
    /// Four groups (the calls first, then the concealed groups in tile order) and a pair; the
    /// winning tile completed `groups[win]`, or the pair when `win` is `None`.
    Standard {
        groups: [Group; 4],
        pair: Kind,
        win: Option<usize>,
        wait: Wait,
    },
    /// 七対子: the seven pairs in tile order.
    SevenPairs { pairs: [Kind; 7] },
    /// 国士無双: the kind held twice.
    ThirteenOrphans { pair: Kind },
}

impl Reading {
    /// The wait of the reading (a seven-pairs or thirteen-orphans hand waits on its pair or
    /// its single tile).
    pub fn wait(&self) -> Wait {
        match self {
            Reading::Standard { wait, .. } => *wait,
            _ => Wait::Pair,
        }
    }
}

/// Every reading of a hand whose concealed tiles (with the winning tile among them) are
/// `concealed`, beside `melds`; `won` is the winning tile's kind. Empty when the hand is not a
/// winning shape.
pub fn readings(concealed: &Counts, melds: &[Meld], won: Kind) -> Vec<Reading> {
    let mut out = Vec::new();
    let called: Vec<Group> = melds.iter().map(Group::from_meld).collect();
    for split in standard_splits(concealed) {
        let (pair, concealed_groups) = split;
        let mut groups = called.clone();
        groups.extend(concealed_groups.iter().copied());
        let Ok(groups) = <[Group; 4]>::try_from(groups) else {
            continue;
        };
        for (win, wait) in wins_in(&groups, called.len(), pair, won) {
            let reading = Reading::Standard {
                groups,
                pair,
                win,
                wait,
            };
            if !out.contains(&reading) {
                out.push(reading);
            }
        }
    }
    if melds.is_empty() && is_seven_pairs(concealed) {
        let kinds: Vec<Kind> = Kind::all().filter(|k| concealed[k.index()] == 2).collect();
        if let Ok(pairs) = kinds.try_into() {
            out.push(Reading::SevenPairs { pairs });
        }
    }
    if melds.is_empty() && is_thirteen_orphans(concealed) {
        if let Some(pair) = Kind::all().find(|k| concealed[k.index()] == 2) {
            out.push(Reading::ThirteenOrphans { pair });
        }
    }
    out
}

/// Where the winning tile can sit in a split: the pair, or each concealed group holding it.
fn wins_in(groups: &[Group; 4], calls: usize, pair: Kind, won: Kind) -> Vec<(Option<usize>, Wait)> {
    let mut out = Vec::new();
    if pair == won {
        out.push((None, Wait::Pair));
    }
    for (i, g) in groups.iter().enumerate().skip(calls) {
        if !g.holds(won) {
            continue;
        }
        let wait = match g.shape {
            Shape::Run => run_wait(g.first, won),
            _ => Wait::Triplet,
        };
        // Two identical groups give the same reading: keep the first.
        if groups[calls..i].contains(g) {
            continue;
        }
        out.push((Some(i), wait));
    }
    out
}

/// The wait of a run from `first` completed by `won`.
fn run_wait(first: Kind, won: Kind) -> Wait {
    match won.index() - first.index() {
        1 => Wait::Middle,
        0 if first.number() == 7 => Wait::Edge,
        2 if first.number() == 1 => Wait::Edge,
        _ => Wait::TwoSided,
    }
}

/// Every split of concealed tiles into a pair and sets (runs and triplets), each in tile order.
fn standard_splits(concealed: &Counts) -> Vec<(Kind, Vec<Group>)> {
    let mut out = Vec::new();
    let mut counts = *concealed;
    for pair in Kind::all() {
        if counts[pair.index()] < 2 {
            continue;
        }
        counts[pair.index()] -= 2;
        let mut sets = Vec::with_capacity(4);
        let mut found = Vec::new();
        split_sets(&mut counts, 0, &mut sets, &mut found);
        for s in found {
            out.push((pair, s));
        }
        counts[pair.index()] += 2;
    }
    out
}

fn split_sets(c: &mut Counts, from: usize, sets: &mut Vec<Group>, found: &mut Vec<Vec<Group>>) {
    let Some(i) = (from..KINDS).find(|&i| c[i] > 0) else {
        found.push(sets.clone());
        return;
    };
    let kind = Kind::new(i as u8).expect("an index below KINDS");
    if c[i] >= 3 {
        c[i] -= 3;
        sets.push(Group {
            shape: Shape::Triplet,
            first: kind,
            called: false,
        });
        split_sets(c, i, sets, found);
        sets.pop();
        c[i] += 3;
    }
    let in_block = BLOCKS[..3]
        .iter()
        .any(|b| b.contains(&i) && b.contains(&(i + 2)));
    if in_block && c[i + 1] > 0 && c[i + 2] > 0 {
        for n in &mut c[i..i + 3] {
            *n -= 1;
        }
        sets.push(Group {
            shape: Shape::Run,
            first: kind,
            called: false,
        });
        split_sets(c, i, sets, found);
        sets.pop();
        for n in &mut c[i..i + 3] {
            *n += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::mahjong::hand::parse_hand;
    use crate::games::kit::mahjong::tile::Tile;

    fn read(text: &str, won: &str) -> Vec<Reading> {
        let (hand, melds) = parse_hand(text).unwrap();
        readings(hand.counts(), &melds, won.parse::<Tile>().unwrap().kind())
    }

    fn waits(text: &str, won: &str) -> Vec<Wait> {
        read(text, won).iter().map(Reading::wait).collect()
    }

    #[test]
    fn a_run_completed_at_either_open_end_is_two_sided() {
        assert_eq!(waits("234m456p789s11z 555z", "2m"), [Wait::TwoSided]);
        assert_eq!(waits("234m456p789s11z 555z", "4m"), [Wait::TwoSided]);
    }

    #[test]
    fn edge_and_middle_waits_are_told_apart() {
        assert_eq!(waits("123m456p789s11z 555z", "3m"), [Wait::Edge]);
        assert_eq!(waits("789m456p789s11z 555z", "7m"), [Wait::Edge]);
        assert_eq!(waits("123m456p789s11z 555z", "2m"), [Wait::Middle]);
        assert_eq!(waits("123m456p789s11z 555z", "1m"), [Wait::TwoSided]);
    }

    #[test]
    fn the_same_tiles_can_be_read_as_several_waits() {
        // 34555m on a 5m: 345m completed at its end with 55m, or the pair of 5m completed.
        let w = waits("34555m456p789s 555z", "5m");
        assert!(
            w.contains(&Wait::Pair) && w.contains(&Wait::TwoSided),
            "{w:?}"
        );
        let w = waits("111222333m456p11z", "1m");
        assert!(
            w.contains(&Wait::Triplet) && w.contains(&Wait::TwoSided),
            "{w:?}"
        );
    }

    #[test]
    fn seven_pairs_and_two_identical_runs_give_both_readings() {
        let r = read("112233m445566p77z", "7z");
        assert!(r.iter().any(|r| matches!(r, Reading::SevenPairs { .. })));
        assert!(r.iter().any(|r| matches!(r, Reading::Standard { .. })));
    }

    #[test]
    fn thirteen_orphans_reads_its_pair() {
        let r = read("19m19p19s12345677z", "7z");
        assert_eq!(
            r,
            [Reading::ThirteenOrphans {
                pair: "7z".parse::<Tile>().unwrap().kind()
            }]
        );
    }

    #[test]
    fn a_hand_that_is_not_complete_has_no_reading() {
        assert!(read("123m456p789s12z 555z", "1z").is_empty());
    }
}
