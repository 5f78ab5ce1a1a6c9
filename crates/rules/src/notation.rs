//! Move text: `32-28`, `28x19`, and full landing paths such as `4x27x38x15`.
//!
//! Moves are written short (start and end) unless another legal move shares the start and end,
//! and then with every landing square. Reading is lenient: `x`, `X`, `×` or `:` for captures,
//! `-`, `–` or `—` for quiet moves, full-width digits, trailing `!`/`?` marks, full or partial
//! landing paths, and an engine's "start x end x captured squares" where it cannot be confused.

use crate::bitboard::Direction;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Color, Role, Square};
use std::fmt;

/// Why move text does not name exactly one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not move text at all.
    Syntax { text: String, reason: String },
    /// Well-formed, but not a legal move here; `reason` says which rule forbids it.
    Illegal { text: String, reason: String },
    /// Several legal moves fit; their full paths are listed.
    Ambiguous { text: String, options: Vec<String> },
}

impl MoveError {
    /// The reason alone, as in "capture is compulsory: 26x37".
    pub fn reason(&self) -> String {
        match self {
            MoveError::Syntax { reason, .. } | MoveError::Illegal { reason, .. } => reason.clone(),
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

/// Move text broken into its squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub squares: Vec<u8>,
    pub capture: bool,
}

/// Maps the full-width digits and the typographic separators students type to ASCII.
pub fn normalize_char(c: char) -> char {
    match c {
        '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c),
        '×' | 'X' | '：' | ':' | '✕' | '＊' => 'x',
        '–' | '—' | '－' | '‐' | '−' => '-',
        _ => c,
    }
}

/// Splits move text into squares.
///
/// ```
/// use damtutor_rules::notation::parse_move_text;
/// let text = parse_move_text("４×27×38x15!").unwrap();
/// assert_eq!(text.squares, vec![4, 27, 38, 15]);
/// assert!(text.capture);
/// ```
pub fn parse_move_text(text: &str) -> Result<MoveText, MoveError> {
    let normalized: String = text
        .trim()
        .chars()
        .map(normalize_char)
        .collect::<String>()
        .trim_end_matches(['!', '?', '+', '#', '*'])
        .to_string();
    let syntax = |reason: &str| MoveError::Syntax {
        text: text.trim().to_string(),
        reason: reason.to_string(),
    };
    if normalized.is_empty() {
        return Err(syntax("empty move"));
    }
    let capture = normalized.contains('x');
    if capture && normalized.contains('-') {
        return Err(syntax("mixes '-' and 'x'"));
    }
    let mut squares = Vec::new();
    for part in normalized.split(['x', '-']) {
        if part.is_empty() || !part.chars().all(|c| c.is_ascii_digit()) {
            return Err(syntax(
                "expected squares joined by '-' or 'x', as in 32-28 or 28x19",
            ));
        }
        match part.parse::<u8>().ok().filter(|n| (1..=50).contains(n)) {
            Some(n) => squares.push(n),
            None => return Err(syntax(&format!("{part} is not a square (1-50)"))),
        }
    }
    if squares.len() < 2 {
        return Err(syntax(
            "a move needs a start and an end square, as in 32-28",
        ));
    }
    Ok(MoveText { squares, capture })
}

impl Position {
    /// Every route of landing squares (start square first) that plays `m`.
    pub fn capture_routes(&self, m: &Move) -> Vec<Vec<Square>> {
        if !m.is_capture() {
            return vec![vec![m.from(), m.to()]];
        }
        let mut routes = Vec::new();
        let mut path = vec![m.from];
        let empty = self.empty_bits() | 1u64 << m.from;
        self.routes_from(m, 1u64 << m.from, 0, empty, &mut path, &mut routes);
        let mut out: Vec<Vec<Square>> = routes
            .into_iter()
            .map(|r| r.into_iter().map(|b| Square::from_bit(b as u32)).collect())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    fn routes_from(
        &self,
        m: &Move,
        at: u64,
        captured: u64,
        empty: u64,
        path: &mut Vec<u8>,
        routes: &mut Vec<Vec<u8>>,
    ) {
        if captured == m.captured {
            if at.trailing_zeros() as u8 == m.to {
                routes.push(path.clone());
            }
            return;
        }
        let victims = m.captured & !captured;
        for dir in Direction::ALL {
            let mut square = dir.shift(at);
            if m.king {
                while square & empty != 0 {
                    square = dir.shift(square);
                }
            }
            if square & victims == 0 {
                continue;
            }
            let mut landing = dir.shift(square) & empty;
            while landing != 0 {
                path.push(landing.trailing_zeros() as u8);
                self.routes_from(m, landing, captured | square, empty, path, routes);
                path.pop();
                if !m.king {
                    break;
                }
                landing = dir.shift(landing) & empty;
            }
        }
    }

    /// One route of `m` for display: its landing squares, start first.
    pub fn capture_route(&self, m: &Move) -> Vec<Square> {
        self.capture_routes(m)
            .into_iter()
            .next()
            .unwrap_or_else(|| vec![m.from(), m.to()])
    }

    /// `m` written with every landing square: `4x27x38x15` (quiet moves as `32-28`).
    pub fn full_move_text(&self, m: &Move) -> String {
        if !m.is_capture() {
            return m.to_string();
        }
        self.capture_route(m)
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join("x")
    }

    /// `m` in standard notation: short, or the full path when another legal move has the same
    /// start and end.
    pub fn move_text(&self, m: &Move) -> String {
        self.move_text_in(m, &self.legal_moves())
    }

    /// [`move_text`](Position::move_text) with the legal moves already at hand.
    pub fn move_text_in(&self, m: &Move, legal: &[Move]) -> String {
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
    /// use damtutor_rules::Position;
    /// let pos: Position = "W:W32,37:B27".parse().unwrap();
    /// let err = pos.parse_move("37-31").unwrap_err();
    /// assert_eq!(err.reason(), "capture is compulsory: 32x21");
    /// assert_eq!(pos.parse_move("32x21").unwrap().to_string(), "32x21");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let parsed = parse_move_text(text)?;
        let legal = self.legal_moves();
        self.find_move(text.trim(), &parsed, &legal)
    }

    /// [`parse_move`](Position::parse_move) for already split text and legal moves at hand.
    pub fn find_move(
        &self,
        text: &str,
        parsed: &MoveText,
        legal: &[Move],
    ) -> Result<Move, MoveError> {
        let squares = &parsed.squares;
        let from = Square::new(squares[0]).map(|s| s.bit() as u8).unwrap_or(0);
        let to = Square::new(*squares.last().unwrap_or(&0))
            .map(|s| s.bit() as u8)
            .unwrap_or(0);
        let mut found: Vec<Move> = legal
            .iter()
            .filter(|m| m.from == from && m.to == to)
            .copied()
            .collect();
        if squares.len() > 2 && !found.is_empty() {
            let wanted: Vec<Square> = squares.iter().filter_map(|&n| Square::new(n)).collect();
            found.retain(|m| {
                self.capture_routes(m)
                    .iter()
                    .any(|route| is_subsequence(&wanted, route))
            });
        }
        if found.is_empty() && squares.len() > 2 {
            // An engine's "start x end x captured squares".
            let captured: u64 = squares[2..]
                .iter()
                .filter_map(|&n| Square::new(n))
                .fold(0, |acc, s| acc | 1u64 << s.bit());
            let end = Square::new(squares[1]).map(|s| s.bit() as u8).unwrap_or(0);
            found = legal
                .iter()
                .filter(|m| m.from == from && m.to == end && m.captured == captured)
                .copied()
                .collect();
        }
        match found.len() {
            1 => Ok(found[0]),
            0 => Err(MoveError::Illegal {
                text: text.to_string(),
                reason: self.why_illegal(squares, legal),
            }),
            _ => Err(MoveError::Ambiguous {
                text: text.to_string(),
                options: found.iter().map(|m| self.full_move_text(m)).collect(),
            }),
        }
    }

    /// Explains why the move from `squares[0]` to the last square is not legal.
    fn why_illegal(&self, squares: &[u8], legal: &[Move]) -> String {
        let from = Square::new(squares[0]).expect("parsed squares are 1-50");
        let to = Square::new(*squares.last().unwrap_or(&squares[0])).unwrap_or(from);
        let list = |moves: &mut dyn Iterator<Item = &Move>| {
            let texts: Vec<String> = moves.map(|m| self.move_text_in(m, legal)).collect();
            if texts.len() > 6 {
                format!("{}, ... ({} in all)", texts[..6].join(", "), texts.len())
            } else {
                texts.join(", ")
            }
        };
        let piece = match self.piece_at(from) {
            None => return format!("there is no piece on {from}"),
            Some(piece) => piece,
        };
        if piece.color != self.turn {
            return format!(
                "the piece on {from} is {}'s, and {} is to move",
                piece.color, self.turn
            );
        }
        if legal.is_empty() {
            return format!("{} has no legal move: the game is over", self.turn);
        }
        if legal[0].is_capture() {
            let all = self.captures_ignoring_majority();
            if let Some(short) = all.iter().find(|m| m.from() == from && m.to() == to) {
                return format!(
                    "the majority rule requires taking {} pieces, and {} takes {}: {}",
                    legal[0].capture_count(),
                    short,
                    short.capture_count(),
                    list(&mut legal.iter())
                );
            }
            return format!("capture is compulsory: {}", list(&mut legal.iter()));
        }
        if self.piece_at(to).is_some() && to != from {
            return format!("{to} is occupied");
        }
        if piece.role == Role::Man {
            let forward_row = match self.turn {
                Color::White => from.row() as i32 - 1,
                Color::Black => from.row() as i32 + 1,
            };
            let adjacent = to.row() as i32 == forward_row
                && (to.column() as i32 - from.column() as i32).abs() == 1;
            if !adjacent {
                return "a man moves one square diagonally forward".to_string();
            }
        } else {
            return "a king moves along a diagonal over empty squares".to_string();
        }
        "not a legal move".to_string()
    }
}

/// Whether `wanted` (first and last fixed) appears in order within `route`.
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

    fn pos(fen: &str) -> Position {
        fen.parse().unwrap()
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
        let p = Position::initial();
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
            parse_move_text("32/28"),
            Err(MoveError::Syntax { .. })
        ));
    }

    #[test]
    fn accepts_paths_and_engine_form() {
        let p = pos("B:W27,28,38,39,42:BK25");
        let m = p.parse_move("25x33").unwrap();
        assert_eq!(p.parse_move("25x48x31x22x33").unwrap(), m);
        assert_eq!(p.parse_move("25x33x27x28x39x42").unwrap(), m);
        assert_eq!(p.full_move_text(&m), "25x48x31x22x33");
    }
}
