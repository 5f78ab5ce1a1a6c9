//! The graded course in `exercises/course/<game>/` (made by `scripts/course.sh`): 300 or more
//! exercises per board, levels 1 to 6 each taught, every exercise with a level, motifs, a title
//! and hint in both languages and a named source; no position twice on a board, nor its colour
//! mirror; every exercise proven as `damtutor validate` proves it, its written level, motifs and
//! solution the solver's; and a practice page with `practice`'s defaults of each board: of a
//! sample of each level by default, of the whole board in the long run (`--ignored`).

use crate::support::cli;

use crate::support::scale::scaled;
use cli::run_in_crate;
use damtutor::exercise::{self, Exercise, ExerciseSet};
use damtutor::practice::{self, PracticeOptions};
use damtutor::render::worksheet::Item;
use damtutor::solver::Limits;
use damtutor::verify::{self, ExerciseReport};
use damtutor::words::Lang;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const BOARDS: [&str; 4] = ["international", "brazilian", "russian", "english"];

fn course() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("exercises/course")
}

fn board(game: &str) -> Vec<(PathBuf, ExerciseSet)> {
    let folder = course().join(game);
    exercise::files_in(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .into_iter()
        .map(|path| {
            let set = exercise::load(&path).unwrap_or_else(|e| panic!("{e:?}"));
            // The set's own title in both languages: a Chinese sheet or page names it in Chinese.
            for lang in [Lang::English, Lang::Chinese] {
                let title = set.title.get(lang).unwrap_or_default();
                assert!(
                    !title.trim().is_empty(),
                    "{}: no title in {lang:?}",
                    path.display()
                );
            }
            (path, set)
        })
        .collect()
}

/// The level a file's name promises (`level-3.yaml`), if it names one.
fn level_of_file(path: &Path) -> Option<u8> {
    let stem = path.file_stem()?.to_str()?;
    stem.strip_prefix("level-")?.parse().ok()
}

#[test]
fn every_board_has_three_hundred_exercises_at_six_levels_with_texts_and_sources() {
    for game in BOARDS {
        let files = board(game);
        let mut levels = BTreeMap::new();
        let mut count = 0;
        for (path, set) in &files {
            for e in &set.exercises {
                count += 1;
                assert_eq!(e.variant().name(), game, "{}", e.id);
                let level = e.difficulty.unwrap_or_else(|| panic!("{}: no level", e.id));
                assert!((1..=6).contains(&level), "{}: level {level}", e.id);
                if let Some(promised) = level_of_file(path) {
                    assert_eq!(level, promised, "{}: {}", path.display(), e.id);
                }
                *levels.entry(level).or_insert(0) += 1;
                assert!(!e.motifs.is_empty(), "{}: no motif", e.id);
                for lang in [Lang::English, Lang::Chinese] {
                    for (what, text) in [
                        ("title", &e.title),
                        ("hint", &e.hint),
                        ("source", &e.source),
                    ] {
                        let text = text.get(lang).unwrap_or_default();
                        assert!(!text.trim().is_empty(), "{}: no {what} in {lang:?}", e.id);
                    }
                }
                assert!(e.solution.is_some(), "{}: no solution", e.id);
            }
        }
        assert!(count >= 300, "{game}: {count}");
        // Every level is taught on every board, each in a file of its own.
        for level in 1..=6u8 {
            assert!(
                levels.contains_key(&level),
                "{game}: no level {level}: {levels:?}"
            );
            assert!(
                files
                    .iter()
                    .any(|(path, _)| level_of_file(path) == Some(level)),
                "{game}: no level-{level}.yaml"
            );
        }
    }
}

#[test]
fn no_position_appears_twice_on_a_board_nor_its_colour_mirror() {
    for game in BOARDS {
        let mut seen: BTreeMap<String, String> = BTreeMap::new();
        for (_, set) in board(game) {
            for e in set.exercises {
                let fen = e.position.to_string();
                let mirror = e.position.mirrored().to_string();
                for key in [&fen, &mirror] {
                    if let Some(first) = seen.get(key) {
                        panic!("{game}: {} repeats {first} ({fen})", e.id);
                    }
                }
                seen.insert(fen, e.id.clone());
            }
        }
    }
}

/// Which of a board's exercises go on its practice page.
#[derive(Clone, Copy)]
enum Page {
    /// `scaled(2)` exercises of each level (evenly spread over the level's exercises in file
    /// order; 12 a board by default, 48 in CI): the default run's page.
    Sample,
    /// The whole board, as a teacher makes it with `damtutor practice exercises/course/<game>`
    /// (the long run).
    Whole,
}

/// One board through the check `validate` makes (every solution proven, every key unique
/// within the solver's horizon), each exercise's level, motifs and solution the solver's
/// (the level is the estimate of the solution, as `generate` and `mine` wrote it); then the
/// `page` of the board as one practice page with `practice`'s defaults (every proof tree within
/// its --max-tree).
fn board_is_proven_and_practicable(game: &str, page: Page) {
    let files = board(game);
    let reports: Vec<Vec<ExerciseReport>> = files
        .iter()
        .map(|(_, set)| verify::verify_set(set, Limits::default()))
        .collect();
    let mut by_level: BTreeMap<Option<u8>, Vec<Item>> = BTreeMap::new();
    for ((path, set), reports) in files.iter().zip(&reports) {
        for (e, report) in set.exercises.iter().zip(reports) {
            check_exercise(path, e, report);
            by_level.entry(e.difficulty).or_default().push(Item {
                set,
                exercise: e,
                solution: &report.solution,
            });
        }
    }
    let items: Vec<Item> = match page {
        Page::Whole => by_level.into_values().flatten().collect(),
        Page::Sample => {
            let per_level = scaled(2) as usize;
            by_level
                .into_values()
                .flat_map(|level| {
                    let count = level.len();
                    let wanted = per_level.min(count);
                    level
                        .into_iter()
                        .enumerate()
                        .filter(move |(i, _)| (0..wanted).any(|k| k * count / wanted == *i))
                        .map(|(_, item)| item)
                })
                .collect()
        }
    };
    if let Err(error) = practice::build(&items, &PracticeOptions::default()) {
        panic!("{game}: no practice page: {error}");
    }
}

fn check_exercise(path: &Path, e: &Exercise, report: &ExerciseReport) {
    let place = format!("{}: {}", path.display(), e.id);
    assert_eq!(report.id, e.id);
    assert!(report.ok(), "{place}: {:?}", report.problems);
    assert!(report.warnings.is_empty(), "{place}: {:?}", report.warnings);
    let solution = &report.solution;
    assert!(solution.is_solved(), "{place}");
    assert_eq!(
        e.difficulty,
        solution.difficulty().map(|d| d.level),
        "{place}: {:?}",
        solution.difficulty()
    );
    assert_eq!(e.motifs, solution.motifs(), "{place}");
    assert_eq!(
        e.solution.as_deref(),
        Some(solution.line_texts().join(" ").as_str()),
        "{place}"
    );
}

#[test]
fn the_international_course_is_proven_and_a_sample_practicable() {
    board_is_proven_and_practicable("international", Page::Sample);
}

#[test]
fn the_brazilian_course_is_proven_and_a_sample_practicable() {
    board_is_proven_and_practicable("brazilian", Page::Sample);
}

#[test]
fn the_russian_course_is_proven_and_a_sample_practicable() {
    board_is_proven_and_practicable("russian", Page::Sample);
}

#[test]
fn the_english_course_is_proven_and_a_sample_practicable() {
    board_is_proven_and_practicable("english", Page::Sample);
}

#[test]
#[ignore = "long: the whole board as one practice page (run by CI's --ignored run)"]
fn the_whole_international_course_is_one_practice_page() {
    board_is_proven_and_practicable("international", Page::Whole);
}

#[test]
#[ignore = "long: the whole board as one practice page (run by CI's --ignored run)"]
fn the_whole_brazilian_course_is_one_practice_page() {
    board_is_proven_and_practicable("brazilian", Page::Whole);
}

#[test]
#[ignore = "long: the whole board as one practice page (run by CI's --ignored run)"]
fn the_whole_russian_course_is_one_practice_page() {
    board_is_proven_and_practicable("russian", Page::Whole);
}

#[test]
#[ignore = "long: the whole board as one practice page (run by CI's --ignored run)"]
fn the_whole_english_course_is_one_practice_page() {
    board_is_proven_and_practicable("english", Page::Whole);
}

/// A teacher's first sheet: the level-1 exercises of a board's folder, as the README shows.
#[test]
fn a_worksheet_reads_a_boards_first_level() {
    let out = std::env::temp_dir().join(format!("course-level-1-{}.html", std::process::id()));
    let output = run_in_crate(&[
        "worksheet",
        "exercises/course/english",
        "--level",
        "1",
        "--count",
        "12",
        "--seed",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("12 exercises"), "{stdout}");
    let html = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).ok();
    assert_eq!(html.matches("level 1 (").count(), 12, "{html}");
}
