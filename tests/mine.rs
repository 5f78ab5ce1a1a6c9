//! `mine` at scale: the shipped benchmark input is what its generator makes, mining streams with
//! bounded read-ahead, the result does not depend on the number of threads, and the set written
//! as the games are mined is the one `exercise::to_yaml` writes.

#[path = "../benches/input/games.rs"]
mod games;

use damtutor::exercise;
use damtutor::generate::mine::{Counting, Event, MineOptions, MineReport, Mined};
use damtutor::generate::{self, Stop};
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

const MINE_FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mine.pdn");

fn bench_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(games::FILE)
}

/// The first `count` games of the benchmark file, as PDN text.
fn bench_games(count: usize) -> String {
    let text = std::fs::read_to_string(bench_file()).unwrap();
    let starts: Vec<usize> = text.match_indices("[Event ").map(|(i, _)| i).collect();
    match starts.get(count) {
        Some(end) => text[..*end].to_string(),
        None => text,
    }
}

/// Mines `pdn` on a pool of `threads`; the combinations found, in the order handed over.
fn mine_with(pdn: &str, threads: usize, options: &MineOptions) -> (MineReport, Vec<Mined>) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let mut report = MineReport::default();
    let mut found = Vec::new();
    // On one of the pool's threads, `mine` helps with the games while it waits for them.
    pool.install(|| {
        generate::mine(
            pdn.as_bytes(),
            options,
            &Stop::default(),
            &mut report,
            |e| {
                if let Event::Found(mined) = e {
                    found.push(*mined);
                }
            },
        )
    });
    (report, found)
}

/// What identifies a mined exercise and its answer.
fn summary(found: &[Mined]) -> Vec<String> {
    found
        .iter()
        .map(|m| {
            format!(
                "{} {} {} {:?} {}",
                m.game,
                m.ply,
                m.proven.goal,
                m.played,
                m.proven.solution_text()
            )
        })
        .collect()
}

#[test]
fn the_shipped_benchmark_input_is_what_its_seed_makes() {
    let shipped = std::fs::read_to_string(bench_file()).unwrap();
    let made = games::games(games::SEED, games::COUNT);
    assert!(
        shipped == made,
        "regenerate it: cargo bench --bench mine -- --write-input"
    );
    let mut reader = damtutor::pdn::Reader::new(shipped.as_bytes());
    let parsed: Vec<_> = reader.by_ref().collect();
    assert_eq!(parsed.len(), games::COUNT);
    assert!(parsed.iter().all(Result::is_ok));
}

#[test]
fn mining_gives_the_same_combinations_with_one_or_three_threads() {
    let pdn = bench_games(6);
    let options = MineOptions::default();
    let (one, found_one) = mine_with(&pdn, 1, &options);
    let (three, found_three) = mine_with(&pdn, 3, &options);
    assert!(!found_one.is_empty());
    assert_eq!(summary(&found_one), summary(&found_three));
    assert_eq!(
        (
            one.games,
            one.positions,
            one.solved,
            one.found,
            one.duplicates
        ),
        (
            three.games,
            three.positions,
            three.solved,
            three.found,
            three.duplicates
        )
    );
    // Handed over in file order.
    let order: Vec<(usize, usize)> = found_one.iter().map(|m| (m.game, m.ply)).collect();
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(order, sorted);
}

#[test]
fn mining_reads_only_a_few_games_ahead_of_the_ones_done() {
    // Sixty short games; the options make mining cheap: what matters is the reading.
    let pdn = bench_games(60);
    let mut options = MineOptions {
        games_per_thread: 1,
        ..MineOptions::default()
    };
    options.proof.horizon = 1;
    options.proof.nodes = 1_000;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    // Two threads, one game each.
    let window = 2;
    let read = Arc::new(AtomicU64::new(0));
    let input = BufReader::with_capacity(1024, Counting::new(pdn.as_bytes(), Arc::clone(&read)));
    let mut report = MineReport::default();
    let (mut done, mut ahead, mut first_read) = (0u64, 0u64, None);
    pool.install(|| {
        generate::mine(input, &options, &Stop::default(), &mut report, |e| {
            if let Event::Progress(report) = e {
                done += 1;
                ahead = ahead.max(report.games - done);
                first_read.get_or_insert(read.load(Ordering::Relaxed));
            }
        })
    });
    assert_eq!((report.games, done), (60, 60));
    assert!(ahead <= window, "read {ahead} games ahead of the ones done");
    let first_read = first_read.unwrap();
    assert!(
        first_read < pdn.len() as u64 / 10,
        "{first_read} of {} bytes read when the first game was done",
        pdn.len()
    );
}

#[test]
fn the_set_written_as_games_are_mined_is_the_whole_set_written_at_once() {
    let out = std::env::temp_dir().join(format!("damtutor-mine-{}.yaml", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_damtutor"))
        .args(["mine", MINE_FIXTURE, "--threads", "2", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let written = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    let set = exercise::parse(&written, "mined.yaml").expect("a valid set");
    assert!(set.exercises.len() >= 3);
    assert_eq!(exercise::to_yaml(&set), written);
}

#[test]
fn mining_games_without_a_combination_writes_nothing() {
    let folder = std::env::temp_dir().join(format!("damtutor-mine-none-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let games = folder.join("quiet.pdn");
    std::fs::write(&games, "[Event \"Two moves\"]\n\n1. 32-28 19-23 *\n").unwrap();
    let out = folder.join("out.yaml");
    let output = Command::new(env!("CARGO_BIN_EXE_damtutor"))
        .arg("mine")
        .arg(&games)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let left: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    let _ = std::fs::remove_dir_all(&folder);
    assert_eq!(left, ["quiet.pdn"]);
}
