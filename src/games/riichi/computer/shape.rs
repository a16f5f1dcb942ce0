//! `hard`'s reading of a hand's shape beyond the next draw: two-step efficiency (the tiles
//! that bring the hand closer, each weighted by how many tiles the best discard after drawing
//! it accepts in turn), and how far an open hand is from a yaku of its own.

use super::sight::{may_help, Sight};
use crate::games::kit::mahjong::hand::{Counts, MeldKind};
use crate::games::kit::mahjong::shanten::shanten;
use crate::games::kit::mahjong::tile::{Kind, Suit, KINDS};

/// The unseen copies of every kind, from the seat's sight.
pub fn unseen_counts(sight: &Sight) -> Counts {
    let mut out = [0u8; KINDS];
    for k in Kind::all() {
        out[k.index()] = sight.unseen(k);
    }
    out
}

/// The unseen copies of the kinds that lower the shanten `s` of `counts` (3k + 1 tiles).
pub fn accepted(counts: &Counts, melds: usize, s: i8, unseen: &Counts) -> u32 {
    let mut c = *counts;
    let mut total = 0;
    for kind in Kind::all() {
        let i = kind.index();
        if unseen[i] == 0 || !may_help(counts, kind) {
            continue;
        }
        c[i] += 1;
        if shanten(&c, melds) < s {
            total += u32::from(unseen[i]);
        }
        c[i] -= 1;
    }
    total
}

/// Two-step efficiency of `counts` (3k + 1 tiles, shanten `s` ≥ 1): for every kind that lowers
/// the shanten, its unseen copies times the most tiles a discard keeping the new shanten then
/// accepts (the drawn copy no longer unseen). At `s` = 0 it is the plain accepted count.
pub fn two_step(counts: &Counts, melds: usize, s: i8, unseen: &Counts) -> u32 {
    if s <= 0 {
        return accepted(counts, melds, s, unseen);
    }
    let mut drawn = *counts;
    let mut left = *unseen;
    let mut total = 0;
    for kind in Kind::all() {
        let i = kind.index();
        if unseen[i] == 0 || !may_help(counts, kind) {
            continue;
        }
        drawn[i] += 1;
        if shanten(&drawn, melds) < s {
            left[i] -= 1;
            total += u32::from(unseen[i]) * best_after_draw(&mut drawn, melds, s - 1, &left);
            left[i] += 1;
        }
        drawn[i] -= 1;
    }
    total
}

/// The most tiles any discard from `counts` (3k + 2 tiles) that keeps shanten `s` accepts.
fn best_after_draw(counts: &mut Counts, melds: usize, s: i8, unseen: &Counts) -> u32 {
    let mut best = 0;
    for i in 0..KINDS {
        if counts[i] == 0 {
            continue;
        }
        counts[i] -= 1;
        if shanten(counts, melds) <= s {
            best = best.max(accepted(counts, melds, s, unseen));
        }
        counts[i] += 1;
    }
    best
}

/// The shanten of `counts` (3k + 1 tiles) toward a hand that can win with a yaku of its own:
/// its plain shanten when closed (riichi is a yaku) or with a value call or pair; for another
/// open hand the best of tanyao (its terminals and honors count as tiles to replace, when open
/// tanyao is allowed and every call is of simples) and honitsu (its tiles outside one suit and
/// the honors, when every call fits); two more than its shanten when neither can be made.
pub fn yaku_shanten(sight: &Sight, counts: &Counts) -> i8 {
    let melds = sight.melds.len();
    let plain = shanten(counts, melds);
    let open = sight.melds.iter().any(|m| m.kind != MeldKind::Ankan);
    let value_pair = Kind::all().any(|k| sight.is_value(k) && counts[k.index()] >= 2);
    if !open || sight.has_value_call() || value_pair {
        return plain;
    }
    let mut best = plain + 2;
    let keeping = |fits: &dyn Fn(Kind) -> bool| {
        let mut kept = *counts;
        for k in Kind::all().filter(|k| !fits(*k)) {
            kept[k.index()] = 0;
        }
        shanten(&kept, melds)
    };
    let all_simple = sight
        .melds
        .iter()
        .all(|m| m.tiles.iter().all(|t| t.kind().is_simple()));
    if sight.view.public.options.kuitan && all_simple {
        best = best.min(keeping(&|k: Kind| k.is_simple()));
    }
    for suit in [Suit::Man, Suit::Pin, Suit::Sou] {
        let fits = |k: Kind| k.is_honor() || k.suit() == suit;
        if sight.melds.iter().all(|m| fits(m.first())) {
            best = best.min(keeping(&fits));
        }
    }
    best.max(plain)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::mahjong::hand::parse_hand;

    fn none_seen() -> Counts {
        [4; KINDS]
    }

    fn counts(text: &str) -> (Counts, usize) {
        let (hand, melds) = parse_hand(text).unwrap();
        (*hand.counts(), melds.len())
    }

    #[test]
    fn accepted_counts_the_unseen_copies_that_lower_the_shanten() {
        // Tenpai on 1-4m (an open wait): 8 copies; on 2m alone (a closed wait): 4.
        let (c, m) = counts("23m456p789s11122z");
        assert_eq!(accepted(&c, m, 0, &none_seen()), 8);
        let (c, m) = counts("13m456p789s11122z");
        assert_eq!(accepted(&c, m, 0, &none_seen()), 4);
        let mut seen = none_seen();
        seen[0] = 1;
        let (c, m) = counts("23m456p789s11122z");
        assert_eq!(accepted(&c, m, 0, &seen), 5);
    }

    #[test]
    fn two_step_prefers_the_shape_whose_tenpai_waits_widest() {
        // One away either way, both accepting the same tiles: 23m + 79p (the closed wait) and
        // 23m + 78p (two open waits). The second reaches better tenpai, so its two-step
        // efficiency is higher.
        let (a, m) = counts("23m79p456s111222z");
        let (b, _) = counts("23m78p456s111222z");
        let sa = shanten(&a, m);
        let sb = shanten(&b, m);
        assert_eq!((sa, sb), (1, 1));
        let unseen = none_seen();
        assert!(accepted(&b, m, 1, &unseen) > accepted(&a, m, 1, &unseen));
        let (ta, tb) = (two_step(&a, m, 1, &unseen), two_step(&b, m, 1, &unseen));
        assert!(tb > ta, "{tb} > {ta}");
        // 78p: every draw leaves an 8-tile wait.
        assert_eq!(tb, 8 * 4 * 8);
        // 79p (every kind counted 4 unseen here): 1m, 4m, 2m and 3m leave a 4-tile wait (a
        // single or 8p), 8p, 7p and 9p an 8-tile one (a pair and 1-4m).
        assert_eq!(ta, 4 * 4 * 4 + 3 * 4 * 8);
    }

    #[test]
    fn two_step_at_tenpai_is_the_plain_count() {
        let (c, m) = counts("23m456p789s11122z");
        assert_eq!(two_step(&c, m, 0, &none_seen()), 8);
    }
}
