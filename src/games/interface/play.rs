//! How a game is played, as the host drives it: [`Play`], the state machine (its associated
//! types are the game's own: cards or pieces, actions, events, refusals, options, a seat's
//! view, so each engine keeps types that make its illegal states hard to write, and code
//! written once over `G: Play` is compiled for each game with no boxing), [`Stored`], how it
//! is kept, and the neutral words both speak: who acts, how a game ended, a concession.

use std::fmt::{Debug, Display};

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::games::interface::deal::{DealProof, DeckSeed};
use crate::games::interface::seat::{PerSeat, Seat, SeatCount, SeatSet};

/// The longest action code a game may make (a custom id holds 100 characters; the host's
/// prefix, match and version take the rest).
pub const ACTION_CODE_MAX: usize = 56;

/// A game's name in each language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Names {
    pub en: &'static str,
    pub ja: &'static str,
}

/// Why a game ended without being played out (serialised as its id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Concession {
    /// The player resigned.
    Resigned,
    /// The player ran out of time too often.
    Forfeit,
}

/// One logged move of a match, as an export replays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<A> {
    /// `seat` played `action` (whoever chose it: the player, the bot on a timeout, the computer).
    Play(Seat, A),
    /// `seat` gave the game up.
    Concede(Seat, Concession),
}

impl Concession {
    /// The id used in scenario files and end reasons.
    pub fn id(self) -> &'static str {
        match self {
            Concession::Resigned => "resigned",
            Concession::Forfeit => "forfeit",
        }
    }

    /// The concession an id names.
    pub fn from_id(id: &str) -> Option<Concession> {
        [Concession::Resigned, Concession::Forfeit]
            .into_iter()
            .find(|c| c.id() == id)
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    /// Every seat from first to last place (the game's own ranking, ties broken by its rules).
    pub ranking: Vec<Seat>,
    /// The game's own stable id of the reason (`bust`, `round_limit`, `resigned`, …).
    pub reason: &'static str,
    /// Balances after the last pot went to the first-ranked seat.
    pub balances: PerSeat<i64>,
}

impl Finish {
    /// The first-ranked seat.
    pub fn winner(&self) -> Seat {
        self.ranking[0]
    }

    /// `seat`'s place, 1 for the winner.
    pub fn place(&self, seat: Seat) -> usize {
        self.ranking
            .iter()
            .position(|s| *s == seat)
            .map_or(self.ranking.len(), |i| i + 1)
    }
}

/// Who may act now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Acting {
    /// The seat whose turn it is (a two-seat game's answer to a discard is a turn too).
    Turn(Seat),
    /// The seats asked to answer a discard (or a kan) at once that have not answered yet: a
    /// claim window, timed by the server's claim time. Never empty.
    Claims(SeatSet),
    /// Nobody: the game is over.
    Over,
}

impl Acting {
    /// The seats that may act, ascending.
    pub fn seats(self) -> SeatSet {
        match self {
            Acting::Turn(seat) => SeatSet::one(seat),
            Acting::Claims(seats) => seats,
            Acting::Over => SeatSet::EMPTY,
        }
    }

    /// Whether `seat` may act now.
    pub fn includes(self, seat: Seat) -> bool {
        self.seats().contains(seat)
    }

    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        self == Acting::Over
    }

    /// The lowest seat that may act (the one seat of a turn).
    pub fn first(self) -> Option<Seat> {
        self.seats().first()
    }
}

/// One rules engine as the host plays it: the state machine the store keeps and the service
/// drives. Every function is pure: no I/O, no clock, no randomness but the seed it is given.
pub trait Play: 'static {
    /// The stable id stored with each match and used in commands and scenario files.
    const ID: &'static str;
    /// The table sizes the game is played at, smallest first (MOMOJAN: two only).
    const SEATS: &'static [SeatCount];

    /// The whole game: balances, finished rounds, the round in play. Stored as JSON after every
    /// action; the deck seed is kept beside it, never inside.
    type State: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// One player action: small, copyable, printable.
    type Action: Copy + Eq + Debug + Display + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// What happened, for the event log that replays a match.
    type Event: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// Why an action was refused (typed: the Discord layer words it, nothing parses it).
    type Refusal: std::error::Error + Clone + Send + Sync + 'static;
    /// The per-server rule options (yaku values, switches), fixed when a match starts.
    type Options: Clone
        + Debug
        + Default
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// What one seat may see: its own concealed pieces, everything public, its legal actions.
    type View: Clone + Debug + Send + 'static;

    /// A new game of `seats` (one of [`Play::SEATS`]) whose first round is dealt from `seed`.
    fn start(
        seed: &DeckSeed,
        seats: SeatCount,
        first_dealer: Seat,
        options: Self::Options,
    ) -> (Self::State, Vec<Self::Event>);
    /// How many seats the game has.
    fn seat_count(state: &Self::State) -> SeatCount;
    /// The fair-deal proof of round `round` (0-based) of the game with this seed, played under
    /// `options` (the deck a game deals may depend on them: riichi without red fives).
    fn deal_proof(seed: &DeckSeed, round: u32, options: &Self::Options) -> DealProof;
    /// Who may act now: the seat whose turn it is, the seats still to answer a claim window,
    /// or nobody once the game is over.
    fn to_act(state: &Self::State) -> Acting;
    /// Every legal action of `seat`, in the game's stable order (empty when it may not act).
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;
    /// Applies one action, dealing the next round from `seed` when one ends and the game goes
    /// on.
    ///
    /// # Errors
    /// The refusal; the state is unchanged then.
    fn apply(
        state: &mut Self::State,
        seed: &DeckSeed,
        seat: Seat,
        action: Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Refusal>;
    /// Ends the game as `seat`'s loss (resignation or forfeit): `seat` is ranked last, the
    /// others as the game ranks them; the pot goes to the first-ranked seat.
    ///
    /// # Errors
    /// The refusal when the game is already over; the state is unchanged then.
    fn concede(
        state: &mut Self::State,
        seat: Seat,
        why: Concession,
    ) -> Result<Vec<Self::Event>, Self::Refusal>;
    /// What `seat` may see.
    fn view(state: &Self::State, seat: Seat) -> Self::View;
    /// The legal actions in a seat's view (empty when that seat is not to act).
    fn view_actions(view: &Self::View) -> &[Self::Action];
    /// The seat a view belongs to.
    fn view_seat(view: &Self::View) -> Seat;
    /// Current balances (the pot not included).
    fn balances(state: &Self::State) -> PerSeat<i64>;
    /// Points waiting in the pot (riichi sticks, antes) for the next winner.
    fn pot(state: &Self::State) -> i64;
    /// Rounds finished so far.
    fn rounds_played(state: &Self::State) -> usize;
    /// How the game ended, once it has.
    fn finish(state: &Self::State) -> Option<Finish>;
    /// An action a seat has no choice about, played for it at once (MOMOJAN's riichi discard,
    /// shogi mahjong's only-legal draw), with that seat; `None` when every seat that may act
    /// must choose.
    fn forced_action(state: &Self::State) -> Option<(Seat, Self::Action)>;
    /// The safest minimum for `seat` whose time ran out (a pass in a claim window).
    fn timeout_action(state: &Self::State, seat: Seat) -> Option<Self::Action>;
}

/// How a game is kept between actions and across releases: its state's JSON, the codes its
/// actions carry on buttons and in the move log, and the event that deals a round.
pub trait Stored: Play {
    /// A state stored by this or an older release (see `Play::State`).
    ///
    /// # Errors
    /// What is wrong with the text, in words.
    fn restore(json: &str) -> Result<Self::State, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }
    /// Whether an event dealt a new round.
    fn starts_round(event: &Self::Event) -> bool;
    /// The action as a short code for a button's custom id (`discard-l5`): letters, digits
    /// and `-` only, at most [`ACTION_CODE_MAX`] characters. A button on screen carries it
    /// across restarts and releases, so a game never changes what a code means.
    fn action_code(action: Self::Action) -> String;
    /// The action a code stands for; `None` for a code this game never made.
    fn parse_action(code: &str) -> Option<Self::Action>;
}
