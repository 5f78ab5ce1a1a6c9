//! Checking students' answers: tactic lines against the solver, quizzes against their key, and
//! a whole class at once.

pub mod answer;
pub mod answer_file;
pub mod class;
pub mod class_sheet;
pub mod explain;
pub mod line;
pub mod quiz;
pub mod report;
pub mod summary;
pub mod verdict;

pub use answer::AnswerValue;
pub use answer_file::{
    load_answer_file, load_answers, parse_answers, parse_answers_bytes, Answer, AnswerFile,
    AnswerSheet, PracticeRecord, Seal, SealProblem,
};
pub use class_sheet::{parse_class_sheet, sheet_column, ClassSheet, SheetProblem, SheetTrouble};

pub use class::{
    gradebook_csv, mark_exercises, question_stats, ItemResult, QuestionStats, StudentResult,
};
pub use line::{
    check_against, check_against_any, check_line, horizon, refutation, LineCheck, LineError,
    NoSolution, Refutation,
};
pub use quiz::{score, QuestionScore, QuizScore};
pub use verdict::Verdict;
