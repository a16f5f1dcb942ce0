//! Every game's highlights, through the registry: enough kinds (riichi ten, every other game
//! three), each worded in English and Japanese, and over complete self-played games every
//! line is of a listed kind, names only seats at the table, and a round line comes only after
//! its round.

use std::collections::HashSet;

use momojan::games::drivers::highlight_counts;
use momojan::games::interface::{Category, Say};
use momojan::games::registry::{with_game, GameId};
use momojan::i18n::{keys, Lang};

/// The message of a kind, as each game's lines name it.
fn key(game: GameId, kind: &str) -> String {
    format!("{}-hl-{}", game.id(), kind.replace('_', "-"))
}

#[test]
fn every_game_has_its_kinds_worded_in_both_languages() {
    let en: HashSet<String> = keys(Lang::En).into_iter().collect();
    let ja: HashSet<String> = keys(Lang::Ja).into_iter().collect();
    for game in GameId::ALL {
        let kinds = with_game!(game, G => G::KINDS);
        let least = if game == GameId::Riichi { 10 } else { 3 };
        assert!(kinds.len() >= least, "{game}: {} kinds", kinds.len());
        let ids: HashSet<&str> = kinds.iter().map(|k| k.id).collect();
        assert_eq!(ids.len(), kinds.len(), "{game}: a kind is listed twice");
        for kind in kinds {
            let key = key(game, kind.id);
            assert!(en.contains(&key), "{key} is not in English");
            assert!(ja.contains(&key), "{key} is not in Japanese");
            // The board names each kind in a few words.
            let short = format!("hl-kind-{}", kind.id.replace('_', "-"));
            assert!(en.contains(&short) && ja.contains(&short), "{short}");
        }
        // The board's three columns each have a kind in every game.
        for c in Category::ALL {
            let has = kinds.iter().any(|k| k.category == c);
            assert!(has, "{game} has no {} kind", c.id());
        }
    }
}

#[test]
fn self_played_games_give_listed_lines_about_seated_players() {
    for game in GameId::ALL {
        let seats = *game.seat_counts().last().expect("a table size");
        for seed in 0..3 {
            let counted = with_game!(game, G => highlight_counts::count::<G>(seats, seed, None));
            let kinds = with_game!(game, G => G::KINDS);
            for kind in counted.recap_kinds.keys().chain(counted.round_kinds.keys()) {
                assert!(
                    kinds.iter().any(|k| k.id == *kind),
                    "{game}: {kind} is not listed"
                );
            }
            assert!(counted.recap_len <= momojan::games::interface::RECAP_MAX);
        }
    }
}

/// A line's players are all at the table: a `Say::Player` of a seat that does not exist would
/// show a wrong name.
#[test]
fn lines_name_only_seats_at_the_table() {
    use momojan::games::drivers::random_play;
    for game in GameId::ALL {
        for &seats in game.seat_counts() {
            with_game!(game, G => {
                let mut last = None;
                random_play::play_checked::<G>(7, seats, &Default::default(), |s| {
                    last = Some(s.clone());
                });
                let state = last.expect("a game");
                let mut lines = G::game_highlights(&state);
                for r in 0..G::rounds_played(&state) {
                    lines.extend(G::round_highlights(&state, r));
                }
                for h in lines {
                    assert!(h.seats.iter().all(|s| seats.has(*s)), "{game}: {h:?}");
                    for (_, say) in &h.words.args {
                        if let Say::Player(s) = say {
                            assert!(seats.has(*s), "{game}: {h:?}");
                        }
                    }
                }
            });
        }
    }
}
