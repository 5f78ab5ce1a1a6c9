//! Solver benchmark over the shipped exercise sets: each exercise solved (goal from the file,
//! default limits) three times; reports the best time of each, then the median and the worst,
//! for all exercises and for each game.
//!
//! Run: `cargo bench --bench solver`

use damtutor::exercise;
use damtutor::solver::{solve_variant, Limits};
use damtutor::Variant;
use std::path::Path;
use std::time::{Duration, Instant};

fn main() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("exercises");
    let files = exercise::files_in(&folder).expect("exercises/ exists");
    let mut times: Vec<(Duration, String, u64, usize, Variant)> = Vec::new();
    for file in files {
        let set = match exercise::load(&file) {
            Ok(set) => set,
            Err(errors) => {
                eprintln!("skipping {}: {}", file.display(), errors[0]);
                continue;
            }
        };
        for e in &set.exercises {
            let mut best = Duration::MAX;
            let mut nodes = 0;
            let mut plies = 0;
            for _ in 0..3 {
                let started = Instant::now();
                let solution = solve_variant(&e.position, e.goal, Limits::default());
                best = best.min(started.elapsed());
                nodes = solution.nodes();
                plies = solution.plies();
            }
            let name = format!("{}:{}", set.source_name, e.id);
            times.push((best, name, nodes, plies, e.variant()));
        }
    }
    if times.is_empty() {
        println!("no exercises found in {}", folder.display());
        return;
    }
    for (time, name, nodes, plies, _) in &times {
        println!(
            "{:>9.3} ms  {:>9} nodes  {:>2} plies  {name}",
            time.as_secs_f64() * 1e3,
            nodes,
            plies
        );
    }
    times.sort();
    summary("all games", &times);
    for variant in Variant::ALL {
        let game: Vec<_> = times.iter().filter(|t| t.4 == variant).cloned().collect();
        if !game.is_empty() {
            summary(variant.name(), &game);
        }
    }
}

/// Median, worst and total of sorted times.
fn summary(what: &str, times: &[(Duration, String, u64, usize, Variant)]) {
    let median = times[times.len() / 2].0;
    let (worst, worst_name, ..) = &times[times.len() - 1];
    let total: Duration = times.iter().map(|t| t.0).sum();
    println!(
        "{what}: {} exercises: median {:.3} ms, worst {:.3} ms ({worst_name}), total {:.1} ms",
        times.len(),
        median.as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e3
    );
}
