use super::limits::LimitArgs;
use super::output::Outputs;
use super::values::one_of;
use super::CliError;
use clap::Args;
use damtutor::check::{self, report, StudentResult, Verdict};
use damtutor::escape;
use damtutor::exercise::{self, AnswerSheet};
use damtutor::render::templates::{Document, Format, Templates};
use damtutor::words::{text, Lang, Text};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The exercise file(s) the answers refer to (answers by exercise id).
    #[arg(
        long = "exercises",
        required_unless_present = "key",
        conflicts_with = "key"
    )]
    pub exercises: Vec<PathBuf>,
    /// A quiz key written by `damtutor quiz --key` (answers by question id).
    #[arg(long)]
    pub key: Option<PathBuf>,
    /// Students' answer files (YAML: student, class, answers by id), or folders of them.
    #[arg(required = true)]
    pub answers: Vec<PathBuf>,
    /// Folder for the gradebook (gradebook.csv), the class summary and one feedback report per student.
    #[arg(long, default_value = "check-report")]
    pub out: PathBuf,
    /// Format of the feedback reports.
    #[arg(long, default_value = "html", value_parser = one_of::<Format>("a format"))]
    pub format: Format,
    /// Language of the reports' labels [default: the key's or the first set's language]
    #[arg(long, value_parser = one_of::<Lang>("a language"))]
    pub lang: Option<Lang>,
    /// A folder of templates replacing the built-in ones by name (feedback.html, feedback.md).
    #[arg(long)]
    pub templates: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub fn run(args: CheckArgs) -> Result<(), CliError> {
    let mut sets = Vec::new();
    for path in &args.exercises {
        sets.push(exercise::load(path)?);
    }
    let mut files = Vec::new();
    for path in &args.answers {
        if path.is_dir() {
            files.extend(exercise::files_in(path).map_err(|e| CliError::io(path, e))?);
        } else {
            files.push(path.clone());
        }
    }
    let mut sheets: Vec<AnswerSheet> = Vec::new();
    let mut bad = 0;
    for file in &files {
        match exercise::load_answers(file) {
            Ok(sheet) => sheets.push(sheet),
            Err(e) => {
                eprintln!("damtutor: {e} (this student is not marked)");
                bad += 1;
            }
        }
    }
    if sheets.is_empty() && bad > 0 {
        return Err(CliError::Partial(format!(
            "none of the {bad} answer file(s) could be read; nothing written"
        )));
    }
    let format = args.format;
    let lang = match args.lang {
        Some(lang) => lang,
        None => match &args.key {
            Some(path) => damtutor::quiz::Key::load(path)
                .map(|k| k.lang)
                .unwrap_or(Lang::English),
            None => sets.first().map_or(Lang::English, |s| s.language),
        },
    };
    let templates = Templates::load(Document::Feedback, format, args.templates.as_deref())?;
    let results = match &args.key {
        Some(path) => {
            let key = damtutor::quiz::Key::load(path)?;
            check::class::mark_quiz(&key, &sheets)
        }
        None => check::mark_exercises(&sets, &sheets, args.limits.limits())
            .map_err(CliError::Rejected)?,
    };
    // Every file of the report is made first, then written at once: a broken template or a
    // file in the way leaves nothing behind.
    let mut outputs = Outputs::new();
    outputs.add(
        args.out.join(GRADEBOOK),
        check::gradebook_csv(results.as_slice()),
    );
    outputs.add(args.out.join(SUMMARY), summary_markdown(&results));
    let mut names = report::Names::reserving(&RESERVED);
    for result in &results {
        let stem = names.next(&result.student);
        let rendered = report::render(result, &templates, lang, &stem)?;
        for (file, svg) in &rendered.files {
            outputs.add(args.out.join(file), svg.as_bytes());
        }
        let path = args.out.join(format!("{stem}.{}", format.extension()));
        outputs.add(path, rendered.text);
    }
    outputs.commit()?;
    out!("{}", summary_text(&results));
    outln!("written to {}/", args.out.display());
    if bad > 0 {
        return Err(CliError::Partial(format!(
            "{bad} answer file(s) could not be read; the others were marked"
        )));
    }
    Ok(())
}

/// The class's files in the report folder; a student's report never takes their names.
const GRADEBOOK: &str = "gradebook.csv";
const SUMMARY: &str = "summary.md";
const RESERVED: [&str; 2] = ["gradebook", "summary"];

fn summary_text(results: &[StudentResult]) -> String {
    let mut out = String::new();
    for r in results {
        out.push_str(&format!(
            "{:<24} {:>6} / {:<6} {}\n",
            r.student,
            check::class::number(r.total),
            check::class::number(r.max),
            r.items
                .iter()
                .map(|i| format!("{}:{}", i.id, short(i.verdict)))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        for note in &r.notes {
            out.push_str(&format!("  note: {}: {note}\n", r.file));
        }
    }
    out.push_str("\nquestion      success  average\n");
    for q in check::question_stats(results) {
        out.push_str(&format!(
            "{:<12} {:>6.0}%  {:>5} / {}\n",
            q.id,
            q.success_rate * 100.0,
            check::class::number(q.average_points),
            check::class::number(q.max)
        ));
    }
    out
}

fn short(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Correct => "ok",
        Verdict::Alternative => "alt",
        Verdict::Incomplete | Verdict::Partial => "part",
        Verdict::Wrong => "wrong",
        Verdict::Illegal => "illegal",
        Verdict::Missing => "-",
    }
}

fn summary_markdown(results: &[StudentResult]) -> String {
    let word = |key| text(Lang::English, key);
    let mut out = format!(
        "# {}\n\n| {} | {} | {} | {} |\n|---|---|---|---|\n",
        word(Text::SummaryTitle),
        word(Text::SummaryStudent),
        word(Text::Class),
        word(Text::SummaryPoints),
        word(Text::SummaryMax)
    );
    for r in results {
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            escape::markdown(&r.student),
            escape::markdown(r.class.as_deref().unwrap_or("")),
            check::class::number(r.total),
            check::class::number(r.max)
        ));
    }
    out.push_str(&format!(
        "\n## {}\n\n| {} | {} | {} | {} | {} |\n|---|---|---|---|---|\n",
        word(Text::SummaryQuestions),
        word(Text::SummaryQuestion),
        word(Text::SummaryFullMarks),
        word(Text::SummaryAnswered),
        word(Text::SummarySuccessRate),
        word(Text::SummaryAverage)
    ));
    for q in check::question_stats(results) {
        out.push_str(&format!(
            "| {} | {} / {} | {} | {:.0}% | {} / {} |\n",
            escape::markdown(&q.id),
            q.full,
            q.students,
            q.answered,
            q.success_rate * 100.0,
            check::class::number(q.average_points),
            check::class::number(q.max)
        ));
    }
    out
}
