//! Exercise files: a coach's positions in YAML.
//!
//! serde and serde_yaml are used only here, so that the file format could be swapped without
//! touching the rules, the solver or the rendering. Everything past [`load`] and [`parse`] is a
//! checked [`ExerciseSet`]: positions are legal, goals known, ids unique.
//!
//! ```yaml
//! title: Turkish strikes
//! language: en
//! exercises:
//!   - id: ts-01
//!     white: [11, 23, 27, 28, 43]
//!     black: [K47]
//!     to_move: white
//!     goal: win
//!     solution: "43-38 47x32 28x37"
//! ```
//!
//! A set is of international draughts unless it says `variant: brazilian` (or `64`),
//! `russian` or `english`; an exercise may name its own game the same way. Squares are given by
//! number or, on the 8x8 boards, by name (`c3`, `Kd4`), and solutions in the game's notation.
//!
//! The teacher's words - `title`, `subtitle`, `description` of the set, `title`, `hint`,
//! `comment` and `source` of an exercise - are in the set's `language`, or in both languages as
//! `{zh: "...", en: "..."}` ([`Bilingual`]).

mod problem;
mod text;
mod write;
pub(crate) mod yaml;

use yaml::{find_id_line, find_line, find_line_start};

// Students' answer files are read in `check` (check/answer_file.rs, check/class_sheet.rs); their
// old paths here stay for code written against them.
pub use crate::check::answer_file::{
    load_answer_file, load_answers, parse_answer_file, parse_answers, parse_answers_bytes, Answer,
    AnswerFile, AnswerSheet, PracticeRecord, Seal, SealProblem,
};
pub use crate::check::class_sheet::{
    parse_class_sheet, sheet_column, ClassSheet, SheetProblem, SheetTrouble,
};

pub use problem::Problem;
use text::RawField;
pub use text::{Bilingual, TextShape};
pub use write::{fen_in_notation, to_yaml};

use crate::input;
use crate::setup::Setup;
use crate::solver::{Goal, Motif};
use crate::square::{Color, Role};
use crate::words::{say, text, Lang, Text};
use crate::{Board, Variant, VariantPosition};
use serde::Deserialize;
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// A checked exercise set.
#[derive(Clone, Debug)]
pub struct ExerciseSet {
    /// Where it was read from (for messages).
    pub source_name: String,
    pub title: Bilingual,
    pub subtitle: Bilingual,
    pub author: Option<String>,
    /// The language of worksheets made from the set (`en` or `zh` in the file).
    pub language: Lang,
    /// The game of the set's exercises unless an exercise names its own (`variant:`).
    pub variant: Variant,
    pub level: Option<u8>,
    pub description: Bilingual,
    /// How answers to this set are marked.
    pub scoring: Scoring,
    pub exercises: Vec<Exercise>,
}

/// Marks for answers to a set's exercises: points per exercise, and the share of them given
/// for each verdict. The default gives full marks for a correct or alternative solution and
/// half for an incomplete one that has the right key move. Answers handed in from a practice
/// page also record the hints taken and the wrong moves tried; each costs a share.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Scoring {
    /// Points for a fully solved exercise.
    pub points: f64,
    /// Share of the points for an accepted alternative solution.
    pub alternative: f64,
    /// Share for an incomplete line that starts with a key move.
    pub incomplete: f64,
    /// Share taken off for each hint used on a practice page.
    pub hint: f64,
    /// Share taken off for each wrong move tried on a practice page.
    pub wrong: f64,
}

impl Scoring {
    /// The most points one exercise may be worth.
    pub const MAX_POINTS: f64 = 1000.0;
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            points: 1.0,
            alternative: 1.0,
            incomplete: 0.5,
            hint: 0.25,
            wrong: 0.0,
        }
    }
}

/// One checked exercise.
#[derive(Clone, Debug)]
pub struct Exercise {
    pub id: String,
    /// The position, of the exercise's game.
    pub position: VariantPosition,
    pub goal: Goal,
    pub title: Bilingual,
    pub hint: Bilingual,
    pub comment: Bilingual,
    /// The teacher's motif tags.
    pub motifs: Vec<Motif>,
    /// The teacher's difficulty level (1-6), overriding the estimate.
    pub difficulty: Option<u8>,
    pub source: Bilingual,
    /// The expected solution in move text, as written.
    pub solution: Option<String>,
    /// The line of the exercise's `id` in its file (1-based), when found.
    pub line: Option<usize>,
}

impl Exercise {
    /// The exercise's game.
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }
}

/// A problem in an exercise file (or an answer file, a class sheet): where, and what. Said in
/// either language by [`say`](ExerciseError::say); `Display` is English.
///
/// ```
/// use damtutor::exercise::parse;
/// use damtutor::words::Lang;
/// let errors = parse("title: T\nexercises:\n  - id: sh-01\n    fen: \"W:W99:B1\"\n", "set.yaml").unwrap_err();
/// assert_eq!(errors[0].say(Lang::English), "set.yaml:3: exercise sh-01: invalid position: square 99 is outside the board (squares are 1-50)");
/// assert_eq!(errors[0].say(Lang::Chinese), "set.yaml 第 3 行：题目 sh-01：局面无效：第 99 格不在棋盘上（格号为 1-50）");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExerciseError {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub id: Option<String>,
    /// What is wrong (boxed: an error stays small as it is passed up).
    pub problem: Box<Problem>,
}

impl ExerciseError {
    /// The file, line, column and exercise, and what is wrong, in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        let file = &self.file;
        let place = match (self.line, self.column) {
            (Some(line), Some(column)) => say!(lang, Text::PlaceColumn, file, line, column),
            (Some(line), None) => say!(lang, Text::PlaceLine, file, line),
            (None, _) => file.clone(),
        };
        let exercise = match &self.id {
            Some(id) => say!(lang, Text::PlaceExercise, id),
            None => String::new(),
        };
        let colon = text(lang, Text::Colon);
        format!("{place}{colon}{exercise}{}", self.problem.say(lang))
    }

    /// A problem with the file as a whole.
    pub(crate) fn in_file(name: &str, problem: Problem) -> ExerciseError {
        ExerciseError {
            file: name.to_string(),
            line: None,
            column: None,
            id: None,
            problem: Box::new(problem),
        }
    }

    pub(crate) fn not_utf8(name: &str, error: &input::NotUtf8) -> ExerciseError {
        ExerciseError {
            file: name.to_string(),
            line: Some(error.line),
            column: Some(error.column),
            id: None,
            problem: Box::new(Problem::NotUtf8 { byte: error.byte }),
        }
    }
}

impl fmt::Display for ExerciseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::English))
    }
}

impl std::error::Error for ExerciseError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSet {
    title: RawField,
    variant: Option<VariantText>,
    subtitle: Option<RawField>,
    author: Option<String>,
    language: Option<String>,
    level: Option<u8>,
    description: Option<RawField>,
    scoring: Option<Scoring>,
    exercises: Vec<RawExercise>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExercise {
    id: IdText,
    variant: Option<VariantText>,
    fen: Option<String>,
    white: Option<Vec<SquareText>>,
    black: Option<Vec<SquareText>>,
    to_move: Option<String>,
    goal: Option<RawGoal>,
    title: Option<RawField>,
    hint: Option<RawField>,
    comment: Option<RawField>,
    #[serde(default)]
    motifs: Vec<String>,
    difficulty: Option<u8>,
    source: Option<RawField>,
    solution: Option<String>,
}

/// An id may be written as a number or a string.
#[derive(Deserialize)]
#[serde(untagged)]
enum IdText {
    Number(u64),
    Text(String),
}

impl IdText {
    fn text(&self) -> String {
        match self {
            IdText::Number(n) => n.to_string(),
            IdText::Text(s) => s.clone(),
        }
    }
}

/// A game's name, or `64` written as a number.
#[derive(Deserialize)]
#[serde(untagged)]
enum VariantText {
    Number(u64),
    Text(String),
}

impl VariantText {
    fn read(&self) -> Result<Variant, Problem> {
        let text = match self {
            VariantText::Number(n) => n.to_string(),
            VariantText::Text(t) => t.clone(),
        };
        text.parse::<Variant>()
            .map_err(|e| Problem::UnknownGame { name: e.0 })
    }
}

/// A square in a piece list: `28` or `K28`, on the 8x8 boards also `c3` or `Kc3`.
#[derive(Deserialize)]
#[serde(untagged)]
enum SquareText {
    Number(u32),
    Text(String),
}

/// `goal: win` or `goal: "material:2"` or `goal: {material: 2}`.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawGoal {
    Text(String),
    Material { material: u64 },
}

/// Reads and checks an exercise file (at most [`input::MAX_FILE_BYTES`], UTF-8).
pub fn load(path: &Path) -> Result<ExerciseSet, Vec<ExerciseError>> {
    let name = path.display().to_string();
    match input::bytes(path) {
        Ok(bytes) => parse_bytes(&bytes, &name),
        Err(e) => Err(vec![ExerciseError::in_file(&name, Problem::Read(e))]),
    }
}

/// [`parse`] of bytes that should be UTF-8 text: the first byte that is not is reported with
/// its line and column.
pub fn parse_bytes(bytes: &[u8], name: &str) -> Result<ExerciseSet, Vec<ExerciseError>> {
    let text = input::text(bytes).map_err(|e| vec![ExerciseError::not_utf8(name, &e)])?;
    parse(text.strip_prefix('\u{feff}').unwrap_or(text), name)
}

/// The `.yaml` and `.yml` files of a folder, sorted by name.
pub fn files_in(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")))
        .collect();
    files.sort();
    Ok(files)
}

/// The `.yaml` and `.yml` files under a folder: its own files sorted by name, then each
/// sub-folder's in name order, at most [`MAX_DEPTH`] folders deep. Links to folders and hidden
/// folders (`.git`, `.cache`) are not followed.
pub fn files_under(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    collect_under(folder, &mut files, 0)?;
    Ok(files)
}

/// How deep [`files_under`] looks into sub-folders.
pub const MAX_DEPTH: usize = 8;

fn collect_under(folder: &Path, files: &mut Vec<PathBuf>, depth: usize) -> std::io::Result<()> {
    files.extend(files_in(folder)?);
    if depth >= MAX_DEPTH {
        return Ok(());
    }
    let mut folders: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .filter(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
        .map(|entry| entry.path())
        .collect();
    folders.sort();
    for sub in folders {
        collect_under(&sub, files, depth + 1)?;
    }
    Ok(())
}

/// Checks the text of an exercise file named `name`; returns every problem found.
pub fn parse(text: &str, name: &str) -> Result<ExerciseSet, Vec<ExerciseError>> {
    let raw: RawSet = yaml::read(text, name).map_err(|e| vec![e])?;
    let mut errors = Vec::new();
    let error = |line: Option<usize>, id: Option<&str>, problem: Problem| ExerciseError {
        file: name.to_string(),
        line,
        column: None,
        id: id.map(str::to_string),
        problem: Box::new(problem),
    };
    let language = match raw
        .language
        .as_deref()
        .map(|code| (code, code.parse::<Lang>()))
    {
        None => Lang::English,
        Some((_, Ok(lang))) => lang,
        Some((code, Err(_))) => {
            let code = code.trim().to_string();
            let problem = Problem::UnknownLanguage { code };
            errors.push(error(find_line(text, "language:"), None, problem));
            Lang::English
        }
    };
    let variant = match raw.variant.as_ref().map(VariantText::read) {
        None => Variant::International,
        Some(Ok(variant)) => variant,
        Some(Err(problem)) => {
            errors.push(error(find_line(text, "variant:"), None, problem));
            Variant::International
        }
    };
    let read_text = |errors: &mut Vec<ExerciseError>,
                     field: &'static str,
                     raw: Option<RawField>,
                     from: usize,
                     id: Option<&str>| {
        let Some(raw) = raw else {
            return Bilingual::default();
        };
        raw.resolve(language).unwrap_or_else(|unknown| {
            let line = text::key_line(text, from, field, &unknown.0).or(Some(from));
            let problem = Problem::TextLanguage {
                field,
                code: unknown.0,
            };
            errors.push(error(line, id, problem));
            Bilingual::default()
        })
    };
    let title = read_text(&mut errors, "title", Some(raw.title), 1, None);
    let subtitle = read_text(&mut errors, "subtitle", raw.subtitle, 1, None);
    let description = read_text(&mut errors, "description", raw.description, 1, None);
    if let Some(level) = raw.level {
        if !(1..=6).contains(&level) {
            errors.push(error(
                find_line(text, "level:"),
                None,
                Problem::Level { level },
            ));
        }
    }
    if let Some(scoring) = raw.scoring {
        let shares_ok = [
            scoring.alternative,
            scoring.incomplete,
            scoring.hint,
            scoring.wrong,
        ]
        .iter()
        .all(|share| (0.0..=1.0).contains(share));
        let points_ok = scoring.points.is_finite()
            && scoring.points > 0.0
            && scoring.points <= Scoring::MAX_POINTS;
        if !points_ok || !shares_ok {
            errors.push(error(find_line(text, "scoring:"), None, Problem::Scoring));
        }
    }
    if raw.exercises.is_empty() {
        errors.push(error(
            find_line(text, "exercises:"),
            None,
            Problem::NoExercises,
        ));
    }
    let mut exercises = Vec::new();
    let mut seen_ids: HashSet<String> = HashSet::new();
    let mut search_from = (0, 0);
    let item_lines = yaml::item_lines(text, "exercises");
    let list_line = find_line_start(text, "exercises:");
    let count = raw.exercises.len();
    for (index, mut raw_exercise) in raw.exercises.into_iter().enumerate() {
        let id = raw_exercise.id.text();
        let line = match &item_lines {
            Some(lines) if lines.len() == count => Some(lines[index]),
            // A flow list (`exercises: [{id: a, ...}]`): the id's line, else the list's.
            _ => find_id_line(text, &id, &mut search_from).or(list_line),
        };
        let from = line.unwrap_or(1);
        let texts = Texts {
            title: read_text(
                &mut errors,
                "title",
                raw_exercise.title.take(),
                from,
                Some(&id),
            ),
            hint: read_text(
                &mut errors,
                "hint",
                raw_exercise.hint.take(),
                from,
                Some(&id),
            ),
            comment: read_text(
                &mut errors,
                "comment",
                raw_exercise.comment.take(),
                from,
                Some(&id),
            ),
            source: read_text(
                &mut errors,
                "source",
                raw_exercise.source.take(),
                from,
                Some(&id),
            ),
        };
        if !seen_ids.insert(id.clone()) {
            errors.push(error(line, Some(&id), Problem::IdTwice));
        }
        match check_exercise(raw_exercise, texts, &id, line, variant) {
            Ok(exercise) => exercises.push(exercise),
            Err(problems) => {
                for problem in problems {
                    errors.push(error(line, Some(&id), problem));
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(ExerciseSet {
        source_name: name.to_string(),
        title,
        subtitle,
        author: raw.author,
        language,
        variant,
        level: raw.level,
        description,
        scoring: raw.scoring.unwrap_or_default(),
        exercises,
    })
}

/// An exercise's texts, read before the rest of it.
struct Texts {
    title: Bilingual,
    hint: Bilingual,
    comment: Bilingual,
    source: Bilingual,
}

fn check_exercise(
    raw: RawExercise,
    texts: Texts,
    id: &str,
    line: Option<usize>,
    set_variant: Variant,
) -> Result<Exercise, Vec<Problem>> {
    let mut problems = Vec::new();
    if id.trim().is_empty() {
        problems.push(Problem::EmptyId);
    }
    let variant = match raw.variant.as_ref().map(VariantText::read) {
        None => set_variant,
        Some(Ok(variant)) => variant,
        Some(Err(problem)) => {
            problems.push(problem);
            set_variant
        }
    };
    let board = variant.board();
    let to_move = match raw.to_move.as_deref().map(str::trim) {
        None => None,
        Some("white") | Some("White") | Some("W") | Some("w") => Some(Color::White),
        Some("black") | Some("Black") | Some("B") | Some("b") => Some(Color::Black),
        Some(other) => {
            problems.push(Problem::ToMove { text: other.into() });
            None
        }
    };
    let setup = match (&raw.fen, &raw.white, &raw.black) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            problems.push(Problem::FenAndLists);
            None
        }
        (Some(fen), None, None) => match crate::fen::parse_setup(fen, board) {
            Ok(mut setup) => {
                if let Some(turn) = to_move {
                    if turn != setup.turn {
                        problems.push(Problem::TurnDisagrees {
                            to_move: turn,
                            fen: setup.turn,
                        });
                    }
                    setup.turn = turn;
                }
                Some(setup)
            }
            Err(e) => {
                problems.push(Problem::Fen(e));
                None
            }
        },
        (None, white, black) => {
            if white.is_none() && black.is_none() {
                problems.push(Problem::NoPosition);
                None
            } else if let Some(turn) = to_move {
                let mut setup = Setup::empty(turn);
                for (color, list) in [(Color::White, white), (Color::Black, black)] {
                    for entry in list.iter().flatten() {
                        match square_entry(entry, board) {
                            Some((square, role)) => setup.put(square, color, role),
                            None => problems.push(Problem::NotSquare {
                                list: color,
                                text: square_text(entry),
                                board,
                            }),
                        }
                    }
                }
                Some(setup)
            } else {
                problems.push(Problem::NoToMove);
                None
            }
        }
    };
    let position = setup.and_then(|setup| match VariantPosition::from_setup(variant, &setup) {
        Ok(position) => Some(position),
        Err(error) => {
            problems.push(Problem::Position { error, variant });
            None
        }
    });
    let goal = match raw.goal {
        None => Goal::Auto,
        Some(RawGoal::Material { material }) => match Goal::material(material) {
            Ok(goal) => goal,
            Err(_) => {
                problems.push(Problem::GoalOutOfRange { gain: material });
                Goal::Auto
            }
        },
        Some(RawGoal::Text(text)) => match text.parse::<Goal>() {
            Ok(goal) => goal,
            Err(_) => {
                problems.push(goal_problem(&text));
                Goal::Auto
            }
        },
    };
    if let Some(level) = raw.difficulty {
        if !(1..=6).contains(&level) {
            problems.push(Problem::Difficulty { level });
        }
    }
    let mut motifs = Vec::new();
    for tag in &raw.motifs {
        match Motif::from_key(tag) {
            Some(motif) => motifs.push(motif),
            None => problems.push(Problem::UnknownMotif { tag: tag.clone() }),
        }
    }
    match position {
        Some(position) if problems.is_empty() => Ok(Exercise {
            id: id.to_string(),
            position,
            goal,
            title: texts.title,
            hint: texts.hint,
            comment: texts.comment,
            motifs,
            difficulty: raw.difficulty,
            source: texts.source,
            solution: raw.solution,
            line,
        }),
        _ => Err(problems),
    }
}

/// Why a `goal:` text that does not read is no goal, as [`Goal`]'s reader tells them apart.
fn goal_problem(text: &str) -> Problem {
    let text = text.trim();
    match text.strip_prefix("material:") {
        Some(gain) => match gain.trim().parse::<u64>() {
            Ok(gain) => Problem::GoalOutOfRange { gain },
            Err(_) => Problem::GoalNotNumber { text: text.into() },
        },
        None => Problem::UnknownGoal { text: text.into() },
    }
}

/// The square and piece of an entry of a `white:` or `black:` list, if it names a square.
fn square_entry(entry: &SquareText, board: Board) -> Option<(u32, Role)> {
    match entry {
        SquareText::Number(n) => Some((*n, Role::Man)),
        SquareText::Text(text) => {
            let text = text.trim();
            let (role, name) = match text.strip_prefix(['K', 'k']) {
                Some(rest) => (Role::King, rest),
                None => (Role::Man, text),
            };
            if let Ok(n) = name.parse::<u32>() {
                return Some((n, role));
            }
            let square = board.parse_square(name)?;
            Some((square.number() as u32, role))
        }
    }
}

/// An entry of a piece list as written.
fn square_text(entry: &SquareText) -> String {
    match entry {
        SquareText::Number(n) => n.to_string(),
        SquareText::Text(text) => text.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_sets_read_back() {
        let text = "title: T\nsubtitle: \"a: b\"\nexercises:\n  - id: a\n    fen: \"W:W28,32:B23\"\n    goal: win\n    motifs: [sacrifice]\n    solution: \"28x19\"\n  - id: b\n    white: [28, K46]\n    black: [K5]\n    to_move: black\n    goal: {material: 2}\n";
        let set = parse(text, "t.yaml").unwrap();
        let again = parse(&to_yaml(&set), "again.yaml").unwrap();
        assert_eq!(to_yaml(&again), to_yaml(&set));
        assert_eq!(again.exercises[1].goal, Goal::Material(2));
        assert_eq!(again.exercises[0].motifs, ["sacrifice"]);
        assert_eq!(again.subtitle.get(Lang::English), Some("a: b"));
    }

    #[test]
    fn reads_both_position_forms() {
        let text = "title: T\nexercises:\n  - id: a\n    fen: \"W:W28,32:B23\"\n    goal: win\n  - id: 2\n    white: [28, K46]\n    black: [\"K5\", 23]\n    to_move: black\n    goal: {material: 2}\n";
        let set = parse(text, "t.yaml").unwrap();
        assert_eq!(set.exercises.len(), 2);
        assert_eq!(set.exercises[1].id, "2");
        assert_eq!(set.exercises[1].line, Some(6));
        assert_eq!(set.exercises[1].position.to_string(), "B:W28,K46:BK5,23");
        assert_eq!(set.exercises[1].goal, Goal::Material(2));
    }

    #[test]
    fn unknown_keys_and_bad_positions_are_errors() {
        let text = "title: T\nexercises:\n  - id: a\n    fen: \"W:W28\"\n    gaol: win\n";
        let errors = parse(text, "t.yaml").unwrap_err();
        assert_eq!(errors[0].line, Some(5));
        assert!(
            errors[0].to_string().contains("unknown field `gaol`"),
            "{}",
            errors[0]
        );

        let text = "title: T\nexercises:\n  - id: a\n    fen: \"W:W3\"\n  - id: a\n    white: [51]\n    to_move: white\n  - id: c\n    white: [30]\n";
        let errors = parse(text, "t.yaml").unwrap_err();
        let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            lines,
            vec![
                "t.yaml:3: exercise a: invalid position: a white man cannot stand on 3, its own promotion row (1-5); write K3 for a king",
                "t.yaml:5: exercise a: the id is used twice in this set",
                "t.yaml:5: exercise a: invalid position: square 51 is outside the board (squares are 1-50)",
                "t.yaml:8: exercise c: to_move (white or black) is missing",
            ]
        );
    }
}
