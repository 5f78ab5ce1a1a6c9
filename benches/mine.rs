//! Mining benchmark: `mine` at default settings on the shipped 200-game file
//! (`tests/data/bench-games.pdn`, made by `benches/input/games.rs` from a fixed seed).
//!
//! Run: `cargo bench --bench mine` (all cores), `cargo bench --bench mine -- --threads 1`, or
//! `cargo bench --bench mine -- --runs 3` for the best of three. Prints games/s and positions/s
//! by wall clock and by the process's CPU time (Linux), and what was found.
//! `cargo bench --bench mine -- --write-input` rewrites the input file from the seed.
//! `cargo bench --bench mine -- --variant 64` (or `russian`, `english`) mines 200 games of that
//! game instead, made in memory by the same generator from the same seed.

#[path = "input/games.rs"]
mod games;

use damtutor::generate::mine::{MineOptions, MineReport};
use damtutor::generate::{self, Stop};
use damtutor::Variant;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<usize>().ok())
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(games::FILE);
    if args.iter().any(|a| a == "--write-input") {
        std::fs::write(&path, games::games(games::SEED, games::COUNT)).expect("writable");
        println!("wrote {}", path.display());
        return;
    }
    let threads = value("--threads").unwrap_or(0);
    let runs = value("--runs").unwrap_or(1).max(1);
    // The global pool, as the CLI's: `mine` is called from outside it.
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .expect("a thread pool");
    let variant: Variant = args
        .iter()
        .position(|a| a == "--variant")
        .and_then(|i| args.get(i + 1))
        .map(|name| {
            name.parse()
                .expect("a game: international, 64, russian or english")
        })
        .unwrap_or_default();
    let made = (variant != Variant::International)
        .then(|| games::games_of(variant, games::SEED, games::COUNT));
    let input_name = match variant {
        Variant::International => games::FILE.to_string(),
        other => format!("{} {other} games (seed {})", games::COUNT, games::SEED),
    };
    let options = MineOptions::default();
    let mut best: Option<(Duration, Duration, MineReport)> = None;
    for _ in 0..runs {
        let input: Box<dyn BufRead> = match &made {
            Some(text) => Box::new(text.as_bytes()),
            None => Box::new(BufReader::new(
                std::fs::File::open(&path).expect("the benchmark input exists"),
            )),
        };
        let cpu_before = cpu_time();
        let started = Instant::now();
        let mut report = MineReport::default();
        generate::mine(input, &options, &Stop::default(), &mut report, |_| {});
        let wall = started.elapsed();
        let cpu = cpu_time().saturating_sub(cpu_before);
        if best.as_ref().is_none_or(|(w, ..)| wall < *w) {
            best = Some((wall, cpu, report));
        }
    }
    let (wall, cpu, report) = best.expect("one run");
    let per = |count: u64, time: Duration| count as f64 / time.as_secs_f64().max(1e-9);
    println!(
        "mine {}: {} games, {} positions, {} solved, {} exercises ({} duplicates), {} threads",
        input_name,
        report.games,
        report.positions,
        report.solved,
        report.found,
        report.duplicates,
        rayon::current_num_threads()
    );
    println!(
        "wall {:.2} s: {:.1} games/s, {:.0} positions/s",
        wall.as_secs_f64(),
        per(report.games, wall),
        per(report.positions, wall)
    );
    if cpu > Duration::ZERO {
        println!(
            "cpu  {:.2} s: {:.1} games/s, {:.0} positions/s per core-second",
            cpu.as_secs_f64(),
            per(report.games, cpu),
            per(report.positions, cpu)
        );
    }
}

/// The CPU time (user + system) of this process so far; zero where `/proc` is not there.
fn cpu_time() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // The fields after the command name (which is in parentheses): utime is the 14th field of
    // the line, stime the 15th, in clock ticks (100 per second on Linux).
    let Some(rest) = stat.rsplit_once(')').map(|(_, rest)| rest) else {
        return Duration::ZERO;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}
