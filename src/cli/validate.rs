use super::limits::LimitArgs;
use super::sets::exercise_files;
use super::values::one_of;
use super::{CliError, Rejection};
use clap::Args;
use damtutor::exercise::{self, ExerciseError, ExerciseSet};
use damtutor::solver::{with_thread_solver, Limits, VariantSolution};
use damtutor::verify;
use damtutor::with_solution;
use damtutor::words::{fill, text, Lang, Text};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Exercise files (YAML) or folders of them.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print every exercise, not only problems.
    #[arg(long, short)]
    pub verbose: bool,
    /// Language of the report [default: the sets' language when they share one, else English]
    #[arg(long, value_parser = one_of::<Lang>("a language"))]
    pub lang: Option<Lang>,
    /// Also hunt for second keys beyond the uniqueness horizon (the proof's depth and four
    /// plies more), up to --max-plies within --max-nodes per exercise: advisory notes only,
    /// which never change whether a key is called unique. A depth is started only when it is
    /// expected to finish within the nodes left.
    #[arg(long)]
    pub deep: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub fn run(args: ValidateArgs) -> Result<(), CliError> {
    let files = exercise_files(&args.files, args.lang.unwrap_or(Lang::English))?;
    // Every file is read first: the report speaks the sets' language. A file that cannot be
    // opened is reported with the others, and then ends the run as in every command (exit 2).
    let unreadable = files.iter().find_map(|file| {
        std::fs::File::open(file)
            .err()
            .map(|e| CliError::io(file, e))
    });
    let loaded: Vec<_> = files.iter().map(|file| exercise::load(file)).collect();
    let lang = args.lang.unwrap_or_else(|| shared_language(&loaded));
    let mut tally = Tally::default();
    for (file, set) in files.iter().zip(loaded) {
        match set {
            Ok(set) => report_set(&args, &set, file, lang, &mut tally)?,
            Err(errors) => {
                for error in &errors {
                    let message = error.say(lang);
                    outln!(
                        "{}",
                        fill(lang, Text::ValidateError, &[("message", &message)])
                    );
                }
                tally.failed += errors.len();
            }
        }
    }
    outln!(
        "{}",
        fill(
            lang,
            Text::ValidateTotal,
            &[
                ("files", &files.len()),
                ("count", &tally.total),
                ("proven", &tally.proven),
                ("failed", &tally.failed),
                ("warnings", &tally.warnings),
            ]
        )
    );
    if let Some(error) = unreadable {
        return Err(error);
    }
    if tally.failed > 0 {
        return Err(CliError::rejected(lang, Rejection::Problems(tally.failed)));
    }
    Ok(())
}

/// The sets' language when they share one, else English.
fn shared_language(loaded: &[Result<ExerciseSet, Vec<ExerciseError>>]) -> Lang {
    let mut languages = loaded
        .iter()
        .filter_map(|set| set.as_ref().ok().map(|s| s.language));
    let first = languages.next().unwrap_or(Lang::English);
    if languages.all(|l| l == first) {
        first
    } else {
        Lang::English
    }
}

/// The counts of the whole run.
#[derive(Default)]
struct Tally {
    total: usize,
    proven: usize,
    failed: usize,
    warnings: usize,
}

/// Proves every exercise of a set and prints what was found: problems, warnings and notes with
/// their place, each proven exercise with --verbose, and the file's count.
fn report_set(
    args: &ValidateArgs,
    set: &ExerciseSet,
    file: &Path,
    lang: Lang,
    tally: &mut Tally,
) -> Result<(), CliError> {
    let limits = args.limits.limits();
    let say = |key, values: &[(&str, &dyn std::fmt::Display)]| fill(lang, key, values);
    let reports = verify::verify_set_in(set, limits, lang);
    let name = file.display();
    let colon = text(lang, Text::Colon);
    let mut file_proven = 0;
    for report in &reports {
        tally.total += 1;
        let id = &report.id;
        let place = match report.line {
            Some(line) => say(
                Text::ValidatePlace,
                &[("file", &name), ("line", &line), ("id", id)],
            ),
            None => say(Text::ValidatePlaceNoLine, &[("file", &name), ("id", id)]),
        };
        let mut notes: Vec<String> = report.notes.clone();
        if args.deep && report.solution.is_solved() && report.solution.unique() {
            notes.push(deep_note(&report.solution, limits, lang));
        }
        for (key, messages) in [
            (Text::ValidateError, &report.problems),
            (Text::ValidateWarning, &report.warnings),
            (Text::ValidateNote, &notes),
        ] {
            for message in messages {
                let message = format!("{place}{colon}{message}");
                outln!("{}", say(key, &[("message", &message)]));
            }
        }
        tally.warnings += report.warnings.len();
        if !report.ok() {
            tally.failed += 1;
            continue;
        }
        tally.proven += 1;
        file_proven += 1;
        if args.verbose {
            let motifs: Vec<&str> = report
                .solution
                .motifs()
                .iter()
                .map(|&m| damtutor::words::motif(lang, m))
                .collect();
            let motifs = motifs.join(text(lang, Text::Comma));
            let line = report.solution.book_annotated();
            outln!(
                "{}",
                say(
                    Text::ValidateOk,
                    &[("place", &place), ("line", &line), ("motifs", &motifs)]
                )
            );
        }
    }
    let count = reports.len();
    outln!(
        "{}",
        say(
            Text::ValidateFile,
            &[("file", &name), ("count", &count), ("proven", &file_proven)]
        )
    );
    Ok(())
}

/// The advisory hunt for a second key beyond the uniqueness horizon, in words.
fn deep_note(solution: &VariantSolution, limits: Limits, lang: Lang) -> String {
    with_solution!(solution, s => {
        let deep = with_thread_solver(|solver| solver.deep_keys(s, limits, limits.max_nodes));
        if deep.keys.is_empty() {
            fill(lang, Text::ValidateDeepNone, &[("plies", &deep.checked_to)])
        } else {
            let legal = s.position.legal_moves();
            let moves: Vec<String> = deep
                .keys
                .iter()
                .map(|m| s.position.move_text_in(m, &legal))
                .collect();
            let moves = moves.join(text(lang, Text::Comma));
            fill(
                lang,
                Text::ValidateDeepFound,
                &[("moves", &moves), ("horizon", &s.unique_within)],
            )
        }
    })
}
