//! The legal actions of a round, in the scenario format's order (by type: tsumo, ron, chi,
//! pon, daiminkan, ankan, kakan, kyuushu, discard, riichi discard, pass; within a type by tile
//! order), and why an action that is not among them is refused.

use super::action::{Action, Refusal};
use super::round::{kuikae, After, Phase, Player, Round, RIICHI_STICK};
use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::kit::mahjong::calls::{chi_pairs, leaves_a_discard, pon_pairs};
use crate::games::kit::mahjong::hand::{Meld, MeldKind};
use crate::games::kit::mahjong::shanten::{is_complete, shanten};
use crate::games::kit::mahjong::tile::{Kind, KindSet, Tile};
use crate::games::kit::mahjong::waits::{is_tenpai, waits};
use crate::games::kit::mahjong::yaku::WinBy;

/// Riichi needs this many tiles left in the live wall ([R29]).
const RIICHI_WALL: usize = 4;

impl Round {
    /// Every legal action of `seat` now (`points`: the game's, for riichi).
    pub fn legal_actions(&self, seat: Seat, points: &PerSeat<i64>) -> Vec<Action> {
        match &self.phase {
            Phase::Turn { seat: s, after } if *s == seat => {
                self.turn_actions(seat, *after, points[seat])
            }
            Phase::Claims { window } if window.waiting().contains(seat) => {
                window.offers[seat].clone()
            }
            _ => Vec::new(),
        }
    }

    fn turn_actions(&self, seat: Seat, after: After, points: i64) -> Vec<Action> {
        let p = &self.players[seat];
        let first = match after {
            After::Call { forbidden } => return discards(p, forbidden),
            After::Draw { first, .. } => first,
        };
        let mut out = Vec::with_capacity(32);
        if let Some(drawn) = p.drawn {
            if self.can_win(seat, drawn, WinBy::Tsumo) {
                out.push(Action::Tsumo);
            }
        }
        if p.in_riichi() {
            out.extend(self.riichi_kan(seat));
            out.extend(p.drawn.map(Action::discard));
            return out;
        }
        if self.wall.allows_kan() {
            out.extend(closed_kans(p));
            out.extend(added_kans(p));
        }
        if first && self.has_nine_terminals(seat) {
            out.push(Action::Kyuushu);
        }
        out.extend(discards(p, KindSet::EMPTY));
        if self.may_riichi(p, points) {
            out.extend(riichi_discards(p));
        }
        out
    }

    fn may_riichi(&self, p: &Player, points: i64) -> bool {
        p.is_closed()
            && points >= RIICHI_STICK
            && self.wall.live_left() >= RIICHI_WALL
            && shanten(p.hand.counts(), p.melds.len()) <= 0
    }

    /// In riichi: a closed kan of the drawn tile that keeps the waits ([R24]).
    fn riichi_kan(&self, seat: Seat) -> Option<Action> {
        let p = &self.players[seat];
        let drawn = p.drawn?;
        let kind = drawn.kind();
        if !self.wall.allows_kan() || p.hand.count(kind) != 4 {
            return None;
        }
        let mut before = *p.hand.counts();
        before[kind.index()] -= 1;
        let mut after = *p.hand.counts();
        after[kind.index()] = 0;
        let mut melds = p.melds.clone();
        melds.push(Meld {
            kind: MeldKind::Ankan,
            tiles: vec![kind.tile(); 4],
            claimed: None,
            from: None,
        });
        (waits(&before, &p.melds) == waits(&after, &melds)).then_some(Action::Ankan { card: kind })
    }

    /// The claims `seat` has on `tile` discarded by `from` (§5), `pass` last; empty when none.
    pub(super) fn claims_on(
        &self,
        seat: Seat,
        from: Seat,
        tile: Tile,
        only_ron: bool,
    ) -> Vec<Action> {
        let p = &self.players[seat];
        let mut out = Vec::new();
        if self.can_win(seat, tile, WinBy::Ron) {
            out.push(Action::Ron);
        }
        if !only_ron && !p.in_riichi() {
            if from.next(SeatCount::FOUR) == seat {
                out.extend(chis(p, tile));
            }
            out.extend(pons(p, tile));
            if p.hand.count(tile.kind()) == 3 && self.wall.allows_kan() {
                out.push(Action::Daiminkan { card: tile.kind() });
            }
        }
        if !out.is_empty() {
            out.push(Action::Pass);
        }
        out
    }

    /// Why `action` is refused: the first rule it breaks, in a player's words.
    pub fn explain(&self, seat: Seat, action: Action) -> Refusal {
        let p = &self.players[seat];
        match (&self.phase, action) {
            (Phase::Ended, _) => Refusal::RoundOver,
            (_, Action::Discard { card, .. }) if !p.hand.contains(card) => Refusal::NotInHand(card),
            (
                Phase::Turn {
                    after: After::Call { .. },
                    ..
                },
                Action::Discard { card, riichi },
            ) => {
                if riichi {
                    Refusal::BadRiichi
                } else {
                    Refusal::Kuikae(card.kind())
                }
            }
            (
                Phase::Turn {
                    after: After::Call { .. },
                    ..
                },
                _,
            ) => Refusal::MustDiscard,
            (Phase::Turn { .. }, Action::Tsumo) => Refusal::NoWin,
            (Phase::Turn { .. }, _) if p.in_riichi() => Refusal::RiichiLocked,
            (Phase::Turn { .. }, Action::Discard { .. }) => Refusal::BadRiichi,
            (Phase::Turn { .. }, Action::Ankan { .. } | Action::Kakan { .. }) => {
                Refusal::BadKan(self.kan_problem())
            }
            (Phase::Turn { .. }, Action::Kyuushu) => Refusal::NoNineTerminals,
            (Phase::Claims { window }, Action::Ron) => {
                let mut hand = *p.hand.counts();
                hand[window.tile.kind().index()] += 1;
                if is_complete(&hand, p.melds.len()) && self.is_furiten(seat) {
                    Refusal::Furiten
                } else {
                    Refusal::NoWin
                }
            }
            (
                Phase::Claims { .. },
                Action::Chi { .. } | Action::Pon { .. } | Action::Daiminkan { .. },
            ) => Refusal::BadCall(self.call_problem(seat)),
            _ => Refusal::NotNow(action),
        }
    }

    fn kan_problem(&self) -> &'static str {
        if self.wall.live_left() == 0 {
            "the live wall is empty"
        } else if !self.wall.allows_kan() {
            "four kans have been made"
        } else {
            "you do not hold those tiles"
        }
    }

    fn call_problem(&self, seat: Seat) -> &'static str {
        if self.players[seat].in_riichi() {
            "in riichi you can only ron"
        } else if self.wall.live_left() == 0 {
            "the live wall is empty: the last discard can only be ronned"
        } else if self.pending_abort().is_some() {
            "this discard ends the round unless it is ronned"
        } else {
            "you do not hold those tiles, chi takes only from your left, or no discard would be left after it (kuikae)"
        }
    }
}

/// One discard per distinct tile not of a forbidden kind.
fn discards(p: &Player, forbidden: KindSet) -> Vec<Action> {
    p.hand
        .distinct()
        .into_iter()
        .filter(|t| !forbidden.contains(t.kind()))
        .map(Action::discard)
        .collect()
}

/// The discards after which the hand is tenpai.
fn riichi_discards(p: &Player) -> Vec<Action> {
    let mut counts = *p.hand.counts();
    p.hand
        .distinct()
        .into_iter()
        .filter(|t| {
            let i = t.kind().index();
            counts[i] -= 1;
            let tenpai = is_tenpai(&counts, &p.melds);
            counts[i] += 1;
            tenpai
        })
        .map(|card| Action::Discard { card, riichi: true })
        .collect()
}

fn closed_kans(p: &Player) -> impl Iterator<Item = Action> + '_ {
    Kind::all()
        .filter(|k| p.hand.count(*k) == 4)
        .map(|card| Action::Ankan { card })
}

fn added_kans(p: &Player) -> Vec<Action> {
    let mut kinds: Vec<Kind> = p
        .melds
        .iter()
        .filter(|m| m.kind == MeldKind::Pon && p.hand.count(m.first()) > 0)
        .map(Meld::first)
        .collect();
    kinds.sort();
    kinds
        .into_iter()
        .map(|card| Action::Kakan { card })
        .collect()
}

/// The tiles of `kind` in the hand, plain before red.
fn pons(p: &Player, tile: Tile) -> Vec<Action> {
    pon_pairs(&p.hand, tile)
        .into_iter()
        .map(|[a, b]| Action::pon(a, b))
        .filter(|a| match a {
            Action::Pon { cards } => leaves_a_discard(&p.hand, *cards, kuikae(*a, tile)),
            _ => false,
        })
        .collect()
}

fn chis(p: &Player, tile: Tile) -> Vec<Action> {
    chi_pairs(&p.hand, tile)
        .into_iter()
        .filter_map(|used| {
            let chi = Action::chi(used[0], used[1]);
            leaves_a_discard(&p.hand, used, kuikae(chi, tile)).then_some(chi)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    #[test]
    fn kuikae_forbids_the_claimed_kind_and_the_other_end() {
        let names = |a: Action, claimed: &str| -> Vec<String> {
            kuikae(a, t(claimed))
                .iter()
                .map(|k| k.to_string())
                .collect()
        };
        assert_eq!(names(Action::chi(t("4m"), t("5m")), "3m"), ["3m", "6m"]);
        assert_eq!(names(Action::chi(t("4m"), t("5m")), "6m"), ["3m", "6m"]);
        assert_eq!(names(Action::chi(t("8m"), t("9m")), "7m"), ["7m"]);
        assert_eq!(names(Action::chi(t("4m"), t("6m")), "5m"), ["5m"]);
        assert_eq!(names(Action::chi(t("1m"), t("2m")), "3m"), ["3m"]);
        assert_eq!(names(Action::pon(t("5m"), t("0m")), "5m"), ["5m"]);
    }
}
