//! `Setup`: a position as written down, before anyone checked it.
//!
//! A [`Setup`] holds the raw square numbers a FEN string or an exercise file gave. Turning it into
//! a [`Position`](crate::Position) with [`Position::from_setup`](crate::Position::from_setup)
//! validates it once; nothing past that point checks again.

use crate::square::{Color, Piece, Role};
use std::fmt;

/// An unvalidated position: the side to move and the pieces, by the square numbers as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The side to move.
    pub turn: Color,
    /// Each piece with the square number it was given on (possibly outside 1..=50 or repeated).
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
    /// A square number outside 1..=50.
    SquareOutOfRange(u32),
    /// The same square was given twice.
    SquareTwice(u8),
    /// More than 20 pieces of one colour.
    TooManyPieces { color: Color, count: usize },
    /// A man standing on its own promotion row (White on 1-5, Black on 46-50) would have been
    /// crowned when it got there.
    ManOnPromotionRow { color: Color, square: u8 },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::SquareOutOfRange(n) => {
                write!(f, "square {n} is outside the board (squares are 1-50)")
            }
            PositionError::SquareTwice(n) => write!(f, "square {n} is given twice"),
            PositionError::TooManyPieces { color, count } => write!(
                f,
                "{color} has {count} pieces; a side has at most 20"
            ),
            PositionError::ManOnPromotionRow { color, square } => write!(
                f,
                "a {} man cannot stand on {square}, its own promotion row ({}); write K{square} for a king",
                color.name(),
                match color {
                    Color::White => "1-5",
                    Color::Black => "46-50",
                }
            ),
        }
    }
}

impl std::error::Error for PositionError {}
