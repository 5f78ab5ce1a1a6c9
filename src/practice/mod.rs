//! Practice pages: one self-contained HTML file in which students play the solutions on the
//! board, with instant feedback, and hand back an answer file that `damtutor check` marks.
//!
//! The page carries no rules engine: each exercise's [`tree`] - every legal move at each of
//! the solving side's turns, judged, and every defender reply within the proof - is embedded
//! as JSON ([`PageData`]), with the board's geometry and the page's [`words`]. The page itself
//! is the `practice.html` template with its style and script (`partials/practice.css`,
//! `partials/practice.js`), rendered by the one template loader.
//!
//! ```
//! use damtutor::exercise;
//! use damtutor::practice::tree::MoveVerdict::Correct;
//! use damtutor::practice::{self, PracticeOptions};
//! use damtutor::render::templates::{Document, Format, Templates};
//! use damtutor::render::worksheet::Item;
//! use damtutor::solver::{solve_all_variants, Limits};
//!
//! let set = exercise::parse(
//!     "title: Shots\nexercises:\n  - id: strike\n    fen: \"W:W11,23,27,28,43:BK47\"\n",
//!     "shots.yaml",
//! )
//! .unwrap();
//! let solutions = solve_all_variants(&[(set.exercises[0].position, set.exercises[0].goal)], Limits::default());
//! let items = [Item { set: &set, exercise: &set.exercises[0], solution: &solutions[0] }];
//! let page = practice::build(&items, &PracticeOptions::default())?;
//! let tree = &page.exercises[0].tree;
//! assert_eq!(tree.moves.len(), 9, "every legal move, judged");
//! assert_eq!(tree.moves.iter().filter(|c| c.verdict == Correct).count(), 1);
//! let templates = Templates::load(Document::Practice, Format::Html, None)?;
//! let html = practice::render(&page, &templates)?;
//! assert!(html.contains(r#"data-exercise="strike""#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod tree;
pub mod words;

use crate::exercise::Scoring;
use crate::render::templates::{TemplateError, Templates};
use crate::render::worksheet::{self, Item, WorksheetOptions};
use crate::solver::{with_thread_solver, Limits, Motif, Solution};
use crate::square::{Color, Piece, Role};
use crate::words::{self as wording, Lang, Text};
use crate::{with_solution, Variant};
use damtutor_rules::Rules;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use tree::{TreeError, Turn};

/// The version of the data format embedded in a page.
pub const FORMAT: u32 = 1;

/// The most turns of the solving side an exercise's tree may have, unless told otherwise.
pub const DEFAULT_MAX_TURNS: usize = 2000;

/// How to make a practice page.
#[derive(Clone, Debug)]
pub struct PracticeOptions {
    /// The language; `None`: the first set's.
    pub lang: Option<Lang>,
    /// Shuffle the exercises (with `seed`).
    pub shuffle: bool,
    pub seed: u64,
    /// The most turns of the solving side in one exercise's tree.
    pub max_turns: usize,
    /// The solver's limits, for every proof the trees need.
    pub limits: Limits,
    /// The page's title, instead of the sets' titles.
    pub title: Option<String>,
}

impl Default for PracticeOptions {
    fn default() -> PracticeOptions {
        PracticeOptions {
            lang: None,
            shuffle: false,
            seed: 0,
            max_turns: DEFAULT_MAX_TURNS,
            limits: Limits::default(),
            title: None,
        }
    }
}

/// Why no page was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PracticeError {
    /// No exercises.
    Empty,
    /// Exercises without a proven solution, or whose tree is too large: one located message
    /// each (file, line, id).
    Exercises(Vec<String>),
    /// The template failed.
    Template(TemplateError),
}

impl fmt::Display for PracticeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PracticeError::Empty => f.write_str("no exercises to practise"),
            PracticeError::Exercises(messages) => f.write_str(&messages.join("\n")),
            PracticeError::Template(error) => write!(f, "template error: {error}"),
        }
    }
}

impl std::error::Error for PracticeError {}

impl From<TemplateError> for PracticeError {
    fn from(error: TemplateError) -> PracticeError {
        PracticeError::Template(error)
    }
}

/// Everything the page's script reads, embedded as JSON in
/// `<script type="application/json" id="practice-data">`.
#[derive(Serialize, Clone, Debug)]
pub struct PageData {
    /// [`FORMAT`].
    pub format: u32,
    /// A fingerprint of the exercises (the key of the page's local storage): the same
    /// exercises give the same value.
    pub page: String,
    /// `en` or `zh`.
    pub lang: &'static str,
    pub title: String,
    pub board: BoardData,
    /// The page's words in its language, by key ([`words::words`]).
    pub words: BTreeMap<&'static str, String>,
    pub exercises: Vec<ExerciseData>,
}

/// The board's geometry: everything the page needs to draw any board.
#[derive(Serialize, Clone, Debug)]
pub struct BoardData {
    /// The game: `international`, `brazilian`, `russian` or `english`.
    pub game: &'static str,
    pub rows: u8,
    pub columns: u8,
    /// For each playable square in number order (square 1 first): its row (0 = top, as White
    /// sees the board) and column (0 = left).
    pub squares: Vec<[u8; 2]>,
    /// The squares' names as written in moves (`"1"`...`"50"`; `"a1"`...`"h8"` in the games
    /// written with algebraic names).
    pub names: Vec<String>,
}

impl BoardData {
    /// The board of `variant`.
    pub fn of(variant: Variant) -> BoardData {
        let rules = variant.rules();
        let board = rules.board;
        BoardData {
            game: variant.name(),
            rows: board.size(),
            columns: board.size(),
            squares: board
                .squares()
                .map(|s| {
                    let (row, column) = board.coords(s);
                    [row, column]
                })
                .collect(),
            names: board.squares().map(|s| rules.square_name(s)).collect(),
        }
    }

    /// The 10x10 international board.
    pub fn international() -> BoardData {
        BoardData::of(Variant::International)
    }
}

/// How an exercise is marked, as the page counts its score (the set's `scoring`).
#[derive(Serialize, Clone, Copy, Debug)]
pub struct ScoringData {
    pub points: f64,
    pub alternative: f64,
    pub incomplete: f64,
    pub hint: f64,
    pub wrong: f64,
}

impl From<Scoring> for ScoringData {
    fn from(s: Scoring) -> ScoringData {
        ScoringData {
            points: s.points,
            alternative: s.alternative,
            incomplete: s.incomplete,
            hint: s.hint,
            wrong: s.wrong,
        }
    }
}

/// One exercise on the page.
#[derive(Serialize, Clone, Debug)]
pub struct ExerciseData {
    /// The id in its file: the answer file's key.
    pub id: String,
    /// 1-based number on the page.
    pub number: usize,
    /// The set's title and file.
    pub set: String,
    pub file: String,
    /// "White to play and win", "黑先得子"...
    pub caption: String,
    pub title: Option<String>,
    pub hint: Option<String>,
    /// The motifs (the solver's and the teacher's) in the page's language, for a hint when
    /// the exercise has none.
    pub themes: Vec<String>,
    /// `white` or `black`: the solving side.
    pub side: &'static str,
    /// The goal: `win`, `material:2`, `king`.
    pub goal: String,
    /// The goal in words, after "does not force": "a win", "净得 2 子".
    pub goal_words: String,
    /// How many men (a king counting 3) a `material` goal asks for; 0 for the others.
    pub gain: u32,
    pub fen: String,
    /// One character per square in number order: `.` empty, `w`/`b` a man, `W`/`B` a king.
    pub pieces: String,
    pub scoring: ScoringData,
    /// The solver's annotated main line, shown once the exercise is solved.
    pub line: String,
    pub tree: Turn,
}

/// What the `practice.html` template sees.
#[derive(Serialize, Clone, Debug)]
pub struct PracticeView {
    pub lang: &'static str,
    pub title: String,
    pub subtitle: Option<String>,
    pub description: Option<String>,
    pub count: usize,
    pub words: BTreeMap<&'static str, String>,
    pub exercises: Vec<ExerciseSummary>,
    /// The [`PageData`] as JSON, safe inside `<script>` (written with `| safe`).
    pub data: String,
    pub generator: String,
}

/// An exercise as the template lists it.
#[derive(Serialize, Clone, Debug)]
pub struct ExerciseSummary {
    pub number: usize,
    pub id: String,
    pub caption: String,
    pub title: Option<String>,
}

/// A practice page: the data and what the template shows.
#[derive(Clone, Debug)]
pub struct Page {
    pub data: PageData,
    pub subtitle: Option<String>,
    pub description: Option<String>,
}

impl std::ops::Deref for Page {
    type Target = PageData;
    fn deref(&self) -> &PageData {
        &self.data
    }
}

/// Builds the page of `items` (in parallel: one tree per exercise). Every exercise must be
/// solved and its tree within `options.max_turns`; otherwise the error names each one.
pub fn build(items: &[Item], options: &PracticeOptions) -> Result<Page, PracticeError> {
    let first = items.first().ok_or(PracticeError::Empty)?;
    let lang = options.lang.unwrap_or(first.set.language);
    let order = worksheet::plan(
        items.len(),
        &WorksheetOptions {
            shuffle: options.shuffle,
            seed: options.seed,
            ..WorksheetOptions::default()
        },
    )
    .remove(0)
    .order;
    // The trees recurse as deep as the longest line: a pool with room for it.
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(64 << 20)
        .build()
        .map_err(|e| PracticeError::Exercises(vec![format!("cannot start threads: {e}")]))?;
    // One game a page: the board is the page's.
    let variant = first.solution.variant();
    let other: Vec<String> = items
        .iter()
        .filter(|item| item.solution.variant() != variant)
        .map(|item| other_game(item, variant, lang))
        .collect();
    if !other.is_empty() {
        return Err(PracticeError::Exercises(other));
    }
    let trees: Vec<Result<Turn, String>> = pool.install(|| {
        order
            .par_iter()
            .map(|&(index, _)| {
                let item = &items[index];
                with_solution!(item.solution, solution => {
                    with_thread_solver(|solver| {
                        tree::build(
                            solver,
                            solution,
                            item.exercise.solution.as_deref(),
                            options.limits,
                            options.max_turns,
                        )
                    })
                })
                .map_err(|error| located(item, &error, lang))
            })
            .collect()
    });
    let mut exercises = Vec::with_capacity(items.len());
    let mut problems = Vec::new();
    for (number, (&(index, _), built)) in order.iter().zip(trees).enumerate() {
        let item = &items[index];
        match built {
            Ok(tree) => exercises.push(with_solution!(item.solution, solution => {
                exercise_data(item, solution, number + 1, lang, tree)
            })),
            Err(problem) => problems.push(problem),
        }
    }
    if !problems.is_empty() {
        return Err(PracticeError::Exercises(problems));
    }
    let single = worksheet::single_set(items);
    let title = match &options.title {
        Some(title) => title.clone(),
        None => worksheet::sheet_title(items, lang),
    };
    let mut data = PageData {
        format: FORMAT,
        page: String::new(),
        lang: lang.code(),
        title,
        board: BoardData::of(variant),
        words: words::words(lang, variant),
        exercises,
    };
    data.page = fingerprint(&data);
    Ok(Page {
        data,
        subtitle: single.and_then(|s| s.subtitle.to_option(lang)),
        description: single.and_then(|s| s.description.to_option(lang)),
    })
}

/// `file:line: exercise id: what is wrong`, in `lang`.
fn place(item: &Item, what: &str, lang: Lang) -> String {
    let (file, id) = (&item.set.source_name, &item.exercise.id);
    let place = match item.exercise.line {
        Some(line) => wording::fill(
            lang,
            Text::ValidatePlace,
            &[("file", file), ("line", &line), ("id", id)],
        ),
        None => wording::fill(
            lang,
            Text::ValidatePlaceNoLine,
            &[("file", file), ("id", id)],
        ),
    };
    format!("{place}{}{what}", wording::text(lang, Text::Colon))
}

/// An exercise of another game than the page's, reported.
fn other_game(item: &Item, page: Variant, lang: Lang) -> String {
    let game = item.solution.variant();
    let what = wording::fill(
        lang,
        Text::PracticeOneGame,
        &[
            ("variant", &game),
            ("page", &page),
            ("game", &wording::game_name(lang, game)),
            ("page_game", &wording::game_name(lang, page)),
        ],
    );
    place(item, &what, lang)
}

/// Why an exercise has no tree for the page, with its place, in `lang` (a tree that disagrees
/// with `check` is a bug, reported in English).
fn located(item: &Item, error: &TreeError, lang: Lang) -> String {
    let what = match error {
        TreeError::Unsolved => format!(
            "not solved (solver status {}, goal {}): a practice page must not carry an unproven answer",
            item.solution.status(), item.exercise.goal
        ),
        TreeError::TooLarge { limit } => {
            wording::fill(lang, Text::PracticeTreeTooLarge, &[("limit", limit)])
        }
        TreeError::TooCostly { budget } => {
            wording::fill(lang, Text::PracticeTreeTooCostly, &[("budget", budget)])
        }
        other => other.to_string(),
    };
    place(item, &what, lang)
}

fn exercise_data<R: Rules>(
    item: &Item,
    solution: &Solution<R>,
    number: usize,
    lang: Lang,
    tree: Turn,
) -> ExerciseData {
    let position = &solution.position;
    let side = position.turn();
    let mut motifs: Vec<Motif> = solution.motifs.clone();
    motifs.extend(item.exercise.motifs.iter().copied());
    motifs.sort();
    motifs.dedup();
    let goal = solution.goal;
    ExerciseData {
        id: item.exercise.id.clone(),
        number,
        set: worksheet::sheet_title(std::slice::from_ref(item), lang),
        file: item.set.source_name.clone(),
        caption: wording::caption(lang, R::RULES.variant, side, goal),
        goal_words: wording::goal(lang, goal),
        title: item.exercise.title.to_option(lang),
        hint: item.exercise.hint.to_option(lang),
        themes: motifs
            .iter()
            .map(|&m| wording::motif(lang, m).to_string())
            .collect(),
        side: side_name(side),
        goal: goal.to_string(),
        gain: match goal {
            crate::solver::Goal::Material(n) => n,
            _ => 0,
        },
        fen: position.to_string(),
        pieces: R::RULES
            .board
            .squares()
            .map(|s| piece_char(position.piece_at(s)))
            .collect(),
        scoring: item.set.scoring.into(),
        line: solution.annotated(),
        tree,
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn piece_char(piece: Option<Piece>) -> char {
    match piece {
        None => '.',
        Some(Piece {
            color: Color::White,
            role: Role::Man,
        }) => 'w',
        Some(Piece {
            color: Color::White,
            role: Role::King,
        }) => 'W',
        Some(Piece {
            color: Color::Black,
            role: Role::Man,
        }) => 'b',
        Some(Piece {
            color: Color::Black,
            role: Role::King,
        }) => 'B',
    }
}

/// FNV-1a (64 bits) of the data as JSON, in hexadecimal.
fn fingerprint(data: &PageData) -> String {
    let json = serde_json::to_string(data).unwrap_or_default();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in json.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// JSON that can stand inside `<script>`: `<`, `>` and `&` (only ever inside strings) as
/// `\u` escapes, so that no text from an exercise file can close the element.
pub fn script_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|_| "null".to_string())
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The page as HTML, through the `practice.html` template.
pub fn render(page: &Page, templates: &Templates) -> Result<String, PracticeError> {
    let view = PracticeView {
        lang: page.data.lang,
        title: page.data.title.clone(),
        subtitle: page.subtitle.clone(),
        description: page.description.clone(),
        count: page.data.exercises.len(),
        words: page.data.words.clone(),
        exercises: page
            .data
            .exercises
            .iter()
            .map(|e| ExerciseSummary {
                number: e.number,
                id: e.id.clone(),
                caption: e.caption.clone(),
                title: e.title.clone(),
            })
            .collect(),
        data: script_json(&page.data),
        generator: "damtutor".to_string(),
    };
    Ok(templates.render("practice.html", &view)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_the_script() {
        let text = script_json(&"</script><!-- & done");
        assert!(!text.contains('<') && !text.contains('&'));
        assert_eq!(
            serde_json::from_str::<String>(&text).unwrap(),
            "</script><!-- & done"
        );
    }

    #[test]
    fn the_board_is_described_square_by_square() {
        let board = BoardData::international();
        assert_eq!(board.squares.len(), 50);
        assert_eq!(board.squares[0], [0, 1]);
        assert_eq!(board.squares[27], [5, 4]);
        assert_eq!(board.squares[49], [9, 8]);
        assert_eq!(board.names[49], "50");
    }
}
