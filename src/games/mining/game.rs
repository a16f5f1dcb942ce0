//! A game (§1, §10): the dealerships, the dealer and honba, agari-yame, dobon, ranks and the
//! final score.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::options::{Length, Options};
use super::round::Round;
use super::settle::Outcome;
use crate::games::kit::mahjong::tile::{Kind, Tile};

/// Everyone's starting points.
pub const START: i64 = 25_000;
/// The return of the final score.
const RETURN: i64 = 30_000;

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    LastRound,
    Dobon,
    AgariYame,
    /// A player gave the game up (the host's resignation).
    Resigned,
    /// A player ran out of time too often.
    Forfeit,
}

impl End {
    pub fn id(self) -> &'static str {
        match self {
            End::LastRound => "last_round",
            End::Dobon => "dobon",
            End::AgariYame => "agari_yame",
            End::Resigned => "resigned",
            End::Forfeit => "forfeit",
        }
    }

    /// Every end, as [`End::id`] names them.
    pub const ALL: [End; 5] = [
        End::LastRound,
        End::Dobon,
        End::AgariYame,
        End::Resigned,
        End::Forfeit,
    ];

    /// The end an id names.
    pub fn from_id(id: &str) -> Option<End> {
        End::ALL.into_iter().find(|e| e.id() == id)
    }
}

/// A whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub options: Options,
    pub n: usize,
    pub first_dealer: usize,
    /// Dealerships passed so far: E1 is 0.
    pub dealership: usize,
    pub honba: u32,
    pub points: Vec<i64>,
    pub pot: i64,
    /// Every round played, the current one last.
    pub rounds: Vec<Round>,
    /// The last round's dealer chooses to end or continue.
    pub choosing: bool,
    pub over: Option<End>,
    /// The seat that resigned or forfeited, ranked last.
    #[serde(default)]
    pub loser: Option<usize>,
}

impl Game {
    pub fn new(options: Options, n: usize, first_dealer: usize) -> Game {
        Game {
            options,
            n,
            first_dealer,
            dealership: 0,
            honba: 0,
            points: vec![START; n],
            pot: 0,
            rounds: Vec::new(),
            choosing: false,
            over: None,
            loser: None,
        }
    }

    pub fn dealer(&self) -> usize {
        (self.first_dealer + self.dealership) % self.n
    }

    fn dealerships(&self) -> usize {
        match self.options.length {
            Length::East => self.n,
            Length::South => 2 * self.n,
        }
    }

    /// The round wind of the current dealership, and its number (1…N).
    pub fn wind(&self) -> (Kind, usize) {
        let wind = if self.dealership < self.n {
            Kind::EAST
        } else {
            Kind::new(Kind::EAST.index() as u8 + 1).unwrap_or(Kind::EAST)
        };
        (wind, self.dealership % self.n + 1)
    }

    /// Deals the next round from `wall`.
    pub fn start_round(&mut self, wall: Vec<Tile>) {
        let (wind, _) = self.wind();
        let round = Round::new(
            self.options,
            self.dealer(),
            wind,
            self.honba,
            self.points.clone(),
            self.pot,
            wall,
        );
        self.rounds.push(round);
    }

    pub fn round(&self) -> Option<&Round> {
        self.rounds.last()
    }

    /// Whether a round is being played.
    pub fn in_round(&self) -> bool {
        self.round().is_some_and(|r| r.outcome.is_none())
    }

    /// The seats that must act now.
    pub fn to_act(&self) -> Vec<usize> {
        if self.over.is_some() {
            return Vec::new();
        }
        if self.choosing {
            return vec![self.dealer()];
        }
        match self.round() {
            Some(r) if r.outcome.is_none() => r.to_act(),
            _ => vec![self.dealer()],
        }
    }

    pub fn legal_actions(&self, seat: usize) -> Vec<Action> {
        if self.over.is_some() {
            return Vec::new();
        }
        if self.choosing {
            return if seat == self.dealer() {
                vec![Action::AgariYame, Action::Continue]
            } else {
                Vec::new()
            };
        }
        match self.round() {
            Some(r) if r.outcome.is_none() => r.legal_actions(seat),
            _ => Vec::new(),
        }
    }

    /// Applies an action; `Err` says why it is not legal. A round that ends is settled.
    pub fn apply(&mut self, seat: usize, action: Action) -> Result<(), String> {
        if self.over.is_some() {
            return Err("the game is over".into());
        }
        if self.choosing {
            match action {
                Action::AgariYame => self.end(End::AgariYame),
                Action::Continue => self.choosing = false,
                _ => return Err("the dealer chooses to end the game or to continue".into()),
            }
            return Ok(());
        }
        let Some(round) = self.rounds.last_mut().filter(|r| r.outcome.is_none()) else {
            return Err("the round is over".into());
        };
        round.apply(seat, action)?;
        if round.outcome.is_some() {
            round.settle();
            self.after_round();
        }
        Ok(())
    }

    /// §9's dealer and honba, then §10's end conditions.
    fn after_round(&mut self) {
        let Some(round) = self.rounds.last() else {
            return;
        };
        self.points = round.points.clone();
        self.pot = round.pot;
        let dealer = self.dealer();
        let (stays, dealer_won) = match &round.outcome {
            Some(Outcome::Wins(wins)) => {
                let won = wins.iter().any(|w| w.seat == dealer);
                (won, won)
            }
            Some(Outcome::Draw { tenpai }) => (tenpai[dealer], false),
            None => return,
        };
        let draw = matches!(round.outcome, Some(Outcome::Draw { .. }));
        let last = self.dealership + 1 == self.dealerships();
        if stays || draw {
            self.honba += 1;
        } else {
            self.honba = 0;
        }
        if !stays {
            self.dealership += 1;
        }
        if self.options.dobon && self.points.iter().any(|p| *p < 0) {
            self.end(End::Dobon);
        } else if last && !stays {
            self.end(End::LastRound);
        } else if last && dealer_won && self.options.agari_yame {
            self.choosing = true;
        }
    }

    /// `seat` gives the game up (`why` is [`End::Resigned`] or [`End::Forfeit`]): it ranks
    /// last, the round in play is left as it stands, and the pot goes to the first-ranked
    /// seat; `Err` when the game is over.
    pub fn concede(&mut self, seat: usize, why: End) -> Result<(), String> {
        if self.over.is_some() {
            return Err("the game is over".into());
        }
        // The round in play keeps what it paid (riichi sticks) and ends where it stands.
        if let Some(r) = self.rounds.last().filter(|r| r.outcome.is_none()) {
            self.points = r.points.clone();
            self.pot = r.pot;
        }
        self.loser = Some(seat);
        self.end(why);
        Ok(())
    }

    fn end(&mut self, why: End) {
        self.over = Some(why);
        self.choosing = false;
        if self.pot > 0 {
            let first = self.order()[0];
            self.points[first] += self.pot;
            self.pot = 0;
        }
    }

    /// Seats from first rank to last: higher points, then turn order from the first dealer.
    fn order(&self) -> Vec<usize> {
        let mut seats: Vec<usize> = (0..self.n)
            .map(|d| (self.first_dealer + d) % self.n)
            .collect();
        seats.sort_by_key(|s| (Some(*s) == self.loser, std::cmp::Reverse(self.points[*s])));
        seats
    }

    /// Seats from first rank to last (the seat that gave up last).
    pub fn ranking(&self) -> Vec<usize> {
        self.order()
    }

    /// Each seat's rank (1…N), once the game is over.
    pub fn ranks(&self) -> Vec<usize> {
        let mut ranks = vec![0; self.n];
        for (i, s) in self.order().into_iter().enumerate() {
            ranks[s] = i + 1;
        }
        ranks
    }

    /// Each seat's final score in tenths (§10).
    pub fn final_tenths(&self) -> Vec<i64> {
        let uma: &[i64] = match self.n {
            4 => &[10, 5, -5, -10],
            3 => &[10, 0, -10],
            _ => &[10, -10],
        };
        let oka = 5 * self.n as i64;
        let ranks = self.ranks();
        (0..self.n)
            .map(|s| {
                let rank = ranks[s];
                let bonus = uma[rank - 1] + if rank == 1 { oka } else { 0 };
                (self.points[s] - RETURN).div_euclid(100) + 10 * bonus
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::mahjong::hand::Hand;
    use crate::games::kit::mahjong::tile::parse_tiles;
    use crate::games::mining::round::{After, Phase};

    fn game(n: usize) -> Game {
        let options = Options {
            length: Length::East,
            ..Options::default()
        };
        let mut g = Game::new(options, n, 0);
        g.start_round(Tile::full_set(true));
        g
    }

    /// Ends the current round in a draw with these tenpai seats.
    fn draw(g: &mut Game, tenpai: &[bool]) {
        let r = g.rounds.last_mut().unwrap();
        r.outcome = Some(Outcome::Draw {
            tenpai: tenpai.to_vec(),
        });
        r.settle();
        g.after_round();
    }

    #[test]
    fn a_noten_dealer_passes_and_the_game_ends_after_the_last_round() {
        let mut g = game(2);
        draw(&mut g, &[false, false]);
        assert_eq!((g.dealer(), g.honba, g.over), (1, 1, None));
        g.start_round(Tile::full_set(true));
        draw(&mut g, &[false, true]);
        // A tenpai dealer stays (honba 2) even in the last round.
        assert_eq!((g.dealer(), g.honba, g.over), (1, 2, None));
        g.start_round(Tile::full_set(true));
        draw(&mut g, &[true, false]);
        assert_eq!(g.over, Some(End::LastRound));
        assert_eq!(g.points, [25_000, 25_000]);
        // Equal points: turn order from the first dealer.
        assert_eq!(g.ranks(), [1, 2]);
        // (25,000 − 30,000) / 100 + 10 × (10 + 10) = 150; then − 50 − 100.
        assert_eq!(g.final_tenths(), [150, -150]);
    }

    #[test]
    fn a_player_below_zero_ends_the_game() {
        let mut g = game(3);
        g.rounds[0].points = vec![25_500, 25_500, 500];
        g.rounds[0].pot = 23_500;
        draw(&mut g, &[true, true, false]);
        assert_eq!(g.over, Some(End::Dobon));
        // The pot goes to the first-ranked player (ties: turn order from the first dealer).
        assert_eq!(g.points, [50_000, 26_500, -1500]);
        assert_eq!(g.pot, 0);
        assert_eq!(g.ranks(), [1, 2, 3]);
    }

    #[test]
    fn the_last_dealer_may_stop_after_a_win() {
        let mut g = game(2);
        g.dealership = 1;
        g.rounds.clear();
        g.start_round(Tile::full_set(true));
        let r = g.rounds.last_mut().unwrap();
        r.players[1].hand = Hand::from_tiles(&parse_tiles("123m456m789p234s55s").unwrap());
        r.players[1].obtained = vec![(parse_tiles("5s").unwrap()[0], false)];
        r.phase = Phase::Decide {
            seat: 1,
            after: After::Move,
        };
        g.apply(1, Action::Tsumo { card: None }).unwrap();
        assert!(g.choosing);
        assert_eq!(g.to_act(), [1]);
        assert_eq!(g.legal_actions(1), [Action::AgariYame, Action::Continue]);
        g.apply(1, Action::AgariYame).unwrap();
        assert_eq!(g.over, Some(End::AgariYame));
        assert!(g.points[1] > g.points[0]);
    }
}
