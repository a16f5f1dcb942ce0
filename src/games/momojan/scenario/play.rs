//! Playing a checked scenario: deal each entry's deck, apply its actions, stop where the
//! script stops.

use super::input::Scenario;
use crate::games::interface::{ErrorKind, ScenarioError};
use crate::games::kit::scenario::concession_refused;
use crate::games::kit::script;
use crate::games::momojan::{Game, RuleError};

/// Plays the scenario and returns the game as the script left it.
///
/// # Errors
/// `wrong_seat` or `illegal_action` at the first action the engine refuses.
pub fn play(scenario: &Scenario) -> Result<Game, ScenarioError> {
    let mut game = Game::new(scenario.first_dealer, scenario.options.clone());
    script::play_rounds(
        &mut game,
        &scenario.rounds,
        Game::needs_deal,
        |game, deck| {
            game.deal(deck)
                .expect("the deck was checked and the game awaits a deal");
        },
        |game, seat, &action| apply(game, seat, action),
    )?;
    if let Some((seat, why)) = scenario.concession {
        game.concede(seat, why.into()).map_err(concession_refused)?;
    }
    Ok(game)
}

fn apply(
    game: &mut Game,
    seat: crate::games::momojan::Seat,
    action: crate::games::momojan::Action,
) -> Result<(), ScenarioError> {
    game.apply(seat, action).map(drop).map_err(|e| match e {
        RuleError::WrongSeat { .. } => ScenarioError::new(ErrorKind::WrongSeat, e.to_string()),
        RuleError::GameOver | RuleError::AwaitingDeal => script::round_ended(action),
        other => ScenarioError::new(ErrorKind::IllegalAction, other.to_string()),
    })
}
