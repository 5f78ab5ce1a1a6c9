//! Checking students' answers: tactic lines against the solver, quizzes against their key, and
//! a whole class at once.

pub mod line;

pub use line::{check_against, check_line, LineCheck, LineError, Verdict};
