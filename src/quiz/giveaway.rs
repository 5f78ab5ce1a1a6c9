//! A quiz must not answer itself: a question whose diagram is a right answer to the paper's
//! design question ("set up a Turkish strike"), copied from the same page, gives that answer
//! away; such diagram questions are left off the paper.

use super::family::QUIZ_LIMITS;
use super::question::{Question, QuestionType};
use super::tactics::shows;
use crate::solver::{Goal, Solver};
use crate::{with_variant, Rules};
use damtutor_rules::Position;

/// Whether `question`'s diagram would be accepted as the answer to `design`: the same game,
/// the side `design` asks for to move, and a win that shows its motif.
pub fn answers_design(design: &Question, question: &Question) -> bool {
    if design.kind != QuestionType::Design
        || question.kind == QuestionType::Design
        || design.variant != question.variant
    {
        return false;
    }
    let (Some(fen), Some(motif), Some(side)) = (&question.fen, design.motif, design.side) else {
        return false;
    };
    with_variant!(design.variant, R => shows_motif::<R>(fen, side, motif))
}

fn shows_motif<R: Rules>(
    fen: &str,
    side: crate::square::Color,
    motif: crate::solver::Motif,
) -> bool {
    let Ok(position) = fen.parse::<Position<R>>() else {
        return false;
    };
    if position.turn() != side {
        return false;
    }
    let solution = Solver::<R>::new().solve(&position, Goal::Auto, QUIZ_LIMITS);
    shows(&solution, motif)
}

/// Leaves off the questions that a design question on the paper would accept as its answer;
/// returns the type of each one left off.
pub(crate) fn drop_giveaways(questions: &mut Vec<Question>) -> Vec<QuestionType> {
    let designs: Vec<Question> = questions
        .iter()
        .filter(|q| q.kind == QuestionType::Design)
        .cloned()
        .collect();
    let mut lost = Vec::new();
    if designs.is_empty() {
        return lost;
    }
    questions.retain(|q| {
        let gives_away = designs.iter().any(|design| answers_design(design, q));
        if gives_away {
            lost.push(q.kind);
        }
        !gives_away
    });
    lost
}
