//! A game (§2, §11, §12): rounds in order, the dealer and honba, the end of the game (dobon,
//! the last round, agari-yame), ranks and the final score with uma and oka.

use crate::games::kit::ends::concession_ends;
use serde::{Deserialize, Serialize};

use super::action::{Action, Refusal};
use super::closed::Closed;
use super::options::Options;
use super::round::{Abort, Acting, Round, RoundEnd, Scores, Transfer, SEATS};
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::interface::Concession;
use crate::games::kit::ids::stable_ids;
use crate::games::kit::mahjong::hand::Meld;
use crate::games::kit::mahjong::tile::{Kind, Tile};

/// Each player's points at the start (§2).
pub const START: i64 = 25_000;
/// The final score counts against this return (§12).
pub const RETURN: i64 = 30_000;
/// Uma by rank, in points of the final score.
pub const UMA: [i64; 4] = [10, 5, -5, -10];
/// Oka: the four players' difference between the return and the start, to the first.
pub const OKA: i64 = 4 * (RETURN - START) / 1000;

stable_ids! {
    /// Why the game ended.
    #[derive(Hash)]
    pub enum EndReason {
        LastRound,
        Dobon,
        AgariYame,
        Resigned,
        Forfeit,
    }
}

impl EndReason {
    pub const ALL: [EndReason; 5] = [
        EndReason::LastRound,
        EndReason::Dobon,
        EndReason::AgariYame,
        EndReason::Resigned,
        EndReason::Forfeit,
    ];
}

concession_ends!(EndReason);

/// How the game ended: ranks and the final score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub reason: EndReason,
    /// First to last.
    pub ranking: Vec<Seat>,
    /// The final score of each seat in tenths (`423` is +42.3).
    pub final_tenths: PerSeat<i64>,
}

impl Outcome {
    /// `seat`'s rank, 1 for the first.
    pub fn rank(&self, seat: Seat) -> usize {
        self.ranking
            .iter()
            .position(|s| *s == seat)
            .map_or(4, |i| i + 1)
    }
}

/// One finished round, as the output and the records show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    pub index: usize,
    pub dealership: u8,
    pub dealer: Seat,
    pub honba: u32,
    pub minimum_han: u8,
    /// Every revealed dora indicator, in order.
    pub dora_indicators: Vec<Tile>,
    /// The ura indicators under them (revealed after the round).
    pub ura_indicators: Vec<Tile>,
    pub end: Option<RoundEnd>,
    pub transfers: Vec<Transfer>,
    /// Points and pot at the round's start, and after its settlement.
    pub start_points: PerSeat<i64>,
    pub points: PerSeat<i64>,
    pub pot: i64,
    /// Each player's concealed tiles and calls as the round ended.
    pub hands: PerSeat<Vec<Tile>>,
    pub melds: PerSeat<Vec<Meld>>,
    /// The wall and every action: with them the round can be replayed or logged.
    pub wall: Vec<Tile>,
    pub log: Vec<(Seat, Action)>,
}

/// What happened, for the host's event log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    RoundStarted {
        index: usize,
        dealer: Seat,
        honba: u32,
    },
    Played {
        seat: Seat,
        action: Action,
    },
    /// Points moved (a riichi stick, a win, the pot, a noten payment).
    Transferred {
        transfer: Transfer,
    },
    RoundEnded {
        index: usize,
    },
    GameEnded {
        reason: EndReason,
    },
}

/// Where the game stands between actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The next round's wall is due.
    NeedsDeal,
    Playing,
    /// The last round's dealer won and chooses to end or play on (§12).
    AgariChoice,
    Over,
}

/// A whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub options: Options,
    pub first_dealer: Seat,
    pub scores: Scores,
    /// 0–7: E1 … S4; the dealer is `first_dealer` + dealership.
    pub dealership: u8,
    pub honba: u32,
    pub stage: Stage,
    /// The round in play, or the last one while the agari-yame choice is open.
    pub round: Option<Round>,
    pub records: Vec<RoundRecord>,
    pub outcome: Option<Outcome>,
    /// The last claim window someone answered, once closed, its answers public; kept across a
    /// deal (a ron ends its round) so that a claim that lost can be told. Absent from states
    /// stored before it was kept.
    #[serde(default)]
    pub last_claims: Option<Closed>,
}

impl Game {
    pub fn new(first_dealer: Seat, options: Options) -> Game {
        Game {
            options,
            first_dealer,
            scores: Scores {
                points: PerSeat::filled(SEATS, START),
                pot: 0,
            },
            dealership: 0,
            honba: 0,
            stage: Stage::NeedsDeal,
            round: None,
            records: Vec::new(),
            outcome: None,
            last_claims: None,
        }
    }

    pub fn dealer(&self) -> Seat {
        self.first_dealer.after(usize::from(self.dealership), SEATS)
    }

    pub fn needs_deal(&self) -> bool {
        self.stage == Stage::NeedsDeal
    }

    pub fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }

    /// The round in play (not a finished one).
    pub fn live_round(&self) -> Option<&Round> {
        self.round.as_ref().filter(|r| !r.is_over())
    }

    /// Deals the next round from its wall (136 tiles, checked by the caller).
    pub fn deal(&mut self, wall: Vec<Tile>) -> Vec<Event> {
        let index = self.records.len();
        let round = Round::deal(
            index,
            self.dealership,
            self.dealer(),
            self.honba,
            self.options,
            wall,
        );
        self.round = Some(round);
        self.stage = Stage::Playing;
        vec![Event::RoundStarted {
            index,
            dealer: self.dealer(),
            honba: self.honba,
        }]
    }

    /// Who may act now.
    pub fn acting(&self) -> Acting {
        match (self.stage, &self.round) {
            (Stage::Playing, Some(round)) => round.acting(),
            (Stage::AgariChoice, _) => Acting::Turn(self.dealer()),
            _ => Acting::Over,
        }
    }

    /// Every legal action of `seat`.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        match (self.stage, &self.round) {
            (Stage::Playing, Some(round)) => round.legal_actions(seat, &self.scores.points),
            (Stage::AgariChoice, _) if seat == self.dealer() => {
                vec![Action::AgariYame, Action::Continue]
            }
            _ => Vec::new(),
        }
    }

    /// Applies one action.
    ///
    /// # Errors
    /// The refusal; the game is unchanged then.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, Refusal> {
        match self.stage {
            Stage::Over => Err(Refusal::GameOver),
            Stage::NeedsDeal => Err(Refusal::RoundOver),
            Stage::AgariChoice => self.choose(seat, action),
            Stage::Playing => self.play(seat, action),
        }
    }

    fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, Refusal> {
        let round = self.round.as_mut().ok_or(Refusal::RoundOver)?;
        let paid = round.transfers.len();
        let closed = round.apply(seat, action, &mut self.scores)?;
        let mut events = vec![Event::Played { seat, action }];
        events.extend(
            round.transfers[paid..]
                .iter()
                .map(|&transfer| Event::Transferred { transfer }),
        );
        let over = round.is_over();
        self.note_claims(seat, closed);
        if over {
            events.extend(self.end_round());
        }
        Ok(events)
    }

    /// Keeps the window `seat`'s action closed, if it closed one; else `seat` has acted since
    /// the last one.
    fn note_claims(&mut self, seat: Seat, closed: Option<Closed>) {
        match (closed, &mut self.last_claims) {
            (Some(closed), _) => self.last_claims = Some(closed),
            (None, Some(last)) => last.acted(seat),
            (None, None) => {}
        }
    }

    fn choose(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, Refusal> {
        if seat != self.dealer() {
            return Err(Refusal::NotYourTurn);
        }
        let mut events = vec![Event::Played { seat, action }];
        match action {
            Action::AgariYame => events.extend(self.end_game(EndReason::AgariYame)),
            Action::Continue => self.stage = Stage::NeedsDeal,
            _ => return Err(Refusal::NoAgariChoice),
        }
        self.note_claims(seat, None);
        if let Some(record) = self.records.last_mut() {
            record.log.push((seat, action));
        }
        Ok(events)
    }

    /// Records the ended round, moves the dealership and honba (§11), and ends the game or
    /// opens the agari-yame choice (§12).
    fn end_round(&mut self) -> Vec<Event> {
        let Some(record) = self.round.as_ref().map(|r| self.record(r)) else {
            return Vec::new();
        };
        let (index, end, dealer) = (record.index, record.end.clone(), record.dealer);
        self.records.push(record);
        let mut events = vec![Event::RoundEnded { index }];
        let dealer_won =
            matches!(&end, Some(RoundEnd::Win { wins }) if wins.iter().any(|w| w.seat == dealer));
        let stays = match &end {
            Some(RoundEnd::Win { .. }) => dealer_won,
            Some(RoundEnd::ExhaustiveDraw { tenpai }) => tenpai[dealer],
            _ => true,
        };
        let last = self.options.length.dealerships() - 1;
        let was_last = self.dealership == last;
        self.honba = match &end {
            Some(RoundEnd::Win { .. }) if !dealer_won => 0,
            _ => self.honba + 1,
        };
        if !stays {
            self.dealership += 1;
        }
        if self.options.dobon && self.scores.points.values().any(|&p| p < 0) {
            events.extend(self.end_game(EndReason::Dobon));
        } else if was_last && !stays {
            events.extend(self.end_game(EndReason::LastRound));
        } else if was_last && dealer_won && self.options.agari_yame {
            self.stage = Stage::AgariChoice;
        } else {
            self.stage = Stage::NeedsDeal;
        }
        events
    }

    fn record(&self, round: &Round) -> RoundRecord {
        let start_points = self
            .records
            .last()
            .map_or_else(|| PerSeat::filled(SEATS, START), |r| r.points);
        RoundRecord {
            index: round.index,
            dealership: round.dealership,
            dealer: round.dealer,
            honba: round.honba,
            minimum_han: round.minimum_han,
            dora_indicators: round.wall.dora_indicators().to_vec(),
            ura_indicators: round.wall.ura_indicators(self.options.kan_ura).to_vec(),
            end: round.end.clone(),
            transfers: round.transfers.clone(),
            start_points,
            points: self.scores.points,
            pot: self.scores.pot,
            hands: round.players.map(|_, p| p.hand.tiles()),
            melds: round.players.map(|_, p| p.melds.clone()),
            wall: round.wall.tiles().to_vec(),
            log: round.log.clone(),
        }
    }

    /// The ranking of §12: points, then turn order from the first dealer.
    pub fn ranking(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = SEATS.from_seat(self.first_dealer).collect();
        seats.sort_by_key(|&s| std::cmp::Reverse(self.scores.points[s]));
        seats
    }

    fn end_game(&mut self, reason: EndReason) -> Vec<Event> {
        let ranking = self.ranking();
        self.close(reason, ranking);
        vec![Event::GameEnded { reason }]
    }

    /// Hands the pot to the first and scores the game with uma and oka (§12).
    fn close(&mut self, reason: EndReason, ranking: Vec<Seat>) {
        self.scores.points[ranking[0]] += self.scores.pot;
        self.scores.pot = 0;
        let mut tenths = PerSeat::filled(SEATS, 0);
        for (place, &seat) in ranking.iter().enumerate() {
            let oka = if place == 0 { OKA } else { 0 };
            tenths[seat] = (self.scores.points[seat] - RETURN) / 100 + 10 * (UMA[place] + oka);
        }
        self.stage = Stage::Over;
        self.outcome = Some(Outcome {
            reason,
            ranking,
            final_tenths: tenths,
        });
    }

    /// Ends the game as `seat`'s loss: last place, the others as the game ranks them.
    ///
    /// # Errors
    /// [`Refusal::GameOver`] when it is already over.
    pub fn concede(&mut self, seat: Seat, why: Concession) -> Result<Vec<Event>, Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let mut ranking: Vec<Seat> = self.ranking().into_iter().filter(|&s| s != seat).collect();
        ranking.push(seat);
        let reason = EndReason::from(why);
        self.close(reason, ranking);
        Ok(vec![Event::GameEnded { reason }])
    }

    /// The round wind of the dealership in play.
    pub fn round_wind(&self) -> Kind {
        Kind::new(Kind::EAST.index() as u8 + self.dealership / 4).unwrap_or(Kind::EAST)
    }

    /// Why the round in play ended in an abortive draw, if it did.
    pub fn abort(&self) -> Option<Abort> {
        match self.round.as_ref()?.end {
            Some(RoundEnd::AbortiveDraw { abort }) => Some(abort),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_stored_before_claims_were_kept_still_loads() {
        let game = Game::new(Seat::ZERO, Options::default());
        let mut stored = serde_json::to_value(&game).unwrap();
        let fields = stored.as_object_mut().unwrap();
        assert!(fields.remove("last_claims").is_some());
        assert_eq!(serde_json::from_value::<Game>(stored).unwrap(), game);
    }
}
