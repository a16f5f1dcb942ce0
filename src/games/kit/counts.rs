//! A multiset of a game's pieces as one count per kind in the game's own order, for the games
//! whose hands are counted that way (shogi mahjong's eight kinds, the beginners' card ids).
//! Generic over the piece and compiled for each, so counting costs what a game's own array
//! did.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

use serde::{Deserialize, Serialize};

/// A piece counted by its place among the `N` of its game.
pub trait Counted<const N: usize>: Copy + 'static {
    /// Every piece, in the game's order.
    const ALL: [Self; N];
    /// The piece's place in [`Counted::ALL`].
    fn index(self) -> usize;
}

/// How many of each of the `N` pieces `P`: serialised as the bare array of counts.
#[derive(Serialize, Deserialize)]
#[serde(
    transparent,
    bound(
        serialize = "[u8; N]: Serialize",
        deserialize = "[u8; N]: Deserialize<'de>"
    )
)]
pub struct Counts<P, const N: usize> {
    counts: [u8; N],
    #[serde(skip)]
    piece: PhantomData<P>,
}

impl<P: Counted<N>, const N: usize> Counts<P, N> {
    pub fn of(pieces: &[P]) -> Self {
        let mut c = Self::default();
        for &p in pieces {
            c.add(p);
        }
        c
    }

    pub fn get(&self, p: P) -> u8 {
        self.counts[p.index()]
    }

    pub fn add(&mut self, p: P) {
        self.counts[p.index()] += 1;
    }

    pub fn add_n(&mut self, p: P, n: u8) {
        self.counts[p.index()] += n;
    }

    /// Takes one `p` out; `false` (and no change) when there is none.
    pub fn remove(&mut self, p: P) -> bool {
        let slot = &mut self.counts[p.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }

    pub fn len(&self) -> usize {
        self.counts.iter().map(|&n| usize::from(n)).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The pieces, in the game's order.
    pub fn to_vec(&self) -> Vec<P> {
        P::ALL
            .into_iter()
            .flat_map(|p| std::iter::repeat_n(p, usize::from(self.get(p))))
            .collect()
    }

    /// The kinds of piece present, in the game's order.
    pub fn kinds(&self) -> impl Iterator<Item = P> + '_ {
        P::ALL.into_iter().filter(|p| self.get(*p) > 0)
    }
}

// Written out rather than derived: a derive would ask the same of `P`, which only names the
// counts' order.
impl<P, const N: usize> Default for Counts<P, N> {
    fn default() -> Self {
        Counts {
            counts: [0; N],
            piece: PhantomData,
        }
    }
}

impl<P, const N: usize> Clone for Counts<P, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P, const N: usize> Copy for Counts<P, N> {}

impl<P, const N: usize> PartialEq for Counts<P, N> {
    fn eq(&self, other: &Self) -> bool {
        self.counts == other.counts
    }
}

impl<P, const N: usize> Eq for Counts<P, N> {}

impl<P, const N: usize> Hash for Counts<P, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.counts.hash(state);
    }
}

/// As a game's own `Counts([…])` printed.
impl<P, const N: usize> fmt::Debug for Counts<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Counts").field(&self.counts).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Coin {
        Heads,
        Tails,
    }

    impl Counted<2> for Coin {
        const ALL: [Coin; 2] = [Coin::Heads, Coin::Tails];
        fn index(self) -> usize {
            self as usize
        }
    }

    #[test]
    fn counts_take_out_only_what_they_hold_and_list_in_order() {
        let mut c = Counts::of(&[Coin::Tails, Coin::Heads, Coin::Tails]);
        assert_eq!((c.get(Coin::Heads), c.get(Coin::Tails), c.len()), (1, 2, 3));
        assert!(c.remove(Coin::Heads));
        assert!(!c.remove(Coin::Heads));
        assert_eq!(c.to_vec(), [Coin::Tails, Coin::Tails]);
        assert_eq!(c.kinds().collect::<Vec<_>>(), [Coin::Tails]);
        c.add_n(Coin::Heads, 2);
        assert_eq!(serde_json::to_string(&c).unwrap(), "[2,2]");
        let back: Counts<Coin, 2> = serde_json::from_str("[2,2]").unwrap();
        assert_eq!(back, c);
        assert_eq!(format!("{c:?}"), "Counts([2, 2])");
        assert!(Counts::<Coin, 2>::default().is_empty());
    }
}
