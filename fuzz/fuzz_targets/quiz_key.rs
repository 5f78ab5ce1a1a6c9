//! Quiz keys and quiz answers: a key read from any JSON text, and a student's answers marked
//! against a real key (quiz seed 7). The first line of the input chooses which; no panic
//! either way.
#![no_main]

use damtutor::check;
use damtutor::exercise;
use damtutor::quiz::{self, Key, QuizOptions};
use damtutor::words::Lang;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn key() -> &'static Key {
    static KEY: OnceLock<Key> = OnceLock::new();
    KEY.get_or_init(|| {
        let options = QuizOptions {
            seed: 7,
            ..QuizOptions::default()
        };
        quiz::generate(&options).expect("the seed 7 quiz").key()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(json) = text.strip_prefix("key\n") {
        if let Ok(key) = Key::from_json(json) {
            let _ = key.to_json();
        }
        return;
    }
    if let Ok(sheet) = exercise::parse_answers(text, "fuzz.yaml") {
        let results = check::class::mark_quiz(key(), &[sheet], Lang::English);
        let _ = check::gradebook_csv(&results, Lang::English);
    }
});
