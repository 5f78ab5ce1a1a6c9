use super::output::Outputs;
use super::pdf::{self, DocumentFormat};
use super::values::one_of;
use super::CliError;
use clap::{Args, ValueEnum};
use damtutor::lms;
use damtutor::quiz::{self, QuestionType, Quiz, QuizOptions, Topic};
use damtutor::render::quiz as document;
use damtutor::render::templates::{Document, Format, Templates};
use damtutor::render::worksheet::OutputFile;
use damtutor::words::Lang;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub struct QuizArgs {
    /// How many questions.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u16).range(1..=200))]
    pub count: u16,
    /// The topics, separated by commas [default: all]
    #[arg(long, value_name = "TOPICS", value_delimiter = ',', value_parser = one_of::<Topic>("a topic"))]
    pub topics: Vec<Topic>,
    /// The question types, separated by commas [default: all]
    #[arg(long, value_name = "TYPES", value_delimiter = ',', value_parser = one_of::<QuestionType>("a question type"))]
    pub types: Vec<QuestionType>,
    /// The seed: the same seed writes the same quiz, byte for byte [default: a random seed,
    /// printed]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
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
    /// Points of each diagram question ("play and win").
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub diagram_points: u32,
    /// Points of each design question ("set up a Turkish strike").
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub design_points: u32,
    /// The title printed at the top [default: "Rules test: international draughts" or
    /// "百格国际跳棋规则测试"]
    #[arg(long)]
    pub title: Option<String>,
    /// A folder of templates that replace the built-in ones of the same name (quiz.html,
    /// quiz-key.html, quiz.css, quiz.md, quiz-key.md, base.html...).
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
    let seed = args
        .seed
        .unwrap_or_else(|| u64::from(rand::random::<u32>()));
    let options = QuizOptions {
        count: usize::from(args.count),
        topics: args.topics.clone(),
        types: args.types.clone(),
        seed,
        lang: args.lang,
        diagram_points: args.diagram_points,
        design_points: args.design_points,
        title: args.title.clone(),
    };
    let started = Instant::now();
    let quiz = quiz::generate(&options)?;
    let took = started.elapsed();
    if quiz.questions.len() < options.count {
        eprintln!(
            "damtutor: only {} different questions fit these topics and types (asked for {})",
            quiz.questions.len(),
            options.count
        );
    }
    let to_stdout = match &args.out {
        Some(path) => path.as_os_str() == "-",
        None => format == QuizFormat::Json,
    };
    let out = args
        .out
        .clone()
        .filter(|_| !to_stdout)
        .unwrap_or_else(|| PathBuf::from(format!("quiz.{}", format.extension())));
    let mut files: Vec<OutputFile> = Vec::new();
    let main = match &writer {
        Writer::Json => quiz.to_json(),
        Writer::Gift => lms::gift(&quiz),
        Writer::MoodleXml => lms::moodle_xml(&quiz),
        Writer::Printed(templates) => {
            let rendered = document::render(&quiz, templates, &out)?;
            let mut rendered = rendered.into_iter();
            let first = rendered.next().map(|f| f.contents).unwrap_or_default();
            files.extend(rendered);
            first
        }
    };
    if let Some(key) = &args.key {
        files.push(OutputFile {
            path: key.clone(),
            contents: quiz.key().to_json(),
        });
    }
    if to_stdout {
        out!("{main}");
        super::stdout::flush()?;
    } else {
        files.insert(
            0,
            OutputFile {
                path: out.clone(),
                contents: main,
            },
        );
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
    report(&quiz, &report_files, to_stdout, took)
}

/// Prints what was written (to standard error when the quiz itself went to standard output).
fn report(
    quiz: &Quiz,
    files: &[OutputFile],
    to_stdout: bool,
    took: std::time::Duration,
) -> Result<(), CliError> {
    let summary = format!(
        "{} questions, {} points, seed {}, {} ms",
        quiz.questions.len(),
        quiz.total_points,
        quiz.seed,
        took.as_millis()
    );
    let svgs = files
        .iter()
        .filter(|f| f.path.extension().is_some_and(|e| e == "svg"))
        .count();
    let mut lines = Vec::new();
    if to_stdout {
        lines.push(format!("quiz ({summary}) written to standard output"));
    }
    for (i, file) in files.iter().enumerate() {
        if file.path.extension().is_some_and(|e| e == "svg") {
            continue;
        }
        if i == 0 && !to_stdout {
            lines.push(format!("wrote {} ({summary})", file.path.display()));
        } else {
            lines.push(format!("wrote {}", file.path.display()));
        }
    }
    if let Some(folder) = files
        .iter()
        .find(|f| f.path.extension().is_some_and(|e| e == "svg"))
        .and_then(|f| f.path.parent())
    {
        lines.push(format!("wrote {svgs} diagrams in {}", folder.display()));
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
