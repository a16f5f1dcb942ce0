//! Tournament seating through its public door (`service::tournament::seating`): every
//! schedule and Swiss round over many fields seats each entrant properly, hands out byes and
//! the computers' table fewest first, keeps every player's seat winds within one, reports
//! figures that match a recount, and is the same for the same seed; and `momojan seating`
//! prints what the module computes.

use std::collections::BTreeMap;

use momojan::service::tournament::seating::{
    figures, schedule, schedule_with, swiss_round, Budget, Field, Figures, Filler, Place, Round,
    Schedule, Seed,
};
use proptest::prelude::*;

/// A small budget: the properties hold whatever the search finds.
const QUICK: Budget = Budget { swaps: 20_000 };

fn filler(computers: bool) -> Filler {
    if computers {
        Filler::Computers
    } else {
        Filler::SitOut
    }
}

/// Checks one round against its field and the counts before it (updated here): sizes,
/// each entrant at most once (exactly once unless sitting out), computers only at the last
/// table, and the fewest-first rule for byes and the computers' table.
fn check_round(field: &Field, round: &Round, byes: &mut [u32], with_computers: &mut [u32]) {
    let p = field.players();
    assert_eq!(round.tables().len(), field.tables());
    assert_eq!(round.sitting_out().len(), field.sitting_out());
    let mut seen = vec![0u32; p];
    let mut at_computers = Vec::new();
    for (k, table) in round.tables().iter().enumerate() {
        assert_eq!(table.places().len(), field.seats());
        let humans = table.players().count();
        if table.has_computers() {
            assert_eq!(k, round.tables().len() - 1, "the computers' table is last");
            assert_eq!(humans, field.with_computers());
        } else {
            assert_eq!(humans, field.seats());
        }
        for (_, player) in table.players() {
            seen[player.index()] += 1;
            if table.has_computers() {
                at_computers.push(player.index());
            }
        }
    }
    for player in round.sitting_out() {
        seen[player.index()] += 1;
    }
    assert!(seen.iter().all(|&n| n == 1), "each entrant once: {seen:?}");
    // Fewest first: nobody set aside had more than anyone seated at a full table.
    let out: Vec<usize> = round.sitting_out().iter().map(|p| p.index()).collect();
    let fewest_first = |set: &[usize], counts: &[u32]| {
        let worst = set.iter().map(|&x| counts[x]).max();
        let best_other = (0..p)
            .filter(|x| !set.contains(x) && !out.contains(x))
            .map(|x| counts[x])
            .min();
        if let (Some(w), Some(b)) = (worst, best_other) {
            assert!(w <= b, "set aside {set:?} with {w}, someone else has {b}");
        }
    };
    fewest_first(&out, byes);
    fewest_first(&at_computers, with_computers);
    out.iter().for_each(|&x| byes[x] += 1);
    at_computers.iter().for_each(|&x| with_computers[x] += 1);
}

/// The figures recounted from the rounds alone.
fn recount(field: &Field, rounds: &[Round]) -> Figures {
    let (p, s) = (field.players(), field.seats());
    let mut met: BTreeMap<(usize, usize), u32> = BTreeMap::new();
    let mut seat_counts = vec![vec![0u32; s]; p];
    let mut byes = vec![0u32; p];
    let mut computer_games = vec![0u32; p];
    for round in rounds {
        for table in round.tables() {
            let players: Vec<(usize, usize)> = table
                .players()
                .map(|(seat, pl)| (seat, pl.index()))
                .collect();
            for &(seat, a) in &players {
                seat_counts[a][seat] += 1;
                computer_games[a] += u32::from(table.places().contains(&Place::Computer));
                for &(_, b) in &players {
                    if a < b {
                        *met.entry((a, b)).or_default() += 1;
                    }
                }
            }
        }
        round
            .sitting_out()
            .iter()
            .for_each(|x| byes[x.index()] += 1);
    }
    let wind_spread: Vec<u32> = seat_counts
        .iter()
        .map(|c| c.iter().max().unwrap() - c.iter().min().unwrap())
        .collect();
    Figures {
        most_meetings: met.values().copied().max().unwrap_or(0),
        repeated_pairs: met.values().filter(|&&m| m > 1).count() as u32,
        worst_wind_spread: wind_spread.iter().copied().max().unwrap_or(0),
        seat_counts,
        wind_spread,
        byes,
        computer_games,
    }
}

fn check_schedule(s: &Schedule) {
    let field = s.field();
    let mut byes = vec![0; field.players()];
    let mut with_computers = vec![0; field.players()];
    for round in s.rounds() {
        check_round(field, round, &mut byes, &mut with_computers);
    }
    let f = figures(s);
    assert_eq!(f, recount(field, s.rounds()));
    // The bound this module guarantees for a whole schedule: spread ≤ 1 for every player.
    assert!(f.worst_wind_spread <= 1, "{:?}", f.seat_counts);
    // Byes and games with computers as even as the rounds allow.
    for counts in [&f.byes, &f.computer_games] {
        let (lo, hi) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
        assert!(hi - lo <= 1, "{counts:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn schedules_seat_every_field_properly(
        players in 1usize..=40,
        rounds in 1usize..=9,
        seats in 2usize..=4,
        computers: bool,
        seed: u64,
    ) {
        let field = Field::new(players, seats, filler(computers));
        prop_assume!(field.is_ok());
        let field = field.unwrap();
        let a = schedule_with(&field, rounds, &Seed::from(seed), QUICK).unwrap();
        prop_assert_eq!(a.rounds().len(), rounds);
        check_schedule(&a);
        let b = schedule_with(&field, rounds, &Seed::from(seed), QUICK).unwrap();
        prop_assert_eq!(&a, &b, "the same seed, the same schedule");
        prop_assert_eq!(a.to_json().to_string(), b.to_json().to_string());
    }

    #[test]
    fn swiss_rounds_seat_every_field_properly(
        players in 1usize..=30,
        rounds in 1usize..=6,
        seats in 2usize..=4,
        computers: bool,
        seed: u64,
        scores in proptest::collection::vec(-50i64..50, 30 * 6),
    ) {
        let field = Field::new(players, seats, filler(computers));
        prop_assume!(field.is_ok());
        let field = field.unwrap();
        let mut history = Vec::new();
        let mut totals = vec![0i64; players];
        let mut byes = vec![0; players];
        let mut with_computers = vec![0; players];
        for r in 0..rounds {
            let round = swiss_round(&field, &totals, &history, &Seed::from(seed)).unwrap();
            check_round(&field, &round, &mut byes, &mut with_computers);
            let again = swiss_round(&field, &totals, &history, &Seed::from(seed)).unwrap();
            prop_assert_eq!(&round, &again, "the same inputs, the same round");
            history.push(round);
            for (k, t) in totals.iter_mut().enumerate() {
                *t += scores[r * 30 + k];
            }
        }
        let s = Schedule::new(field, history).unwrap();
        prop_assert_eq!(figures(&s), recount(&field, s.rounds()));
    }
}

#[test]
fn the_exact_designs_meet_every_pair_once() {
    for (players, rounds, seats) in [(16, 5, 4), (9, 4, 3), (8, 7, 2), (10, 9, 2)] {
        let field = Field::new(players, seats, Filler::SitOut).unwrap();
        let s = schedule(&field, rounds, &Seed::from(11)).unwrap();
        check_schedule(&s);
        let f = figures(&s);
        assert_eq!(
            (f.most_meetings, f.repeated_pairs),
            (1, 0),
            "{players}×{rounds}"
        );
        let meetings: usize = s
            .rounds()
            .iter()
            .flat_map(|r| r.tables())
            .map(|t| seats * (seats - 1) / 2 * usize::from(!t.has_computers()))
            .sum();
        assert_eq!(meetings, players * (players - 1) / 2, "every pair meets");
    }
}

#[test]
fn transversal_designs_leave_no_repeat() {
    for (players, rounds) in [(20, 5), (28, 7), (32, 8), (15, 5), (24, 7), (21, 10)] {
        let seats = if players % 4 == 0 { 4 } else { 3 };
        let field = Field::new(players, seats, Filler::SitOut).unwrap();
        let s = schedule_with(&field, rounds, &Seed::from(3), QUICK).unwrap();
        check_schedule(&s);
        assert_eq!(figures(&s).repeated_pairs, 0, "{players}×{rounds}");
    }
}

#[test]
fn the_command_prints_the_schedule_as_json() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_momojan"))
        .args([
            "seating",
            "--players",
            "16",
            "--rounds",
            "5",
            "--seats",
            "4",
        ])
        .args(["--seed", "1", "--json"])
        .output()
        .expect("momojan runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("only JSON");
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["rounds"]);
    let rounds = json["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 5);
    let mut met = BTreeMap::new();
    for round in rounds {
        let tables = round.as_array().unwrap();
        assert_eq!(tables.len(), 4);
        let mut seen: Vec<u64> = Vec::new();
        for table in tables {
            let players: Vec<u64> = table
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().expect("a player number"))
                .collect();
            assert_eq!(players.len(), 4);
            for (i, &a) in players.iter().enumerate() {
                for &b in &players[i + 1..] {
                    *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
                }
            }
            seen.extend(players);
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..16).collect::<Vec<u64>>());
    }
    assert_eq!(met.len(), 120, "every pair meets");
    assert!(met.values().all(|&m| m == 1), "exactly once");
    // The module's own schedule, byte for byte.
    let field = Field::new(16, 4, Filler::SitOut).unwrap();
    let ours = schedule(&field, 5, &Seed::from(1)).unwrap().to_json();
    assert_eq!(json, ours);
}

#[test]
fn the_command_refuses_bad_fields_in_one_line() {
    for args in [
        ["--players", "0", "--seats", "4"],
        ["--players", "8", "--seats", "5"],
        ["--players", "3", "--seats", "4"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_momojan"))
            .arg("seating")
            .args(args)
            .args(["--rounds", "3", "--seed", "1"])
            .output()
            .expect("momojan runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
