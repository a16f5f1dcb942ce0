//! The claim window on a discarded isolated card (rules §4.2, R10, R11): every player with a
//! claim is asked and answers once, in any order; after the last answer the nearest ron wins,
//! else the nearest pon or chi is made (they rank equally, so a chi beats a pon), else the
//! discard lies and play passes on.

use serde::{Deserialize, Serialize};

use super::action::{Action, Refusal};
use super::card::{Card, Form, Shape};
use super::hand::Completed;
use super::options::Options;
use super::player::Player;
use super::yaku::{score, Score, WinContext};
use crate::games::interface::seat::{PerSeat, Seat, SeatCount, SeatSet};

/// What the claims on a discard depend on: the players' hands and the pile.
#[derive(Debug, Clone, Copy)]
pub struct Table<'a> {
    pub players: &'a PerSeat<Player>,
    pub seats: SeatCount,
    pub pile_left: usize,
}

/// The claims one seat has on a discard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Claims {
    pub ron: bool,
    pub pon: bool,
    pub chi: bool,
}

impl Claims {
    pub fn any(self) -> bool {
        self.ron || self.pon || self.chi
    }

    /// The answers these claims allow, in the format's order (ron, pon, chi, pass).
    pub fn answers(self) -> Vec<Action> {
        [
            (self.ron, Action::Ron),
            (self.pon, Action::Pon),
            (self.chi, Action::Chi),
            (true, Action::Pass),
        ]
        .into_iter()
        .filter_map(|(ok, a)| ok.then_some(a))
        .collect()
    }
}

/// How a closed window ends (rules §4.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    /// The nearest ron wins.
    Ron {
        winner: Seat,
        hand: Completed,
        score: Score,
    },
    /// The nearest pon or chi is made: the caller lays out `set` of its taatsu and the card.
    Call {
        caller: Seat,
        call: Action,
        shape: Shape,
    },
    /// Nobody takes the discard.
    Nothing,
}

/// A claim window once closed: every answer given, public from then on (R11 keeps them
/// secret only while the window is open), and the seat whose answer took the discard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Closed {
    pub discarder: Seat,
    pub card: Card,
    /// Each asked seat's answer; `None` for a seat that was not asked.
    pub answers: PerSeat<Option<Action>>,
    /// The nearest ron, else the nearest pon or chi; `None` when every asked seat passed.
    pub taken_by: Option<Seat>,
}

impl Closed {
    /// The answer that took the discard, with its seat.
    pub fn taken(&self) -> Option<(Seat, Action)> {
        let seat = self.taken_by?;
        Some((seat, self.answers[seat]?))
    }

    /// Seats that claimed the discard (ron, pon or chi) and lost it to the seat that took it.
    pub fn lost(&self) -> impl Iterator<Item = (Seat, Action)> + '_ {
        self.answers
            .iter()
            .filter_map(move |(seat, answer)| match answer {
                Some(a) if *a != Action::Pass && Some(seat) != self.taken_by => Some((seat, *a)),
                _ => None,
            })
    }
}

/// A discard being answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    pub discarder: Seat,
    pub card: Card,
    /// The asked seats that have not answered yet.
    #[serde(with = "seat_list")]
    pub pending: SeatSet,
    /// The answers given so far (secret until the window closes).
    pub answers: PerSeat<Option<Action>>,
}

impl Window {
    /// The window on `discarder`'s `card`, asking every seat with a claim (none for a card
    /// that is not isolated).
    pub fn open(table: Table, discarder: Seat, card: Card, options: &Options) -> Window {
        let pending = table
            .seats
            .seats()
            .filter(|&s| claims(table, s, discarder, card, options).any())
            .collect();
        Window {
            discarder,
            card,
            pending,
            answers: PerSeat::filled(table.seats, None),
        }
    }

    /// `seat`'s possible answers, if it is still to answer.
    pub fn legal_actions(&self, table: Table, seat: Seat, options: &Options) -> Vec<Action> {
        if !self.pending.contains(seat) {
            return Vec::new();
        }
        claims(table, seat, self.discarder, self.card, options).answers()
    }

    /// Takes `seat`'s answer; after the last one, how the window closes.
    ///
    /// # Errors
    /// Not asked or answered already, not an answer, or a claim the seat does not have.
    pub fn answer(
        &mut self,
        table: Table,
        seat: Seat,
        action: Action,
        options: &Options,
    ) -> Result<Option<Resolution>, Refusal> {
        if !self.pending.contains(seat) {
            return Err(match self.answers.get(seat) {
                Some(Some(_)) => Refusal::AlreadyAnswered,
                _ => Refusal::NotYourTurn,
            });
        }
        check_answer(table, seat, self, action, options)?;
        self.pending = self.pending.without(seat);
        self.answers[seat] = Some(action);
        Ok(self.pending.is_empty().then(|| self.close(table, options)))
    }

    /// Resolves the answers (rules §4.2): ron first, then the nearest call, then nothing.
    fn close(&self, table: Table, options: &Options) -> Resolution {
        let by_distance: Vec<(Seat, Action)> = table
            .seats
            .from_seat(self.discarder)
            .skip(1)
            .filter_map(|s| self.answers[s].map(|a| (s, a)))
            .collect();
        if let Some(&(winner, _)) = by_distance.iter().find(|(_, a)| *a == Action::Ron) {
            let (hand, score) = ron(table, winner, self.card, options)
                .expect("a ron answer was checked when given");
            return Resolution::Ron {
                winner,
                hand,
                score,
            };
        }
        match by_distance
            .iter()
            .find(|(_, a)| matches!(a, Action::Pon | Action::Chi))
        {
            Some(&(caller, call)) => Resolution::Call {
                caller,
                call,
                shape: if call == Action::Pon {
                    Shape::Ko
                } else {
                    Shape::Shun
                },
            },
            None => Resolution::Nothing,
        }
    }

    /// The window as it closed with `resolution`: its answers made public.
    pub fn closed(&self, resolution: &Resolution) -> Closed {
        Closed {
            discarder: self.discarder,
            card: self.card,
            answers: self.answers,
            taken_by: match resolution {
                Resolution::Ron { winner, .. } => Some(*winner),
                Resolution::Call { caller, .. } => Some(*caller),
                Resolution::Nothing => None,
            },
        }
    }
}

/// What `seat` may claim on `discarder`'s `card` (rules §4.2).
pub fn claims(table: Table, seat: Seat, discarder: Seat, card: Card, options: &Options) -> Claims {
    if !card.is_isolated() || seat == discarder {
        return Claims::default();
    }
    let player = &table.players[seat];
    let kind = card.kind();
    let may_call = !player.riichi && table.pile_left > 0;
    Claims {
        ron: ron(table, seat, card, options).is_ok(),
        pon: may_call && player.holds_taatsu(kind, Form::Taatsu(Shape::Ko)),
        chi: may_call
            && discarder.next(table.seats) == seat
            && player.holds_taatsu(kind, Form::Taatsu(Shape::Shun)),
    }
}

/// A ron on `card`: the hand waits on its kind and the win has a yaku.
fn ron(
    table: Table,
    seat: Seat,
    card: Card,
    options: &Options,
) -> Result<(Completed, Score), Refusal> {
    let player = &table.players[seat];
    let tenpai = player
        .tenpai()
        .filter(|t| card == Card::isolated(t.wait))
        .ok_or(Refusal::NoWin)?;
    let how = WinContext {
        tenhou: false,
        riichi: player.riichi,
        closed: player.is_closed(),
        tsumo: false,
    };
    let score = score(&tenpai.completed, how, &options.yaku_points).ok_or(Refusal::NoYaku)?;
    Ok((tenpai.completed, score))
}

/// Why `seat` may not give `action` as its answer, if it may not.
fn check_answer(
    table: Table,
    seat: Seat,
    window: &Window,
    action: Action,
    options: &Options,
) -> Result<(), Refusal> {
    let player = &table.players[seat];
    let kind = window.card.kind();
    let may_call = || {
        if player.riichi {
            Err(Refusal::CallInRiichi)
        } else if table.pile_left == 0 {
            Err(Refusal::CallOnLastDiscard)
        } else {
            Ok(())
        }
    };
    match action {
        Action::Pass => Ok(()),
        Action::Ron => ron(table, seat, window.card, options).map(drop),
        Action::Pon => {
            may_call()?;
            player
                .holds_taatsu(kind, Form::Taatsu(Shape::Ko))
                .then_some(())
                .ok_or(Refusal::NoPon(kind))
        }
        Action::Chi => {
            may_call()?;
            let next = window.discarder.next(table.seats) == seat;
            (next && player.holds_taatsu(kind, Form::Taatsu(Shape::Shun)))
                .then_some(())
                .ok_or(Refusal::NoChi(kind))
        }
        Action::Draw | Action::Tsumo | Action::Discard { .. } => Err(Refusal::MustAnswer),
    }
}

/// A [`SeatSet`] in stored states and views, as the list of its seats (the shared type has no
/// serde of its own).
pub mod seat_list {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::games::interface::seat::{Seat, SeatSet};

    pub fn serialize<S: Serializer>(set: &SeatSet, s: S) -> Result<S::Ok, S::Error> {
        set.iter().collect::<Vec<Seat>>().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SeatSet, D::Error> {
        Ok(Vec::<Seat>::deserialize(d)?.into_iter().collect())
    }
}
