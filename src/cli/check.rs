use super::limits::LimitArgs;
use super::output::Outputs;
use super::pdf::{self, DocumentFormat};
use super::values::one_of;
use super::{CliError, Rejection};
use clap::Args;
use damtutor::check::{self, report, summary, AnswerFile, AnswerSheet, StudentResult};
use damtutor::exercise::ExerciseSet;
use damtutor::quiz::Key;
use damtutor::render::templates::{Document, Templates};
use damtutor::render::worksheet::OutputFile;
use damtutor::words::{fill, text, Lang, Text};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The exercise files the answers refer to (answers by exercise id), or folders of them
    /// (every `.yaml` file under a folder, sub-folders included).
    #[arg(
        long = "exercises",
        required_unless_present = "key",
        conflicts_with = "key"
    )]
    pub exercises: Vec<PathBuf>,
    /// A quiz key written by `damtutor quiz --key` (answers by question id).
    #[arg(long)]
    pub key: Option<PathBuf>,
    /// Students' answer files (YAML: student, class, answers by id), class sheets (CSV: a row
    /// per student, a column per id), or folders of them.
    #[arg(required = true)]
    pub answers: Vec<PathBuf>,
    /// Folder for the gradebook (gradebook.csv), the class summary and one feedback report per student.
    #[arg(long, default_value = "check-report")]
    pub out: PathBuf,
    /// Format of the feedback reports: html, md, or pdf (printed by Chromium or Chrome).
    #[arg(long, default_value = "html", value_parser = one_of::<DocumentFormat>("a format"))]
    pub format: DocumentFormat,
    /// Language of the reports, the summary, the gradebook's column names and the messages
    /// [default: the key's or the first set's language]
    #[arg(long, value_parser = one_of::<Lang>("a language"))]
    pub lang: Option<Lang>,
    /// A folder of templates replacing the built-in ones by name (feedback.html, feedback.md).
    #[arg(long)]
    pub templates: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub fn run(args: CheckArgs) -> Result<(), CliError> {
    // With --key there are no exercise files to read (not even ./exercises/).
    let sets = if args.exercises.is_empty() {
        Vec::new()
    } else {
        let said = args.lang.unwrap_or(Lang::English);
        super::sets::load_sets(&args.exercises, "check", said)?
    };
    let key = match &args.key {
        Some(path) => Some(damtutor::quiz::Key::load(path)?),
        None => None,
    };
    let lang = args
        .lang
        .or(key.as_ref().map(|k| k.lang))
        .or(sets.first().map(|s| s.language))
        .unwrap_or(Lang::English);
    let answers = read_answers(&args.answers, &sets, key.as_ref(), lang)?;
    if answers.sheets.is_empty() && answers.unread > 0 {
        let none = fill(lang, Text::CliNoAnswersRead, &[("count", &answers.unread)]);
        return Err(CliError::Partial(none));
    }
    let templates = Templates::load(
        Document::Feedback,
        args.format.templates(),
        args.templates.as_deref(),
    )?;
    let results = match &key {
        Some(key) => check::class::mark_quiz(key, &answers.sheets, lang),
        None => check::mark_exercises(&sets, &answers.sheets, args.limits.limits(), lang)
            .map_err(|why| CliError::rejected(lang, Rejection::Said(why)))?,
    };
    write_reports(&args, &results, &templates, lang)?;
    out!("{}", summary::console(&results, lang));
    if key.is_none() {
        let total: usize = sets.iter().map(|s| s.exercises.len()).sum();
        let marked = check::class::marked_items(&results).len();
        let (words, marked) = if marked < total {
            (Text::ConsoleMarkedSome, marked)
        } else {
            (Text::ConsoleMarkedAll, total)
        };
        outln!(
            "{}",
            fill(lang, words, &[("marked", &marked), ("total", &total)])
        );
    }
    let folder = args.out.display();
    outln!(
        "{}",
        fill(lang, Text::ConsoleWritten, &[("folder", &folder)])
    );
    answers.skipped(lang)
}

/// The students' answers read, and how many files and rows were not.
struct Answers {
    sheets: Vec<AnswerSheet>,
    /// Answer files that could not be read.
    unread: usize,
    /// Problems in class sheets (rows or columns not marked).
    problems: usize,
}

impl Answers {
    /// What was left unmarked, as the run's partial success (exit code 1), or nothing.
    fn skipped(&self, lang: Lang) -> Result<(), CliError> {
        let mut skipped = Vec::new();
        if self.unread > 0 {
            skipped.push(fill(lang, Text::FilesNotRead, &[("count", &self.unread)]));
        }
        if self.problems > 0 {
            skipped.push(fill(
                lang,
                Text::TableProblems,
                &[("count", &self.problems)],
            ));
        }
        if skipped.is_empty() {
            return Ok(());
        }
        Err(CliError::Partial(skipped.join(text(lang, Text::Semicolon))))
    }
}

/// The answer files and class sheets named (folders by their files), each read; what cannot
/// be read, a broken seal and a class sheet's problems are said on standard error.
fn read_answers(
    paths: &[PathBuf],
    sets: &[ExerciseSet],
    key: Option<&Key>,
    lang: Lang,
) -> Result<Answers, CliError> {
    let known = |id: &str| match key {
        Some(key) => key.questions.iter().any(|q| q.id == id),
        None => sets.iter().any(|s| s.exercises.iter().any(|e| e.id == id)),
    };
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            files.extend(answer_files_in(path).map_err(|e| CliError::io(path, e))?);
        } else {
            files.push(path.clone());
        }
    }
    let mut answers = Answers {
        sheets: Vec::new(),
        unread: 0,
        problems: 0,
    };
    for file in &files {
        match check::load_answer_file(file, lang) {
            Ok(AnswerFile::Student(sheet)) => {
                // A practice page's seal broken: said, and marked all the same.
                for problem in sheet.seal_problems() {
                    eprintln!("damtutor: {}", problem.say(lang, &sheet.source_name));
                }
                answers.sheets.push(sheet);
            }
            Ok(AnswerFile::Class(mut class)) => {
                class.keep_known(known, key.is_some());
                for problem in &class.problems {
                    eprintln!("damtutor: {}", problem.say(lang, &class.file));
                }
                answers.problems += class.problems.len();
                answers.sheets.extend(class.sheets);
            }
            Err(e) => {
                let error = e.say(lang);
                eprintln!(
                    "damtutor: {}",
                    fill(lang, Text::NotMarked, &[("error", &error)])
                );
                answers.unread += 1;
            }
        }
    }
    Ok(answers)
}

/// The gradebook, the class summary and a feedback report a student (printed, for PDF), made
/// first and then written all at once: a broken template or a file in the way leaves nothing
/// behind.
fn write_reports(
    args: &CheckArgs,
    results: &[StudentResult],
    templates: &Templates,
    lang: Lang,
) -> Result<(), CliError> {
    let mut outputs = Outputs::new();
    outputs.add(
        args.out.join(GRADEBOOK),
        check::gradebook_csv(results, lang),
    );
    outputs.add(args.out.join(SUMMARY), summary::markdown(results, lang));
    let mut reports = Vec::new();
    let mut names = report::Names::reserving(&RESERVED);
    for result in results {
        let stem = names.next(&result.student);
        let rendered = report::render(result, templates, lang, &stem)?;
        for (file, svg) in &rendered.files {
            outputs.add(args.out.join(file), svg.as_bytes());
        }
        reports.push(OutputFile {
            path: args.out.join(format!("{stem}.{}", args.format.extension())),
            contents: rendered.text,
        });
    }
    for report in pdf::print(reports, args.format == DocumentFormat::Pdf)? {
        outputs.add(report.path, report.bytes);
    }
    outputs.commit().map_err(|e| e.in_language(lang))
}

/// The answer files of a folder: YAML files and CSV sheets, sorted by name.
fn answer_files_in(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().and_then(|e| e.to_str()).is_some_and(|e| {
                ["yaml", "yml", "csv"]
                    .iter()
                    .any(|x| e.eq_ignore_ascii_case(x))
            })
        })
        .collect();
    files.sort();
    Ok(files)
}

/// The class's files in the report folder; a student's report never takes their names.
const GRADEBOOK: &str = "gradebook.csv";
const SUMMARY: &str = "summary.md";
const RESERVED: [&str; 2] = ["gradebook", "summary"];
