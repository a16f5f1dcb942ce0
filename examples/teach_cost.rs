//! What a teaching table's hint costs per decision (issue 39): for every decision met in games
//! the `normal` computer plays, the time of `Teach::hints` for the seat's view, and of the
//! whole hint (the hints, the `normal` computer's suggestion and its reason), median, p99 and
//! max, for each game.
//!
//! `taskset -c 0 cargo run --example teach_cost` (a debug build, as the brief asks; one core);
//! `-- --game mining --mining-seats 2` measures one game, and mining at another table size.

use std::time::Instant;

use momojan::games::interface::prelude::*;
use momojan::games::interface::seat::{Seat, SeatCount};
use momojan::games::interface::{Budget, Level};
use momojan::games::registry::{Beginners, Mining, Momojan, Riichi, Shogi};

/// Decisions per game measured (at most), and the games they come from.
#[derive(Debug, clap::Parser)]
#[command(name = "teach_cost")]
struct Args {
    /// Decisions to measure per game.
    #[arg(long, default_value_t = 2000)]
    decisions: usize,
    /// Measure only this game (its id: `riichi`, `mining`, …); every game if not given.
    #[arg(long)]
    game: Option<String>,
    /// Mining's seats; the other games keep their usual table.
    #[arg(long, default_value_t = 4)]
    mining_seats: usize,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn measure<G: Hosted>(seats: SeatCount, args: &Args) {
    if args.game.as_deref().is_some_and(|g| g != G::ID) {
        return;
    }
    let decisions = args.decisions;
    let options = G::Options::default();
    let mut hints_ms = Vec::new();
    let mut whole_ms = Vec::new();
    let mut seed = 0u8;
    while hints_ms.len() < decisions {
        seed = seed.wrapping_add(1);
        let deck = [seed; 32];
        let (mut state, _) = G::start(&deck, seats, Seat::ZERO, options.clone());
        while hints_ms.len() < decisions {
            let Some(seat) = G::to_act(&state).first() else {
                break;
            };
            let view = G::view(&state, seat);
            let start = Instant::now();
            let hints = G::hints(&view, &options);
            hints_ms.push(start.elapsed().as_secs_f64() * 1e3);
            let suggestion = G::decide(
                Level::Normal,
                &view,
                &options,
                Budget::samples(8),
                seed.into(),
            );
            let reason = suggestion.map(|a| G::reason(&view, &options, a));
            whole_ms.push(start.elapsed().as_secs_f64() * 1e3);
            std::hint::black_box((hints, reason));
            let Some(action) = suggestion else { break };
            if G::apply(&mut state, &deck, seat, action).is_err() {
                break;
            }
        }
    }
    for (what, times) in [
        ("hints", &mut hints_ms),
        ("hints + suggestion + reason", &mut whole_ms),
    ] {
        times.sort_by(f64::total_cmp);
        println!(
            "{:>9} {what}: {} decisions, median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            G::ID,
            times.len(),
            percentile(times, 0.5),
            percentile(times, 0.99),
            times[times.len() - 1],
        );
    }
}

fn main() {
    let args = <Args as clap::Parser>::parse();
    measure::<Riichi>(SeatCount::FOUR, &args);
    measure::<Beginners>(SeatCount::FOUR, &args);
    measure::<Momojan>(SeatCount::TWO, &args);
    measure::<Shogi>(SeatCount::TWO, &args);
    let Some(mining) = SeatCount::new(args.mining_seats) else {
        eprintln!("teach_cost: mining seats are 2 to 4");
        std::process::exit(2);
    };
    measure::<Mining>(mining, &args);
}
