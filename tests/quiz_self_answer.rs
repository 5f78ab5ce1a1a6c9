//! A quiz must not answer itself: over the sampled quizzes of every game (6 x
//! `DAMTUTOR_TEST_SCALE` seeds from 0, in both languages, FEN questions on odd seeds: the quizzes whose
//! answers `quiz.rs` checks, made once for both), no prompt appears twice on the same diagram (or
//! on none), and no diagram question is a right answer to the paper's design question, and no two
//! questions share an answer that one's wording gives away (the long diagonal and the corners,
//! the conduct questions of seed 000). Quizzes are built without printing (no PDF), so the scan
//! stays fast.

use crate::support::quiz_answers::{made, sampled};
use crate::support::scale::scaled;
use damtutor::quiz::{answers_design, QuestionType};
use damtutor::words::Lang;
use damtutor::Variant;
use std::collections::BTreeSet;

/// Pairs of families that share an answer, one's wording giving the other away: the long
/// diagonal (大道) and the corners (角); the conduct acts (changing a move before the hand
/// leaves the piece, removing captured pieces during the capture, stacking a piece on a new
/// king) and the questions on when a move is made (落子生根), when captured pieces come off
/// and how a king is marked; the crowning blank (加冕), whose prompt says how a king is marked;
/// a king's captured pieces "taken off at once" and the removal and conduct questions.
const SHARED_ANSWERS: [[&str; 2]; 7] = [
    ["long_diagonal", "corners"],
    ["move_made", "conduct"],
    ["removal", "conduct"],
    ["king_mark", "conduct"],
    ["king_mark", "crowning_name"],
    ["king_facts", "conduct"],
    ["king_facts", "removal"],
];

/// Families asked at most once a paper: their questions draw on one set of statements or
/// clauses (the jumping blanks in another order, a single and a multiple choice on kings).
const ONCE: [&str; 5] = ["jumping", "conduct", "king_facts", "man_captures", "losing"];

// One test a game, so that the four run side by side.
#[test]
fn no_international_quiz_answers_itself() {
    no_quiz_answers_itself(Variant::International);
}

#[test]
fn no_brazilian_quiz_answers_itself() {
    no_quiz_answers_itself(Variant::Brazilian);
}

#[test]
fn no_russian_quiz_answers_itself() {
    no_quiz_answers_itself(Variant::Russian);
}

#[test]
fn no_english_quiz_answers_itself() {
    no_quiz_answers_itself(Variant::English);
}

fn no_quiz_answers_itself(variant: Variant) {
    for seed in 0..u64::from(scaled(6)) {
        for lang in [Lang::English, Lang::Chinese] {
            let quiz = made(&sampled(variant, seed, lang));
            let context = format!("{variant} {lang} seed {seed}");
            // Families whose answers one's wording gives away: never both on a paper.
            let asked = |family: &str| quiz.questions.iter().any(|q| q.family == family);
            for [a, b] in SHARED_ANSWERS {
                assert!(
                    !(asked(a) && asked(b)),
                    "{context}: {a} and {b} are both asked"
                );
            }
            for family in ONCE {
                let times = quiz.questions.iter().filter(|q| q.family == family).count();
                assert!(times <= 1, "{context}: {family} asked {times} times");
            }
            let mut prompts = BTreeSet::new();
            for q in &quiz.questions {
                assert!(
                    prompts.insert((q.fen.clone(), q.prompt.clone())),
                    "{context}: {} asked twice: {}",
                    q.id,
                    q.prompt
                );
            }
            for design in quiz
                .questions
                .iter()
                .filter(|q| q.kind == QuestionType::Design)
            {
                for q in &quiz.questions {
                    assert!(
                        !answers_design(design, q),
                        "{context}: {} (diagram {:?}) answers the design question {}",
                        q.id,
                        q.fen,
                        design.id
                    );
                }
            }
        }
    }
}
