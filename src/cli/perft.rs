use super::{parse_position_in, CliError, Rejection, VariantArg};
use clap::Args;
use damtutor::words::Lang;
use damtutor::{perft, with_variant, Rules};
use serde::Serialize;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The position: a FEN string such as "W:W31-50:B1-20", or `start`.
    pub position: String,
    /// Count depths 1 to N (at most 30).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    /// Stop after this many seconds (exit code 1, with the depths counted so far).
    #[arg(long, default_value_t = 600.0, value_parser = super::values::seconds)]
    pub time_limit: f64,
    /// Count the last level's moves without making them.
    #[arg(long)]
    pub bulk: bool,
    /// Also print the count below each first move at the last depth.
    #[arg(long)]
    pub divide: bool,
    /// Print [{"depth": d, "nodes": n, "seconds": s}, ...].
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub variant: VariantArg,
}

#[derive(Serialize)]
struct Line {
    depth: u32,
    nodes: u64,
    seconds: f64,
}

pub fn run(args: PerftArgs) -> Result<(), CliError> {
    with_variant!(args.variant.get(), R => count::<R>(&args))
}

fn count<R: Rules>(args: &PerftArgs) -> Result<(), CliError> {
    let position = parse_position_in::<R>(&args.position)?;
    let deadline = Instant::now() + Duration::from_secs_f64(args.time_limit);
    let mut lines = Vec::new();
    for depth in 1..=args.depth {
        let started = Instant::now();
        let Some(nodes) = perft::perft_until(&position, depth, args.bulk, deadline) else {
            if args.json {
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&lines).expect("perft serializes")
                );
            }
            let seconds = args.time_limit;
            let unfinished = Rejection::PerftUnfinished { depth, seconds };
            return Err(CliError::rejected(Lang::English, unfinished));
        };
        let seconds = started.elapsed().as_secs_f64();
        if !args.json {
            let rate = if seconds > 0.0 {
                nodes as f64 / seconds
            } else {
                0.0
            };
            outln!(
                "perft({depth}) = {nodes}  ({seconds:.3} s, {:.1} M nodes/s)",
                rate / 1e6
            );
        }
        lines.push(Line {
            depth,
            nodes,
            seconds,
        });
    }
    if args.divide {
        let legal = position.legal_moves();
        let divided = perft::divide(&position, args.depth, args.bulk);
        if !args.json {
            outln!();
            for (m, nodes) in &divided {
                outln!("{:<12} {nodes}", position.move_text_in(m, &legal));
            }
        }
    }
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&lines).expect("perft serializes")
        );
    }
    Ok(())
}
