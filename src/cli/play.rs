use super::{parse_position_in, CliError, VariantArg};
use clap::Args;
use damtutor::{with_variant, Rules};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The position: a FEN string such as "W:W31-50:B1-20", or `start`.
    pub position: String,
    /// Moves in order, such as 32-28 19-23 28x19 (full paths like 4x27x38x15 accepted; on the
    /// 8x8 boards numbers or algebraic names such as c3-d4, c3:e5).
    #[arg(required = true)]
    pub moves: Vec<String>,
    #[command(flatten)]
    pub variant: VariantArg,
}

pub fn run(args: PlayArgs) -> Result<(), CliError> {
    with_variant!(args.variant.get(), R => play::<R>(&args))
}

fn play<R: Rules>(args: &PlayArgs) -> Result<(), CliError> {
    let mut position = parse_position_in::<R>(&args.position)?;
    for (index, text) in args.moves.iter().enumerate() {
        let m = position.parse_move(text).map_err(|error| CliError::Move {
            number: index + 1,
            text: text.clone(),
            error,
        })?;
        position = position.play_unchecked(&m);
    }
    outln!("{position}");
    Ok(())
}
