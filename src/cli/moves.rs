use super::{parse_position, CliError};
use clap::Args;
use serde::Serialize;

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The position: a FEN string such as "W:W31-50:B1-20", or `start`.
    pub position: String,
    /// Print a JSON array of {move, from, to, captured, path} objects.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    text: String,
    from: u8,
    to: u8,
    captured: Vec<u8>,
    path: Vec<u8>,
}

pub fn run(args: MovesArgs) -> Result<(), CliError> {
    let position = parse_position(&args.position)?;
    let legal = position.legal_moves();
    if args.json {
        let list: Vec<MoveJson> = legal
            .iter()
            .map(|m| MoveJson {
                text: position.move_text_in(m, &legal),
                from: m.from().number(),
                to: m.to().number(),
                captured: m.captured().iter().map(|s| s.number()).collect(),
                path: position
                    .capture_route(m)
                    .iter()
                    .map(|s| s.number())
                    .collect(),
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&list).expect("moves serialize")
        );
    } else {
        for m in &legal {
            println!("{}", position.move_text_in(m, &legal));
        }
    }
    Ok(())
}
