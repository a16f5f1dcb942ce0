//! Waits and tenpai (§6): the kinds that complete a hand of 13 tiles (calls counted as three),
//! except a kind the player holds all four of.

use super::hand::{Counts, Meld};
use super::shanten::is_complete;
use super::tile::{Kind, KindSet};

/// The waits of concealed tiles `concealed` (3k + 1 of them) beside `melds`.
pub fn waits(concealed: &Counts, melds: &[Meld]) -> KindSet {
    let mut held = *concealed;
    for meld in melds {
        for t in &meld.tiles {
            held[t.kind().index()] += 1;
        }
    }
    let mut counts = *concealed;
    let mut out = KindSet::EMPTY;
    for kind in Kind::all() {
        let i = kind.index();
        if held[i] >= 4 || !could_help(&counts, kind) {
            continue;
        }
        counts[i] += 1;
        if is_complete(&counts, melds.len()) {
            out.insert(kind);
        }
        counts[i] -= 1;
    }
    out
}

/// Formal tenpai ([R22]): at least one wait.
pub fn is_tenpai(concealed: &Counts, melds: &[Meld]) -> bool {
    !waits(concealed, melds).is_empty()
}

/// A kind can only complete a hand next to a tile it would group with, or as a terminal or
/// honor (thirteen orphans).
fn could_help(counts: &Counts, kind: Kind) -> bool {
    if kind.is_yaochuu() || counts[kind.index()] > 0 {
        return true;
    }
    if kind.is_honor() {
        return false;
    }
    let n = kind.number();
    let base = kind.index() + 1 - usize::from(n);
    (n.saturating_sub(2).max(1)..=(n + 2).min(9)).any(|m| counts[base + usize::from(m) - 1] > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::mahjong::hand::parse_hand;

    fn waits_of(text: &str) -> Vec<String> {
        let (hand, melds) = parse_hand(text).unwrap();
        waits(hand.counts(), &melds)
            .iter()
            .map(|k| k.to_string())
            .collect()
    }

    #[test]
    fn waits_list_every_kind_that_completes_the_hand() {
        assert_eq!(waits_of("23m456p789s11z 555z"), ["1m", "4m"]);
        let nine_gates = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"];
        assert_eq!(waits_of("1112345678999m"), nine_gates);
        assert_eq!(waits_of("19m19p19s1234567z").len(), 13);
        assert_eq!(waits_of("1122m3344p5566s7z"), ["7z"]);
    }

    #[test]
    fn a_kind_held_four_times_is_no_wait() {
        // Four 1m wait only on a fifth 1m: no wait, not tenpai.
        assert!(waits_of("1111m456p789s 555z").is_empty());
        let (hand, melds) = parse_hand("1111m456p789s 555z").unwrap();
        assert!(!is_tenpai(hand.counts(), &melds));
        // Three of the four 1m in a pon: the single 1m waits on none.
        assert!(waits_of("1m234p456p789s 111m").is_empty());
        assert_eq!(waits_of("1m234p456p789s 111z"), ["1m"]);
    }
}
