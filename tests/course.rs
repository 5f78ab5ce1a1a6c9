//! The graded course in `exercises/course/<game>/` (made by `scripts/course.sh`): 300 or more
//! exercises per board, each with a level 1-6, motifs, a title and hint in both languages and
//! a named source; no position twice on a board, nor its colour mirror; and every file proven
//! by `damtutor validate` (the same check the script ends with).

#[path = "support/cli.rs"]
mod cli;

use cli::damtutor;
use damtutor::exercise::{self, Exercise};
use damtutor::words::Lang;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const BOARDS: [&str; 4] = ["international", "brazilian", "russian", "english"];

fn course() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("exercises/course")
}

fn board(game: &str) -> Vec<(PathBuf, Vec<Exercise>)> {
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
            (path, set.exercises)
        })
        .collect()
}

#[test]
fn every_board_has_three_hundred_exercises_with_levels_texts_and_sources() {
    for game in BOARDS {
        let files = board(game);
        let exercises: Vec<&Exercise> = files.iter().flat_map(|(_, set)| set).collect();
        assert!(exercises.len() >= 300, "{game}: {}", exercises.len());
        let mut levels = BTreeMap::new();
        for e in &exercises {
            assert_eq!(e.variant().name(), game, "{}", e.id);
            let level = e.difficulty.unwrap_or_else(|| panic!("{}: no level", e.id));
            assert!((1..=6).contains(&level), "{}: level {level}", e.id);
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
        // Levels 2 to 6 at least are taught on every board.
        for level in 2..=6 {
            assert!(
                levels.contains_key(&level),
                "{game}: no level {level}: {levels:?}"
            );
        }
    }
}

#[test]
fn no_position_appears_twice_on_a_board_nor_its_colour_mirror() {
    for game in BOARDS {
        let mut seen: BTreeMap<String, String> = BTreeMap::new();
        for (_, set) in board(game) {
            for e in set {
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

/// The whole course through `validate` (every solution proven, every key unique within the
/// solver's horizon): about 12 s of CPU for the 1,238 exercises.
#[test]
fn every_course_file_passes_validate() {
    for game in BOARDS {
        for (path, _) in board(game) {
            let output = damtutor(["validate", path.to_str().unwrap()]).output();
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(
                output.status.success(),
                "{}: {stdout}{}",
                path.display(),
                String::from_utf8_lossy(&output.stderr)
            );
            assert!(stdout.contains(" 0 failed"), "{stdout}");
        }
    }
}
