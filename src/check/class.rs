//! Marking a class: every student's answer file against the exercises, a gradebook and the
//! success rate of each question.

use super::answer_file::{Answer, AnswerSheet, PracticeRecord};
use super::line::{check_against, LineCheck};
use super::verdict::Verdict;
use crate::escape;
use crate::exercise::{Exercise, ExerciseSet, Scoring};
use crate::solver::{self, with_thread_solver, Limits, Solution, Solver, VariantSolution};
use crate::with_solution;
use crate::words::{example_moves, say, text, Lang, Text};
use damtutor_rules::notation::{line_tokens, parse_move_text};
use damtutor_rules::{Position, Rules, Variant, VariantPosition};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashMap;

/// One marked answer.
#[derive(Clone, Debug, Serialize)]
pub struct ItemResult {
    pub id: String,
    /// The answer as written (empty when missing).
    pub answer: String,
    /// A line's verdict, a quiz question's, or `missing`.
    pub verdict: Verdict,
    pub points: f64,
    pub max: f64,
    /// One sentence of feedback.
    pub feedback: String,
    /// The position to show when the answer went wrong: the one before the faulty move, in its
    /// own game (an 8x8 exercise's diagram is drawn on the 8x8 board). Written as FEN.
    #[serde(serialize_with = "serialize_fen")]
    pub diagram: Option<VariantPosition>,
    /// The faulty move with its number (`3. 34-29`), when there is one.
    pub faulty_move: Option<String>,
    /// The expected solution (for the report).
    pub solution: String,
}

/// One student's marks.
#[derive(Clone, Debug, Serialize)]
pub struct StudentResult {
    pub student: String,
    pub class: Option<String>,
    pub file: String,
    pub items: Vec<ItemResult>,
    pub total: f64,
    pub max: f64,
    /// Answers to ids the key does not know, and similar remarks.
    pub notes: Vec<String>,
}

/// Per-question statistics over the class.
#[derive(Clone, Debug, Serialize)]
pub struct QuestionStats {
    pub id: String,
    /// Students with full marks.
    pub full: usize,
    /// Students who answered.
    pub answered: usize,
    pub students: usize,
    /// Share of students with full marks (0-1).
    pub success_rate: f64,
    pub average_points: f64,
    pub max: f64,
}

/// An exercise with the set it belongs to and its proven solution.
struct Marked<'a> {
    exercise: &'a Exercise,
    scoring: Scoring,
    solution: VariantSolution,
}

/// Marks every sheet against the exercises of `sets` (ids must be unique across the sets),
/// the feedback and notes in `lang`. Exercises the solver cannot prove are an error: the key
/// would be wrong.
pub fn mark_exercises(
    sets: &[ExerciseSet],
    sheets: &[AnswerSheet],
    limits: Limits,
    lang: Lang,
) -> Result<Vec<StudentResult>, String> {
    let exercises: Vec<(&Exercise, Scoring)> = sets
        .iter()
        .flat_map(|set| set.exercises.iter().map(move |e| (e, set.scoring)))
        .collect();
    let mut ids = std::collections::HashSet::new();
    for (e, _) in &exercises {
        if !ids.insert(e.id.as_str()) {
            return Err(say!(lang, Text::ExercisesTwice, id = e.id));
        }
    }
    let tasks: Vec<_> = exercises
        .iter()
        .map(|(e, _)| (e.position, e.goal))
        .collect();
    let solutions = solver::solve_all_variants(&tasks, limits);
    let mut marked = Vec::new();
    for ((exercise, scoring), solution) in exercises.into_iter().zip(solutions) {
        if !solution.is_solved() {
            return Err(say!(
                lang,
                Text::ExerciseUnproven,
                id = exercise.id,
                status = solution.status()
            ));
        }
        marked.push(Marked {
            exercise,
            scoring,
            solution,
        });
    }
    Ok(sheets
        .par_iter()
        .map(|sheet| mark_sheet(&marked, sheet, limits, lang))
        .collect())
}

fn mark_sheet(marked: &[Marked], sheet: &AnswerSheet, limits: Limits, lang: Lang) -> StudentResult {
    let mut items = Vec::new();
    // By id, so that a class of 20,000 answers is marked in linear time.
    let answers: HashMap<&str, &Answer> = sheet
        .answers
        .iter()
        .rev()
        .map(|(id, answer, _)| (id.as_str(), answer))
        .collect();
    let practice: HashMap<&str, &PracticeRecord> = sheet
        .practice
        .iter()
        .rev()
        .map(|(id, record)| (id.as_str(), record))
        .collect();
    let known: std::collections::HashSet<&str> =
        marked.iter().map(|m| m.exercise.id.as_str()).collect();
    let asked = |id: &str| {
        sheet
            .asked
            .as_ref()
            .is_none_or(|asked| asked.iter().any(|a| a == id))
    };
    for m in marked.iter().filter(|m| asked(&m.exercise.id)) {
        let max = m.scoring.points;
        let solution_text = m.solution.annotated();
        let Some(answer) = answers.get(m.exercise.id.as_str()) else {
            items.push(ItemResult {
                id: m.exercise.id.clone(),
                answer: String::new(),
                verdict: Verdict::Missing,
                points: 0.0,
                max,
                feedback: say!(lang, Text::NoAnswer),
                diagram: None,
                faulty_move: None,
                solution: solution_text,
            });
            continue;
        };
        let text = answer.text();
        let variant = m.solution.variant();
        if !reads_as_moves(&text, variant) {
            // "不会", "42", "?": nothing in it is a move, so nothing to judge move by move.
            let (quiet, capture) = example_moves(variant);
            items.push(ItemResult {
                id: m.exercise.id.clone(),
                feedback: say!(lang, Text::Unreadable, answer = text.trim(), quiet, capture),
                answer: text,
                verdict: Verdict::Wrong,
                points: 0.0,
                max,
                diagram: None,
                faulty_move: None,
                solution: solution_text,
            });
            continue;
        }
        let book = m.exercise.solution.as_deref();
        let (check, diagram) = with_solution!(&m.solution, s => {
            with_thread_solver(|solver| check_and_locate(solver, s, &text, book, limits))
        });
        let check = check.in_language(lang);
        let earned = match check.verdict {
            Verdict::Correct => 1.0,
            Verdict::Alternative => m.scoring.alternative,
            Verdict::Incomplete if check.key_right => m.scoring.incomplete,
            // Not marked: the teacher decides (and the maximum leaves it out).
            _ => 0.0,
        };
        let faulty_move = check.faulty_move(lang);
        // What a practice page recorded can only take marks off what the moves earn.
        let record = practice
            .get(m.exercise.id.as_str())
            .map(|record| (*record).clone())
            .unwrap_or_default();
        let penalty =
            f64::from(record.hints) * m.scoring.hint + record.wrong.len() as f64 * m.scoring.wrong;
        let share = (earned - penalty).max(0.0);
        let mut feedback = check.message;
        if penalty > 0.0 && earned > 0.0 {
            feedback.push_str(&say!(
                lang,
                Text::PracticePenalty,
                hints = record.hints,
                wrong = record.wrong.len(),
                points = number(round2(max * penalty.min(earned)))
            ));
        }
        items.push(ItemResult {
            id: m.exercise.id.clone(),
            answer: text,
            verdict: check.verdict,
            points: round2(max * share),
            max,
            feedback,
            diagram,
            faulty_move,
            solution: solution_text,
        });
    }
    let notes = sheet
        .answers
        .iter()
        .filter(|(id, _, _)| !known.contains(id.as_str()))
        .map(|(id, _, line)| match line {
            Some(line) => say!(lang, Text::NoteUnknownExerciseAt, line, id),
            None => say!(lang, Text::NoteUnknownExercise, id),
        })
        .collect();
    let total = round2(items.iter().map(|i| i.points).sum());
    // An answer left to the teacher (`unknown`) counts in no maximum.
    let max = round2(
        items
            .iter()
            .filter(|i| i.verdict.marked())
            .map(|i| i.max)
            .sum(),
    );
    StudentResult {
        student: sheet.student.clone(),
        class: sheet.class.clone(),
        file: sheet.source_name.clone(),
        items,
        total,
        max,
        notes,
    }
}

/// Checks `text` against `solution`; with the position before the first faulty move (or the
/// move that could not be judged), as FEN, when there is one.
fn check_and_locate<R: Rules>(
    solver: &mut Solver<R>,
    solution: &Solution<R>,
    text: &str,
    book: Option<&str>,
    limits: Limits,
) -> (LineCheck, Option<VariantPosition>)
where
    VariantPosition: From<Position<R>>,
{
    let check = check_against(solver, solution, text, book, limits);
    let located = check.first_error.as_ref().or(check.unjudged.as_ref());
    let diagram = located.map(|error| {
        let mut position = solution.position;
        for mv in check.line.iter().take(error.ply.saturating_sub(1)) {
            if let Ok(parsed) = position.parse_move(mv) {
                position = position.play_unchecked(&parsed);
            }
        }
        VariantPosition::from(position)
    });
    (check, diagram)
}

/// Whether `text` holds at least one move of `variant` as text (squares joined by `-` or `x`,
/// in any width): an answer with none is not read as moves at all.
fn reads_as_moves(text: &str, variant: Variant) -> bool {
    line_tokens(text)
        .iter()
        .any(|token| parse_move_text(token, variant.board()).is_ok())
}

/// A diagram position as its FEN, for the JSON of a class's marks.
fn serialize_fen<S: serde::Serializer>(
    position: &Option<VariantPosition>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match position {
        Some(position) => serializer.serialize_some(&position.to_string()),
        None => serializer.serialize_none(),
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// A student's items by id (the first of an id).
fn items_by_id(result: &StudentResult) -> HashMap<&str, &ItemResult> {
    result
        .items
        .iter()
        .rev()
        .map(|item| (item.id.as_str(), item))
        .collect()
}

/// The questions or exercises marked for any student, each once, in the order they were
/// first marked (a class sheet marks only the exercises it has columns for).
pub fn marked_items(results: &[StudentResult]) -> Vec<&ItemResult> {
    let mut seen = std::collections::HashSet::new();
    results
        .iter()
        .flat_map(|r| &r.items)
        .filter(|item| seen.insert(item.id.as_str()))
        .collect()
}

/// Statistics per question marked for any student (see [`marked_items`]), counting the
/// students it was marked for.
pub fn question_stats(results: &[StudentResult]) -> Vec<QuestionStats> {
    let by_id: Vec<HashMap<&str, &ItemResult>> = results.iter().map(items_by_id).collect();
    marked_items(results)
        .into_iter()
        .map(|item| {
            // Answers left to the teacher (`unknown`) are not marked: they count nowhere.
            let all: Vec<&ItemResult> = by_id
                .iter()
                .filter_map(|items| items.get(item.id.as_str()).copied())
                .filter(|i| i.verdict.marked())
                .collect();
            let full = all
                .iter()
                .filter(|i| i.points >= i.max && i.max > 0.0)
                .count();
            let answered = all.iter().filter(|i| i.verdict != Verdict::Missing).count();
            let students = all.len();
            QuestionStats {
                id: item.id.clone(),
                full,
                answered,
                students,
                success_rate: if students == 0 {
                    0.0
                } else {
                    round2(full as f64 / students as f64)
                },
                average_points: if students == 0 {
                    0.0
                } else {
                    round2(all.iter().map(|i| i.points).sum::<f64>() / students as f64)
                },
                max: item.max,
            }
        })
        .collect()
}

/// The gradebook as CSV: one row per student, a column per question marked for anyone, total,
/// max and percent, the column names in `lang`; an answer left to the teacher (`unknown`)
/// shows `?` (待定) and counts in no maximum, a question not asked of the student is empty. It starts with a byte order mark, so that Excel (on Chinese
/// Windows too) reads it as UTF-8.
pub fn gradebook_csv(results: &[StudentResult], lang: Lang) -> String {
    let ids: Vec<&str> = marked_items(results)
        .into_iter()
        .map(|i| i.id.as_str())
        .collect();
    let word = |key| escape::csv(text(lang, key));
    let mut out = format!(
        "\u{feff}{},{},{}",
        word(Text::GradebookStudent),
        word(Text::GradebookClass),
        word(Text::GradebookFile)
    );
    for id in &ids {
        out.push(',');
        out.push_str(&escape::csv(id));
    }
    out.push_str(&format!(
        ",{},{},{}\n",
        word(Text::GradebookTotal),
        word(Text::GradebookMax),
        word(Text::GradebookPercent)
    ));
    for r in results {
        out.push_str(&format!(
            "{},{},{}",
            escape::csv(&r.student),
            escape::csv(r.class.as_deref().unwrap_or("")),
            escape::csv(&r.file)
        ));
        let items = items_by_id(r);
        for id in &ids {
            match items.get(id) {
                // Not marked: the teacher decides.
                Some(item) if !item.verdict.marked() => {
                    out.push(',');
                    out.push_str(&word(Text::ShortUnknown));
                }
                Some(item) => out.push_str(&format!(",{}", number(item.points))),
                // Not asked of this student (their sheet has no column for it): empty.
                None => out.push(','),
            }
        }
        let percent = if r.max > 0.0 {
            round2(100.0 * r.total / r.max)
        } else {
            0.0
        };
        out.push_str(&format!(
            ",{},{},{}\n",
            number(r.total),
            number(r.max),
            number(percent)
        ));
    }
    out
}

/// A number without a needless `.0`.
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// Marks every sheet against a quiz key (see [`quiz`](super::quiz) for the answer formats),
/// the feedback and notes in `lang`.
pub fn mark_quiz(key: &crate::quiz::Key, sheets: &[AnswerSheet], lang: Lang) -> Vec<StudentResult> {
    use super::answer::AnswerValue;
    use super::answer_file::Answer;
    use std::collections::BTreeMap;
    let key = &crate::quiz::Key {
        lang,
        ..key.clone()
    };
    sheets
        .par_iter()
        .map(|sheet| {
            let answers: BTreeMap<String, AnswerValue> = sheet
                .answers
                .iter()
                .map(|(id, answer, _)| {
                    let value = match answer {
                        Answer::Text(t) => AnswerValue::Text(t.clone()),
                        Answer::Number(n) => AnswerValue::Text(n.to_string()),
                        Answer::List(items) => AnswerValue::List(items.clone()),
                    };
                    (id.clone(), value)
                })
                .collect();
            let scored = super::quiz::score(key, &answers);
            let items: Vec<ItemResult> = scored
                .questions
                .iter()
                .map(|q| {
                    let expected = key
                        .questions
                        .iter()
                        .find(|k| k.id == q.id)
                        .map(|k| k.answer.join(", "))
                        .unwrap_or_default();
                    ItemResult {
                        id: q.id.clone(),
                        answer: answers.get(&q.id).map(|a| a.joined()).unwrap_or_default(),
                        verdict: q.verdict,
                        points: round2(q.points),
                        max: q.max,
                        feedback: q.feedback.clone(),
                        diagram: None,
                        faulty_move: None,
                        solution: expected,
                    }
                })
                .collect();
            let notes = sheet
                .answers
                .iter()
                .filter(|(id, _, _)| !key.questions.iter().any(|q| &q.id == id))
                .map(|(id, _, line)| match line {
                    Some(line) => say!(lang, Text::NoteUnknownQuestionAt, line, id),
                    None => say!(lang, Text::NoteUnknownQuestion, id),
                })
                .collect();
            StudentResult {
                student: sheet.student.clone(),
                class: sheet.class.clone(),
                file: sheet.source_name.clone(),
                total: round2(scored.points),
                max: round2(scored.max),
                items,
                notes,
            }
        })
        .collect()
}
