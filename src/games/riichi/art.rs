//! Riichi's faces: the riichi tiles of the kit ([`crate::games::kit::mahjong::art`]), each
//! face's code the tile's notation (`5m`, `0m`, `7z`), named `rc_…`.

use crate::games::art::Art;

/// Every face, in tile order.
pub fn art() -> Art {
    crate::games::kit::mahjong::art::art("rc")
}
