//! PDN reader: no panic and bounded work on any bytes; every game read is written and read
//! back to the same moves from the same start (read-write-read).
#![no_main]

use damtutor_rules::pdn::{VariantGame, VariantReader};
use damtutor_rules::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in VariantReader::new(data, Variant::International).take(64) {
        let Ok(game) = game else {
            continue;
        };
        let written = game.write();
        let again: Vec<_> = VariantReader::new(written.as_bytes(), game.variant()).collect();
        assert_eq!(again.len(), 1, "{written}");
        let again = again
            .into_iter()
            .next()
            .unwrap()
            .unwrap_or_else(|e| panic!("the written game does not read back: {e}\n{written}"));
        assert_eq!(again.variant(), game.variant(), "{written}");
        assert_eq!(same_play(&again), same_play(&game), "{written}");
        assert_eq!(again.write(), written);
    }
});

/// The start and the moves of a game, as text.
fn same_play(game: &VariantGame) -> (String, Vec<String>) {
    fn of<R: damtutor_rules::Rules>(g: &damtutor_rules::pdn::PdnGame<R>) -> (String, Vec<String>) {
        (
            g.start.to_string(),
            g.moves.iter().map(|m| m.to_string()).collect(),
        )
    }
    match game {
        VariantGame::International(g) => of(g),
        VariantGame::Brazilian(g) => of(g),
        VariantGame::Russian(g) => of(g),
        VariantGame::English(g) => of(g),
    }
}
