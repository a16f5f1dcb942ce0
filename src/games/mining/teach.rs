//! Mining mahjong's teaching words ([`Teach`]). Its hand is riichi's, so a discard's hint is
//! riichi's — the shanten it leaves and the tiles that would lower it, each by the copies the
//! seat has not seen (every hand, call, discard, indicator and tile on top of the mine it can
//! see) — worded by riichi's messages through the kit; the parts of a move on the board (a
//! step, a cell) say what they do. A reason names only the tile the move played or took and
//! who declared riichi, because the other players read it too (the **Why?** of a computer's
//! move).
//!
//! [`Teach`]: crate::games::interface::Teach

use super::options::Options;
use super::parts::{Act, Pending};
use super::shown::dir_words;
use super::view::SeatView;
use super::Mining;
use crate::games::interface::seat::Seat;
use crate::games::interface::Words;
use crate::games::kit::mahjong::names::piece;
use crate::games::kit::mahjong::teach::{after_discard, count_kinds, discard_hint, progress};
use crate::games::kit::mahjong::teach_seat::{
    self, call_reason, kan_hint, on_tile, pass_hint, pass_reason, teach_by_reader, SeatHand,
};
use crate::games::kit::mahjong::tile::{Kind, Tile};

teach_by_reader!(Mining, SeatView, Options, Act, Reader);

/// One seat's hand (less the tiles already chosen to discard) and what it sees.
struct Reader<'a> {
    view: &'a SeatView,
    hand: SeatHand,
}

impl<'a> Reader<'a> {
    fn of(view: &'a SeatView) -> Option<Reader<'a>> {
        let round = view.public.round.as_ref()?;
        let mut counts = count_kinds(&view.concealed);
        if let Some(Pending::Tiles { cards, .. }) = &view.pending {
            for t in cards {
                let slot = &mut counts[t.kind().index()];
                *slot = slot.saturating_sub(1);
            }
        }
        let mut seen = count_kinds(&view.concealed);
        let mut see = |t: &Tile| seen[t.kind().index()] += 1;
        round.indicators.iter().for_each(&mut see);
        round.tops.iter().flatten().for_each(&mut see);
        for p in &round.players {
            p.melds.iter().flat_map(|m| &m.tiles).for_each(&mut see);
            p.discards.iter().for_each(&mut see);
        }
        Some(Reader {
            view,
            hand: SeatHand {
                counts,
                melds: round.players.get(view.seat.index())?.melds.len(),
                seen,
            },
        })
    }

    fn now(&self) -> i8 {
        self.hand.now().shanten
    }

    fn hint(&self, action: Act) -> Words {
        match action {
            Act::Discard { card, riichi } => discard_hint(card, riichi, self.hand.after(card)),
            Act::Step { dir, .. } => {
                Words::with("mining-teach-step", vec![("dir", dir_words(dir).into())])
            }
            Act::Go => Words::key(match self.view.pending {
                Some(Pending::Tiles { .. }) => "mining-teach-these",
                _ => "mining-teach-go",
            }),
            Act::Warp { cards } => {
                Words::with("mining-teach-warp", vec![("piece", piece(cards[0]).into())])
            }
            Act::Place(_) | Act::Column(_) | Act::Row(_) => Words::key("mining-teach-place"),
            Act::Back => Words::key("mining-teach-back"),
            Act::Tsumo { .. } | Act::Ron => Words::key("riichi-teach-win"),
            Act::Chi { cards } | Act::Pon { cards } => self.call_hint(&cards),
            Act::Daiminkan { card } => self.call_hint(&[card.tile(); 3]),
            Act::Ankan { card } | Act::Kakan { card } => kan_hint(card, self.now()),
            Act::Pass => pass_hint(self.now()),
            Act::AgariYame => Words::key("riichi-teach-agari-yame"),
            Act::Continue => Words::key("riichi-teach-continue"),
        }
    }

    /// A call with `used` from the hand: the shanten it leaves beside one more call (a mining
    /// discard follows on the board, so the hand is read as the call leaves it).
    fn call_hint(&self, used: &[Tile]) -> Words {
        let c = self.hand.without(used);
        let (melds, seen) = (self.hand.melds + 1, &self.hand.seen);
        let best = Kind::all()
            .filter_map(|k| after_discard(&c, melds, seen, k))
            .map(|p| p.shanten)
            .min()
            .unwrap_or_else(|| progress(&c, melds, seen).shanten);
        teach_seat::call_hint(best, self.now())
    }

    fn reason(&self, action: Act) -> Words {
        let claimed = self.view.public.round.as_ref().and_then(|r| r.claimable);
        match action {
            Act::Tsumo { .. } | Act::Ron => Words::key("riichi-reason-win"),
            Act::Discard { card, riichi: true } => on_tile("riichi-reason-riichi", card),
            Act::Discard { card, .. } => self.discard_reason(card),
            Act::Step { .. } => Words::key("mining-reason-path"),
            Act::Go => Words::key(match self.view.pending {
                Some(Pending::Tiles { .. }) => "mining-reason-these",
                _ => "mining-reason-path",
            }),
            Act::Warp { .. } => Words::key("mining-reason-warp"),
            Act::Place(_) | Act::Column(_) | Act::Row(_) => Words::key("mining-reason-place"),
            Act::Back => Words::key("mining-reason-back"),
            Act::Chi { .. } | Act::Pon { .. } | Act::Daiminkan { .. } => call_reason(claimed),
            Act::Pass => pass_reason(claimed),
            Act::Ankan { card } | Act::Kakan { card } => on_tile("riichi-reason-kan", card.tile()),
            Act::AgariYame => Words::key("riichi-reason-agari-yame"),
            Act::Continue => Words::key("riichi-reason-continue"),
        }
    }

    fn discard_reason(&self, card: Tile) -> Words {
        let Some(round) = self.view.public.round.as_ref() else {
            return Words::key("riichi-reason-between-rounds");
        };
        let riichi: Vec<(Seat, bool)> = round
            .players
            .iter()
            .enumerate()
            .filter(|(i, p)| *i != self.view.seat.index() && p.riichi)
            .filter_map(|(i, p)| {
                let safe = p.discards.iter().any(|d| d.kind() == card.kind());
                Seat::from_index(i as u64).map(|s| (s, safe))
            })
            .collect();
        let candidates = self.view.legal_actions.iter().filter_map(|a| match a {
            Act::Discard { card, .. } => Some(*card),
            _ => None,
        });
        self.hand.discard_reason(
            card,
            candidates,
            riichi.iter().find(|(_, safe)| *safe).map(|(s, _)| *s),
            riichi.first().map(|(s, _)| *s),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::seat::SeatCount;
    use crate::games::interface::testing::{assert_hints_cover, assert_reason_is_public, views};
    use crate::games::interface::Say;
    use crate::games::interface::Teach;

    #[test]
    fn hints_cover_every_part_and_a_reason_names_only_the_tile_played_or_taken() {
        let mut checked = 0;
        let mut discards = 0;
        for (seed, seats) in [(1, SeatCount::TWO), (2, SeatCount::FOUR)] {
            for (view, action) in views::<Mining>(seed, seats, 250) {
                let hints = Mining::hints(&view, &Options::default());
                assert_hints_cover(&hints, &view.legal_actions);
                for (a, w) in &hints {
                    if let Act::Discard { card, .. } = a {
                        assert_eq!(w.args[0].1, Say::Piece(piece(*card)), "{w:?}");
                        discards += 1;
                    }
                }
                let why = Mining::reason(&view, &Options::default(), action);
                let played = match action {
                    Act::Discard { card, .. } => Some(card),
                    Act::Ankan { card } | Act::Kakan { card } => Some(card.tile()),
                    _ => None,
                };
                let claimed = view.public.round.as_ref().and_then(|r| r.claimable);
                assert_reason_is_public(&action, &why, played.or(claimed).map(piece));
                checked += 1;
            }
        }
        assert!(checked > 200 && discards > 20, "{checked} {discards}");
    }

    #[test]
    fn a_discard_hint_leaves_out_the_tiles_already_chosen_to_go() {
        for (view, _) in views::<Mining>(3, SeatCount::TWO, 300) {
            let Some(Pending::Tiles { cards, .. }) = &view.pending else {
                continue;
            };
            let Some(first) = cards.first() else { continue };
            let reader = Reader::of(&view).unwrap();
            let held = view
                .concealed
                .iter()
                .filter(|t| t.kind() == first.kind())
                .count();
            assert_eq!(
                usize::from(reader.hand.counts[first.kind().index()]),
                held - cards.iter().filter(|t| t.kind() == first.kind()).count()
            );
            return;
        }
        panic!("no two-tile discard was begun in 300 decisions");
    }
}
