//! The shipped exercise sets: every exercise proven by the solver, every written solution sound,
//! and each set's theme present in the solver's own analysis.

use damtutor::exercise;
use damtutor::solver::{Limits, Motif};
use damtutor::verify;
use std::path::Path;

#[test]
fn shipped_sets_are_proven() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("exercises");
    let files = exercise::files_in(&folder).unwrap();
    let mut total = 0;
    let mut sets = 0;
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
    assert!(sets >= 3, "{sets} sets");
    assert!(total >= 40, "{total} exercises");
}
