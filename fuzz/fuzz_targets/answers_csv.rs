//! A class's answers in one CSV sheet (what `check` reads from a `.csv` file), in either
//! language, marked against a small exercise set. No panic on any text; every problem found
//! names its row.
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
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for lang in [Lang::English, Lang::Chinese] {
        let Ok(sheet) = exercise::parse_class_sheet(text, "fuzz.csv", lang) else {
            continue;
        };
        for problem in &sheet.problems {
            let _ = problem.say(lang, &sheet.file);
        }
        let limits = Limits {
            max_nodes: 20_000,
            ..Limits::default()
        };
        if let Ok(results) = check::mark_exercises(sets(), &sheet.sheets, limits, lang) {
            let _ = check::gradebook_csv(&results, lang);
        }
    }
});
