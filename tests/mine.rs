//! `mine` at scale: the shipped benchmark input is what its generator makes, mining streams with
//! bounded read-ahead, the result does not depend on the number of threads, and the set written
//! as the games are mined is the one `exercise::to_yaml` writes.

use crate::support::cli;

#[path = "../benches/input/games.rs"]
mod games;

use damtutor::exercise;
use damtutor::generate::mine::{Counting, Event, MineOptions, MineReport, Mined};
use damtutor::generate::{self, Stop};
use damtutor::solver::Limits;
use damtutor::verify;
use damtutor::words::Lang;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

const MINE_FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mine.pdn");

fn bench_file() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(games::FILE)
}

/// The first `count` games of the benchmark file, as PDN text (the solver's tests read them
/// too).
pub(crate) fn bench_games(count: usize) -> String {
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
    let output = cli::damtutor(["mine", MINE_FIXTURE, "--threads", "2", "--out"])
        .arg(&out)
        .output();
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
    let output = cli::damtutor(["mine"])
        .arg(&games)
        .arg("--out")
        .arg(&out)
        .output();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let left: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    let _ = std::fs::remove_dir_all(&folder);
    assert_eq!(left, ["quiet.pdn"]);
}

const MINE_64: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mine-64.pdn");

#[test]
fn games_of_the_8x8_games_are_mined_with_their_own_rules() {
    let out = std::env::temp_dir().join(format!("damtutor-mine-64-{}.yaml", std::process::id()));
    let output = cli::damtutor(["mine", MINE_64, "--out"]).arg(&out).output();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.starts_with(
            "games read: 6 (1 skipped, 0 stopped short), positions examined: 95, exercises found: 5 (0 duplicates dropped)\n"
        ),
        "{stdout}"
    );
    // The game of an unknown type is named by its number and line; the others are mined.
    assert_eq!(
        stderr,
        format!(
            "damtutor: warning: {MINE_64}: game 3, line 30: game type 40 is not a game damtutor \
             knows (GameType 20 international, 21 english, 25 russian, 26 brazilian) (game \
             skipped)\n"
        )
    );
    let written = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    let set = exercise::parse(&written, "mined.yaml").expect("a valid set");
    assert_eq!(exercise::to_yaml(&set), written);
    // The set is of the first exercise's game; the others name theirs. Its title in Chinese
    // names that game too (not --variant's default).
    assert!(written.contains("\nvariant: brazilian\n"), "{written}");
    assert_eq!(set.title.get(Lang::Chinese), Some("64格国际跳棋练习"));
    assert_eq!(written.matches("  variant: russian\n").count(), 1);
    assert_eq!(written.matches("  variant: english\n").count(), 2);
    for report in verify::verify_set(&set, Limits::default()) {
        assert!(report.ok(), "{}: {:?}", report.id, report.problems);
    }
    let found: Vec<String> = set
        .exercises
        .iter()
        .map(|e| {
            format!(
                "{} {} {} | {} | {}",
                e.id,
                e.variant(),
                e.goal,
                e.solution.as_deref().unwrap_or(""),
                e.comment.get(Lang::English).unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            "mine-64-g1-8w brazilian material:1 | c5-b6 a7xc5 f2-e3 h4xd4 g1-f2 e5xg3 c3xg7 h8xf6 \
             f2xh4 a5xc3 b2xd8 | Played in the game.",
            "mine-64-g2-8w russian material:4 | c3-b4 e5:c3 b4:f8 f6-e5 h4:d4 c3:e5 e3-f4 | Played \
             in the game.",
            "mine-64-g4-7w english material:1 | 27-23 20x27 23-19 15x24 28x3 | Played in the game.",
            "mine-64-g5-3b brazilian material:2 | g5-h4 b4xd6 h4xd4 b2-c3 c7xg3 h2xf4 d4xb2 a1xc3 \
             | Missed in the game, which went c7-d6.",
            "mine-64-g6-5w english material:1 | 23-18 14x23 26x12 | Played in the game.",
        ]
    );
    let source = |id: &str| {
        set.exercises
            .iter()
            .find(|e| e.id == id)
            .and_then(|e| e.source.to_option(Lang::English))
            .unwrap()
    };
    // English checkers numbers a move pair from Black's move: White's reply is `7...`.
    assert_eq!(
        source("mine-64-g4-7w"),
        "Hughes, T. - Morgan, D., County league, 2025.02.08, move 7..."
    );
    // Black's 10. 27-31 3x10 9-14 18x9 5x21 only wins back the man White's shot just took
    // (8... 28x3): left out as restoring material.
    assert!(set.exercises.iter().all(|e| e.id != "mine-64-g4-10b"));
    assert_eq!(
        source("mine-64-g5-3b"),
        "Li, Y. - Chen, H., School league, 64, 2025.10.18, move 3..."
    );
    // Positions in the game's notation: square names on the 64-square boards, numbers in
    // english checkers.
    assert!(written.contains(
        "fen: W:Wa1,a3,b2,b4,c3,c5,e1,f2,f4,g1,g3,h2:Ba5,a7,b8,c7,d6,e5,e7,f6,f8,h4,h6,h8\n"
    ));
    assert!(written
        .contains("fen: W:W17,20,21,22,23,25,26,27,28,30,31,32:B1,2,3,4,6,8,9,10,11,13,14,16\n"));
}

#[test]
fn games_without_a_game_type_are_of_the_game_given_by_variant() {
    let folder = std::env::temp_dir().join(format!("damtutor-mine-english-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let games = folder.join("club.pdn");
    std::fs::write(
        &games,
        "[Event \"Club\"]\n\n1. 10-14 24-20 2. 7-10 22-17 3. 9-13 25-22 4. 5-9 29-25 5. 12-16 \
         23-18 6. 14x23 26x12 *\n",
    )
    .unwrap();
    let out = folder.join("out.yaml");
    let output = cli::damtutor(["mine"])
        .arg(&games)
        .args(["--variant", "english", "--out"])
        .arg(&out)
        .output();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let written = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_dir_all(&folder);
    // One game: the set names it, the exercise does not.
    assert!(written.contains("\nvariant: english\n"), "{written}");
    assert!(!written.contains("  variant:"), "{written}");
    assert!(
        written.contains("solution: 23-18 14x23 26x12\n"),
        "{written}"
    );
    assert!(written.contains("    en: Club, move 5...\n"), "{written}");
    assert!(written.contains("    zh: Club, 第5回合白方\n"), "{written}");
}

#[test]
fn each_filter_is_counted() {
    use damtutor::generate::mine::Filtered;
    let input = BufReader::new(std::fs::File::open(MINE_FIXTURE).unwrap());
    let mut report = MineReport::default();
    let mut found = Vec::new();
    generate::mine(
        input,
        &MineOptions::default(),
        &Stop::default(),
        &mut report,
        |event| {
            if let Event::Found(mined) = event {
                found.push(*mined);
            }
        },
    );
    // 123 positions: each left out by one filter, or kept (5), or a duplicate (1).
    assert_eq!(
        report.filtered,
        Filtered {
            inside_played: 10,
            repeated: 0,
            capture_pending: 21,
            no_sacrifice_at_hand: 8,
            no_combination: 77,
            restoring: 1,
            recapture: 0,
            nothing_to_teach: 0,
            tree_too_large: 0,
        }
    );
    assert_eq!(
        (report.positions, report.found, report.duplicates),
        (123, 5, 1)
    );
    // `mine --max-tree 1`: every combination has a second turn of the solving side on its
    // practice page, so all are left out by the practice check, the last filter: the five, the
    // duplicate, and two positions inside the combinations the games played, looked at now that
    // no key is kept (none is skipped as inside a played one).
    let mut options = MineOptions::default();
    options.proof.max_tree = Some(1);
    let mut small = MineReport::default();
    let input = BufReader::new(std::fs::File::open(MINE_FIXTURE).unwrap());
    generate::mine(input, &options, &Stop::default(), &mut small, |_| {});
    let f = &small.filtered;
    assert_eq!(
        (
            small.found,
            f.tree_too_large,
            f.inside_played,
            f.no_combination
        ),
        (0, 8, 0, 77)
    );
    // Every exercise has its title, hint and comment in both languages.
    for mined in &found {
        for lang in [Lang::English, Lang::Chinese] {
            assert!(mined.texts.title.get(lang).is_some(), "{}", mined.source);
            assert!(mined.texts.hint.get(lang).is_some(), "{}", mined.source);
            assert!(mined.texts.comment.get(lang).is_some(), "{}", mined.source);
        }
    }
    assert_eq!(
        found[0].texts.title.get(Lang::Chinese),
        Some("Club championship：白先得子")
    );
    assert_eq!(
        found[0].texts.hint.get(Lang::English),
        Some("Think of a coup Philippe.")
    );
}
