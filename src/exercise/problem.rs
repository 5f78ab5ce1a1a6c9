//! What is wrong in an exercise file, an answer file or a class sheet: [`Problem`], a closed
//! set of reasons holding their values, said in either language from the words tables. An
//! [`ExerciseError`](super::ExerciseError) adds the file, line, column and exercise id.

use super::text::TextShape;
use crate::fen::ParseFenError;
use crate::input::{FormatProblem, ReadError};
use crate::square::Color;
use crate::words::{self, say, text, Lang, Text};
use crate::{Board, PositionError, Variant};

/// What is wrong, with its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    // The file
    /// The file could not be read (missing, a folder, too large).
    Read(ReadError),
    /// The first byte that is not UTF-8 (its line and column are the error's).
    NotUtf8 { byte: u8 },
    /// The YAML does not read, or does not fit a set (or an answer file); `tab` when the
    /// line holds a tab.
    Format {
        problem: Box<FormatProblem>,
        tab: bool,
    },
    /// Brackets nested deeper than `depth`.
    TooDeep { depth: usize },
    /// A second YAML document after `---`.
    SecondDocument,
    /// A title, hint... written in a shape that is not a text (at `path`).
    TextShape { path: String, shape: TextShape },
    // The set
    /// `language:` names no language damtutor speaks.
    UnknownLanguage { code: String },
    /// `variant:` names no game damtutor plays.
    UnknownGame { name: String },
    /// A text of `field` in a language that is not `zh` or `en`.
    TextLanguage { field: &'static str, code: String },
    /// `level:` outside 1-6.
    Level { level: u8 },
    /// `scoring:` values out of range.
    Scoring,
    /// `exercises:` is empty.
    NoExercises,
    // An exercise
    /// Two exercises of the set have the id.
    IdTwice,
    /// The id is empty.
    EmptyId,
    /// `to_move:` is neither white nor black.
    ToMove { text: String },
    /// Both `fen:` and `white:`/`black:`.
    FenAndLists,
    /// `to_move:` and the FEN name different sides.
    TurnDisagrees { to_move: Color, fen: Color },
    /// The FEN does not read.
    Fen(ParseFenError),
    /// No `fen:`, no `white:` or `black:`.
    NoPosition,
    /// An entry of the `white:` or `black:` list (`list`) that is not a square of the board.
    NotSquare {
        list: Color,
        text: String,
        board: Board,
    },
    /// `white:`/`black:` without `to_move:`.
    NoToMove,
    /// The pieces do not make a position of `variant`.
    Position {
        error: PositionError,
        variant: Variant,
    },
    /// `goal:` is no goal.
    UnknownGoal { text: String },
    /// `goal: material:x` without a number.
    GoalNotNumber { text: String },
    /// `goal: material:n` with `n` out of range.
    GoalOutOfRange { gain: u64 },
    /// `difficulty:` outside 1-6.
    Difficulty { level: u8 },
    /// A motif tag damtutor does not know.
    UnknownMotif { tag: String },
    // A student's answer file (`id`: the exercise the answer is for)
    /// `student:` is empty.
    NoStudentName,
    /// An answer that is not a text or a list of texts.
    AnswerNotText { id: String },
    /// The exercise answered twice.
    AnsweredTwice { id: String },
    /// An answer's key that is not a name or number (as written).
    AnswerBadId { id: String },
    /// A practice record's key that is not a name or number.
    PracticeBadId { id: String },
    /// A practice record that does not read.
    Practice {
        id: String,
        problem: Box<FormatProblem>,
    },
    /// Not an answer file at all.
    NotAnswerFile,
    // A class sheet
    /// Not UTF-8 text (Excel's and WPS's other encodings), from `line` on.
    SheetNotUtf8 { line: usize },
    /// A quoted cell opened on `row` and never closed.
    SheetUnclosedQuote { row: usize },
    /// No first row.
    SheetEmpty,
    /// The first column is headed `found`, not student / 姓名.
    SheetNoStudentColumn { found: String },
}

impl Problem {
    /// The sentence in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        match self {
            Problem::Read(error) => words::read_error(lang, error),
            Problem::NotUtf8 { byte } => words::not_utf8(lang, *byte),
            Problem::Format { problem, tab } => {
                let problem = words::format_problem(lang, problem);
                if *tab {
                    say!(lang, Text::ProblemTab, problem)
                } else {
                    problem
                }
            }
            Problem::TooDeep { depth } => say!(lang, Text::ProblemTooDeep, depth),
            Problem::SecondDocument => say!(lang, Text::ProblemSecondDocument),
            Problem::TextShape { path, shape } => {
                let shape = shape.say(lang);
                if path.is_empty() {
                    shape
                } else {
                    format!("{path}{}{shape}", text(lang, Text::Colon))
                }
            }
            Problem::UnknownLanguage { code } => say!(lang, Text::ProblemUnknownLanguage, code),
            Problem::UnknownGame { name } => say!(lang, Text::ProblemUnknownGame, name),
            Problem::TextLanguage { field, code } => {
                say!(lang, Text::ProblemTextLanguage, field, code)
            }
            Problem::Level { level } => say!(lang, Text::ProblemLevel, level),
            Problem::Scoring => say!(lang, Text::ProblemScoring),
            Problem::NoExercises => say!(lang, Text::ProblemNoExercises),
            Problem::IdTwice => say!(lang, Text::ProblemIdTwice),
            Problem::EmptyId => say!(lang, Text::ProblemEmptyId),
            Problem::ToMove { text } => say!(lang, Text::ProblemToMove, text),
            Problem::FenAndLists => say!(lang, Text::ProblemFenAndLists),
            Problem::TurnDisagrees { to_move, fen } => say!(
                lang,
                Text::ProblemTurnDisagrees,
                to_move = words::colour_as_written(lang, *to_move),
                fen = words::colour_as_written(lang, *fen)
            ),
            Problem::Fen(error) => words::fen_syntax(lang, error),
            Problem::NoPosition => say!(lang, Text::ProblemNoPosition),
            Problem::NotSquare { list, text, board } => {
                let key = if *board == Board::TenByTen {
                    Text::ProblemNotSquare
                } else {
                    Text::ProblemNotSquareOf
                };
                say!(lang, key, list = list.name(), text, board)
            }
            Problem::NoToMove => say!(lang, Text::ProblemNoToMove),
            Problem::Position { error, variant } => words::position_error_in(lang, *variant, error),
            Problem::UnknownGoal { text } => say!(lang, Text::ProblemUnknownGoal, text),
            Problem::GoalNotNumber { text } => say!(
                lang,
                Text::ProblemGoalNotNumber,
                text,
                max = crate::solver::Goal::MAX_MATERIAL
            ),
            Problem::GoalOutOfRange { gain } => say!(
                lang,
                Text::ProblemGoalOutOfRange,
                gain,
                max = crate::solver::Goal::MAX_MATERIAL
            ),
            Problem::Difficulty { level } => say!(lang, Text::ProblemDifficulty, level),
            Problem::UnknownMotif { tag } => {
                let known: Vec<&str> = crate::solver::Motif::ALL.iter().map(|m| m.key()).collect();
                let known = known.join(text(lang, Text::Comma));
                say!(lang, Text::ProblemUnknownMotif, tag, known)
            }
            Problem::NoStudentName => say!(lang, Text::AnswerNoName),
            Problem::AnswerNotText { id } => about(lang, id, say!(lang, Text::AnswerNotText)),
            Problem::AnsweredTwice { id } => about(lang, id, say!(lang, Text::AnswerTwice)),
            Problem::AnswerBadId { id } => say!(lang, Text::AnswerBadId, id),
            Problem::PracticeBadId { id } => say!(lang, Text::AnswerBadPracticeId, id),
            Problem::Practice { id, problem } => {
                let error = words::format_problem(lang, problem);
                about(lang, id, say!(lang, Text::AnswerPractice, error))
            }
            Problem::NotAnswerFile => say!(lang, Text::AnswerNotAFile),
            Problem::SheetNotUtf8 { line } => say!(lang, Text::TableNotUtf8, line),
            Problem::SheetUnclosedQuote { row } => say!(lang, Text::TableUnclosedQuote, row),
            Problem::SheetEmpty => say!(lang, Text::TableEmpty),
            Problem::SheetNoStudentColumn { found } => {
                say!(lang, Text::TableNoStudentColumn, found)
            }
        }
    }
}

/// A student's answer to exercise `id`, and what is wrong with it ("exercise a: ..." /
/// "题目 a：...").
fn about(lang: Lang, id: &str, message: String) -> String {
    say!(lang, Text::AnswerAbout, id, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::FenSyntax;
    use crate::input::IoProblem;

    /// One problem of each kind.
    fn every() -> Vec<Problem> {
        let format = |message: &str| FormatProblem::read(message);
        let io = IoProblem {
            kind: std::io::ErrorKind::NotFound,
            detail: "No such file or directory (os error 2)".into(),
            code: Some(2),
        };
        vec![
            Problem::Read(ReadError::Io(io)),
            Problem::Read(ReadError::Folder),
            Problem::Read(ReadError::TooLarge),
            Problem::NotUtf8 { byte: 0xe9 },
            Problem::Format {
                problem: Box::new(format("missing field `title`")),
                tab: true,
            },
            Problem::TooDeep { depth: 64 },
            Problem::SecondDocument,
            Problem::TextShape {
                path: "exercises[0].title".into(),
                shape: TextShape::NotText { code: "zh".into() },
            },
            Problem::TextShape {
                path: String::new(),
                shape: TextShape::Unnamed,
            },
            Problem::TextShape {
                path: String::new(),
                shape: TextShape::NotPlain,
            },
            Problem::UnknownLanguage { code: "fr".into() },
            Problem::UnknownGame {
                name: "chess".into(),
            },
            Problem::TextLanguage {
                field: "hint",
                code: "de".into(),
            },
            Problem::Level { level: 7 },
            Problem::Scoring,
            Problem::NoExercises,
            Problem::IdTwice,
            Problem::EmptyId,
            Problem::ToMove { text: "red".into() },
            Problem::FenAndLists,
            Problem::TurnDisagrees {
                to_move: Color::White,
                fen: Color::Black,
            },
            Problem::Fen(ParseFenError {
                column: 4,
                token: "28x".into(),
                reason: FenSyntax::NotSquareNumber,
            }),
            Problem::NoPosition,
            Problem::NotSquare {
                list: Color::White,
                text: "z9".into(),
                board: Board::TenByTen,
            },
            Problem::NotSquare {
                list: Color::Black,
                text: "z9".into(),
                board: Board::EightByEight,
            },
            Problem::NoToMove,
            Problem::Position {
                error: PositionError::SquareTwice(31),
                variant: Variant::Russian,
            },
            Problem::UnknownGoal {
                text: "draw".into(),
            },
            Problem::GoalNotNumber {
                text: "material:x".into(),
            },
            Problem::GoalOutOfRange { gain: 0 },
            Problem::Difficulty { level: 9 },
            Problem::UnknownMotif { tag: "fork".into() },
            Problem::NoStudentName,
            Problem::AnswerNotText { id: "a".into() },
            Problem::AnsweredTwice { id: "a".into() },
            Problem::AnswerBadId { id: "[1]".into() },
            Problem::PracticeBadId { id: "[1]".into() },
            Problem::Practice {
                id: "a".into(),
                problem: Box::new(format("hints: invalid type: string \"many\", expected u32")),
            },
            Problem::NotAnswerFile,
            Problem::SheetNotUtf8 { line: 2 },
            Problem::SheetUnclosedQuote { row: 3 },
            Problem::SheetEmpty,
            Problem::SheetNoStudentColumn {
                found: "name".into(),
            },
        ]
    }

    /// Fails to compile when a kind of problem is added without a case in [`every`].
    #[allow(dead_code)]
    fn every_kind_is_listed(problem: &Problem) {
        match problem {
            Problem::Read(_)
            | Problem::NotUtf8 { .. }
            | Problem::Format { .. }
            | Problem::TooDeep { .. }
            | Problem::SecondDocument
            | Problem::TextShape { .. }
            | Problem::UnknownLanguage { .. }
            | Problem::UnknownGame { .. }
            | Problem::TextLanguage { .. }
            | Problem::Level { .. }
            | Problem::Scoring
            | Problem::NoExercises
            | Problem::IdTwice
            | Problem::EmptyId
            | Problem::ToMove { .. }
            | Problem::FenAndLists
            | Problem::TurnDisagrees { .. }
            | Problem::Fen(_)
            | Problem::NoPosition
            | Problem::NotSquare { .. }
            | Problem::NoToMove
            | Problem::Position { .. }
            | Problem::UnknownGoal { .. }
            | Problem::GoalNotNumber { .. }
            | Problem::GoalOutOfRange { .. }
            | Problem::Difficulty { .. }
            | Problem::UnknownMotif { .. }
            | Problem::NoStudentName
            | Problem::AnswerNotText { .. }
            | Problem::AnsweredTwice { .. }
            | Problem::AnswerBadId { .. }
            | Problem::PracticeBadId { .. }
            | Problem::Practice { .. }
            | Problem::NotAnswerFile
            | Problem::SheetNotUtf8 { .. }
            | Problem::SheetUnclosedQuote { .. }
            | Problem::SheetEmpty
            | Problem::SheetNoStudentColumn { .. } => {}
        }
    }

    #[test]
    fn every_problem_is_said_in_both_languages() {
        // What a file holds, as written: fields, values, codes, the formats' names.
        let written = [
            "title",
            "exercises",
            "hint",
            "chess",
            "draw",
            "material",
            "fork",
            "name",
            "student",
            "answers",
            "subtitle",
            "description",
            "comment",
            "source",
            "scoring",
            "points",
            "alternative",
            "incomplete",
            "wrong",
            "level",
            "difficulty",
            "to_move",
            "white",
            "black",
            "hints",
            "many",
            "win",
            "king",
            "auto",
            "international",
            "brazilian",
            "russian",
            "english",
            "goal",
            "Excel",
            "damtutor",
            "Latin",
        ];
        let mut english_words = Vec::new();
        for problem in every() {
            let english = problem.say(Lang::English);
            let chinese = problem.say(Lang::Chinese);
            assert!(!english.is_empty() && english != chinese, "{problem:?}");
            for said in [&english, &chinese] {
                assert!(
                    !said.contains('{') || said.contains("{zh: "),
                    "{problem:?}: {said}"
                );
            }
            let words: Vec<&str> = chinese
                .split(|c: char| !c.is_ascii_alphabetic() && c != '_')
                .filter(|w| w.len() >= 4 && !written.contains(w))
                .filter(|w| crate::solver::Motif::from_key(w).is_none())
                .filter(|w| !w.chars().all(|c| c.is_ascii_uppercase()))
                .collect();
            if !words.is_empty() {
                english_words.push(format!("{chinese}: {words:?}"));
            }
        }
        assert!(english_words.is_empty(), "{english_words:#?}");
    }
}
