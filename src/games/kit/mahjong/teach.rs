//! What a discard does for a riichi hand, for the teaching hints of the games played with it
//! (riichi, mining): the shanten the hand is left at and the kinds that would lower it, each
//! with its copies the seat has not seen. Counted from one seat's sight only: the caller passes
//! what that seat sees.

use super::hand::Counts;
use super::names::piece;
use super::shanten::shanten;
use super::tile::{Kind, Tile, KINDS};
use crate::games::interface::seat::Seat;
use crate::games::interface::{Say, Words};

/// A hand of 3k + 1 tiles as a teacher reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// Tiles from tenpai (0: tenpai).
    pub shanten: i8,
    /// Every kind whose draw lowers the shanten (at tenpai: the waits), with its unseen
    /// copies; kinds with none left unseen are kept, so the hint can say a wait is dead.
    pub improving: Vec<(Kind, u8)>,
}

impl Progress {
    /// The unseen copies of all the improving kinds together.
    pub fn unseen_total(&self) -> u32 {
        self.improving.iter().map(|(_, n)| u32::from(*n)).sum()
    }
}

/// The progress of `counts` (3k + 1 concealed tiles) beside `melds` calls, where `seen` counts
/// the copies of each kind the seat sees (its own hand included).
pub fn progress(counts: &Counts, melds: usize, seen: &Counts) -> Progress {
    let s = shanten(counts, melds);
    let mut c = *counts;
    let mut improving = Vec::new();
    for kind in Kind::all() {
        let i = kind.index();
        // A fifth copy is no draw: a kind the hand holds four of cannot come.
        if c[i] >= 4 {
            continue;
        }
        c[i] += 1;
        if shanten(&c, melds) < s {
            improving.push((kind, 4u8.saturating_sub(seen[i])));
        }
        c[i] -= 1;
    }
    Progress {
        shanten: s,
        improving,
    }
}

/// The progress after taking one `kind` out of `counts` (3k + 2 tiles); `None` when the hand
/// holds none of it.
pub fn after_discard(counts: &Counts, melds: usize, seen: &Counts, kind: Kind) -> Option<Progress> {
    let mut c = *counts;
    let slot = &mut c[kind.index()];
    *slot = slot.checked_sub(1)?;
    Some(progress(&c, melds, seen))
}

/// The kinds of `improving` as compact text: each suit's numbers then its letter, honours by
/// their character (`14m 36p 5s 東中`) — short enough for a hint line per choice.
pub fn compact(improving: &[(Kind, u8)]) -> String {
    const HONOURS: [char; 7] = ['東', '南', '西', '北', '白', '發', '中'];
    let mut out: Vec<String> = Vec::new();
    let mut honours = String::new();
    let mut run = String::new();
    let mut letter = None;
    for (kind, _) in improving {
        if kind.is_honor() {
            honours.push(HONOURS[usize::from(kind.number() - 1)]);
            continue;
        }
        if letter != Some(kind.suit().letter()) {
            if let Some(l) = letter {
                out.push(format!("{run}{l}"));
            }
            run.clear();
            letter = Some(kind.suit().letter());
        }
        run.push(char::from(b'0' + kind.number()));
    }
    if let Some(l) = letter {
        out.push(format!("{run}{l}"));
    }
    if !honours.is_empty() {
        out.push(honours);
    }
    out.join(" ")
}

/// Copies of each kind among `tiles`.
pub fn count_kinds<'a>(tiles: impl IntoIterator<Item = &'a Tile>) -> Counts {
    let mut c = [0u8; KINDS];
    for t in tiles {
        c[t.kind().index()] += 1;
    }
    c
}

/// "tenpai" or "n from tenpai", in riichi's words (mining's hints use them too).
pub fn distance(shanten: i8) -> Words {
    if shanten <= 0 {
        Words::key("riichi-teach-tenpai")
    } else {
        Words::with(
            "riichi-teach-shanten",
            vec![("n", i64::from(shanten).into())],
        )
    }
}

/// A discard's hint: the hand it leaves (`after`, `None` when the hand does not hold it).
pub fn discard_hint(tile: Tile, riichi: bool, after: Option<Progress>) -> Words {
    let Some(after) = after else {
        return Words::with(
            "riichi-teach-discard-plain",
            vec![("piece", piece(tile).into())],
        );
    };
    let key = match (riichi, after.shanten) {
        (true, _) => "riichi-teach-riichi",
        (false, s) if s <= 0 => "riichi-teach-discard-ready",
        (false, _) => "riichi-teach-discard",
    };
    let text = compact(&after.improving);
    Words::with(
        key,
        vec![
            ("piece", piece(tile).into()),
            ("distance", distance(after.shanten).into()),
            (
                "tiles",
                Say::Text(if text.is_empty() { "—".into() } else { text }),
            ),
            ("unseen", after.unseen_total().into()),
        ],
    )
}

/// Why a discard of `tile` is played, worded without the mover's hand: safe in the pond of a
/// player in riichi (`safe_from`), defence against a riichi (`threat`) when it is not the most
/// efficient, the most efficient, as near with more value kept, or another. `rate` gives the
/// shanten and the unseen improving tiles after a discard; `candidates` are the discards the
/// player could make.
pub fn discard_reason(
    tile: Tile,
    rate: impl Fn(Tile) -> Option<(i8, u32)>,
    candidates: impl IntoIterator<Item = Tile>,
    safe_from: Option<Seat>,
    threat: Option<Seat>,
) -> Words {
    let with = |key: &'static str| Words::with(key, vec![("piece", piece(tile).into())]);
    if let Some(player) = safe_from {
        return with("riichi-reason-safe").and("player", Say::Player(player));
    }
    let options: Vec<(i8, u32)> = candidates.into_iter().filter_map(&rate).collect();
    let Some((shanten, accepted)) = rate(tile) else {
        return with("riichi-reason-other");
    };
    let fewest = options.iter().map(|o| o.0).min().unwrap_or(shanten);
    let most = options
        .iter()
        .filter(|o| o.0 == fewest)
        .map(|o| o.1)
        .max()
        .unwrap_or(accepted);
    match threat {
        Some(player) if shanten > fewest || accepted < most => {
            with("riichi-reason-defend").and("player", Say::Player(player))
        }
        _ if shanten == fewest && accepted == most => with("riichi-reason-efficient"),
        _ if shanten == fewest => with("riichi-reason-shape"),
        _ => with("riichi-reason-other"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::mahjong::tile::parse_tiles;

    fn counts(text: &str) -> Counts {
        count_kinds(&parse_tiles(text).unwrap())
    }

    fn kind(s: &str) -> Kind {
        s.parse::<crate::games::kit::mahjong::tile::Tile>()
            .unwrap()
            .kind()
    }

    #[test]
    fn a_tenpai_hand_improves_only_on_its_waits_counted_from_what_the_seat_sees() {
        let hand = counts("23m567m999p11s234s");
        // The seat sees its hand and one 4m elsewhere (a pond, an indicator).
        let mut seen = hand;
        seen[kind("4m").index()] += 1;
        let p = progress(&hand, 0, &seen);
        assert_eq!(p.shanten, 0);
        assert_eq!(p.improving, vec![(kind("1m"), 4), (kind("4m"), 3)]);
        assert_eq!(p.unseen_total(), 7);
        assert_eq!(compact(&p.improving), "14m");
    }

    #[test]
    fn a_discard_leaves_the_shanten_and_the_tiles_that_lower_it() {
        let hand = counts("23m567m999p11s234s9m");
        let after = after_discard(&hand, 0, &hand, kind("9m")).unwrap();
        assert_eq!(after.shanten, 0);
        let worse = after_discard(&hand, 0, &hand, kind("2m")).unwrap();
        assert_eq!(worse.shanten, 1);
        assert!(worse.improving.len() > 2, "{worse:?}");
        assert!(after_discard(&hand, 0, &hand, kind("1p")).is_none());
    }

    #[test]
    fn compact_text_groups_each_suit_and_the_honours() {
        let list: Vec<(Kind, u8)> = ["1m", "4m", "3p", "6p", "5s", "1z", "7z"]
            .iter()
            .map(|k| (kind(k), 1))
            .collect();
        assert_eq!(compact(&list), "14m 36p 5s 東中");
        assert_eq!(compact(&[]), "");
    }
}
