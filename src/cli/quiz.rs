use super::output::Outputs;
use super::pdf::{self, DocumentFormat};
use super::values::{one_of, VariantName};
use super::CliError;
use clap::{Args, ValueEnum};
use damtutor::lms;
use damtutor::quiz::print as document;
use damtutor::quiz::{self, QuestionType, Quiz, QuizOptions, Topic, TypeCounts};
use damtutor::render::templates::{Document, Format, Templates};
use damtutor::render::worksheet::OutputFile;
use damtutor::words::{fill, Lang, Text};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct QuizArgs {
    /// The game or games to ask about, separated by commas or the flag repeated (with several,
    /// every question names its game).
    #[arg(long = "variant", value_name = "NAME", value_delimiter = ',', default_value = "international", value_parser = one_of::<VariantName>("a game"))]
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
    let format = args
        .format
        .or_else(|| args.out.as_deref().and_then(QuizFormat::from_extension))
        .unwrap_or(QuizFormat::Html);
    // The templates first: a broken one is reported before any work is done.
    let folder = args.templates.as_deref();
    let writer = match format {
        QuizFormat::Html | QuizFormat::Pdf => Writer::Printed(Box::new(Templates::load(
            Document::Quiz,
            Format::Html,
            folder,
        )?)),
        QuizFormat::Md => Writer::Printed(Box::new(Templates::load(
            Document::Quiz,
            Format::Markdown,
            folder,
        )?)),
        QuizFormat::Json => Writer::Json,
        QuizFormat::Gift => Writer::Gift,
        QuizFormat::MoodleXml => Writer::MoodleXml,
    };
    if format == QuizFormat::Pdf {
        if args
            .out
            .as_deref()
            .is_some_and(|out| out.as_os_str() == "-")
        {
            return Err(CliError::Usage(
                "a PDF quiz is written to a file: give --out quiz.pdf, not -".into(),
            ));
        }
        pdf::check_browser(DocumentFormat::Pdf)?;
    }
    let to_stdout = match &args.out {
        Some(path) => path.as_os_str() == "-",
        None => format == QuizFormat::Json,
    };
    if to_stdout && args.versions > 1 {
        return Err(CliError::Usage(
            "--versions writes a file for each version: give --out FILE".into(),
        ));
    }
    let seed = args
        .seed
        .unwrap_or_else(|| u64::from(rand::random::<u32>()));
    let per_type = [
        args.single,
        args.multi,
        args.blank,
        args.diagram,
        args.design,
    ];
    let counts = per_type.iter().any(Option::is_some).then(|| {
        let n = |c: Option<u16>| usize::from(c.unwrap_or(0));
        TypeCounts {
            single: n(args.single),
            multi: n(args.multi),
            blank: n(args.blank),
            diagram: n(args.diagram),
            design: n(args.design),
        }
    });
    let options = QuizOptions {
        variants: args.variants.iter().map(|&v| v.into()).collect(),
        total: args.total,
        count: args.count.map(usize::from),
        counts,
        topics: args.topics.clone(),
        types: args.types.clone(),
        seed,
        lang: args.lang,
        diagram_points: args.diagram_points,
        design_points: args.design_points,
        title: args.title.clone(),
        fen_questions: args.fen_questions,
    };
    let started = Instant::now();
    let quiz = quiz::generate(&options)?;
    let took = started.elapsed();
    if let Some(count) = options.count {
        if quiz.questions.len() < count {
            let made = quiz.questions.len();
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
    let out = args
        .out
        .clone()
        .filter(|_| !to_stdout)
        .unwrap_or_else(|| PathBuf::from(format!("quiz.{}", format.extension())));
    let versions = quiz.versions(usize::from(args.versions));
    let mut files: Vec<OutputFile> = Vec::new();
    let mut stdout = None;
    for version in &versions {
        let path = lettered(&out, version.version);
        let main = match &writer {
            Writer::Json => version.to_json(),
            Writer::Gift => lms::gift(version),
            Writer::MoodleXml => lms::moodle_xml(version),
            Writer::Printed(templates) => {
                let rendered = document::render(version, templates, &path)?;
                let mut rendered = rendered.into_iter();
                let first = rendered.next().map(|f| f.contents).unwrap_or_default();
                // With --out -, the paper goes to standard output; its key and diagrams are
                // files beside it, as always.
                let start = files.len();
                files.extend(rendered);
                if to_stdout {
                    stdout = Some(first);
                } else {
                    files.insert(
                        start,
                        OutputFile {
                            path: path.clone(),
                            contents: first,
                        },
                    );
                }
                if let Some(key) = &args.key {
                    files.push(OutputFile {
                        path: lettered(key, version.version),
                        contents: version.key().to_json(),
                    });
                }
                continue;
            }
        };
        if to_stdout {
            stdout = Some(main);
        } else {
            files.push(OutputFile {
                path: path.clone(),
                contents: main,
            });
        }
        if let Some(key) = &args.key {
            files.push(OutputFile {
                path: lettered(key, version.version),
                contents: version.key().to_json(),
            });
        }
    }
    if let Some(main) = &stdout {
        out!("{main}");
        super::stdout::flush()?;
    }
    let report_files = files.clone();
    let mut outputs = Outputs::new();
    for file in pdf::print(files, format == QuizFormat::Pdf)? {
        outputs.add(file.path, file.bytes);
    }
    if !to_stdout {
        outputs.onto_device(&out)?;
    }
    outputs.commit()?;
    report(&quiz, &report_files, to_stdout, took, args.verbose)
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
