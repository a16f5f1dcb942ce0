//! A claim window once closed (§5): every answer given, public from then on (calls are
//! declared aloud), and the seats whose answers were carried out. A seat whose claim lost is
//! told so in its hand until its next action (`shown.rs`).

use serde::{Deserialize, Serialize};

use super::action::Action;
use crate::games::interface::seat::{PerSeat, Seat, SeatCount};
use crate::games::kit::mahjong::tile::Tile;

/// Why a claim lost (§5's order of resolution).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LostTo {
    /// A ron wins over every call (§5 step 1).
    Ron,
    /// A pon or open kan is made before a chi (§5 step 3).
    Pon,
    /// Only the ron nearest to the discarder wins with double ron off, or the two nearest of
    /// three with triple ron off ([R9], 頭ハネ).
    NearerRon,
}

/// A claim window that someone answered, once it closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Closed {
    /// The discarder or the kanning player.
    pub from: Seat,
    pub tile: Tile,
    /// Each asked seat's answer; `None` for a seat not asked.
    pub answers: PerSeat<Option<Action>>,
    /// The seats whose answer was carried out: the winning rons, nearest to `from` first, or
    /// the one call made; empty when every answer was a pass.
    pub taken_by: Vec<Seat>,
    /// The seats that have acted since the window closed (their lost claim is no longer news).
    pub acted_since: PerSeat<bool>,
}

impl Closed {
    /// The window on `from`'s `tile` as it closed with `answers`, `taken_by` carried out.
    pub fn new(
        from: Seat,
        tile: Tile,
        answers: PerSeat<Option<Action>>,
        taken_by: Vec<Seat>,
    ) -> Closed {
        Closed {
            from,
            tile,
            answers,
            taken_by,
            acted_since: PerSeat::filled(SeatCount::FOUR, false),
        }
    }

    /// The answers carried out, with their seats, nearest to the discarder first.
    pub fn taken(&self) -> impl Iterator<Item = (Seat, Action)> + '_ {
        self.taken_by
            .iter()
            .filter_map(|&seat| Some((seat, self.answers[seat]?)))
    }

    /// The claims (a ron, chi, pon or open kan) that were not carried out, with their seats.
    pub fn lost(&self) -> impl Iterator<Item = (Seat, Action)> + '_ {
        self.answers
            .iter()
            .filter_map(|(seat, answer)| match answer {
                Some(a) if *a != Action::Pass && !self.taken_by.contains(&seat) => Some((seat, *a)),
                _ => None,
            })
    }

    /// `seat`'s claim that lost and why, while `seat` has not acted since the window closed.
    pub fn lost_by(&self, seat: Seat) -> Option<(Action, LostTo)> {
        if self.acted_since.get(seat).copied().unwrap_or(true) {
            return None;
        }
        let (_, mine) = self.lost().find(|(s, _)| *s == seat)?;
        let (_, theirs) = self.taken().next()?;
        let why = match (mine, theirs) {
            (Action::Ron, _) => LostTo::NearerRon,
            (_, Action::Ron) => LostTo::Ron,
            _ => LostTo::Pon,
        };
        Some((mine, why))
    }

    /// Whether the window is still the latest news of the table: nobody has acted since it
    /// closed, and no ron ended the round on it (the round's summary tells that).
    pub fn is_news(&self) -> bool {
        self.acted_since.iter().all(|(_, acted)| !acted)
            && self.taken().all(|(_, answer)| answer != Action::Ron)
    }

    /// `seat` (one of the four, having just acted) has acted: its lost claim is no longer told.
    pub fn acted(&mut self, seat: Seat) {
        self.acted_since[seat] = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap()
    }

    /// Seat 0 discarded 6p; `answers` are seats 1, 2 and 3's.
    fn closed(answers: [Option<Action>; 3], taken_by: &[Seat]) -> Closed {
        let [a, b, c] = answers;
        let answers = PerSeat::from_vec(vec![None, a, b, c]).unwrap();
        Closed::new(Seat::ZERO, t("6p"), answers, taken_by.to_vec())
    }

    #[test]
    fn a_pon_that_loses_to_a_ron_is_lost_to_the_ron() {
        let pon = Action::pon(t("6p"), t("6p"));
        let w = closed([Some(Action::Ron), None, Some(pon)], &[Seat::ONE]);
        assert_eq!(w.lost_by(Seat::THREE), Some((pon, LostTo::Ron)));
        assert_eq!(w.lost_by(Seat::ONE), None, "the ron won");
        assert_eq!(w.lost_by(Seat::TWO), None, "not asked");
        assert_eq!(w.taken().collect::<Vec<_>>(), [(Seat::ONE, Action::Ron)]);
    }

    #[test]
    fn a_chi_that_loses_to_a_pon_is_lost_to_the_pon() {
        let chi = Action::chi(t("4p"), t("5p"));
        let pon = Action::pon(t("6p"), t("6p"));
        let w = closed([Some(chi), Some(pon), Some(Action::Pass)], &[Seat::TWO]);
        assert_eq!(w.lost_by(Seat::ONE), Some((chi, LostTo::Pon)));
        assert_eq!(w.lost_by(Seat::THREE), None, "a pass claims nothing");
    }

    #[test]
    fn a_ron_cut_off_by_a_nearer_ron_is_lost_to_it() {
        let w = closed([Some(Action::Ron), Some(Action::Ron), None], &[Seat::ONE]);
        assert_eq!(w.lost_by(Seat::TWO), Some((Action::Ron, LostTo::NearerRon)));
    }

    #[test]
    fn a_window_is_news_until_someone_acts_and_never_when_a_ron_took_it() {
        let pon = Action::pon(t("6p"), t("6p"));
        let mut w = closed(
            [Some(Action::Pass), Some(pon), Some(Action::Pass)],
            &[Seat::TWO],
        );
        assert!(w.is_news());
        w.acted(Seat::TWO);
        assert!(!w.is_news(), "the taker discarded since");
        let passed = closed([Some(Action::Pass), None, None], &[]);
        assert!(passed.is_news());
        let ron = closed([Some(Action::Ron), None, Some(pon)], &[Seat::ONE]);
        assert!(!ron.is_news(), "the round's summary tells a ron");
    }

    #[test]
    fn a_lost_claim_is_no_longer_told_once_its_seat_has_acted() {
        let pon = Action::pon(t("6p"), t("6p"));
        let mut w = closed([Some(Action::Ron), None, Some(pon)], &[Seat::ONE]);
        w.acted(Seat::ONE);
        assert!(
            w.lost_by(Seat::THREE).is_some(),
            "another seat's action changes nothing"
        );
        w.acted(Seat::THREE);
        assert_eq!(w.lost_by(Seat::THREE), None);
    }

    #[test]
    fn when_everyone_passed_nothing_was_lost() {
        let w = closed([Some(Action::Pass), Some(Action::Pass), None], &[]);
        assert_eq!(w.lost().count(), 0);
        assert_eq!(w.taken().count(), 0);
    }
}
