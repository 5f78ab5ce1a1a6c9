//! Answer files: a student's YAML answer file read and marked against a small exercise set
//! (the lines checked by the solver, within small limits). No panic on any bytes; every error
//! names its file.
//!
//! The CSV class sheet `check` also reads has its target beside this one (`answers_csv`).
#![no_main]

use damtutor::check;
use damtutor::exercise::{self, ExerciseSet};
use damtutor::solver::Limits;
use damtutor::words::Lang;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn sets() -> &'static [ExerciseSet] {
    static SETS: OnceLock<Vec<ExerciseSet>> = OnceLock::new();
    SETS.get_or_init(|| {
        let text = include_str!("../../tests/data/class/exercises.yaml");
        vec![exercise::parse(text, "exercises.yaml").expect("the class fixture reads")]
    })
}

fuzz_target!(|data: &[u8]| {
    let sheet = match exercise::parse_answers_bytes(data, "fuzz.yaml") {
        Ok(sheet) => sheet,
        Err(error) => {
            assert!(error.to_string().starts_with("fuzz.yaml"), "{error}");
            return;
        }
    };
    let limits = Limits {
        max_nodes: 20_000,
        ..Limits::default()
    };
    let results = check::mark_exercises(sets(), &[sheet], limits, Lang::English);
    if let Ok(results) = results {
        let _ = check::gradebook_csv(&results, Lang::English);
    }
});
