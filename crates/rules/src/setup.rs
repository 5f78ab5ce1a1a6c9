//! `Setup`: a position as written down, before anyone checked it.
//!
//! A [`Setup`] holds the raw square numbers a FEN string or an exercise file gave. Turning it into
//! a [`Position`](crate::Position) with [`Position::from_setup`](crate::Position::from_setup)
//! validates it once; nothing past that point checks again.

use crate::board::Board;
use crate::square::{Color, Piece, Role};
use std::fmt;

/// An unvalidated position: the side to move and the pieces, by the square numbers as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The side to move.
    pub turn: Color,
    /// Each piece with the square number it was given on (possibly off the board or repeated).
    pub pieces: Vec<(u32, Piece)>,
}

impl Setup {
    /// An empty board with `turn` to move.
    pub fn empty(turn: Color) -> Setup {
        Setup {
            turn,
            pieces: Vec::new(),
        }
    }

    /// Adds a piece on square number `square`.
    pub fn put(&mut self, square: u32, color: Color, role: Role) {
        self.pieces.push((square, Piece::new(color, role)));
    }
}

/// Why a [`Setup`] is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square number the board does not have.
    SquareOutOfRange { square: u32, board: Board },
    /// The same square was given twice.
    SquareTwice(u8),
    /// More pieces of one colour than a side starts with.
    TooManyPieces { color: Color, count: usize, max: u8 },
    /// A man standing on its own crowning row (White's is the top row, Black's the bottom)
    /// would have been crowned when it got there.
    ManOnPromotionRow {
        color: Color,
        square: u8,
        board: Board,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::SquareOutOfRange { square, board } => write!(
                f,
                "square {square} is outside the board (squares are 1-{})",
                board.square_count()
            ),
            PositionError::SquareTwice(n) => write!(f, "square {n} is given twice"),
            PositionError::TooManyPieces { color, count, max } => {
                write!(f, "{color} has {count} pieces; a side has at most {max}")
            }
            PositionError::ManOnPromotionRow {
                color,
                square,
                board,
            } => {
                let row = board.crowning_row(*color);
                let first = row.iter().next().map_or(0, |s| s.number());
                let last = row.iter().last().map_or(0, |s| s.number());
                write!(
                    f,
                    "a {} man cannot stand on {square}, its own promotion row ({first}-{last}); \
                     write K{square} for a king",
                    color.name(),
                )
            }
        }
    }
}

impl std::error::Error for PositionError {}
