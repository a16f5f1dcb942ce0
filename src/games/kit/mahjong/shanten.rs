//! Shanten: how many tiles a hand is from tenpai (0 = tenpai, −1 = a winning shape), for the
//! standard shape, seven pairs and thirteen orphans (§6).
//!
//! The standard shape is scored block by block (each suit, then the honors): a block's search
//! finds, for each number of complete sets and with or without the pair, the most partial sets
//! it can hold at the same time; the blocks are then combined. A suit holds few tiles in most
//! hands, so the search is small, and the honors have no runs at all.

use super::hand::Counts;
use super::tile::KINDS;

/// Shanten of a winning shape.
pub const COMPLETE: i8 = -1;

/// For `pair` (0 or 1) and `sets` (0–4): the most partial sets a block holds beside them, or
/// −1 when it cannot hold that many sets.
type BlockTable = [[i8; 5]; 2];

const EMPTY_TABLE: BlockTable = [[-1; 5]; 2];

/// The best shanten of the three shapes for a concealed hand beside `melds` calls (a hand of
/// 3 × (4 − melds) + 1 or + 2 tiles).
pub fn shanten(counts: &Counts, melds: usize) -> i8 {
    let regular = regular(counts, melds);
    if melds > 0 || regular <= 0 {
        return regular;
    }
    regular
        .min(seven_pairs(counts))
        .min(thirteen_orphans(counts))
}

/// Shanten of the standard shape: four sets and a pair.
pub fn regular(counts: &Counts, melds: usize) -> i8 {
    let blocks = [
        block_table(&counts[0..9], true),
        block_table(&counts[9..18], true),
        block_table(&counts[18..27], true),
        block_table(&counts[27..34], false),
    ];
    let combined = blocks[1..]
        .iter()
        .fold(blocks[0], |acc, b| combine(&acc, b));
    let melds = melds.min(4) as i8;
    let mut best = 8;
    for (pair, row) in combined.iter().enumerate() {
        for (sets, &partial) in row.iter().enumerate() {
            if partial < 0 {
                continue;
            }
            let sets = (sets as i8 + melds).min(4);
            let partial = partial.min(4 - sets);
            best = best.min(8 - 2 * sets - partial - pair as i8);
        }
    }
    best
}

/// Shanten of seven pairs (a closed hand of 13 or 14 tiles; four of a kind is one pair).
pub fn seven_pairs(counts: &Counts) -> i8 {
    let pairs = counts.iter().filter(|&&c| c >= 2).count() as i8;
    let kinds = counts.iter().filter(|&&c| c >= 1).count() as i8;
    6 - pairs + (7 - kinds).max(0)
}

/// Shanten of thirteen orphans.
pub fn thirteen_orphans(counts: &Counts) -> i8 {
    let mut kinds = 0;
    let mut pair = 0;
    for index in YAOCHUU {
        let c = counts[index];
        kinds += i8::from(c > 0);
        pair |= i8::from(c >= 2);
    }
    13 - kinds - pair
}

/// The 13 terminal and honor kinds.
pub const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

fn combine(a: &BlockTable, b: &BlockTable) -> BlockTable {
    let mut out = EMPTY_TABLE;
    for pa in 0..2 {
        for pb in 0..2 - pa {
            for (sa, &ta) in a[pa].iter().enumerate() {
                if ta < 0 {
                    continue;
                }
                for (sb, &tb) in b[pb].iter().enumerate() {
                    if tb < 0 {
                        continue;
                    }
                    let sets = (sa + sb).min(4);
                    let cell = &mut out[pa + pb][sets];
                    *cell = (*cell).max(ta + tb);
                }
            }
        }
    }
    out
}

/// The table of one block: a suit (`runs`) or the honors.
fn block_table(block: &[u8], runs: bool) -> BlockTable {
    let mut table = EMPTY_TABLE;
    let mut counts = [0u8; 9];
    counts[..block.len()].copy_from_slice(block);
    if counts.iter().all(|&c| c == 0) {
        table[0][0] = 0;
        return table;
    }
    if !runs {
        return honor_table(&counts[..block.len()]);
    }
    search(&mut counts, 0, 0, 0, 0, &mut table);
    table
}

/// Honors make no runs: each kind is a set, a pair or a partial on its own.
fn honor_table(block: &[u8]) -> BlockTable {
    // For each kind: its (sets, partials) options without the pair, and with it as the pair.
    let mut table = EMPTY_TABLE;
    table[0][0] = 0;
    for &c in block.iter().filter(|&&c| c > 0) {
        let mut next = EMPTY_TABLE;
        for (pair, row) in table.iter().enumerate() {
            for (sets, &t) in row.iter().enumerate() {
                if t < 0 {
                    continue;
                }
                let mut put = |p: usize, s: usize, add: i8| {
                    let cell = &mut next[p][(sets + s).min(4)];
                    *cell = (*cell).max(t + add);
                };
                put(pair, 0, 0);
                if c >= 2 {
                    put(pair, 0, 1);
                    if pair == 0 {
                        put(1, 0, 0);
                    }
                }
                if c >= 3 {
                    put(pair, 1, 0);
                }
            }
        }
        table = next;
    }
    table
}

/// Every way to read a suit's tiles as sets, the pair, partial sets and loose tiles.
fn search(c: &mut [u8; 9], from: usize, sets: usize, partial: i8, pair: usize, t: &mut BlockTable) {
    let Some(i) = (from..9).find(|&i| c[i] > 0) else {
        let cell = &mut t[pair][sets.min(4)];
        *cell = (*cell).max(partial);
        return;
    };
    if c[i] >= 3 {
        c[i] -= 3;
        search(c, i, sets + 1, partial, pair, t);
        c[i] += 3;
    }
    if i + 2 < 9 && c[i + 1] > 0 && c[i + 2] > 0 {
        take(c, [i, i + 1, i + 2]);
        search(c, i, sets + 1, partial, pair, t);
        give(c, [i, i + 1, i + 2]);
    }
    if c[i] >= 2 {
        c[i] -= 2;
        if pair == 0 {
            search(c, i, sets, partial, 1, t);
        }
        search(c, i, sets, partial + 1, pair, t);
        c[i] += 2;
    }
    for gap in [1, 2] {
        if i + gap < 9 && c[i + gap] > 0 {
            take(c, [i, i + gap]);
            search(c, i, sets, partial + 1, pair, t);
            give(c, [i, i + gap]);
        }
    }
    c[i] -= 1;
    search(c, i + 1, sets, partial, pair, t);
    c[i] += 1;
}

fn take<const N: usize>(c: &mut [u8; 9], at: [usize; N]) {
    for i in at {
        c[i] -= 1;
    }
}

fn give<const N: usize>(c: &mut [u8; 9], at: [usize; N]) {
    for i in at {
        c[i] += 1;
    }
}

/// Whether `counts` (3k + 2 tiles) split into sets and one pair.
pub fn is_standard_complete(counts: &Counts) -> bool {
    let mut pair_block = None;
    for (b, range) in BLOCKS.iter().enumerate() {
        let sum: u32 = counts[range.clone()].iter().map(|&c| u32::from(c)).sum();
        match sum % 3 {
            0 => {}
            2 if pair_block.is_none() => pair_block = Some(b),
            _ => return false,
        }
    }
    let Some(pair_block) = pair_block else {
        return false;
    };
    for (b, range) in BLOCKS.iter().enumerate() {
        let runs = b < 3;
        let block = &counts[range.clone()];
        let ok = if b == pair_block {
            (0..block.len()).any(|i| {
                block[i] >= 2 && {
                    let mut c = [0u8; 9];
                    c[..block.len()].copy_from_slice(block);
                    c[i] -= 2;
                    all_sets(c, runs)
                }
            })
        } else {
            let mut c = [0u8; 9];
            c[..block.len()].copy_from_slice(block);
            all_sets(c, runs)
        };
        if !ok {
            return false;
        }
    }
    true
}

/// The index ranges of the four blocks.
pub const BLOCKS: [std::ops::Range<usize>; 4] = [0..9, 9..18, 18..27, 27..KINDS];

/// Whether a block splits into sets only. At the lowest tile a triplet is always safe to take
/// (three runs from there are three triplets too), otherwise runs must start there.
fn all_sets(mut c: [u8; 9], runs: bool) -> bool {
    for i in 0..9 {
        if c[i] >= 3 {
            c[i] -= 3;
        }
        let n = c[i];
        if n == 0 {
            continue;
        }
        if !runs || i + 2 >= 9 || c[i + 1] < n || c[i + 2] < n {
            return false;
        }
        c[i + 1] -= n;
        c[i + 2] -= n;
    }
    true
}

/// Whether a closed hand of 14 tiles is seven pairs of seven kinds.
pub fn is_seven_pairs(counts: &Counts) -> bool {
    counts.iter().filter(|&&c| c == 2).count() == 7
}

/// Whether a closed hand of 14 tiles is thirteen orphans.
pub fn is_thirteen_orphans(counts: &Counts) -> bool {
    YAOCHUU.iter().all(|&i| counts[i] >= 1) && YAOCHUU.iter().map(|&i| counts[i]).sum::<u8>() == 14
}

/// Whether a hand (with `melds` calls) is a winning shape of any kind.
pub fn is_complete(counts: &Counts, melds: usize) -> bool {
    is_standard_complete(counts)
        || (melds == 0 && (is_seven_pairs(counts) || is_thirteen_orphans(counts)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::mahjong::hand::parse_hand;

    fn sh(text: &str) -> i8 {
        let (hand, melds) = parse_hand(text).unwrap();
        shanten(hand.counts(), melds.len())
    }

    #[test]
    fn shanten_counts_tiles_to_tenpai_for_each_shape() {
        assert_eq!(sh("123m456p789s1122z"), 0);
        assert_eq!(sh("123m456p789s11222z"), -1);
        assert_eq!(sh("1m9m1p9p1s9s1234567z"), 0);
        assert_eq!(sh("19m19p19s12345677z"), -1);
        assert_eq!(sh("1122m3344p5566s7z"), 0);
        assert_eq!(sh("1122m3344p5566s77z"), -1);
        assert_eq!(sh("147m258p369s1234z"), 6);
        assert_eq!(
            regular(parse_hand("147m258p369s1234z").unwrap().0.counts(), 0),
            8
        );
        assert_eq!(sh("13m46p79s1357z 555z"), 3);
        assert_eq!(sh("1z 111m 222m 333m 444m"), 0);
        assert_eq!(sh("11z 111m 222m 333m 444m"), -1);
    }

    #[test]
    fn four_of_a_kind_is_not_two_pairs() {
        // Five pairs, one of them four 1m: two exchanges to tenpai, not one.
        assert_eq!(
            seven_pairs(parse_hand("1111m2233p4455s6z").unwrap().0.counts()),
            2
        );
    }

    #[test]
    fn winning_shapes_are_recognised() {
        let complete = |t: &str| {
            let (h, m) = parse_hand(t).unwrap();
            is_complete(h.counts(), m.len())
        };
        assert!(complete("11123455678999m"));
        assert!(complete("11122233344455m"));
        assert!(complete("123m456p789s11222z"));
        assert!(!complete("123m456p789s11223z"));
        assert!(complete("2233445566778m8m"));
        assert!(!complete("1122m3344p55s77z 555z"));
    }
}
