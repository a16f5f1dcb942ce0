//! Highlights: what happened to each player, said after a round (a short line) and after the
//! game (the recap), computed from the finished state. A game finds its own kinds in its
//! own terms; the host only ranks them, keeps the best few, leaves out the players who turned
//! them off, and counts them for the server's board.
//!
//! What a line may tell: a round line only what every reader saw by the round's end (the
//! discards, the calls, the riichi, the hands shown at the end); the recap also the hands and
//! walls nobody saw, because it is written once the game is over.

use super::play::Play;
use super::seat::Seat;
use super::shows::Words;

/// What a highlight is about, for the board's columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// Luck went against the player (the wall, a deal-in, a cheaper winner).
    Unlucky,
    /// The player got away (a dodged deal-in, a comeback).
    Escape,
    /// A big hand or a feat.
    Big,
}

impl Category {
    pub const ALL: [Category; 3] = [Category::Unlucky, Category::Escape, Category::Big];

    /// The stable id (database, messages).
    pub fn id(self) -> &'static str {
        match self {
            Category::Unlucky => "unlucky",
            Category::Escape => "escape",
            Category::Big => "big",
        }
    }

    pub fn from_id(id: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.id() == id)
    }
}

/// One highlight kind a game finds: its stable id and its category.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HighlightKind {
    pub id: &'static str,
    pub category: Category,
}

/// One line about one or more players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Highlight {
    /// The kind's stable id (one of [`Highlights::KINDS`]).
    pub kind: &'static str,
    pub category: Category,
    /// The players it is about: the first is the one it happened to (the board counts it for
    /// them); a player who turned highlights off has every line naming them left out.
    pub seats: Vec<Seat>,
    /// The 0-based round it happened in, if one.
    pub round: Option<usize>,
    /// The line, worded in the reader's language by the host.
    pub words: Words,
    /// How remarkable it is, to rank lines across kinds: 1 (a footnote) to 100.
    pub weight: u32,
    /// The measure the board ranks players by within the category (points of the hand, turns
    /// stuck, places climbed); larger is more.
    pub value: i64,
}

/// What a game finds worth telling about a finished round and a finished game.
pub trait Highlights: Play {
    /// Every kind this game finds.
    const KINDS: &'static [HighlightKind];

    /// The short line(s) after round `round` (0-based), from what that round showed every
    /// reader by its end; empty while the round is in play or when it does not exist.
    fn round_highlights(state: &Self::State, round: usize) -> Vec<Highlight>;

    /// Every highlight of a finished game, walls and hidden hands included; empty while the
    /// game is in play.
    fn game_highlights(state: &Self::State) -> Vec<Highlight>;
}

/// Lines a recap shows at most, and at least when there are that many.
pub const RECAP_MAX: usize = 5;

/// The recap: the `max` heaviest lines, at most two of one kind and none about a player in
/// `muted`, heaviest first (ties: by round, then kind, so the same game gives the same recap).
pub fn recap(mut all: Vec<Highlight>, muted: &[Seat], max: usize) -> Vec<Highlight> {
    all.retain(|h| !h.seats.iter().any(|s| muted.contains(s)));
    all.sort_by(|a, b| {
        b.weight
            .cmp(&a.weight)
            .then(a.round.cmp(&b.round))
            .then(a.kind.cmp(b.kind))
    });
    let mut out: Vec<Highlight> = Vec::new();
    for h in all {
        if out.len() == max {
            break;
        }
        // Two lines of one kind are news; a third is noise.
        if out.iter().filter(|o| o.kind == h.kind).count() < 2 {
            out.push(h);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(kind: &'static str, seat: Seat, weight: u32) -> Highlight {
        Highlight {
            kind,
            category: Category::Unlucky,
            seats: vec![seat],
            round: None,
            words: Words::key(kind),
            weight,
            value: 0,
        }
    }

    #[test]
    fn the_recap_keeps_the_heaviest_leaves_out_the_muted_and_caps_a_kind_at_two() {
        let all = vec![
            line("a", Seat::ZERO, 10),
            line("a", Seat::ONE, 90),
            line("a", Seat::TWO, 80),
            line("a", Seat::THREE, 70),
            line("b", Seat::ONE, 50),
            line("c", Seat::TWO, 60),
        ];
        let got = recap(all, &[Seat::TWO], 3);
        let kinds: Vec<(&str, Seat)> = got.iter().map(|h| (h.kind, h.seats[0])).collect();
        assert_eq!(
            kinds,
            [("a", Seat::ONE), ("a", Seat::THREE), ("b", Seat::ONE)]
        );
    }

    #[test]
    fn categories_round_trip_their_ids() {
        for c in Category::ALL {
            assert_eq!(Category::from_id(c.id()), Some(c));
        }
        assert_eq!(Category::from_id("lucky"), None);
    }
}
