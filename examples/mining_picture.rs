//! Mining's board picture, speed and size: renders the table and the acting seat's hand view
//! of positions met in random mining games (4 seats, default options), and reports the median
//! and p99 render time (drawing and PNG encoding) and the PNG sizes.
//!
//! `taskset -c 0 cargo run --release --example mining_picture` (one core);
//! `-- --out DIR` also writes a few of the pictures there to look at.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use momojan::games::kit::mahjong::tile::Tile;
use momojan::games::mining::computer::random_action;
use momojan::games::mining::game::Game;
use momojan::games::mining::options::Options;
use momojan::games::mining::picture::{render, BoardPicture};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Renders board pictures of random mining positions on this thread: median and p99 time and
/// the PNG sizes. Pin it to one core with `taskset -c 0`.
#[derive(Debug, clap::Parser)]
#[command(name = "mining_picture")]
struct Args {
    /// Random games to take positions from.
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// Writes the first pictures of the first game here.
    #[arg(long)]
    out: Option<PathBuf>,
}

fn main() {
    let args = <Args as clap::Parser>::parse();
    let pictures = positions(args.games);
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).expect("the output folder");
        for (i, p) in pictures.iter().step_by(pictures.len() / 8 + 1).enumerate() {
            std::fs::write(dir.join(format!("board-{i}.png")), render(p)).expect("a picture");
        }
    }
    // One untimed render: the sprites are drawn once per process.
    let _ = render(&pictures[0]);
    let mut times = Vec::with_capacity(pictures.len());
    let mut sizes = Vec::with_capacity(pictures.len());
    for p in &pictures {
        let started = Instant::now();
        let png = render(p);
        times.push(started.elapsed());
        sizes.push(png.len());
    }
    times.sort();
    sizes.sort_unstable();
    let n = times.len();
    let at = |q: f64| ((n as f64 * q).ceil() as usize).clamp(1, n) - 1;
    println!(
        "{n} board pictures ({} games, table and hand views): render median {:.2} ms, \
         p99 {:.2} ms, max {:.2} ms",
        args.games,
        ms(times[at(0.5)]),
        ms(times[at(0.99)]),
        ms(times[n - 1]),
    );
    println!(
        "PNG bytes: min {} / median {} / p99 {} / max {} (limit 153,600)",
        sizes[0],
        sizes[at(0.5)],
        sizes[at(0.99)],
        sizes[n - 1],
    );
}

/// The table and the acting seat's view before every action of the first round of `games`
/// random 4-seat games.
fn positions(games: u64) -> Vec<BoardPicture> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut wall = Tile::full_set(true);
        wall.shuffle(&mut rng);
        let mut game = Game::new(Options::default(), 4, 0);
        game.start_round(wall);
        while game.in_round() {
            let Some(&seat) = game.to_act().first() else {
                break;
            };
            let round = game.round().expect("a round in play");
            out.push(BoardPicture::table(round));
            out.push(BoardPicture::hand(round, seat));
            let action = random_action(&game, seat, &mut rng).expect("a legal action");
            game.apply(seat, action).expect("a legal action applies");
        }
    }
    out
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
