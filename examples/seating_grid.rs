//! `momojan seating`'s figures over a grid of fields (issue 38): for each number of players,
//! rounds and seats, the pairs that met more than once, the most times any pair met, the worst
//! wind spread and the time `schedule` took; then the time of the seatings a running event
//! makes inside the bot (a Swiss round after nine, and a whole round robin).
//!
//! `cargo run --release --example seating_grid -- --players 5-40 --rounds 2-10 --seats 2,3,4`
//! (one line per field: `players rounds seats repeated most spread ms`).

use std::time::Instant;

use momojan::service::tournament::seating::{
    figures, round_robin, schedule, swiss_round, Field, Filler, Seed,
};

#[derive(Debug, clap::Parser)]
#[command(name = "seating_grid")]
struct Args {
    /// Players: a range `A-B` or a list `A,B,…`.
    #[arg(long, default_value = "5-40")]
    players: String,
    /// Rounds: a range or a list.
    #[arg(long, default_value = "2-10")]
    rounds: String,
    /// Seats: a range or a list.
    #[arg(long, default_value = "2,3,4")]
    seats: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Computers fill the last table (else the players left over sit out).
    #[arg(long)]
    computers: bool,
}

fn numbers(text: &str) -> Vec<usize> {
    let number = |t: &str| t.trim().parse::<usize>().expect("a number");
    match text.split_once('-') {
        Some((a, b)) => (number(a)..=number(b)).collect(),
        None => text.split(',').map(number).collect(),
    }
}

fn main() {
    let args: Args = clap::Parser::parse();
    let filler = if args.computers {
        Filler::Computers
    } else {
        Filler::SitOut
    };
    let seed = Seed::from(args.seed);
    let mut slowest = (0.0f64, 0, 0, 0);
    for seats in numbers(&args.seats) {
        for players in numbers(&args.players) {
            let Ok(field) = Field::new(players, seats, filler) else {
                continue;
            };
            for rounds in numbers(&args.rounds) {
                let start = Instant::now();
                let s = schedule(&field, rounds, &seed).expect("1 to 100 rounds");
                let ms = start.elapsed().as_secs_f64() * 1e3;
                let f = figures(&s);
                println!(
                    "{players} {rounds} {seats} {} {} {} {ms:.0}",
                    f.repeated_pairs, f.most_meetings, f.worst_wind_spread
                );
                if ms > slowest.0 {
                    slowest = (ms, players, rounds, seats);
                }
            }
        }
    }
    let (ms, p, r, s) = slowest;
    eprintln!("slowest schedule: {p} players × {r} rounds at {s} seats, {ms:.0} ms");
    // What a running event seats inside the bot: a Swiss round 10 of 40 players at 4 seats.
    let field = Field::new(40, 4, filler).expect("40 players seat at 4");
    let mut history = Vec::new();
    let mut totals = vec![0i64; 40];
    let mut worst = 0.0f64;
    for r in 0..10u64 {
        let start = Instant::now();
        let round = swiss_round(&field, &totals, &history, &seed).expect("a Swiss round");
        worst = worst.max(start.elapsed().as_secs_f64() * 1e3);
        history.push(round);
        for (k, t) in totals.iter_mut().enumerate() {
            *t += ((k as u64 * 7919 + r * 104_729) % 97) as i64;
        }
    }
    eprintln!("Swiss round of 40 players at 4 seats, slowest of 10: {worst:.2} ms");
    let field = Field::new(16, 4, filler).expect("16 players seat at 4");
    let start = Instant::now();
    round_robin(&field, &seed).expect("16 at 4 has a round robin");
    let ms = start.elapsed().as_secs_f64() * 1e3;
    eprintln!("round robin of 16 players at 4 seats (5 rounds): {ms:.2} ms");
}
