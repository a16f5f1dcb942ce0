//! Words several messages share: why a game ended, why points moved, a yaku's name — each in
//! the words of the game it belongs to.

use super::pen::{Faces, Pen};
use crate::games::registry::{with_game, GameId};
use crate::games::seat::PerSeat;
use crate::games::shown::{Shows, Words};
use crate::i18n::Lang;

/// A game's words that name no player, in `lang`.
fn say(game: GameId, words: &Words, lang: Lang) -> String {
    let names = PerSeat::<String>::default();
    let faces = Faces::text();
    Pen {
        lang,
        game,
        names: &names,
        faces: &faces,
        markdown: true,
    }
    .words(words)
}

/// Why a game ended, for players, from the game's id of it.
pub fn end_reason_text(game: GameId, reason: &str, lang: Lang) -> String {
    say(game, &with_game!(game, G => G::end_words(reason)), lang)
}

/// Why points moved, for players, from the game's id of it.
pub fn transfer_reason_text(game: GameId, reason: &str, lang: Lang) -> String {
    say(
        game,
        &with_game!(game, G => G::transfer_words(reason)),
        lang,
    )
}

/// A yaku's name as records show it: its Japanese name (the same in both languages), or its
/// id when the game has no such yaku.
pub fn yaku_name(game: GameId, id: &str) -> String {
    with_game!(game, G => G::yaku_names(id))
        .map_or_else(|| id.to_string(), |(japanese, _)| japanese.to_string())
}
