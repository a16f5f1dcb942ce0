//! How good a hand is to the `normal` and `hard` computers: shanten first, then how many
//! tiles would lower it (acceptance), counting only copies that are not dead (in the seat's
//! own hand, a call or a dora indicator), and, for tiles the seat can see within its reach on
//! the board, a bonus on top, since in mining a visible top tile near the piece is a tile it
//! can choose to take, not one it must hope to draw.

use crate::games::kit::mahjong::hand::Counts;
use crate::games::kit::mahjong::shanten::shanten;
use crate::games::kit::mahjong::tile::{Kind, Tile, KINDS};

/// One step of shanten outweighs any acceptance (at most 34 kinds × 4 copies + bonuses).
const SHANTEN_STEP: i32 = 10_000;

/// What a hand's worth is judged against: the copies of each kind still live, and the weight
/// of each kind the seat can reach on the board next turn.
#[derive(Debug, Clone)]
pub struct Outlook {
    pub live: Counts,
    /// Extra worth of each kind by where it lies: a top tile the piece stands on (its next
    /// move takes it for sure) weighs most, one a step away less.
    pub near: [i32; KINDS],
    /// The dora kinds (a kept dora is worth a little).
    pub dora: Vec<Kind>,
}

impl Outlook {
    /// Live copies from the tiles the seat sees as dead to it: its own concealed tiles, every
    /// call's tiles and the dora indicators. Discards go back onto the mine, so they stay live.
    pub fn new(dead: impl IntoIterator<Item = Tile>, indicators: &[Tile]) -> Outlook {
        let mut live = [4u8; KINDS];
        for t in dead.into_iter().chain(indicators.iter().copied()) {
            let i = t.kind().index();
            live[i] = live[i].saturating_sub(1);
        }
        Outlook {
            live,
            near: [0; KINDS],
            dora: indicators.iter().map(|t| t.kind().dora_after()).collect(),
        }
    }
}

/// The worth of a hand of 3k + 1 concealed tiles beside `melds` calls (higher is better).
pub fn worth(counts: &Counts, melds: usize, outlook: &Outlook) -> i32 {
    let s = shanten(counts, melds);
    let mut c = *counts;
    let mut accept = 0;
    for i in 0..KINDS {
        if c[i] >= 4 || !may_help(counts, i, s) {
            continue;
        }
        c[i] += 1;
        if shanten(&c, melds) < s {
            accept += i32::from(outlook.live[i]) + outlook.near[i];
        }
        c[i] -= 1;
    }
    let dora: i32 = outlook
        .dora
        .iter()
        .map(|k| i32::from(counts[k.index()]))
        .sum();
    -SHANTEN_STEP * i32::from(s) + 4 * accept + 3 * dora
}

/// Whether one more tile of kind `i` can lower the shanten `s` of `counts`: a kind held or
/// beside one held in its suit (a standard shape), any kind while seven pairs or thirteen
/// orphans may be nearer (their counts move with tiles that touch nothing).
fn may_help(counts: &Counts, i: usize, s: i8) -> bool {
    if counts[i] > 0 || s >= 3 {
        return true;
    }
    if i >= 27 {
        return false;
    }
    let (lo, hi) = ((i / 9) * 9, (i / 9) * 9 + 8);
    (i.saturating_sub(2).max(lo)..=(i + 2).min(hi)).any(|j| counts[j] > 0)
}

/// The kinds to let go of, `k` of them (1 or 2), that leave the best worth, with that worth.
/// `counts` holds 3k + 1 + `k` tiles.
pub fn best_release(
    counts: &Counts,
    melds: usize,
    k: usize,
    outlook: &Outlook,
) -> (i32, Vec<Kind>) {
    let held: Vec<usize> = (0..KINDS).filter(|&i| counts[i] > 0).collect();
    let mut options: Vec<Vec<usize>> = Vec::new();
    match k {
        0 => options.push(Vec::new()),
        1 => options.extend(held.iter().map(|&i| vec![i])),
        _ => {
            for (a, &i) in held.iter().enumerate() {
                for &j in &held[a..] {
                    if i != j || counts[i] >= 2 {
                        options.push(vec![i, j]);
                    }
                }
            }
        }
    }
    // Shanten first for all; acceptance only for those at the best shanten.
    let after = |drop: &[usize]| {
        let mut c = *counts;
        for &i in drop {
            c[i] -= 1;
        }
        c
    };
    let shantens: Vec<i8> = options.iter().map(|d| shanten(&after(d), melds)).collect();
    let least = shantens.iter().copied().min().unwrap_or(8);
    let mut best: Option<(i32, Vec<Kind>)> = None;
    for (d, s) in options.iter().zip(&shantens) {
        if *s != least {
            continue;
        }
        let w = worth(&after(d), melds, outlook) - d.iter().map(|&i| keep_bonus(i)).sum::<i32>();
        if best.as_ref().is_none_or(|(b, _)| w > *b) {
            best = Some((w, d.iter().filter_map(|&i| Kind::new(i as u8)).collect()));
        }
    }
    best.unwrap_or((i32::MIN / 2, Vec::new()))
}

/// A little worth in keeping a kind that is easier to build on: simples over terminals over
/// honors (all else equal, the loose honor goes first).
fn keep_bonus(i: usize) -> i32 {
    match Kind::new(i as u8) {
        Some(k) if k.is_honor() => 0,
        Some(k) if k.is_terminal() => 1,
        Some(k) if matches!(k.number(), 2 | 8) => 2,
        _ => 3,
    }
}

/// Kind counts of `tiles`.
pub fn counts_of<'a>(tiles: impl IntoIterator<Item = &'a Tile>) -> Counts {
    let mut c = [0u8; KINDS];
    for t in tiles {
        c[t.kind().index()] += 1;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::mahjong::tile::parse_tiles;

    fn counts(text: &str) -> Counts {
        counts_of(&parse_tiles(text).expect("tiles"))
    }

    /// A nearer hand is always worth more than a farther one, however wide the farther one's
    /// acceptance; at one shanten, two open waits are worth more than two closed ones.
    #[test]
    fn shanten_first_then_acceptance() {
        let outlook = Outlook::new([], &[]);
        let tenpai = counts("123m456p789s11z23s");
        let farther = counts("123m456p11z23s58s5z");
        assert!(worth(&tenpai, 0, &outlook) > worth(&farther, 0, &outlook));
        let wide = counts("123m456p11z34s67s9p");
        let narrow = counts("123m456p11z13s79s9p");
        assert!(worth(&wide, 0, &outlook) > worth(&narrow, 0, &outlook));
    }

    /// From 15 tiles, the two let go are the ones the hand does not need.
    #[test]
    fn releases_the_loose_tiles() {
        let hand = counts("123m456p789s11z23s5z7z");
        let (_, drop) = best_release(&hand, 0, 2, &Outlook::new([], &[]));
        let mut drop: Vec<String> = drop.iter().map(|k| k.tile().to_string()).collect();
        drop.sort();
        assert!(
            drop.iter().all(|t| ["5z", "7z"].contains(&t.as_str())),
            "dropped {drop:?}"
        );
    }
}
