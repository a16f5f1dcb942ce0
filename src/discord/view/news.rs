//! "What just happened" lines for the hand message: committed moves as the viewer may see
//! them ("You discarded 🍋4", "Bob called pon ☀️ ☀️ *🍑1"), in the game's words, and a line
//! for a round that ended. Only what the moves themselves reveal is shown: a draw never names
//! its card.

use super::label::MatchLabel;
use super::table::origin_mark;
use crate::games::interface::seat::Seat;
use crate::games::interface::Concession;
use crate::games::interface::{RoundResult, Shows};
use crate::i18n::{tr, tr_args, Lang};
use crate::service::{Move, Origin};

/// One line per committed move, oldest first, as `viewer` may see them. A claim shows the
/// whole group when the discard it took is among `moves`.
pub fn news<G: Shows>(
    moves: &[(Seat, Move<G::Action>, Origin)],
    viewer: Seat,
    label: &MatchLabel,
) -> Vec<String> {
    let pen = label.pen();
    let mut before = None;
    let mut out = Vec::with_capacity(moves.len());
    for (seat, mv, origin) in moves {
        if matches!(*mv, Move::Play(action) if *seat != viewer && !G::told_to_others(action)) {
            continue;
        }
        let who = who(*seat, viewer, label);
        let line = match *mv {
            Move::Play(action) => {
                let words = G::news_words(action, before).and("who", who.into());
                pen.words(&words)
            }
            Move::Concede(why) => concede_line(why, &who, label.lang),
        };
        out.push(format!("{line}{}", origin_mark(*origin, label.lang)));
        before = match *mv {
            Move::Play(action) => Some(action),
            Move::Concede(_) => None,
        };
    }
    out
}

/// The newest move among `moves` that a teaching table's **Why?** explains: a computer's
/// move told to everyone (a pass in a claim window is not told, so it is not explained
/// either). `first_step` is the version the first of `moves` produced; the answer is the
/// version that move produced, as the button names it.
pub fn why_step<G: Shows>(
    moves: &[(Seat, Move<G::Action>, Origin)],
    first_step: i64,
) -> Option<i64> {
    moves
        .iter()
        .enumerate()
        .rev()
        .find(|(_, (_, mv, origin))| {
            *origin == Origin::Computer
                && matches!(*mv, Move::Play(action) if G::told_to_others(action))
        })
        .map(|(i, _)| first_step + i as i64)
}

/// One line about a finished round: its number, how it ended and what the winner scored.
pub fn round_news(result: &RoundResult, label: &MatchLabel) -> String {
    label.pen().words(&result.news)
}

/// "You" for the viewer, the player's name otherwise.
fn who(seat: Seat, viewer: Seat, label: &MatchLabel) -> String {
    if seat == viewer {
        tr(label.lang, "news-you")
    } else {
        label.name(seat).to_string()
    }
}

fn concede_line(why: Concession, who: &str, lang: Lang) -> String {
    let key = match why {
        Concession::Forfeit => "news-forfeit",
        Concession::Resigned => "news-resigned",
    };
    tr_args(lang, key, &[("who", who.to_string().into())])
}

/// What a player's hand says happened since it was last shown: the moves, then a line for
/// each of the `ended` latest rounds of the game (their results, before the next deal).
pub fn since_shown<G: Shows>(
    moves: &[(Seat, Move<G::Action>, Origin)],
    ended: usize,
    state: &G::State,
    viewer: Seat,
    label: &MatchLabel,
) -> Vec<String> {
    let mut lines = news::<G>(moves, viewer, label);
    let played = G::rounds_played(state);
    lines.extend(
        (played.saturating_sub(ended)..played)
            .filter_map(|i| G::round_result(state, i))
            .map(|r| round_news(&r, label)),
    );
    lines
}

/// How many rounds these events ended.
pub fn rounds_ended<'a, G: Shows>(events: impl IntoIterator<Item = &'a G::Event>) -> usize {
    events.into_iter().filter(|e| G::ends_round(e)).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::interface::prelude::*;
    use crate::games::interface::seat::PerSeat;
    use crate::games::registry::{GameId, Momojan, Shogi};

    fn label(game: GameId, lang: Lang) -> MatchLabel {
        MatchLabel {
            match_id: crate::service::MatchId(7),
            game,
            version: 3,
            names: PerSeat::new("Alice".into(), "Bob".into()),
            mentions: PerSeat::new("<@1>".into(), "<@2>".into()),
            lang,
            faces: crate::discord::view::pen::Faces::text(),
        }
    }

    /// A move of game `G` by its button code.
    fn play<G: Hosted>(seat: Seat, code: &str) -> (Seat, Move<G::Action>, Origin) {
        let action = G::parse_action(code).unwrap_or_else(|| panic!("{code}"));
        (seat, Move::Play(action), Origin::Player)
    }

    #[test]
    fn why_explains_the_newest_computer_move_told_to_everyone() {
        use crate::games::registry::Riichi;
        let computer = |code| {
            let (seat, mv, _) = play::<Riichi>(Seat::ONE, code);
            (seat, mv, Origin::Computer)
        };
        let mine = play::<Riichi>(Seat::ZERO, "pass");
        // Versions 10, 11, 12: the computer's pass (told to nobody) is skipped.
        let moves = vec![computer("tsumo"), mine, computer("pass")];
        assert_eq!(why_step::<Riichi>(&moves, 10), Some(10));
        // A player's own moves are never explained.
        assert_eq!(why_step::<Riichi>(&[mine], 4), None);
        assert_eq!(why_step::<Riichi>(&[], 4), None);
    }

    #[test]
    fn a_pass_in_a_riichi_claim_window_is_told_to_its_player_only() {
        use crate::games::registry::Riichi;
        let moves = vec![play::<Riichi>(Seat::ONE, "pass")];
        let label = label(GameId::Riichi, Lang::En);
        assert!(news::<Riichi>(&moves, Seat::ZERO, &label).is_empty());
        assert_eq!(news::<Riichi>(&moves, Seat::ONE, &label).len(), 1);
    }

    #[test]
    fn the_viewer_is_you_and_the_opponent_is_named() {
        let mut moves = vec![play::<Momojan>(Seat::ZERO, "discard-l4")];
        let (seat, mv, _) = play::<Momojan>(Seat::ONE, "riichi-p1");
        moves.push((seat, mv, Origin::Timeout));
        let lines = news::<Momojan>(&moves, Seat::ZERO, &label(GameId::Momojan, Lang::En));
        assert_eq!(lines[0], "You discarded 🍋4");
        assert!(lines[1].starts_with("Bob "), "{}", lines[1]);
        assert!(lines[1].contains("🍑1") && lines[1].ends_with('⏰'));
        // And the other way round.
        let theirs = news::<Momojan>(&moves, Seat::ONE, &label(GameId::Momojan, Lang::En));
        assert!(theirs[0].starts_with("Alice discarded"));
    }

    #[test]
    fn a_pon_after_the_discard_it_took_shows_the_whole_set() {
        let moves = [
            play::<Momojan>(Seat::ZERO, "discard-p1"),
            play::<Momojan>(Seat::ONE, "pon-Sun-Sun"),
        ];
        let lines = news::<Momojan>(&moves, Seat::ZERO, &label(GameId::Momojan, Lang::En));
        assert_eq!(lines[1], "Bob called pon \\*🍑1 ☀️ ☀️");
        // A dragon set shows its merged pawn, the claimed piece marked.
        let moves = [
            play::<Shogi>(Seat::ZERO, "discard-FU"),
            play::<Shogi>(Seat::ONE, "pon-KA-KA"),
        ];
        let lines = news::<Shogi>(&moves, Seat::ZERO, &label(GameId::Shogi, Lang::Ja));
        assert_eq!(lines[1], "Bobがポン 角 角 \\*歩");
    }

    #[test]
    fn a_draw_never_names_its_card() {
        let moves = [play::<Momojan>(Seat::ONE, "draw-2")];
        for lang in Lang::ALL {
            let line = news::<Momojan>(&moves, Seat::ZERO, &label(GameId::Momojan, lang)).remove(0);
            assert!(line.contains('C') && line.contains("Bob"), "{line}");
        }
    }

    /// Every move of both games has a line in both languages, naming its player.
    #[test]
    fn every_move_has_a_line_in_both_languages() {
        fn each<G: Hosted>(game: GameId, codes: &[&str]) {
            let mut moves: Vec<_> = codes.iter().map(|c| play::<G>(Seat::ONE, c)).collect();
            moves.push((
                Seat::ONE,
                Move::Concede(Concession::Resigned),
                Origin::Resign,
            ));
            for lang in Lang::ALL {
                for line in news::<G>(&moves, Seat::ZERO, &label(game, lang)) {
                    assert!(line.contains("Bob"), "{line}");
                    assert!(!line.contains("news-"), "a missing message: {line}");
                }
            }
        }
        each::<Momojan>(
            GameId::Momojan,
            &[
                "draw-0",
                "draw3",
                "pon-Dog-Dog",
                "chi-l1-l3",
                "kai-l1-l2-l3",
                "kan-Dog-Dog-Dog-Dog",
                "ron",
                "tsumo",
                "pass",
            ],
        );
        each::<Shogi>(
            GameId::Shogi,
            &[
                "draw",
                "pon-KY-KY",
                "minkan-KI",
                "ankan-GI",
                "kakan-KE",
                "ron",
                "tsumo",
                "discard-FU",
                "riichi-HI",
                "pass",
            ],
        );
    }
}
