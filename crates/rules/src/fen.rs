//! FEN position strings (PDN 3.0): `W:W31-50:B1-20`, and on 8x8 `W:W21-32:B1-12`.
//!
//! Read leniently - either colour first, ranges, `K` before a king, a missing or empty colour
//! list, a trailing `.`, a `[FEN "..."]` wrapper, lidraughts' `:H0:F1` counters, and on the 8x8
//! boards algebraic names (`W:Wc3,Kd4:Bf6`) - and written in the canonical form: side to move,
//! White's squares, Black's squares, by number, ascending, no ranges.

use crate::board::Board;
use crate::position::Position;
use crate::rules::Rules;
use crate::setup::{PositionError, Setup};
use crate::square::{Color, Role};
use std::fmt;
use std::str::FromStr;

/// A FEN string that could not be read: the token, its column (1-based) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    pub column: usize,
    pub token: String,
    pub reason: FenSyntax,
}

/// What is wrong with the text of a FEN string. `Display` says it in English; damtutor's
/// words layer says it in the reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenSyntax {
    /// Nothing but a wrapper, quotes or spaces.
    Empty,
    /// No side to move before the first `:`.
    NoSideToMove,
    /// The first field is not `W` or `B`.
    NotSideToMove,
    /// A field that is neither `W...` nor `B...` (nor lidraughts' `H`/`F` counters).
    NotColourList,
    /// The pieces of a colour listed in two fields.
    ListedTwice(Color),
    /// A square name (`a2`) that is not a dark square of the board.
    NotDarkSquare,
    /// A token that is not a square number (`28`, `K28`).
    NotSquareNumber,
    /// A square number too large to read.
    NumberTooLarge,
    /// A range that goes downwards (`50-31`).
    RangeDownwards,
    /// A range that ends past the board's last square.
    RangeBeyondBoard { board: Board },
}

impl fmt::Display for FenSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenSyntax::Empty => f.write_str("empty FEN string"),
            FenSyntax::NoSideToMove => f.write_str("the side to move (W or B) is missing"),
            FenSyntax::NotSideToMove => f.write_str("expected the side to move, W or B"),
            FenSyntax::NotColourList => f.write_str("expected a colour list starting with W or B"),
            FenSyntax::ListedTwice(color) => write!(f, "{color} pieces are listed twice"),
            FenSyntax::NotDarkSquare => f.write_str("not a dark square of the board"),
            FenSyntax::NotSquareNumber => f.write_str("expected a square number such as 28 or K28"),
            FenSyntax::NumberTooLarge => f.write_str("square number too large"),
            FenSyntax::RangeDownwards => f.write_str("a range must go upwards, as in 31-50"),
            FenSyntax::RangeBeyondBoard { board } => {
                write!(f, "squares are numbered 1-{}", board.square_count())
            }
        }
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(f, "column {}: {}", self.column, self.reason)
        } else {
            write!(
                f,
                "column {}: '{}': {}",
                self.column, self.token, self.reason
            )
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Either a syntax error or a position that breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Parse(ParseFenError),
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => write!(f, "bad FEN at {e}"),
            FenError::Position(e) => write!(f, "invalid position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> FenError {
        FenError::Parse(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

fn error(column: usize, token: &str, reason: FenSyntax) -> ParseFenError {
    ParseFenError {
        column,
        token: token.to_string(),
        reason,
    }
}

/// Strips a `[FEN "..."]` wrapper, quotes and a trailing dot; returns the text and the column
/// offset of its first character in the original string.
fn unwrap(text: &str) -> (&str, usize) {
    let mut start = 0;
    let mut rest = text;
    let skip_ws = |s: &str, start: &mut usize| -> usize {
        let trimmed = s.trim_start();
        *start += s[..s.len() - trimmed.len()].chars().count();
        s.len() - trimmed.len()
    };
    let n = skip_ws(rest, &mut start);
    rest = &rest[n..];
    rest = rest.trim_end();
    if let Some(inner) = rest.strip_prefix('[') {
        if let Some(inner) = inner.strip_suffix(']') {
            let trimmed = inner.trim_start();
            if trimmed
                .get(..3)
                .is_some_and(|tag| tag.eq_ignore_ascii_case("FEN"))
            {
                start += 1 + (inner.len() - trimmed.len()) + 3;
                rest = &trimmed[3..];
                let n = skip_ws(rest, &mut start);
                rest = rest[n..].trim_end();
            }
        }
    }
    if rest.len() >= 2 && rest.starts_with('"') && rest.ends_with('"') {
        rest = &rest[1..rest.len() - 1];
        start += 1;
    }
    rest = rest.trim_end();
    if let Some(inner) = rest.strip_suffix('.') {
        rest = inner;
    }
    (rest, start)
}

/// Reads a FEN string for `board` into a [`Setup`] (not yet validated): squares by number, or
/// by algebraic name (`c3`).
///
/// ```
/// use damtutor_rules::{fen::parse_setup, Board};
/// let setup = parse_setup("[FEN \"B:W18,K46:B12-14.\"]", Board::TenByTen).unwrap();
/// assert_eq!(setup.pieces.len(), 5);
/// assert!(parse_setup("W:W31-5x", Board::TenByTen).unwrap_err().to_string().contains("column 4"));
/// let setup = parse_setup("W:Wc3,Ka1:B28", Board::EightByEight).unwrap();
/// assert_eq!(setup.pieces.iter().map(|p| p.0).collect::<Vec<_>>(), [22, 29, 28]);
/// ```
pub fn parse_setup(text: &str, board: Board) -> Result<Setup, ParseFenError> {
    let (body, offset) = unwrap(text);
    if body.is_empty() {
        return Err(error(offset + 1, "", FenSyntax::Empty));
    }
    let mut fields = Vec::new();
    let mut column = offset + 1;
    for field in body.split(':') {
        fields.push((column, field));
        column += field.chars().count() + 1;
    }
    let (turn_column, turn_field) = fields[0];
    let turn_token = turn_field.trim();
    let turn = match turn_token {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        "" => return Err(error(turn_column, "", FenSyntax::NoSideToMove)),
        _ => return Err(error(turn_column, turn_token, FenSyntax::NotSideToMove)),
    };
    let mut setup = Setup::empty(turn);
    let mut seen = [false; 2];
    for &(field_column, field) in &fields[1..] {
        let leading = field.len() - field.trim_start().len();
        let field_column = field_column + leading;
        let field = field.trim();
        let mut chars = field.chars();
        let color = match chars.next() {
            None => continue,
            Some('W') | Some('w') => Color::White,
            Some('B') | Some('b') => Color::Black,
            Some('H') | Some('F') | Some('h') | Some('f')
                if field[1..].chars().all(|c| c.is_ascii_digit()) =>
            {
                continue; // lidraughts' halfmove and fullmove counters
            }
            Some(_) => return Err(error(field_column, field, FenSyntax::NotColourList)),
        };
        let index = (color == Color::Black) as usize;
        if seen[index] {
            return Err(error(
                field_column,
                &field[..1],
                FenSyntax::ListedTwice(color),
            ));
        }
        seen[index] = true;
        let mut token_column = field_column + 1;
        for token in field[1..].split(',') {
            let lead = token.len() - token.trim_start().len();
            parse_token(token.trim(), token_column + lead, color, board, &mut setup)?;
            token_column += token.chars().count() + 1;
        }
    }
    Ok(setup)
}

fn parse_token(
    token: &str,
    column: usize,
    color: Color,
    board: Board,
    setup: &mut Setup,
) -> Result<(), ParseFenError> {
    if token.is_empty() {
        return Ok(()); // "W:W:B1" and "W31,,32" are read as empty entries
    }
    let (role, digits) = match token.strip_prefix(['K', 'k']) {
        Some(rest) => (Role::King, rest),
        None => (Role::Man, token),
    };
    let number = |text: &str| -> Result<u32, ParseFenError> {
        let named = text.len() >= 2
            && text.starts_with(|c: char| c.is_ascii_alphabetic())
            && text[1..].chars().all(|c| c.is_ascii_digit());
        if named {
            return board
                .parse_square(text)
                .map(|s| s.number() as u32)
                .ok_or_else(|| error(column, token, FenSyntax::NotDarkSquare));
        }
        if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
            return Err(error(column, token, FenSyntax::NotSquareNumber));
        }
        text.parse::<u32>()
            .map_err(|_| error(column, token, FenSyntax::NumberTooLarge))
    };
    match digits.split_once('-') {
        Some((first, last)) => {
            let first = number(first)?;
            let last = number(last.trim_start_matches(['K', 'k']))?;
            if first > last {
                return Err(error(column, token, FenSyntax::RangeDownwards));
            }
            if last > board.square_count() as u32 {
                return Err(error(column, token, FenSyntax::RangeBeyondBoard { board }));
            }
            for square in first..=last {
                setup.put(square, color, role);
            }
        }
        None => setup.put(number(digits)?, color, role),
    }
    Ok(())
}

/// The canonical FEN of a position: `W:W31,32,...:B1,2,...`, kings as `K46`.
pub fn write<R: Rules>(position: &Position<R>) -> String {
    let mut out = String::new();
    out.push(position.turn().letter());
    for color in Color::ALL {
        out.push(':');
        out.push(color.letter());
        let mut first = true;
        for square in position.pieces(color) {
            if !first {
                out.push(',');
            }
            first = false;
            if position.kings(color).contains(square) {
                out.push('K');
            }
            out.push_str(&square.number().to_string());
        }
    }
    out
}

impl<R: Rules> FromStr for Position<R> {
    type Err = FenError;

    /// Reads a FEN string (or `start`, the game's start position) and validates the position.
    fn from_str(text: &str) -> Result<Position<R>, FenError> {
        if text.trim().eq_ignore_ascii_case("start") {
            return Ok(Position::initial());
        }
        Ok(Position::from_setup(&parse_setup(text, R::RULES.board)?)?)
    }
}

/// The canonical FEN.
impl<R: Rules> fmt::Display for Position<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::International;

    fn fen(text: &str) -> String {
        text.parse::<Position<International>>().unwrap().to_string()
    }

    fn setup(text: &str) -> Result<Setup, ParseFenError> {
        parse_setup(text, Board::TenByTen)
    }

    #[test]
    fn reads_the_forms_met_in_the_wild() {
        let initial = Position::<crate::International>::initial().to_string();
        assert_eq!(fen("W:W31-50:B1-20"), initial);
        assert_eq!(fen("W:B1-20:W31-50"), initial);
        assert_eq!(fen("[FEN \"W:W31-50:B1-20\"]"), initial);
        assert_eq!(fen("W:W31-50:B1-20."), initial);
        assert_eq!(fen("W:W31-50:B1-20:H0:F1"), initial);
        assert_eq!(fen("  start "), initial);
        assert_eq!(fen("B:WK46"), "B:WK46:B");
        assert_eq!(fen("W:W:B"), "W:W:B");
        assert_eq!(fen("W"), "W:W:B");
        assert_eq!(fen("B:W 28, K32:B 19"), "B:W28,K32:B19");
    }

    #[test]
    fn any_text_is_read_without_panicking() {
        for text in [
            "[éé]",
            "[FEN \"é\"]",
            "é",
            "W:Wé",
            "W:W1-é",
            "[",
            "]",
            "\"",
            "W:B:W:K",
        ] {
            let _ = setup(text);
        }
        let err = setup("W:Wa2").unwrap_err();
        assert_eq!(err.reason, FenSyntax::NotDarkSquare, "{err}");
    }

    #[test]
    fn errors_name_the_token_and_column() {
        let err = setup("W:W31-50:B1-2x").unwrap_err();
        assert_eq!((err.column, err.token.as_str()), (11, "1-2x"));
        let err = setup("X:W31").unwrap_err();
        assert_eq!((err.column, err.token.as_str()), (1, "X"));
        let err = setup("W:W31:Q5").unwrap_err();
        assert_eq!(err.column, 7);
        let err = setup("W:W31:W32").unwrap_err();
        assert_eq!(err.reason, FenSyntax::ListedTwice(Color::White));
        let err = "W:W51".parse::<Position<International>>().unwrap_err();
        assert_eq!(
            err,
            FenError::Position(PositionError::SquareOutOfRange {
                square: 51,
                board: Board::TenByTen
            })
        );
        let err = "B:W31,31".parse::<Position<International>>().unwrap_err();
        assert_eq!(err, FenError::Position(PositionError::SquareTwice(31)));
        let err = "W:B46".parse::<Position<International>>().unwrap_err();
        assert!(matches!(
            err,
            FenError::Position(PositionError::ManOnPromotionRow { .. })
        ));
        let err = "W:W1-50".parse::<Position<International>>().unwrap_err();
        assert!(matches!(
            err,
            FenError::Position(PositionError::ManOnPromotionRow { .. })
        ));
        let err = "W:W10-50".parse::<Position<International>>().unwrap_err();
        assert!(matches!(
            err,
            FenError::Position(PositionError::TooManyPieces { count: 41, .. })
        ));
    }
}
