//! The claim window on a discarded isolated card (rules §4.2, R10, R11): every player with a
//! claim is asked and answers once, in any order; after the last answer the nearest ron wins,
//! else the nearest pon or chi is made (they rank equally, so a chi beats a pon), else the
//! discard lies and play passes on.

use serde::{Deserialize, Serialize};

use super::action::{Action, Refusal};
use super::card::{Card, Form, Shape};
use super::hand::{Completed, OpenMeld, Set};
use super::round::{Phase, Round, RoundEvent, WinBy};
use super::yaku::{score, Options, Score, WinContext};
use crate::games::seat::{PerSeat, Seat, SeatSet};

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
    pub fn open(round: &Round, discarder: Seat, card: Card, options: &Options) -> Window {
        let pending = round
            .seats
            .seats()
            .filter(|&s| s != discarder && claims(round, s, discarder, card, options).any())
            .collect();
        Window {
            discarder,
            card,
            pending,
            answers: PerSeat::filled(round.seats, None),
        }
    }

    /// `seat`'s possible answers, if it is still to answer.
    pub fn legal_actions(&self, round: &Round, seat: Seat, options: &Options) -> Vec<Action> {
        if !self.pending.contains(seat) {
            return Vec::new();
        }
        claims(round, seat, self.discarder, self.card, options).answers()
    }

    /// Takes `seat`'s answer; the last one closes the window.
    ///
    /// # Errors
    /// Not asked or answered already, not an answer, or a claim the seat does not have.
    pub fn answer(
        mut self,
        round: &mut Round,
        seat: Seat,
        action: Action,
        options: &Options,
    ) -> Result<Vec<RoundEvent>, Refusal> {
        if !self.pending.contains(seat) {
            return Err(match self.answers.get(seat) {
                Some(Some(_)) => Refusal::AlreadyAnswered,
                _ => Refusal::NotYourTurn,
            });
        }
        check_answer(round, seat, &self, action, options)?;
        self.pending = self.pending.without(seat);
        self.answers[seat] = Some(action);
        let mut events = vec![RoundEvent::Answered { seat }];
        if self.pending.is_empty() {
            events.extend(self.close(round, options));
        } else {
            round.phase = Phase::Claims(self);
        }
        Ok(events)
    }

    /// Resolves the answers (rules §4.2): ron first, then the nearest call, then nothing.
    fn close(self, round: &mut Round, options: &Options) -> Vec<RoundEvent> {
        let by_distance: Vec<(Seat, Action)> = round
            .seats
            .from_seat(self.discarder)
            .skip(1)
            .filter_map(|s| self.answers[s].map(|a| (s, a)))
            .collect();
        if let Some(&(winner, _)) = by_distance.iter().find(|(_, a)| *a == Action::Ron) {
            let (hand, score) = ron(round, winner, self.card, options)
                .expect("a ron answer was checked when given");
            let by = WinBy::Ron {
                from: self.discarder,
            };
            return vec![round.win(winner, by, Some(self.card), hand, score)];
        }
        if let Some(&(caller, call)) = by_distance
            .iter()
            .find(|(_, a)| matches!(a, Action::Pon | Action::Chi))
        {
            return vec![self.call(round, caller, call)];
        }
        round.pass_on(self.discarder).into_iter().collect()
    }

    /// Lays the caller's taatsu and the discard out as an open meld; the caller's next seat
    /// plays (R12).
    fn call(self, round: &mut Round, caller: Seat, call: Action) -> RoundEvent {
        let kind = self.card.kind();
        let shape = if call == Action::Pon {
            Shape::Ko
        } else {
            Shape::Shun
        };
        let taatsu = Card::new(kind, Form::Taatsu(shape)).expect("a checked call's taatsu");
        let player = &mut round.players[caller];
        player.remove(taatsu);
        player.open.push(OpenMeld {
            set: Set { kind, shape },
            from: self.discarder,
        });
        if let Some(d) = round.players[self.discarder].discards.last_mut() {
            d.claimed = true;
        }
        round.phase = Phase::Turn {
            seat: caller.next(round.seats),
            drawn: None,
        };
        RoundEvent::Called {
            seat: caller,
            call,
            from: self.discarder,
            card: self.card,
        }
    }
}

/// What `seat` may claim on `discarder`'s `card` (rules §4.2).
pub fn claims(round: &Round, seat: Seat, discarder: Seat, card: Card, options: &Options) -> Claims {
    if !card.is_isolated() || seat == discarder {
        return Claims::default();
    }
    let player = &round.players[seat];
    let kind = card.kind();
    let may_call = !player.riichi && round.pile_left() > 0;
    Claims {
        ron: ron(round, seat, card, options).is_ok(),
        pon: may_call && player.holds_taatsu(kind, Form::Taatsu(Shape::Ko)),
        chi: may_call
            && discarder.next(round.seats) == seat
            && player.holds_taatsu(kind, Form::Taatsu(Shape::Shun)),
    }
}

/// A ron on `card`: the hand waits on its kind and the win has a yaku.
fn ron(
    round: &Round,
    seat: Seat,
    card: Card,
    options: &Options,
) -> Result<(Completed, Score), Refusal> {
    let player = &round.players[seat];
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
    let score = score(&tenpai.completed, how, options).ok_or(Refusal::NoYaku)?;
    Ok((tenpai.completed, score))
}

/// Why `seat` may not give `action` as its answer, if it may not.
fn check_answer(
    round: &Round,
    seat: Seat,
    window: &Window,
    action: Action,
    options: &Options,
) -> Result<(), Refusal> {
    let player = &round.players[seat];
    let kind = window.card.kind();
    let may_call = || {
        if player.riichi {
            Err(Refusal::CallInRiichi)
        } else if round.pile_left() == 0 {
            Err(Refusal::CallOnLastDiscard)
        } else {
            Ok(())
        }
    };
    match action {
        Action::Pass => Ok(()),
        Action::Ron => ron(round, seat, window.card, options).map(drop),
        Action::Pon => {
            may_call()?;
            player
                .holds_taatsu(kind, Form::Taatsu(Shape::Ko))
                .then_some(())
                .ok_or(Refusal::NoPon(kind))
        }
        Action::Chi => {
            may_call()?;
            let next = window.discarder.next(round.seats) == seat;
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

    use crate::games::seat::{Seat, SeatSet};

    pub fn serialize<S: Serializer>(set: &SeatSet, s: S) -> Result<S::Ok, S::Error> {
        set.iter().collect::<Vec<Seat>>().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SeatSet, D::Error> {
        Ok(Vec::<Seat>::deserialize(d)?.into_iter().collect())
    }
}
