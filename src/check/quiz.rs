//! Scoring a student's answers to a quiz against its [`Key`]; the answers are read by
//! [`answer`](super::answer).
//!
//! Answers are given per question id, as JSON strings, numbers or lists
//! (`{"q1": "B", "q2": ["A", "C"], "q9": "允许；禁止", "q19": "1. 43-38 47x32 2. 28x37"}`):
//!
//! - **single choice**: the letter (`"B"`, `"b"`, `"(B)"`, full-width `"Ｂ"`); 2 points.
//! - **multiple choice**: the letters, as `"A,C"`, `"AC"`, `"A C"`, `"A、C"` or `["A", "C"]`; all or
//!   nothing: every right letter and no other.
//! - **fill in the blanks**: one answer per blank, as a list or one text with the answers
//!   separated by `;`, `,`, `、`, `|`, `/` or new lines (or spaces, when that gives the right
//!   count). Words are compared after normalisation: case, spaces, full-width characters and
//!   final punctuation do not matter, and the English and Chinese words count the same
//!   (`permitted` = `allowed` = `允许` = `可以`; `forbidden` = `not allowed` = `禁止`;
//!   `white` = `白` = `白方`...). Numbers may be digits or words (`twenty-five`, `二十五`,
//!   `third`, `第三`, `25步`). Moves are read in the question's diagram, so any notation of the
//!   same legal move counts (`28x19`, `28×19`, `28x19x...`). A FEN counts when it reads as the
//!   same position. Each right blank earns its points.
//! - **diagram** ("play and win"): the line of moves, with or without move numbers and the
//!   defender's moves, checked by [`check_line`]: a correct or alternative complete solution
//!   earns full points; a line that is right but stops early, with the right key move, half.
//! - **design** ("set up a Turkish strike"): a FEN (`W:W11,23,27,28,43:BK47`) or the squares of
//!   each side (`white 11 23 27 28 43 black K47`, `白：11,23,27,28,43 黑：K47`) with the asked
//!   side to move; accepted when the position is legal and the solver proves a win (or a
//!   material gain) whose line shows the asked motif.

use super::answer::{blank_items, letters, parse_design, parse_number, AnswerValue};
use super::line::{check_line, LineCheck};
use super::verdict::Verdict;
use crate::position::Position;
use crate::quiz::{shows, BlankKind, Key, KeyQuestion, QuestionType, QUIZ_LIMITS};
use crate::solver::{Goal, Motif, Solver};
use crate::square::Color;
use crate::words::synonyms::same_word;
use crate::words::{self, say, Lang, Text};
use serde::Serialize;
use std::collections::BTreeMap;

/// The score of one question.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuestionScore {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: QuestionType,
    /// Points earned (a diagram line that is right but stops early earns half).
    pub points: f64,
    /// Points possible.
    pub max: f64,
    /// Whether the answer earned every point.
    pub correct: bool,
    /// Whether anything was answered.
    pub answered: bool,
    /// `correct`, `partial` (some points), `wrong` (none) or `missing`.
    pub verdict: Verdict,
    /// One sentence for the student, in the quiz's language.
    pub feedback: String,
}

/// The score of a whole quiz.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuizScore {
    /// Points earned.
    pub points: f64,
    /// Points possible.
    pub max: f64,
    /// Each question of the key, in order.
    pub questions: Vec<QuestionScore>,
}

/// Scores `answers` (by question id) against `key`; questions without an answer score 0.
/// The answer formats are described in the [module documentation](self).
///
/// ```
/// use damtutor::check::{score, AnswerValue};
/// use damtutor::quiz::{generate, QuizOptions};
/// use std::collections::BTreeMap;
///
/// let quiz = generate(&QuizOptions { count: 5, seed: 3, ..QuizOptions::default() })?;
/// let key = quiz.key();
/// let mut answers = BTreeMap::new();
/// for q in &key.questions {
///     answers.insert(q.id.clone(), AnswerValue::List(q.answer.clone()));
/// }
/// let result = score(&key, &answers);
/// assert_eq!(result.points, result.max);
/// assert_eq!(score(&key, &BTreeMap::new()).points, 0.0);
/// # Ok::<(), damtutor::quiz::QuizError>(())
/// ```
pub fn score(key: &Key, answers: &BTreeMap<String, AnswerValue>) -> QuizScore {
    let lang = key.lang;
    let mut solver: Option<Solver> = None;
    let questions: Vec<QuestionScore> = key
        .questions
        .iter()
        .map(|q| {
            let answer = answers.get(&q.id);
            let (points, feedback) = match answer {
                None => (0.0, say!(lang, Text::NoAnswer)),
                Some(a) if a.is_empty() => (0.0, say!(lang, Text::NoAnswer)),
                Some(a) => match q.kind {
                    QuestionType::Single | QuestionType::Multi => choice(q, a, lang),
                    QuestionType::Blank => blanks(q, a, lang),
                    QuestionType::Diagram => {
                        diagram(q, a, lang, solver.get_or_insert_with(Solver::new))
                    }
                    QuestionType::Design => {
                        design(q, a, lang, solver.get_or_insert_with(Solver::new))
                    }
                },
            };
            let max = f64::from(q.points);
            let points = points.min(max);
            let answered = answer.is_some_and(|a| !a.is_empty());
            let verdict = if !answered {
                Verdict::Missing
            } else if points >= max {
                Verdict::Correct
            } else if points > 0.0 {
                Verdict::Partial
            } else {
                Verdict::Wrong
            };
            QuestionScore {
                id: q.id.clone(),
                kind: q.kind,
                points,
                max,
                correct: points >= max,
                answered,
                verdict,
                feedback,
            }
        })
        .collect();
    QuizScore {
        points: questions.iter().map(|q| q.points).sum(),
        max: questions.iter().map(|q| q.max).sum(),
        questions,
    }
}

fn choice(q: &KeyQuestion, answer: &AnswerValue, lang: Lang) -> (f64, String) {
    let Some(given) = letters(answer) else {
        return (0.0, say!(lang, Text::AnswerWithLetters));
    };
    let mut right = q.answer.clone();
    right.sort();
    let list = right.join(", ");
    if given == right {
        (f64::from(q.points), say!(lang, Text::Right))
    } else if q.kind == QuestionType::Multi {
        (0.0, say!(lang, Text::AllOrNothing, list))
    } else {
        (0.0, say!(lang, Text::RightOption, list))
    }
}

fn blanks(q: &KeyQuestion, answer: &AnswerValue, lang: Lang) -> (f64, String) {
    let items = blank_items(answer, q.blanks.len());
    let position: Option<Position> = q.fen.as_deref().and_then(|f| f.parse().ok());
    let mut points = 0.0;
    let mut wrong = Vec::new();
    for (i, blank) in q.blanks.iter().enumerate() {
        let given = items.get(i).map(String::as_str).unwrap_or("");
        let right = !given.trim().is_empty()
            && match blank.kind {
                BlankKind::Text => same_word(given, &blank.accept),
                BlankKind::Number => {
                    let want = blank.accept.first().and_then(|a| a.parse::<u64>().ok());
                    want.is_some() && parse_number(given) == want
                }
                BlankKind::Move => position.as_ref().is_some_and(|p| {
                    let want = blank.accept.first().and_then(|a| p.parse_move(a).ok());
                    want.is_some() && p.parse_move(given).ok() == want
                }),
                BlankKind::Fen => {
                    let want = blank
                        .accept
                        .first()
                        .and_then(|a| a.parse::<Position>().ok());
                    want.is_some() && given.parse::<Position>().ok() == want
                }
            };
        if right {
            points += f64::from(blank.points);
        } else {
            wrong.push(format!(
                "{} ({})",
                i + 1,
                q.answer.get(i).map(String::as_str).unwrap_or("?")
            ));
        }
    }
    let feedback = if wrong.is_empty() {
        say!(lang, Text::Right)
    } else {
        say!(lang, Text::BlanksNotRight, list = wrong.join(", "))
    };
    (points, feedback)
}

/// The feedback on a checked line, in the quiz's language.
fn line_feedback(check: &LineCheck, lang: Lang) -> String {
    let error = check.first_error.as_ref();
    let (ply, text, reason, refutation) = error
        .map(|e| {
            (
                e.ply,
                e.text.clone(),
                e.reason.clone(),
                e.refutation.join(" "),
            )
        })
        .unwrap_or_default();
    let key = match check.verdict {
        Verdict::Correct => Text::FeedbackCorrect,
        Verdict::Alternative => Text::FeedbackAlternative,
        Verdict::Incomplete | Verdict::Partial => Text::FeedbackIncomplete,
        Verdict::Missing => Text::NoAnswer,
        Verdict::Wrong if refutation.is_empty() => Text::FeedbackWrong,
        Verdict::Wrong => Text::FeedbackWrongRefuted,
        Verdict::Illegal => Text::FeedbackIllegal,
    };
    say!(
        lang,
        key,
        message = check.message,
        ply,
        text,
        reason,
        refutation
    )
}

fn diagram(
    q: &KeyQuestion,
    answer: &AnswerValue,
    lang: Lang,
    solver: &mut Solver,
) -> (f64, String) {
    let Some(position) = q.fen.as_deref().and_then(|f| f.parse::<Position>().ok()) else {
        return (0.0, say!(lang, Text::KeyHasNoDiagram));
    };
    let goal = q.goal.unwrap_or(Goal::Win);
    let book = q.answer.join(" ");
    match check_line(
        solver,
        &position,
        &answer.joined(),
        goal,
        Some(&book),
        QUIZ_LIMITS,
    ) {
        Ok(check) => {
            let points = if check.accepted {
                f64::from(q.points)
            } else if check.verdict == Verdict::Incomplete && check.key_right {
                f64::from(q.points) / 2.0
            } else {
                0.0
            };
            (points, line_feedback(&check, lang))
        }
        Err(e) => (0.0, e.to_string()),
    }
}

fn design(q: &KeyQuestion, answer: &AnswerValue, lang: Lang, solver: &mut Solver) -> (f64, String) {
    let side = q.side.unwrap_or(Color::White);
    let motif = q.motif.unwrap_or(Motif::TurkishStrike);
    let name = words::motif(lang, motif);
    let position = match parse_design(&answer.joined(), side) {
        Ok(p) => p,
        Err(error) => return (0.0, say!(lang, Text::NotAPosition, error)),
    };
    if position.turn() != side {
        let who = words::side(lang, side);
        return (0.0, say!(lang, Text::MustHaveToMove, who));
    }
    let solution = solver.solve(&position, Goal::Auto, QUIZ_LIMITS);
    let line = solution.annotated();
    if shows(&solution, motif) {
        (
            f64::from(q.points),
            say!(lang, Text::DesignAccepted, line, name),
        )
    } else if solution.is_solved() {
        (0.0, say!(lang, Text::DesignWithoutMotif, line, name))
    } else {
        (0.0, say!(lang, Text::DesignNoWin, name))
    }
}
