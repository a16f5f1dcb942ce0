//! `momojan scenario`: plays a scripted game through the engine and reports it as JSON
//! (`scenario-format.md`). A public contract: other tools compare its output field by field.

mod input;
mod output;
mod play;

pub use crate::games::interface::{ErrorKind, ScenarioError};
pub use input::{parse, RoundScript, Scenario};
pub use output::report;
pub use play::play;

/// Parses, checks and plays a scenario document, returning the output document.
///
/// # Errors
/// The first problem, as the format's error document describes it.
pub fn run(bytes: &[u8]) -> Result<serde_json::Value, ScenarioError> {
    let scenario = parse(bytes)?;
    let game = play(&scenario)?;
    Ok(output::report(&game))
}
