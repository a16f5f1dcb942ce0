//! The wall of one round (§3): the deal, the live wall, the dead wall's replacement tiles and
//! its dora and ura indicators.

use serde::{Deserialize, Serialize};

use crate::games::interface::deal::{shuffled, DeckSeed};
use crate::games::kit::mahjong::tile::{Kind, Tile};

/// Tiles in the wall.
pub const WALL: usize = 136;
/// Each player's dealt tiles.
pub const DEALT: usize = 13;
/// The first tile of the live wall, `w[52]`.
const LIVE_START: usize = 52;
/// Where the dead wall starts: the live wall ends here when no kan was made.
const DEAD_START: usize = 122;
/// The first dora indicator, `w[126]`; kan indicators follow it.
const DORA: usize = 126;
/// The first ura indicator, `w[131]`; kan ura follow it.
const URA: usize = 131;
/// Kans a round allows ([R6]).
pub const MAX_KANS: usize = 4;

/// A round's wall `w[0..136)` and how far it has been used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wall {
    tiles: Vec<Tile>,
    /// The next live tile to draw.
    next: usize,
    /// Kans made this round (each shortens the live wall by one and reveals an indicator).
    kans: usize,
}

impl Wall {
    /// A wall from its 136 tiles (checked by the caller).
    pub fn new(tiles: Vec<Tile>) -> Wall {
        debug_assert_eq!(tiles.len(), WALL);
        Wall {
            tiles,
            next: LIVE_START,
            kans: 0,
        }
    }

    /// The 13 tiles dealt to the player `k` places after the dealer.
    pub fn dealt(&self, k: usize) -> &[Tile] {
        &self.tiles[k * DEALT..(k + 1) * DEALT]
    }

    /// Every tile in deal order (revealed after the round).
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Tiles left to draw from the live wall.
    pub fn live_left(&self) -> usize {
        DEAD_START - self.kans - self.next
    }

    /// Tiles drawn from the live wall so far.
    pub fn drawn(&self) -> usize {
        self.next - LIVE_START
    }

    /// Draws the next live tile; `None` when the live wall is empty.
    pub fn draw(&mut self) -> Option<Tile> {
        (self.live_left() > 0).then(|| {
            self.next += 1;
            self.tiles[self.next - 1]
        })
    }

    /// The tile the live wall would give `k` draws from now (0: the next), if it holds that
    /// many: what a player would have drawn had the round gone on (the highlights).
    pub fn upcoming(&self, k: usize) -> Option<Tile> {
        (k < self.live_left()).then(|| self.tiles[self.next + k])
    }

    pub fn kans(&self) -> usize {
        self.kans
    }

    /// Whether another kan may be made ([R6], §4): a tile left in the live wall and fewer
    /// than four kans.
    pub fn allows_kan(&self) -> bool {
        self.live_left() > 0 && self.kans < MAX_KANS
    }

    /// Makes a kan: reveals its indicator ([R5]) and returns the replacement tile.
    pub fn kan(&mut self) -> Tile {
        self.kans += 1;
        self.tiles[DEAD_START - 1 + self.kans]
    }

    /// The revealed dora indicators: the first, then one per kan.
    pub fn dora_indicators(&self) -> &[Tile] {
        &self.tiles[DORA..=DORA + self.kans]
    }

    /// The ura indicators under them: the first's only unless `kan_ura`.
    pub fn ura_indicators(&self, kan_ura: bool) -> &[Tile] {
        let extra = if kan_ura { self.kans } else { 0 };
        &self.tiles[URA..=URA + extra]
    }

    /// The tiles that are neither dealt, drawn nor revealed (for accounting): the live wall
    /// left, the replacement tiles not drawn, the hidden indicators and the live-wall tiles
    /// each kan moved to the dead wall.
    pub fn unseen(&self) -> Vec<Tile> {
        let mut out = self.tiles[self.next..DEAD_START].to_vec();
        out.extend_from_slice(&self.tiles[DEAD_START + self.kans..WALL]);
        out
    }
}

/// Round `round`'s wall for the game with this seed, as its fair-deal proof commits to it: a
/// fresh shuffle of the 136 tiles with their three red fives, whatever the options (the proof
/// is made without them).
pub fn proven_wall(seed: &DeckSeed, round: u32) -> Vec<Tile> {
    shuffled(seed, round, &Tile::full_set(true))
}

/// The wall dealt in round `round` (§3): [`proven_wall`], its red fives played as plain fives
/// when `aka` is off.
pub fn seeded_wall(seed: &DeckSeed, round: u32, aka: bool) -> Vec<Tile> {
    let mut wall = proven_wall(seed, round);
    if !aka {
        for t in &mut wall {
            *t = t.kind().tile();
        }
    }
    wall
}

/// The dora kinds of some indicators.
pub fn dora_kinds(indicators: &[Tile]) -> Vec<Kind> {
    indicators.iter().map(|t| t.kind().dora_after()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wall() -> Wall {
        Wall::new(Tile::full_set(true))
    }

    #[test]
    fn the_live_wall_holds_seventy_draws_without_a_kan() {
        let mut w = wall();
        assert_eq!(w.live_left(), 70);
        for _ in 0..70 {
            assert!(w.draw().is_some());
        }
        assert_eq!(w.draw(), None);
        assert!(!w.allows_kan());
    }

    #[test]
    fn each_kan_draws_from_the_dead_wall_and_shortens_the_live_wall() {
        let mut w = wall();
        let tiles = w.tiles().to_vec();
        assert_eq!(w.kan(), tiles[122]);
        assert_eq!(w.kan(), tiles[123]);
        assert_eq!(w.live_left(), 68);
        assert_eq!(w.dora_indicators(), &tiles[126..129]);
        assert_eq!(w.ura_indicators(true), &tiles[131..134]);
        assert_eq!(w.ura_indicators(false), &tiles[131..132]);
        w.kan();
        w.kan();
        assert!(!w.allows_kan(), "no fifth kan");
    }

    #[test]
    fn unseen_tiles_and_the_rest_make_the_whole_wall() {
        let mut w = wall();
        w.draw();
        w.kan();
        // 52 dealt, 1 drawn, 1 replacement drawn, 134 - 52 … the rest unseen.
        assert_eq!(w.unseen().len(), WALL - 52 - 1 - 1);
    }
}
