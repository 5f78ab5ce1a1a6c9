//! The integration tests of damtutor, one test binary with a module a file (`tests/NAME.rs`):
//! the library and its dependencies are linked once rather than once a file, and the harness
//! runs the tests of every file side by side on all the cores. One file's tests:
//! `cargo test --test integration NAME::` (e.g. `practice::`); one test: add more of its name.
//! Their snapshots are `tests/snapshots/integration__NAME__*.snap`.

mod support;

mod check_class;
mod check_line;
mod chinese_errors;
mod chinese_output;
mod cli_errors;
mod cli_rules;
mod cli_solver;
mod course;
mod exercises;
mod generate;
mod hardening;
mod mine;
mod practice;
mod quiz;
mod quiz_options;
mod quiz_print;
mod quiz_scoring;
mod quiz_self_answer;
// The teacher's desk needs the server (the default feature `serve`).
#[cfg(feature = "serve")]
mod serve;
mod solver;
mod verdicts;
mod worksheet;
mod worksheet_controls;
mod worksheet_print;
