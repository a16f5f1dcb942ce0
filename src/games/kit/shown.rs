//! What the games' [`Shows`](crate::games::interface::Shows) impls share, written once: the
//! head of the impl (names, title, message files, colour, emoji, art), a finished round's
//! summary and news line from the facts every game keeps of one, discard piles, the set a claim
//! makes, a discard's words, who acts, a hand's choices, a claim window's answers, the final
//! ranking's lines, and the tests' way of reading groups as text. Its message ids are the
//! host's (`news-round`) or the game's, passed in; the file is named `shown.rs` like the
//! games' so the message-id test reads it too.

use crate::games::interface::ledger::Transfer;
use crate::games::interface::seat::{PerSeat, Seat};
use crate::games::interface::{
    Acting, Choice, Discarded, Group, GroupKind, Piece, RoundResult, Say, Words,
};

/// The head of a game's `Shows` impl: its names, its title (the Japanese name, a space, the
/// English name: "桃雀 MOMOJAN"), its message files (`messages/en.ftl` and `messages/ja.ftl`
/// beside the file that invokes it), the colour of its embeds, the emoji its challenges
/// start with, and its art (`super::art::art`).
macro_rules! identity {
    (ja: $ja:literal, en: $en:literal, colour: $colour:literal, emoji: $emoji:literal) => {
        const NAMES: $crate::games::interface::Names =
            $crate::games::interface::Names { en: $en, ja: $ja };
        const TITLE: &'static str = concat!($ja, " ", $en);
        const MESSAGES: (&'static str, &'static str) = (
            include_str!("messages/en.ftl"),
            include_str!("messages/ja.ftl"),
        );
        const COLOUR: u32 = $colour;
        const EMOJI: &'static str = $emoji;

        fn art() -> $crate::games::art::Art {
            super::art::art()
        }
    };
}
pub(crate) use identity;

/// A finished round's place in the match and what it came to, as its news line tells it.
pub struct Told {
    /// 0-based.
    pub index: usize,
    pub headline: Words,
    /// A win's news, where the game tells its points ("news-round-won" with the points'
    /// arguments); `None` for the plain "news-round".
    pub won: Option<Words>,
}

impl Told {
    pub fn new(index: usize, headline: Words, won: Option<Words>) -> Told {
        Told {
            index,
            headline,
            won,
        }
    }
}

/// The points a round moved, and where the balances and the pot stood after it.
pub struct Ledger {
    pub transfers: Vec<Transfer<&'static str>>,
    pub balances: PerSeat<i64>,
    pub pot: i64,
}

impl Ledger {
    /// A round's transfers, each reason named by its id, with the balances and pot after it.
    pub fn of<R: Copy>(
        transfers: &[Transfer<R>],
        id: impl Fn(R) -> &'static str,
        balances: PerSeat<i64>,
        pot: i64,
    ) -> Ledger {
        let transfers = transfers
            .iter()
            .map(|t| Transfer {
                from: t.from,
                to: t.to,
                amount: t.amount,
                reason: id(t.reason),
            })
            .collect();
        Ledger {
            transfers,
            balances,
            pot,
        }
    }
}

/// A finished round's summary: its headline, the game's lines and revealed hands, the points
/// it moved, and the news line a hand shows ("Round 2: Alice wins by ron — 8 points"): the
/// round's number and headline, then a win's points where the game tells them.
pub fn round_result(
    told: Told,
    lines: Vec<Words>,
    hands: Option<PerSeat<Vec<Group>>>,
    ledger: Ledger,
) -> RoundResult {
    let Told {
        index,
        headline,
        won,
    } = told;
    let mut args = vec![
        ("n", Say::from(index + 1)),
        ("headline", headline.clone().into()),
    ];
    let key = match won {
        Some(won) => {
            args.extend(won.args);
            won.key
        }
        None => "news-round".into(),
    };
    RoundResult {
        index,
        headline,
        lines,
        hands,
        transfers: ledger.transfers,
        balances: ledger.balances,
        pot: ledger.pot,
        news: Words { key, args },
    }
}

/// A discard pile as the table shows it, from each discard's piece, whether it declared
/// riichi and whether it was taken.
pub fn discards<D>(pile: &[D], each: impl Fn(&D) -> (Piece, bool, bool)) -> Vec<Discarded> {
    pile.iter()
        .map(|d| {
            let (piece, riichi, taken) = each(d);
            Discarded {
                piece,
                riichi,
                taken,
            }
        })
        .collect()
}

/// The whole set a claim makes: the hand's pieces and the claimed one in their order, the
/// claimed one marked; the hand's pieces alone when the claimed one is not known.
pub fn claimed_set<T: Copy + Ord>(
    hand: &[T],
    claimed: Option<T>,
    piece: impl Fn(T) -> Piece,
) -> Say {
    let Some(claimed) = claimed else {
        return Say::Pieces(hand.iter().map(|&t| piece(t)).collect());
    };
    let mut all = hand.to_vec();
    all.push(claimed);
    all.sort();
    Say::Group(Group {
        marked: all.iter().position(|&t| t == claimed),
        pieces: all.into_iter().map(piece).collect(),
        kind: GroupKind::Concealed,
    })
}

/// A discard in a few words: the riichi message (`keys[1]`) if it declared riichi, else the
/// plain one (`keys[0]`), the piece as the argument `arg`.
pub fn discard_words(
    keys: [&'static str; 2],
    arg: &'static str,
    piece: Piece,
    riichi: bool,
) -> Words {
    Words::with(keys[usize::from(riichi)], vec![(arg, piece.into())])
}

/// Who acts in a game where one seat at a time does (a two-seat game's answer to a discard
/// is a turn too): that seat's turn, or nobody once the round is over.
pub fn turn(to_act: Option<Seat>) -> Acting {
    to_act.map_or(Acting::Over, Acting::Turn)
}

/// A hand's choices: one for each legal action, in the game's order.
pub fn choices<A: Copy>(legal: &[A], choice: impl FnMut(A) -> Choice) -> Vec<Choice> {
    legal.iter().copied().map(choice).collect()
}

/// Each seat's answer to a claim window as the game's message `key` names it: the seat as
/// `name`, its answer as the noun `noun` makes of it ("Bob's ron").
pub fn answers<A>(
    key: &'static str,
    answers: impl Iterator<Item = (Seat, A)>,
    noun: impl Fn(A) -> Words,
) -> Vec<Say> {
    answers
        .map(|(seat, answer)| {
            let args = vec![("name", Say::Player(seat)), ("answer", noun(answer).into())];
            Words::with(key, args).into()
        })
        .collect()
}

/// The end of a game: a line for each seat in `ranking`, first to last, naming its place
/// (1-based), the seat and its points, then what the game's `line` says of the 0-based place
/// and the seat (its message and any more arguments).
pub fn ranking_lines(
    ranking: &[Seat],
    points: &PerSeat<i64>,
    line: impl Fn(usize, Seat) -> Words,
) -> Vec<Words> {
    ranking
        .iter()
        .enumerate()
        .map(|(place, &seat)| {
            let Words { key, args } = line(place, seat);
            let mut all = vec![
                ("place", Say::from(place + 1)),
                ("name", Say::Player(seat)),
                ("points", points[seat].into()),
            ];
            all.extend(args);
            Words { key, args: all }
        })
        .collect()
}

/// Each group's pieces as text, a marked one with a `*` before it, the pieces joined by
/// `between`: how the games' tests read a revealed hand.
#[cfg(test)]
pub fn texts(groups: &[Group], between: &str) -> Vec<String> {
    groups
        .iter()
        .map(|g| {
            let each = g.pieces.iter().enumerate().map(|(i, p)| {
                let mark = if g.marked == Some(i) { "*" } else { "" };
                format!("{mark}{}", p.text)
            });
            each.collect::<Vec<_>>().join(between)
        })
        .collect()
}
