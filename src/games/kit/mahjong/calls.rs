//! The tiles a hand may call a discard with, the same in every game played with riichi's
//! hands (riichi, mining): the pairs of its own tiles that make a pon or a chi with the
//! discard (a red five and a plain five are different choices), and whether a call leaves a
//! discard that kuikae allows. Each game makes its own actions from the pairs and forbids its
//! own kuikae kinds.

use super::hand::Hand;
use super::tile::{Kind, KindSet, Tile};

/// Whether a hand that calls with `used` keeps a tile to discard whose kind is not
/// `forbidden` (kuikae).
pub fn leaves_a_discard(hand: &Hand, used: [Tile; 2], forbidden: KindSet) -> bool {
    let mut h = hand.clone();
    for t in used {
        h.remove(t);
    }
    h.distinct().iter().any(|t| !forbidden.contains(t.kind()))
}

/// The pairs of `hand`'s tiles a pon of `tile` may use: two plain tiles of its kind, then a
/// plain one with the red five.
pub fn pon_pairs(hand: &Hand, tile: Tile) -> Vec<[Tile; 2]> {
    let kind = tile.kind();
    let plain = hand.count_tile(kind.tile());
    let mut options = Vec::new();
    if plain >= 2 {
        options.push([kind.tile(), kind.tile()]);
    }
    if let Some(red) = kind.red().filter(|r| hand.contains(*r)) {
        if plain >= 1 {
            options.push([kind.tile(), red]);
        }
    }
    options
}

/// The pairs of `hand`'s tiles a chi of `tile` may use: the run with `tile` highest, in the
/// middle, lowest, and within each the plain tile of a kind before its red five.
pub fn chi_pairs(hand: &Hand, tile: Tile) -> Vec<[Tile; 2]> {
    let k = tile.kind();
    if k.is_honor() {
        return Vec::new();
    }
    let n = k.number();
    let below = |d: u8| (n > d).then(|| Kind::new(k.index() as u8 - d)).flatten();
    let pairs = [
        (below(2), below(1)),
        (below(1), k.up(1)),
        (k.up(1), k.up(2)),
    ];
    let of = |kind: Kind| {
        [Some(kind.tile()), kind.red()]
            .into_iter()
            .flatten()
            .filter(|t| hand.contains(*t))
    };
    let mut out = Vec::new();
    for (a, b) in pairs {
        let (Some(a), Some(b)) = (a, b) else { continue };
        for ta in of(a) {
            for tb in of(b) {
                out.push([ta, tb]);
            }
        }
    }
    out
}
