//! The seating's internals: the designs, the colouring, the search's bookkeeping, and the
//! public functions on fields small enough for a debug build.

use std::collections::BTreeMap;

use super::designs::{affine_plane, circle};
use super::excess::{crowding_bound, excess, excess_bound, gain, loss};
use super::search::Search;
use super::swiss::permutations;
use super::*;

/// Each pair's meetings over `rounds` of tables (stand-ins ≥ `players` ignored).
fn meetings(players: usize, rounds: &[Vec<Vec<usize>>]) -> BTreeMap<(usize, usize), u32> {
    let mut met = BTreeMap::new();
    for round in rounds {
        for table in round {
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    if a < players && b < players {
                        *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
                    }
                }
            }
        }
    }
    met
}

fn partitions(points: usize, round: &[Vec<usize>]) -> bool {
    let mut seen: Vec<usize> = round.iter().flatten().copied().collect();
    seen.sort_unstable();
    seen == (0..points).collect::<Vec<_>>()
}

#[test]
fn affine_planes_meet_every_pair_once() {
    for q in [3, 4] {
        let design = affine_plane(q);
        assert_eq!(design.len(), q + 1);
        for round in &design {
            assert!(partitions(q * q, round), "q = {q}: {round:?}");
            assert!(round.iter().all(|t| t.len() == q));
        }
        let met = meetings(q * q, &design);
        assert_eq!(met.len(), q * q * (q * q - 1) / 2, "q = {q}");
        assert!(met.values().all(|&m| m == 1), "q = {q}");
    }
}

#[test]
fn the_circle_method_meets_every_pair_once() {
    for n in (2..=20).step_by(2) {
        let design = circle(n);
        assert_eq!(design.len(), n - 1);
        assert!(design.iter().all(|r| partitions(n, r)));
        let met = meetings(n, &design);
        assert_eq!(met.len(), n * (n - 1) / 2);
        assert!(met.values().all(|&m| m == 1));
    }
}

#[test]
fn the_bound_spreads_meetings_evenly() {
    assert_eq!(excess_bound(0, 0), 0);
    assert_eq!(excess_bound(120, 120), 0);
    // 12 players, 6 rounds of 3 tables of 4: 108 meetings over 66 pairs.
    assert_eq!(excess_bound(108, 66), 42);
    // 3 meetings each: excess 4 each.
    assert_eq!(excess_bound(30, 10), 40);
    for m in 0..6u16 {
        assert_eq!(gain(m), excess(m + 1) as i64 - excess(m) as i64);
        if m > 0 {
            assert_eq!(loss(m), excess(m - 1) as i64 - excess(m) as i64);
        }
    }
}

#[test]
fn the_search_keeps_its_cost_and_counts_in_step() {
    let field = Field::new(12, 4, Filler::SitOut).unwrap();
    let mut draw = Draw::new(&Seed::from(7), 0);
    let groups = searched(&field, 6, Budget { swaps: 30_000 }, None, &mut draw);
    let mut movable: Vec<Vec<usize>> = groups
        .iter()
        .map(|g| g.tables.iter().flatten().copied().collect())
        .collect();
    let mut search = Search {
        players: 12,
        seats: 4,
        movable: movable.clone(),
        fixed: vec![Vec::new(); 6],
        meet: vec![0; 144],
        cost: 0,
    };
    search.count_all();
    for k in 0..200 {
        let (r, i, j) = (k % 6, (k * 7) % 12, (k * 5 + 4) % 12);
        if i / 4 == j / 4 {
            continue;
        }
        search.swap(r, i, j);
        movable[r].swap(i, j);
        let mut fresh = Search {
            players: 12,
            seats: 4,
            movable: movable.clone(),
            fixed: vec![Vec::new(); 6],
            meet: vec![0; 144],
            cost: 0,
        };
        fresh.count_all();
        assert_eq!(search.cost, fresh.cost, "step {k}");
        assert_eq!(search.meet, fresh.meet, "step {k}");
    }
}

#[test]
fn the_colouring_is_proper_on_a_full_schedule() {
    let field = Field::new(13, 4, Filler::Computers).unwrap();
    let s = schedule_with(&field, 9, &Seed::from(3), Budget { swaps: 50_000 }).unwrap();
    let f = figures(&s);
    assert!(f.worst_wind_spread <= 1, "{:?}", f.seat_counts);
    for (p, counts) in f.seat_counts.iter().enumerate() {
        let games: u32 = counts.iter().sum();
        assert_eq!(games, 9, "player {p} plays every round");
    }
}

#[test]
fn sixteen_players_at_tables_of_four_meet_each_other_once_in_five_rounds() {
    let field = Field::new(16, 4, Filler::SitOut).unwrap();
    let s = schedule(&field, 5, &Seed::from(1)).unwrap();
    let f = figures(&s);
    assert_eq!(f.repeated_pairs, 0);
    assert_eq!(f.most_meetings, 1);
    let rounds: Vec<Vec<Vec<usize>>> = s
        .rounds()
        .iter()
        .map(|r| {
            r.tables()
                .iter()
                .map(|t| t.players().map(|(_, p)| p.index()).collect())
                .collect()
        })
        .collect();
    let met = meetings(16, &rounds);
    assert_eq!(met.len(), 120, "every pair meets");
    assert!(met.values().all(|&m| m == 1));
    assert!(f.worst_wind_spread <= 1);
    assert_eq!(round_robin(&field, &Seed::from(1)), Some(s));
}

#[test]
fn eight_players_at_tables_of_two_meet_each_other_once_in_seven_rounds() {
    let field = Field::new(8, 2, Filler::SitOut).unwrap();
    let s = schedule(&field, 7, &Seed::from(5)).unwrap();
    let f = figures(&s);
    assert_eq!((f.most_meetings, f.repeated_pairs), (1, 0));
    let pairs: usize = s.rounds().iter().map(|r| r.tables().len()).sum();
    assert_eq!(pairs, 28, "each of the 28 pairs once");
    assert!(f.worst_wind_spread <= 1);
}

#[test]
fn an_odd_field_at_tables_of_two_sits_out_or_plays_a_computer_once_per_cycle() {
    let field = Field::new(7, 2, Filler::SitOut).unwrap();
    let s = schedule(&field, 7, &Seed::from(2)).unwrap();
    let f = figures(&s);
    assert_eq!((f.most_meetings, f.repeated_pairs), (1, 0));
    assert!(f.byes.iter().all(|&b| b == 1));
    let field = Field::new(7, 2, Filler::Computers).unwrap();
    let s = schedule(&field, 7, &Seed::from(2)).unwrap();
    let f = figures(&s);
    assert!(f.computer_games.iter().all(|&c| c == 1));
    assert!(s
        .rounds()
        .iter()
        .all(|r| r.tables().last().unwrap().has_computers()));
}

#[test]
fn more_rounds_than_a_round_robin_cycle_it() {
    let field = Field::new(9, 3, Filler::SitOut).unwrap();
    let s = schedule(&field, 8, &Seed::from(4)).unwrap();
    let f = figures(&s);
    assert_eq!((f.most_meetings, f.repeated_pairs), (2, 36));
    let s = schedule(&field, 6, &Seed::from(4)).unwrap();
    assert_eq!(figures(&s).most_meetings, 2);
}

#[test]
fn the_same_seed_gives_the_same_schedule() {
    let field = Field::new(14, 4, Filler::SitOut).unwrap();
    let budget = Budget { swaps: 200_000 };
    let a = schedule_with(&field, 5, &Seed::from(9), budget).unwrap();
    let b = schedule_with(&field, 5, &Seed::from(9), budget).unwrap();
    let c = schedule_with(&field, 5, &Seed::from(10), budget).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn bad_fields_are_refused() {
    assert_eq!(
        Field::new(0, 4, Filler::SitOut),
        Err(SeatingError::NoPlayers)
    );
    assert_eq!(
        Field::new(8, 5, Filler::SitOut),
        Err(SeatingError::Seats(5))
    );
    assert_eq!(
        Field::new(8, 1, Filler::Computers),
        Err(SeatingError::Seats(1))
    );
    assert_eq!(
        Field::new(3, 4, Filler::SitOut),
        Err(SeatingError::TooFewPlayers {
            players: 3,
            seats: 4
        })
    );
    assert!(Field::new(3, 4, Filler::Computers).is_ok());
    assert_eq!(
        Field::new(MAX_PLAYERS + 1, 4, Filler::SitOut),
        Err(SeatingError::TooManyPlayers(MAX_PLAYERS + 1))
    );
    let field = Field::new(8, 4, Filler::SitOut).unwrap();
    assert_eq!(
        schedule(&field, 0, &Seed::from(1)),
        Err(SeatingError::Rounds(0))
    );
    assert_eq!(
        swiss_round(&field, &[0; 7], &[], &Seed::from(1)),
        Err(SeatingError::Standings {
            given: 7,
            players: 8
        })
    );
    let twice = Round::new(
        vec![
            Table::new((0..4).map(|k| Place::Player(Player::new(k))).collect()),
            Table::new((3..7).map(|k| Place::Player(Player::new(k))).collect()),
        ],
        Vec::new(),
    );
    assert_eq!(
        swiss_round(&field, &[0; 8], &[twice], &Seed::from(1)),
        Err(SeatingError::History { round: 1 })
    );
    let computers = Round::new(
        vec![Table::new(vec![
            Place::Player(Player::new(0)),
            Place::Computer,
            Place::Computer,
            Place::Computer,
        ])],
        Vec::new(),
    );
    assert!(Schedule::new(field, vec![computers]).is_err());
}

#[test]
fn a_computers_table_is_the_last_and_only_one() {
    let field = Field::new(13, 4, Filler::Computers).unwrap();
    let s = schedule_with(&field, 4, &Seed::from(1), Budget { swaps: 200_000 }).unwrap();
    for round in s.rounds() {
        assert_eq!(round.tables().len(), 4);
        let with: Vec<bool> = round.tables().iter().map(Table::has_computers).collect();
        assert_eq!(with, [false, false, false, true]);
        assert_eq!(round.tables()[3].players().count(), 1);
        assert!(round.sitting_out().is_empty());
    }
    let f = figures(&s);
    assert!(f.computer_games.iter().all(|&c| c <= 1));
}

#[test]
fn json_numbers_players_in_seat_order_and_computers_null() {
    let field = Field::new(3, 4, Filler::Computers).unwrap();
    let s = schedule(&field, 1, &Seed::from(1)).unwrap();
    let json = s.to_json();
    let table = &json["rounds"][0][0];
    assert_eq!(table.as_array().unwrap().len(), 4);
    assert_eq!(
        table
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| v.is_null())
            .count(),
        1
    );
}

#[test]
fn a_swiss_round_seats_by_standing() {
    let field = Field::new(16, 4, Filler::SitOut).unwrap();
    let totals: Vec<i64> = (0..16).map(|k| 100 - k).collect();
    let round = swiss_round(&field, &totals, &[], &Seed::from(1)).unwrap();
    let tables: Vec<Vec<usize>> = round
        .tables()
        .iter()
        .map(|t| {
            let mut v: Vec<usize> = t.players().map(|(_, p)| p.index()).collect();
            v.sort_unstable();
            v
        })
        .collect();
    assert_eq!(
        tables,
        [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    );
    // The same standings again: seating by standing alone would repeat every pair.
    let again = swiss_round(
        &field,
        &totals,
        std::slice::from_ref(&round),
        &Seed::from(1),
    )
    .unwrap();
    let history = Schedule::new(field, vec![round, again]).unwrap();
    let f = figures(&history);
    assert_eq!(f.repeated_pairs, 0, "{history:?}");
}

/// A Swiss round sees only the past, so no bound is guaranteed (a table of four who all had
/// the same seats in their current block must repeat one); this field stays within 2.
#[test]
fn swiss_rounds_balance_winds_as_they_go() {
    let field = Field::new(12, 4, Filler::SitOut).unwrap();
    let mut history = Vec::new();
    for r in 0..8u64 {
        let totals: Vec<i64> = (0..12)
            .map(|k| ((k * 7 + r as usize * 5) % 12) as i64)
            .collect();
        let round = swiss_round(&field, &totals, &history, &Seed::from(r)).unwrap();
        history.push(round);
    }
    let f = figures(&Schedule::new(field, history).unwrap());
    assert!(f.worst_wind_spread <= 2, "{:?}", f.seat_counts);
    assert!(f.wind_spread.iter().filter(|&&w| w > 1).count() <= 4);
}

#[test]
fn the_group_divisible_design_meets_every_pair_of_groups_once() {
    let field = Field::new(24, 4, Filler::SitOut).unwrap();
    let design = group_divisible_24(&field).unwrap();
    assert_eq!(design.len(), 7);
    for round in &design {
        assert!(partitions(24, round), "{round:?}");
        assert!(round.iter().all(|t| t.len() == 4));
    }
    let met = meetings(24, &design);
    // The groups: (x, 0), (x, 1), (x, 2) numbered 3x, 3x + 1, 3x + 2; and the three ∞.
    let group = |a: usize| if a >= 21 { 7 } else { a / 3 };
    for a in 0..24 {
        for b in a + 1..24 {
            let expected = u32::from(group(a) != group(b));
            assert_eq!(met.get(&(a, b)).copied().unwrap_or(0), expected, "{a}–{b}");
        }
    }
    for (players, seats) in [(24, 3), (24, 2), (25, 4), (20, 4)] {
        let other = Field::new(players, seats, Filler::SitOut).unwrap();
        assert!(group_divisible_24(&other).is_none(), "{players} at {seats}");
    }
}

#[test]
fn kirkmans_triple_system_of_21_meets_every_pair_once() {
    let field = Field::new(21, 3, Filler::SitOut).unwrap();
    let design = kirkman_21(&field).unwrap();
    assert_eq!(design.len(), 10);
    for round in &design {
        assert!(partitions(21, round), "{round:?}");
        assert!(round.iter().all(|t| t.len() == 3));
    }
    let met = meetings(21, &design);
    assert_eq!(met.len(), 210, "every pair meets");
    assert!(met.values().all(|&m| m == 1));
    for (players, seats) in [(21, 4), (21, 2), (18, 3), (24, 3)] {
        let other = Field::new(players, seats, Filler::SitOut).unwrap();
        assert!(kirkman_21(&other).is_none(), "{players} at {seats}");
    }
    for rounds in [7, 10] {
        let f = figures(&schedule(&field, rounds, &Seed::from(1)).unwrap());
        assert_eq!(
            (f.most_meetings, f.repeated_pairs),
            (1, 0),
            "{rounds} rounds"
        );
        assert!(f.worst_wind_spread <= 1, "{:?}", f.seat_counts);
    }
}

#[test]
fn twenty_four_players_at_tables_of_four_never_meet_twice_in_six_or_seven_rounds() {
    let field = Field::new(24, 4, Filler::SitOut).unwrap();
    for seed in 1..=4 {
        for rounds in [6, 7] {
            let s = schedule(&field, rounds, &Seed::from(seed)).unwrap();
            let f = figures(&s);
            assert_eq!(
                (f.most_meetings, f.repeated_pairs),
                (1, 0),
                "seed {seed}, {rounds} rounds"
            );
            assert!(f.worst_wind_spread <= 1, "{:?}", f.seat_counts);
        }
    }
    // Seeds still draw different schedules.
    assert_ne!(
        schedule(&field, 6, &Seed::from(1)).unwrap(),
        schedule(&field, 6, &Seed::from(2)).unwrap()
    );
}

/// 12 players at 3 tables of 4: any two rounds hold at least 3 repeats (each table of the
/// later round has 4 players from 3 tables), so 6 rounds hold at least 15 × 3 = 45, above the
/// 42 of an even spread of the 108 meetings over 66 pairs. The search reaches 45 with no pair
/// meeting three times, and stops there.
#[test]
fn twelve_players_at_tables_of_four_reach_the_floor_in_six_rounds() {
    let field = Field::new(12, 4, Filler::SitOut).unwrap();
    assert_eq!(excess_bound(108, 66), 42);
    assert_eq!(crowding_bound(&field, 6), 45);
    assert_eq!(crowding_bound(&field, 5), 30);
    for seed in 1..=3 {
        let f = figures(&schedule(&field, 6, &Seed::from(seed)).unwrap());
        assert_eq!((f.most_meetings, f.repeated_pairs), (2, 45), "seed {seed}");
        let f = figures(&schedule(&field, 5, &Seed::from(seed)).unwrap());
        assert_eq!((f.most_meetings, f.repeated_pairs), (2, 30), "seed {seed}");
    }
}

/// Σ C(m, 2) over pairs of a two-round schedule: the repeats between its two rounds.
fn repeats_between(players: usize, rounds: &[Vec<Vec<usize>>]) -> u64 {
    meetings(players, rounds)
        .values()
        .map(|&m| u64::from(m * (m - 1) / 2))
        .sum()
}

/// Every ordering of `0..n` (the seatings of one round, tables cut from it).
fn all_orders(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    permutations(n, &mut Vec::new(), &mut out);
    out
}

#[test]
fn the_crowding_bound_is_the_least_repeat_count_of_two_rounds() {
    // Every second round after a fixed first one, for small fields: the bound is never above
    // what a schedule holds (it is a lower bound), and some second round meets it. A round is
    // an ordering of the entrants: full tables first, then the rest (sitting out, or at the
    // computers' table, where they meet too).
    for (players, seats, filler) in [
        (4, 4, Filler::SitOut),
        (6, 3, Filler::SitOut),
        (6, 2, Filler::SitOut),
        (8, 4, Filler::SitOut),
        (8, 2, Filler::SitOut),
        (9, 3, Filler::SitOut),
        (7, 3, Filler::SitOut),
        (7, 3, Filler::Computers),
        (9, 4, Filler::SitOut),
        (9, 4, Filler::Computers),
        (6, 4, Filler::SitOut),
        (6, 4, Filler::Computers),
        (7, 2, Filler::Computers),
    ] {
        let field = Field::new(players, seats, filler).unwrap();
        let bound = crowding_bound(&field, 2);
        let seated = field.full_tables() * seats;
        let round = |order: &[usize]| -> Vec<Vec<usize>> {
            let mut tables: Vec<Vec<usize>> = order[..seated]
                .chunks(seats)
                .map(<[usize]>::to_vec)
                .collect();
            if filler == Filler::Computers {
                tables.push(order[seated..].to_vec());
            }
            tables
        };
        let first = round(&(0..players).collect::<Vec<_>>());
        let least = all_orders(players)
            .iter()
            .map(|order| repeats_between(players, &[first.clone(), round(order)]))
            .min()
            .unwrap();
        if filler == Filler::SitOut || field.rest() <= 1 {
            assert_eq!(least, bound, "{players} at {seats}, {filler:?}");
        } else {
            // The computers' table's players meet each other too, which the bound leaves out.
            assert!(
                least >= bound,
                "{players} at {seats}, {filler:?}: {least} < {bound}"
            );
        }
    }
    let field = Field::new(13, 4, Filler::Computers).unwrap();
    assert_eq!(crowding_bound(&field, 4), 12);
    let field = Field::new(21, 4, Filler::SitOut).unwrap();
    assert_eq!(
        crowding_bound(&field, 6),
        0,
        "five tables: room for everyone"
    );
}
