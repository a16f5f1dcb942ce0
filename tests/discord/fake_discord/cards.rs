//! MOMOJAN's cards as its text faces show them (`🍋5`), for tests that look for them in
//! messages.

use momojan::games::momojan::shown::piece;
use momojan::games::momojan::Card;

/// One card: `🍋5`, `🐕`.
pub fn card(c: Card) -> String {
    piece(c).text
}

/// Cards separated by spaces (`—` for none, as the views show an empty list).
pub fn cards(list: &[Card]) -> String {
    if list.is_empty() {
        return "—".into();
    }
    list.iter().map(|&c| card(c)).collect::<Vec<_>>().join(" ")
}
