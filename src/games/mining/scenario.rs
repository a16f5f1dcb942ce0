//! `momojan scenario` for `"game": "mining"` files (`mining-scenario-format.md`): the
//! document checked in the format's order, played, and the output document.

use serde_json::{json, Value};

use super::action::Action;
use super::board::{Cell, Dir};
use super::game::End;
use super::game::Game;
use super::options::Options;
use super::parts::{self, Act, Next};
use super::round::Round;
use super::settle::{hand_value, Outcome, Party, Transfer};
use super::table::Table;
use super::Mining;
use crate::games::interface::seat::Seat;
use crate::games::interface::Concession;
use crate::games::interface::{ErrorKind, ScenarioError};
use crate::games::interface::{ScenarioFiles, Stored};
use crate::games::kit::mahjong::tile::{Kind, Tile};
use crate::games::kit::scenario::{
    concession_refused, document_object, malformed, parse_concession,
};
use crate::games::kit::script::{self, present, ActionTypes};

/// The id of the game in scenario files.
pub const ID: &str = "mining";

/// An action as read: cells kept as written until play checks them.
#[derive(Debug, Clone)]
struct Scripted {
    seat: usize,
    kind: String,
    path: Vec<Dir>,
    cards: Vec<Tile>,
    card: Option<Tile>,
    to: Vec<(i64, i64)>,
    target: Option<(i64, i64)>,
    riichi: bool,
}

struct RoundEntry {
    deck: Vec<Tile>,
    actions: Vec<Scripted>,
}

const TYPES: ActionTypes = ActionTypes::new(&[
    "move",
    "discard",
    "warp",
    "tsumo",
    "ankan",
    "kakan",
    "ron",
    "chi",
    "pon",
    "daiminkan",
    "pass",
    "agari_yame",
    "continue",
]);

fn unknown_card(name: &str) -> ScenarioError {
    ScenarioError::new(ErrorKind::UnknownCard, format!("unknown tile {name:?}"))
}

fn cell_of(v: &Value) -> Option<(i64, i64)> {
    match v.as_array().map(Vec::as_slice) {
        Some([x, y]) => Some((x.as_i64()?, y.as_i64()?)),
        _ => None,
    }
}

fn strings(v: &Value, what: &str) -> Result<Vec<String>, ScenarioError> {
    v.as_array()
        .and_then(|a| {
            a.iter()
                .map(|s| s.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
        })
        .ok_or_else(|| malformed(format!("{what} must be a list of tile names")))
}

fn tile(name: &str) -> Result<Tile, ScenarioError> {
    name.parse().map_err(|_| unknown_card(name))
}

/// Reads one action: object, type, seat, the type's fields and their JSON types, tile names.
fn parse_action(v: &Value, players: usize) -> Result<Scripted, ScenarioError> {
    let (obj, kind) = TYPES.read(v)?;
    let seat = obj
        .get("seat")
        .and_then(Value::as_u64)
        .filter(|s| (*s as usize) < players)
        .ok_or_else(|| malformed(format!("\"seat\" must be a seat from 0 to {}", players - 1)))?
        as usize;
    let required = |key: &str| {
        present(obj, key).ok_or_else(|| malformed(format!("a {kind} action needs \"{key}\"")))
    };
    let mut path = Vec::new();
    let mut names = Vec::new();
    let mut card_name = None;
    let mut to = Vec::new();
    let mut target = None;
    let mut riichi = false;
    match kind {
        "move" => {
            let p = required("path")?;
            path = p
                .as_str()
                .and_then(|s| s.chars().map(Dir::from_letter).collect::<Option<Vec<_>>>())
                .ok_or_else(|| malformed("\"path\" must be a string of N, E, S and W"))?;
        }
        "discard" | "warp" => {
            names = strings(required("cards")?, "\"cards\"")?;
            to = required("to")?
                .as_array()
                .and_then(|a| a.iter().map(cell_of).collect::<Option<Vec<_>>>())
                .ok_or_else(|| malformed("\"to\" must be a list of cells [x, y]"))?;
            if kind == "warp" {
                target = Some(
                    cell_of(required("target")?)
                        .ok_or_else(|| malformed("\"target\" must be a cell [x, y]"))?,
                );
            } else {
                riichi = script::flag(present(obj, "riichi"), "riichi")?;
            }
        }
        "tsumo" => {
            if let Some(c) = present(obj, "card") {
                card_name = Some(
                    c.as_str()
                        .ok_or_else(|| malformed("\"card\" must be a tile name"))?
                        .to_string(),
                );
            }
        }
        "ankan" | "kakan" | "daiminkan" => {
            card_name = Some(
                required("card")?
                    .as_str()
                    .ok_or_else(|| malformed("\"card\" must be a tile name"))?
                    .to_string(),
            );
        }
        "chi" | "pon" => names = strings(required("cards")?, "\"cards\"")?,
        _ => {}
    }
    let cards = names
        .iter()
        .map(|n| tile(n))
        .collect::<Result<Vec<_>, _>>()?;
    let card = card_name.as_deref().map(tile).transpose()?;
    Ok(Scripted {
        seat,
        kind: kind.to_string(),
        path,
        cards,
        card,
        to,
        target,
        riichi,
    })
}

fn parse_round(v: &Value, players: usize, aka: bool) -> Result<RoundEntry, ScenarioError> {
    let obj = v
        .as_object()
        .ok_or_else(|| malformed("a round entry must be an object"))?;
    let names = strings(obj.get("deck").unwrap_or(&Value::Null), "\"deck\"")?;
    let deck = names
        .iter()
        .map(|n| tile(n))
        .collect::<Result<Vec<_>, _>>()?;
    let mut sorted = deck.clone();
    sorted.sort();
    let mut full = Tile::full_set(aka);
    full.sort();
    if sorted != full {
        return Err(ScenarioError::new(
            ErrorKind::BadDeck,
            format!(
                "the deck must hold exactly the 136 tiles {} red fives",
                if aka { "with" } else { "without" }
            ),
        ));
    }
    let actions = script::actions(present(obj, "actions"), |a| parse_action(a, players))?;
    Ok(RoundEntry { deck, actions })
}

/// Plays a mining scenario document: the output document, or the error's.
///
/// # Errors
/// The document's first problem, as the format describes it.
pub fn scenario(bytes: &[u8]) -> Result<Value, ScenarioError> {
    let top = document_object(bytes)?;
    match top.get("game") {
        Some(Value::String(g)) if g == ID => {}
        _ => return Err(malformed("\"game\" must be \"mining\"")),
    }
    let players = match present(&top, "players") {
        None => 4,
        Some(v) => v
            .as_u64()
            .filter(|n| (2..=4).contains(n))
            .ok_or_else(|| malformed("\"players\" must be 2, 3 or 4"))? as usize,
    };
    let first_dealer = match present(&top, "first_dealer") {
        None => 0,
        Some(v) => v
            .as_u64()
            .filter(|s| (*s as usize) < players)
            .ok_or_else(|| malformed("\"first_dealer\" must be a seat of the game"))?
            as usize,
    };
    let mut options = Options::spec();
    if let Some(o) = present(&top, "options") {
        let o = o
            .as_object()
            .ok_or_else(|| malformed("\"options\" must be an object"))?;
        for (key, value) in o {
            if value.is_null() {
                if !Options::KEYS.contains(&key.as_str()) {
                    return Err(malformed(format!("unknown option {key:?}")));
                }
                continue;
            }
            options.set(key, value).map_err(malformed)?;
        }
    }
    let rounds = script::rounds(&top, |entry| parse_round(entry, players, options.aka))?;
    let concession = parse_concession(&top)?;
    if concession.is_some_and(|(seat, _)| seat.index() >= players) {
        return Err(malformed("the conceding seat must be a seat of the game"));
    }
    let mut game = Game::new(options, players, first_dealer);
    play(&mut game, rounds)?;
    if let Some((seat, why)) = concession {
        game.concede(seat.index(), end_of(why))
            .map_err(concession_refused)?;
    }
    Ok(report(&game))
}

/// The end a concession makes.
pub fn end_of(why: Concession) -> End {
    match why {
        Concession::Resigned => End::Resigned,
        Concession::Forfeit => End::Forfeit,
    }
}

fn illegal(message: impl Into<String>) -> ScenarioError {
    ScenarioError::new(ErrorKind::IllegalAction, message)
}

fn play(game: &mut Game, rounds: Vec<RoundEntry>) -> Result<(), ScenarioError> {
    for (r, entry) in rounds.into_iter().enumerate() {
        if game.over.is_some() {
            break;
        }
        game.start_round(entry.deck);
        for (k, scripted) in entry.actions.into_iter().enumerate() {
            let at = |e: ScenarioError| e.in_round(r).at_action(k);
            let round_over = !game.in_round() && !game.choosing;
            if game.over.is_some() || round_over {
                return Err(at(illegal("the round is over")));
            }
            if !game.to_act().contains(&scripted.seat) {
                return Err(at(ScenarioError::new(
                    ErrorKind::WrongSeat,
                    format!("seat {} need not act now", scripted.seat),
                )));
            }
            let action = to_action(scripted.clone()).map_err(at)?;
            game.apply(scripted.seat, action)
                .map_err(|m| at(illegal(m)))?;
        }
        if game.in_round() || game.choosing {
            break;
        }
    }
    Ok(())
}

/// The engine's action for a scripted one; a cell off the board or a wrong number of cards is
/// an illegal action.
fn to_action(s: Scripted) -> Result<Action, ScenarioError> {
    let cell = |(x, y): (i64, i64)| {
        Cell::at(x, y).ok_or_else(|| illegal(format!("[{x}, {y}] is off the board")))
    };
    let two = |cards: &[Tile]| -> Result<[Tile; 2], ScenarioError> {
        <[Tile; 2]>::try_from(cards)
            .map_err(|_| illegal("a chi or pon takes two tiles from the hand"))
    };
    Ok(match s.kind.as_str() {
        "move" => Action::Move { path: s.path },
        "discard" | "warp" => {
            if s.to.len() != s.cards.len() {
                return Err(illegal("give one cell for each tile"));
            }
            let to = s.to.into_iter().map(cell).collect::<Result<Vec<_>, _>>()?;
            if s.kind == "warp" {
                if s.cards.len() != 3 {
                    return Err(illegal("a warp discards three tiles of one kind"));
                }
                let target = s.target.map(cell).transpose()?;
                Action::Warp {
                    cards: s.cards,
                    to,
                    target,
                }
            } else {
                if !(1..=2).contains(&s.cards.len()) {
                    return Err(illegal("a discard is one or two tiles"));
                }
                Action::Discard {
                    cards: s.cards,
                    to,
                    riichi: s.riichi,
                }
            }
        }
        "tsumo" => Action::Tsumo { card: s.card },
        "ankan" => Action::Ankan { card: kind(s.card) },
        "kakan" => Action::Kakan { card: kind(s.card) },
        "daiminkan" => Action::Daiminkan { card: kind(s.card) },
        "ron" => Action::Ron,
        "chi" => Action::Chi {
            cards: two(&s.cards)?,
        },
        "pon" => Action::Pon {
            cards: two(&s.cards)?,
        },
        "pass" => Action::Pass,
        "agari_yame" => Action::AgariYame,
        _ => Action::Continue,
    })
}

fn kind(card: Option<Tile>) -> Kind {
    card.map_or(Kind::EAST, Tile::kind)
}

fn names(tiles: &[Tile]) -> Vec<String> {
    tiles.iter().map(Tile::to_string).collect()
}

fn party(p: Party) -> Value {
    match p {
        Party::Seat(s) => json!(s),
        Party::Pot => json!("pot"),
    }
}

fn transfer(t: &Transfer) -> Value {
    json!({ "from": party(t.from), "to": party(t.to), "amount": t.amount, "reason": t.reason })
}

fn round_json(game: &Game, index: usize, r: &Round) -> Value {
    let n = r.n;
    let dealership = (r.dealer + n - game.first_dealer) % n;
    let south = r.round_wind != Kind::EAST;
    let (result, wins, tenpai) = match &r.outcome {
        None => ("incomplete", Vec::new(), Value::Null),
        Some(Outcome::Draw { tenpai }) => ("exhaustive_draw", Vec::new(), json!(tenpai)),
        Some(Outcome::Wins(wins)) => {
            let wins = wins
                .iter()
                .map(|w| {
                    let s = &w.score;
                    let yaku: Vec<Value> = s
                        .yaku
                        .iter()
                        .map(|(y, h)| json!({ "id": y.id(), "han": h }))
                        .collect();
                    json!({
                        "seat": w.seat, "from": w.from, "by": w.by.id(), "card": w.card.to_string(),
                        "yaku": yaku, "han": s.han, "fu": s.fu, "dora": s.dora, "aka": s.aka,
                        "ura": s.ura, "limit": s.limit.map(|l| l.id()),
                        "points": hand_value(n, r.dealer, w), "honba": 300 * r.honba,
                    })
                })
                .collect();
            ("win", wins, Value::Null)
        }
    };
    let mine: Vec<Value> = Cell::all()
        .filter(|c| r.board.height(*c) > 0)
        .map(|c| json!([c.x, c.y, names(r.board.column(c))]))
        .collect();
    let melds: Vec<Vec<Value>> = r
        .players
        .iter()
        .map(|p| {
            p.melds
                .iter()
                .map(|m| {
                    let kind = match m.kind {
                        crate::games::kit::mahjong::hand::MeldKind::Chi => "chi",
                        crate::games::kit::mahjong::hand::MeldKind::Pon => "pon",
                        crate::games::kit::mahjong::hand::MeldKind::Daiminkan => "daiminkan",
                        crate::games::kit::mahjong::hand::MeldKind::Kakan => "kakan",
                        crate::games::kit::mahjong::hand::MeldKind::Ankan => "ankan",
                    };
                    json!({ "type": kind, "cards": names(&m.tiles), "from": m.from.map(|s| s.index()) })
                })
                .collect()
        })
        .collect();
    json!({
        "index": index,
        "wind": if south { "south" } else { "east" },
        "number": dealership % n + 1,
        "dealer": r.dealer, "honba": r.honba, "turns": r.turn,
        "dora_indicators": names(&r.indicators()),
        "result": result, "wins": wins, "tenpai": tenpai,
        "transfers": r.transfers.iter().map(transfer).collect::<Vec<_>>(),
        "points": r.points, "pot": r.pot,
        "state": {
            "pieces": r.players.iter().map(|p| json!([p.piece.x, p.piece.y])).collect::<Vec<_>>(),
            "hands": r.players.iter().map(|p| names(&p.hand.tiles())).collect::<Vec<_>>(),
            "melds": melds,
            "discards": r.players.iter().map(|p| names(&p.discards)).collect::<Vec<_>>(),
            "riichi": r.players.iter().map(|p| p.in_riichi()).collect::<Vec<_>>(),
            "mine": mine,
        }
    })
}

/// The output document of a game.
pub fn report(game: &Game) -> Value {
    let rounds: Vec<Value> = game
        .rounds
        .iter()
        .enumerate()
        .map(|(i, r)| round_json(game, i, r))
        .collect();
    let over = game.over.is_some();
    let mut out = json!({
        "rounds": rounds,
        "game": {
            "over": over,
            "reason": game.over.map(|e| e.id()),
            "points": game.points, "pot": game.pot,
            "ranks": if over { json!(game.ranks()) } else { Value::Null },
            "final_score": if over {
                json!(game.final_tenths().iter().map(|t| *t as f64 / 10.0).collect::<Vec<_>>())
            } else {
                Value::Null
            },
        },
    });
    if !over {
        let seats = game.to_act();
        let mut legal = Vec::new();
        let mut placements = Value::Null;
        for &s in &seats {
            for a in game.legal_actions(s) {
                if matches!(a, Action::Discard { .. } | Action::Warp { .. }) && placements.is_null()
                {
                    if let Some(r) = game.round() {
                        let (cells, ground) = r.board.placements(&r.pieces());
                        let xy = |cs: Vec<Cell>| {
                            cs.iter().map(|c| json!([c.x, c.y])).collect::<Vec<_>>()
                        };
                        placements = json!({ "cells": xy(cells), "ground": xy(ground) });
                    }
                }
                legal.push(a.to_json(s));
            }
        }
        out["next"] = json!({ "seats": seats, "legal_actions": legal, "placements": placements });
    }
    out
}

impl ScenarioFiles for Mining {
    fn scenario(bytes: &[u8]) -> Result<Value, ScenarioError> {
        scenario(bytes)
    }

    fn report(table: &Table) -> Value {
        report(&table.game)
    }

    /// Every option written out, so the file plays the same whatever the defaults become.
    fn scenario_options(options: &Options) -> Value {
        options.to_json()
    }

    /// A part that is a whole move as the format writes it; any other part by its code (the
    /// export writes whole moves: [`ScenarioFiles::scenario_step`]).
    fn scenario_action(action: Act) -> Value {
        let whole = match action {
            Act::Tsumo { card } => Some(Action::Tsumo { card }),
            Act::Ron => Some(Action::Ron),
            Act::Chi { cards } => Some(Action::Chi { cards }),
            Act::Pon { cards } => Some(Action::Pon { cards }),
            Act::Daiminkan { card } => Some(Action::Daiminkan { card }),
            Act::Ankan { card } => Some(Action::Ankan { card }),
            Act::Kakan { card } => Some(Action::Kakan { card }),
            Act::Pass => Some(Action::Pass),
            Act::AgariYame => Some(Action::AgariYame),
            Act::Continue => Some(Action::Continue),
            _ => None,
        };
        match whole {
            Some(a) => without_seat(a.to_json(0)),
            None => json!({ "type": "part", "code": Mining::action_code(action) }),
        }
    }

    /// The whole move a part completes, folded with the parts chosen before it.
    fn scenario_step(before: &Table, seat: Seat, action: Act) -> Option<Value> {
        let s = seat.index();
        match parts::next(&before.game, before.pending_of(s), s, action) {
            Next::Complete(a) => Some(without_seat(a.to_json(s))),
            Next::Pending(_) => None,
        }
    }
}

/// An action object without its `seat`.
fn without_seat(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("seat");
    }
    v
}
