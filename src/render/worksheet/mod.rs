//! Worksheets: exercises and their solver-proven solutions turned into views, then into files.
//!
//! [`plan`] decides each version's order (and which exercises are shown with the colours
//! swapped), [`build`] makes the [`WorksheetView`](super::view::WorksheetView) of one version
//! (in `build.rs`: the view of each exercise, its diagram and its answer), and [`render`] does
//! both and returns every file to write - nothing touches the disk here.

use super::templates::{Format, TemplateError, Templates};
use crate::exercise::{Exercise, ExerciseSet};
use crate::solver::VariantSolution;
use crate::words::Lang;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::path::{Path, PathBuf};

mod build;

use build::version;
pub use build::{
    build, diagram_options, difficulty_of, mirror_line, motifs_of, sheet_title, single_set,
    solution_arrows,
};

/// Variations listed per exercise in the answer key; the rest are counted.
const MAX_VARIATIONS: usize = 4;

/// One exercise with the set it belongs to and its solution.
#[derive(Copy, Clone, Debug)]
pub struct Item<'a> {
    pub set: &'a ExerciseSet,
    pub exercise: &'a Exercise,
    pub solution: &'a VariantSolution,
}

/// Where the answer key goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, clap::ValueEnum)]
pub enum Answers {
    /// After the last page of exercises.
    End,
    /// In a file of its own, `<name>-answers.<ext>`.
    Separate,
    /// Under each diagram (a teacher's copy).
    Inline,
    /// No answers.
    None,
}

impl Answers {
    /// The name templates see: `end`, `separate`, `inline` or `none`.
    pub const fn name(self) -> &'static str {
        match self {
            Answers::End => "end",
            Answers::Separate => "separate",
            Answers::Inline => "inline",
            Answers::None => "none",
        }
    }
}

/// How to make a worksheet.
#[derive(Clone, Debug)]
pub struct WorksheetOptions {
    pub format: Format,
    pub answers: Answers,
    /// The language; `None`: the first set's.
    pub lang: Option<Lang>,
    /// Exercises per page (at least 1).
    pub per_page: usize,
    /// Square numbers in the empty squares of the diagrams.
    pub numbers: bool,
    /// Number of versions (A, B...); 1 writes a single worksheet.
    pub versions: usize,
    /// Shuffle the exercises (always done for several versions).
    pub shuffle: bool,
    /// Let a version show an exercise with the colours swapped.
    pub mirror: bool,
    /// The seed of the shuffles and swaps.
    pub seed: u64,
    /// The title, instead of the sets' titles.
    pub title: Option<String>,
    /// The subtitle, instead of the set's.
    pub subtitle: Option<String>,
    /// The school's name, printed in the header.
    pub school: Option<String>,
    /// Print each exercise's hint under its diagram.
    pub hints: bool,
}

impl Default for WorksheetOptions {
    fn default() -> WorksheetOptions {
        WorksheetOptions {
            format: Format::Html,
            answers: Answers::End,
            lang: None,
            per_page: 6,
            numbers: false,
            versions: 1,
            shuffle: false,
            mirror: false,
            seed: 0,
            title: None,
            subtitle: None,
            school: None,
            hints: false,
        }
    }
}

/// Why no worksheet was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorksheetError {
    /// No exercises.
    Empty,
    /// Exercises without a proven solution: a worksheet never carries a wrong answer. One
    /// message per exercise (file, line, id and status).
    Unsolved(Vec<String>),
    /// A solution that could not be replayed with the colours swapped.
    Mirror(String),
    /// A template failed.
    Template(TemplateError),
}

impl fmt::Display for WorksheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorksheetError::Empty => f.write_str("no exercises to print"),
            WorksheetError::Unsolved(messages) => f.write_str(&messages.join("\n")),
            WorksheetError::Mirror(message) => f.write_str(message),
            WorksheetError::Template(error) => write!(f, "template error: {error}"),
        }
    }
}

impl std::error::Error for WorksheetError {}

impl From<TemplateError> for WorksheetError {
    fn from(error: TemplateError) -> WorksheetError {
        WorksheetError::Template(error)
    }
}

/// One version of a worksheet: its letter and the exercises in order, each with whether it is
/// shown with the colours swapped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// `A`, `B`... when there are several versions.
    pub letter: Option<char>,
    /// Indices into the items, and the swap flag.
    pub order: Vec<(usize, bool)>,
}

/// The versions of a worksheet of `count` exercises. The same options give the same plans.
///
/// ```
/// use damtutor::render::worksheet::{plan, WorksheetOptions};
/// let options = WorksheetOptions { versions: 2, seed: 7, ..WorksheetOptions::default() };
/// let plans = plan(5, &options);
/// assert_eq!(plans.len(), 2);
/// assert_eq!(plans[0].letter, Some('A'));
/// assert_ne!(plans[0].order, plans[1].order);
/// assert_eq!(plans, plan(5, &options));
/// ```
pub fn plan(count: usize, options: &WorksheetOptions) -> Vec<Plan> {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let versions = options.versions.clamp(1, 26);
    let mut orders: Vec<Vec<usize>> = Vec::new();
    let mut plans = Vec::new();
    for version in 0..versions {
        let mut order: Vec<usize> = (0..count).collect();
        if options.shuffle || versions > 1 {
            // A different order from the earlier versions wherever one exists.
            for _ in 0..64 {
                order.shuffle(&mut rng);
                if !orders.contains(&order) {
                    break;
                }
            }
        }
        orders.push(order.clone());
        let order = order
            .into_iter()
            .map(|index| (index, options.mirror && rng.gen_bool(0.5)))
            .collect();
        plans.push(Plan {
            letter: (versions > 1).then(|| (b'A' + version as u8) as char),
            order,
        });
    }
    plans
}

/// A file to write: its path and its contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFile {
    pub path: PathBuf,
    pub contents: String,
}

/// Every file of the worksheet(s) whose main file is `out`: for each version the worksheet,
/// the separate answer key when asked, and for Markdown the SVG diagrams in `<name>-diagrams/`.
pub fn render(
    items: &[Item],
    options: &WorksheetOptions,
    templates: &Templates,
    out: &Path,
) -> Result<Vec<OutputFile>, WorksheetError> {
    check_solved(items)?;
    let extension = out
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or(options.format.extension());
    let template_extension = options.format.extension();
    let stem = out
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("worksheet")
        .to_string();
    let folder = out.parent().unwrap_or(Path::new(""));
    let mut files = Vec::new();
    for plan in plan(items.len(), options) {
        let name = match plan.letter {
            Some(letter) => format!("{stem}-{letter}"),
            None => stem.clone(),
        };
        let answers_name = format!("{name}-answers.{extension}");
        let diagrams = format!("{name}-diagrams");
        let (mut view, svgs) = version(items, &plan, options, &diagrams)?;
        if options.answers == Answers::Separate {
            view.answers_file = Some(answers_name.clone());
        }
        files.push(OutputFile {
            path: folder.join(format!("{name}.{extension}")),
            contents: templates.render(&format!("worksheet.{template_extension}"), &view)?,
        });
        if options.answers == Answers::Separate {
            files.push(OutputFile {
                path: folder.join(&answers_name),
                contents: templates.render(&format!("answers.{template_extension}"), &view)?,
            });
        }
        files.extend(svgs.into_iter().map(|(file, contents)| OutputFile {
            path: folder.join(&diagrams).join(file),
            contents,
        }));
    }
    Ok(files)
}

/// Refuses exercises without a proven solution.
fn check_solved(items: &[Item]) -> Result<(), WorksheetError> {
    if items.is_empty() {
        return Err(WorksheetError::Empty);
    }
    let unsolved: Vec<String> = items
        .iter()
        .filter(|item| !item.solution.is_solved() || item.solution.plies() == 0)
        .map(|item| {
            let place = match item.exercise.line {
                Some(line) => format!("{}:{line}", item.set.source_name),
                None => item.set.source_name.clone(),
            };
            format!(
                "{place}: exercise {}: not solved (solver status {}, goal {}): a worksheet must not carry an unproven answer",
                item.exercise.id,
                item.solution.status(),
                item.exercise.goal
            )
        })
        .collect();
    if unsolved.is_empty() {
        Ok(())
    } else {
        Err(WorksheetError::Unsolved(unsolved))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg;
    use crate::solver::{self, Goal, Limits};

    #[test]
    fn an_8x8_exercise_is_drawn_by_its_game_convention() {
        use crate::{Brazilian, English};
        // English checkers: Black (red) to move, 9x18 forced; numbered squares, red pieces.
        let start: damtutor_rules::Position<English> = "B:W14,30:B9,K1".parse().unwrap();
        let line: Vec<_> = ["9x18"]
            .iter()
            .map(|t| start.parse_move(t).unwrap())
            .collect();
        let options = WorksheetOptions::default();
        let arrows = solution_arrows(&start, &line, &line);
        assert_eq!(arrows.len(), 1);
        assert_eq!(arrows[0].route.len(), 2);
        let svg = svg::diagram(
            &start,
            &diagram_options(&options, arrows, "1. Black to move".into()),
        );
        assert!(svg.contains(r#"viewBox="-7 -7 94 94""#), "8x8: {svg}");
        assert!(svg.contains(r#"data-route="9-18""#));
        assert!(svg.contains(r#"data-square="1" data-piece="bk""#));
        assert_eq!(svg.matches("class=\"crown\"").count(), 1);
        assert!(svg.contains(">32</text>") && !svg.contains(">33</text>"));
        assert!(svg.contains(r#"data-turn="black""#));
        // The 64-square game: files and ranks, a mirrored line translated square by square.
        let start: damtutor_rules::Position<Brazilian> = "W:Wc3,e3:Bd6,f6".parse().unwrap();
        let line = vec![start.parse_move("c3-d4").unwrap()];
        let mirrored = mirror_line(&start, &line).unwrap();
        assert_eq!(mirrored[0].to_string(), "f6-e5");
        let markdown = WorksheetOptions {
            format: Format::Markdown,
            ..WorksheetOptions::default()
        };
        let svg = svg::diagram(
            &start,
            &diagram_options(
                &markdown,
                solution_arrows(&start, &line, &line),
                String::new(),
            ),
        );
        assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="260""#));
        assert!(svg.contains(r#"<g class="coordinates""#));
        assert!(
            svg.contains(">a</text>") && svg.contains(">h</text>") && svg.contains(">8</text>")
        );
        assert!(!svg.contains(">9</text>"));
    }

    #[test]
    fn plans_are_reproducible_and_mirror_only_when_asked() {
        let options = WorksheetOptions {
            versions: 3,
            seed: 42,
            ..WorksheetOptions::default()
        };
        let plans = plan(6, &options);
        assert_eq!(plans, plan(6, &options));
        assert!(plans.iter().all(|p| p.order.iter().all(|(_, m)| !m)));
        assert_ne!(plans[0].order, plans[1].order);
        assert_ne!(plans[1].order, plans[2].order);
        let single = plan(4, &WorksheetOptions::default());
        assert_eq!(single[0].letter, None);
        assert_eq!(
            single[0].order,
            [(0, false), (1, false), (2, false), (3, false)]
        );
        let mirrored = plan(
            40,
            &WorksheetOptions {
                mirror: true,
                ..WorksheetOptions::default()
            },
        );
        assert!(mirrored[0].order.iter().any(|(_, m)| *m));
        assert!(mirrored[0].order.iter().any(|(_, m)| !*m));
    }

    #[test]
    fn an_unsolved_exercise_stops_the_worksheet() {
        let set = crate::exercise::parse(
            "title: T\nexercises:\n  - id: lost\n    fen: \"W:W46:B5,10,15\"\n    goal: win\n",
            "t.yaml",
        )
        .unwrap();
        let solution =
            solver::solve_variant(&set.exercises[0].position, Goal::Win, Limits::default());
        let items = [Item {
            set: &set,
            exercise: &set.exercises[0],
            solution: &solution,
        }];
        let plan = &plan(1, &WorksheetOptions::default())[0];
        match build(&items, plan, &WorksheetOptions::default(), "d") {
            Err(WorksheetError::Unsolved(messages)) => {
                assert_eq!(messages.len(), 1);
                assert!(
                    messages[0].starts_with("t.yaml:3: exercise lost: not solved"),
                    "{}",
                    messages[0]
                );
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            build(&[], plan, &WorksheetOptions::default(), "d").err(),
            Some(WorksheetError::Empty)
        );
    }
}
