//! `Position`: a validated board with the side to move, for one game.

use crate::bitboard::Bitboard;
use crate::board::Padded;
use crate::moves::{Move, MoveList};
use crate::rules::Rules;
use crate::setup::{PositionError, Setup};
use crate::square::{ByColor, Color, Piece, Role, Square};
use std::marker::PhantomData;

/// A legal position of the game `R` (international draughts unless said otherwise): the pieces
/// and the side to move.
///
/// Built from a [`Setup`] (checked once) or from FEN, and changed only by playing moves.
///
/// ```
/// use damtutor_rules::{International, Position, Russian};
/// let start: Position<International> = Position::initial();
/// assert_eq!(start.legal_moves().len(), 9);
/// let pos: Position<International> = "W:W28,32:B23".parse().unwrap();
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 1);
/// assert_eq!(pos.move_text(&moves[0]), "28x19");
/// // A Russian position: a1..h8 names, a man crowned during a capture goes on as a king.
/// let russian: Position<Russian> = "W:Wb6:Bc7,f6".parse().unwrap();
/// let moves = russian.legal_moves();
/// let mut texts: Vec<String> = moves.iter().map(|m| russian.full_move_text(m)).collect();
/// texts.sort();
/// assert_eq!(texts, ["b6:d8:g5", "b6:d8:h4"]);
/// assert!(moves.iter().all(|m| m.promotes()));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position<R: Rules> {
    /// White's pieces, Black's pieces and the kings of both, as padded bits of `R`'s board.
    pub(crate) white: u64,
    pub(crate) black: u64,
    pub(crate) kings: u64,
    pub(crate) turn: Color,
    pub(crate) rules: PhantomData<R>,
}

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The side won (the opponent has no piece or no legal move, FMJD 7.2).
    Win(Color),
    /// The game is drawn (see [`Game`](crate::Game) for the draw rules).
    Draw,
}

/// What [`Position::make`] changed, so that [`Position::unmake`] can restore it.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    captured_kings: u64,
}

/// Material of one side: men and kings.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Material {
    pub men: u32,
    pub kings: u32,
}

impl Material {
    /// Value in men with a king counting `king_value`.
    #[inline]
    pub fn value(self, king_value: i32) -> i32 {
        self.men as i32 + king_value * self.kings as i32
    }

    /// Number of pieces.
    pub fn pieces(self) -> u32 {
        self.men + self.kings
    }
}

/// The squares numbered `first..=last` of the board `G` as padded bits.
pub(crate) const fn padded_range<G: Padded>(first: u8, last: u8) -> u64 {
    let mut bits = 0u64;
    let mut n = first;
    while n <= last {
        let i = (n - 1) as u32;
        bits |= 1 << (i + i / G::SIZE);
        n += 1;
    }
    bits
}

impl<R: Rules> Position<R> {
    /// The starting position: each side's men on the rows nearest it (international: Black on
    /// 1-20, White on 31-50; the 8x8 games: Black on 1-12, White on 21-32), with the side that
    /// moves first to move (White; Black in English checkers).
    pub const fn initial() -> Position<R> {
        let men = R::RULES.men;
        let count = R::RULES.board.square_count();
        Position {
            white: padded_range::<R::Geometry>(count - men + 1, count),
            black: padded_range::<R::Geometry>(1, men),
            kings: 0,
            turn: R::RULES.first_to_move,
            rules: PhantomData,
        }
    }

    /// An empty board (no pieces) with `turn` to move.
    pub const fn empty(turn: Color) -> Position<R> {
        Position {
            white: 0,
            black: 0,
            kings: 0,
            turn,
            rules: PhantomData,
        }
    }

    /// Validates a setup: every square on the board and given once, no man on its own crowning
    /// row, no more pieces a side than a side starts with.
    ///
    /// ```
    /// use damtutor_rules::{Board, Color, Position, PositionError, Role, Setup};
    /// let mut setup = Setup::empty(Color::White);
    /// setup.put(3, Color::White, Role::Man);
    /// assert_eq!(
    ///     Position::<damtutor_rules::International>::from_setup(&setup),
    ///     Err(PositionError::ManOnPromotionRow { color: Color::White, square: 3, board: Board::TenByTen })
    /// );
    /// ```
    pub fn from_setup(setup: &Setup) -> Result<Position<R>, PositionError> {
        let board = R::RULES.board;
        let mut pos = Position::empty(setup.turn);
        let crowning = |color| match color {
            Color::White => R::Geometry::TOP_ROW,
            Color::Black => R::Geometry::BOTTOM_ROW,
        };
        for &(number, piece) in &setup.pieces {
            let square = u8::try_from(number)
                .ok()
                .and_then(|n| board.square(n))
                .ok_or(PositionError::SquareOutOfRange {
                    square: number,
                    board,
                })?;
            let bit = 1u64 << R::Geometry::bit(square);
            if (pos.white | pos.black) & bit != 0 {
                return Err(PositionError::SquareTwice(square.number()));
            }
            if piece.role == Role::Man && crowning(piece.color) & bit != 0 {
                return Err(PositionError::ManOnPromotionRow {
                    color: piece.color,
                    square: square.number(),
                    board,
                });
            }
            match piece.color {
                Color::White => pos.white |= bit,
                Color::Black => pos.black |= bit,
            }
            if piece.role == Role::King {
                pos.kings |= bit;
            }
        }
        for color in Color::ALL {
            let count = pos.side(color).count_ones() as usize;
            let max = R::RULES.men;
            if count > max as usize {
                return Err(PositionError::TooManyPieces { color, count, max });
            }
        }
        Ok(pos)
    }

    /// The position as an (already valid) setup.
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(self.turn);
        for square in R::RULES.board.squares() {
            if let Some(piece) = self.piece_at(square) {
                setup.pieces.push((square.number() as u32, piece));
            }
        }
        setup
    }

    /// The same pieces in another game on the same board, or `None` when the pieces do not
    /// make a position there (the board differs, or a man stands on its crowning row).
    ///
    /// ```
    /// use damtutor_rules::{Brazilian, International, Position, Russian};
    /// let brazilian: Position<Brazilian> = "W:Wb6:Bc7,f6".parse().unwrap();
    /// let russian: Position<Russian> = brazilian.convert().unwrap();
    /// assert_eq!(brazilian.legal_moves().len(), 1); // crowned on d8, the capture ends there
    /// assert_eq!(russian.legal_moves().len(), 2); // crowned on d8, it captures on as a king
    /// assert!(brazilian.convert::<International>().is_none());
    /// ```
    pub fn convert<S: Rules>(&self) -> Option<Position<S>> {
        if S::RULES.board != R::RULES.board {
            return None;
        }
        Position::<S>::from_setup(&self.to_setup())
            .ok()
            .map(|p| p.with_turn(self.turn))
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The same pieces with `turn` to move.
    pub fn with_turn(mut self, turn: Color) -> Position<R> {
        self.turn = turn;
        self
    }

    /// All pieces of `color`.
    pub fn pieces(&self, color: Color) -> Bitboard {
        R::Geometry::to_bitboard(self.side(color))
    }

    /// The men of `color`.
    pub fn men(&self, color: Color) -> Bitboard {
        R::Geometry::to_bitboard(self.side(color) & !self.kings)
    }

    /// The kings of `color`.
    pub fn kings(&self, color: Color) -> Bitboard {
        R::Geometry::to_bitboard(self.side(color) & self.kings)
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        R::Geometry::to_bitboard(self.white | self.black)
    }

    /// The piece on `square`, if any (`None` also for a square off the board).
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        if !R::RULES.board.contains(square) {
            return None;
        }
        let bit = 1u64 << R::Geometry::bit(square);
        let color = if self.white & bit != 0 {
            Color::White
        } else if self.black & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings & bit != 0 {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece::new(color, role))
    }

    /// Men and kings of each side.
    pub fn material(&self) -> ByColor<Material> {
        let of = |color| {
            let side = self.side(color);
            Material {
                men: (side & !self.kings).count_ones(),
                kings: (side & self.kings).count_ones(),
            }
        };
        ByColor {
            white: of(Color::White),
            black: of(Color::Black),
        }
    }

    /// The game result when the side to move has no piece or no legal move (FMJD 7.2);
    /// `None` while it can move. Draw rules need the history: see [`Game`](crate::Game).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            Some(Outcome::Win(self.turn.other()))
        } else {
            None
        }
    }

    /// The position with the colours swapped and the board turned: square `s` becomes
    /// `count + 1 - s` (`51 - s` on 10x10), and the other side moves. Tactics stay the same,
    /// seen from the other side.
    pub fn mirrored(&self) -> Position<R> {
        let mirror = |bits: u64| {
            let set = R::Geometry::to_bitboard(bits);
            R::Geometry::from_bitboard(R::RULES.board.mirror_set(set))
        };
        Position {
            white: mirror(self.black),
            black: mirror(self.white),
            kings: mirror(self.kings),
            turn: self.turn.other(),
            rules: PhantomData,
        }
    }

    /// Plays a move from [`legal_moves`](Position::legal_moves) and returns what is needed to
    /// take it back with [`unmake`](Position::unmake). Playing a move of another position
    /// leaves a meaningless (but memory-safe) board; use [`play`](Position::play) for untrusted moves.
    #[inline]
    pub fn make(&mut self, m: &Move<R>) -> Undo {
        let from = 1u64 << m.from;
        let to = 1u64 << m.to;
        let captured_kings = m.captured & self.kings;
        let (own, opp) = match self.turn {
            Color::White => (&mut self.white, &mut self.black),
            Color::Black => (&mut self.black, &mut self.white),
        };
        *own = (*own & !from) | to;
        *opp &= !m.captured;
        self.kings &= !m.captured;
        if m.king {
            self.kings = (self.kings & !from) | to;
        } else if m.promotes {
            self.kings |= to;
        }
        self.turn = self.turn.other();
        Undo { captured_kings }
    }

    /// Takes back `m`, which must be the last move made with [`make`](Position::make).
    #[inline]
    pub fn unmake(&mut self, m: &Move<R>, undo: Undo) {
        self.turn = self.turn.other();
        let from = 1u64 << m.from;
        let to = 1u64 << m.to;
        if m.king {
            self.kings = (self.kings & !to) | from;
        } else if m.promotes {
            self.kings &= !to;
        }
        self.kings |= undo.captured_kings;
        let (own, opp) = match self.turn {
            Color::White => (&mut self.white, &mut self.black),
            Color::Black => (&mut self.black, &mut self.white),
        };
        *own = (*own & !to) | from;
        *opp |= m.captured;
    }

    /// The position after a trusted move (one of [`legal_moves`](Position::legal_moves)).
    #[inline]
    pub fn play_unchecked(mut self, m: &Move<R>) -> Position<R> {
        self.make(m);
        self
    }

    /// The position after `m`, or `None` when `m` is not one of this position's legal moves.
    /// To play move text, see [`Position::parse_move`].
    pub fn play(&self, m: &Move<R>) -> Option<Position<R>> {
        self.is_legal(m).then(|| self.play_unchecked(m))
    }

    /// Whether `m` is a legal move here.
    pub fn is_legal(&self, m: &Move<R>) -> bool {
        self.legal_moves().contains(m)
    }

    /// A 64-bit Zobrist key of the pieces and the side to move.
    pub fn hash_key(&self) -> u64 {
        let mut key = if self.turn == Color::Black {
            ZOBRIST_TURN
        } else {
            0
        };
        let tables = [
            (self.white & !self.kings, 0),
            (self.white & self.kings, 1),
            (self.black & !self.kings, 2),
            (self.black & self.kings, 3),
        ];
        for (mut bits, table) in tables {
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                key ^= ZOBRIST[table][bit];
            }
        }
        key
    }

    #[inline(always)]
    pub(crate) fn side(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    #[inline(always)]
    pub(crate) fn empty_bits(&self) -> u64 {
        R::Geometry::VALID & !(self.white | self.black)
    }

    /// Every legal move: captures are compulsory, and limited by the maximum-capture rule in
    /// the games that have it.
    ///
    /// The list is returned by value; a search that visits many positions can reuse one buffer
    /// per ply with [`legal_moves_into`](Position::legal_moves_into), or visit the positions
    /// after each move with [`for_each_child`](Position::for_each_child).
    pub fn legal_moves(&self) -> MoveList<R> {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// Calls `f` with the legal moves (in the order of [`legal_moves`](Position::legal_moves)),
    /// listed on this call's stack.
    ///
    /// [`legal_moves`] returns its list (8 KB, room for [`MAX_MOVES`](crate::moves::MAX_MOVES)) by
    /// value, and the compiler copies it whole on every call - a cost beside which generating
    /// the few moves of a position is small. Code that looks at the moves of many positions
    /// (the notation, playouts, tests of a few plies) lists them here instead.
    ///
    /// ```
    /// use damtutor_rules::{International, Position};
    /// let start = Position::<International>::initial();
    /// assert_eq!(start.with_legal_moves(|moves| moves.len()), 9);
    /// ```
    ///
    /// [`legal_moves`]: Position::legal_moves
    #[inline]
    pub fn with_legal_moves<T>(&self, f: impl FnOnce(&[Move<R>]) -> T) -> T {
        let mut list = MoveList::new();
        self.generate(&mut list);
        f(&list)
    }

    /// Clears `list` and fills it with the legal moves, in the order of
    /// [`legal_moves`](Position::legal_moves).
    ///
    /// ```
    /// use damtutor_rules::{MoveList, Position};
    /// let mut buffer = MoveList::new();
    /// Position::<damtutor_rules::International>::initial().legal_moves_into(&mut buffer);
    /// assert_eq!(buffer.len(), 9);
    /// ```
    #[inline]
    pub fn legal_moves_into(&self, list: &mut MoveList<R>) {
        list.clear();
        self.generate(list);
    }

    /// The crowning row of `color` as padded bits.
    #[inline(always)]
    pub(crate) const fn crowning_row(color: Color) -> u64 {
        match color {
            Color::White => R::Geometry::TOP_ROW,
            Color::Black => R::Geometry::BOTTOM_ROW,
        }
    }
}

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const ZOBRIST: [[u64; 64]; 4] = {
    let mut table = [[0u64; 64]; 4];
    let mut state = 0x6461_6D74_7574_6F72; // "damtutor"
    let mut t = 0;
    while t < 4 {
        let mut b = 0;
        while b < 64 {
            let (next, value) = splitmix(state);
            state = next;
            table[t][b] = value;
            b += 1;
        }
        t += 1;
    }
    table
};

const ZOBRIST_TURN: u64 = splitmix(0x7475_726E).1;

impl<R: Rules> Default for Position<R> {
    fn default() -> Position<R> {
        Position::initial()
    }
}
