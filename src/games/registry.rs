//! Every game the bot hosts, in one list: the only module outside a game's folder that may
//! import from inside it. Adding a game is a variant here and an arm in each `match` below.

use serde_json::Value;

use crate::games::art::contact_sheet::{self, SheetError};
use crate::games::art::{self, Face};
use crate::games::drivers::matchup::{self, Matchup};
use crate::games::drivers::random_play;
use crate::games::interface::seat::SeatCount;
use crate::games::interface::{ErrorKind, ScenarioError};
use crate::games::interface::{Hosted, Names, Play};

/// The games' rules types, for the host to name a game it plays (through [`Hosted`] only).
pub use crate::games::beginners::Beginners;
pub use crate::games::mining::Mining;
pub use crate::games::momojan::Momojan;
pub use crate::games::riichi::Riichi;
pub use crate::games::shogi::Shogi;

/// Runs `$body` with `$G` naming the rules type of game `$id` (a [`GameId`]): the one
/// `match` over the games that code written once over [`Hosted`] needs to be called. Every
/// trait of the interface is in scope in `$body`.
#[macro_export]
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {{
        // Every part of the interface, so that `$body` may call any of them on `$G`.
        #[allow(unused_imports)]
        use $crate::games::interface::{
            Computer as _, Highlights as _, Play as _, Records as _, ScenarioFiles as _,
            Settings as _, Shows as _, Stored as _, Teach as _,
        };
        match $id {
            $crate::games::registry::GameId::Momojan => {
                type $G = $crate::games::registry::Momojan;
                $body
            }
            $crate::games::registry::GameId::Shogi => {
                type $G = $crate::games::registry::Shogi;
                $body
            }
            $crate::games::registry::GameId::Riichi => {
                type $G = $crate::games::registry::Riichi;
                $body
            }
            $crate::games::registry::GameId::Beginners => {
                type $G = $crate::games::registry::Beginners;
                $body
            }
            $crate::games::registry::GameId::Mining => {
                type $G = $crate::games::registry::Mining;
                $body
            }
        }
    }};
}
pub use with_game;

/// The id of a hosted game, as stored with each match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameId {
    Momojan,
    Shogi,
    Riichi,
    Beginners,
    Mining,
}

impl GameId {
    /// Every game with an engine: scenario files and self-play.
    pub const ALL: [GameId; 5] = [
        GameId::Momojan,
        GameId::Shogi,
        GameId::Riichi,
        GameId::Beginners,
        GameId::Mining,
    ];
    /// The games the bot deals in Discord, in the order menus list them. A game joins this list
    /// once the service plays it through `Rules` and the views show it.
    pub const HOSTED: [GameId; 5] = [
        GameId::Momojan,
        GameId::Shogi,
        GameId::Riichi,
        GameId::Beginners,
        GameId::Mining,
    ];

    /// The stable id (database, commands, scenario files).
    pub fn id(self) -> &'static str {
        match self {
            GameId::Momojan => Momojan::ID,
            GameId::Shogi => Shogi::ID,
            GameId::Riichi => Riichi::ID,
            GameId::Beginners => Beginners::ID,
            GameId::Mining => Mining::ID,
        }
    }

    /// The game with this stable id.
    pub fn from_id(id: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.id() == id)
    }

    /// The game's name in each language.
    pub fn names(self) -> Names {
        with_game!(self, G => G::NAMES)
    }

    /// The game's end reason with this id (`Hosted::END_REASONS`).
    pub fn end_reason(self, id: &str) -> Option<&'static str> {
        with_game!(self, G => G::END_REASONS.iter().copied().find(|r| *r == id))
    }

    /// The game's ledger reason with this id (`Hosted::TRANSFER_REASONS`).
    pub fn transfer_reason(self, id: &str) -> Option<&'static str> {
        with_game!(self, G => G::TRANSFER_REASONS.iter().copied().find(|r| *r == id))
    }

    /// The table sizes the game is played at (`Hosted::SEATS`).
    pub fn seat_counts(self) -> &'static [SeatCount] {
        with_game!(self, G => G::SEATS)
    }

    /// The game's yaku with this id (`Hosted::yaku_ids`).
    pub fn yaku(self, id: &str) -> Option<&'static str> {
        with_game!(self, G => G::yaku_ids().into_iter().find(|y| *y == id))
    }
}

/// Serialised as its stable id (a key of a server's options).
impl serde::Serialize for GameId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// Each game's message files: its id, English and Japanese (Project Fluent).
pub fn message_files() -> Vec<(GameId, &'static str, &'static str)> {
    GameId::ALL
        .into_iter()
        .map(|game| {
            let (en, ja) = with_game!(game, G => G::MESSAGES);
            (game, en, ja)
        })
        .collect()
}

/// Code written once over [`Hosted`] and run for every game: tests and tools implement this and
/// call [`for_each_game`], so a new game is covered by registering it here.
pub trait EachGame {
    fn game<G: Hosted>(&mut self, id: GameId);
}

/// Calls `visitor` once per game of [`GameId::ALL`], with that game's type.
pub fn for_each_game(visitor: &mut impl EachGame) {
    for id in GameId::ALL {
        match id {
            GameId::Momojan => visitor.game::<Momojan>(id),
            GameId::Shogi => visitor.game::<Shogi>(id),
            GameId::Riichi => visitor.game::<Riichi>(id),
            GameId::Beginners => visitor.game::<Beginners>(id),
            GameId::Mining => visitor.game::<Mining>(id),
        }
    }
}

/// Every face of `game`'s card art, rendered (128×128 PNGs), in the game's order.
pub fn faces(game: GameId) -> Vec<Face> {
    with_game!(game, G => art::render_all(&G::art()))
}

/// The first part of the emoji names of `game`'s faces (`mj`, `sg`).
pub fn art_prefix(game: GameId) -> &'static str {
    with_game!(game, G => G::art().prefix)
}

/// `game`'s faces on Discord's dark and light backgrounds (see [`contact_sheet::contact_sheet`]).
///
/// # Errors
/// A face that is not a 128×128 PNG.
pub fn contact_sheet(game: GameId, faces: &[Face]) -> Result<Vec<u8>, SheetError> {
    with_game!(game, G => contact_sheet::contact_sheet(faces, G::art().columns))
}

/// The engine benchmarks the games keep in their folders, each measuring the game's own
/// functions (`cargo bench --bench engine` for MOMOJAN's, `--bench riichi` for riichi's).
#[cfg(feature = "test-support")]
pub mod benches {
    pub use crate::games::mining::computer::rates::report as mining_computers;
    pub use crate::games::momojan::bench::all as momojan;
    pub use crate::games::riichi::bench::all as riichi;
}

/// Fingerprints of a game's engine over random games, the same from two builds whose engines
/// behave the same (`cargo run --release --features test-support --example mining_trace`).
#[cfg(feature = "test-support")]
pub mod traces {
    pub use crate::games::mining::trace::fingerprint as mining;
}

/// `momojan yaku-table`: MOMOJAN's yaku table as the Markdown of `docs/rules.md`, generated
/// from the engine's own table.
pub fn momojan_yaku_table() -> String {
    crate::games::momojan::yaku::markdown_table(&crate::games::momojan::YakuPoints::default())
}

/// `momojan selfplay --game G --seats N --policy random`: games `seed ..` played by uniformly
/// random players on one thread, and the report.
pub fn random_selfplay(game: GameId, games: u64, seats: SeatCount, seed: u64) -> String {
    with_game!(game, G => {
        let (results, took) = random_play::run::<G>(games, seats, seed);
        random_play::report::<G>(seats, &results, took)
    })
}

/// `momojan highlight-counts --game G`: how often each highlight kind fires in self-play.
pub fn highlight_counts(
    game: GameId,
    games: u64,
    seats: SeatCount,
    seed: u64,
    level: Option<crate::games::interface::Level>,
    threads: usize,
) -> String {
    with_game!(game, G => crate::games::drivers::highlight_counts::run::<G>(
        games, seats, seed, level, threads
    ))
}

/// `momojan selfplay --game G --policy A --vs B`: one computer level against another.
pub fn matchup(game: GameId, m: Matchup) -> String {
    with_game!(game, G => matchup::run::<G>(m))
}

/// `momojan scenario`: plays a scenario document of whichever game its `game` field names
/// (none: MOMOJAN, whose format has no such field).
///
/// # Errors
/// The document's first problem; an unknown or mistyped `game` is `malformed_scenario`.
pub fn scenario(bytes: &[u8]) -> Result<Value, ScenarioError> {
    with_game!(game_of_document(bytes)?, G => G::scenario(bytes))
}

/// The game a scenario document names. A document that is not JSON goes to MOMOJAN, whose
/// reader reports it as `malformed_json` exactly as before games had ids; so does one whose
/// `game` is absent or `null` (the formats' rule).
fn game_of_document(bytes: &[u8]) -> Result<GameId, ScenarioError> {
    let Ok(Value::Object(top)) = serde_json::from_slice::<Value>(bytes) else {
        return Ok(GameId::Momojan);
    };
    match top.get("game") {
        None | Some(Value::Null) => Ok(GameId::Momojan),
        Some(Value::String(id)) => GameId::from_id(id).ok_or_else(|| {
            let known: Vec<&str> = GameId::ALL.iter().map(|g| g.id()).collect();
            ScenarioError::new(
                ErrorKind::MalformedScenario,
                format!("unknown game {id:?} (one of: {})", known.join(", ")),
            )
        }),
        Some(_) => Err(ScenarioError::new(
            ErrorKind::MalformedScenario,
            "`game` must be a string naming the game",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_a_unique_id_that_reads_back() {
        for game in GameId::ALL {
            assert_eq!(GameId::from_id(game.id()), Some(game));
        }
        assert_eq!(GameId::from_id("chess"), None);
    }

    #[test]
    fn a_document_names_its_game_or_is_momojan() {
        assert_eq!(game_of_document(b"{}").unwrap(), GameId::Momojan);
        assert_eq!(game_of_document(b"not json").unwrap(), GameId::Momojan);
        let id = br#"{"game": "momojan"}"#;
        assert_eq!(game_of_document(id).unwrap(), GameId::Momojan);
        let unknown = game_of_document(br#"{"game": "chess"}"#).unwrap_err();
        assert_eq!(unknown.kind, ErrorKind::MalformedScenario);
        let mistyped = game_of_document(br#"{"game": 3}"#).unwrap_err();
        assert_eq!(mistyped.kind, ErrorKind::MalformedScenario);
        let null = br#"{"game": null}"#;
        assert_eq!(game_of_document(null).unwrap(), GameId::Momojan);
    }

    #[test]
    fn a_beginners_document_is_played_by_its_engine() {
        let id = br#"{"game": "beginners"}"#;
        assert_eq!(game_of_document(id).unwrap(), GameId::Beginners);
        let e = scenario(br#"{"game": "beginners", "players": 5, "rounds": []}"#).unwrap_err();
        assert!(e.message.contains("players"), "{e:?}");
        let out = scenario(br#"{"game": "beginners", "players": 3, "rounds": []}"#).unwrap();
        assert_eq!(out["next"]["seats"], serde_json::json!([0]));
    }
}
