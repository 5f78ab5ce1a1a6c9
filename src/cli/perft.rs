use super::{parse_position_in, CliError, VariantArg};
use clap::Args;
use damtutor::{perft, with_variant, Rules};
use serde::Serialize;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The position: a FEN string such as "W:W31-50:B1-20", or `start`.
    pub position: String,
    /// Count depths 1 to N.
    #[arg(long, short)]
    pub depth: u32,
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
    if args.depth == 0 || args.depth > 20 {
        return Err(CliError::Usage("--depth must be between 1 and 20".into()));
    }
    let mut lines = Vec::new();
    for depth in 1..=args.depth {
        let started = Instant::now();
        let nodes = if args.bulk {
            perft::perft_bulk(&position, depth)
        } else {
            perft::perft(&position, depth)
        };
        let seconds = started.elapsed().as_secs_f64();
        if !args.json {
            let rate = if seconds > 0.0 {
                nodes as f64 / seconds
            } else {
                0.0
            };
            println!(
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
            println!();
            for (m, nodes) in &divided {
                println!("{:<12} {nodes}", position.move_text_in(m, &legal));
            }
        }
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&lines).expect("perft serializes")
        );
    }
    Ok(())
}
