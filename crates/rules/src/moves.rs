//! `Move` and `MoveList`.

use crate::bitboard::Bitboard;
use crate::square::Square;
use arrayvec::ArrayVec;
use std::fmt;

/// The most moves a position can have in [`MoveList`]. Quiet moves are bounded by four per empty
/// square plus two per man (under 250); capture lists under the majority rule are far shorter.
pub const MAX_MOVES: usize = 512;

/// A legal move of some position: identified by its start, its end and the set of pieces it
/// captures (FMJD 4.11-4.14: routes that differ only in order are one move).
///
/// A `Move` knows nothing of the route it took; [`Position::capture_route`](crate::Position::capture_route)
/// finds one for display. Moves are made by [`Position::legal_moves`](crate::Position::legal_moves)
/// and compared for equality with `==`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub(crate) captured: u64,
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) king: bool,
    pub(crate) promotes: bool,
}

impl Move {
    /// The start square.
    pub fn from(&self) -> Square {
        Square::from_bit(self.from as u32)
    }

    /// The end square (may equal the start after a circular capture).
    pub fn to(&self) -> Square {
        Square::from_bit(self.to as u32)
    }

    /// The captured pieces' squares.
    pub fn captured(&self) -> Bitboard {
        Bitboard(self.captured)
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// How many pieces the move captures.
    pub fn capture_count(&self) -> usize {
        self.captured.count_ones() as usize
    }

    /// Whether a king makes the move.
    pub fn is_king_move(&self) -> bool {
        self.king
    }

    /// Whether a man is crowned by this move (it ends on its promotion row).
    pub fn promotes(&self) -> bool {
        self.promotes
    }
}

/// The short notation `32-28` or `28x19`. Where that is ambiguous in its position, use
/// [`Position::move_text`](crate::Position::move_text), which writes the full path.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        write!(f, "{}{}{}", self.from(), sep, self.to())
    }
}

/// The legal moves of a position, without heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
