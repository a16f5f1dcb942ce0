//! Riichi's computer players: they decide from a seat's view alone (two games behind the same
//! view get the same choice at every level), the games `hard` samples show that view and hold
//! the 136 tiles, and each level plays the way its documentation says on hands built for it.

use momojan::games::interface::seat::{PerSeat, Seat, SeatCount};
use momojan::games::interface::{Budget, Level};
use momojan::games::kit::mahjong::hand::Hand;
use momojan::games::kit::mahjong::tile::{parse_tiles, Tile};
use momojan::games::kit::mahjong::waits::waits;
use momojan::games::kit::mahjong::yaku::RiichiKind;
use momojan::games::riichi::action::Action;
use momojan::games::riichi::computer::choose;
use momojan::games::riichi::computer::sample::sample;
use momojan::games::riichi::game::{Game, Stage};
use momojan::games::riichi::options::Options;
use momojan::games::riichi::round::{Discarded, Round};
use momojan::games::riichi::view::{PublicPlayer, PublicRound, PublicView, SeatView};
use momojan::games::riichi::wall::seeded_wall;

const FOUR: SeatCount = SeatCount::FOUR;

/// Plays a game with the given levels at the seats, calling `visit` before each action.
fn play(seed: u8, levels: [Level; 4], mut visit: impl FnMut(&Game, Seat)) -> Game {
    let deck = [seed; 32];
    let options = Options::default();
    let mut game = Game::new(Seat::ZERO, options);
    let mut steps = 0u64;
    loop {
        if game.stage == Stage::NeedsDeal {
            game.deal(seeded_wall(&deck, game.records.len() as u32, options.aka));
        }
        let Some(seat) = game.acting().seats().first() else {
            return game;
        };
        visit(&game, seat);
        let view = game.seat_view(seat);
        let action = choose(levels[seat.index()], &view, Budget::samples(6), steps)
            .expect("a seat to act has an action");
        assert!(view.legal_actions.contains(&action), "{action} is listed");
        game.apply(seat, action).expect("a listed action applies");
        steps += 1;
    }
}

/// States with a choice met in `normal` games, with the seat to act (a round in play: after
/// a last-round win nothing is hidden).
fn decision_points() -> Vec<(Game, Seat)> {
    let mut out = Vec::new();
    for seed in 1..4 {
        play(seed, [Level::Normal; 4], |game, seat| {
            if game.legal_actions(seat).len() > 1 && game.live_round().is_some() {
                out.push((game.clone(), seat));
            }
        });
    }
    out
}

/// Every tile of a round, wherever it lies, sorted.
fn all_tiles(round: &Round) -> Vec<Tile> {
    let mut all = round.wall.unseen();
    for p in round.players.values() {
        all.extend(p.hand.tiles());
        all.extend(p.melds.iter().flat_map(|m| m.tiles.iter().copied()));
        all.extend(p.pond.iter().filter(|d| !d.claimed).map(|d| d.tile));
    }
    all.sort();
    all
}

#[test]
fn a_sampled_game_shows_the_same_view_holds_every_tile_and_deals_riichi_hands_tenpai() {
    let points = decision_points();
    assert!(points.len() > 500, "{} points", points.len());
    let mut riichi_hands = 0;
    for (i, (game, seat)) in points.iter().enumerate().step_by(5) {
        let view = game.seat_view(*seat);
        for s in [1, 2] {
            let sampled = sample(&view, s).expect("a sample in play");
            assert_eq!(sampled.seat_view(*seat), view, "point {i}");
            let round = sampled.round.as_ref().expect("a round");
            assert_eq!(all_tiles(round), Tile::full_set(true), "point {i}");
            for (other, p) in round.players.iter().filter(|(o, _)| o != seat) {
                if p.in_riichi() {
                    let w = waits(p.hand.counts(), &p.melds);
                    assert!(!w.is_empty(), "riichi seat {other} is tenpai at point {i}");
                    riichi_hands += 1;
                }
            }
        }
    }
    assert!(riichi_hands > 20, "{riichi_hands} riichi hands sampled");
}

#[test]
fn every_level_decides_from_the_view_alone() {
    let points = decision_points();
    for (i, (game, seat)) in points.iter().enumerate().step_by(9) {
        let view = game.seat_view(*seat);
        // Two other games behind the same view: every hidden tile dealt otherwise.
        let a = sample(&view, 11).expect("a sample").seat_view(*seat);
        let b = sample(&view, 12).expect("a sample").seat_view(*seat);
        assert_eq!(a, b);
        for level in Level::ALL {
            let budget = Budget::samples(8);
            let from_view = choose(level, &view, budget, 5);
            assert_eq!(choose(level, &a, budget, 5), from_view, "{level} at {i}");
            assert_eq!(choose(level, &b, budget, 5), from_view, "{level} at {i}");
            let chosen = from_view.expect("a choice");
            assert!(view.legal_actions.contains(&chosen), "{level} at {i}");
        }
    }
}

#[test]
fn a_game_of_every_level_at_one_table_ends_with_only_listed_actions() {
    let game = play(
        9,
        [Level::Easy, Level::Normal, Level::Hard, Level::Normal],
        |_, _| {},
    );
    assert_eq!(game.stage, Stage::Over);
    let total: i64 = game.scores.points.values().sum();
    assert_eq!(total, 100_000);
}

// ---- hands built for one rule ---------------------------------------------------------------

fn tiles(text: &str) -> Vec<Tile> {
    parse_tiles(text).unwrap()
}

fn pond(text: &str) -> Vec<Discarded> {
    tiles(text)
        .into_iter()
        .map(|tile| Discarded {
            tile,
            riichi: false,
            claimed: false,
            tsumogiri: false,
        })
        .collect()
}

/// Seat 0's turn after drawing its last tile, in E1 with seat 0 dealing: `hand` (14 tiles,
/// the drawn one last), the dora indicator, the four ponds, and the seats in riichi (their
/// last discard declared it).
fn turn(hand: &str, indicator: &str, ponds: [&str; 4], riichi: &[usize]) -> SeatView {
    let concealed = tiles(hand);
    assert_eq!(concealed.len(), 14);
    let players = PerSeat::from_fn(FOUR, |s| {
        let mut pond = pond(ponds[s.index()]);
        let in_riichi = riichi.contains(&s.index());
        if let Some(last) = pond.last_mut().filter(|_| in_riichi) {
            last.riichi = true;
        }
        PublicPlayer {
            hand_size: if s == Seat::ZERO { 14 } else { 13 },
            melds: Vec::new(),
            pond,
            riichi: if in_riichi {
                RiichiKind::Single
            } else {
                RiichiKind::None
            },
        }
    });
    let hand = Hand::from_tiles(&concealed);
    let mut legal: Vec<Action> = hand.distinct().into_iter().map(Action::discard).collect();
    for t in hand.distinct() {
        let mut after = hand.clone();
        after.remove(t);
        if !waits(after.counts(), &[]).is_empty() {
            legal.push(Action::Discard {
                card: t,
                riichi: true,
            });
        }
    }
    let discards: usize = players.values().map(|p| p.pond.len()).sum();
    SeatView {
        seat: Seat::ZERO,
        public: PublicView {
            options: Options::default(),
            first_dealer: Seat::ZERO,
            points: PerSeat::filled(FOUR, 25_000),
            pot: 1000 * riichi.len() as i64,
            rounds_played: 0,
            round: Some(PublicRound {
                index: 0,
                dealership: 0,
                dealer: Seat::ZERO,
                honba: 0,
                minimum_han: 1,
                dora_indicators: tiles(indicator),
                live_left: 69 - discards,
                kans: 0,
                players,
                acting: vec![Seat::ZERO],
                claimable: None,
            }),
            agari_choice: false,
            outcome: None,
            last_claims: None,
        },
        concealed: hand.tiles(),
        drawn: concealed.last().copied(),
        waits: Vec::new(),
        furiten: false,
        legal_actions: legal,
    }
}

fn decided(level: Level, view: &SeatView) -> Action {
    choose(level, view, Budget::samples(48), 3).expect("a choice")
}

fn discard(name: &str) -> Action {
    Action::discard(tiles(name)[0])
}

const QUIET: [&str; 4] = ["9s", "1z", "3z", "1p"];

#[test]
fn normal_breaks_a_closed_wait_before_a_two_sided_one_where_easy_goes_by_tile_rank() {
    // Sets 345p 777z, pair 22z; partials 23m (1m 4m), 68p (7p) and 46s (5s): one partial must
    // go. Breaking 23m leaves 10 accepted tiles, breaking a closed wait 14.
    let view = turn("23m345p68p46s22z777z", "9m", QUIET, &[]);
    assert_eq!(decided(Level::Normal, &view), discard("8p"));
    assert_eq!(decided(Level::Easy, &view), discard("2m"));
}

#[test]
fn normal_folds_a_far_hand_against_a_riichi_with_the_riichi_players_own_discard() {
    // Two or more tiles from tenpai; seat 1 declared riichi discarding 5p.
    let view = turn(
        "1359m24568p1379s4z",
        "9m",
        ["1z", "7p3z5p", "9p", "8s"],
        &[1],
    );
    assert_eq!(decided(Level::Normal, &view), discard("5p"));
    // `easy` never defends: it keeps 456p and discards by shanten alone.
    assert_ne!(decided(Level::Easy, &view), discard("5p"));
}

#[test]
fn hard_folds_a_far_hand_to_a_tile_no_sampled_riichi_hand_rons() {
    let view = turn(
        "1359m24568p1379s4z",
        "9m",
        ["1z", "7p3z5p", "9p", "8s"],
        &[1],
    );
    assert_eq!(decided(Level::Hard, &view), discard("5p"));
}

#[test]
fn hard_takes_a_mangan_with_its_own_yaku_quietly_where_normal_declares_riichi() {
    // Discarding 9m waits on 1p 4p with white and red dragon triplets, and the indicator 6z
    // makes the three 7z dora: five han without riichi.
    let view = turn("234m23p99s555z777z9m", "6z", QUIET, &[]);
    let riichi = Action::Discard {
        card: tiles("9m")[0],
        riichi: true,
    };
    assert_eq!(decided(Level::Normal, &view), riichi);
    assert_eq!(decided(Level::Hard, &view), discard("9m"));
}
