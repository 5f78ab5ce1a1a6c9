//! Squares, colours and pieces: the small vocabulary every other module speaks.
//!
//! Public code names the 50 playable squares by their FMJD numbers 1..=50 (article 2.6): row by
//! row from the top as White sees the board, left to right. The padded bit index behind each
//! square is private to the crate.

use std::fmt;

/// One of the 50 playable (dark) squares, numbered 1..=50.
///
/// ```
/// use damtutor_rules::Square;
/// let sq = Square::new(28).unwrap();
/// assert_eq!(sq.number(), 28);
/// assert_eq!((sq.row(), sq.column()), (5, 4));
/// assert!(Square::new(51).is_none());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with FMJD number `number`, or `None` outside 1..=50.
    pub const fn new(number: u8) -> Option<Square> {
        if number >= 1 && number <= 50 {
            Some(Square(number))
        } else {
            None
        }
    }

    /// The square at `row` (0 = top, White's promotion row) and `column` (0 = left), or `None`
    /// when the coordinates are off the board or name a light square.
    pub const fn from_coords(row: u8, column: u8) -> Option<Square> {
        if row >= 10 || column >= 10 || (row + column).is_multiple_of(2) {
            return None;
        }
        Some(Square(row * 5 + column / 2 + 1))
    }

    /// The FMJD number, 1..=50.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The row, 0 (top, White's promotion row) to 9 (bottom, Black's promotion row).
    pub const fn row(self) -> u8 {
        (self.0 - 1) / 5
    }

    /// The column, 0 (left) to 9 (right), as White sees the board.
    pub const fn column(self) -> u8 {
        let k = (self.0 - 1) % 5;
        if self.row().is_multiple_of(2) {
            2 * k + 1
        } else {
            2 * k
        }
    }

    /// The square seen from the other side of the board: `s` becomes `51 - s`.
    pub const fn mirror(self) -> Square {
        Square(51 - self.0)
    }

    /// All 50 squares in order.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (1..=50u8).map(Square)
    }

    /// The bit of this square in the padded 54-bit layout: one ghost bit after every ten squares,
    /// so that each diagonal step is the same shift everywhere on the board.
    pub(crate) const fn bit(self) -> u32 {
        let i = self.0 as u32 - 1;
        i + i / 10
    }

    /// The square of a padded bit index. The caller guarantees `bit` is a real square.
    pub(crate) const fn from_bit(bit: u32) -> Square {
        Square((bit - bit / 11 + 1) as u8)
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
            assert_eq!(Square::from_bit(sq.bit()), sq);
        }
        assert_eq!(Square::from_coords(0, 0), None);
    }
}
