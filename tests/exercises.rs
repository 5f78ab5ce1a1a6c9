//! The shipped exercise sets: every exercise proven by the solver, every written solution sound,
//! and each set's theme present in the solver's own analysis.

use damtutor::exercise;
use damtutor::solver::{Limits, Motif};
use damtutor::verify;
use damtutor::words::Lang;
use std::collections::BTreeMap;
use std::path::Path;

#[test]
fn shipped_sets_are_proven() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("exercises");
    let files = exercise::files_in(&folder).unwrap();
    let mut total = 0;
    let mut sets = 0;
    // Proven exercises per game, and the language of each game's sets.
    let mut per_game: BTreeMap<&str, usize> = BTreeMap::new();
    let mut languages: BTreeMap<&str, Vec<Lang>> = BTreeMap::new();
    for file in &files {
        let set = exercise::load(file).unwrap_or_else(|errors| {
            panic!(
                "{}",
                errors
                    .iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        });
        sets += 1;
        languages
            .entry(set.variant.name())
            .or_default()
            .push(set.language);
        let reports = verify::verify_set(&set, Limits::default());
        for report in &reports {
            assert!(
                report.ok(),
                "{}: exercise {}: {:?}",
                file.display(),
                report.id,
                report.problems
            );
            total += 1;
        }
        for exercise in &set.exercises {
            assert_eq!(
                exercise.variant(),
                set.variant,
                "{}: {} is of another game than its set",
                file.display(),
                exercise.id
            );
            *per_game.entry(exercise.variant().name()).or_default() += 1;
            assert!(
                exercise
                    .solution
                    .as_deref()
                    .is_some_and(|t| !t.trim().is_empty()),
                "{}: {} has no solution",
                file.display(),
                exercise.id
            );
            // The teacher's words, at least in the set's own language.
            for (what, text) in [
                ("hint", &exercise.hint),
                ("comment", &exercise.comment),
                ("source", &exercise.source),
            ] {
                assert!(
                    text.get(set.language).is_some(),
                    "{}: {} has no {what} in {}",
                    file.display(),
                    exercise.id,
                    set.language
                );
            }
        }
        // The set's theme: Turkish strikes show turkish_strike; named shots show a named motif
        // or the tag the teacher gave.
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        if name.contains("turkish") {
            for report in &reports {
                assert!(
                    report.solution.motifs().contains(&Motif::TurkishStrike),
                    "{name}: {} lacks turkish_strike: {:?}",
                    report.id,
                    report.solution.motifs()
                );
            }
        }
        for (report, exercise) in reports.iter().zip(&set.exercises) {
            for tag in &exercise.motifs {
                let motif = *tag;
                assert!(
                    report.solution.motifs().contains(&motif),
                    "{name}: {} is tagged {tag} but the solver's line shows {:?}",
                    report.id,
                    report.solution.motifs()
                );
            }
        }
    }
    assert!(sets >= 6, "{sets} sets");
    assert!(total >= 95, "{total} exercises");
    // The shipped sets of the 8x8 games: the 64-square set in Chinese, the Russian one (in
    // Chinese too) and English checkers in English.
    assert!(per_game["international"] >= 48, "{per_game:?}");
    assert!(per_game["brazilian"] >= 20, "{per_game:?}");
    assert!(per_game["russian"] >= 12, "{per_game:?}");
    assert!(per_game["english"] >= 12, "{per_game:?}");
    assert_eq!(languages["brazilian"], [Lang::Chinese]);
    assert_eq!(languages["russian"], [Lang::Chinese]);
    assert_eq!(languages["english"], [Lang::English]);
}
