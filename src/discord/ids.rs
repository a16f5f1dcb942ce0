//! Component custom ids: every id the bot emits is one [`ComponentId`], formatted and parsed
//! here and nowhere else. Game buttons carry the match, the state version they were drawn for
//! and what they do, so a click is handled by stateless lookups and still works after a
//! restart.
//!
//! Formats (at most 100 characters):
//! - `mj:<match>:<version>:<what>` — a game button. `<what>` is `hand`, `riichi-on`/`riichi-off`
//!   (the riichi toggle of the hand message), `pick` (a select menu whose option values are
//!   button ids), `rematch`, `resign` (confirming /momojan resign), `dismiss`, or an action:
//!   `draw-0`…`draw-2`, `pon-<c>-<c>`, `chi-<c>-<c>`, `ron`, `tsumo`, `kai-<c>-<c>-<c>`,
//!   `kan-<c>-<c>-<c>-<c>`, `draw3`, `discard-<c>`, `riichi-<c>`, `pass`, with cards in the
//!   notation of the rules (`l5`, `Dog`);
//! - `ch:<challenge>:accept|decline` — answering a challenge;
//! - `lb:<season>:<page>`, `lg:<match>:<page>` — leaderboard and ledger pages;
//! - `help:rules:<page>`, `help:yaku:<page>` — help pages;
//! - `ping:<user>:<count>` — the ping button;
//! - `deal:<match>:<round>` — "Check deal" on a round summary.

use std::fmt;

use crate::games::momojan::{Action, Card};
use crate::games::registry::GameId;
use crate::service::{ChallengeId, MatchId, UserId};

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
    /// Take this action.
    Act(Action),
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

/// Every custom id the bot emits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ComponentId {
    Game(GameButton),
    Challenge {
        id: ChallengeId,
        accept: bool,
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
}

impl ComponentId {
    /// What the id does, for logs (`discard-l5`, `accept`, `leaderboard-page`, ...).
    pub fn name(&self) -> String {
        match self {
            ComponentId::Game(b) => b.kind.name(),
            ComponentId::Challenge { accept, .. } => {
                if *accept { "accept" } else { "decline" }.into()
            }
            ComponentId::Leaderboard { .. } => "leaderboard-page".into(),
            ComponentId::Ledger { .. } => "ledger-page".into(),
            ComponentId::Help { .. } => "help-page".into(),
            ComponentId::Ping { .. } => "ping".into(),
            ComponentId::Deal { .. } => "check-deal".into(),
        }
    }

    /// The match a click concerns, for logs.
    pub fn match_id(&self) -> Option<MatchId> {
        match self {
            ComponentId::Game(b) => Some(b.match_id),
            ComponentId::Ledger { match_id, .. } | ComponentId::Deal { match_id, .. } => {
                Some(*match_id)
            }
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
            ComponentId::Leaderboard { season, game, page } => {
                write!(f, "lb:{season}:{page}:{game}")
            }
            ComponentId::Ledger { match_id, page } => write!(f, "lg:{match_id}:{page}"),
            ComponentId::Help { book, page } => {
                let book = match book {
                    HelpBook::Rules => "rules",
                    HelpBook::Yaku => "yaku",
                };
                write!(f, "help:{book}:{page}")
            }
            ComponentId::Ping { owner, count } => write!(f, "ping:{owner}:{count}"),
            ComponentId::Deal { match_id, round } => write!(f, "deal:{match_id}:{round}"),
        }
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
            ["help", book, p] => Ok(ComponentId::Help {
                book: match *book {
                    "rules" => HelpBook::Rules,
                    "yaku" => HelpBook::Yaku,
                    _ => return Err(BadId("unknown help")),
                },
                page: page(p)?,
            }),
            ["deal", m, round] => Ok(ComponentId::Deal {
                match_id: MatchId(number(Some(m))?),
                round: round.parse().map_err(|_| BadId("bad round"))?,
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
            ButtonKind::Act(action) => write_action(f, action),
        }
    }
}

fn write_action(f: &mut fmt::Formatter<'_>, action: Action) -> fmt::Result {
    let cards = |f: &mut fmt::Formatter<'_>, name: &str, cards: &[Card]| {
        f.write_str(name)?;
        cards.iter().try_for_each(|c| write!(f, "-{c}"))
    };
    match action {
        Action::Draw { pile } => write!(f, "draw-{pile}"),
        Action::Pon { cards: c } => cards(f, "pon", &c),
        Action::Chi { cards: c } => cards(f, "chi", &c),
        Action::Ron => f.write_str("ron"),
        Action::Tsumo => f.write_str("tsumo"),
        Action::Kai { cards: c } => cards(f, "kai", &c),
        Action::Kan { cards: c } => cards(f, "kan", &c),
        Action::DrawThree => f.write_str("draw3"),
        Action::Discard { card, riichi } => {
            write!(f, "{}-{card}", if riichi { "riichi" } else { "discard" })
        }
        Action::Pass => f.write_str("pass"),
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
    let mut words = what.split('-');
    let verb = words.next().unwrap_or_default();
    let cards: Vec<Card> = words
        .map(|w| w.parse().map_err(|_| BadId("unknown card")))
        .collect::<Result<_, _>>()?;
    let kind = match (verb, cards.as_slice()) {
        ("hand", []) => ButtonKind::Hand,
        ("pick", []) => ButtonKind::Pick,
        ("rematch", []) => ButtonKind::Rematch,
        ("resign", []) => ButtonKind::Resign,
        ("dismiss", []) => ButtonKind::Dismiss,
        ("riichi", []) => return Err(BadId("riichi needs a card")),
        ("ron", []) => ButtonKind::Act(Action::Ron),
        ("tsumo", []) => ButtonKind::Act(Action::Tsumo),
        ("draw3", []) => ButtonKind::Act(Action::DrawThree),
        ("pass", []) => ButtonKind::Act(Action::Pass),
        ("pon", &[a, b]) => ButtonKind::Act(Action::Pon { cards: [a, b] }),
        ("chi", &[a, b]) => ButtonKind::Act(Action::Chi { cards: [a, b] }),
        ("kai", &[a, b, c]) => ButtonKind::Act(Action::Kai { cards: [a, b, c] }),
        ("kan", &[a, b, c, d]) => ButtonKind::Act(Action::Kan {
            cards: [a, b, c, d],
        }),
        ("discard", &[card]) => ButtonKind::Act(Action::Discard {
            card,
            riichi: false,
        }),
        ("riichi", &[card]) => ButtonKind::Act(Action::Discard { card, riichi: true }),
        _ => return Err(BadId("unknown action")),
    };
    Ok(kind)
}

/// The few ids whose words are not card names.
fn parse_special(what: &str) -> Option<ButtonKind> {
    match what {
        "riichi-on" => Some(ButtonKind::RiichiMode(true)),
        "riichi-off" => Some(ButtonKind::RiichiMode(false)),
        "draw-0" => Some(ButtonKind::Act(Action::Draw { pile: 0 })),
        "draw-1" => Some(ButtonKind::Act(Action::Draw { pile: 1 })),
        "draw-2" => Some(ButtonKind::Act(Action::Draw { pile: 2 })),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::momojan::card::parse_cards;

    fn every_action() -> Vec<Action> {
        let c = parse_cards("p1 l2 Dog Moon").unwrap();
        vec![
            Action::Draw { pile: 0 },
            Action::Draw { pile: 2 },
            Action::Pon {
                cards: [c[2], c[2]],
            },
            Action::Chi {
                cards: [c[0], c[1]],
            },
            Action::Ron,
            Action::Tsumo,
            Action::Kai {
                cards: [c[3], c[3], c[0]],
            },
            Action::Kan { cards: [c[2]; 4] },
            Action::DrawThree,
            Action::Discard {
                card: c[1],
                riichi: false,
            },
            Action::Discard {
                card: c[3],
                riichi: true,
            },
            Action::Pass,
        ]
    }

    #[test]
    fn every_button_round_trips_and_fits() {
        let mut kinds: Vec<ButtonKind> = every_action().into_iter().map(ButtonKind::Act).collect();
        kinds.extend([
            ButtonKind::Hand,
            ButtonKind::RiichiMode(true),
            ButtonKind::RiichiMode(false),
            ButtonKind::Pick,
            ButtonKind::Rematch,
            ButtonKind::Resign,
            ButtonKind::Dismiss,
        ]);
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
            "mj:1:2:fly",
            "mj:1:2:discard-q9",
            "mj:1:2:discard",
            "mj:1:2:pon-Dog",
            "mj:1:2:draw-7",
            "mj:1:2:riichi",
            "mj:99999999999999999999:2:ron",
        ] {
            assert!(id.parse::<GameButton>().is_err(), "{id:?} parsed");
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
                page: 5,
            },
            ComponentId::Help {
                book: HelpBook::Yaku,
                page: 1,
            },
            ComponentId::Ping {
                owner: UserId(i64::MAX),
                count: u32::MAX,
            },
        ] {
            let text = id.to_string();
            assert!(text.len() <= 100);
            assert_eq!(text.parse::<ComponentId>(), Ok(id), "{text}");
        }
        for bad in [
            "ch:1:maybe",
            "ch:x:accept",
            "lb:1:0",
            "lb:1:-3",
            "lb:1:2:chess",
            "lg:1",
            "help:cats:1",
            "ping:1:99999999999",
            "ping:-1:1",
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
