//! Squares, colours and pieces: the small vocabulary every other module speaks.
//!
//! Public code names the playable squares by their numbers: 1..=50 on the 10x10 board (FMJD
//! article 2.6), 1..=32 on the 8x8 boards (the PDN convention), row by row from the top as White
//! sees the board, left to right. A [`Square`] is just that number; which board it lies on, its
//! row and column and its algebraic name are the [`Board`]'s business. The padded bit index
//! behind each square is private to the crate.

use crate::board::Board;
use std::fmt;

/// A playable (dark) square, by its number: 1..=50 on the 10x10 board, 1..=32 on 8x8.
///
/// ```
/// use damtutor_rules::{Board, Square};
/// let sq = Square::new(28).unwrap();
/// assert_eq!(sq.number(), 28);
/// assert_eq!(Board::TenByTen.coords(sq), (5, 4));
/// assert_eq!(Board::EightByEight.algebraic(sq), "h2");
/// assert!(Square::new(51).is_none());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square numbered `number`, or `None` outside 1..=50 (the largest board). Whether a
    /// smaller board has it is [`Board::square`]'s question.
    pub const fn new(number: u8) -> Option<Square> {
        if number >= 1 && number <= 50 {
            Some(Square(number))
        } else {
            None
        }
    }

    /// The square numbered `number`, which the caller knows to be 1..=50.
    #[inline(always)]
    pub(crate) const fn from_number_unchecked(number: u8) -> Square {
        Square(number)
    }

    /// The square's number.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The square at `row` and `column` of the 10x10 board (see [`Board::at`] for any board).
    pub const fn from_coords(row: u8, column: u8) -> Option<Square> {
        Board::TenByTen.at(row, column)
    }

    /// The row on the 10x10 board, 0 (top) to 9 (see [`Board::row`] for any board).
    pub const fn row(self) -> u8 {
        Board::TenByTen.row(self)
    }

    /// The column on the 10x10 board, 0 (left) to 9 (see [`Board::column`] for any board).
    pub const fn column(self) -> u8 {
        Board::TenByTen.column(self)
    }

    /// The square seen from the other side of the 10x10 board: `s` becomes `51 - s` (see
    /// [`Board::mirror`] for any board).
    pub const fn mirror(self) -> Square {
        Board::TenByTen.mirror(self)
    }

    /// The 50 squares of the 10x10 board in order (see [`Board::squares`] for any board).
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (1..=50u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A side: White (moves first, promotes on 1-5) or Black (promotes on 46-50).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The opponent.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The FEN letter, `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// The lower-case English name.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// What a piece is: a man (moves forward one step) or a king (flies along diagonals).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    Man,
    King,
}

/// A coloured piece.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
}

/// A value for each colour.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByColor<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColor<T> {
    /// The value of `color`.
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value of `color`, mutably.
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_follow_fmjd_numbering() {
        // Row 0 starts on column 1, row 1 on column 0 (article 2.6).
        assert_eq!(Square::new(1).unwrap().column(), 1);
        assert_eq!(Square::new(6).unwrap().column(), 0);
        assert_eq!(Square::new(46).unwrap().row(), 9);
        assert_eq!(Square::new(46).unwrap().column(), 0);
        assert_eq!(Square::new(5).unwrap().column(), 9);
        for sq in Square::all() {
            assert_eq!(Square::from_coords(sq.row(), sq.column()), Some(sq));
        }
        assert_eq!(Square::from_coords(0, 0), None);
    }
}
