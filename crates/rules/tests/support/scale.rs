//! How much random sampling the tests do: `DAMTUTOR_TEST_SCALE` (a positive number, default 1)
//! multiplies the number of proptest cases, random games and quiz seeds of the sampling tests.
//! The default keeps `cargo test` within a few minutes on two cores; CI or a night run sets it
//! larger (`DAMTUTOR_TEST_SCALE=10 cargo test`). The exact checks (published perft counts,
//! legal-move sets, every shipped exercise) do not depend on it.
//!
//! Shared by the rules crate's tests and the teaching crate's (`#[path]`), so one variable sizes
//! the whole suite.

/// `default` scaled by `DAMTUTOR_TEST_SCALE`, at least 1. A value that is not a positive number
/// stops the test with a message rather than silently testing less.
#[allow(dead_code)]
pub fn scaled(default: u32) -> u32 {
    let scale = match std::env::var("DAMTUTOR_TEST_SCALE") {
        Err(_) => 1.0,
        Ok(text) => match text.trim().parse::<f64>() {
            Ok(scale) if scale > 0.0 && scale.is_finite() => scale,
            _ => panic!("DAMTUTOR_TEST_SCALE={text:?}: expected a positive number such as 1 or 10"),
        },
    };
    ((f64::from(default) * scale).round() as u32).max(1)
}
