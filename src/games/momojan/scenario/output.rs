//! The output document of the scenario format.

use serde_json::{json, Value};

use crate::games::interface::ScenarioFiles;
use crate::games::kit::script;
use crate::games::momojan::{Action, Game, Momojan, RoundEnd, RoundRecord};

/// The whole output document for a game as a script left it.
pub fn report(game: &Game) -> Value {
    let current = game.current_record();
    script::output(
        game.records.iter().chain(current.as_ref()).map(round),
        json!({
            "over": game.is_over(),
            "winner": game.outcome.map(|o| o.winner),
            "reason": game.outcome.map(|o| o.reason.id()),
            "balances": game.balances.to_vec(),
            "pot": game.pot,
        }),
        (!game.is_over()).then(|| next(game)),
    )
}

fn round(record: &RoundRecord) -> Value {
    let mut v = json!({
        "index": record.index,
        "dealer": record.dealer,
        "honba": record.honba,
        "ante": record.ante,
        "dora_indicators": record.dora_indicators,
        "result": "incomplete",
        "winner": null, "by": null, "yaku": null, "dora": null, "ron_bonus": null,
        "base": null, "doubled": null, "total": null,
        "tenpai": null, "settlement_values": null,
        "transfers": record.transfers,
        "balances": record.balances.to_vec(),
        "pot": record.pot,
    });
    match &record.end {
        None => {}
        Some(RoundEnd::Win {
            winner, by, score, ..
        }) => {
            let yaku: Vec<Value> = score
                .yaku
                .iter()
                .map(|(y, p)| json!({ "id": y.0.id(), "points": p }))
                .collect();
            v["result"] = json!("win");
            v["winner"] = json!(winner);
            v["by"] = json!(by);
            v["yaku"] = json!(yaku);
            v["dora"] = json!(score.dora);
            v["ron_bonus"] = json!(score.ron_bonus);
            v["base"] = json!(score.base);
            v["doubled"] = json!(score.doubled);
            v["total"] = json!(score.total);
        }
        Some(RoundEnd::Draw { tenpai, values }) => {
            v["result"] = json!("draw");
            v["tenpai"] = json!(tenpai.to_vec());
            v["settlement_values"] = json!(values.to_vec());
        }
    }
    v
}

/// The seat to act and its legal actions. Between rounds (the next round has no entry in the
/// script) the next round's dealer opens with a draw from any of the three full piles.
fn next(game: &Game) -> Value {
    let (seat, actions) = match game.to_act() {
        Some(seat) => (seat, game.legal_actions()),
        None => (
            game.dealer,
            (0..3).map(|pile| Action::Draw { pile }).collect(),
        ),
    };
    let legal: Vec<Value> = script::seat_actions(seat, actions, Momojan::scenario_action).collect();
    json!({ "seat": seat, "legal_actions": legal })
}
