use super::limits::LimitArgs;
use super::output::Outputs;
use super::pdf::{self, DocumentFormat};
use super::sets::select::ChooseArgs;
use super::sets::{load_sets, Solved};
use super::values::{one_of, VariantName};
use super::{CliError, Rejection, Usage};
use clap::{Args, ValueEnum};
use damtutor::lms;
use damtutor::quiz::print as document;
use damtutor::quiz::{self, QuestionType, Quiz, QuizOptions, SetPosition, Topic, TypeCounts};
use damtutor::render::templates::{Document, Format, Templates};
use damtutor::render::worksheet::OutputFile;
use damtutor::words::{fill, Lang, Text};
use damtutor::Variant;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct QuizArgs {
    /// Exercise files (YAML) or folders of them, sub-folders included, whose positions the
    /// diagram questions ("play and win") ask, as chosen by --ids, --motif, --level and
    /// --max-level [default: positions the quiz finds itself; with one of those flags, every
    /// file in ./exercises/]
    #[arg(value_name = "FILES")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub choose: ChooseArgs,
    /// The game or games to ask about, separated by commas or the flag repeated (with several,
    /// every question names its game) [default: international; with exercise files, the games
    /// of the exercises chosen]
    #[arg(long = "variant", value_name = "NAME", value_delimiter = ',', value_parser = one_of::<VariantName>("a game"))]
    pub variants: Vec<VariantName>,
    /// The quiz's points: the questions' points add up to this exactly. Without counts, the
    /// questions follow the model test's mix of points (single choice 18%, multiple choice 24%,
    /// blanks 22%, the diagram and the design question 18% each) [default: 100; with --count or
    /// counts of each type, what the questions make, open questions 10 points each]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub total: Option<u32>,
    /// How many questions, in the model test's mix of types (9 single, 6 multiple choice, 7
    /// blanks, 1 diagram, 1 design) instead of its mix of points.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=200), conflicts_with_all = ["single", "multi", "blank", "diagram", "design"])]
    pub count: Option<u16>,
    /// Single-choice questions (2 points each); with any of --single, --multi, --blank,
    /// --diagram and --design, the quiz has exactly the questions they ask for.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(0..=100))]
    pub single: Option<u16>,
    /// Multiple-choice questions (4 points each).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(0..=100))]
    pub multi: Option<u16>,
    /// Fill-in questions (1 or 2 points a blank).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(0..=100))]
    pub blank: Option<u16>,
    /// Diagram questions ("play and win"), sharing the points left with the design questions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(0..=20))]
    pub diagram: Option<u16>,
    /// Design questions ("set up a Turkish strike").
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(0..=20))]
    pub design: Option<u16>,
    /// The topics, separated by commas [default: all]
    #[arg(long, value_name = "TOPICS", value_delimiter = ',', value_parser = one_of::<Topic>("a topic"))]
    pub topics: Vec<Topic>,
    /// The question types, separated by commas [default: all]
    #[arg(long, value_name = "TYPES", value_delimiter = ',', value_parser = one_of::<QuestionType>("a question type"))]
    pub types: Vec<QuestionType>,
    /// The seed: the same seed writes the same quiz, byte for byte [default: a random seed,
    /// printed with --verbose and kept in the answer key]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Write N versions (A, B...): the same questions in other orders, each version in
    /// <name>-A.html, <name>-B.html... with its own answers and key.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=26))]
    pub versions: u8,
    /// The language of the questions.
    #[arg(long, default_value = "en", value_parser = one_of::<Lang>("a language"))]
    pub lang: Lang,
    /// Output format [default: from the --out extension, else html]
    #[arg(long, value_parser = one_of::<QuizFormat>("a quiz format"))]
    pub format: Option<QuizFormat>,
    /// The file to write; `-` for standard output [default: quiz.html, quiz.md, quiz.gift or
    /// quiz.xml; JSON goes to standard output]
    #[arg(long, short, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Also write the machine-readable answer key (JSON) that the answer checker reads
    /// [default path when given alone: quiz-key.json]
    #[arg(long, value_name = "PATH", num_args = 0..=1, default_missing_value = "quiz-key.json")]
    pub key: Option<PathBuf>,
    /// Points of each diagram question ("play and win") [default: a share of the points left]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub diagram_points: Option<u32>,
    /// Points of each design question ("set up a Turkish strike") [default: a share of the
    /// points left]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub design_points: Option<u32>,
    /// The title printed at the top [default: "Rules test: international draughts" or
    /// "百格国际跳棋规则测试", after the game]
    #[arg(long)]
    pub title: Option<String>,
    /// Also ask students to write a position's FEN (局面代码); without it, no question asks
    /// for one
    #[arg(long)]
    pub fen_questions: bool,
    /// Also print the seed and the time taken after each file written
    #[arg(long)]
    pub verbose: bool,
    /// A folder of templates that replace the built-in ones of the same name (quiz.html,
    /// quiz-key.html, quiz.css, quiz.js, quiz.md, quiz-key.md, base.html...).
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
}

/// What the quiz is written as.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuizFormat {
    Html,
    #[value(alias = "markdown")]
    Md,
    Json,
    Gift,
    MoodleXml,
    /// The quiz and its key printed to PDF by Chromium or Chrome.
    Pdf,
}

/// How the chosen format is written: through the quiz templates, or by an export.
enum Writer {
    Printed(Box<Templates>),
    Json,
    Gift,
    MoodleXml,
}

impl QuizFormat {
    fn extension(self) -> &'static str {
        match self {
            QuizFormat::Html => "html",
            QuizFormat::Md => "md",
            QuizFormat::Json => "json",
            QuizFormat::Gift => "gift",
            QuizFormat::MoodleXml => "xml",
            QuizFormat::Pdf => "pdf",
        }
    }

    fn from_extension(path: &Path) -> Option<QuizFormat> {
        match path.extension()?.to_str()? {
            "html" | "htm" => Some(QuizFormat::Html),
            "md" | "markdown" => Some(QuizFormat::Md),
            "json" => Some(QuizFormat::Json),
            "gift" | "txt" => Some(QuizFormat::Gift),
            "xml" => Some(QuizFormat::MoodleXml),
            "pdf" => Some(QuizFormat::Pdf),
            _ => None,
        }
    }
}

pub fn run(args: QuizArgs) -> Result<(), CliError> {
    let format = args.chosen_format();
    // The templates first: a broken one is reported before any work is done.
    let writer = Writer::of(format, args.templates.as_deref())?;
    let to_stdout = destination(&args, format)?;
    let positions = set_positions(&args)?;
    let options = quiz_options(&args, positions)?;
    let started = Instant::now();
    let quiz = quiz::generate(&options).map_err(|e| CliError::quiz(options.lang, e))?;
    let took = started.elapsed();
    sets_asked(&options, &quiz)?;
    note_fewer(&options, &quiz);
    let out = args
        .out
        .clone()
        .filter(|_| !to_stdout)
        .unwrap_or_else(|| PathBuf::from(format!("quiz.{}", format.extension())));
    let (files, paper) = versions(&args, &quiz, &writer, &out, to_stdout)?;
    if let Some(paper) = &paper {
        out!("{paper}");
        super::stdout::flush()?;
    }
    let report_files = files.clone();
    let mut outputs = Outputs::new();
    for file in pdf::print(files, format == QuizFormat::Pdf)? {
        outputs.add(file.path, file.bytes);
    }
    if !to_stdout {
        outputs
            .onto_device(&out)
            .map_err(|e| e.in_language(quiz.lang))?;
    }
    outputs.commit().map_err(|e| e.in_language(quiz.lang))?;
    report(&quiz, &report_files, to_stdout, took, args.verbose)
}

impl QuizArgs {
    /// `--format`, else the format of the `--out` extension, else HTML.
    fn chosen_format(&self) -> QuizFormat {
        self.format
            .or_else(|| self.out.as_deref().and_then(QuizFormat::from_extension))
            .unwrap_or(QuizFormat::Html)
    }

    /// The counts of each type, when any is given.
    fn type_counts(&self) -> Option<TypeCounts> {
        let per_type = [
            self.single,
            self.multi,
            self.blank,
            self.diagram,
            self.design,
        ];
        per_type.iter().any(Option::is_some).then(|| {
            let n = |c: Option<u16>| usize::from(c.unwrap_or(0));
            TypeCounts {
                single: n(self.single),
                multi: n(self.multi),
                blank: n(self.blank),
                diagram: n(self.diagram),
                design: n(self.design),
            }
        })
    }
}

impl Writer {
    /// The writer of `format`, with its templates (the built-in ones, or `folder`'s).
    fn of(format: QuizFormat, folder: Option<&Path>) -> Result<Writer, CliError> {
        let printed = |format| -> Result<Writer, CliError> {
            let templates = Templates::load(Document::Quiz, format, folder)?;
            Ok(Writer::Printed(Box::new(templates)))
        };
        match format {
            QuizFormat::Html | QuizFormat::Pdf => printed(Format::Html),
            QuizFormat::Md => printed(Format::Markdown),
            QuizFormat::Json => Ok(Writer::Json),
            QuizFormat::Gift => Ok(Writer::Gift),
            QuizFormat::MoodleXml => Ok(Writer::MoodleXml),
        }
    }
}

/// Whether the quiz goes to standard output (`--out -`, or JSON without `--out`); the flags
/// that cannot go there (a PDF, several versions) are usage errors, and a PDF needs a browser.
fn destination(args: &QuizArgs, format: QuizFormat) -> Result<bool, CliError> {
    let dash = args
        .out
        .as_deref()
        .is_some_and(|out| out.as_os_str() == "-");
    if format == QuizFormat::Pdf {
        if dash {
            return Err(CliError::usage(args.lang, Usage::PdfToStdout));
        }
        pdf::check_browser(DocumentFormat::Pdf)?;
    }
    let to_stdout = dash || (args.out.is_none() && format == QuizFormat::Json);
    if to_stdout && args.versions > 1 {
        return Err(CliError::usage(args.lang, Usage::VersionsToStdout));
    }
    Ok(to_stdout)
}

/// The positions of the exercises chosen from FILES (or ./exercises/ when only a choice is
/// given), each proven as `worksheet` proves it; none without files or a choice. Flags that
/// leave out the diagram questions are a usage error.
fn set_positions(args: &QuizArgs) -> Result<Vec<SetPosition>, CliError> {
    if args.files.is_empty() && !args.choose.chooses() {
        return Ok(Vec::new());
    }
    // Flags that leave out the diagram questions are refused before the sets are solved.
    let diagrams = args.type_counts().is_none_or(|c| c.diagram > 0)
        && (args.types.is_empty() || args.types.contains(&QuestionType::Diagram));
    if !diagrams {
        return Err(CliError::usage(args.lang, Usage::DiagramsLeftOut));
    }
    let sets = load_sets(&args.files, "quiz", args.lang)?;
    let limits = LimitArgs::default().limits();
    let solved = Solved::verify(&sets, &args.choose, limits, Some(args.lang))?;
    let chosen = solved.chosen()?;
    Ok(chosen
        .iter()
        .map(|item| SetPosition {
            position: item.exercise.position,
            goal: item.exercise.goal,
        })
        .collect())
}

/// What the flags ask for, with the games of the quiz: those of `--variant`, else those of
/// the positions, else international draughts. Positions none of whose games the quiz asks
/// about are a usage error.
fn quiz_options(args: &QuizArgs, positions: Vec<SetPosition>) -> Result<QuizOptions, CliError> {
    let mut games: Vec<Variant> = args.variants.iter().map(|&v| v.into()).collect();
    let of_sets = positions.iter().fold(Vec::new(), |mut games, p| {
        if !games.contains(&p.position.variant()) {
            games.push(p.position.variant());
        }
        games
    });
    if games.is_empty() {
        games = of_sets.clone();
    }
    if !positions.is_empty() && !of_sets.iter().any(|game| games.contains(game)) {
        let count = positions.len();
        let games = of_sets;
        return Err(CliError::usage(
            args.lang,
            Usage::GamesNotAsked { count, games },
        ));
    }
    let counts = args.type_counts();
    Ok(QuizOptions {
        variants: games,
        total: args.total,
        count: args.count.map(usize::from),
        counts,
        topics: args.topics.clone(),
        types: args.types.clone(),
        seed: args
            .seed
            .unwrap_or_else(|| u64::from(rand::random::<u32>())),
        lang: args.lang,
        diagram_points: args.diagram_points,
        design_points: args.design_points,
        title: args.title.clone(),
        fen_questions: args.fen_questions,
        positions,
    })
}

/// With positions from exercise sets, the quiz asks one of them: a quiz whose solver proves
/// none of them is rejected.
fn sets_asked(options: &QuizOptions, quiz: &Quiz) -> Result<(), CliError> {
    let asked = quiz
        .questions
        .iter()
        .any(|q| q.family == quiz::Family::WinLine);
    if options.positions.is_empty() || asked {
        return Ok(());
    }
    let none = Rejection::NoDiagramProven {
        count: options.positions.len(),
        plies: quiz::QUIZ_LIMITS.max_plies,
        nodes: quiz::QUIZ_LIMITS.max_nodes,
    };
    Err(CliError::rejected(options.lang, none))
}

/// Says so on standard error when fewer different questions fit than `--count` asked for.
fn note_fewer(options: &QuizOptions, quiz: &Quiz) {
    let Some(count) = options.count else { return };
    let made = quiz.questions.len();
    if made < count {
        eprintln!(
            "{}",
            fill(
                options.lang,
                Text::QuizConsoleFewer,
                &[("made", &made), ("count", &count)]
            )
        );
    }
}

/// The files of every version (the paper, its key and diagrams, the answer key of `--key`),
/// and the paper itself when it goes to standard output.
fn versions(
    args: &QuizArgs,
    quiz: &Quiz,
    writer: &Writer,
    out: &Path,
    to_stdout: bool,
) -> Result<(Vec<OutputFile>, Option<String>), CliError> {
    let mut files: Vec<OutputFile> = Vec::new();
    let mut paper = None;
    for version in &quiz.versions(usize::from(args.versions)) {
        let path = lettered(out, version.version);
        let (main, beside) = match writer {
            Writer::Json => (version.to_json(), Vec::new()),
            Writer::Gift => (lms::gift(version), Vec::new()),
            Writer::MoodleXml => (lms::moodle_xml(version), Vec::new()),
            Writer::Printed(templates) => {
                // The paper first; with --out -, it goes to standard output, and its key and
                // diagrams are files beside it, as always.
                let mut rendered = document::render(version, templates, &path)?.into_iter();
                let first = rendered.next().map(|f| f.contents).unwrap_or_default();
                (first, rendered.collect())
            }
        };
        if to_stdout {
            paper = Some(main);
        } else {
            files.push(OutputFile {
                path,
                contents: main,
            });
        }
        files.extend(beside);
        if let Some(key) = &args.key {
            files.push(OutputFile {
                path: lettered(key, version.version),
                contents: version.key().to_json(),
            });
        }
    }
    Ok((files, paper))
}

/// `path` with a version's letter before its extension (`quiz-A.html`), or as it is.
fn lettered(path: &Path, letter: Option<char>) -> PathBuf {
    let Some(letter) = letter else {
        return path.to_path_buf();
    };
    let stem = path
        .file_stem()
        .map_or("quiz".into(), |s| s.to_string_lossy());
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{letter}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{letter}"),
    };
    path.with_file_name(name)
}

/// Prints what was written (to standard error when the quiz itself went to standard output).
fn report(
    quiz: &Quiz,
    files: &[OutputFile],
    to_stdout: bool,
    took: std::time::Duration,
    verbose: bool,
) -> Result<(), CliError> {
    let lang = quiz.lang;
    let (questions, points) = (quiz.questions.len(), quiz.total_points);
    let mut summary = fill(
        lang,
        Text::QuizConsoleSummary,
        &[("questions", &questions), ("points", &points)],
    );
    // The machine's words (the seed, the time) only when asked for.
    if verbose {
        let (seed, millis) = (quiz.seed, took.as_millis());
        summary.push_str(&fill(
            lang,
            Text::QuizConsoleVerbose,
            &[("seed", &seed), ("millis", &millis)],
        ));
    }
    let is_svg = |f: &OutputFile| f.path.extension().is_some_and(|e| e == "svg");
    let count = files.iter().filter(|f| is_svg(f)).count();
    let mut lines = Vec::new();
    if to_stdout {
        lines.push(fill(
            lang,
            Text::QuizConsoleToStdout,
            &[("summary", &summary)],
        ));
    }
    for (i, file) in files.iter().enumerate() {
        if is_svg(file) {
            continue;
        }
        let path = file.path.display();
        if i == 0 && !to_stdout {
            lines.push(fill(
                lang,
                Text::QuizConsoleWroteSummary,
                &[("path", &path), ("summary", &summary)],
            ));
        } else {
            lines.push(fill(lang, Text::QuizConsoleWrote, &[("path", &path)]));
        }
    }
    if let Some(folder) = files
        .iter()
        .find(|f| is_svg(f))
        .and_then(|f| f.path.parent())
    {
        let folder = folder.display();
        lines.push(fill(
            lang,
            Text::QuizConsoleDiagrams,
            &[("count", &count), ("folder", &folder)],
        ));
    }
    for line in lines {
        if to_stdout {
            eprintln!("{line}");
        } else {
            outln!("{line}");
        }
    }
    Ok(())
}
