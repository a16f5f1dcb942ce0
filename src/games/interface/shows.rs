//! What the host shows of a game, in a model every game fills in: pieces with their faces,
//! groups, discard piles, the game's own lines (stakes, dora, piles or wall), the actions as
//! choices that say what they make, round results and the words of moves and refusals. The
//! Discord layer draws this model and nothing else, so a new game brings its folder, its
//! messages and its art, and no view changes.
//!
//! Text is never worded here: a [`Words`] is a message id of the game's message files (or the
//! host's) with its arguments, worded by the host in the reader's language. Pieces carry a
//! language-neutral face (`🍋5`, `歩`) and, where a face does not say what the piece is to a
//! reader who does not read kanji, an English name.

use std::borrow::Cow;

use super::play::{Acting, Names, Play};
use crate::games::interface::ledger::Transfer;
use crate::games::interface::seat::{PerSeat, Seat};

/// One card or piece as players see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The game's stable code of the face (`l5`, `Dog`, `FU`): the name of its art.
    pub face: String,
    /// The face in text, the same in every language (`🍋5`, `歩`).
    pub text: String,
    /// The piece's name for English readers (`fu`, `dog`), where its face does not say it.
    pub name_en: EnglishName,
}

/// A piece's name for English readers, and beside which of its faces they need it: a face
/// that shows a kanji does not say what it is to a reader who does not read them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnglishName {
    /// Its text and its art both say what it is (`🍋5`, a lemon with a 5).
    Unneeded,
    /// Its text says it (`🐕`), its art does not (`犬`).
    BesideArt(&'static str),
    /// Neither its text nor its art says it (`歩`).
    BesideBoth(&'static str),
}

impl EnglishName {
    /// The name to show beside the piece's art (`art`) or its text, if it needs one.
    pub fn beside(self, art: bool) -> Option<&'static str> {
        match self {
            EnglishName::BesideBoth(name) => Some(name),
            EnglishName::BesideArt(name) if art => Some(name),
            _ => None,
        }
    }
}

/// How a group was made, which decides its brackets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupKind {
    /// Laid open from the hand (MOMOJAN's kai): `[a b c]`.
    Opened,
    /// Made with a claimed discard: `(a b *c)`.
    Called,
    /// A kan, open or added: `⟦a a a a⟧`.
    Kan,
    /// A closed kan: `⟦a a a a⟧🔒`.
    ClosedKan,
    /// Concealed in a revealed hand (a set or the head of a winning hand): `a b c`.
    Concealed,
}

/// A set of pieces shown together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub pieces: Vec<Piece>,
    /// The piece taken from another player (or the winning piece in a revealed hand), marked.
    pub marked: Option<usize>,
    pub kind: GroupKind,
}

impl Group {
    /// Pieces held concealed, shown as they are.
    pub fn concealed(pieces: Vec<Piece>) -> Group {
        Group {
            pieces,
            marked: None,
            kind: GroupKind::Concealed,
        }
    }
}

/// One player's hand as a round's end reveals it: their open groups, then the winner's
/// concealed sets (`winning`, from [`winning_sets`]) or the concealed pieces as they are.
pub fn revealed_hand(
    open: Vec<Group>,
    concealed: Vec<Piece>,
    winning: Option<Vec<Group>>,
) -> Vec<Group> {
    let mut groups = open;
    match winning {
        Some(sets) => groups.extend(sets),
        None if !concealed.is_empty() => groups.push(Group::concealed(concealed)),
        None => {}
    }
    groups
}

/// A winning hand's concealed sets and head as groups, the first piece of the winning
/// piece's face marked (none for a win on the dealt pieces).
pub fn winning_sets(sets: Vec<Vec<Piece>>, winning: Option<&Piece>) -> Vec<Group> {
    let mut marked = false;
    sets.into_iter()
        .map(|pieces| {
            let at = winning
                .filter(|_| !marked)
                .and_then(|w| pieces.iter().position(|p| p.face == w.face));
            marked |= at.is_some();
            Group {
                pieces,
                marked: at,
                kind: GroupKind::Concealed,
            }
        })
        .collect()
}

/// One discard in a pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discarded {
    pub piece: Piece,
    /// The discard that declared riichi.
    pub riichi: bool,
    /// Taken by the other player (struck through).
    pub taken: bool,
}

/// One player at the table, as everyone sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatBoard {
    /// How many concealed pieces they hold.
    pub concealed: usize,
    pub groups: Vec<Group>,
    pub discards: Vec<Discarded>,
    pub riichi: bool,
    /// What the game says of the seat beside its name (riichi's seat wind), if anything.
    pub mark: Option<Words>,
}

/// The round in play, as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundBoard {
    /// 0-based.
    pub index: usize,
    pub dealer: Seat,
    /// Who acts: a turn, or the seats asked in a claim window.
    pub to_act: Acting,
    /// What kind of move the players to act face ("draw, claim or ron").
    pub stage: Words,
    /// The game's lines on the public table (stakes, dora, piles or wall), above the turn.
    pub table_lines: Vec<Words>,
    /// The same facts as the hand words them.
    pub hand_lines: Vec<Words>,
    pub seats: PerSeat<SeatBoard>,
    /// The discard (or kan piece) the player to act may take, marked in its pile.
    pub claimable: Option<Piece>,
}

/// Everything public about a game at one moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub balances: PerSeat<i64>,
    pub pot: i64,
    pub round: Option<RoundBoard>,
    /// The winner and the game's id of why it ended, once it has.
    pub over: Option<(Seat, &'static str)>,
}

/// Where an action's button goes among the hand's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChoiceKind {
    /// Draws, wins, pass: the first row.
    Main,
    /// Claims, openings and kans (a select menu when they do not all fit).
    Call,
    /// Riichi with a discard (a select menu when they do not all fit).
    Riichi,
    /// Plain discards: the last rows.
    Discard,
}

/// What a button's colour says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// A winning move (green).
    Win,
    /// A claim, an opening or a kan (blurple).
    Call,
    /// Everything else (grey).
    Plain,
}

/// One legal action as the hand offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// `Stored::action_code` of the action.
    pub code: String,
    /// The button's words: what the action makes ("Pon *🍑1 ☀️ ☀️").
    pub label: Words,
    /// In a select menu: a shorter label, when the button's is long.
    pub option_label: Option<Words>,
    /// In a select menu: the second line (a riichi discard's waits).
    pub detail: Option<Words>,
    pub kind: ChoiceKind,
    pub tone: Tone,
    /// The piece the button shows as its emoji: a discard's, the one a claim takes, a kan's.
    pub piece: Option<Piece>,
}

/// What one seat's hand message shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandBoard {
    pub seat: Seat,
    pub board: Board,
    /// The seat's concealed pieces, in the game's order.
    pub concealed: Vec<Piece>,
    /// The piece just drawn, while the seat may act on it.
    pub drawn: Option<Piece>,
    /// Help about the hand: tenpai and waits, furiten, discards that keep tenpai.
    pub notes: Vec<Words>,
    /// Exactly the legal actions, in the game's order.
    pub choices: Vec<Choice>,
}

/// A finished round, as its summary shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundResult {
    /// 0-based.
    pub index: usize,
    /// What the round came to, in a few words ("{name} wins by ron").
    pub headline: Words,
    /// The score or the draw's settlement, line by line.
    pub lines: Vec<Words>,
    /// Both hands as revealed at the end (groups, head, the winning piece marked); `None`
    /// when the round ended without them (a resignation).
    pub hands: Option<PerSeat<Vec<Group>>>,
    pub transfers: Vec<Transfer<&'static str>>,
    pub balances: PerSeat<i64>,
    pub pot: i64,
    /// The one line a player's hand shows about it ("Round 2: Alice wins by ron — 8 points").
    pub news: Words,
}

/// One yaku in the rules' table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YakuRow {
    pub id: &'static str,
    pub japanese: &'static str,
    pub english: &'static str,
    /// Its value under the options in force ("3 points", "2 han closed · 1 open").
    pub value: Words,
    /// What the hand needs, in short.
    pub condition: Words,
    /// Whether the options changed it from the table's.
    pub changed: bool,
}

/// A picture of the game (mining's board), attached to the table or the hand as a PNG.
#[derive(Clone, PartialEq, Eq)]
pub struct Picture {
    /// The attachment's name (`board.png`): letters, digits, `.`, `_` and `-`.
    pub filename: &'static str,
    pub png: Vec<u8>,
}

impl std::fmt::Debug for Picture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Picture({}, {} bytes)", self.filename, self.png.len())
    }
}

/// Tests of the host's pictures before a hosted game draws one: turned on, every game that
/// draws none (the trait's defaults) draws a small PNG, a new one each time, named
/// `{table,hand}-test.png`. Off unless a test turns it on (the test-support feature only).
pub mod test_pictures {
    #[cfg(feature = "test-support")]
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

    use super::Picture;

    #[cfg(feature = "test-support")]
    static ON: AtomicBool = AtomicBool::new(false);
    #[cfg(feature = "test-support")]
    static DRAWN: AtomicU32 = AtomicU32::new(0);

    /// Every game without pictures draws test pictures from now on, in this process.
    #[cfg(feature = "test-support")]
    pub fn turn_on() {
        ON.store(true, Ordering::SeqCst);
    }

    /// A test picture of `what` (`table`, `hand`), when turned on.
    pub(super) fn drawn(what: &str) -> Option<Picture> {
        #[cfg(feature = "test-support")]
        if ON.load(Ordering::SeqCst) {
            let n = DRAWN.fetch_add(1, Ordering::SeqCst);
            let mut pixmap = tiny_skia::Pixmap::new(4, 4)?;
            let [r, g, b, _] = n.to_le_bytes();
            pixmap.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));
            let filename = if what == "table" {
                "table-test.png"
            } else {
                "hand-test.png"
            };
            return Some(Picture {
                filename,
                png: pixmap.encode_png().ok()?,
            });
        }
        let _ = what;
        None
    }
}

/// Text the host words in the reader's language: a message id and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Words {
    pub key: Cow<'static, str>,
    pub args: Vec<(&'static str, Say)>,
}

/// One argument of [`Words`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Say {
    Num(i64),
    /// Text shown as it is in every language.
    Text(String),
    Piece(Piece),
    /// Pieces separated by spaces.
    Pieces(Vec<Piece>),
    Group(Group),
    /// A player, by name.
    Player(Seat),
    Words(Box<Words>),
    /// Several, joined by the separator.
    Join(Vec<Say>, &'static str),
}

impl Words {
    /// A message without arguments.
    pub fn key(key: impl Into<Cow<'static, str>>) -> Words {
        Words {
            key: key.into(),
            args: Vec::new(),
        }
    }

    /// A message with arguments.
    pub fn with(key: impl Into<Cow<'static, str>>, args: Vec<(&'static str, Say)>) -> Words {
        Words {
            key: key.into(),
            args,
        }
    }

    /// The same message with one more argument.
    pub fn and(mut self, name: &'static str, value: Say) -> Words {
        self.args.push((name, value));
        self
    }
}

impl From<Words> for Say {
    fn from(w: Words) -> Say {
        Say::Words(Box::new(w))
    }
}

impl From<String> for Say {
    fn from(s: String) -> Say {
        Say::Text(s)
    }
}

impl From<Piece> for Say {
    fn from(p: Piece) -> Say {
        Say::Piece(p)
    }
}

impl From<i64> for Say {
    fn from(n: i64) -> Say {
        Say::Num(n)
    }
}

impl From<u32> for Say {
    fn from(n: u32) -> Say {
        Say::Num(i64::from(n))
    }
}

/// Points too large for an `i64` read as its largest.
impl From<u64> for Say {
    fn from(n: u64) -> Say {
        Say::Num(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<usize> for Say {
    fn from(n: usize) -> Say {
        Say::Num(n as i64)
    }
}

impl From<u8> for Say {
    fn from(n: u8) -> Say {
        Say::Num(i64::from(n))
    }
}

/// How a game is shown: the model above, filled in from the game's own types. Every function
/// is pure, and those given a seat's view show only what that seat may see.
pub trait Shows: Play {
    /// The game's name in English and Japanese.
    const NAMES: Names;
    /// The game's message files (Project Fluent), English and Japanese, holding every key its
    /// [`Words`] name.
    const MESSAGES: (&'static str, &'static str);
    /// The colour of the game's embeds.
    const COLOUR: u32;
    /// The title of the game's table ("桃雀 MOMOJAN"), the same in both languages.
    const TITLE: &'static str;
    /// The emoji a challenge to the game starts with.
    const EMOJI: &'static str;

    /// The public table: built from public information only.
    fn board(state: &Self::State) -> Board;
    /// One seat's hand: its own pieces, the public table, help and the legal actions.
    fn hand(view: &Self::View) -> HandBoard;
    /// A picture of the public table (public information only), attached to the table
    /// message and replaced on each change; most games have none.
    fn table_picture(state: &Self::State) -> Option<Picture> {
        let _ = state;
        test_pictures::drawn("table")
    }
    /// A picture of what one seat sees (its view only), attached to its hand message and
    /// replaced on each change; most games have none.
    fn hand_picture(view: &Self::View) -> Option<Picture> {
        let _ = view;
        test_pictures::drawn("hand")
    }
    /// How many pieces a player holds, in the game's words ("7 cards").
    fn held(n: usize) -> Words;
    /// Finished round `index`, once it has ended.
    fn round_result(state: &Self::State, index: usize) -> Option<RoundResult>;
    /// What the final result says besides the winner, why and the balances (a final score).
    fn result_lines(state: &Self::State) -> Vec<Words> {
        let _ = state;
        Vec::new()
    }
    /// Whether an event ended a round.
    fn ends_round(event: &Self::Event) -> bool;
    /// A move in a few words for the table's list and the timeout notice ("Draw A").
    fn action_words(action: Self::Action) -> Words;
    /// Whether others may be told of this move. A pass in a claim window is not: only seats
    /// that could call are asked, so telling others of it would tell what its player holds.
    fn told_to_others(action: Self::Action) -> bool {
        let _ = action;
        true
    }
    /// A move as the news line of a hand words it, with `$who` left for the host; `before`
    /// is the move logged just before it (a claim shows the discard it took).
    fn news_words(action: Self::Action, before: Option<Self::Action>) -> Words;
    /// Why an action was refused.
    fn refusal_words(refusal: &Self::Refusal) -> Words;
    /// Why a game ended, from its id (`Finish::reason`).
    fn end_words(reason: &str) -> Words;
    /// Why points moved, from its id.
    fn transfer_words(reason: &str) -> Words;
    /// A yaku's Japanese and English names, from its id.
    fn yaku_names(id: &str) -> Option<(&'static str, &'static str)>;
    /// The yaku table under `options`, in the rules' order.
    fn yaku_rows(options: &Self::Options) -> Vec<YakuRow>;
    /// The message ids of the rules' pages (`/momojan rules`).
    fn rules_pages() -> &'static [&'static str];
    /// What a switch of the game's options ([`super::Settings::switches`]) decides, in a few words,
    /// from its id (a game without switches never names one).
    fn switch_words(id: &str) -> Words {
        Words::with("switch-unnamed", vec![("id", Say::Text(id.into()))])
    }
    /// What every distinct card or piece of the game looks like (its card art: the emoji the
    /// bot uploads), each named by the code the game prints it as.
    fn art() -> crate::games::art::Art;
}
