//! `Bitboard`: a set of squares, stored in a padded 64-bit layout.
//!
//! Square `s` lives at bit `(s-1) + (s-1)/10`: every pair of rows takes eleven bits, the eleventh a
//! ghost that is never a square. With that gap a diagonal step is the same shift from every square
//! (up-left -6, up-right -5, down-left +5, down-right +6) and steps off the side edges land on a
//! ghost bit, which the `VALID` mask removes.

use crate::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

/// The bits that are real squares.
pub(crate) const VALID: u64 = {
    let mut mask = 0u64;
    let mut n = 1u8;
    while n <= 50 {
        let i = (n - 1) as u32;
        mask |= 1 << (i + i / 10);
        n += 1;
    }
    mask
};

/// A diagonal direction, as White sees the board.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Direction {
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

impl Direction {
    pub(crate) const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// One step in this direction, applied to every square of `bits` at once.
    #[inline(always)]
    pub(crate) const fn shift(self, bits: u64) -> u64 {
        match self {
            Direction::UpLeft => (bits >> 6) & VALID,
            Direction::UpRight => (bits >> 5) & VALID,
            Direction::DownLeft => (bits << 5) & VALID,
            Direction::DownRight => (bits << 6) & VALID,
        }
    }

    /// The opposite direction.
    #[inline(always)]
    pub(crate) const fn reverse(self) -> Direction {
        match self {
            Direction::UpLeft => Direction::DownRight,
            Direction::UpRight => Direction::DownLeft,
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
        }
    }
}

/// A set of squares.
///
/// ```
/// use damtutor_rules::{Bitboard, Square};
/// let set: Bitboard = [28, 32, 46].iter().map(|&n| Square::new(n).unwrap()).collect();
/// assert_eq!(set.count(), 3);
/// assert!(set.contains(Square::new(32).unwrap()));
/// assert_eq!(set.iter().map(|s| s.number()).collect::<Vec<_>>(), vec![28, 32, 46]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 50 squares.
    pub const ALL: Bitboard = Bitboard(VALID);

    /// The set holding only `square`.
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.bit())
    }

    /// The squares numbered `first..=last` (clamped to 1..=50).
    pub fn range(first: u8, last: u8) -> Bitboard {
        (first.max(1)..=last.min(50))
            .filter_map(Square::new)
            .collect()
    }

    /// Whether `square` is in the set.
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.bit()) != 0
    }

    /// The set with `square` added.
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square.bit())
    }

    /// The set with `square` removed.
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square.bit()))
    }

    /// Adds `square`.
    pub fn insert(&mut self, square: Square) {
        *self = self.with(square);
    }

    /// Removes `square`.
    pub fn remove(&mut self, square: Square) {
        *self = self.without(square);
    }

    /// The number of squares in the set.
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-numbered square, if any.
    pub fn first(self) -> Option<Square> {
        self.iter().next()
    }

    /// The squares in ascending order.
    pub fn iter(self) -> Squares {
        Squares(self.0)
    }

    /// Every square `s` replaced by `51 - s`.
    pub fn mirror(self) -> Bitboard {
        self.iter().map(Square::mirror).collect()
    }
}

/// Iterator over the squares of a [`Bitboard`], in ascending order.
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::from_bit(bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for square in iter {
            set.insert(square);
        }
        set
    }
}

impl From<Square> for Bitboard {
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}

impl Sub for Bitboard {
    type Output = Bitboard;
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & VALID)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.number()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    fn step(n: u8, dir: Direction) -> Option<u8> {
        let bits = dir.shift(Bitboard::from_square(sq(n)).0);
        Bitboard(bits).first().map(|s| s.number())
    }

    #[test]
    fn shifts_are_diagonal_steps() {
        for square in Square::all() {
            for dir in Direction::ALL {
                let (dr, dc): (i8, i8) = match dir {
                    Direction::UpLeft => (-1, -1),
                    Direction::UpRight => (-1, 1),
                    Direction::DownLeft => (1, -1),
                    Direction::DownRight => (1, 1),
                };
                let row = square.row() as i8 + dr;
                let col = square.column() as i8 + dc;
                let expected = if (0..10).contains(&row) && (0..10).contains(&col) {
                    Square::from_coords(row as u8, col as u8).map(|s| s.number())
                } else {
                    None
                };
                assert_eq!(step(square.number(), dir), expected, "{square} {dir:?}");
            }
        }
        assert_eq!(step(28, Direction::UpLeft), Some(22));
        assert_eq!(step(28, Direction::DownRight), Some(33));
        assert_eq!(step(6, Direction::DownLeft), None);
        assert_eq!(step(15, Direction::DownRight), None);
    }

    #[test]
    fn valid_mask_has_fifty_squares() {
        assert_eq!(VALID.count_ones(), 50);
        assert_eq!(Bitboard::range(31, 50).count(), 20);
        assert_eq!(Bitboard::range(1, 5).mirror(), Bitboard::range(46, 50));
    }
}
