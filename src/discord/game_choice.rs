//! The `game` option of the commands: one choice per game the registry hosts in Discord, so a
//! new game appears in every menu without touching this file.

use std::borrow::Cow;

use poise::CommandParameterChoice;

use crate::games::registry::GameId;

/// A game picked in a slash command option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameChoice(pub GameId);

impl poise::ChoiceParameter for GameChoice {
    fn list() -> Cow<'static, [CommandParameterChoice]> {
        // Built as poise's own derive builds it (the hidden field is how poise keeps the
        // struct open to new fields).
        GameId::HOSTED
            .iter()
            .map(|game| CommandParameterChoice {
                name: Cow::Borrowed(game.names().en),
                localizations: Cow::Owned(vec![(
                    Cow::Borrowed("ja"),
                    Cow::Borrowed(game.names().ja),
                )]),
                __non_exhaustive: (),
            })
            .collect::<Vec<_>>()
            .into()
    }

    fn from_index(index: usize) -> Option<GameChoice> {
        GameId::HOSTED.get(index).copied().map(GameChoice)
    }

    fn from_name(name: &str) -> Option<GameChoice> {
        GameId::HOSTED
            .into_iter()
            .find(|g| g.names().en == name || g.id() == name)
            .map(GameChoice)
    }

    fn name(&self) -> &'static str {
        self.0.names().en
    }

    fn localized_name(&self, locale: &str) -> Option<&'static str> {
        (locale == "ja").then_some(self.0.names().ja)
    }
}

#[cfg(test)]
mod tests {
    use poise::ChoiceParameter;

    use super::*;

    #[test]
    fn every_registered_game_is_a_choice_found_by_its_index_and_name() {
        let list = GameChoice::list();
        assert_eq!(list.len(), GameId::HOSTED.len());
        for (index, game) in GameId::HOSTED.into_iter().enumerate() {
            assert_eq!(GameChoice::from_index(index), Some(GameChoice(game)));
            assert_eq!(
                GameChoice::from_name(&list[index].name),
                Some(GameChoice(game))
            );
            assert_eq!(GameChoice(game).localized_name("ja"), Some(game.names().ja));
        }
        assert_eq!(GameChoice::from_index(GameId::HOSTED.len()), None);
    }
}
