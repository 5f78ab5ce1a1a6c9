//! Board geometry: the 10x10 board of international draughts and the 8x8 board of the
//! 64-square games, at run time ([`Board`]) and at compile time ([`Geometry`]).
//!
//! Both boards number their dark squares the same way (FMJD article 2.6, PDN): row by row from
//! the top as White sees the board, left to right, the first dark square of the top row in
//! column 1. The 10x10 board has squares 1-50, the 8x8 board 1-32 (1 = b8, 4 = h8, 29 = a1,
//! 32 = g1). Squares also have algebraic names, files a.. from the left and ranks 1.. from the
//! bottom: on 8x8, 29 is a1 and 4 is h8.
//!
//! Inside the crate a position is kept in a padded bit layout: square `n` at bit `i + i / S`
//! where `i = n - 1` and `S` is the board size, one ghost bit after every two rows. Every
//! diagonal step is then the same shift from every square, and steps off the side edges land
//! on ghost bits. Public code never sees that layout: [`Bitboard`] is indexed by square number.
//!
//! Both boards also carry their padded bit layout in a sealed part of [`Geometry`].

use crate::bitboard::Bitboard;
use crate::square::{Color, Square};
use std::fmt;

/// A board, chosen at run time.
///
/// ```
/// use damtutor_rules::{Board, Square};
/// let board = Board::EightByEight;
/// assert_eq!(board.square_count(), 32);
/// let a1 = board.parse_square("a1").unwrap();
/// assert_eq!(a1.number(), 29);
/// assert_eq!(board.algebraic(Square::new(4).unwrap()), "h8");
/// assert_eq!(board.coords(a1), (7, 0));
/// assert_eq!(board.mirror(a1).number(), 4);
/// assert_eq!(board.parse_square("33"), None);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Board {
    /// 10x10, squares 1-50 (international draughts).
    TenByTen,
    /// 8x8, squares 1-32 (the 64-square games and English checkers).
    EightByEight,
}

impl Board {
    /// The number of rows (and columns): 10 or 8.
    pub const fn size(self) -> u8 {
        match self {
            Board::TenByTen => 10,
            Board::EightByEight => 8,
        }
    }

    /// The number of playable squares: 50 or 32.
    pub const fn square_count(self) -> u8 {
        self.size() * self.size() / 2
    }

    /// Playable squares in a row: 5 or 4.
    pub const fn row_squares(self) -> u8 {
        self.size() / 2
    }

    /// The square numbered `number` if the board has it.
    pub const fn square(self, number: u8) -> Option<Square> {
        if number >= 1 && number <= self.square_count() {
            Square::new(number)
        } else {
            None
        }
    }

    /// Whether the board has `square`.
    pub const fn contains(self, square: Square) -> bool {
        square.number() <= self.square_count()
    }

    /// Every square in order.
    pub fn squares(self) -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (1..=self.square_count())
            .filter_map(Square::new)
            .collect::<Vec<_>>()
            .into_iter()
    }

    /// Every square as a set.
    pub fn all(self) -> Bitboard {
        Bitboard::range(1, self.square_count())
    }

    /// The row (0 = top, White's crowning row) and column (0 = left) of `square`, as White
    /// sees the board.
    pub const fn coords(self, square: Square) -> (u8, u8) {
        let half = self.row_squares();
        let index = square.number() - 1;
        let row = index / half;
        let k = index % half;
        let column = if row.is_multiple_of(2) {
            2 * k + 1
        } else {
            2 * k
        };
        (row, column)
    }

    /// The row of `square` (0 = top).
    pub const fn row(self, square: Square) -> u8 {
        self.coords(square).0
    }

    /// The column of `square` (0 = left).
    pub const fn column(self, square: Square) -> u8 {
        self.coords(square).1
    }

    /// The square at `row` and `column`, or `None` off the board or on a light square.
    pub const fn at(self, row: u8, column: u8) -> Option<Square> {
        let size = self.size();
        if row >= size || column >= size || (row + column).is_multiple_of(2) {
            return None;
        }
        Square::new(row * self.row_squares() + column / 2 + 1)
    }

    /// The square seen from the other side of the board: `n` becomes `count + 1 - n`.
    pub const fn mirror(self, square: Square) -> Square {
        match Square::new(self.square_count() + 1 - square.number()) {
            Some(mirrored) => mirrored,
            None => square,
        }
    }

    /// Every square of `set` seen from the other side of the board.
    pub fn mirror_set(self, set: Bitboard) -> Bitboard {
        set.iter()
            .filter(|&s| self.contains(s))
            .map(|s| self.mirror(s))
            .collect()
    }

    /// The row where a man of `color` is crowned: the top row for White, the bottom for Black.
    pub fn crowning_row(self, color: Color) -> Bitboard {
        let half = self.row_squares();
        match color {
            Color::White => Bitboard::range(1, half),
            Color::Black => Bitboard::range(self.square_count() - half + 1, self.square_count()),
        }
    }

    /// The algebraic name of `square`: its file `a`.. from the left and its rank `1`.. from the
    /// bottom, as in `c3`.
    pub fn algebraic(self, square: Square) -> String {
        let (row, column) = self.coords(square);
        format!("{}{}", (b'a' + column) as char, self.size() - row)
    }

    /// Reads a square: its number (`29`) or its algebraic name (`a1`, `A1`); `None` when the
    /// text names no square of this board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let text = text.trim();
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            return text.parse::<u8>().ok().and_then(|n| self.square(n));
        }
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank = chars.as_str();
        if rank.is_empty() || !rank.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = rank.parse().ok()?;
        let column = file as u8 - b'a';
        if rank == 0 || rank > self.size() {
            return None;
        }
        self.at(self.size() - rank, column)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size();
        write!(f, "{size}x{size}")
    }
}

/// The padded layout of a board of size `size`: the bits that are squares.
const fn valid_mask(size: u32) -> u64 {
    let count = size * size / 2;
    let mut mask = 0u64;
    let mut i = 0;
    while i < count {
        mask |= 1 << (i + i / size);
        i += 1;
    }
    mask
}

/// For each direction and padded bit, the squares beyond that bit up to the edge.
const fn ray_table(size: u32) -> [[u64; 64]; 4] {
    let valid = valid_mask(size);
    let half = size / 2;
    let mut rays = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut bit = 0;
        while bit < 64 {
            if valid & (1 << bit) != 0 {
                let mut square = padded_step(d, half, 1 << bit) & valid;
                while square != 0 {
                    rays[d][bit] |= square;
                    square = padded_step(d, half, square) & valid;
                }
            }
            bit += 1;
        }
        d += 1;
    }
    rays
}

/// One step in direction number `d` (in [`Direction::ALL`] order) on a board with `half`
/// squares a row, ghost bits and bits beyond 63 included.
const fn padded_step(d: usize, half: u32, bits: u64) -> u64 {
    match d {
        0 => bits >> (half + 1),
        1 => bits >> half,
        2 => bits << half,
        _ => bits << (half + 1),
    }
}

static RAYS_10: [[u64; 64]; 4] = ray_table(10);
static RAYS_8: [[u64; 64]; 4] = ray_table(8);

/// A board known at compile time: [`TenByTen`] or [`EightByEight`]. The move generator is
/// generic over it, so every step along a diagonal is a constant shift of its padded layout.
/// The trait is sealed: the layout is the crate's own business.
pub trait Geometry:
    layout::Padded + Copy + Clone + Default + fmt::Debug + Eq + std::hash::Hash + Send + Sync + 'static
{
    /// The same board at run time.
    const BOARD: Board;
}

pub(crate) use layout::{Direction, Padded};

mod layout {
    use super::*;

    /// A diagonal direction, as White sees the board.
    #[derive(Copy, Clone, PartialEq, Eq, Debug)]
    pub enum Direction {
        UpLeft,
        UpRight,
        DownLeft,
        DownRight,
    }

    impl Direction {
        pub const ALL: [Direction; 4] = [
            Direction::UpLeft,
            Direction::UpRight,
            Direction::DownLeft,
            Direction::DownRight,
        ];

        /// The opposite direction.
        #[inline(always)]
        pub const fn reverse(self) -> Direction {
            match self {
                Direction::UpLeft => Direction::DownRight,
                Direction::UpRight => Direction::DownLeft,
                Direction::DownLeft => Direction::UpRight,
                Direction::DownRight => Direction::UpLeft,
            }
        }

        /// The bit of this direction in a set of directions.
        #[inline(always)]
        pub const fn bit(self) -> u8 {
            1 << self as u8
        }

        /// Whether the direction goes up the board (towards White's crowning row).
        #[inline(always)]
        pub const fn is_up(self) -> bool {
            matches!(self, Direction::UpLeft | Direction::UpRight)
        }
    }

    /// The padded bit layout of a board (private to the crate: the module is not public).
    pub trait Padded {
        /// Rows and columns.
        const SIZE: u32;
        /// Playable squares in a row, and the shorter diagonal step in the padded layout.
        const HALF: u32 = Self::SIZE / 2;
        /// The padded bits that are squares.
        const VALID: u64 = valid_mask(Self::SIZE);
        /// White's crowning row (the top row) as padded bits.
        const TOP_ROW: u64 = (1 << Self::HALF) - 1;
        /// Black's crowning row (the bottom row) as padded bits.
        const BOTTOM_ROW: u64 =
            Self::TOP_ROW << ((Self::SIZE - 1) * Self::HALF + (Self::SIZE - 1) / 2);

        /// For each direction (in `Direction::ALL` order) and padded bit, the squares beyond it.
        fn rays() -> &'static [[u64; 64]; 4];

        /// The padded bit of `square`.
        #[inline(always)]
        fn bit(square: Square) -> u32 {
            let i = square.number() as u32 - 1;
            i + i / Self::SIZE
        }

        /// The square of a padded bit that is a square.
        #[inline(always)]
        fn square(bit: u32) -> Square {
            Square::from_number_unchecked((bit - bit / (Self::SIZE + 1) + 1) as u8)
        }

        /// Padded bits as a set of squares.
        #[inline(always)]
        fn to_bitboard(padded: u64) -> Bitboard {
            let row_pair = (1u64 << Self::SIZE) - 1;
            let mut dense = 0;
            let mut k = 0;
            while k < Self::SIZE / 2 {
                dense |= (padded >> k) & (row_pair << (k * Self::SIZE));
                k += 1;
            }
            Bitboard(dense)
        }

        /// A set of squares as padded bits (squares off this board are dropped).
        #[inline(always)]
        fn from_bitboard(set: Bitboard) -> u64 {
            let row_pair = (1u64 << Self::SIZE) - 1;
            let mut padded = 0;
            let mut k = 0;
            while k < Self::SIZE / 2 {
                padded |= (set.0 & (row_pair << (k * Self::SIZE))) << k;
                k += 1;
            }
            padded & Self::VALID
        }

        /// One step along `dir` for every square of `bits`, keeping steps that leave the board
        /// (they land on ghost bits or beyond bit 63): callers intersect with real squares.
        #[inline(always)]
        fn step(dir: Direction, bits: u64) -> u64 {
            match dir {
                Direction::UpLeft => bits >> (Self::HALF + 1),
                Direction::UpRight => bits >> Self::HALF,
                Direction::DownLeft => bits << Self::HALF,
                Direction::DownRight => bits << (Self::HALF + 1),
            }
        }

        /// One step along `dir`, staying on the board.
        #[inline(always)]
        fn shift(dir: Direction, bits: u64) -> u64 {
            Self::step(dir, bits) & Self::VALID
        }

        /// The squares beyond the padded bit `bit` along `dir`.
        #[inline(always)]
        fn ray(dir: Direction, bit: u32) -> u64 {
            Self::rays()[dir as usize][bit as usize]
        }
    }
}

/// The 10x10 board at compile time.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct TenByTen;

/// The 8x8 board at compile time.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct EightByEight;

impl Geometry for TenByTen {
    const BOARD: Board = Board::TenByTen;
}

impl Padded for TenByTen {
    const SIZE: u32 = 10;
    #[inline(always)]
    fn rays() -> &'static [[u64; 64]; 4] {
        &RAYS_10
    }
}

impl Geometry for EightByEight {
    const BOARD: Board = Board::EightByEight;
}

impl Padded for EightByEight {
    const SIZE: u32 = 8;
    #[inline(always)]
    fn rays() -> &'static [[u64; 64]; 4] {
        &RAYS_8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_geometry<G: Geometry>() {
        let board = G::BOARD;
        assert_eq!(G::VALID.count_ones(), board.square_count() as u32);
        for square in board.squares() {
            let bit = G::bit(square);
            assert!(G::VALID & 1 << bit != 0);
            assert_eq!(G::square(bit), square);
            let (row, column) = board.coords(square);
            assert_eq!(board.at(row, column), Some(square));
            let set = Bitboard::from_square(square);
            assert_eq!(G::from_bitboard(set), 1 << bit);
            assert_eq!(G::to_bitboard(1 << bit), set);
            for dir in Direction::ALL {
                let (dr, dc): (i8, i8) = match dir {
                    Direction::UpLeft => (-1, -1),
                    Direction::UpRight => (-1, 1),
                    Direction::DownLeft => (1, -1),
                    Direction::DownRight => (1, 1),
                };
                let (r, c) = (row as i8 + dr, column as i8 + dc);
                let size = board.size() as i8;
                let expected = if (0..size).contains(&r) && (0..size).contains(&c) {
                    board.at(r as u8, c as u8).map(|s| 1u64 << G::bit(s))
                } else {
                    None
                };
                let got = G::shift(dir, 1 << bit);
                assert_eq!(
                    (got != 0).then_some(got),
                    expected,
                    "{board} {square} {dir:?}"
                );
            }
        }
        assert_eq!(G::to_bitboard(G::TOP_ROW), board.crowning_row(Color::White));
        assert_eq!(
            G::to_bitboard(G::BOTTOM_ROW),
            board.crowning_row(Color::Black)
        );
        assert_eq!(G::to_bitboard(G::VALID), board.all());
    }

    #[test]
    fn both_boards_step_diagonally() {
        check_geometry::<TenByTen>();
        check_geometry::<EightByEight>();
    }

    #[test]
    fn numbering_and_algebraic_names() {
        let eight = Board::EightByEight;
        let name = |n| eight.algebraic(Square::new(n).unwrap());
        assert_eq!(
            [name(1), name(4), name(5), name(29), name(32)],
            ["b8", "h8", "a7", "a1", "g1"]
        );
        assert_eq!(eight.parse_square("C3").map(|s| s.number()), Some(22));
        assert_eq!(eight.parse_square("a2"), None); // a light square
        assert_eq!(eight.parse_square("i1"), None);
        let ten = Board::TenByTen;
        assert_eq!(ten.algebraic(Square::new(46).unwrap()), "a1");
        assert_eq!(ten.algebraic(Square::new(5).unwrap()), "j10");
        assert_eq!(ten.parse_square("50").map(|s| s.number()), Some(50));
        assert_eq!(eight.crowning_row(Color::White), Bitboard::range(1, 4));
        assert_eq!(eight.crowning_row(Color::Black), Bitboard::range(29, 32));
    }
}
