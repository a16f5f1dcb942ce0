//! A player's actions (§4, §5, §11, §12) and why one can be refused.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::kit::action_words;

use crate::games::kit::mahjong::tile::{Kind, Tile};

/// One action, in the scenario format's shape. Tile pairs are in tile order, so equal actions
/// compare equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Win on the tile just drawn.
    Tsumo,
    /// Win on a discard or on a kan being declared.
    Ron,
    /// Claim the discard of the player on the left with these two tiles from the hand.
    Chi { cards: [Tile; 2] },
    /// Claim a discard with these two tiles of its kind.
    Pon { cards: [Tile; 2] },
    /// Claim a discard with three tiles of its kind (大明槓).
    Daiminkan { card: Kind },
    /// Four tiles of a kind from the hand (暗槓).
    Ankan { card: Kind },
    /// Add the fourth tile to a pon (加槓).
    Kakan { card: Kind },
    /// Nine terminals (九種九牌) on the first draw.
    Kyuushu,
    /// Discard a tile, declaring riichi or not.
    Discard { card: Tile, riichi: bool },
    /// Decline every claim on a discard or a kan.
    Pass,
    /// The last round's dealer ends the game after winning.
    AgariYame,
    /// The last round's dealer plays on after winning.
    Continue,
}

impl Action {
    /// A chi with its two tiles in tile order.
    pub fn chi(a: Tile, b: Tile) -> Action {
        Action::Chi {
            cards: sorted(a, b),
        }
    }

    /// A pon with its two tiles in tile order.
    pub fn pon(a: Tile, b: Tile) -> Action {
        Action::Pon {
            cards: sorted(a, b),
        }
    }

    pub fn discard(card: Tile) -> Action {
        Action::Discard {
            card,
            riichi: false,
        }
    }
}

fn sorted(a: Tile, b: Tile) -> [Tile; 2] {
    if a <= b {
        [a, b]
    } else {
        [b, a]
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Tsumo => f.write_str("tsumo"),
            Action::Ron => f.write_str("ron"),
            Action::Chi { cards: [a, b] } => write!(f, "chi with {a} {b}"),
            Action::Pon { cards: [a, b] } => write!(f, "pon with {a} {b}"),
            Action::Daiminkan { card } => write!(f, "open kan of {card}"),
            Action::Ankan { card } => write!(f, "closed kan of {card}"),
            Action::Kakan { card } => write!(f, "added kan of {card}"),
            Action::Kyuushu => f.write_str("nine terminals"),
            Action::Discard { card, riichi } => action_words::discard(f, card, *riichi),
            Action::Pass => f.write_str("pass"),
            Action::AgariYame => f.write_str("end the game"),
            Action::Continue => f.write_str("play on"),
        }
    }
}

/// Why an action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over")]
    GameOver,
    #[error("the round is over")]
    RoundOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("you have no {0} in your hand")]
    NotInHand(Tile),
    #[error("this hand does not win here (it needs a winning shape and enough han of yaku)")]
    NoWin,
    #[error("you are furiten: you cannot ron (you discarded a wait, or declined a ron)")]
    Furiten,
    #[error("in riichi your hand is locked: you can only win, make a kan that keeps your waits, or discard the tile you drew")]
    RiichiLocked,
    #[error("after a chi or pon you must discard")]
    MustDiscard,
    #[error("kuikae: you may not discard {0} after that call")]
    Kuikae(Kind),
    #[error("riichi needs a closed hand, 1,000 points, 4 tiles in the live wall and a hand that is tenpai after this discard")]
    BadRiichi,
    #[error("that call is not possible: {0}")]
    BadCall(&'static str),
    #[error("that kan is not possible: {0}")]
    BadKan(&'static str),
    #[error("nine terminals needs your first draw, no call before it and nine different terminals and honors")]
    NoNineTerminals,
    #[error("only the last round's dealer may end the game or play on, right after winning")]
    NoAgariChoice,
    #[error("you cannot {0} now")]
    NotNow(Action),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_is_small_and_copied() {
        assert!(std::mem::size_of::<Action>() <= 4);
    }

    #[test]
    fn actions_serialise_in_the_scenario_format() {
        let chi = Action::chi("6m".parse().unwrap(), "0m".parse().unwrap());
        assert_eq!(
            serde_json::to_value(chi).unwrap(),
            serde_json::json!({"type": "chi", "cards": ["0m", "6m"]})
        );
        let kan = Action::Ankan {
            card: "0p".parse::<Tile>().unwrap().kind(),
        };
        assert_eq!(
            serde_json::to_value(kan).unwrap(),
            serde_json::json!({"type": "ankan", "card": "5p"})
        );
        assert_eq!(
            serde_json::to_value(Action::AgariYame).unwrap(),
            serde_json::json!({"type": "agari_yame"})
        );
    }
}
