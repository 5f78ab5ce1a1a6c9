use super::limits::LimitArgs;
use super::values::one_of;
use super::{names_a_file, parse_position_in, CliError, Rejection, Usage, VariantArg};
use clap::Args;
use damtutor::check::{self, LineCheck, NoSolution, Verdict};
use damtutor::exercise::{self, Exercise};
use damtutor::solver::{Goal, Solver};
use damtutor::words::{fill, text, Lang, Text};
use damtutor::{with_position, with_variant};
use std::path::Path;

#[derive(Args, Debug)]
pub struct CheckLineArgs {
    /// The position: a FEN string, `start`, or an exercise file (YAML), whose game, goal,
    /// language and written solution then apply.
    pub target: String,
    /// The student's moves, e.g. "1. 32-27 26x37 2. 39-34" (defender moves may be left out).
    pub moves: String,
    /// With a file: the exercise to check against (needed when the file has several).
    #[arg(long)]
    pub id: Option<String>,
    /// The goal: win, material:N, king or auto (the best the solver proves) [default: the
    /// exercise's goal, or auto]
    #[arg(long)]
    pub goal: Option<Goal>,
    /// Language of the verdict [default: the exercise set's language; English for a FEN]
    #[arg(long, value_parser = one_of::<Lang>("a language"))]
    pub lang: Option<Lang>,
    /// Print {"verdict", "accepted", "first_error", "line", "message", ...} as JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// The game of a FEN given as TARGET (an exercise file says its own game).
    #[command(flatten)]
    pub variant: VariantArg,
}

pub fn run(args: CheckLineArgs) -> Result<(), CliError> {
    let limits = args.limits.limits();
    let (result, lang) = if names_a_file(&args.target) {
        let set = exercise::load(Path::new(&args.target))?;
        let lang = args.lang.unwrap_or(set.language);
        let chosen = choose(&set.exercises, args.id.as_deref(), &set.source_name, lang)?;
        let goal = args.goal.unwrap_or(chosen.goal);
        let book = chosen.solution.as_deref();
        let result = with_position!(&chosen.position, position => {
            check::check_line(&mut Solver::new(), position, &args.moves, goal, book, limits)
        });
        (result, lang)
    } else {
        if args.id.is_some() {
            let lang = args.lang.unwrap_or(Lang::English);
            return Err(CliError::usage(lang, Usage::IdNeedsFile));
        }
        let goal = args.goal.unwrap_or(Goal::Auto);
        let result = with_variant!(args.variant.get(), R => {
            let position = parse_position_in::<R>(&args.target)?;
            check::check_line(&mut Solver::<R>::new(), &position, &args.moves, goal, None, limits)
        });
        (result, args.lang.unwrap_or(Lang::English))
    };
    let result = result
        .map_err(|e: NoSolution| CliError::rejected(lang, Rejection::NoSolution(e)))?
        .in_language(lang);
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&result).expect("check serializes")
        );
    } else {
        out!("{}", describe(&result, lang));
    }
    Ok(())
}

/// The exercise of `exercises` named `id`; without an id, the only one.
fn choose<'a>(
    exercises: &'a [Exercise],
    id: Option<&str>,
    file: &str,
    lang: Lang,
) -> Result<&'a Exercise, CliError> {
    match (id, exercises) {
        (None, [only]) => Ok(only),
        (None, _) => {
            let ids: Vec<&str> = exercises.iter().map(|e| e.id.as_str()).collect();
            let which = Usage::WhichExercise {
                file: file.to_string(),
                count: exercises.len(),
                ids: ids.join(", "),
            };
            Err(CliError::usage(lang, which))
        }
        (Some(id), _) => exercises.iter().find(|e| e.id == id).ok_or_else(|| {
            let (file, id) = (file.to_string(), id.to_string());
            CliError::rejected(lang, Rejection::NoSuchId { file, id })
        }),
    }
}

/// The text report: the verdict's sentence, the line as understood, numbered, and the
/// refutation of a wrong move.
pub fn describe(result: &LineCheck, lang: Lang) -> String {
    let mut out = match result.verdict {
        Verdict::Correct | Verdict::Alternative => format!("{}\n", result.message),
        verdict => format!(
            "{}{}{}\n",
            text(lang, verdict.label()),
            text(lang, Text::Colon),
            result.message
        ),
    };
    if !result.line.is_empty() {
        let line = result.numbered_line(lang);
        out.push_str(&fill(lang, Text::CheckLineYourLine, &[("line", &line)]));
        out.push('\n');
    }
    if let Some(error) = &result.first_error {
        if !error.refutation.is_empty() {
            let line = error.refutation.join(" ");
            out.push_str(&fill(lang, Text::CheckLineRefutation, &[("line", &line)]));
            out.push('\n');
        }
    }
    out
}
