//! A riichi hand at a round's end, as riichi's and mining's summaries show it: the waits of a
//! hand that is tenpai at a draw, and each seat's hand with a winner's sets marked.

use super::hand::{Counts, Meld};
use super::names::{piece, reading_sets};
use super::reading::Reading;
use super::tile::{Kind, Tile};
use super::waits::waits;
use crate::games::interface::{revealed_hand, winning_sets, Group, Say};

/// The kinds a hand waits on (its concealed `counts` beside its `melds`), as pieces.
pub fn wait_pieces(counts: &Counts, melds: &[Meld]) -> Say {
    let kinds: Vec<Kind> = waits(counts, melds).iter().collect();
    Say::Pieces(kinds.iter().map(|k| piece(k.tile())).collect())
}

/// A seat's win as its hand shows it: the reading its score counted, the tile won on, and
/// whether a ron took that tile from a discard (it is not among the concealed tiles then).
#[derive(Debug, Clone, Copy)]
pub struct Won<'a> {
    pub reading: &'a Reading,
    pub tile: Tile,
    pub ron: bool,
}

/// One seat's hand as a round's end shows it: its calls (`open`, `calls` of them), then a
/// winner's concealed `tiles` as the sets and pair of its reading with the winning tile marked,
/// a hand `shown` without a win (tenpai at a draw) as it is, and of any other only the calls.
pub fn revealed(
    open: Vec<Group>,
    tiles: &[Tile],
    calls: usize,
    shown: bool,
    won: Option<Won>,
) -> Vec<Group> {
    if won.is_none() && !shown {
        return revealed_hand(open, Vec::new(), None);
    }
    let winning = won.map(|w| {
        let mut concealed = tiles.to_vec();
        if w.ron {
            concealed.push(w.tile);
        }
        let sets = reading_sets(w.reading, calls, &concealed)
            .into_iter()
            .map(|set| set.into_iter().map(piece).collect())
            .collect();
        winning_sets(sets, Some(&piece(w.tile)))
    });
    revealed_hand(open, tiles.iter().map(|&t| piece(t)).collect(), winning)
}
