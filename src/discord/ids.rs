//! Component custom ids: every id the bot emits is one [`ComponentId`], formatted and parsed
//! here and nowhere else. Game buttons carry the match, the state version they were drawn for
//! and what they do, so a click is handled by stateless lookups and still works after a
//! restart.
//!
//! Formats (at most 100 characters):
//! - `mj:<match>:<version>:<what>` — a game button (of any game: `mj` is the bot's prefix, the
//!   match names its game). `<what>` is `hand`, `riichi-on`/`riichi-off` (an old riichi toggle,
//!   answered with a fresh hand), `pick` (a select menu whose option values are button ids),
//!   `rematch`, `resign` (confirming /momojan resign), `dismiss`, `back` (taking one's seat back
//!   from the computer), `watch` (watching the table), `auto-<switch>-on`/`auto-<switch>-off` (turning one of the player's
//!   auto switches on or off: `auto-win-on`, `auto-no-calls-off`; `games::interface`), or an action as the match's
//!   game codes it (`Hosted::action_code`: MOMOJAN's `discard-l5`, `pon-Dog-Dog`, …), which only
//!   that game reads;
//! - `ch:<challenge>:accept|decline` — answering a challenge;
//! - `tn:<tournament>:join|leave` — joining or leaving an event in sign-up;
//! - `lb:<season>:<page>`, `lg:<match>:<page>` — leaderboard and ledger pages;
//! - `help:rules:<page>`, `help:yaku:<page>` — help pages;
//! - `ping:<user>:<count>` — the ping button;
//! - `deal:<match>:<round>` — "Check deal" on a round summary;
//! - `rp:<match>:<step>:<view>:<nav>` — a replay's buttons: the step to show, whose view
//!   (`a`, `b` or `ab`) and which button it is (`first`, `prevround`, `prev`, `next`,
//!   `nextround`, `last`, `view`: buttons of one message may not share an id; `open` in a
//!   history opens a replay of its own);
//! - `why:<match>:<step>` — a teaching table's **Why?** of the computer's move that made
//!   version `<step>` of the match (issue 39).

use std::fmt;

use crate::games::interface::AutoSwitch;
use crate::games::interface::{Hosted, ACTION_CODE_MAX};
use crate::games::registry::GameId;
use crate::service::{ChallengeId, MatchId, TournamentId, UserId};

const PREFIX: &str = "mj";

/// What a game button does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonKind {
    /// Open (a fresh ephemeral of) the player's hand.
    Hand,
    /// Switch the hand message's discard buttons to riichi discards, or back.
    RiichiMode(bool),
    /// A select menu of actions: the chosen option's value is itself a game button id.
    Pick,
    /// Challenge the same opponent again after the game.
    Rematch,
    /// Confirm `/momojan resign`.
    Resign,
    /// Close a confirmation without doing anything.
    Dismiss,
    /// Take one's seat back from the computer that plays it while one is away.
    TakeBack,
    /// Turn one of the player's auto switches on (`true`) or off: the state wanted, so a
    /// repeated click changes nothing.
    Auto(AutoSwitch, bool),
    /// Watch the table: its public view, kept current, for anyone in the server who is not
    /// seated (a seated player gets their hand).
    Watch,
    /// Take this action (as the match's game codes it).
    Act(ActionCode),
}

/// A game's action as a button carries it: a short code that only the match's game reads, so
/// ids are parsed without knowing the game and a button works across restarts.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ActionCode {
    bytes: [u8; ACTION_CODE_MAX],
    len: u8,
}

impl ActionCode {
    /// A code of letters, digits and `-`, at most [`ACTION_CODE_MAX`] long and not one of
    /// the host's own words.
    pub fn new(code: &str) -> Option<ActionCode> {
        let well_formed = !code.is_empty()
            && code.len() <= ACTION_CODE_MAX
            && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && parse_special(code).is_none();
        if !well_formed {
            return None;
        }
        let mut bytes = [0; ACTION_CODE_MAX];
        bytes[..code.len()].copy_from_slice(code.as_bytes());
        Some(ActionCode {
            bytes,
            len: code.len() as u8,
        })
    }

    /// The code of an action of game `G`.
    ///
    /// # Panics
    /// If `G` breaks the interface's contract on codes (a test of each game checks it).
    pub fn of<G: Hosted>(action: G::Action) -> ActionCode {
        let code = G::action_code(action);
        ActionCode::new(&code).unwrap_or_else(|| panic!("{} made a bad code {code:?}", G::ID))
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).expect("ASCII by construction")
    }
}

impl fmt::Debug for ActionCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ActionCode({:?})", self.as_str())
    }
}

/// A parsed game button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameButton {
    pub match_id: MatchId,
    pub version: i64,
    pub kind: ButtonKind,
}

/// Which help pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpBook {
    Rules,
    Yaku,
}

/// Whose cards a replay shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayView {
    /// One player's, as that player saw the game.
    Seat(crate::games::interface::seat::Seat),
    /// Both hands.
    Both,
}

/// Which of a replay's buttons an id is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayNav {
    First,
    PrevRound,
    Prev,
    Next,
    NextRound,
    Last,
    View,
    /// From a player's history: the replay opens as a message of its own.
    Open,
}

impl ReplayNav {
    const ALL: [(ReplayNav, &'static str); 8] = [
        (ReplayNav::First, "first"),
        (ReplayNav::PrevRound, "prevround"),
        (ReplayNav::Prev, "prev"),
        (ReplayNav::Next, "next"),
        (ReplayNav::NextRound, "nextround"),
        (ReplayNav::Last, "last"),
        (ReplayNav::View, "view"),
        (ReplayNav::Open, "open"),
    ];

    fn word(self) -> &'static str {
        ReplayNav::ALL
            .iter()
            .find(|(n, _)| *n == self)
            .map(|(_, w)| *w)
            .expect("every button has a word")
    }
}

/// A replay's point of view in a custom id: seat 0 is `a`, seat 1 `b`, and so on (old
/// buttons of two-seat replays say `a` and `b`).
const SEAT_WORDS: [&str; crate::games::interface::seat::MAX_SEATS] = ["a", "b", "c", "d"];

fn seat_of_word(word: &str) -> Option<crate::games::interface::seat::Seat> {
    let index = SEAT_WORDS.iter().position(|w| *w == word)?;
    crate::games::interface::seat::Seat::from_index(index as u64)
}

impl ReplayView {
    fn word(self) -> &'static str {
        match self {
            ReplayView::Seat(seat) => SEAT_WORDS[seat.index()],
            ReplayView::Both => "ab",
        }
    }
}

/// What a click on an open table asks for. Adding a computer is a select menu whose chosen
/// option is the level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableButton {
    Join,
    Leave,
    AddComputer,
    Start,
}

impl TableButton {
    pub const ALL: [TableButton; 4] = [
        TableButton::Join,
        TableButton::Leave,
        TableButton::AddComputer,
        TableButton::Start,
    ];

    fn word(self) -> &'static str {
        match self {
            TableButton::Join => "join",
            TableButton::Leave => "leave",
            TableButton::AddComputer => "add",
            TableButton::Start => "start",
        }
    }
}

/// Every custom id the bot emits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ComponentId {
    Game(GameButton),
    Challenge {
        id: ChallengeId,
        accept: bool,
    },
    /// A button (or the computer menu) of an open table.
    Table {
        id: ChallengeId,
        click: TableButton,
    },
    /// Join (`true`) or Leave on an event's sign-up message.
    Tournament {
        id: TournamentId,
        join: bool,
    },
    Leaderboard {
        season: i64,
        game: GameId,
        page: usize,
    },
    Ledger {
        match_id: MatchId,
        page: usize,
    },
    Help {
        book: HelpBook,
        game: GameId,
        page: usize,
    },
    Ping {
        owner: UserId,
        count: u32,
    },
    /// "Check deal" on a round summary: the round's full fair-deal proof.
    Deal {
        match_id: MatchId,
        round: u32,
    },
    /// A replay's button: show `step` of the finished match from `view`.
    Replay {
        match_id: MatchId,
        step: u32,
        view: ReplayView,
        nav: ReplayNav,
    },
    /// A teaching table's **Why?**: why the computer made the move that produced version
    /// `step` of the match (the move's `seq` in the log).
    Why {
        match_id: MatchId,
        step: i64,
    },
}

impl ComponentId {
    /// What the id does, for logs (`discard-l5`, `accept`, `leaderboard-page`, ...).
    pub fn name(&self) -> String {
        match self {
            ComponentId::Game(b) => b.kind.name(),
            ComponentId::Challenge { accept, .. } => {
                if *accept { "accept" } else { "decline" }.into()
            }
            ComponentId::Table { click, .. } => format!("table-{}", click.word()),
            ComponentId::Tournament { join, .. } => if *join {
                "tournament-join"
            } else {
                "tournament-leave"
            }
            .into(),
            ComponentId::Leaderboard { .. } => "leaderboard-page".into(),
            ComponentId::Ledger { .. } => "ledger-page".into(),
            ComponentId::Help { .. } => "help-page".into(),
            ComponentId::Ping { .. } => "ping".into(),
            ComponentId::Deal { .. } => "check-deal".into(),
            ComponentId::Replay { nav, .. } => format!("replay-{}", nav.word()),
            ComponentId::Why { .. } => "why".into(),
        }
    }

    /// The match a click concerns, for logs.
    pub fn match_id(&self) -> Option<MatchId> {
        match self {
            ComponentId::Game(b) => Some(b.match_id),
            ComponentId::Ledger { match_id, .. }
            | ComponentId::Deal { match_id, .. }
            | ComponentId::Replay { match_id, .. }
            | ComponentId::Why { match_id, .. } => Some(*match_id),
            _ => None,
        }
    }
}

impl fmt::Display for ComponentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComponentId::Game(b) => b.fmt(f),
            ComponentId::Challenge { id, accept } => {
                let answer = if *accept { "accept" } else { "decline" };
                write!(f, "ch:{id}:{answer}")
            }
            ComponentId::Table { id, click } => write!(f, "tb:{id}:{}", click.word()),
            ComponentId::Tournament { id, join } => {
                write!(f, "tn:{id}:{}", if *join { "join" } else { "leave" })
            }
            ComponentId::Leaderboard { season, game, page } => {
                write!(f, "lb:{season}:{page}:{game}")
            }
            ComponentId::Ledger { match_id, page } => write!(f, "lg:{match_id}:{page}"),
            ComponentId::Help { book, game, page } => {
                let book = match book {
                    HelpBook::Rules => "rules",
                    HelpBook::Yaku => "yaku",
                };
                write!(f, "help:{book}:{page}:{game}")
            }
            ComponentId::Ping { owner, count } => write!(f, "ping:{owner}:{count}"),
            ComponentId::Deal { match_id, round } => write!(f, "deal:{match_id}:{round}"),
            ComponentId::Replay {
                match_id,
                step,
                view,
                nav,
            } => write!(f, "rp:{match_id}:{step}:{}:{}", view.word(), nav.word()),
            ComponentId::Why { match_id, step } => write!(f, "why:{match_id}:{step}"),
        }
    }
}

fn help_book(word: &str) -> Result<HelpBook, BadId> {
    match word {
        "rules" => Ok(HelpBook::Rules),
        "yaku" => Ok(HelpBook::Yaku),
        _ => Err(BadId("unknown help")),
    }
}

impl std::str::FromStr for ComponentId {
    type Err = BadId;

    fn from_str(id: &str) -> Result<ComponentId, BadId> {
        if id.starts_with("mj:") {
            return id.parse().map(ComponentId::Game);
        }
        let parts: Vec<&str> = id.split(':').collect();
        let page = |p: &str| {
            p.parse::<usize>()
                .ok()
                .filter(|n| (1..=100_000).contains(n))
                .ok_or(BadId("bad page"))
        };
        match parts.as_slice() {
            ["ch", n, answer] => Ok(ComponentId::Challenge {
                id: ChallengeId(number(Some(n))?),
                accept: match *answer {
                    "accept" => true,
                    "decline" => false,
                    _ => return Err(BadId("unknown answer")),
                },
            }),
            ["tb", n, word] => Ok(ComponentId::Table {
                id: ChallengeId(number(Some(n))?),
                click: TableButton::ALL
                    .into_iter()
                    .find(|b| b.word() == *word)
                    .ok_or(BadId("unknown table button"))?,
            }),
            ["tn", n, word] => Ok(ComponentId::Tournament {
                id: TournamentId(number(Some(n))?),
                join: match *word {
                    "join" => true,
                    "leave" => false,
                    _ => return Err(BadId("unknown tournament button")),
                },
            }),
            // Pages from before games had ids were MOMOJAN's.
            ["lb", season, p] => Ok(ComponentId::Leaderboard {
                season: number(Some(season))?.max(1),
                game: GameId::Momojan,
                page: page(p)?,
            }),
            ["lb", season, p, game] => Ok(ComponentId::Leaderboard {
                season: number(Some(season))?.max(1),
                game: GameId::from_id(game).ok_or(BadId("unknown game"))?,
                page: page(p)?,
            }),
            ["lg", m, p] => Ok(ComponentId::Ledger {
                match_id: MatchId(number(Some(m))?),
                page: page(p)?,
            }),
            // Pages from before games had ids were MOMOJAN's.
            ["help", book, p] => Ok(ComponentId::Help {
                book: help_book(book)?,
                game: GameId::Momojan,
                page: page(p)?,
            }),
            ["help", book, p, game] => Ok(ComponentId::Help {
                book: help_book(book)?,
                game: GameId::from_id(game).ok_or(BadId("unknown game"))?,
                page: page(p)?,
            }),
            ["deal", m, round] => Ok(ComponentId::Deal {
                match_id: MatchId(number(Some(m))?),
                round: round.parse().map_err(|_| BadId("bad round"))?,
            }),
            ["rp", m, step, view, nav] => Ok(ComponentId::Replay {
                match_id: MatchId(number(Some(m))?),
                step: step.parse().map_err(|_| BadId("bad step"))?,
                view: match *view {
                    "ab" => ReplayView::Both,
                    word => ReplayView::Seat(seat_of_word(word).ok_or(BadId("unknown view"))?),
                },
                nav: ReplayNav::ALL
                    .iter()
                    .find(|(_, w)| w == nav)
                    .map(|(n, _)| *n)
                    .ok_or(BadId("unknown replay button"))?,
            }),
            ["why", m, step] => Ok(ComponentId::Why {
                match_id: MatchId(number(Some(m))?),
                step: number(Some(step))?,
            }),
            ["ping", owner, count] => Ok(ComponentId::Ping {
                owner: UserId(number(Some(owner))?),
                count: count.parse().map_err(|_| BadId("bad count"))?,
            }),
            _ => Err(BadId("unknown prefix")),
        }
    }
}

/// A custom id that is not one of ours, or is damaged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("this button is not one the bot made ({0})")]
pub struct BadId(&'static str);

impl ButtonKind {
    /// The id's action word, for logs (`discard-l5`, `hand`, ...).
    pub fn name(self) -> String {
        GameButton {
            match_id: MatchId(0),
            version: 0,
            kind: self,
        }
        .to_string()
        .trim_start_matches("mj:0:0:")
        .to_string()
    }
}

impl fmt::Display for GameButton {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{PREFIX}:{}:{}:", self.match_id, self.version)?;
        match self.kind {
            ButtonKind::Hand => f.write_str("hand"),
            ButtonKind::RiichiMode(true) => f.write_str("riichi-on"),
            ButtonKind::RiichiMode(false) => f.write_str("riichi-off"),
            ButtonKind::Pick => f.write_str("pick"),
            ButtonKind::Rematch => f.write_str("rematch"),
            ButtonKind::Resign => f.write_str("resign"),
            ButtonKind::Dismiss => f.write_str("dismiss"),
            ButtonKind::TakeBack => f.write_str("back"),
            ButtonKind::Watch => f.write_str("watch"),
            ButtonKind::Auto(switch, on) => {
                write!(f, "auto-{}-{}", switch.id(), if on { "on" } else { "off" })
            }
            ButtonKind::Act(code) => f.write_str(code.as_str()),
        }
    }
}

impl std::str::FromStr for GameButton {
    type Err = BadId;

    fn from_str(id: &str) -> Result<GameButton, BadId> {
        let mut parts = id.splitn(4, ':');
        if parts.next() != Some(PREFIX) {
            return Err(BadId("unknown prefix"));
        }
        let match_id = MatchId(number(parts.next())?);
        let version = number(parts.next())?;
        let kind = parse_kind(parts.next().ok_or(BadId("no action"))?)?;
        Ok(GameButton {
            match_id,
            version,
            kind,
        })
    }
}

fn number(part: Option<&str>) -> Result<i64, BadId> {
    part.and_then(|p| p.parse().ok())
        .filter(|n: &i64| *n >= 0)
        .ok_or(BadId("bad number"))
}

fn parse_kind(what: &str) -> Result<ButtonKind, BadId> {
    if let Some(kind) = parse_special(what) {
        return Ok(kind);
    }
    ActionCode::new(what)
        .map(ButtonKind::Act)
        .ok_or(BadId("not an action code"))
}

/// The host's own words (never an action code).
fn parse_special(what: &str) -> Option<ButtonKind> {
    match what {
        "hand" => Some(ButtonKind::Hand),
        "pick" => Some(ButtonKind::Pick),
        "rematch" => Some(ButtonKind::Rematch),
        "resign" => Some(ButtonKind::Resign),
        "dismiss" => Some(ButtonKind::Dismiss),
        "back" => Some(ButtonKind::TakeBack),
        "watch" => Some(ButtonKind::Watch),
        "riichi-on" => Some(ButtonKind::RiichiMode(true)),
        "riichi-off" => Some(ButtonKind::RiichiMode(false)),
        _ => parse_auto(what),
    }
}

/// `auto-<switch>-on` or `auto-<switch>-off`.
fn parse_auto(what: &str) -> Option<ButtonKind> {
    let (switch, state) = what.strip_prefix("auto-")?.rsplit_once('-')?;
    let on = match state {
        "on" => true,
        "off" => false,
        _ => return None,
    };
    Some(ButtonKind::Auto(AutoSwitch::from_id(switch)?, on))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::prelude::*;
    use crate::games::registry::{Momojan, Shogi};

    /// Actions of both games, as their buttons carry them.
    fn every_action() -> Vec<ButtonKind> {
        let momojan = [
            "draw-2",
            "pon-Dog-Dog",
            "ron",
            "kan-Pheasant-Pheasant-Pheasant-Pheasant",
            "riichi-l2",
        ]
        .into_iter()
        .map(|code| ActionCode::of::<Momojan>(Momojan::parse_action(code).unwrap()));
        let shogi = ["draw", "pon-FU-KA", "minkan-KI", "riichi-GY"]
            .into_iter()
            .map(|code| ActionCode::of::<Shogi>(Shogi::parse_action(code).unwrap()));
        momojan.chain(shogi).map(ButtonKind::Act).collect()
    }

    #[test]
    fn every_button_round_trips_and_fits() {
        let mut kinds: Vec<ButtonKind> = every_action();
        kinds.extend([
            ButtonKind::Hand,
            ButtonKind::RiichiMode(true),
            ButtonKind::RiichiMode(false),
            ButtonKind::Pick,
            ButtonKind::Rematch,
            ButtonKind::Resign,
            ButtonKind::Dismiss,
            ButtonKind::TakeBack,
            ButtonKind::Watch,
        ]);
        for switch in AutoSwitch::ALL {
            kinds.extend([
                ButtonKind::Auto(switch, true),
                ButtonKind::Auto(switch, false),
            ]);
        }
        for kind in kinds {
            let button = GameButton {
                match_id: MatchId(i64::MAX),
                version: i64::MAX,
                kind,
            };
            let id = button.to_string();
            assert!(id.len() <= 100, "{id} is too long");
            assert_eq!(id.parse::<GameButton>(), Ok(button), "{id}");
        }
    }

    #[test]
    fn forged_and_damaged_ids_are_refused() {
        for id in [
            "",
            "mj",
            "mj:1:2",
            "xx:1:2:ron",
            "mj:-1:2:ron",
            "mj:1:x:ron",
            "mj:1:2:",
            "mj:1:2:pon Dog",
            "mj:1:2:discard_l5",
            "mj:1:2:ねこ",
            "mj:99999999999999999999:2:ron",
        ] {
            assert!(id.parse::<GameButton>().is_err(), "{id:?} parsed");
        }
        let too_long = format!("mj:1:2:{}", "a".repeat(ACTION_CODE_MAX + 1));
        assert!(too_long.parse::<GameButton>().is_err());
    }

    #[test]
    fn an_action_code_is_read_only_by_the_game_and_the_hosts_words_are_not_codes() {
        let button: GameButton = "mj:1:2:discard-q9".parse().unwrap();
        let ButtonKind::Act(code) = button.kind else {
            panic!("an action code");
        };
        assert_eq!(
            Momojan::parse_action(code.as_str()),
            None,
            "MOMOJAN has no q9"
        );
        for word in [
            "hand",
            "pick",
            "rematch",
            "resign",
            "dismiss",
            "riichi-on",
            "auto-win-on",
            "auto-no-calls-off",
        ] {
            assert_eq!(ActionCode::new(word), None, "{word}");
        }
    }

    #[test]
    fn every_component_id_round_trips_and_damaged_ones_are_refused() {
        for id in [
            ComponentId::Challenge {
                id: ChallengeId(7),
                accept: true,
            },
            ComponentId::Challenge {
                id: ChallengeId(7),
                accept: false,
            },
            ComponentId::Table {
                id: ChallengeId(i64::MAX),
                click: TableButton::AddComputer,
            },
            ComponentId::Table {
                id: ChallengeId(8),
                click: TableButton::Start,
            },
            ComponentId::Tournament {
                id: TournamentId(9),
                join: true,
            },
            ComponentId::Tournament {
                id: TournamentId(i64::MAX),
                join: false,
            },
            ComponentId::Leaderboard {
                season: 2,
                game: GameId::Momojan,
                page: 3,
            },
            ComponentId::Ledger {
                match_id: MatchId(4),
                page: 1,
            },
            ComponentId::Help {
                book: HelpBook::Rules,
                game: GameId::Momojan,
                page: 5,
            },
            ComponentId::Help {
                book: HelpBook::Yaku,
                game: GameId::Shogi,
                page: 1,
            },
            ComponentId::Ping {
                owner: UserId(i64::MAX),
                count: u32::MAX,
            },
            ComponentId::Why {
                match_id: MatchId(i64::MAX),
                step: i64::MAX,
            },
            ComponentId::Why {
                match_id: MatchId(1),
                step: 0,
            },
        ]
        .into_iter()
        .chain(ReplayNav::ALL.iter().flat_map(|&(nav, _)| {
            [
                ReplayView::Seat(crate::games::interface::seat::Seat::ZERO),
                ReplayView::Seat(crate::games::interface::seat::Seat::ONE),
                ReplayView::Seat(crate::games::interface::seat::Seat::TWO),
                ReplayView::Seat(crate::games::interface::seat::Seat::THREE),
                ReplayView::Both,
            ]
            .map(|view| ComponentId::Replay {
                match_id: MatchId(i64::MAX),
                step: u32::MAX,
                view,
                nav,
            })
        })) {
            let text = id.to_string();
            assert!(text.len() <= 100);
            assert_eq!(text.parse::<ComponentId>(), Ok(id), "{text}");
        }
        for bad in [
            "ch:1:maybe",
            "tb:1:sit",
            "tb:x:join",
            "ch:x:accept",
            "lb:1:0",
            "lb:1:-3",
            "lb:1:2:chess",
            "lg:1",
            "help:cats:1",
            "ping:1:99999999999",
            "ping:-1:1",
            "rp:1:2:e:next",
            "why:1",
            "why:1:-2",
            "why:x:2",
            "why:1:2:3",
            "rp:1:-2:a:next",
            "rp:1:2:a:sideways",
            "rp:1:2:a",
            "zz:1:1",
        ] {
            assert!(bad.parse::<ComponentId>().is_err(), "{bad:?} parsed");
        }
        // A page button from before games had ids turns MOMOJAN's pages.
        assert_eq!(
            "lb:3:2".parse::<ComponentId>(),
            Ok(ComponentId::Leaderboard {
                season: 3,
                game: GameId::Momojan,
                page: 2
            })
        );
    }
}
