use super::{parse_position_in, CliError, VariantArg};
use clap::Args;
use damtutor::words::{self, Lang};
use damtutor::{with_variant, Board, Color, Notation, Role, Rules};
use damtutor_rules::Position;

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The position: a FEN string such as "W:W31-50:B1-20", or `start`.
    pub position: String,
    #[command(flatten)]
    pub variant: VariantArg,
}

pub fn run(args: ShowArgs) -> Result<(), CliError> {
    with_variant!(args.variant.get(), R => {
        let position = parse_position_in::<R>(&args.position)?;
        out!("{}", diagram(&position));
    });
    Ok(())
}

/// A text diagram: each dark square shows its piece (w, W for a white man and king; b, B for
/// black) or, when empty, its number; White plays up the board. The 8x8 boards also show their
/// files a-h and ranks 1-8 along the edges.
pub fn diagram<R: Rules>(position: &Position<R>) -> String {
    let board = R::RULES.board;
    let size = board.size();
    let half = board.row_squares();
    let coordinates = board == Board::EightByEight;
    let mut out = String::new();
    let material = position.material();
    let count = |color: Color| {
        let pieces = material.get(color);
        words::material(
            Lang::English,
            R::RULES.variant,
            color,
            pieces.men,
            pieces.kings,
        )
    };
    out.push_str(&count(Color::Black));
    out.push('\n');
    let rule = format!("   +{}+\n", "-".repeat(3 * size as usize + 1));
    out.push_str(&rule);
    for row in 0..size {
        if coordinates {
            out.push_str(&format!(" {} |", size - row));
        } else {
            out.push_str("   |");
        }
        for column in 0..size {
            let cell = match board.at(row, column) {
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
        let first = row * half + 1;
        out.push_str(&format!(" |  {}-{}\n", first, first + half - 1));
    }
    out.push_str(&rule);
    if coordinates {
        let files: String = (0..size)
            .map(|c| format!("  {}", (b'a' + c) as char))
            .collect();
        out.push_str(&format!("    {files}\n"));
    }
    out.push_str(&count(Color::White));
    out.push('\n');
    out.push_str(&format!("{} to move\n", position.turn()));
    if let Notation::Algebraic { .. } = R::RULES.notation {
        out.push_str(&format!("Game: {} (squares a1-h8)\n", R::RULES.variant));
    } else if R::RULES.variant != damtutor::Variant::International {
        out.push_str(&format!("Game: {}\n", R::RULES.variant));
    }
    out.push_str(&format!("FEN: {position}\n"));
    out
}
