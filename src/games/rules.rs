//! What the host (store, service, Discord adapter, tools) needs from a game, and nothing more.
//!
//! A game is a type implementing [`Rules`]: its associated types are its own (cards or pieces,
//! actions, events, refusals, options, a seat's view), so each engine keeps types that make its
//! illegal states hard to write, and code written once over `G: Rules` (self-play, the
//! computer's harness, the one-transaction-per-action path) is compiled for each game with no
//! boxing. The registry (`super::registry`) closes the set: it names every game, maps a stored
//! game id to its type, and is the one module outside a game's folder that may import from it.

use std::fmt::{Debug, Display};

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::auto::{AutoSet, AutoSwitch};
use super::computer::{Budget, Level};
use super::deal::{DealProof, DeckSeed};
use super::ledger::Transfer;
use super::seat::{PerSeat, Seat, SeatCount, SeatSet};
use super::switch::{Switch, SwitchRefusal};

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

/// One movement of points as the match's ledger keeps it: the round it counts for and the
/// game's stable reason id (`ante`, `riichi`, `win`, … and `final_pot`, the pot handed to the
/// winner at the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LedgerEntry {
    /// 0-based round the points moved for.
    pub round: usize,
    pub transfer: Transfer<&'static str>,
}

/// The ledger reason of the pot left at the end of a game, which every game hands to the
/// winner without a transfer of its own.
pub const FINAL_POT: &str = "final_pot";

/// What one move adds to its player's counters while a game is played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoveCounters {
    /// The move declared riichi.
    pub riichi: bool,
    /// The player's own discard left them furiten (they were not before).
    pub furiten: bool,
}

/// A winning hand on a player's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WonHand {
    /// The hand's value in points.
    pub points: i64,
    /// The game's stable ids of its yaku.
    pub yaku: Vec<&'static str>,
}

/// What a finished game adds to one seat's record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatRecord {
    /// Points won (positive) or lost over the game, against the starting balance.
    pub net: i64,
    pub rounds: i64,
    pub won: Vec<WonHand>,
    /// Rounds this seat lost by discarding another player's winning piece.
    pub deal_ins: i64,
}

/// One rules engine as the host sees it. Every function is pure: no I/O, no clock, no
/// randomness but the seed it is given.
pub trait Rules: 'static {
    /// The stable id stored with each match and used in commands and scenario files.
    const ID: &'static str;
    /// The game's name in English and Japanese.
    const NAMES: Names;
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
    /// The per-server rule options (yaku values), fixed when a match starts.
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

    /// Every way this game ends, as stable ids (`Finish::reason`; `resigned` and `forfeit`
    /// included).
    const END_REASONS: &'static [&'static str];
    /// Every reason this game moves points for, as stable ids ([`FINAL_POT`] included).
    const TRANSFER_REASONS: &'static [&'static str];

    /// Every yaku of the game, as stable ids.
    fn yaku_ids() -> Vec<&'static str>;
    /// Sets one yaku's value in `options` (a server's setting): `value` is the points or han
    /// the game's table gives it (both values of a yaku with a closed and an open one).
    ///
    /// # Errors
    /// The yaku id is not this game's.
    fn set_yaku(options: &mut Self::Options, id: &str, value: u32) -> Result<(), String>;
    /// The game's switches (rule options a server turns between named values), in the order
    /// the config lists them; none by default.
    fn switches() -> &'static [Switch] {
        &[]
    }
    /// The value switch `id` has in `options` (one of its values), `None` for no such switch.
    fn switch_value(options: &Self::Options, id: &str) -> Option<&'static str> {
        let _ = (options, id);
        None
    }
    /// Sets switch `id` of `options` to the value `value` names (case and spaces aside; see
    /// [`super::switch::find`]).
    ///
    /// # Errors
    /// No such switch, or a value it does not take; `options` are unchanged then.
    fn set_switch(options: &mut Self::Options, id: &str, value: &str) -> Result<(), SwitchRefusal> {
        let _ = (options, id, value);
        Err(SwitchRefusal::Unknown)
    }
    /// A state stored by this or an older release (see `Self::State`).
    ///
    /// # Errors
    /// What is wrong with the text, in words.
    fn restore(json: &str) -> Result<Self::State, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }
    /// Whether an event dealt a new round.
    fn starts_round(event: &Self::Event) -> bool;
    /// The ledger of one step from `before` (`None`: the game's start) to `after` through
    /// `events`.
    fn ledger(
        before: Option<&Self::State>,
        after: &Self::State,
        events: &[Self::Event],
    ) -> Vec<LedgerEntry>;
    /// What `seat`'s move from `before` to `after` adds to its counters.
    fn move_counters(
        before: &Self::State,
        after: &Self::State,
        seat: Seat,
        action: Self::Action,
    ) -> MoveCounters;
    /// What a finished game adds to `seat`'s record.
    fn seat_record(state: &Self::State, seat: Seat) -> SeatRecord;

    /// A new game of `seats` (one of [`Rules::SEATS`]) whose first round is dealt from `seed`.
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
    /// The auto switches a player of this game may turn on, in the order the hand shows them;
    /// none by default.
    fn auto_switches() -> &'static [AutoSwitch] {
        &[]
    }
    /// The action the switches `on` take now for the seat whose view this is, `None` when the
    /// player decides (no switch applies, or the choice is one a switch never makes for them).
    fn auto_action(view: &Self::View, on: AutoSet) -> Option<Self::Action> {
        let _ = (view, on);
        None
    }
    /// The safest minimum for `seat` whose time ran out (a pass in a claim window).
    fn timeout_action(state: &Self::State, seat: Seat) -> Option<Self::Action>;
    /// The computer's choice at `level` from one seat's view only; `None` when that seat has no
    /// legal action.
    fn decide(
        level: Level,
        view: &Self::View,
        options: &Self::Options,
        budget: Budget,
        seed: u64,
    ) -> Option<Self::Action>;
    /// A whole state consistent with one seat's view, everything the view hides dealt at
    /// random by `seed` (the search of `games::search` plays its candidates out in these);
    /// `None` when the game offers none.
    fn sample(view: &Self::View, seed: u64) -> Option<Self::State>;
    /// The action as a short code for a button's custom id (`discard-l5`): letters, digits
    /// and `-` only, at most [`ACTION_CODE_MAX`] characters. A button on screen carries it
    /// across restarts and releases, so a game never changes what a code means.
    fn action_code(action: Self::Action) -> String;
    /// The action a code stands for; `None` for a code this game never made.
    fn parse_action(code: &str) -> Option<Self::Action>;
    /// `momojan scenario` for this game's files: the output document, or the error document's
    /// contents.
    ///
    /// # Errors
    /// The first problem in the file, as the game's scenario format describes it.
    fn scenario(bytes: &[u8]) -> Result<serde_json::Value, super::scenario_error::ScenarioError>;
    /// The scenario output document of a state: what `momojan scenario` prints for a file that
    /// plays the same game (an export's result is checked against it).
    fn report(state: &Self::State) -> serde_json::Value;
    /// Files in the game's own formats that an export attaches beside the scenario file of a
    /// finished game (riichi: its tenhou.net/6 log); none by default.
    ///
    /// # Errors
    /// What is wrong with the state, in words (a stored game that does not make the file).
    fn extra_exports(
        _state: &Self::State,
        _context: &super::extra_export::ExportContext,
    ) -> Result<Vec<super::extra_export::ExtraFile>, String> {
        Ok(Vec::new())
    }
    /// The rule options as a scenario file's `options` object.
    fn scenario_options(options: &Self::Options) -> serde_json::Value;
    /// One action as a scenario file's action object (without its `seat`).
    fn scenario_action(action: Self::Action) -> serde_json::Value;
    /// What every distinct card or piece of the game looks like (its card art: the emoji the
    /// bot uploads), each named by the code the game prints it as.
    fn art() -> super::art::Art;
}
