//! `Move` and `MoveList`.

use crate::bitboard::Bitboard;
use crate::board::Padded;
use crate::rules::{Notation, Rules};
use crate::square::Square;
use arrayvec::ArrayVec;
use std::fmt;
use std::marker::PhantomData;

/// The most moves a position can have in [`MoveList`]. Quiet moves are bounded by four per empty
/// square plus two per man (under 250 on 10x10); capture lists are far shorter.
pub const MAX_MOVES: usize = 512;

/// A legal move of some position of the game `R`: identified by its start, its end and the set
/// of pieces it captures (FMJD 4.11-4.14: routes that differ only in order are one move).
///
/// A `Move` knows nothing of the route it took; [`Position::capture_route`](crate::Position::capture_route)
/// finds one for display. Moves are made by [`Position::legal_moves`](crate::Position::legal_moves)
/// and compared for equality with `==`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move<R: Rules> {
    /// The captured pieces, as padded bits of `R`'s board.
    pub(crate) captured: u64,
    /// The start and end squares' padded bits.
    pub(crate) from: u8,
    pub(crate) to: u8,
    /// Whether a king moves.
    pub(crate) king: bool,
    /// Whether a man is crowned by the move.
    pub(crate) promotes: bool,
    pub(crate) rules: PhantomData<R>,
}

impl<R: Rules> Move<R> {
    /// The start square.
    pub fn from(&self) -> Square {
        R::Geometry::square(self.from as u32)
    }

    /// The end square (may equal the start after a circular capture).
    pub fn to(&self) -> Square {
        R::Geometry::square(self.to as u32)
    }

    /// The captured pieces' squares.
    pub fn captured(&self) -> Bitboard {
        R::Geometry::to_bitboard(self.captured)
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

    /// Whether a man is crowned by this move: it ends on its crowning row or, in Russian and
    /// English draughts, reaches it during a capture.
    pub fn promotes(&self) -> bool {
        self.promotes
    }
}

/// The short notation in the game's convention: `32-28` / `28x19` (numbers), `c3-d4` / `c3:e5`
/// (algebraic). Where that is ambiguous in its position, use
/// [`Position::move_text`](crate::Position::move_text), which writes the full path.
impl<R: Rules> fmt::Display for Move<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let capture = self.is_capture();
        let (from, to) = (self.from(), self.to());
        match R::RULES.notation {
            Notation::Numeric => {
                let sep = if capture { 'x' } else { '-' };
                write!(f, "{from}{sep}{to}")
            }
            Notation::Algebraic { separator } => {
                let board = R::RULES.board;
                let sep = if capture { separator } else { '-' };
                write!(f, "{}{sep}{}", board.algebraic(from), board.algebraic(to))
            }
        }
    }
}

/// The legal moves of a position, without heap allocation.
pub type MoveList<R> = ArrayVec<Move<R>, MAX_MOVES>;
