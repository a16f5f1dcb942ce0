//! Words several messages share: why a game ended, why points moved, a yaku's name — each in
//! the words of the game it belongs to.

use super::pen::nameless_words;
use crate::games::registry::{with_game, GameId};
use crate::i18n::Lang;

/// Why a game ended, for players, from the game's id of it.
pub fn end_reason_text(game: GameId, reason: &str, lang: Lang) -> String {
    nameless_words(game, lang, &with_game!(game, G => G::end_words(reason)))
}

/// Why points moved, for players, from the game's id of it.
pub fn transfer_reason_text(game: GameId, reason: &str, lang: Lang) -> String {
    nameless_words(
        game,
        lang,
        &with_game!(game, G => G::transfer_words(reason)),
    )
}

/// A yaku's name as records show it: its Japanese name (the same in both languages), or its
/// id when the game has no such yaku.
pub fn yaku_name(game: GameId, id: &str) -> String {
    with_game!(game, G => G::yaku_names(id))
        .map_or_else(|| id.to_string(), |(japanese, _)| japanese.to_string())
}
