//! Scoring a student's answers against a [`Key`].
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

use super::build::BLANK;
use super::tactics::shows;
use super::{BlankKind, Key, KeyQuestion, QuestionType, QUIZ_LIMITS};
use crate::check::line::check_line;
use crate::check::{LineCheck, Verdict};
use crate::position::Position;
use crate::solver::{Goal, Motif, Solver};
use crate::square::Color;
use crate::words::synonyms::{normalize, same_word};
use crate::words::{self, say, Lang, Text};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A student's answer to one question: a text, or a list of texts (numbers are read as text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AnswerValue {
    Text(String),
    List(Vec<String>),
}

impl<'de> Deserialize<'de> for AnswerValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<AnswerValue, D::Error> {
        fn text(value: serde_json::Value) -> String {
            match value {
                serde_json::Value::String(s) => s,
                serde_json::Value::Null => String::new(),
                other => other.to_string(),
            }
        }
        Ok(match serde_json::Value::deserialize(deserializer)? {
            serde_json::Value::Array(items) => {
                AnswerValue::List(items.into_iter().map(text).collect())
            }
            other => AnswerValue::Text(text(other)),
        })
    }
}

impl From<&str> for AnswerValue {
    fn from(text: &str) -> AnswerValue {
        AnswerValue::Text(text.to_string())
    }
}

impl AnswerValue {
    /// Whether nothing was answered.
    pub fn is_empty(&self) -> bool {
        match self {
            AnswerValue::Text(t) => t.trim().is_empty(),
            AnswerValue::List(items) => items.iter().all(|t| t.trim().is_empty()),
        }
    }

    /// The whole answer as one text (a list joined by spaces).
    pub fn joined(&self) -> String {
        match self {
            AnswerValue::Text(t) => t.clone(),
            AnswerValue::List(items) => items.join(" "),
        }
    }
}

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
    pub verdict: String,
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
/// use damtutor::quiz::{generate, score, AnswerValue, QuizOptions};
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
    let lang = key.language();
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
                "missing"
            } else if points >= max {
                "correct"
            } else if points > 0.0 {
                "partial"
            } else {
                "wrong"
            };
            QuestionScore {
                id: q.id.clone(),
                kind: q.kind,
                points,
                max,
                correct: points >= max,
                answered,
                verdict: verdict.to_string(),
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

/// Reads a whole number written in digits or in English or Chinese words.
pub fn parse_number(text: &str) -> Option<u64> {
    let text = normalize(text);
    let runs: Vec<&str> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|r| !r.is_empty())
        .collect();
    if runs.len() == 1 {
        return runs[0].parse().ok();
    }
    if !runs.is_empty() {
        return None;
    }
    english_number(&text).or_else(|| chinese_number(&text))
}

fn english_number(text: &str) -> Option<u64> {
    const UNITS: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const ORDINALS: [&str; 20] = [
        "zeroth",
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
        "thirteenth",
        "fourteenth",
        "fifteenth",
        "sixteenth",
        "seventeenth",
        "eighteenth",
        "nineteenth",
    ];
    const TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    let word = |w: &str| -> Option<u64> {
        UNITS
            .iter()
            .position(|u| *u == w)
            .or_else(|| ORDINALS.iter().position(|u| *u == w))
            .map(|n| n as u64)
            .or_else(|| {
                TENS.iter()
                    .position(|t| {
                        !t.is_empty() && (*t == w || w == format!("{}ieth", &t[..t.len() - 1]))
                    })
                    .map(|n| n as u64 * 10)
            })
    };
    let words: Vec<&str> = text
        .split(|c: char| c == '-' || c.is_whitespace())
        .filter(|w| {
            !w.is_empty()
                && !matches!(
                    *w,
                    "moves" | "move" | "times" | "time" | "pieces" | "squares" | "the"
                )
        })
        .collect();
    match words.as_slice() {
        [one] => word(one),
        [tens, unit] => {
            let t = word(tens)?;
            let u = word(unit)?;
            (t >= 20 && t % 10 == 0 && u < 10).then_some(t + u)
        }
        _ => None,
    }
}

fn chinese_number(text: &str) -> Option<u64> {
    let digit = |c: char| -> Option<u64> {
        "零一二三四五六七八九"
            .chars()
            .position(|d| d == c)
            .map(|n| n as u64)
            .or((c == '两').then_some(2))
    };
    let core: String = text
        .trim_start_matches('第')
        .trim_end_matches(|c: char| "个步次回合条格子枚只着".contains(c))
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let chars: Vec<char> = core.chars().collect();
    match chars.as_slice() {
        [] => None,
        [d] => digit(*d).or((*d == '十').then_some(10)),
        ['十', u] => Some(10 + digit(*u)?),
        [t, '十'] => Some(digit(*t)? * 10),
        [t, '十', u] => Some(digit(*t)? * 10 + digit(*u)?),
        ['一', '百'] => Some(100),
        _ => None,
    }
}

/// The option letters in an answer: `"A,C"`, `"ac"`, `"(B)"`, `["A", "C"]`.
fn letters(answer: &AnswerValue) -> Option<Vec<String>> {
    let mut found = Vec::new();
    for c in normalize(&answer.joined()).chars() {
        if c.is_ascii_alphabetic() {
            found.push(c.to_ascii_uppercase().to_string());
        } else if !(c.is_whitespace() || ",;、，；|/.()（）".contains(c)) {
            return None;
        }
    }
    found.sort();
    found.dedup();
    Some(found)
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

/// The answers to `count` blanks, one per blank.
fn blank_items(answer: &AnswerValue, count: usize) -> Vec<String> {
    match answer {
        AnswerValue::List(items) => items.clone(),
        AnswerValue::Text(text) if count <= 1 => vec![text.clone()],
        AnswerValue::Text(text) => {
            let parts: Vec<String> = text
                .split(['\n', ';', '；', ',', '，', '、', '|', '/'])
                .map(str::trim)
                .filter(|p| !p.is_empty() && *p != BLANK)
                .map(str::to_string)
                .collect();
            if parts.len() == count {
                return parts;
            }
            let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
            if words.len() == count {
                words
            } else {
                parts
            }
        }
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
        Verdict::Incomplete => Text::FeedbackIncomplete,
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
    let goal = q
        .goal
        .as_deref()
        .and_then(|g| g.parse::<Goal>().ok())
        .unwrap_or(Goal::Win);
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

/// Reads a designed position: a FEN, or each side's squares after a colour word
/// (`white 11 23 27 28 43 black K47`, `白：11,23 黑：K47`), with `side` to move.
pub fn parse_design(text: &str, side: Color) -> Result<Position, String> {
    let trimmed = text.trim();
    if let Ok(position) = trimmed.parse::<Position>() {
        return Ok(position);
    }
    let normalized: String = normalize(trimmed)
        .chars()
        .map(|c| match c {
            '：' | ':' | ',' | '，' | '、' | ';' | '；' => ' ',
            '王' => 'k',
            c => c,
        })
        .collect();
    let mut lists: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut current: Option<usize> = None;
    let mut rest = normalized.as_str();
    while !rest.is_empty() {
        rest = rest.trim_start();
        let markers: [(&str, usize); 10] = [
            ("white", 0),
            ("白方", 0),
            ("白子", 0),
            ("白", 0),
            ("w", 0),
            ("black", 1),
            ("黑方", 1),
            ("黑子", 1),
            ("黑", 1),
            ("b", 1),
        ];
        if let Some(&(marker, side)) = markers.iter().find(|(m, _)| rest.starts_with(m)) {
            current = Some(side);
            rest = &rest[marker.len()..];
            continue;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        rest = &rest[end..];
        if word.is_empty() {
            continue;
        }
        let Some(side) = current else {
            return Err(say!(Lang::English, Text::DesignWhosePieces, word));
        };
        let square = word.trim_start_matches('k');
        if !square.chars().all(|c| c.is_ascii_digit() || c == '-') || square.is_empty() {
            return Err(say!(Lang::English, Text::DesignNotASquare, word));
        }
        lists[side].push(if word.starts_with('k') {
            format!("K{square}")
        } else {
            square.to_string()
        });
    }
    if lists.iter().all(Vec::is_empty) {
        return Err(say!(Lang::English, Text::DesignNoPieces));
    }
    let fen = format!(
        "{}:W{}:B{}",
        side.letter(),
        lists[0].join(","),
        lists[1].join(",")
    );
    fen.parse::<Position>().map_err(|e| e.to_string())
}

fn design(q: &KeyQuestion, answer: &AnswerValue, lang: Lang, solver: &mut Solver) -> (f64, String) {
    let side = match q.side.as_deref() {
        Some("black") => Color::Black,
        _ => Color::White,
    };
    let motif = q
        .motif
        .as_deref()
        .and_then(Motif::from_key)
        .unwrap_or(Motif::TurkishStrike);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_numbers_normalise() {
        assert_eq!(normalize("  Ｐｅｒｍｉｔｔｅｄ。"), "permitted");
        assert!(same_word("允许", &["permitted".to_string()]));
        assert!(same_word("Allowed", &["permitted".to_string()]));
        assert!(same_word("禁止", &["forbidden".to_string()]));
        assert!(!same_word("允许", &["forbidden".to_string()]));
        assert!(same_word("白方", &["white".to_string()]));
        assert_eq!(parse_number("２５"), Some(25));
        assert_eq!(parse_number("twenty-five"), Some(25));
        assert_eq!(parse_number("二十五"), Some(25));
        assert_eq!(parse_number("十六步"), Some(16));
        assert_eq!(parse_number("第三"), Some(3));
        assert_eq!(parse_number("third"), Some(3));
        assert_eq!(parse_number("25 moves"), Some(25));
        assert_eq!(parse_number("5 or 16"), None);
    }

    #[test]
    fn designs_read_as_fen_or_lists() {
        let fen = "W:W11,23,27,28,43:BK47";
        let want: Position = fen.parse().unwrap();
        assert_eq!(parse_design(fen, Color::White), Ok(want));
        assert_eq!(
            parse_design("white 11 23 27 28 43 black K47", Color::White),
            Ok(want)
        );
        assert_eq!(
            parse_design("白：11，23，27，28，43 黑：K47", Color::White),
            Ok(want)
        );
        assert!(parse_design("11 23", Color::White).is_err());
        assert!(parse_design("white 51", Color::White).is_err());
    }
}
