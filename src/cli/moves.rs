use super::{parse_position_in, CliError, VariantArg};
use clap::Args;
use damtutor::{with_variant, Notation, Rules, Square};
use serde::Serialize;

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The position: a FEN string such as "W:W31-50:B1-20", or `start`.
    pub position: String,
    /// Print a JSON array of {move, from, to, captured, path} objects (squares by number; in
    /// the games written with a1..h8 also `names`, the same squares by name).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub variant: VariantArg,
}

#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    text: String,
    from: u8,
    to: u8,
    captured: Vec<u8>,
    path: Vec<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    names: Option<MoveNames>,
}

/// The squares of a move by their algebraic names.
#[derive(Serialize)]
struct MoveNames {
    from: String,
    to: String,
    captured: Vec<String>,
    path: Vec<String>,
}

pub fn run(args: MovesArgs) -> Result<(), CliError> {
    with_variant!(args.variant.get(), R => list::<R>(&args))
}

fn list<R: Rules>(args: &MovesArgs) -> Result<(), CliError> {
    let position = parse_position_in::<R>(&args.position)?;
    let legal = position.legal_moves();
    if args.json {
        let name = |s: Square| R::RULES.board.algebraic(s);
        let algebraic = matches!(R::RULES.notation, Notation::Algebraic { .. });
        let list: Vec<MoveJson> = legal
            .iter()
            .map(|m| {
                let route = position.capture_route(m);
                MoveJson {
                    text: position.move_text_in(m, &legal),
                    from: m.from().number(),
                    to: m.to().number(),
                    captured: m.captured().iter().map(|s| s.number()).collect(),
                    path: route.iter().map(|s| s.number()).collect(),
                    names: algebraic.then(|| MoveNames {
                        from: name(m.from()),
                        to: name(m.to()),
                        captured: m.captured().iter().map(name).collect(),
                        path: route.iter().map(|&s| name(s)).collect(),
                    }),
                }
            })
            .collect();
        outln!(
            "{}",
            serde_json::to_string_pretty(&list).expect("moves serialize")
        );
    } else {
        for m in &legal {
            outln!("{}", position.move_text_in(m, &legal));
        }
    }
    Ok(())
}
