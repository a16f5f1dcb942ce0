//! `momojan scenario`: plays a scripted game through the engine and reports it as JSON
//! (`scenario-format.md`). A public contract: other tools compare its output field by field.

mod input;
mod output;
mod play;

pub use crate::games::interface::{ErrorKind, ScenarioError};
pub use input::{parse, RoundScript, Scenario};
pub use play::play;

use super::{Action, Game, Momojan, RuleOptions, Yaku};
use crate::games::interface::ScenarioFiles;

impl ScenarioFiles for Momojan {
    /// Parses, checks and plays a scenario document, returning the output document.
    fn scenario(bytes: &[u8]) -> Result<serde_json::Value, ScenarioError> {
        let scenario = parse(bytes)?;
        let game = play(&scenario)?;
        Ok(output::report(&game))
    }

    fn report(state: &Game) -> serde_json::Value {
        output::report(state)
    }

    fn scenario_options(options: &RuleOptions) -> serde_json::Value {
        // Every value written out, so the file plays the same whatever the defaults become.
        let points: serde_json::Map<String, serde_json::Value> = Yaku::ALL
            .iter()
            .map(|&y| (y.id().to_string(), options.yaku_points.get(y).into()))
            .collect();
        serde_json::json!({ "yaku_points": points })
    }

    fn scenario_action(action: Action) -> serde_json::Value {
        serde_json::to_value(action).expect("actions serialise")
    }
}
