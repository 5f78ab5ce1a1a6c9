use super::limits::LimitArgs;
use super::{parse_position_in, CliError, VariantArg};
use clap::Args;
use damtutor::check;
use damtutor::solver::{Goal, Solver};
use damtutor::with_variant;

#[derive(Args, Debug)]
pub struct CheckLineArgs {
    /// The position: a FEN string, or `start`.
    pub position: String,
    /// The student's moves, e.g. "1. 32-27 26x37 2. 39-34" (defender moves may be left out).
    pub moves: String,
    /// The goal: win, material:N, king or auto (the best the solver proves).
    #[arg(long, default_value = "auto")]
    pub goal: Goal,
    /// Print {"verdict", "accepted", "first_error", "line", ...} as JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub variant: VariantArg,
}

pub fn run(args: CheckLineArgs) -> Result<(), CliError> {
    let goal = args.goal;
    let result = with_variant!(args.variant.get(), R => {
        let position = parse_position_in::<R>(&args.position)?;
        check::check_line(
            &mut Solver::<R>::new(),
            &position,
            &args.moves,
            goal,
            None,
            args.limits.limits(),
        )?
    });
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&result).expect("check serializes")
        );
    } else {
        outln!("{}: {}", result.verdict.name(), result.message);
        let mut line = Vec::new();
        for (i, text) in result.line.iter().enumerate() {
            if result.filled.contains(&i) {
                line.push(format!("({text})"));
            } else {
                line.push(text.clone());
            }
        }
        if !line.is_empty() {
            outln!("line: {}", line.join(" "));
        }
        if let Some(error) = &result.first_error {
            if !error.refutation.is_empty() {
                outln!("refutation: {}", error.refutation.join(" "));
            }
        }
    }
    Ok(())
}
