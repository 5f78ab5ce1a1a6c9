use super::limits::LimitArgs;
use super::pdf::{self, DocumentFormat};
use super::values::one_of;
use super::{write_bytes, write_file, CliError};
use clap::Args;
use damtutor::check::{self, report, StudentResult, Verdict};
use damtutor::escape;
use damtutor::exercise::{self, AnswerSheet};
use damtutor::render::templates::{Document, Templates};
use damtutor::render::worksheet::OutputFile;
use damtutor::words::{text, Lang, Text};
use std::path::{Path, PathBuf};

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
    /// Format of the feedback reports: html, md, or pdf (printed by Chromium or Chrome).
    #[arg(long, default_value = "html", value_parser = one_of::<DocumentFormat>("a format"))]
    pub format: DocumentFormat,
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
    pdf::check_browser(args.format)?;
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
    let templates = Templates::load(
        Document::Feedback,
        format.templates(),
        args.templates.as_deref(),
    )?;
    let results = match &args.key {
        Some(path) => {
            let key = damtutor::quiz::Key::load(path)?;
            check::class::mark_quiz(&key, &sheets)
        }
        None => check::mark_exercises(&sets, &sheets, args.limits.limits())
            .map_err(CliError::Rejected)?,
    };
    let mut reports = Vec::new();
    let mut used = Vec::new();
    for result in &results {
        let mut stem = report::slug(&result.student);
        while used.contains(&stem) {
            stem.push('_');
        }
        used.push(stem.clone());
        let rendered = report::render(result, &templates, lang, &stem)?;
        for (file, svg) in &rendered.files {
            let path = args.out.join(file);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| CliError::io(parent, e))?;
            }
            write_file(&path, svg)?;
        }
        reports.push(OutputFile {
            path: args.out.join(format!("{stem}.{}", format.extension())),
            contents: rendered.text,
        });
    }
    // Printed (for PDF) before anything is written.
    let reports = pdf::print(reports, format == DocumentFormat::Pdf)?;
    write_outputs(&args.out, &results)?;
    for report in &reports {
        write_bytes(&report.path, &report.bytes)?;
    }
    print!("{}", summary_text(&results));
    println!("written to {}/", args.out.display());
    if bad > 0 {
        return Err(CliError::Partial(format!(
            "{bad} answer file(s) could not be read; the others were marked"
        )));
    }
    Ok(())
}

fn write_outputs(out: &Path, results: &[StudentResult]) -> Result<(), CliError> {
    std::fs::create_dir_all(out).map_err(|e| CliError::io(out, e))?;
    write_file(&out.join("gradebook.csv"), &check::gradebook_csv(results))?;
    write_file(&out.join("summary.md"), &summary_markdown(results))?;
    Ok(())
}

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
