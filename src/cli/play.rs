use super::{parse_position, CliError};
use clap::Args;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The position: a FEN string such as "W:W31-50:B1-20", or `start`.
    pub position: String,
    /// Moves in order, such as 32-28 19-23 28x19 (full paths like 4x27x38x15 accepted).
    #[arg(required = true)]
    pub moves: Vec<String>,
}

pub fn run(args: PlayArgs) -> Result<(), CliError> {
    let mut position = parse_position(&args.position)?;
    for (index, text) in args.moves.iter().enumerate() {
        let m = position.parse_move(text).map_err(|error| CliError::Move {
            number: index + 1,
            text: text.clone(),
            error,
        })?;
        position = position.play_unchecked(&m);
    }
    println!("{position}");
    Ok(())
}
