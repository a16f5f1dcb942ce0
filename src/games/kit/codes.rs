//! What every game's action codes ([`Stored`](crate::games::interface::Stored)) share: a code
//! is a verb and its pieces joined by `-`, and a discard is `discard-<piece>`, or
//! `riichi-<piece>` when it declares riichi.

use std::fmt::Display;
use std::str::FromStr;

/// The code of a discard of `piece`: `riichi-<piece>` when it declares riichi, else
/// `discard-<piece>`.
pub fn discard_code(piece: impl Display, riichi: bool) -> String {
    format!("{}-{piece}", if riichi { "riichi" } else { "discard" })
}

/// A code's verb (its first word) and the pieces its other words name; `None` when a word is
/// not a piece.
pub fn verb_and_pieces<P: FromStr>(code: &str) -> Option<(&str, Vec<P>)> {
    let mut words = code.split('-');
    let verb = words.next()?;
    let pieces = words.map(|w| w.parse().ok()).collect::<Option<_>>()?;
    Some((verb, pieces))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_a_verb_and_its_pieces() {
        assert_eq!(discard_code(7, false), "discard-7");
        assert_eq!(discard_code("5m", true), "riichi-5m");
        assert_eq!(verb_and_pieces::<u8>("pon-3-4"), Some(("pon", vec![3, 4])));
        assert_eq!(verb_and_pieces::<u8>("pass"), Some(("pass", vec![])));
        assert_eq!(verb_and_pieces::<u8>("pon-3-x"), None);
        assert_eq!(verb_and_pieces::<u8>("pon-"), None);
    }
}
