//! The English words of the actions several games write alike (in scenario errors, logs and
//! refusals): a discard, with or without riichi.

use std::fmt;

/// `discard <card>`, or `riichi, discarding <card>`.
///
/// # Errors
/// The formatter's.
pub fn discard(f: &mut fmt::Formatter<'_>, card: impl fmt::Display, riichi: bool) -> fmt::Result {
    if riichi {
        write!(f, "riichi, discarding {card}")
    } else {
        write!(f, "discard {card}")
    }
}
