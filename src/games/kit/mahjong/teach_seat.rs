//! One seat's riichi hand as the teaching words read it, and the hints and reasons riichi and
//! mining word alike. Each game builds the [`SeatHand`] from its own view (what a seat sees
//! differs: mining's mine tops, riichi's claimed discards); what follows from it is written
//! here once.

use super::hand::Counts;
use super::names::piece;
use super::teach::{after_discard, discard_reason, distance, progress, Progress};
use super::tile::{Kind, Tile};
use crate::games::interface::seat::Seat;
use crate::games::interface::Words;

/// One seat's concealed hand, its calls and the copies of each kind it sees.
#[derive(Debug, Clone, Copy)]
pub struct SeatHand {
    pub counts: Counts,
    pub melds: usize,
    /// Copies of each kind the seat sees: its hand, every call, the ponds and the indicators.
    pub seen: Counts,
}

impl SeatHand {
    /// The hand's progress now (3k + 1 tiles).
    pub fn now(&self) -> Progress {
        progress(&self.counts, self.melds, &self.seen)
    }

    /// The hand's progress after discarding `tile` (`None` when it holds none).
    pub fn after(&self, tile: Tile) -> Option<Progress> {
        after_discard(&self.counts, self.melds, &self.seen, tile.kind())
    }

    /// The hand's counts less one copy of each of `used` (a call's tiles from the hand).
    pub fn without(&self, used: &[Tile]) -> Counts {
        let mut c = self.counts;
        for t in used {
            let slot = &mut c[t.kind().index()];
            *slot = slot.saturating_sub(1);
        }
        c
    }

    /// Why a discard of `card` is played ([`discard_reason`]), rated by this hand.
    pub fn discard_reason(
        &self,
        card: Tile,
        candidates: impl IntoIterator<Item = Tile>,
        safe_from: Option<Seat>,
        threat: Option<Seat>,
    ) -> Words {
        discard_reason(
            card,
            |t| self.after(t).map(|p| (p.shanten, p.unseen_total())),
            candidates,
            safe_from,
            threat,
        )
    }
}

/// The hint of each legal action, read by `hint`; none when there is no hand to read
/// (`reader` is `None` between rounds).
pub fn hints<R, A: Copy>(
    reader: Option<R>,
    legal: &[A],
    hint: impl Fn(&R, A) -> Words,
) -> Vec<(A, Words)> {
    let Some(reader) = reader else {
        return Vec::new();
    };
    legal.iter().map(|&a| (a, hint(&reader, a))).collect()
}

/// The reason for a move, read by `reason`; between rounds (no `reader`), riichi's word for it.
pub fn reason<R>(reader: Option<R>, reason: impl FnOnce(&R) -> Words) -> Words {
    match reader {
        Some(reader) => reason(&reader),
        None => Words::key("riichi-reason-between-rounds"),
    }
}

/// Words of `key` naming one public tile as its `piece`.
pub fn on_tile(key: &'static str, tile: Tile) -> Words {
    Words::with(key, vec![("piece", piece(tile).into())])
}

/// Why a call (chi, pon, open kan) is made: on the discard claimed, when there is one.
pub fn call_reason(claimed: Option<Tile>) -> Words {
    match claimed {
        Some(t) => on_tile("riichi-reason-call", t),
        None => Words::key("riichi-reason-call-any"),
    }
}

/// Why a claim is let pass: on the discard it was, when there is one.
pub fn pass_reason(claimed: Option<Tile>) -> Words {
    match claimed {
        Some(t) => on_tile("riichi-reason-pass", t),
        None => Words::key("riichi-reason-pass-any"),
    }
}

/// A call's hint: the shanten it reaches (`after`) beside the hand's now.
pub fn call_hint(after: i8, now: i8) -> Words {
    Words::with(
        "riichi-teach-call",
        vec![
            ("distance", distance(after).into()),
            ("now", distance(now).into()),
        ],
    )
}

/// Letting a claim pass: the hand stays where it is.
pub fn pass_hint(now: i8) -> Words {
    Words::with(
        "riichi-teach-pass",
        vec![("distance", distance(now).into())],
    )
}

/// A kan's hint: its kind and the shanten the hand is at with it.
pub fn kan_hint(kind: Kind, shanten: i8) -> Words {
    Words::with(
        "riichi-teach-kan",
        vec![
            ("piece", piece(kind.tile()).into()),
            ("distance", distance(shanten).into()),
        ],
    )
}

/// The [`crate::games::interface::Teach`] of a game whose words come from a reader of one
/// seat's view: `$reader::of(view)` (`None` between rounds), its `hint(&self, action)` for each
/// legal action and its `reason(&self, action)`. The options do not change the words.
macro_rules! teach_by_reader {
    ($game:ty, $view:ty, $options:ty, $action:ty, $reader:ident) => {
        impl $crate::games::interface::Teach for $game {
            fn hints(
                view: &$view,
                _options: &$options,
            ) -> Vec<($action, $crate::games::interface::Words)> {
                $crate::games::kit::mahjong::teach_seat::hints(
                    $reader::of(view),
                    &view.legal_actions,
                    $reader::hint,
                )
            }

            fn reason(
                view: &$view,
                _options: &$options,
                action: $action,
            ) -> $crate::games::interface::Words {
                $crate::games::kit::mahjong::teach_seat::reason($reader::of(view), |reader| {
                    reader.reason(action)
                })
            }
        }
    };
}
pub(crate) use teach_by_reader;
