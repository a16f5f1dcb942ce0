//! How the beginners' game is shown: claims that lost, answers kept secret while a window is
//! open, winning hands as four melds and a head, who pays a tsumo's remainder, choices that
//! say what they make, and every step of played games at two, three and four seats.

use super::*;
use crate::games::beginners::card::{full_deck, Counts};
use crate::games::beginners::hand::tests::cards;
use crate::games::beginners::round::RoundEnd;
use crate::games::interface::deal::DeckSeed;
use crate::games::interface::prelude::*;

/// A game of `players` whose first round deals `hands[i]` to the player `i` places after
/// the dealer (seat 0) and `pile` from the front of the pile; the other cards fill the rest
/// in card order.
fn dealt(players: usize, hands: &[&str], pile: &str) -> Game {
    let mut slots: Vec<Option<Card>> = vec![None; 108];
    for (i, hand) in hands.iter().enumerate() {
        for (k, c) in cards(hand).into_iter().enumerate() {
            slots[5 * i + k] = Some(c);
        }
    }
    for (k, c) in cards(pile).into_iter().enumerate() {
        slots[5 * players + k] = Some(c);
    }
    let mut left = Counts::of(&full_deck());
    for c in slots.iter().flatten() {
        assert!(left.remove(*c), "the deck has no more {c}");
    }
    let mut filler = left.to_vec().into_iter();
    let deck: Vec<Card> = slots
        .into_iter()
        .map(|s| s.unwrap_or_else(|| filler.next().expect("108 cards")))
        .collect();
    let seats = SeatCount::new(players).expect("2 to 4 players");
    let mut game = Game::new(seats, Seat::ZERO, Options::default());
    game.deal(&deck).expect("a full deck");
    game
}

fn play(game: &mut Game, moves: &[(Seat, Action)]) {
    for &(seat, action) in moves {
        game.apply(seat, action)
            .unwrap_or_else(|e| panic!("{seat} {action}: {e}"));
    }
}

fn keys(words: &[Words]) -> Vec<&str> {
    words.iter().map(|w| w.key.as_ref()).collect()
}

fn arg<'a>(words: &'a Words, name: &str) -> &'a Say {
    &words
        .args
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("{} has no {name}", words.key))
        .1
}

fn word_key(say: &Say) -> &str {
    match say {
        Say::Words(w) => w.key.as_ref(),
        other => panic!("not words: {other:?}"),
    }
}

/// Four players: the dealer throws `I-sou`; seat 1 may chi, seat 2 may pon, seat 3 may ron
/// (all sequences, a head wait on sou).
fn sou_for_everyone() -> Game {
    dealt(
        4,
        &[
            "T-ko-man T-ko-man T-ko-pin H-man I-sou",
            "T-shun-sou I-man I-pin H-pin H-pin",
            "T-ko-sou I-man I-pin I-wind I-dragon",
            "M-shun-man M-shun-pin M-shun-sou M-shun-man I-sou",
        ],
        "M-ko-sou H-dragon",
    )
}

const DEALER_THROWS_SOU: [(Seat, Action); 2] = [
    (Seat::ZERO, Action::Draw),
    (
        Seat::ZERO,
        Action::Discard {
            card: Card::ALL[16],
            riichi: false,
        },
    ),
];

#[test]
fn a_pon_and_a_chi_that_lost_to_a_ron_are_told_to_their_players_once_the_window_closes() {
    assert_eq!(Card::ALL[16].to_string(), "I-sou");
    let mut game = sou_for_everyone();
    play(&mut game, &DEALER_THROWS_SOU);
    play(
        &mut game,
        &[(Seat::TWO, Action::Pon), (Seat::ONE, Action::Chi)],
    );
    // Open: nothing is public yet, and nobody is told of a loss.
    assert_eq!(game.last_claims, None);
    for seat in [Seat::ONE, Seat::TWO] {
        let notes = Beginners::hand(&game.seat_view(seat)).notes;
        assert!(!keys(&notes).contains(&"beginners-hand-lost-claim"));
    }
    play(&mut game, &[(Seat::THREE, Action::Ron)]);
    let closed = game.last_claims.expect("the window closed");
    assert_eq!(closed.taken(), Some((Seat::THREE, Action::Ron)));
    for (seat, mine) in [
        (Seat::ONE, "beginners-answer-chi"),
        (Seat::TWO, "beginners-answer-pon"),
    ] {
        let notes = Beginners::hand(&game.seat_view(seat)).notes;
        let lost = notes
            .iter()
            .find(|n| n.key == "beginners-hand-lost-claim")
            .expect("the loss is told");
        assert_eq!(word_key(arg(lost, "mine")), mine);
        assert_eq!(word_key(arg(lost, "theirs")), "beginners-answer-ron");
        assert_eq!(arg(lost, "name"), &Say::Player(Seat::THREE));
        assert_eq!(word_key(arg(lost, "why")), "beginners-lost-ron-first");
    }
    let winner = Beginners::hand(&game.seat_view(Seat::THREE)).notes;
    assert!(!keys(&winner).contains(&"beginners-hand-lost-claim"));
}

#[test]
fn a_pon_that_lost_to_a_nearer_chi_is_told_so_and_the_table_says_who_took_the_discard() {
    let mut game = sou_for_everyone();
    play(&mut game, &DEALER_THROWS_SOU);
    play(
        &mut game,
        &[
            (Seat::THREE, Action::Pass),
            (Seat::TWO, Action::Pon),
            (Seat::ONE, Action::Chi),
        ],
    );
    let notes = Beginners::hand(&game.seat_view(Seat::TWO)).notes;
    let lost = notes
        .iter()
        .find(|n| n.key == "beginners-hand-lost-claim")
        .expect("the loss is told");
    assert_eq!(word_key(arg(lost, "why")), "beginners-lost-nearest");
    assert_eq!(arg(lost, "name"), &Say::Player(Seat::ONE));
    let board = Beginners::board(&game);
    let round = board.round.expect("in play");
    let line = round
        .table_lines
        .iter()
        .find(|l| l.key == "beginners-claims-took-over")
        .expect("the table says who took the discard, over whom");
    assert_eq!(arg(line, "name"), &Say::Player(Seat::ONE));
    // The chi's open meld marks the card it took, and the discard is struck.
    let groups = &round.seats[Seat::ONE].groups;
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0].marked, Some(1));
    assert_eq!(groups[0].pieces[1].text, "I-sou");
    assert!(round.seats[Seat::ZERO].discards[0].taken);
    // Forgotten at the next discard.
    play(&mut game, &[(Seat::TWO, Action::Draw)]);
    let drawn = game.seat_view(Seat::TWO).drawn.expect("drew");
    play(
        &mut game,
        &[(
            Seat::TWO,
            Action::Discard {
                card: drawn,
                riichi: false,
            },
        )],
    );
    assert_eq!(game.last_claims, None);
}

#[test]
fn while_a_window_is_open_a_move_says_only_that_its_seat_answered() {
    for answer in [Action::Ron, Action::Pon, Action::Chi, Action::Pass] {
        assert_eq!(
            Beginners::action_words(answer),
            Words::key("beginners-act-answer")
        );
        assert_eq!(
            Beginners::news_words(answer, None),
            Words::key("beginners-news-answer")
        );
    }
    let mut game = sou_for_everyone();
    play(&mut game, &DEALER_THROWS_SOU);
    play(&mut game, &[(Seat::TWO, Action::Pon)]);
    // Seat 1 still answers; its hand does not learn seat 2's pon.
    let view = game.seat_view(Seat::ONE);
    assert_eq!(view.public.last_claims, None);
    let own = Beginners::hand(&game.seat_view(Seat::TWO)).notes;
    let answered = own
        .iter()
        .find(|n| n.key == "beginners-hand-answered")
        .expect("the seat is reminded of its own answer");
    assert_eq!(word_key(arg(answered, "answer")), "beginners-answer-pon");
}

#[test]
fn a_pass_button_says_pass_not_the_logs_secret_answer() {
    let mut game = sou_for_everyone();
    play(&mut game, &DEALER_THROWS_SOU);
    let hand = Beginners::hand(&game.seat_view(Seat::ONE));
    let pass = hand
        .choices
        .iter()
        .find(|c| c.code == "pass")
        .expect("a pass choice in the window");
    assert_eq!(pass.label.key, "beginners-choice-pass");
}

#[test]
fn each_claim_says_what_it_makes_and_where_it_leaves_the_hand() {
    let mut game = sou_for_everyone();
    play(&mut game, &DEALER_THROWS_SOU);
    let hand = Beginners::hand(&game.seat_view(Seat::ONE));
    let codes: Vec<&str> = hand.choices.iter().map(|c| c.code.as_str()).collect();
    assert_eq!(codes, ["chi", "pass"]);
    let chi = &hand.choices[0];
    assert_eq!(chi.label.key, "beginners-choice-chi");
    assert_eq!(chi.tone, Tone::Call);
    assert_eq!(chi.piece.as_ref().map(|p| p.text.as_str()), Some("I-sou"));
    let Say::Words(set) = arg(&chi.label, "set") else {
        panic!("a set");
    };
    assert_eq!(set.key, "beginners-set-shun");
    let note = hand
        .notes
        .iter()
        .find(|n| n.key == "beginners-claim-chi")
        .expect("the chi is explained");
    assert_eq!(
        word_key(arg(note, "after")),
        "beginners-after-call-not-tenpai"
    );
    // The ron says what it is worth: all sequences, 3 points.
    let ron = Beginners::hand(&game.seat_view(Seat::THREE));
    assert_eq!(ron.choices[0].label.key, "beginners-choice-ron");
    assert_eq!(ron.choices[0].tone, Tone::Win);
    let Say::Words(worth) = arg(&ron.choices[0].label, "worth") else {
        panic!("words");
    };
    assert_eq!(worth.key, "beginners-points");
    assert_eq!(arg(worth, "n"), &Say::Num(3));
}

#[test]
fn one_point_or_one_card_is_told_in_the_singular() {
    assert_eq!(counted("beginners-points", 1).key, "beginners-points-one");
    assert_eq!(counted("beginners-points", 2).key, "beginners-points");
    assert_eq!(Beginners::held(1).key, "beginners-held-one");
    assert_eq!(Beginners::held(5).key, "beginners-held");
}

#[test]
fn a_hand_between_turns_counts_its_units_and_says_its_tenpai_and_its_worth() {
    let game = sou_for_everyone();
    let hand = Beginners::hand(&game.seat_view(Seat::THREE));
    assert_eq!(
        keys(&hand.notes),
        [
            "beginners-hand-units",
            "beginners-hand-tenpai",
            "beginners-hand-worth"
        ]
    );
    assert_eq!(arg(&hand.notes[0], "melds"), &Say::Num(4));
    assert_eq!(arg(&hand.notes[0], "isolated"), &Say::Num(1));
    let Say::Words(how) = arg(&hand.notes[1], "how") else {
        panic!("words");
    };
    assert_eq!(how.key, "beginners-wait-head");
    let not_yet = Beginners::hand(&game.seat_view(Seat::TWO));
    assert!(keys(&not_yet.notes).contains(&"beginners-hand-not-tenpai"));
}

#[test]
fn after_a_draw_the_card_drawn_is_set_apart_from_the_five_units() {
    let mut game = sou_for_everyone();
    play(&mut game, &[(Seat::ZERO, Action::Draw)]);
    let hand = Beginners::hand(&game.seat_view(Seat::ZERO));
    assert_eq!(hand.concealed.len(), 5);
    assert_eq!(hand.drawn.map(|p| p.text), Some("M-ko-sou".to_string()));
    assert_eq!(hand.choices.len(), game.legal_actions(Seat::ZERO).len());
}

#[test]
fn a_riichi_choice_names_the_kind_its_discard_leaves_the_hand_waiting_on() {
    // The dealer is tenpai on pin (three melds, a head and a pin taatsu) and draws an isolated
    // dragon: riichi throwing it keeps the meld wait on pin.
    let mut game = dealt(
        2,
        &[
            "M-ko-man M-shun-sou M-ko-wind H-man T-shun-pin",
            "I-man I-pin I-wind I-dragon H-pin",
        ],
        "I-dragon",
    );
    play(&mut game, &[(Seat::ZERO, Action::Draw)]);
    let hand = Beginners::hand(&game.seat_view(Seat::ZERO));
    let riichi = hand
        .choices
        .iter()
        .find(|c| c.code == "riichi-I-dragon")
        .expect("riichi throwing the card drawn");
    assert_eq!(riichi.kind, ChoiceKind::Riichi);
    assert_eq!(riichi.label.key, "beginners-choice-riichi");
    assert_eq!(word_key(arg(&riichi.label, "kind")), "beginners-kind-pin");
    let detail = riichi.detail.as_ref().expect("the wait in full");
    assert_eq!(word_key(arg(detail, "how")), "beginners-wait-meld");
}

#[test]
fn a_winning_hand_shows_its_melds_and_head_with_the_winning_card_marked() {
    let texts = |groups: &[Group]| -> Vec<String> {
        groups
            .iter()
            .map(|g| {
                let each: Vec<String> = g
                    .pieces
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        let mark = if g.marked == Some(i) { "*" } else { "" };
                        format!("{mark}{}", p.text)
                    })
                    .collect();
                each.join(" ")
            })
            .collect()
    };
    // A meld wait won by ron: the taatsu and the discard make the fourth meld, the head last.
    let ron = cards("M-ko-man M-shun-pin M-shun-sou T-shun-sou H-man");
    let from = WinBy::Ron { from: Seat::ONE };
    let groups = winning_groups(&ron, from, Some(Card::isolated(Kind::Sou)));
    assert_eq!(
        texts(&groups),
        [
            "M-ko-man",
            "M-shun-pin",
            "M-shun-sou",
            "T-shun-sou *I-sou",
            "H-man"
        ]
    );
    // A head wait won by tsumo: the card drawn is in the hand; the two isolated cards are
    // the head.
    let tsumo = cards("M-ko-man M-shun-pin M-shun-sou M-ko-dragon I-wind I-wind");
    let groups = winning_groups(&tsumo, WinBy::Tsumo, Some(Card::isolated(Kind::Wind)));
    assert_eq!(
        texts(&groups),
        [
            "M-ko-man",
            "M-shun-pin",
            "M-shun-sou",
            "M-ko-dragon",
            "I-wind *I-wind"
        ]
    );
    // 天和: the dealt cards as they are, nothing marked.
    let dealt = cards("M-ko-man M-shun-pin M-shun-sou M-ko-dragon H-wind");
    let groups = winning_groups(&dealt, WinBy::Tsumo, None);
    assert_eq!(groups.len(), 5);
    assert!(groups.iter().all(|g| g.marked.is_none()));
}

fn tsumo_record(seats: usize, winner: Seat, dealer: Seat, total: u64) -> RoundRecord {
    let hand = super::super::hand::dealt_complete(&cards(
        "M-ko-man M-shun-pin M-shun-sou M-ko-dragon H-wind",
    ))
    .expect("complete");
    let seats = SeatCount::new(seats).expect("seats");
    RoundRecord {
        index: 0,
        dealer,
        end: Some(RoundEnd::Win {
            winner,
            by: WinBy::Tsumo,
            winning: Some(Card::isolated(Kind::Wind)),
            hand,
            score: Score {
                yaku: vec![(Yaku::Tsumo, total)],
                total,
            },
        }),
        final_hands: None,
        transfers: Vec::new(),
        balances: PerSeat::filled(seats, 15),
        pot: 0,
    }
}

#[test]
fn a_tsumo_says_each_share_and_who_pays_the_remainder_on_top() {
    let line = |seats: usize, winner: Seat, total: u64| {
        let record = tsumo_record(seats, winner, Seat::ZERO, total);
        payment_line(&record, SeatCount::new(seats).unwrap()).expect("a win")
    };
    // Four players, a non-dealer's 7: 2 each, the dealer 1 more.
    let w = line(4, Seat::TWO, 7);
    assert_eq!(w.key, "beginners-sum-pay-tsumo-rest-dealer");
    assert_eq!(arg(&w, "share"), &Say::Num(2));
    assert_eq!(arg(&w, "rest"), &Say::Num(1));
    assert_eq!(arg(&w, "name"), &Say::Player(Seat::ZERO));
    // The dealer's 5: 1 each, the next dealer 2 more.
    let w = line(4, Seat::ZERO, 5);
    assert_eq!(w.key, "beginners-sum-pay-tsumo-rest-next");
    assert_eq!(arg(&w, "rest"), &Say::Num(2));
    assert_eq!(arg(&w, "name"), &Say::Player(Seat::ONE));
    // Three players, 6: 3 each, no remainder.
    assert_eq!(line(3, Seat::ONE, 6).key, "beginners-sum-pay-tsumo");
    // Two players: the other pays it all.
    let w = line(2, Seat::ONE, 5);
    assert_eq!(w.key, "beginners-sum-pay-tsumo-one");
    assert_eq!(arg(&w, "name"), &Say::Player(Seat::ZERO));
}

#[test]
fn the_yaku_table_lists_every_yaku_in_the_rules_order_with_the_servers_points() {
    let mut options = Options::default();
    options.yaku_points.set(Yaku::Pinfu, 2);
    let rows = Beginners::yaku_rows(&options);
    let ids: Vec<&str> = rows.iter().map(|r| r.id).collect();
    let table: Vec<&str> = Yaku::ALL.iter().map(|y| y.id()).collect();
    assert_eq!(ids, table);
    for row in &rows {
        assert_eq!(row.changed, row.id == "pinfu", "{}", row.id);
        assert_eq!(
            Beginners::yaku_names(row.id),
            Some((row.japanese, row.english))
        );
    }
    assert_eq!(rows[0].value.key, "beginners-yaku-yakuman");
}

/// Every step of random games at 2, 3 and 4 seats is shown: each hand offers exactly its
/// legal actions, holds its own cards only, and every finished round has a summary with
/// every seat's hand and the yaku in the order the score counted them.
#[test]
fn every_step_of_played_games_is_shown_and_every_round_summarised() {
    use rand::{Rng, SeedableRng};
    for seats in SeatCount::ALL {
        let seed: DeckSeed = [seats.get() as u8; 32];
        let (mut game, _) = Beginners::start(&seed, seats, Seat::ZERO, Options::default());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seats.get() as u64);
        let mut steps = 0;
        while let Some(seat) = Beginners::to_act(&game).first() {
            for s in seats.seats() {
                let view = Beginners::view(&game, s);
                let hand = Beginners::hand(&view);
                assert_eq!(hand.choices.len(), view.legal_actions.len());
                assert_eq!(
                    hand.concealed.len() + usize::from(hand.drawn.is_some()),
                    view.concealed.len()
                );
                assert_eq!(hand.board, Beginners::board(&game));
            }
            let legal = Beginners::legal_actions(&game, seat);
            let action = legal[rng.random_range(0..legal.len())];
            Beginners::apply(&mut game, &seed, seat, action).expect("legal");
            steps += 1;
            assert!(steps < 5_000);
        }
        for index in 0..game.records.len() {
            let result = Beginners::round_result(&game, index).expect("a finished round");
            let hands = result.hands.expect("every hand is shown");
            assert_eq!(hands.len(), seats.get());
            if let Some(RoundEnd::Win { score, .. }) = &game.records[index].end {
                let yaku: Vec<&Words> = result
                    .lines
                    .iter()
                    .filter(|l| l.key == "sum-yaku")
                    .collect();
                assert_eq!(yaku.len(), score.yaku.len());
            }
        }
        let lines = Beginners::result_lines(&game);
        assert!(lines.len() >= seats.get());
        assert_eq!(arg(&lines[0], "place"), &Say::Num(1));
    }
}
