//! FEN reader: no panic on any text, for every game; a position read is written and read back
//! to the same position (read-write-read).
#![no_main]

use damtutor_rules::{with_variant, Position, Rules, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for variant in Variant::ALL {
        with_variant!(variant, R => {
            let _ = damtutor_rules::fen::parse_setup(text, R::RULES.board);
            if let Ok(position) = text.parse::<Position<R>>() {
                let written = position.to_string();
                let again: Position<R> = written
                    .parse()
                    .unwrap_or_else(|e| panic!("{written:?} (from {text:?}) does not read back: {e}"));
                assert_eq!(again, position, "{text:?} -> {written:?}");
                assert_eq!(again.to_string(), written);
            }
        });
    }
});
