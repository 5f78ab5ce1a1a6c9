//! What the integration tests share: the runner of the binary, headless Chromium, the pages of a
//! printed PDF, the verified combinations, the quiz answers recomputed a second way, the English
//! words a Chinese quiz must not contain, and the sampling scale.

pub mod browser;
pub mod cli;
pub mod combinations;
pub mod english_words;
pub mod pdf;
pub mod quiz_answers;
/// `DAMTUTOR_TEST_SCALE`: shared with the rules crate's tests, so one variable sizes the suite.
#[path = "../../crates/rules/tests/support/scale.rs"]
pub mod scale;
