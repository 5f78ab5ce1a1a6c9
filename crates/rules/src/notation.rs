//! Move text: `32-28`, `28x19`, full landing paths such as `4x27x38x15`, and on the 8x8
//! boards algebraic names: `c3-d4`, `c3:e5`, `c3xe5`.
//!
//! Moves are written in the game's notation (numbers for international draughts and English
//! checkers, algebraic names for the russian and brazilian 64-square games), short (start and
//! end) unless another legal move shares the start and end, and then with every landing square.
//! Reading is lenient: squares by number or by name, `x`, `X`, `×` or `:` for captures, `-`,
//! `–` or `—` for quiet moves, full-width digits, trailing `!`/`?` marks, full or partial
//! landing paths, and an engine's "start x end x captured squares" where it cannot be confused.

use crate::board::{Board, Direction, Padded};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Crowning, Rules};
use crate::square::{Color, Role, Square};
use std::fmt;

/// Why move text does not name exactly one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not move text at all.
    Syntax {
        text: String,
        problem: SyntaxProblem,
    },
    /// Well-formed, but not a legal move here; `rule` says which rule forbids it.
    Illegal { text: String, rule: BrokenRule },
    /// Several legal moves fit; their full paths are listed.
    Ambiguous { text: String, options: Vec<String> },
}

impl MoveError {
    /// The reason alone, as in "capture is compulsory: 26x37".
    pub fn reason(&self) -> String {
        match self {
            MoveError::Syntax { problem, .. } => problem.to_string(),
            MoveError::Illegal { rule, .. } => rule.to_string(),
            MoveError::Ambiguous { options, .. } => {
                format!("ambiguous: {}", options.join(" or "))
            }
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            MoveError::Syntax { text, .. }
            | MoveError::Illegal { text, .. }
            | MoveError::Ambiguous { text, .. } => text,
        };
        write!(f, "{text}: {}", self.reason())
    }
}

impl std::error::Error for MoveError {}

/// What is wrong with the text of a move, as data (its `Display` is the English sentence; a
/// program that speaks other languages words it from the fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxProblem {
    /// Nothing but spaces and marks.
    Empty,
    /// Both `-` and `x` in one move.
    MixedSeparators,
    /// Something other than squares joined by `-` or `x`.
    NotSquares,
    /// A number outside the board's squares `1..=last`.
    NotASquare { text: String, last: usize },
    /// A name that is no dark square of the board.
    NotADarkSquare { text: String },
    /// Only one square.
    OneSquare,
}

impl fmt::Display for SyntaxProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxProblem::Empty => f.write_str("empty move"),
            SyntaxProblem::MixedSeparators => f.write_str("mixes '-' and 'x'"),
            SyntaxProblem::NotSquares => {
                f.write_str("expected squares joined by '-' or 'x', as in 32-28 or 28x19")
            }
            SyntaxProblem::NotASquare { text, last } => {
                write!(f, "{text} is not a square (1-{last})")
            }
            SyntaxProblem::NotADarkSquare { text } => {
                write!(f, "{text} is not a dark square of the board")
            }
            SyntaxProblem::OneSquare => {
                f.write_str("a move needs a start and an end square, as in 32-28")
            }
        }
    }
}

/// The rule a well-formed move text breaks, as data (its `Display` is the English sentence).
/// Squares and moves are written in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrokenRule {
    /// The start square is not on this board.
    OffBoard,
    /// No piece stands on the start square.
    NoPiece { square: String },
    /// The piece on the start square is the opponent's (`owner`'s).
    NotYours { square: String, owner: Color },
    /// The side to move has no legal move at all.
    NoMoves { side: Color },
    /// A capture that takes fewer pieces than the maximum rule asks: `short` takes `takes`,
    /// the legal captures (`captures`) take `required`.
    Majority {
        required: usize,
        short: String,
        takes: usize,
        captures: Vec<String>,
    },
    /// A capture is possible, so a capture must be played: one of `captures`.
    Compulsory { captures: Vec<String> },
    /// A capture stopped on a square where it goes on: a capture is played to its end, here
    /// one of `captures` in full. `maximum`: the game also asks for the most pieces (international,
    /// Brazilian), not only for a finished capture (Russian, English).
    Unfinished {
        captures: Vec<String>,
        maximum: bool,
    },
    /// The end square is taken.
    Occupied { square: String },
    /// A man steps one square diagonally forward.
    ManStep,
    /// A flying king moves along a diagonal over empty squares.
    KingFlies,
    /// A king (that does not fly) steps one square diagonally.
    KingStep,
    /// The start and end squares name a legal capture, but not along the landing squares
    /// written: the capture goes along one of `routes` (a king stops where its capture goes on).
    Route { routes: Vec<String> },
    /// None of the above, and still not a legal move.
    NotLegal,
}

impl BrokenRule {
    /// The moves a list in a sentence shows: at most six, then how many in all.
    pub fn shown(moves: &[String]) -> String {
        if moves.len() > 6 {
            format!("{}, ... ({} in all)", moves[..6].join(", "), moves.len())
        } else {
            moves.join(", ")
        }
    }
}

impl fmt::Display for BrokenRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BrokenRule::OffBoard => f.write_str("not a square of this board"),
            BrokenRule::NoPiece { square } => write!(f, "there is no piece on {square}"),
            BrokenRule::NotYours { square, owner } => write!(
                f,
                "the piece on {square} is {owner}'s, and {} is to move",
                owner.other()
            ),
            BrokenRule::NoMoves { side } => {
                write!(f, "{side} has no legal move: the game is over")
            }
            BrokenRule::Majority {
                required,
                short,
                takes,
                captures,
            } => write!(
                f,
                "the majority rule requires taking {required} pieces, and {short} takes {takes}: {}",
                BrokenRule::shown(captures)
            ),
            BrokenRule::Compulsory { captures } => {
                write!(f, "capture is compulsory: {}", BrokenRule::shown(captures))
            }
            BrokenRule::Unfinished { captures, .. } => {
                write!(f, "a capture must be completed: {}", BrokenRule::shown(captures))
            }
            BrokenRule::Occupied { square } => write!(f, "{square} is occupied"),
            BrokenRule::ManStep => f.write_str("a man moves one square diagonally forward"),
            BrokenRule::KingFlies => {
                f.write_str("a king moves along a diagonal over empty squares")
            }
            BrokenRule::KingStep => f.write_str("a king moves one square diagonally"),
            BrokenRule::Route { routes } => write!(
                f,
                "the capture does not go that way; its landing squares are {}",
                BrokenRule::shown(routes)
            ),
            BrokenRule::NotLegal => f.write_str("not a legal move"),
        }
    }
}

/// Move text broken into its squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub squares: Vec<u8>,
    pub capture: bool,
}

/// The ASCII form of a full-width character, as a Chinese or Japanese input method types it
/// (`ｄ２－ｅ３` is `d2-e3`, the ideographic space a space); other characters unchanged. Every
/// reader of what people type goes through it: moves here, words and numbers in the teaching
/// layers.
///
/// ```
/// use damtutor_rules::notation::fold_width;
/// let folded: String = "ｄ２－ｅ３\u{3000}ｆ４ｘｄ２".chars().map(fold_width).collect();
/// assert_eq!(folded, "d2-e3 f4xd2");
/// ```
pub fn fold_width(c: char) -> char {
    match c {
        '\u{3000}' => ' ',
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// Maps what students type in a move to ASCII: full-width characters ([`fold_width`]), capital
/// letters, and the typographic separators (`×`, `：`, `—`).
pub fn normalize_char(c: char) -> char {
    if c == '＊' {
        // A full-width asterisk is a capture sign; the ASCII one a final mark.
        return 'x';
    }
    match fold_width(c) {
        '×' | 'X' | ':' | '✕' => 'x',
        '–' | '—' | '‐' | '−' => '-',
        c => c.to_ascii_lowercase(),
    }
}

/// Splits move text into the squares of `board`, given by number or by algebraic name.
///
/// ```
/// use damtutor_rules::{notation::parse_move_text, Board};
/// let text = parse_move_text("４×27×38x15!", Board::TenByTen).unwrap();
/// assert_eq!(text.squares, vec![4, 27, 38, 15]);
/// assert!(text.capture);
/// let text = parse_move_text("c3:e5", Board::EightByEight).unwrap();
/// assert_eq!(text.squares, vec![22, 15]);
/// assert!(parse_move_text("c3-d9", Board::EightByEight).is_err());
/// ```
pub fn parse_move_text(text: &str, board: Board) -> Result<MoveText, MoveError> {
    let normalized: String = text
        .trim()
        .chars()
        .map(normalize_char)
        .collect::<String>()
        .trim_end_matches(['!', '?', '+', '#', '*'])
        .to_string();
    let syntax = |problem: SyntaxProblem| MoveError::Syntax {
        text: text.trim().to_string(),
        problem,
    };
    if normalized.is_empty() {
        return Err(syntax(SyntaxProblem::Empty));
    }
    let capture = normalized.contains('x');
    if capture && normalized.contains('-') {
        return Err(syntax(SyntaxProblem::MixedSeparators));
    }
    let mut squares = Vec::new();
    for part in normalized.split(['x', '-']) {
        let numeric = !part.is_empty() && part.chars().all(|c| c.is_ascii_digit());
        let named = part.len() >= 2
            && part.starts_with(|c: char| c.is_ascii_alphabetic())
            && part[1..].chars().all(|c| c.is_ascii_digit());
        if !numeric && !named {
            return Err(syntax(SyntaxProblem::NotSquares));
        }
        match board.parse_square(part) {
            Some(square) => squares.push(square.number()),
            None if numeric => {
                return Err(syntax(SyntaxProblem::NotASquare {
                    text: part.to_string(),
                    last: board.square_count() as usize,
                }));
            }
            None => {
                return Err(syntax(SyntaxProblem::NotADarkSquare {
                    text: part.to_string(),
                }))
            }
        }
    }
    if squares.len() < 2 {
        return Err(syntax(SyntaxProblem::OneSquare));
    }
    Ok(MoveText { squares, capture })
}

impl<R: Rules> Position<R> {
    /// A square's name in this game's notation: `28` or `c3`.
    pub fn square_name(&self, square: Square) -> String {
        R::RULES.square_name(square)
    }

    /// Every route of landing squares (start square first) that plays `m`: the squares where
    /// the piece really stops, in order, each step a legal capture leg. A flying king stops
    /// only where its capture can go on when some landing square of the jump allows that
    /// (FMJD 4.12, and the same in russian draughts), and never stops where it could still
    /// capture: the same rules the move generator keeps.
    ///
    /// ```
    /// use damtutor_rules::{Position, Russian};
    /// let pos: Position<Russian> = "W:WK3,K12,K16,20:B5,K8,11,K13,15,K17,23,25,28,K29"
    ///     .parse()
    ///     .unwrap();
    /// let m = pos.parse_move("g5:g5").unwrap();
    /// // Not g5:e7:a3:c1:g5: after e3 the king must stop on f4, where the capture goes on.
    /// assert_eq!(pos.full_move_text(&m), "g5:c1:a3:e7:g5");
    /// assert_eq!(pos.capture_routes(&m).len(), 1);
    /// ```
    pub fn capture_routes(&self, m: &Move<R>) -> Vec<Vec<Square>> {
        if !m.is_capture() {
            return vec![vec![m.from(), m.to()]];
        }
        let mut routes = Vec::new();
        let mut path = vec![m.from];
        let leg = Leg {
            empty: self.empty_bits() | 1u64 << m.from,
            opponents: self.side(self.turn.other()),
            flying: m.king && R::RULES.flying_kings,
            directions: if m.king || R::RULES.men_capture_backwards {
                ALL_DIRECTIONS
            } else {
                Self::man_directions(self.turn)
            },
        };
        self.routes_from(m, 1u64 << m.from, 0, leg, &mut path, &mut routes);
        let mut out: Vec<Vec<Square>> = routes
            .into_iter()
            .map(|r| {
                r.into_iter()
                    .map(|b| R::Geometry::square(b as u32))
                    .collect()
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The directions in which a man of `turn` captures when men do not capture backwards.
    fn man_directions(turn: Color) -> u8 {
        match turn {
            Color::White => Direction::UpLeft.bit() | Direction::UpRight.bit(),
            Color::Black => Direction::DownLeft.bit() | Direction::DownRight.bit(),
        }
    }

    /// The square of the piece jumped from `at` along `dir` (flying or not) and the squares
    /// the piece may land on beyond it, nearest first; `None` when there is no jump.
    fn jump(&self, at: u64, dir: Direction, captured: u64, leg: Leg) -> Option<(u64, Vec<u64>)> {
        let mut square = R::Geometry::shift(dir, at);
        if leg.flying {
            while square & leg.empty != 0 {
                square = R::Geometry::shift(dir, square);
            }
        }
        if square & leg.opponents & !captured == 0 {
            return None;
        }
        let mut landings = Vec::new();
        let mut landing = R::Geometry::shift(dir, square) & leg.empty;
        while landing != 0 {
            landings.push(landing);
            if !leg.flying {
                break;
            }
            landing = R::Geometry::shift(dir, landing) & leg.empty;
        }
        (!landings.is_empty()).then_some((square, landings))
    }

    /// Whether a piece on `at` that has captured `captured` can jump again in one of the
    /// directions of `directions`.
    fn can_jump(&self, at: u64, captured: u64, directions: u8, leg: Leg) -> bool {
        Direction::ALL
            .iter()
            .any(|&dir| directions & dir.bit() != 0 && self.jump(at, dir, captured, leg).is_some())
    }

    /// The routes of `m` from `at`, having captured `captured` along `path`; `leg.directions`
    /// are those the piece may look in from `at`.
    fn routes_from(
        &self,
        m: &Move<R>,
        at: u64,
        captured: u64,
        leg: Leg,
        path: &mut Vec<u8>,
        routes: &mut Vec<Vec<u8>>,
    ) {
        // A capture is completed: the piece stops only where it cannot jump again.
        if captured != 0 && !self.can_jump(at, captured, leg.directions, leg) {
            if captured == m.captured && at.trailing_zeros() as u8 == m.to {
                routes.push(path.clone());
            }
            return;
        }
        if captured & !m.captured != 0 {
            return;
        }
        let crowning = Self::crowning_row(self.turn);
        for &dir in &Direction::ALL {
            if leg.directions & dir.bit() == 0 {
                continue;
            }
            let Some((victim, landings)) = self.jump(at, dir, captured, leg) else {
                continue;
            };
            if victim & m.captured == 0 {
                continue;
            }
            let captured_now = captured | victim;
            let last = landings.len() - 1;
            // From a landing square the king does not look back, and goes on in the same
            // direction only from the last one (from an earlier one it would jump the same
            // piece: the same capture, stopping further on).
            let onward = ALL_DIRECTIONS & !dir.reverse().bit();
            let sideways = onward & !dir.bit();
            let next = |index: usize| -> Leg {
                let mut next = leg;
                if leg.flying {
                    next.directions = if index == last { onward } else { sideways };
                }
                next
            };
            // Where the capture can go on from some landing square, the king must stop on one
            // of those.
            let goes_on: Vec<bool> = (0..landings.len())
                .map(|i| self.can_jump(landings[i], captured_now, next(i).directions, next(i)))
                .collect();
            let must_go_on = goes_on.iter().any(|&g| g);
            for (index, &landing) in landings.iter().enumerate() {
                if must_go_on && !goes_on[index] {
                    continue;
                }
                let mut leg = next(index);
                path.push(landing.trailing_zeros() as u8);
                if !m.king && !leg.flying && landing & crowning != 0 {
                    match R::RULES.crowning {
                        Crowning::EndOfMove => {
                            self.routes_from(m, landing, captured_now, leg, path, routes)
                        }
                        Crowning::DuringCaptureContinue => {
                            leg.flying = R::RULES.flying_kings;
                            leg.directions = ALL_DIRECTIONS;
                            self.routes_from(m, landing, captured_now, leg, path, routes);
                        }
                        Crowning::DuringCaptureStop => {
                            if captured_now == m.captured && landing.trailing_zeros() as u8 == m.to
                            {
                                routes.push(path.clone());
                            }
                        }
                    }
                } else {
                    self.routes_from(m, landing, captured_now, leg, path, routes);
                }
                path.pop();
            }
        }
    }

    /// One route of `m` for display: its landing squares, start first.
    pub fn capture_route(&self, m: &Move<R>) -> Vec<Square> {
        self.capture_routes(m)
            .into_iter()
            .next()
            .unwrap_or_else(|| vec![m.from(), m.to()])
    }

    /// `m` written with every landing square: `4x27x38x15`, `c3:e5:g3` (quiet moves as
    /// `32-28`).
    pub fn full_move_text(&self, m: &Move<R>) -> String {
        if !m.is_capture() {
            return m.to_string();
        }
        let separator = R::RULES.capture_separator().to_string();
        self.capture_route(m)
            .iter()
            .map(|&s| self.square_name(s))
            .collect::<Vec<_>>()
            .join(&separator)
    }

    /// `m` in standard notation: short, or the full path when another legal move has the same
    /// start and end.
    pub fn move_text(&self, m: &Move<R>) -> String {
        self.with_legal_moves(|legal| self.move_text_in(m, legal))
    }

    /// [`move_text`](Position::move_text) with the legal moves already at hand.
    pub fn move_text_in(&self, m: &Move<R>, legal: &[Move<R>]) -> String {
        let ambiguous = legal
            .iter()
            .any(|o| o != m && o.from == m.from && o.to == m.to);
        if ambiguous {
            self.full_move_text(m)
        } else {
            m.to_string()
        }
    }

    /// Reads move text and finds the legal move it names, or says why there is none.
    ///
    /// ```
    /// use damtutor_rules::{International, Position};
    /// let pos: Position<International> = "W:W32,37:B27".parse().unwrap();
    /// let err = pos.parse_move("37-31").unwrap_err();
    /// assert_eq!(err.reason(), "capture is compulsory: 32x21");
    /// assert_eq!(pos.parse_move("32x21").unwrap().to_string(), "32x21");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move<R>, MoveError> {
        let parsed = parse_move_text(text, R::RULES.board)?;
        self.with_legal_moves(|legal| self.find_move(text.trim(), &parsed, legal))
    }

    /// [`parse_move`](Position::parse_move) for already split text and legal moves at hand.
    pub fn find_move(
        &self,
        text: &str,
        parsed: &MoveText,
        legal: &[Move<R>],
    ) -> Result<Move<R>, MoveError> {
        let board = R::RULES.board;
        let bit = |n: u8| board.square(n).map(|s| R::Geometry::bit(s) as u8);
        let squares = &parsed.squares;
        let from = bit(squares[0]).unwrap_or(u8::MAX);
        let to = bit(*squares.last().unwrap_or(&0)).unwrap_or(u8::MAX);
        let mut found: Vec<Move<R>> = legal
            .iter()
            .filter(|m| m.from == from && m.to == to)
            .copied()
            .collect();
        let same_ends = found.clone();
        if squares.len() > 2 && !found.is_empty() {
            let wanted: Vec<Square> = squares.iter().filter_map(|&n| board.square(n)).collect();
            found.retain(|m| {
                self.capture_routes(m)
                    .iter()
                    .any(|route| is_subsequence(&wanted, route))
            });
        }
        // A path written in full names its move even when it is also part of a longer route
        // of another move with the same ends (in the games where the shorter capture is legal).
        if found.len() > 1 && parsed.capture {
            let wanted: Vec<Square> = squares.iter().filter_map(|&n| board.square(n)).collect();
            let exact: Vec<Move<R>> = found
                .iter()
                .filter(|m| self.capture_routes(m).contains(&wanted))
                .copied()
                .collect();
            if exact.len() == 1 {
                found = exact;
            }
        }
        if found.is_empty() && squares.len() > 2 {
            // An engine's "start x end x captured squares".
            let captured: u64 = squares[2..]
                .iter()
                .filter_map(|&n| bit(n))
                .fold(0, |acc, b| acc | 1u64 << b);
            let end = bit(squares[1]).unwrap_or(u8::MAX);
            found = legal
                .iter()
                .filter(|m| m.from == from && m.to == end && m.captured == captured)
                .copied()
                .collect();
        }
        if found.is_empty() && !same_ends.is_empty() {
            // The ends are right but the landing squares are not: name the real routes.
            return Err(MoveError::Illegal {
                text: text.to_string(),
                rule: BrokenRule::Route {
                    routes: same_ends.iter().map(|m| self.full_move_text(m)).collect(),
                },
            });
        }
        match found.len() {
            1 => Ok(found[0]),
            0 => Err(MoveError::Illegal {
                text: text.to_string(),
                rule: self.why_illegal(squares, legal),
            }),
            _ => Err(MoveError::Ambiguous {
                text: text.to_string(),
                options: found.iter().map(|m| self.full_move_text(m)).collect(),
            }),
        }
    }

    /// Explains why the move from `squares[0]` to the last square is not legal.
    fn why_illegal(&self, squares: &[u8], legal: &[Move<R>]) -> BrokenRule {
        let board = R::RULES.board;
        let Some(from) = squares.first().and_then(|&n| board.square(n)) else {
            return BrokenRule::OffBoard;
        };
        let to = squares
            .last()
            .and_then(|&n| board.square(n))
            .unwrap_or(from);
        let name = |s: Square| self.square_name(s);
        let texts =
            || -> Vec<String> { legal.iter().map(|m| self.move_text_in(m, legal)).collect() };
        let piece = match self.piece_at(from) {
            None => return BrokenRule::NoPiece { square: name(from) },
            Some(piece) => piece,
        };
        if piece.color != self.turn {
            return BrokenRule::NotYours {
                square: name(from),
                owner: piece.color,
            };
        }
        if legal.is_empty() {
            return BrokenRule::NoMoves { side: self.turn };
        }
        if legal[0].is_capture() {
            let wanted: Vec<Square> = squares.iter().filter_map(|&n| board.square(n)).collect();
            let finished: Vec<String> = legal
                .iter()
                .filter(|m| m.from() == from)
                .filter(|m| {
                    self.capture_routes(m)
                        .iter()
                        .any(|route| stops_on(&wanted, route))
                })
                .map(|m| self.full_move_text(m))
                .collect();
            if !finished.is_empty() {
                return BrokenRule::Unfinished {
                    captures: finished,
                    maximum: R::RULES.maximum_capture,
                };
            }
            if R::RULES.maximum_capture {
                let all = self.captures_ignoring_majority();
                if let Some(short) = all.iter().find(|m| m.from() == from && m.to() == to) {
                    return BrokenRule::Majority {
                        required: legal[0].capture_count(),
                        short: short.to_string(),
                        takes: short.capture_count(),
                        captures: texts(),
                    };
                }
            }
            return BrokenRule::Compulsory { captures: texts() };
        }
        if self.piece_at(to).is_some() && to != from {
            return BrokenRule::Occupied { square: name(to) };
        }
        let (from_row, from_column) = board.coords(from);
        let (to_row, to_column) = board.coords(to);
        let diagonal_step = (to_column as i32 - from_column as i32).abs() == 1;
        if piece.role == Role::Man {
            let forward_row = match self.turn {
                Color::White => from_row as i32 - 1,
                Color::Black => from_row as i32 + 1,
            };
            if !(to_row as i32 == forward_row && diagonal_step) {
                return BrokenRule::ManStep;
            }
        } else if R::RULES.flying_kings {
            return BrokenRule::KingFlies;
        } else if !((to_row as i32 - from_row as i32).abs() == 1 && diagonal_step) {
            return BrokenRule::KingStep;
        }
        BrokenRule::NotLegal
    }
}

/// All four directions as a set of [`Direction::bit`]s.
const ALL_DIRECTIONS: u8 = 0b1111;

/// What a capturing piece is while it captures: the board it moves over and how it jumps.
#[derive(Clone, Copy)]
struct Leg {
    /// Empty squares, the start square included (captured pieces stay until the end).
    empty: u64,
    /// The opponent's pieces.
    opponents: u64,
    /// Whether it flies (a flying king, or a man crowned during the capture in russian).
    flying: bool,
    /// The directions it may jump in from where it stands.
    directions: u8,
}

/// Whether `wanted` (first and last fixed) appears in order within `route`.
/// Whether `wanted` follows `route` from its start and stops on one of its landing squares
/// before the end: a capture written half-way.
fn stops_on(wanted: &[Square], route: &[Square]) -> bool {
    let Some(last) = wanted.last() else {
        return false;
    };
    (1..route.len().saturating_sub(1))
        .any(|k| route[k] == *last && is_subsequence(wanted, &route[..=k]))
}

fn is_subsequence(wanted: &[Square], route: &[Square]) -> bool {
    if wanted.first() != route.first() || wanted.last() != route.last() {
        return false;
    }
    let mut it = route.iter();
    wanted.iter().all(|w| it.any(|r| r == w))
}

/// Splits a line of moves into move tokens, dropping move numbers (`1.`, `12...`), result
/// marks and annotations; separators may be spaces, commas or semicolons.
///
/// ```
/// use damtutor_rules::notation::line_tokens;
/// assert_eq!(line_tokens("1. 32-27! 26x37 2. 39-34 30x39"), ["32-27!", "26x37", "39-34", "30x39"]);
/// assert_eq!(line_tokens("1.43-38 47x32 2.28x37"), ["43-38", "47x32", "28x37"]);
/// ```
pub fn line_tokens(text: &str) -> Vec<String> {
    let normalized: String = text
        .chars()
        .map(|c| match c {
            '，' | '、' | ',' | ';' | '；' | '(' | ')' | '（' | '）' => ' ',
            '．' | '。' => '.',
            c => normalize_char(c),
        })
        .collect();
    let mut tokens = Vec::new();
    for word in normalized.split_whitespace() {
        // "12.32-28" or "12...32-28": drop the move number.
        let word = match word.rfind('.') {
            Some(i) if word[..i].chars().all(|c| c.is_ascii_digit() || c == '.') => &word[i + 1..],
            _ => word,
        };
        if word.is_empty() || word.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        if matches!(word, "2-0" | "0-2" | "1-1" | "*" | "+" | "x") {
            continue;
        }
        tokens.push(word.to_string());
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::International;

    fn pos(fen: &str) -> Position<International> {
        fen.parse().unwrap()
    }

    #[test]
    fn a_capture_stopped_half_way_is_unfinished_not_compulsory() {
        use crate::rules::{Brazilian, Russian};
        // Brazilian b64-01 after b4-c5 b6xd4: c3xe5 stops where c3xe5xg7 goes on.
        let brazilian: Position<Brazilian> = "W:Wb2,c3:Bd4,f6".parse().unwrap();
        assert_eq!(
            brazilian.parse_move("c3xe5"),
            Err(MoveError::Illegal {
                text: "c3xe5".into(),
                rule: BrokenRule::Unfinished {
                    captures: vec!["c3xe5xg7".into()],
                    maximum: true
                }
            })
        );
        // Russian, no majority rule: only "a capture is finished", in Russian notation.
        let russian: Position<Russian> = "W:Wa5,h4:Bb4,d4,f4".parse().unwrap();
        assert_eq!(
            russian.parse_move("a5:c3"),
            Err(MoveError::Illegal {
                text: "a5:c3".into(),
                rule: BrokenRule::Unfinished {
                    captures: vec!["a5:c3:e5:g3".into()],
                    maximum: false
                }
            })
        );
        // A capture not begun is still compulsory.
        let compulsory = pos("W:W32,37:B27");
        assert!(matches!(
            compulsory.parse_move("37-31"),
            Err(MoveError::Illegal {
                rule: BrokenRule::Compulsory { .. },
                ..
            })
        ));
    }

    #[test]
    fn writes_full_path_only_when_ambiguous() {
        // Two captures from 26 both end... on different squares: short text suffices.
        let p = pos("W:W26:B12,K21,31,32");
        let texts: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
        assert_eq!(texts, vec!["26x8", "26x28"]);
    }

    #[test]
    fn explains_illegal_moves() {
        let p: Position<International> = Position::initial();
        assert_eq!(p.parse_move("32-27").unwrap().to_string(), "32-27");
        assert_eq!(
            p.parse_move("32-26").unwrap_err().reason(),
            "a man moves one square diagonally forward"
        );
        assert_eq!(
            p.parse_move("37-32").unwrap_err().reason(),
            "32 is occupied"
        );
        assert_eq!(
            p.parse_move("27-22").unwrap_err().reason(),
            "there is no piece on 27"
        );
        assert_eq!(
            p.parse_move("19-23").unwrap_err().reason(),
            "the piece on 19 is Black's, and White is to move"
        );
        let majority = pos("W:W48:B24,K31,34,K42,43");
        let err = majority.parse_move("48x26").unwrap_err().reason();
        assert!(
            err.starts_with("the majority rule requires taking 3 pieces"),
            "{err}"
        );
        assert!(matches!(
            parse_move_text("32/28", Board::TenByTen),
            Err(MoveError::Syntax {
                problem: SyntaxProblem::NotSquares,
                ..
            })
        ));
        // The reasons are data too, for words in other languages.
        assert_eq!(
            p.parse_move("37-32"),
            Err(MoveError::Illegal {
                text: "37-32".into(),
                rule: BrokenRule::Occupied {
                    square: "32".into()
                }
            })
        );
        let compulsory = pos("W:W32,37:B27");
        assert_eq!(
            compulsory.parse_move("37-31"),
            Err(MoveError::Illegal {
                text: "37-31".into(),
                rule: BrokenRule::Compulsory {
                    captures: vec!["32x21".into()]
                }
            })
        );
    }

    #[test]
    fn accepts_paths_and_engine_form() {
        let p = pos("B:W27,28,38,39,42:BK25");
        let m = p.parse_move("25x33").unwrap();
        assert_eq!(p.parse_move("25x48x31x22x33").unwrap(), m);
        assert_eq!(p.parse_move("25x33x27x28x39x42").unwrap(), m);
        assert_eq!(p.full_move_text(&m), "25x48x31x22x33");
    }

    /// A king-heavy russian position where a printed route used to stop the king on g5 after
    /// e3, though from f4 the capture goes on (so the king must stop there).
    #[test]
    fn a_flying_king_stops_where_the_capture_goes_on() {
        let p: Position<crate::Russian> = "W:WK3,K12,K16,20:B5,K8,11,K13,15,K17,23,25,28,K29"
            .parse()
            .unwrap();
        let m = p.parse_move("g5:g5").unwrap();
        let names = |route: &Vec<Square>| -> String {
            route
                .iter()
                .map(|&s| p.square_name(s))
                .collect::<Vec<_>>()
                .join(":")
        };
        let routes: Vec<String> = p.capture_routes(&m).iter().map(names).collect();
        assert_eq!(routes, ["g5:c1:a3:e7:g5"]);
        assert_eq!(p.parse_move("g5:c1:a3:e7:g5").unwrap(), m);
        let err = p.parse_move("g5:e7:a3:c1:g5").unwrap_err();
        assert_eq!(
            err,
            MoveError::Illegal {
                text: "g5:e7:a3:c1:g5".into(),
                rule: BrokenRule::Route {
                    routes: vec!["g5:c1:a3:e7:g5".into()]
                }
            }
        );
        // A partial route that only the illegal path fits is refused too.
        assert!(p.parse_move("g5:e7:a3:g5").is_err());
        assert_eq!(p.parse_move("g5:a3:g5").unwrap(), m);
    }

    /// Checks each leg of `route` on its own: along one diagonal, over exactly one piece of
    /// the opponent not jumped before, every other square between empty (one square for a
    /// piece that does not fly); and the pieces jumped are the move's.
    fn check_route<R: Rules>(p: &Position<R>, m: &Move<R>, route: &[Square]) {
        let board = R::RULES.board;
        let mut jumped: Vec<Square> = Vec::new();
        let mut king = m.king;
        for pair in route.windows(2) {
            let (r0, c0) = board.coords(pair[0]);
            let (r1, c1) = board.coords(pair[1]);
            let (dr, dc) = (r1 as i32 - r0 as i32, c1 as i32 - c0 as i32);
            assert!(dr.abs() == dc.abs() && dr != 0, "{route:?}: not diagonal");
            let flying = king && R::RULES.flying_kings;
            assert!(flying || dr.abs() == 2, "{route:?}: a long jump");
            let mut pieces = Vec::new();
            for k in 1..dr.abs() {
                let s = board
                    .at(
                        (r0 as i32 + k * dr.signum()) as u8,
                        (c0 as i32 + k * dc.signum()) as u8,
                    )
                    .unwrap();
                if s != route[0] && p.piece_at(s).is_some() {
                    pieces.push(s);
                }
            }
            assert_eq!(pieces.len(), 1, "{route:?}: jumps {pieces:?}");
            let victim = pieces[0];
            assert_eq!(p.piece_at(victim).unwrap().color, p.turn().other());
            assert!(!jumped.contains(&victim), "{route:?}: jumps {victim} twice");
            jumped.push(victim);
            assert!(pair[1] == route[0] || p.piece_at(pair[1]).is_none());
            if board.crowning_row(p.turn()).contains(pair[1])
                && R::RULES.crowning == Crowning::DuringCaptureContinue
            {
                king = true;
            }
        }
        let mut captured: u64 = 0;
        for s in jumped {
            captured |= 1u64 << R::Geometry::bit(s);
        }
        assert_eq!(captured, m.captured, "{route:?}");
    }

    /// Random positions of every game: every capture has a route, each leg of it legal, and
    /// its full text reads back as the same move.
    fn routes_read_back<R: Rules>() {
        let board = R::RULES.board;
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut captures = 0;
        for _ in 0..3000 {
            let (mut white, mut black) = (Vec::new(), Vec::new());
            for s in board.squares() {
                let roll = next() % 100;
                let row = board.row(s);
                let last = board.size() - 1;
                match roll {
                    0..=7 => white.push(format!("K{}", s.number())),
                    8..=17 if row != 0 => white.push(s.number().to_string()),
                    18..=27 => black.push(format!("K{}", s.number())),
                    28..=39 if row != last => black.push(s.number().to_string()),
                    _ => {}
                }
            }
            let turn = if next() % 2 == 0 { "W" } else { "B" };
            let fen = format!("{turn}:W{}:B{}", white.join(","), black.join(","));
            let Ok(p) = fen.parse::<Position<R>>() else {
                continue;
            };
            for m in p.legal_moves().iter().filter(|m| m.is_capture()) {
                captures += 1;
                let routes = p.capture_routes(m);
                assert!(!routes.is_empty(), "{fen} {m}: no route");
                for route in &routes {
                    check_route(&p, m, route);
                }
                let text = p.full_move_text(m);
                assert_eq!(p.parse_move(&text).as_ref(), Ok(m), "{fen} {text}");
            }
        }
        assert!(captures > 1000, "{captures} captures only");
    }

    #[test]
    fn every_capture_has_a_legal_route_in_every_game() {
        routes_read_back::<crate::International>();
        routes_read_back::<crate::Russian>();
        routes_read_back::<crate::Brazilian>();
        routes_read_back::<crate::English>();
    }
}
