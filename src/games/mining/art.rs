//! Mining mahjong's faces: its tiles are riichi's, drawn by the kit
//! ([`crate::games::kit::mahjong::art`]), each face's code the tile's notation, named `mn_…`.

use crate::games::art::Art;

/// Every face, in tile order.
pub fn art() -> Art {
    crate::games::kit::mahjong::art::art("mn")
}
