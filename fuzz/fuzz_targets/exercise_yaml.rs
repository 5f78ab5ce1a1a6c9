//! Exercise files: no panic on any bytes; every error names its file; a set that reads is
//! written and read back to the same text (read-write-read).
#![no_main]

use damtutor::exercise;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match exercise::parse_bytes(data, "fuzz.yaml") {
        Ok(set) => {
            let written = exercise::to_yaml(&set);
            let again = exercise::parse(&written, "again.yaml")
                .unwrap_or_else(|e| panic!("{written}\ndoes not read back: {e:?}"));
            assert_eq!(exercise::to_yaml(&again), written);
        }
        Err(errors) => {
            assert!(!errors.is_empty());
            for error in errors {
                assert!(error.to_string().starts_with("fuzz.yaml"), "{error}");
            }
        }
    }
});
