//! View tests: every state of many played games of every game fits Discord's limits, the hand
//! offers exactly the legal actions, the opponent's concealed pieces never show, and the
//! largest states the rules allow still fit. MOMOJAN's and shogi mahjong's own words (claims,
//! riichi waits, the marked discard) are checked on states built from their engines.

use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Opponent, BOTH};
use std::collections::BTreeSet;

use momojan::discord::ids::{ButtonKind, GameButton};
use momojan::discord::view::model::{Button, Row, Style};
use momojan::discord::view::pen::{Faces, Pen, CALLED_MARK, LAST_MARK};
use momojan::discord::view::{
    game_result, hand, news, round_summary, table, with_round_highlights, HandExtras, MatchLabel,
    Message, TableInfo,
};
use momojan::games::drivers::seeded::Seeded;
use momojan::games::interface::seat::{PerSeat, Seat, SeatCount};
use momojan::games::interface::Hosted;
use momojan::games::interface::{recap, Budget, Level, RECAP_MAX};
use momojan::games::interface::{Group, GroupKind, Shows};
use momojan::games::momojan::card::parse_cards;
use momojan::games::momojan::meld::{Meld, MeldSource};
use momojan::games::momojan::round::{Discard, Phase};
use momojan::games::momojan::shape::classify;
use momojan::games::momojan::shown::piece;
use momojan::games::momojan::{Action, Card, CardCounts, Game, RuleOptions};
use momojan::games::registry::{Beginners, GameId, Mining, Momojan, Riichi, Shogi};
use momojan::i18n::{tr, Lang};
use momojan::service::{Move, Origin};
use rand::{Rng, SeedableRng};

fn names() -> PerSeat<String> {
    names_at(SeatCount::TWO)
}

/// The longest names Discord allows (32 characters), to test the worst case, at a table of
/// `seats`.
fn names_at(seats: SeatCount) -> PerSeat<String> {
    PerSeat::from_fn(seats, |s| ["A", "B", "C", "D"][s.index()].repeat(32))
}

fn label(names: &PerSeat<String>) -> MatchLabel {
    label_in(names, Lang::En)
}

fn label_in(names: &PerSeat<String>, lang: Lang) -> MatchLabel {
    game_label(GameId::Momojan, names, lang)
}

fn game_label(game: GameId, names: &PerSeat<String>, lang: Lang) -> MatchLabel {
    MatchLabel {
        match_id: momojan::service::MatchId(i64::MAX),
        game,
        version: i64::MAX,
        names: names.clone(),
        mentions: names.map(|s, _| format!("<@{}>", s.index() + 1)),
        lang,
        faces: Faces::text(),
    }
}

/// One MOMOJAN card as text: `🍋5`.
fn card(c: Card) -> String {
    piece(c).text
}

/// MOMOJAN cards separated by spaces.
fn cards(list: &[Card]) -> String {
    list.iter().map(|&c| card(c)).collect::<Vec<_>>().join(" ")
}

/// A called card in plain text: `*🍑1`.
fn called(c: Card) -> String {
    format!("{CALLED_MARK}{}", card(c))
}

/// The whole set a MOMOJAN claim makes, in plain text, the claimed card marked.
fn claimed_set(hand_cards: &[Card], claimed: Card) -> String {
    let mut all = hand_cards.to_vec();
    all.push(claimed);
    all.sort();
    let group = Group {
        marked: all.iter().position(|&c| c == claimed),
        pieces: all.iter().map(|&c| piece(c)).collect(),
        kind: GroupKind::Concealed,
    };
    let names = names();
    let faces = Faces::text();
    let pen = Pen {
        lang: Lang::En,
        game: GameId::Momojan,
        names: &names,
        faces: &faces,
        markdown: false,
    };
    pen.group(&group)
}

/// The MOMOJAN hand message of `view`.
fn momojan_hand(
    view: &momojan::games::momojan::view::SeatView,
    label: &MatchLabel,
    extras: &HandExtras,
) -> Message {
    hand(&Momojan::hand(view), label, extras)
}

/// Every enabled action a message offers, read back from the ids it carries.
fn offered_actions(message: &Message) -> BTreeSet<Action> {
    offered::<Momojan>(message)
        .iter()
        .map(|code| Momojan::parse_action(code).expect("a MOMOJAN code"))
        .collect()
}

/// Every enabled action of game `G` a message offers, read back from the ids it carries, as
/// its codes.
fn offered<G: Hosted>(message: &Message) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut add = |id: &str| {
        if let Ok(GameButton {
            kind: ButtonKind::Act(a),
            ..
        }) = id.parse()
        {
            let action = G::parse_action(a.as_str()).expect("a code of the game");
            out.insert(G::action_code(action));
        }
    };
    for row in &message.rows {
        match row {
            Row::Buttons(buttons) => buttons
                .iter()
                .filter(|b| !b.disabled)
                .for_each(|b| add(&b.id)),
            Row::Select { options, .. } => options.iter().for_each(|o| add(&o.value)),
        }
    }
    out
}

/// The name an English reader needs beside a face's art: shogi mahjong's pieces, MOMOJAN's
/// animals and riichi's honors show a kanji (歩, 犬, 東); a fruit with its number, the sun and
/// the moon, a suit tile say what they are.
fn name_beside_art(game: GameId, face: &str) -> Option<&'static str> {
    let romaji = [
        ("FU", "fu"),
        ("KY", "kyo"),
        ("KE", "kei"),
        ("GI", "gin"),
        ("KI", "kin"),
        ("KA", "kaku"),
        ("HI", "hi"),
        ("GY", "gyoku"),
    ];
    let animals = [
        ("Dog", "dog"),
        ("Monkey", "monkey"),
        ("Pheasant", "pheasant"),
    ];
    // Riichi's honors show their kanji; its suit tiles a number and the suit's mark.
    let honors = [
        ("1z", "East"),
        ("2z", "South"),
        ("3z", "West"),
        ("4z", "North"),
        ("5z", "White"),
        ("6z", "Green"),
        ("7z", "Red"),
    ];
    let names: &[(&str, &str)] = match game {
        GameId::Shogi => &romaji,
        GameId::Riichi | GameId::Mining => &honors,
        _ => &animals,
    };
    names.iter().find(|(f, _)| *f == face).map(|(_, n)| *n)
}

/// Every piece `message` shows as [`LongArt`] has its name after it for English readers where
/// the art does not say what it is, or the same piece next to it (a run is named once, after
/// its last piece); a discard button with art has it as its label. Japanese readers see no
/// name. Returns how many pieces it showed as art.
fn names_beside_art(game: GameId, lang: Lang, message: &Message) -> usize {
    let text = message.all_text();
    let mut shown = 0;
    for (at, _) in text.match_indices("<:") {
        let rest = &text[at + 2..];
        let end = rest.find('>').expect("an emoji's end");
        let face = rest[..end].split(':').next().unwrap().trim_end_matches('_');
        let after = &rest[end + 1..];
        // What follows a piece's marks (struck, riichi, called, claimable) and its space.
        let mut next = after;
        while let Some(rest) = ["~~", " ", "\\*", "*", "🔒", "👉"]
            .iter()
            .find_map(|mark| next.strip_prefix(mark))
        {
            next = rest;
        }
        let same_next = next.starts_with(&format!("<:{face}_"));
        match (lang, name_beside_art(game, face)) {
            (Lang::En, Some(name)) => assert!(
                after.starts_with(&format!("({name})")) || same_next,
                "{game} {face} without its name: {after:.40}"
            ),
            _ => assert!(
                !after.starts_with('('),
                "{game} {lang:?} {face}: {after:.40}"
            ),
        }
        shown += 1;
    }
    for row in &message.rows {
        let Row::Buttons(buttons) = row else { continue };
        for b in buttons.iter().filter(|b| b.id.contains(":discard-")) {
            let Some((_, emoji)) = &b.emoji else { continue };
            let face = emoji.trim_end_matches('_');
            let wanted = match lang {
                Lang::En => name_beside_art(game, face).unwrap_or(""),
                Lang::Ja => "",
            };
            assert_eq!(b.label, wanted, "{game} {lang:?}: the discard of {face}");
            shown += 1;
        }
    }
    shown
}

/// Every message of one state of game `G` fits Discord's limits in both languages, and each
/// seat's hand offers exactly its legal actions.
fn check_views<G: Hosted>(
    faces: &Faces,
    game: GameId,
    state: &G::State,
    recent: &[String],
    moves: &[(Seat, Move<G::Action>, Origin)],
) {
    let seats = G::seat_count(state);
    let names = names_at(seats);
    let info = TableInfo {
        recent: recent.to_vec(),
        deadline: Some(4_102_444_800),
        banks: PerSeat::from_fn(seats, |s| if s == Seat::ZERO { 300 } else { 0 }),
        away: PerSeat::from_fn(seats, |s| s == Seat::ONE),
        commitment: Some("f".repeat(64)),
        watchable: true,
        cancelled: false,
    };
    for lang in Lang::ALL {
        let label = game_label(game, &names, lang).with_faces(faces);
        let board = G::board(state);
        let message = table(&board, &label, &info);
        message
            .check_limits()
            .unwrap_or_else(|e| panic!("{game} table in {lang:?}: {e}"));
        names_beside_art(game, lang, &message);
        for seat in seats.seats() {
            let view = G::view(state, seat);
            let shown = G::hand(&view);
            // The hand's table is the public one: nothing of the other seat is in it.
            assert_eq!(shown.board, board, "the hand's table is the public table");
            let extras = HandExtras {
                deadline: Some(4_102_444_800),
                news: news::<G>(moves, seat, &label),
                away: false,
                // Seat 0 has every switch on, the others every switch off.
                auto: G::auto_switches()
                    .iter()
                    .map(|s| (*s, seat == Seat::ZERO))
                    .collect(),
                teach: None,
                // A teaching hand's Why? with the longest id, beside the switches.
                why: Some(i64::MAX),
            };
            // A player away is offered their seat back, and nothing else.
            let away = hand(
                &shown,
                &label,
                &HandExtras {
                    away: true,
                    ..extras.clone()
                },
            );
            away.check_limits().unwrap();
            if board.over.is_none() {
                let buttons: Vec<&Button> = away
                    .rows
                    .iter()
                    .flat_map(|r| match r {
                        Row::Buttons(b) => b.iter().collect(),
                        _ => Vec::new(),
                    })
                    .collect();
                assert_eq!(away.rows.len(), 1, "{:?}", away.rows);
                assert!(buttons.len() == 1 && buttons[0].id.ends_with(":back"));
            }
            let message = hand(&shown, &label, &extras);
            message
                .check_limits()
                .unwrap_or_else(|e| panic!("{game} hand in {lang:?}: {e}\n{message:#?}"));
            // A teaching hand (issue 39) adds a hint per choice and the computer's suggestion,
            // and still fits: a riichi hand of 14 tiles among these states.
            let teach =
                momojan::discord::view::hand::teaching::<G>(true, &view, &Default::default());
            if let Some(teaching) = teach {
                assert_eq!(
                    teaching.hints.len(),
                    shown.choices.len(),
                    "a hint per choice"
                );
                let taught = hand(
                    &shown,
                    &label,
                    &HandExtras {
                        teach: Some(teaching),
                        ..extras.clone()
                    },
                );
                taught
                    .check_limits()
                    .unwrap_or_else(|e| panic!("{game} teaching hand in {lang:?}: {e}"));
                let text = taught.all_text();
                assert!(text.contains(&tr(lang, "hand-teach-title")), "{text}");
            }
            names_beside_art(game, lang, &message);
            assert!(message.ephemeral);
            // The switches have a row of their own whenever the actions leave one.
            let switches = |row: &Row| match row {
                Row::Buttons(b) => b.iter().filter(|b| b.id.contains(":auto-")).count(),
                Row::Select { .. } => 0,
            };
            let shown_switches: usize = message.rows.iter().map(switches).sum();
            let action_rows = message.rows.iter().filter(|r| switches(r) == 0).count();
            if board.over.is_none() && action_rows < 5 {
                assert_eq!(shown_switches, G::auto_switches().len(), "{game}");
            }
            let legal: BTreeSet<String> = G::view_actions(&view)
                .iter()
                .map(|&a| G::action_code(a))
                .collect();
            assert_eq!(
                offered::<G>(&message),
                legal,
                "the hand offers exactly the legal actions"
            );
            let text = message.all_text();
            assert!(!text.contains("shogi-") && !text.contains("act-"), "{text}");
        }
    }
}

/// Plays `games` whole games of `G` at each of its table sizes with random legal actions,
/// checking every state's messages, every round's summary and the result.
fn every_state_fits<G: Hosted>(game: GameId, games: u64, faces: &Faces) {
    for seats in G::SEATS {
        every_state_fits_at::<G>(game, *seats, games, faces);
    }
}

fn every_state_fits_at<G: Hosted>(game: GameId, seats: SeatCount, games: u64, faces: &Faces) {
    let names = names_at(seats);
    for seed in 0..games {
        let mut deck_seed = [0u8; 32];
        deck_seed[..8].copy_from_slice(&seed.to_le_bytes());
        let seed_: momojan::games::interface::deal::DeckSeed = deck_seed;
        let (mut state, _) = G::start(&seed_, seats, Seat::ZERO, G::Options::default());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut recent = Vec::new();
        let mut moves = Vec::new();
        loop {
            let acting = G::to_act(&state).seats();
            if acting.is_empty() {
                break;
            }
            let seat = acting
                .iter()
                .nth(rng.random_range(0..acting.len()))
                .unwrap();
            check_views::<G>(faces, game, &state, &recent, &moves);
            let legal = G::legal_actions(&state, seat);
            let action = legal[rng.random_range(0..legal.len())];
            let rounds = G::rounds_played(&state);
            G::apply(&mut state, &seed_, seat, action).unwrap();
            moves.push((seat, Move::Play(action), Origin::Player));
            let label = game_label(game, &names, Lang::Ja);
            let words = G::action_words(action);
            recent.push(format!("{} — {}", names[seat], label.pen().words(&words)));
            if G::rounds_played(&state) > rounds {
                // A new round: earlier actions named pieces that have been reshuffled.
                recent.clear();
                moves.clear();
                let result = G::round_result(&state, rounds).expect("the round ended");
                let proof = G::deal_proof(&seed_, rounds as u32, &G::Options::default());
                // The round's highlight lines join its summary (up to two, as the host
                // posts them), worded in each language: no key shows as itself.
                let lines: Vec<_> = recap(G::round_highlights(&state, rounds), &[], 2)
                    .into_iter()
                    .map(|h| h.words)
                    .collect();
                for lang in Lang::ALL {
                    let label = game_label(game, &names, lang).with_faces(faces);
                    let summary = round_summary(&result, &label, Some(&proof));
                    let summary = with_round_highlights(summary, &lines, &label);
                    summary.check_limits().unwrap();
                    assert!(!summary.all_text().contains("-hl-"));
                    names_beside_art(game, lang, &summary);
                    let text = summary.all_text();
                    // The summary shows the short commitment; "Check deal" the whole proof.
                    assert!(text.contains(&proof.commitment[..16]));
                    assert!(!text.contains(&proof.deck));
                    assert!(!text.contains("shogi-") && !text.contains("sum-"), "{text}");
                }
                let check =
                    momojan::discord::view::summary::deal_check(&proof, rounds as u32, Lang::Ja);
                check.check_limits().unwrap();
                assert!(check.all_text().contains(&proof.deck));
            }
        }
        check_views::<G>(faces, game, &state, &recent, &moves);
        let finish = G::finish(&state).unwrap();
        let recap_lines: Vec<_> = recap(G::game_highlights(&state), &[], RECAP_MAX)
            .into_iter()
            .map(|h| h.words)
            .collect();
        for lang in Lang::ALL {
            let result = game_result(
                (finish.winner(), finish.reason),
                &finish.balances.to_vec(),
                (&G::result_lines(&state), &recap_lines),
                &game_label(game, &names, lang).with_faces(faces),
            );
            result.check_limits().unwrap();
            let text = result.all_text();
            assert!(!text.contains("-hl-"), "{text}");
            assert!(text.contains(&names[finish.winner()]));
            assert!(!text.contains("shogi-") && !text.contains("end-"), "{text}");
        }
    }
}

/// A test per game (side by side: each plays whole games in a debug build).
mod every_state_of_played_games_fits_and_offers_exactly_the_legal_actions {
    use super::*;

    #[test]
    fn momojan() {
        every_state_fits::<Momojan>(GameId::Momojan, 6, &Faces::text());
    }

    #[test]
    fn shogi() {
        every_state_fits::<Shogi>(GameId::Shogi, 6, &Faces::text());
    }

    #[test]
    fn riichi() {
        every_state_fits::<Riichi>(GameId::Riichi, 2, &Faces::text());
    }

    #[test]
    fn beginners() {
        every_state_fits::<Beginners>(GameId::Beginners, 6, &Faces::text());
    }

    #[test]
    fn mining() {
        every_state_fits::<Mining>(GameId::Mining, 1, &Faces::text());
    }

    /// Every hosted game has its test above.
    #[test]
    fn every_hosted_game_has_its_test() {
        let tested = [
            GameId::Momojan,
            GameId::Shogi,
            GameId::Riichi,
            GameId::Beginners,
            GameId::Mining,
        ];
        assert_eq!(tested.as_slice(), GameId::HOSTED.as_slice());
    }
}

/// Card art as long as Discord's: every face a custom emoji of a 32-character name and a
/// 19-digit id (`<:…:…>`, 55 characters, more than the 30 or so real ones take).
struct LongArt;

impl momojan::discord::view::pen::FaceArt for LongArt {
    fn inline(&self, _: GameId, face: &str) -> Option<String> {
        let (id, name) = self.button(GameId::Momojan, face)?;
        Some(format!("<:{name}:{id}>"))
    }

    fn button(&self, _: GameId, face: &str) -> Option<(u64, String)> {
        Some((u64::MAX / 2, format!("{face:_<32}")))
    }
}

/// Card art as long as Discord's, a test per game (side by side, as above).
mod with_card_art_every_state_still_fits_discords_limits {
    use super::*;

    fn art() -> Faces {
        Faces::art(std::sync::Arc::new(LongArt))
    }

    #[test]
    fn momojan() {
        every_state_fits::<Momojan>(GameId::Momojan, 3, &art());
    }

    #[test]
    fn shogi() {
        every_state_fits::<Shogi>(GameId::Shogi, 3, &art());
    }

    #[test]
    fn riichi() {
        every_state_fits::<Riichi>(GameId::Riichi, 1, &art());
    }

    #[test]
    fn beginners() {
        every_state_fits::<Beginners>(GameId::Beginners, 3, &art());
    }

    #[test]
    fn mining() {
        every_state_fits::<Mining>(GameId::Mining, 1, &art());
    }
}

#[test]
fn with_card_art_messages_that_fit_keep_their_art() {
    let art = Faces::art(std::sync::Arc::new(LongArt));
    // Messages that fit keep their art: a hand of the first deal, its discard buttons too.
    for game in GameId::HOSTED {
        momojan::games::registry::with_game!(game, G => {
            let seats = G::SEATS[0];
            let names = names_at(seats);
            let (mut state, _) = G::start(&[9; 32], seats, Seat::ZERO, Default::default());
            let first_acting = |s: &<G as Play>::State| G::to_act(s).first().unwrap();
            // Up to the first choice with a plain discard (MOMOJAN draws first).
            let has_discard = |s: &<G as Play>::State| {
                G::legal_actions(s, first_acting(s))
                    .iter()
                    .any(|a| G::action_code(*a).starts_with("discard-"))
            };
            while !has_discard(&state) {
                let seat = first_acting(&state);
                let first = G::legal_actions(&state, seat)[0];
                G::apply(&mut state, &[9; 32], seat, first).unwrap();
            }
            let seat = first_acting(&state);
            let label = game_label(game, &names, Lang::En).with_faces(&art);
            let message = hand(&G::hand(&G::view(&state, seat)), &label, &HandExtras::default());
            assert!(message.all_text().contains("<:"), "{game}: no art in the hand");
            assert!(names_beside_art(game, Lang::En, &message) > 0);
            let with_emoji = message.rows.iter().any(|r| {
                matches!(r, Row::Buttons(b) if b.iter().any(|b| b.emoji.is_some()))
            });
            assert!(with_emoji, "{game}: discard buttons show the piece's art");
        });
    }
}

fn meld(source: MeldSource, text: &str) -> Meld {
    let cards = parse_cards(text).unwrap();
    let called = source.is_call().then_some(cards[0]);
    Meld::new(source, classify(&cards).unwrap(), &cards, called)
}

#[test]
fn the_largest_table_fits() {
    let (mut game, _) =
        Seeded::<Momojan>::start([1; 32], SeatCount::TWO, Seat::ZERO, RuleOptions::default());
    let round = game.game.round.as_mut().unwrap();
    // Far more than a round allows: seven open sets each (kan included) and 20 discards each.
    for seat in BOTH {
        let p = &mut round.players[seat];
        p.melds = vec![
            meld(MeldSource::Kan, "Dog Dog Dog Dog"),
            meld(MeldSource::Pon, "Moon Moon l1"),
            meld(MeldSource::Chi, "l7 l8 l9"),
            meld(MeldSource::Kai, "p4 o5 o6"),
            meld(MeldSource::Pon, "Pheasant Pheasant Pheasant"),
            meld(MeldSource::Kai, "s1 s2 s3"),
            meld(MeldSource::Chi, "o7 o8 o9"),
        ];
        p.discards = (0..20)
            .map(|i| Discard {
                card: Card::SUN,
                riichi: i == 3,
                claimed: i % 4 == 0,
            })
            .collect();
        p.riichi = true;
    }
    round.kan_made = true;
    let recent: Vec<String> = (0..50)
        .map(|i| format!("{} — Riichi 🍓9 {i}", "X".repeat(32)))
        .collect();
    let names = names();
    let info = TableInfo {
        recent,
        deadline: Some(i64::MAX),
        banks: PerSeat::new(i64::MAX, i64::MAX),
        away: PerSeat::new(true, true),
        commitment: Some("f".repeat(64)),
        watchable: true,
        cancelled: false,
    };
    let table = table(&Momojan::board(&game.game), &label(&names), &info);
    table.check_limits().unwrap();
}

#[test]
fn a_dense_hand_offers_every_opening_with_its_cards() {
    let (mut game, _) =
        Seeded::<Momojan>::start([1; 32], SeatCount::TWO, Seat::ZERO, RuleOptions::default());
    let round = game.game.round.as_mut().unwrap();
    // Eight cards with many sets among them, right after a draw: every kai is offered.
    let hand_cards = parse_cards("p1 p2 p3 l1 l2 l3 o1 o2").unwrap();
    round.players[Seat::ZERO].hand = CardCounts::from_cards(&hand_cards);
    round.phase = Phase::AfterDraw {
        seat: Seat::ZERO,
        drawn: hand_cards[7],
        three: false,
    };
    let view = game.game.seat_view(Seat::ZERO);
    let kai: Vec<Action> = view
        .legal_actions
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Kai { .. }))
        .collect();
    assert!(kai.len() > 5, "{} kai options", kai.len());
    let names = names();
    let message = momojan_hand(&view, &label(&names), &HandExtras::default());
    message.check_limits().unwrap();
    let legal: BTreeSet<Action> = view.legal_actions.iter().copied().collect();
    assert_eq!(offered_actions(&message), legal);
    for a in kai {
        let Action::Kai { cards: c } = a else {
            unreachable!()
        };
        let (text, style) = shown(&message, a).unwrap();
        assert!(text.contains(&cards(&c)), "{text}");
        assert_eq!(style, Some(Style::Primary));
    }
}

/// The label (with an option's description) and the colour (`None` for an option) of the
/// button or option that takes `action`.
fn shown(message: &Message, action: Action) -> Option<(String, Option<Style>)> {
    let is = |id: &str| matches!(id.parse::<GameButton>(), Ok(GameButton { kind: ButtonKind::Act(a), .. }) if Momojan::parse_action(a.as_str()) == Some(action));
    message.rows.iter().find_map(|row| match row {
        Row::Buttons(buttons) => buttons
            .iter()
            .find(|b| is(&b.id))
            .map(|b| (b.label.clone(), Some(b.style))),
        Row::Select { options, .. } => options
            .iter()
            .find(|o| is(&o.value))
            .map(|o| (format!("{} {}", o.label, o.description), None)),
    })
}

/// Every state of games played from several seeds by random players and by the easy computer
/// (the greedy player, from each seat's own view), with the game at its end last for each seed.
fn played_games(seeds: u64) -> Vec<Game> {
    let mut out = Vec::new();
    for seed in 0..seeds {
        let mut deck_seed = [7u8; 32];
        deck_seed[..8].copy_from_slice(&seed.to_le_bytes());
        let (mut game, _) =
            Seeded::<Momojan>::start(deck_seed, SeatCount::TWO, Seat::ONE, RuleOptions::default());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 100);
        while let Some(seat) = game.game.to_act() {
            out.push(game.game.clone());
            let legal = game.game.legal_actions();
            let action = if seed % 2 == 0 {
                legal[rng.random_range(0..legal.len())]
            } else {
                let view = game.game.seat_view(seat);
                Momojan::decide(
                    Level::Easy,
                    &view,
                    &game.game.options,
                    Budget::default(),
                    seed,
                )
                .expect("a seat to act has a choice")
            };
            game.apply(seat, action).unwrap();
        }
        out.push(game.game.clone());
    }
    out
}

/// The acting seat's view and hand message of every played state.
fn acting_hands(
    games: &[Game],
    lang: Lang,
) -> Vec<(momojan::games::momojan::view::SeatView, Message)> {
    let names = names();
    let label = label_in(&names, lang);
    games
        .iter()
        .filter_map(|g| g.to_act().map(|seat| g.seat_view(seat)))
        .map(|view| {
            let m = momojan_hand(&view, &label, &HandExtras::default());
            (view, m)
        })
        .collect()
}

#[test]
fn claims_show_the_whole_set_they_make_with_the_claimed_card_marked() {
    let games = played_games(12);
    let (mut pons, mut chis) = (0, 0);
    for (view, message) in acting_hands(&games, Lang::En) {
        let claimed = view.public.round.as_ref().and_then(|r| r.claimable);
        for &a in &view.legal_actions {
            let (hand_cards, word) = match a {
                Action::Pon { cards: c } => (c, "Pon "),
                Action::Chi { cards: c } => (c, "Chi "),
                _ => continue,
            };
            if word == "Pon " {
                pons += 1;
            } else {
                chis += 1;
            }
            let claimed = claimed.expect("a claim takes the last discard");
            let (text, style) = shown(&message, a).expect("every claim is offered");
            let set = claimed_set(&hand_cards, claimed);
            assert!(text.starts_with(word), "{text}");
            assert!(text.contains(&set), "{text} lacks {set}");
            assert!(text.contains(&called(claimed)), "{text}");
            assert_eq!(text.matches(CALLED_MARK).count(), 1, "{text}");
            assert!(matches!(style, Some(Style::Primary) | None));
        }
    }
    assert!(pons > 0 && chis > 0, "{pons} pons, {chis} chis seen");
}

#[test]
fn a_chi_lists_the_sequence_in_order_with_the_claimed_middle_card() {
    let c = parse_cards("s1 s3 s2").unwrap();
    assert_eq!(claimed_set(&c[..2], c[2]), "🍓1 *🍓2 🍓3");
}

#[test]
fn button_colours_follow_what_the_action_does() {
    let games = played_games(8);
    let mut seen = BTreeSet::new();
    for (view, message) in acting_hands(&games, Lang::En) {
        for &a in &view.legal_actions {
            let Some((_, Some(style))) = shown(&message, a) else {
                continue;
            };
            let expected = match a {
                Action::Ron | Action::Tsumo => Style::Success,
                Action::Pon { .. }
                | Action::Chi { .. }
                | Action::Kai { .. }
                | Action::Kan { .. } => Style::Primary,
                Action::Draw { .. } | Action::DrawThree | Action::Pass | Action::Discard { .. } => {
                    Style::Secondary
                }
            };
            assert_eq!(style, expected, "{a}");
            seen.insert(a.order_group());
        }
    }
    // Draws, pons, chis, ron/tsumo, discards at least.
    assert!(seen.len() >= 5, "only groups {seen:?} seen");
}

#[test]
fn riichi_choices_list_the_waits_they_leave_with_unseen_counts() {
    let games = played_games(12);
    let mut riichi_seen = 0;
    for lang in Lang::ALL {
        for (view, message) in acting_hands(&games, lang) {
            for &a in &view.legal_actions {
                let Action::Discard {
                    card: discarded,
                    riichi: true,
                } = a
                else {
                    continue;
                };
                riichi_seen += 1;
                let (text, _) = shown(&message, a).expect("every riichi discard is offered");
                assert!(text.contains(&card(discarded)), "{text}");
                let waits = &view
                    .tenpai_discards
                    .iter()
                    .find(|d| d.card == discarded)
                    .expect("a riichi discard keeps the hand tenpai")
                    .waits;
                assert!(!waits.is_empty());
                // A button shows `🍋5×2`; an option's description the tenpai line's words.
                for w in waits.iter().take(3) {
                    let short = format!("{}×{}", card(w.card), w.unseen);
                    let long = momojan::i18n::tr_args(
                        lang,
                        "wait-left",
                        &[("card", card(w.card).into()), ("n", w.unseen.into())],
                    );
                    assert!(
                        text.contains(&short) || text.contains(&long),
                        "{text} lacks {short}"
                    );
                }
            }
            // No riichi toggle any more.
            assert!(!message.rows.iter().any(
                |r| matches!(r, Row::Buttons(b) if b.iter().any(|b| b.id.ends_with(":riichi-on")))
            ));
        }
    }
    assert!(riichi_seen > 0, "no riichi discard in the played games");
}

#[test]
fn the_opponents_last_discard_is_marked_while_claimable_and_their_cards_stay_hidden() {
    let games = played_games(6);
    let mut marked = 0;
    let names = names();
    for game in &games {
        let Some(round) = &game.round else { continue };
        for seat in BOTH {
            let view = game.seat_view(seat);
            let message = momojan_hand(&view, &label(&names), &HandExtras::default());
            let text = message.all_text();
            let theirs = &round.players[seat.opponent()];
            let public = view.public.round.as_ref().unwrap();
            let claimable = public.claimable.is_some() && public.to_act == Some(seat);
            match theirs.discards.last().filter(|d| !d.claimed) {
                Some(last) if claimable => {
                    let lock = if last.riichi { "🔒" } else { "" };
                    let mark = format!("{}{lock}{}", LAST_MARK, card(last.card));
                    assert!(text.contains(&mark), "{mark} not in {text}");
                    marked += 1;
                }
                // Not theirs to claim (their own turn goes on, or they discarded since).
                _ => assert!(!text.contains(LAST_MARK), "{text}"),
            }
            // Number cards are unique: one of the opponent's in the text would be a leak
            // (waits name card kinds, not where they are, so they are left out).
            let shown: Vec<&str> = text
                .lines()
                .filter(|l| !l.starts_with("Tenpai") && !l.contains('→'))
                .collect();
            let shown = shown.join("\n");
            for c in round.players[seat.opponent()].hand.to_vec() {
                if c.is_number() {
                    assert!(!shown.contains(&card(c)), "{c} leaks in {shown}");
                }
            }
            // Only the opponent's pile is marked.
            assert!(text.matches(LAST_MARK).count() <= 1, "{text}");
            assert!(text.contains(&names[Seat::ZERO]) && text.contains(&names[Seat::ONE]));
        }
    }
    assert!(marked > 0);
}

#[test]
fn a_finished_game_shows_game_over_and_the_winner_not_no_round() {
    let games = played_games(4);
    let names = names();
    let finished: Vec<&Game> = games.iter().filter(|g| g.outcome.is_some()).collect();
    assert_eq!(finished.len(), 4);
    for game in finished {
        let winner = &names[game.outcome.unwrap().winner];
        for seat in BOTH {
            let view = game.seat_view(seat);
            let en = momojan_hand(&view, &label(&names), &HandExtras::default());
            let text = en.all_text();
            assert!(text.contains("Game over"), "{text}");
            assert!(text.contains(winner.as_str()), "{text}");
            assert!(!text.contains("No round"), "{text}");
            assert!(en.rows.is_empty());
            let ja = momojan_hand(&view, &label_in(&names, Lang::Ja), &HandExtras::default());
            assert!(!ja
                .all_text()
                .contains(&momojan::i18n::tr(Lang::Ja, "hand-no-round")));
            for balance in game.balances.to_vec() {
                assert!(text.contains(&balance.to_string()));
            }
        }
    }
}

#[test]
fn the_hand_shows_the_round_dora_piles_deadline_and_news() {
    let (game, _) =
        Seeded::<Momojan>::start([5; 32], SeatCount::TWO, Seat::ZERO, RuleOptions::default());
    let names = names();
    let extras = HandExtras {
        deadline: Some(1_900_000_000),
        news: vec!["You discarded 🍋4".into()],
        away: false,
        auto: Vec::new(),
        teach: None,
        why: None,
    };
    let view = game.game.seat_view(Seat::ONE);
    let round = view.public.round.clone().unwrap();
    let message = momojan_hand(&view, &label(&names), &extras);
    let text = message.all_text();
    let indicator = round.dora_indicators[0];
    for part in [
        "<t:1900000000:R>".to_string(),
        "You discarded 🍋4".into(),
        "round 1".into(),
        format!("indicator {}", card(indicator)),
        format!("Piles A {}", round.pile_sizes[0]),
        format!("Waiting for **{}**", names[Seat::ZERO]),
        format!("pot {}", view.public.pot),
        cards(&view.hand),
    ] {
        assert!(text.contains(&part), "{part:?} not in {text}");
    }
    // News comes before the cards.
    assert!(text.find("You discarded").unwrap() < text.find(&cards(&view.hand)).unwrap());
    for lang in Lang::ALL {
        let text = momojan_hand(&view, &label_in(&names, lang), &extras).all_text();
        assert!(!text.contains("hand-") && !text.contains("act-"), "{text}");
    }
}

#[test]
fn when_openings_and_riichi_do_not_fit_as_buttons_they_share_one_select() {
    let (game, _) =
        Seeded::<Momojan>::start([1; 32], SeatCount::TWO, Seat::ZERO, RuleOptions::default());
    let mut view = game.game.seat_view(Seat::ZERO);
    // More choices than any real hand has: eight discards, eight riichi discards, ten kai.
    let c = parse_cards("p1 p2 p3 p4 p5 p6 p7 p8 p9 l1").unwrap();
    let mut legal = vec![Action::Tsumo];
    for &card in &c[..8] {
        legal.push(Action::Discard {
            card,
            riichi: false,
        });
        legal.push(Action::Discard { card, riichi: true });
    }
    for i in 0..8 {
        legal.push(Action::Kai {
            cards: [c[i], c[i + 1], c[i + 2]],
        });
    }
    view.legal_actions = legal;
    let names = names();
    for lang in Lang::ALL {
        let message = momojan_hand(&view, &label_in(&names, lang), &HandExtras::default());
        message.check_limits().unwrap();
        let selects = message
            .rows
            .iter()
            .filter(|r| matches!(r, Row::Select { .. }))
            .count();
        assert_eq!(selects, 1, "one select (they all carry the pick id)");
        let legal: BTreeSet<Action> = view.legal_actions.iter().copied().collect();
        assert_eq!(offered_actions(&message), legal);
    }
}

/// The acting seat's view of every state of `games` random shogi mahjong games.
fn shogi_views(games: u64) -> Vec<momojan::games::shogi::view::SeatView> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut deck_seed = [3u8; 32];
        deck_seed[..8].copy_from_slice(&seed.to_le_bytes());
        let (mut state, _) =
            Shogi::start(&deck_seed, SeatCount::TWO, Seat::ZERO, Default::default());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = Shogi::to_act(&state).first() {
            out.push(Shogi::view(&state, seat));
            let legal = Shogi::legal_actions(&state, seat);
            let action = legal[rng.random_range(0..legal.len())];
            Shogi::apply(&mut state, &deck_seed, seat, action).unwrap();
        }
    }
    out
}

/// The label (with an option's description) of the button or option of `code`.
fn label_of(message: &Message, code: &str) -> Option<String> {
    let is = |id: &str| matches!(id.parse::<GameButton>(), Ok(GameButton { kind: ButtonKind::Act(a), .. }) if a.as_str() == code);
    message.rows.iter().find_map(|row| match row {
        Row::Buttons(buttons) => buttons.iter().find(|b| is(&b.id)).map(|b| b.label.clone()),
        Row::Select { options, .. } => options
            .iter()
            .find(|o| is(&o.value))
            .map(|o| format!("{} {}", o.label, o.description)),
    })
}

#[test]
fn shogi_riichi_choices_show_their_waits_with_unseen_counts_and_warn_of_a_chombo_in_furiten() {
    use momojan::games::shogi::action::Action as ShogiAction;
    use momojan::games::shogi::round::Discard as ShogiDiscard;
    let names = names();
    let mut riichi_seen = 0;
    let mut furiten_seen = 0;
    for mut view in shogi_views(60) {
        let riichi: Vec<ShogiAction> = view
            .legal_actions
            .iter()
            .copied()
            .filter(|a| matches!(a, ShogiAction::Discard { riichi: true, .. }))
            .collect();
        let Some(&first) = riichi.first() else {
            continue;
        };
        for lang in Lang::ALL {
            let label = game_label(GameId::Shogi, &names, lang);
            let message = hand(&Shogi::hand(&view), &label, &HandExtras::default());
            message.check_limits().unwrap();
            let round = view.public.round.as_ref().unwrap();
            let own: Vec<_> = round.players[view.seat]
                .discards
                .iter()
                .map(|d| d.card)
                .collect();
            for &a in &riichi {
                riichi_seen += 1;
                let ShogiAction::Discard { card, .. } = a else {
                    unreachable!()
                };
                let text = label_of(&message, &Shogi::action_code(a)).expect("offered");
                assert!(text.contains('×'), "the waits with unseen counts: {text}");
                // In discard furiten after this discard (a wait discarded, this one
                // included), the choice says it risks a chombo.
                let waits = text.split('→').nth(1).unwrap_or_default().to_string();
                let furiten = momojan::games::shogi::piece::Kind::ALL
                    .into_iter()
                    .filter(|k| waits.contains(k.kanji()))
                    .any(|k| k == card || own.contains(&k));
                let warned = text.contains("chombo") || text.contains("チョンボ");
                assert_eq!(warned, furiten, "{text}");
            }
        }
        // The same hand with a wait already in its own discards: riichi is still offered,
        // and says it risks a chombo.
        let ShogiAction::Discard { card, .. } = first else {
            unreachable!()
        };
        let shown = Shogi::hand(&view);
        let waits_line = label_of(
            &hand(
                &shown,
                &game_label(GameId::Shogi, &names, Lang::En),
                &HandExtras::default(),
            ),
            &Shogi::action_code(first),
        )
        .unwrap();
        let round = view.public.round.as_mut().unwrap();
        let after: Vec<_> = momojan::games::shogi::piece::Kind::ALL
            .into_iter()
            .filter(|k| {
                let waits = waits_line.split('→').nth(1).unwrap_or_default();
                waits.contains(k.kanji())
            })
            .collect();
        let Some(&wait) = after.first() else { continue };
        round.players[view.seat].discards.push(ShogiDiscard {
            card: wait,
            claimed: false,
            riichi: false,
        });
        let message = hand(
            &Shogi::hand(&view),
            &game_label(GameId::Shogi, &names, Lang::En),
            &HandExtras::default(),
        );
        let text = label_of(&message, &Shogi::action_code(first)).unwrap();
        assert!(text.contains("chombo"), "{text}");
        furiten_seen += 1;
        let _ = card;
    }
    assert!(riichi_seen > 10, "{riichi_seen} riichi choices seen");
    assert!(furiten_seen > 0);
}

#[test]
fn shogi_pons_show_the_group_they_make_and_a_dragon_set_its_pawn() {
    use momojan::games::shogi::action::Action as ShogiAction;
    use momojan::games::shogi::piece::Kind;
    let names = names();
    let mut dragon_sets = 0;
    for view in shogi_views(60) {
        let claimed = view.public.round.as_ref().and_then(|r| r.claimable);
        for &a in &view.legal_actions {
            let ShogiAction::Pon { cards } = a else {
                continue;
            };
            let claimed = claimed.expect("a pon takes the last discard");
            let label = game_label(GameId::Shogi, &names, Lang::Ja);
            let message = hand(&Shogi::hand(&view), &label, &HandExtras::default());
            let text = label_of(&message, &Shogi::action_code(a)).unwrap();
            assert!(text.starts_with("ポン"), "{text}");
            assert!(text.contains(&format!("*{}", claimed.kanji())), "{text}");
            assert_eq!(text.matches('*').count(), 1, "{text}");
            if cards.contains(&Kind::Fu) || claimed == Kind::Fu {
                // A dragon set: the dragons first, its pawn last.
                assert!(text.ends_with("歩"), "{text}");
                dragon_sets += 1;
            }
        }
    }
    assert!(dragon_sets > 0, "no dragon set pon in the played games");
}

#[test]
fn shogi_pieces_show_their_romanised_names_to_english_readers_only() {
    let names = names();
    let view = shogi_views(1).remove(0);
    let shown = Shogi::hand(&view);
    let en = hand(
        &shown,
        &game_label(GameId::Shogi, &names, Lang::En),
        &HandExtras::default(),
    );
    let ja = hand(
        &shown,
        &game_label(GameId::Shogi, &names, Lang::Ja),
        &HandExtras::default(),
    );
    let first = &shown.concealed[0];
    let name = first.name_en.beside(false).unwrap();
    assert!(en.all_text().contains(&format!("{}({name})", first.text)));
    assert!(!ja.all_text().contains(&format!("({name})")));
    assert!(ja.all_text().contains(&first.text));
}
