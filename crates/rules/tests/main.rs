//! The rules crate's integration tests, one test binary with a module a file
//! (`tests/NAME.rs`), so the crate and its test dependencies are linked once: `cargo test -p
//! damtutor-rules --test rules NAME::` runs one file's tests. `tests/streaming.rs` stays a
//! binary of its own: its counting allocator is the whole binary's allocator.

mod pdn;
mod properties;
mod rules;
mod shared_games;
