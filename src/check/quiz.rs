//! Scoring a student's answers to a quiz against its [`Key`], each question by the rules of its
//! game (international draughts, the 64-square games, English checkers); the answers are read
//! by [`answer`](super::answer). The feedback is in the key's language.
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
//!   `white` = `白` = `白方`; English checkers' dark side `black` = `red` = `红`...). Numbers may
//!   be digits or words (`twenty-five`, `二十五`, `third`, `第三`, `25步`). Moves are read in the
//!   question's diagram and scored by the notation rules: any writing of the same legal move
//!   counts (`28x19`, `28×19`, `28x19x...`, `c3:e5` or `c3xe5`), but a capture must be written
//!   as one (`20-49` is wrong where the key is `20x49`) and a move without capture with `-`.
//!   A square counts by its name or number (`a1` or `29`). A FEN counts when it reads as the
//!   same position. Each right blank earns its points.
//! - **diagram** ("play and win"): the line of moves, with or without move numbers and the
//!   defender's moves, checked by [`check_line`]: a correct or alternative complete solution
//!   earns full points; a line that is right but stops early, with the right key move, half;
//!   a line the solver cannot judge within the quiz's limits (verdict `unknown`) is not
//!   marked: the teacher decides, and the question counts in no maximum.
//! - **design** ("set up a Turkish strike"): a FEN (`W:W11,23,27,28,43:BK47`) or the squares of
//!   each side (`white 11 23 27 28 43 black K47`, `白：11,23,27,28,43 黑：K47`, `白：c3 e3 黑：Kd6`)
//!   with the asked side to move; accepted when the position is legal and the solver proves a
//!   win (or a material gain) whose line shows the asked motif.

use super::answer::{blank_items, letters, parse_design, parse_number, AnswerValue};
use super::line::{check_line, LineCheck};
use super::verdict::Verdict;
use crate::notation::{parse_move_text, MoveError};
use crate::quiz::{shows, BlankKind, Key, KeyQuestion, QuestionType, QUIZ_LIMITS};
use crate::solver::{Goal, Motif, Solver, Status};
use crate::square::Color;
use crate::words::synonyms::same_word;
use crate::words::{self, say, Lang, Text};
use crate::{with_variant, Rules};
use damtutor_rules::{MoveList, Position};
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
    /// `correct`, `partial` (some points), `wrong` (none), `missing`, or `unknown`: not
    /// marked, the solver's limits ran out before a verdict (the teacher decides; it counts
    /// in no maximum).
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

/// Scores `answers` (by question id) against `key`; questions without an answer score 0. A
/// question the solver cannot judge within the quiz's limits is `unknown`: not marked, and
/// left out of the maximum.
/// Each question is scored by the rules of its game. The answer formats are described in the
/// [module documentation](self).
///
/// ```
/// use damtutor::check::{score, AnswerValue};
/// use damtutor::quiz::{generate, QuizOptions};
/// use std::collections::BTreeMap;
///
/// let quiz = generate(&QuizOptions { count: Some(5), seed: 3, ..QuizOptions::default() })?;
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
    let questions: Vec<QuestionScore> = key
        .questions
        .iter()
        .map(|q| {
            let answer = answers.get(&q.id);
            let Scored {
                points,
                feedback,
                marked,
            } = match answer {
                None => Scored::new(0.0, say!(lang, Text::NoAnswer)),
                Some(a) if a.is_empty() => Scored::new(0.0, say!(lang, Text::NoAnswer)),
                Some(a) => with_variant!(q.variant, R => score_one::<R>(q, a, lang)),
            };
            let max = f64::from(q.points);
            let points = points.min(max);
            let answered = answer.is_some_and(|a| !a.is_empty());
            let verdict = if !answered {
                Verdict::Missing
            } else if !marked {
                Verdict::Unknown
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
        // A question left to the teacher (`unknown`) counts in no maximum.
        max: questions
            .iter()
            .filter(|q| q.verdict.marked())
            .map(|q| q.max)
            .sum(),
        questions,
    }
}

/// What scoring one answer gives: its points, one sentence of feedback, and whether it is
/// marked at all (not when the solver's limits ran out before a verdict: the teacher decides).
struct Scored {
    points: f64,
    feedback: String,
    marked: bool,
}

impl Scored {
    fn new(points: f64, feedback: String) -> Scored {
        Scored {
            points,
            feedback,
            marked: true,
        }
    }

    /// Not marked: left to the teacher.
    fn unmarked(feedback: String) -> Scored {
        Scored {
            points: 0.0,
            feedback,
            marked: false,
        }
    }
}

impl From<(f64, String)> for Scored {
    fn from((points, feedback): (f64, String)) -> Scored {
        Scored::new(points, feedback)
    }
}

/// One answered question of the game `R`: its points and one sentence of feedback.
fn score_one<R: Rules>(q: &KeyQuestion, answer: &AnswerValue, lang: Lang) -> Scored {
    match q.kind {
        QuestionType::Single | QuestionType::Multi => choice(q, answer, lang).into(),
        QuestionType::Blank => blanks::<R>(q, answer, lang).into(),
        // A fresh solver for each answer, so that a mark never depends on the ones before.
        QuestionType::Diagram => diagram::<R>(q, answer, lang, &mut Solver::new()),
        QuestionType::Design => design::<R>(q, answer, lang, &mut Solver::new()),
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

/// Whether `given` names the move `want` of `position` and is written by the notation rules:
/// a capture with `x` (or the game's own capture mark, `:` in Russian draughts), a move
/// without capture with `-`. `Err` carries the note on a move written with the wrong mark.
fn same_move<R: Rules>(
    position: &Position<R>,
    given: &str,
    want: &str,
    lang: Lang,
) -> Result<bool, String> {
    let Ok(want) = position.parse_move(want) else {
        return Ok(false);
    };
    let read = match position.parse_move(given) {
        Ok(m) => m,
        Err(MoveError::Ambiguous { .. }) | Err(_) => return Ok(false),
    };
    if read != want {
        return Ok(false);
    }
    let written = parse_move_text(given, R::RULES.board).map(|t| t.capture);
    if written.is_ok_and(|capture| capture != want.is_capture()) {
        let right = position.move_text(&want);
        let note = if want.is_capture() {
            say!(
                lang,
                Text::NotationCapture,
                separator = R::RULES.capture_separator(),
                right
            )
        } else {
            say!(lang, Text::NotationQuiet, right)
        };
        return Err(note);
    }
    Ok(true)
}

fn blanks<R: Rules>(q: &KeyQuestion, answer: &AnswerValue, lang: Lang) -> (f64, String) {
    let items = blank_items(answer, q.blanks.len());
    let position: Option<Position<R>> = q.fen.as_deref().and_then(|f| f.parse().ok());
    let board = R::RULES.board;
    let mut points = 0.0;
    let mut wrong = Vec::new();
    let mut notes = String::new();
    for (i, blank) in q.blanks.iter().enumerate() {
        let given = items.get(i).map(String::as_str).unwrap_or("");
        let want = blank.accept.first().map(String::as_str).unwrap_or("");
        let right = !given.trim().is_empty()
            && match blank.kind {
                BlankKind::Text => same_word(given, &blank.accept),
                BlankKind::Number => {
                    let want = want.parse::<u64>().ok();
                    want.is_some() && parse_number(given) == want
                }
                BlankKind::Move => match position.as_ref() {
                    Some(p) => match same_move(p, given, want, lang) {
                        Ok(same) => same,
                        Err(note) => {
                            notes.push_str(&note);
                            false
                        }
                    },
                    None => false,
                },
                BlankKind::Square => {
                    let want = board.parse_square(want);
                    want.is_some() && board.parse_square(&words::synonyms::normalize(given)) == want
                }
                BlankKind::Fen => {
                    let want = want.parse::<Position<R>>().ok();
                    want.is_some() && given.trim().parse::<Position<R>>().ok() == want
                }
            };
        if right {
            points += f64::from(blank.points);
        } else {
            wrong.push((
                (i + 1).to_string(),
                q.answer.get(i).cloned().unwrap_or_else(|| "?".to_string()),
            ));
        }
    }
    let feedback = if wrong.is_empty() {
        say!(lang, Text::Right)
    } else {
        let (numbers, answers): (Vec<String>, Vec<String>) = wrong.into_iter().unzip();
        say!(
            lang,
            Text::BlanksNotRight,
            numbers = words::list(lang, &numbers),
            answers = words::list(lang, &answers)
        ) + &notes
    };
    (points, feedback)
}

/// The rule a move broke, in the quiz's language: the move is read again in the position
/// where it was played.
fn broken_rule<R: Rules>(start: &Position<R>, check: &LineCheck, lang: Lang) -> String {
    let Some(error) = check.first_error.as_ref() else {
        return say!(lang, Text::RuleNotAMove);
    };
    let mut at = *start;
    for text in check.line.iter().take(error.ply.saturating_sub(1)) {
        match at.parse_move(text) {
            Ok(m) => at = at.play_unchecked(&m),
            Err(_) => break,
        }
    }
    let mut legal = MoveList::new();
    at.legal_moves_into(&mut legal);
    let read = parse_move_text(&error.text, R::RULES.board);
    let quiet = read.as_ref().is_ok_and(|t| !t.capture);
    match legal.first() {
        Some(m) if m.is_capture() && quiet => say!(lang, Text::RuleCaptureCompulsory),
        Some(m) if m.is_capture() && R::RULES.maximum_capture => {
            let shorter = at
                .captures_ignoring_majority()
                .iter()
                .any(|c| !legal.contains(c));
            if shorter {
                say!(lang, Text::RuleMostCompulsory)
            } else {
                say!(lang, Text::RuleNotAMove)
            }
        }
        _ => say!(lang, Text::RuleNotAMove),
    }
}

/// The feedback on a checked line, in the quiz's language.
fn line_feedback<R: Rules>(start: &Position<R>, check: &LineCheck, lang: Lang) -> String {
    // The check's own words in the quiz's language: moves numbered as in a book.
    let check = &check.clone().in_language(lang);
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
        Verdict::Unknown => Text::FeedbackUnknown,
    };
    let rule = if check.verdict == Verdict::Illegal {
        broken_rule(start, check, lang)
    } else {
        String::new()
    };
    say!(
        lang,
        key,
        message = check.message,
        ply,
        text,
        reason,
        refutation,
        rule
    )
}

fn diagram<R: Rules>(
    q: &KeyQuestion,
    answer: &AnswerValue,
    lang: Lang,
    solver: &mut Solver<R>,
) -> Scored {
    let Some(position) = q.fen.as_deref().and_then(|f| f.parse::<Position<R>>().ok()) else {
        return Scored::new(0.0, say!(lang, Text::KeyHasNoDiagram));
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
            let feedback = line_feedback(&position, &check, lang);
            let points = if check.accepted {
                f64::from(q.points)
            } else if check.verdict == Verdict::Incomplete && check.key_right {
                f64::from(q.points) / 2.0
            } else if check.verdict == Verdict::Unknown {
                return Scored::unmarked(feedback);
            } else {
                0.0
            };
            Scored::new(points, feedback)
        }
        Err(e) if e.status == Status::Unknown => {
            Scored::unmarked(say!(lang, Text::KeyUnsolvedInLimits))
        }
        Err(_) => Scored::new(0.0, say!(lang, Text::KeyHasNoSolution)),
    }
}

fn design<R: Rules>(
    q: &KeyQuestion,
    answer: &AnswerValue,
    lang: Lang,
    solver: &mut Solver<R>,
) -> Scored {
    let side = q.side.unwrap_or(Color::White);
    let motif = q.motif.unwrap_or(Motif::TurkishStrike);
    let name = words::motif(lang, motif);
    let position = match parse_design::<R>(&answer.joined(), side, lang) {
        Ok(p) => p,
        Err(error) => return Scored::new(0.0, say!(lang, Text::NotAPosition, error)),
    };
    if position.turn() != side {
        let who = crate::quiz::side_name(lang, R::RULES.variant, side);
        return Scored::new(0.0, say!(lang, Text::MustHaveToMove, who));
    }
    let solution = solver.solve(&position, Goal::Auto, QUIZ_LIMITS);
    let line = solution.annotated();
    if shows(&solution, motif) {
        Scored::new(
            f64::from(q.points),
            say!(lang, Text::DesignAccepted, line, name),
        )
    } else if solution.is_solved() {
        Scored::new(0.0, say!(lang, Text::DesignWithoutMotif, line, name))
    } else if solution.status == Status::Unknown {
        Scored::unmarked(say!(lang, Text::DesignUnknown, name))
    } else {
        Scored::new(0.0, say!(lang, Text::DesignNoWin, name))
    }
}
