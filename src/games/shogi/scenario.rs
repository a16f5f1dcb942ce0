//! `momojan scenario` for `"game": "shogi"` documents (`shogi-scenario-format.md`): the whole
//! document is checked before play, in the order of the MOMOJAN format, then played.

use serde_json::{json, Map, Value};

use super::action::{Action, Refusal};
use super::game::{check_deck, Game, RoundRecord};
use super::options::Options;
use super::piece::Kind;
use super::round::RoundEnd;
use super::score::WinBy;
use super::yaku::Yaku;
use super::Shogi;
use crate::games::interface::seat::Seat;
use crate::games::interface::{ErrorKind, ScenarioError, ScenarioFiles};
use crate::games::kit::scenario::{
    concession_refused, malformed, parse_document, two_seat_action, two_seat_round, yaku_table,
    Document,
};
use crate::games::kit::script::{self, ActionTypes};

/// A checked document.
type Scenario = Document<Options, RoundScript>;

impl ScenarioFiles for Shogi {
    /// Parses, checks and plays a document, returning the output document.
    fn scenario(bytes: &[u8]) -> Result<Value, ScenarioError> {
        let scenario = parse(bytes)?;
        let game = play(&scenario)?;
        Ok(Self::report(&game))
    }

    /// The output document for a game as a script left it.
    fn report(game: &Game) -> Value {
        let current = game.current_record();
        script::output(
            game.records.iter().chain(current.as_ref()).map(round),
            json!({
                "over": game.is_over(),
                "winner": game.outcome.map(|o| o.winner),
                "reason": game.outcome.map(|o| o.reason.id()),
                "balances": game.balances.to_vec(),
                "pot": game.pot,
                "final_score": game.outcome.map(|o| o.final_score.to_vec()),
            }),
            (!game.is_over()).then(|| next(game)),
        )
    }

    fn scenario_options(options: &Options) -> Value {
        // Every value written out, so the file plays the same whatever the defaults become.
        let han: Map<String, Value> = Yaku::ALL
            .iter()
            .map(|&y| {
                let (closed, open) = options.yaku_han.get(y);
                let value = if y.has_two_values() {
                    json!([closed, open])
                } else {
                    closed.into()
                };
                (y.id().to_string(), value)
            })
            .collect();
        json!({ "yaku_han": han })
    }

    fn scenario_action(action: Action) -> Value {
        serde_json::to_value(action).expect("actions serialise")
    }
}

fn parse(bytes: &[u8]) -> Result<Scenario, ScenarioError> {
    parse_document(bytes, parse_options, parse_round)
}

fn han_value(id: &str, v: &Value) -> Result<u32, ScenarioError> {
    v.as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            malformed(format!(
                "the han of {id:?} must be a whole number from 0 to {}, not {v}",
                u32::MAX
            ))
        })
}

fn parse_options(value: Option<&Value>) -> Result<Options, ScenarioError> {
    let mut out = Options::default();
    let Some(han) = yaku_table(value, "yaku_han", "han")? else {
        return Ok(out);
    };
    for (id, v) in han {
        let yaku = Yaku::from_id(id).ok_or_else(|| malformed(format!("unknown yaku {id:?}")))?;
        match v {
            Value::Array(pair) => {
                let [closed, open] = pair.as_slice() else {
                    return Err(malformed(format!(
                        "the han of {id:?} as a list must be [closed, open]"
                    )));
                };
                let (closed, open) = (han_value(id, closed)?, han_value(id, open)?);
                out.yaku_han
                    .set_pair(yaku, closed, open)
                    .map_err(malformed)?;
            }
            other => out.yaku_han.set(yaku, han_value(id, other)?),
        }
    }
    Ok(out)
}

type RoundScript = script::RoundScript<Kind, Action>;

fn parse_round(entry: &Value) -> Result<RoundScript, ScenarioError> {
    two_seat_round(entry, "pieces", piece, check_deck, parse_action)
}

fn piece(value: &Value) -> Result<Kind, ScenarioError> {
    let name = value.as_str().ok_or_else(|| {
        malformed(format!(
            "a piece must be a name such as \"FU\", not {value}"
        ))
    })?;
    name.parse().map_err(|e: super::piece::UnknownPiece| {
        ScenarioError::new(ErrorKind::UnknownCard, e.to_string())
    })
}

const ACTION_TYPES: ActionTypes = ActionTypes::new(&[
    "draw",
    "pon",
    "daiminkan",
    "ankan",
    "kakan",
    "tsumo",
    "ron",
    "discard",
    "pass",
])
.type_missing_apart();

fn parse_action(value: &Value) -> Result<(Seat, Action), ScenarioError> {
    let (obj, kind, seat) = two_seat_action(&ACTION_TYPES, value)?;
    let action = match kind {
        "draw" => Action::Draw,
        "pon" => {
            let [a, b] = cards(obj)?;
            Action::pon(a, b)
        }
        "daiminkan" => Action::Daiminkan { card: card(obj)? },
        "ankan" => Action::Ankan { card: card(obj)? },
        "kakan" => Action::Kakan { card: card(obj)? },
        "tsumo" => Action::Tsumo,
        "ron" => Action::Ron,
        "discard" => {
            let card = card(obj)?;
            let riichi = script::flag(obj.get("riichi"), "riichi")?;
            Action::Discard { card, riichi }
        }
        _ => Action::Pass,
    };
    Ok((seat, action))
}

/// The `card` field: its structure first, then the name.
fn card(obj: &Map<String, Value>) -> Result<Kind, ScenarioError> {
    let name = obj
        .get("card")
        .filter(|v| v.is_string())
        .ok_or_else(|| malformed("this action needs a \"card\" name"))?;
    piece(name)
}

/// The `cards` field of a pon: exactly two names.
fn cards(obj: &Map<String, Value>) -> Result<[Kind; 2], ScenarioError> {
    let list = obj
        .get("cards")
        .and_then(Value::as_array)
        .filter(|l| l.len() == 2 && l.iter().all(Value::is_string))
        .ok_or_else(|| malformed("a pon needs \"cards\": a list of 2 piece names"))?;
    Ok([piece(&list[0])?, piece(&list[1])?])
}

fn play(scenario: &Scenario) -> Result<Game, ScenarioError> {
    let mut game = Game::new(scenario.first_dealer, scenario.options.clone());
    script::play_rounds(
        &mut game,
        &scenario.rounds,
        Game::needs_deal,
        |game, deck| {
            game.deal(deck)
                .expect("the deck was checked and a round is due");
        },
        |game, seat, &action| {
            game.apply(seat, action)
                .map(drop)
                .map_err(|e| refusal(e, action))
        },
    )?;
    if let Some((seat, why)) = scenario.concession {
        game.concede(seat, why.into()).map_err(concession_refused)?;
    }
    Ok(game)
}

fn refusal(e: Refusal, action: Action) -> ScenarioError {
    match e {
        Refusal::NotYourTurn => ScenarioError::new(ErrorKind::WrongSeat, e.to_string()),
        Refusal::GameOver | Refusal::RoundOver => script::round_ended(action),
        other => ScenarioError::new(
            ErrorKind::IllegalAction,
            format!("cannot {action}: {other}"),
        ),
    }
}

fn round(record: &RoundRecord) -> Value {
    let mut v = json!({
        "index": record.index,
        "dealer": record.dealer.index(),
        "honba": record.honba,
        "minimum": record.minimum,
        "dora_indicators": record.indicators,
        "result": "incomplete",
        "winner": null, "by": null, "winning_piece": null, "yaku": null, "dora": null,
        "kan_bonus": null, "honba_bonus": null, "win_bonus": null, "total": null,
        "tenpai": null, "chombo": null,
        // Seats as numbers and the pot as `"pot"`, reasons by id (the shared transfer's own form).
        "transfers": record.transfers,
        "balances": record.balances.to_vec(),
        "pot": record.pot,
    });
    match &record.end {
        Some(RoundEnd::Win {
            winner,
            by,
            winning,
            score,
        }) => {
            v["result"] = json!("win");
            v["winner"] = json!(winner.index());
            v["by"] = json!(match by {
                WinBy::Ron => "ron",
                WinBy::Tsumo => "tsumo",
                WinBy::Chankan => "chankan",
            });
            v["winning_piece"] = json!(winning);
            v["yaku"] = score
                .yaku
                .iter()
                .map(|(id, han)| json!({"id": id, "han": han}))
                .collect();
            v["dora"] = json!(score.dora);
            v["kan_bonus"] = json!(score.kan_bonus);
            v["honba_bonus"] = json!(score.honba_bonus);
            v["win_bonus"] = json!(score.win_bonus);
            v["total"] = json!(score.total);
        }
        Some(RoundEnd::Draw { tenpai, chombo }) => {
            v["result"] = json!("draw");
            v["tenpai"] = json!(tenpai.to_vec());
            v["chombo"] = json!(chombo.iter().map(|s| s.index()).collect::<Vec<_>>());
        }
        None => {}
    }
    v
}

fn next(game: &Game) -> Value {
    match game.to_act() {
        Some(seat) => {
            let actions: Vec<Value> =
                script::seat_actions(seat, game.legal_actions(), Shogi::scenario_action).collect();
            json!({"seat": seat.index(), "legal_actions": actions})
        }
        None => json!({"seat": game.dealer.index(), "legal_actions": []}),
    }
}
