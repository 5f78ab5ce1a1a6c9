//! `Bitboard`: a set of squares, one bit per square number (bit `n - 1` for square `n`).
//!
//! The same type serves every board; the move generator's padded layout is private to the
//! crate (see [`Geometry`](crate::Geometry)).

use crate::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Sub};

/// A set of squares.
///
/// ```
/// use damtutor_rules::{Bitboard, Square};
/// let set: Bitboard = [28, 32, 46].iter().map(|&n| Square::new(n).unwrap()).collect();
/// assert_eq!(set.count(), 3);
/// assert!(set.contains(Square::new(32).unwrap()));
/// assert_eq!(set.iter().map(|s| s.number()).collect::<Vec<_>>(), vec![28, 32, 46]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub(crate) u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only `square`.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << (square.number() - 1))
    }

    /// The squares numbered `first..=last` (clamped to 1..=50).
    #[inline]
    pub const fn range(first: u8, last: u8) -> Bitboard {
        let first = if first < 1 { 1 } else { first };
        let last = if last > 50 { 50 } else { last };
        if first > last {
            return Bitboard::EMPTY;
        }
        let count = (last - first + 1) as u32;
        let bits = if count == 64 {
            u64::MAX
        } else {
            (1u64 << count) - 1
        };
        Bitboard(bits << (first - 1))
    }

    /// Whether `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & Bitboard::from_square(square).0 != 0
    }

    /// The set with `square` added.
    #[inline]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | Bitboard::from_square(square).0)
    }

    /// The set with `square` removed.
    #[inline]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !Bitboard::from_square(square).0)
    }

    /// Adds `square`.
    #[inline]
    pub fn insert(&mut self, square: Square) {
        *self = self.with(square);
    }

    /// Removes `square`.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        *self = self.without(square);
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-numbered square, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        self.iter().next()
    }

    /// The squares in ascending order.
    #[inline]
    pub fn iter(self) -> Squares {
        Squares(self.0)
    }

    /// Every square `s` replaced by `51 - s`: the set seen from the other side of the 10x10
    /// board (see [`Board::mirror_set`](crate::Board::mirror_set) for any board).
    #[inline]
    pub fn mirror(self) -> Bitboard {
        crate::Board::TenByTen.mirror_set(self)
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
        Square::new(bit as u8 + 1)
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

    #[test]
    fn ranges_and_mirrors() {
        assert_eq!(Bitboard::range(31, 50).count(), 20);
        assert_eq!(Bitboard::range(1, 5).mirror(), Bitboard::range(46, 50));
        assert_eq!(Bitboard::range(0, 60), Bitboard::range(1, 50));
        assert_eq!(Bitboard::range(5, 4), Bitboard::EMPTY);
        let set: Bitboard = [3, 17, 50].iter().filter_map(|&n| Square::new(n)).collect();
        assert_eq!(
            set.iter().map(|s| s.number()).collect::<Vec<_>>(),
            [3, 17, 50]
        );
    }
}
