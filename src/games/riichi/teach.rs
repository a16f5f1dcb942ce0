//! Riichi's teaching words ([`Teach`]): each choice's effect on the hand in riichi's terms —
//! the shanten after a discard and the tiles that would lower it, each counted by the copies
//! the seat has not seen — and a one-line reason for a move. Both from one seat's view; a
//! reason names only the tile the move played or took and who declared riichi, because it is
//! also read by the other players (the **Why?** of a computer's move).
//!
//! [`Teach`]: crate::games::interface::Teach

use super::action::Action;
use super::options::Options;
use super::view::SeatView;
use super::Riichi;
use crate::games::interface::seat::Seat;
use crate::games::interface::Words;
use crate::games::kit::mahjong::teach::{after_discard, count_kinds, discard_hint, progress};
use crate::games::kit::mahjong::teach_seat::{
    self, call_reason, kan_hint, on_tile, pass_hint, pass_reason, teach_by_reader, SeatHand,
};
use crate::games::kit::mahjong::tile::{Kind, Tile, KINDS};
use crate::games::kit::mahjong::yaku::RiichiKind;

teach_by_reader!(Riichi, SeatView, Options, Action, Reader);

/// What one seat sees of its hand and the table, for its hints.
struct Reader<'a> {
    view: &'a SeatView,
    hand: SeatHand,
}

impl<'a> Reader<'a> {
    fn of(view: &'a SeatView) -> Option<Reader<'a>> {
        let round = view.public.round.as_ref()?;
        let mut seen = count_kinds(&view.concealed);
        let mut see = |t: &Tile| seen[t.kind().index()] += 1;
        round.dora_indicators.iter().for_each(&mut see);
        for p in round.players.values() {
            p.melds.iter().flat_map(|m| &m.tiles).for_each(&mut see);
            // A claimed discard is counted in its caller's call.
            p.pond
                .iter()
                .filter(|d| !d.claimed)
                .for_each(|d| see(&d.tile));
        }
        Some(Reader {
            view,
            hand: SeatHand {
                counts: count_kinds(&view.concealed),
                melds: round.players[view.seat].melds.len(),
                seen,
            },
        })
    }

    fn hint(&self, action: Action) -> Words {
        match action {
            Action::Discard { card, riichi } => self.discard_hint(card, riichi),
            Action::Tsumo | Action::Ron => Words::key("riichi-teach-win"),
            Action::Chi { cards } | Action::Pon { cards } => self.call_hint(&cards, 1),
            Action::Daiminkan { card } => self.call_hint(&[card.tile(); 3], 1),
            Action::Ankan { card } => self.kan_hint(card, 4),
            Action::Kakan { card } => self.kan_hint(card, 1),
            // The hand's progress now: 13 tiles, answering a discard.
            Action::Pass => pass_hint(self.hand.now().shanten),
            Action::Kyuushu => Words::key("riichi-teach-kyuushu"),
            Action::AgariYame => Words::key("riichi-teach-agari-yame"),
            Action::Continue => Words::key("riichi-teach-continue"),
        }
    }

    fn discard_hint(&self, card: Tile, riichi: bool) -> Words {
        discard_hint(card, riichi, self.hand.after(card))
    }

    /// A chi, pon or open kan with `used` tiles from the hand: the best the hand reaches after
    /// the call and the discard that follows it (an open kan draws a replacement instead: its
    /// hand after the call is read as it is).
    fn call_hint(&self, used: &[Tile], new_melds: usize) -> Words {
        let now = self.hand.now().shanten;
        let c = self.hand.without(used);
        let melds = self.hand.melds + new_melds;
        let seen = &self.hand.seen;
        let held: usize = c.iter().map(|&n| usize::from(n)).sum();
        let best = if held % 3 == 2 {
            Kind::all()
                .filter_map(|k| after_discard(&c, melds, seen, k))
                .map(|p| p.shanten)
                .min()
        } else {
            Some(progress(&c, melds, seen).shanten)
        };
        teach_seat::call_hint(best.unwrap_or(now), now)
    }

    /// A closed kan (`taken` 4) or an added one (`taken` 1): the hand after it and its
    /// replacement draw still to come.
    fn kan_hint(&self, kind: Kind, taken: u8) -> Words {
        let mut c = self.hand.counts;
        let slot = &mut c[kind.index()];
        *slot = slot.saturating_sub(taken);
        let melds = self.hand.melds + usize::from(taken == 4);
        kan_hint(kind, progress(&c, melds, &self.hand.seen).shanten)
    }

    /// One line on why `action` is good here, naming only public tiles and players.
    fn reason(&self, action: Action) -> Words {
        let claimed = self.view.public.round.as_ref().and_then(|r| r.claimable);
        match action {
            Action::Tsumo | Action::Ron => Words::key("riichi-reason-win"),
            Action::Discard { card, riichi: true } => on_tile("riichi-reason-riichi", card),
            Action::Discard { card, .. } => self.discard_reason(card),
            Action::Chi { .. } | Action::Pon { .. } | Action::Daiminkan { .. } => {
                call_reason(claimed)
            }
            Action::Pass => pass_reason(claimed),
            Action::Ankan { card } | Action::Kakan { card } => {
                on_tile("riichi-reason-kan", card.tile())
            }
            Action::Kyuushu => Words::key("riichi-reason-kyuushu"),
            Action::AgariYame => Words::key("riichi-reason-agari-yame"),
            Action::Continue => Words::key("riichi-reason-continue"),
        }
    }

    /// Safe against a riichi, defence, the most efficient discard, or as efficient with more
    /// value kept: decided from the seat's own reading, worded without its hand.
    fn discard_reason(&self, card: Tile) -> Words {
        let threats = self.threats();
        let safe_from = threats
            .iter()
            .find(|(_, pond)| pond[card.kind().index()])
            .map(|(s, _)| *s);
        let candidates = self.view.legal_actions.iter().filter_map(|a| match a {
            Action::Discard { card, .. } => Some(*card),
            _ => None,
        });
        self.hand.discard_reason(
            card,
            candidates,
            safe_from,
            threats.first().map(|(s, _)| *s),
        )
    }

    /// The other players in riichi, each with the kinds in its pond (safe against it).
    fn threats(&self) -> Vec<(Seat, [bool; KINDS])> {
        let Some(round) = self.view.public.round.as_ref() else {
            return Vec::new();
        };
        round
            .players
            .iter()
            .filter(|(s, p)| *s != self.view.seat && p.riichi != RiichiKind::None)
            .map(|(s, p)| {
                let mut pond = [false; KINDS];
                p.pond
                    .iter()
                    .for_each(|d| pond[d.tile.kind().index()] = true);
                (s, pond)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
