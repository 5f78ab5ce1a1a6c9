use super::{parse_position, CliError};
use clap::Args;
use damtutor::{Color, Position, Role, Square};

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The position: a FEN string such as "W:W31-50:B1-20", or `start`.
    pub position: String,
}

pub fn run(args: ShowArgs) -> Result<(), CliError> {
    let position = parse_position(&args.position)?;
    print!("{}", diagram(&position));
    Ok(())
}

/// A text diagram: each dark square shows its piece (w, W for a white man and king; b, B for
/// black) or, when empty, its number; White plays up the board.
pub fn diagram(position: &Position) -> String {
    let mut out = String::new();
    let material = position.material();
    out.push_str(&format!(
        "Black: {} men, {} kings\n",
        material.black.men, material.black.kings
    ));
    out.push_str("   +-------------------------------+\n");
    for row in 0..10u8 {
        out.push_str("   |");
        for column in 0..10u8 {
            let cell = match Square::from_coords(row, column) {
                None => "   ".to_string(),
                Some(square) => match position.piece_at(square) {
                    None => format!("{:>3}", square.number()),
                    Some(piece) => {
                        let letter = match (piece.color, piece.role) {
                            (Color::White, Role::Man) => 'w',
                            (Color::White, Role::King) => 'W',
                            (Color::Black, Role::Man) => 'b',
                            (Color::Black, Role::King) => 'B',
                        };
                        format!("  {letter}")
                    }
                },
            };
            out.push_str(&cell);
        }
        let first = row * 5 + 1;
        out.push_str(&format!(" |  {}-{}\n", first, first + 4));
    }
    out.push_str("   +-------------------------------+\n");
    out.push_str(&format!(
        "White: {} men, {} kings\n",
        material.white.men, material.white.kings
    ));
    out.push_str(&format!("{} to move\n", position.turn()));
    out.push_str(&format!("FEN: {position}\n"));
    out
}
