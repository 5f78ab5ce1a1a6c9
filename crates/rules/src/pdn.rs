//! PDN 3.0 game files: read game by game from any [`BufRead`], and written back.
//!
//! A game is a tag section (`[Event "..."]`, `[FEN "..."]`, `[GameType "20"]`) and movetext:
//! move numbers `12.` / `12...` (ignored, except that the first one numbers the game's first
//! move), moves `32-28`, `28x19` or full paths `4x27x38x15`, annotations (`$1`, and the suffixes
//! `!`, `?`, `!!`, `??`, `!?`, `?!`), comments `{...}` and `; to the end of the line`, variations
//! `(...)` kept as raw text, and a result `2-0 1-1 0-2 *` (`1-0 0-1 1/2-1/2` also read). A game
//! ends at its result, or at the next tag section after its movetext, or at the end of the file.
//!
//! Every move is replayed through the rules engine of the game: [`Reader`] reads the games of
//! one game (international draughts unless said otherwise) and rejects a `GameType` tag naming
//! another; [`VariantReader`] lets each game's `GameType` choose (20 international, 21 english,
//! 25 russian, 26 brazilian). A malformed game is reported as a [`PdnError`] naming the game and
//! the line, and reading goes on with the next game.
//!
//! ```
//! use damtutor_rules::pdn::{self, GameResult};
//!
//! let text = "[Event \"Club\"]\n\n1. 32-28 {the centre} 19-23 2. 28x19 14x23 1-1\n\n\
//!             [Event \"Blitz\"]\n\n1. 32-28 19-23 2. 33-29 2-0\n";
//! let mut games = pdn::Reader::new(text.as_bytes());
//! let first = games.next().unwrap()?;
//! assert_eq!(first.tag("Event"), Some("Club"));
//! assert_eq!(first.moves.len(), 4);
//! assert_eq!(first.info[0].comments, vec!["the centre"]);
//! assert_eq!(first.result, Some(GameResult::Draw));
//! let second = games.next().unwrap().unwrap_err();
//! assert_eq!(
//!     second.to_string(),
//!     "game 2, line 7: move 2 (33-29): capture is compulsory: 28x19"
//! );
//! assert!(games.next().is_none());
//! let written = pdn::write_game(&first);
//! assert!(written.starts_with("[Event \"Club\"]\n\n1. 32-28 {the centre} 1... 19-23 2. 28x19"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::{Outcome, Position};
use crate::rules::{Brazilian, English, International, Rules, Russian, Variant};
use crate::square::Color;
use std::fmt;
use std::io::{self, BufRead};
use std::marker::PhantomData;

/// Where [`write_game`] wraps movetext lines.
const WIDTH: usize = 80;

/// The longest line read (1 MiB): a longer one means the input is not a PDN file, and reading
/// stops with an error rather than holding an endless line in memory.
pub const MAX_LINE: usize = 1 << 20;

/// The most tokens a game may have (a real game has a few hundred): a longer game is reported
/// and skipped without being held in memory.
pub const MAX_GAME_TOKENS: usize = 100_000;

/// The most bytes one game may span (4 MiB; a real game takes a few KB): past that - a
/// variation whose `(` is never closed, in a file of random bytes - the input is not PDN, and
/// reading stops with an error, as for a line over [`MAX_LINE`]. This bounds the time any
/// one game takes to read, not only its memory.
pub const MAX_GAME_BYTES: usize = 4 << 20;

/// The most text a comment or variation keeps (its end is still looked for).
const MAX_TEXT: usize = 64 * 1024;

/// A game's result as PDN writes it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// `2-0` (also read: `1-0`).
    WhiteWins,
    /// `1-1` (also read: `1/2-1/2`).
    Draw,
    /// `0-2` (also read: `0-1`).
    BlackWins,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    /// Reads a result token: `2-0 1-1 0-2 *`, or the `1-0 0-1 1/2-1/2` some files use.
    ///
    /// ```
    /// use damtutor_rules::pdn::GameResult;
    /// assert_eq!(GameResult::parse("0-1"), Some(GameResult::BlackWins));
    /// assert_eq!(GameResult::parse("32-28"), None);
    /// ```
    pub fn parse(token: &str) -> Option<GameResult> {
        match token {
            "2-0" | "1-0" => Some(GameResult::WhiteWins),
            "1-1" | "1/2-1/2" => Some(GameResult::Draw),
            "0-2" | "0-1" => Some(GameResult::BlackWins),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// The PDN 3.0 token: `2-0`, `1-1`, `0-2` or `*`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "2-0",
            GameResult::Draw => "1-1",
            GameResult::BlackWins => "0-2",
            GameResult::Unknown => "*",
        }
    }

    /// The outcome, unless the result is unknown.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            GameResult::WhiteWins => Some(Outcome::Win(Color::White)),
            GameResult::Draw => Some(Outcome::Draw),
            GameResult::BlackWins => Some(Outcome::Win(Color::Black)),
            GameResult::Unknown => None,
        }
    }
}

/// The PDN 3.0 token.
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A numeric annotation glyph, `$1`. The move suffixes are glyphs 1 to 6:
/// `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Nag(pub u8);

impl Nag {
    const SUFFIXES: [&'static str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

    /// The glyph a move suffix such as `!?` stands for.
    ///
    /// ```
    /// use damtutor_rules::pdn::Nag;
    /// assert_eq!(Nag::from_suffix("!?"), Some(Nag(5)));
    /// assert_eq!(Nag::from_suffix("!!!"), None);
    /// ```
    pub fn from_suffix(suffix: &str) -> Option<Nag> {
        let index = Nag::SUFFIXES.iter().position(|&s| s == suffix)?;
        Some(Nag(index as u8 + 1))
    }

    /// The move suffix of glyphs 1 to 6, `None` for the others.
    pub fn suffix(self) -> Option<&'static str> {
        Nag::SUFFIXES
            .get((self.0 as usize).checked_sub(1)?)
            .copied()
    }
}

/// `$n`.
impl fmt::Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

/// Where a move of the main line stands, and what annotates it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveInfo {
    /// The move number, as in `17.` (White) or `17...` (Black).
    pub number: usize,
    /// The side that plays the move.
    pub side: Color,
    /// The move's index in the main line, 0 for the first: `positions()[ply]` stands before it.
    pub ply: usize,
    /// The line of the file (1-based) the move is on; 0 for games not read from a file.
    pub line: usize,
    /// The move text as written, without its `!`/`?` suffix.
    pub text: String,
    /// Annotation glyphs, suffixes first.
    pub nags: Vec<Nag>,
    /// Comments after the move, whitespace collapsed.
    pub comments: Vec<String>,
    /// Variations after the move (alternatives to it): their raw text without the outer
    /// parentheses, whitespace collapsed and `;` comments turned into `{...}`.
    pub variations: Vec<String>,
}

impl MoveInfo {
    fn bare(number: usize, side: Color, ply: usize, line: usize, text: String) -> MoveInfo {
        MoveInfo {
            number,
            side,
            ply,
            line,
            text,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// `17` for White's move, `17...` for Black's.
    pub fn label(&self) -> String {
        move_label(self.number, self.side)
    }
}

fn move_label(number: usize, side: Color) -> String {
    match side {
        Color::White => number.to_string(),
        Color::Black => format!("{number}..."),
    }
}

/// A game of a PDN file: tags, start position, the main line and its annotations, result.
/// The default is an empty game from the initial position.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PdnGame<R: Rules> {
    /// The game's number in its file (1-based); 0 for games not read from a file.
    pub number: usize,
    /// The line (1-based) where the game starts: its first tag, or its first token other than a
    /// comment; 0 for games not read from a file.
    pub line: usize,
    /// The tag pairs in file order, `("Event", "...")`.
    pub tags: Vec<(String, String)>,
    /// The position before the first move: the `[FEN]` tag's, or the initial position.
    pub start: Position<R>,
    /// The main line, legal move after legal move from `start`.
    pub moves: Vec<Move<R>>,
    /// One entry per move of `moves`, in the same order.
    pub info: Vec<MoveInfo>,
    /// Comments before the first move (those before the tags included).
    pub comments: Vec<String>,
    /// The result token, if the game has one.
    pub result: Option<GameResult>,
}

impl<R: Rules> PdnGame<R> {
    /// A game from moves played from `start`, numbered from 1, without annotations; `None` if
    /// a move is not legal in its turn.
    ///
    /// ```
    /// use damtutor_rules::pdn::{self, GameResult, PdnGame};
    /// use damtutor_rules::{International, Position};
    /// let start = Position::<International>::initial();
    /// let first = start.parse_move("32-28").unwrap();
    /// let game = PdnGame::new(vec![], start, &[first], Some(GameResult::Unknown)).unwrap();
    /// assert_eq!(pdn::write_game(&game), "1. 32-28 *\n");
    /// ```
    pub fn new(
        tags: Vec<(String, String)>,
        start: Position<R>,
        moves: &[Move<R>],
        result: Option<GameResult>,
    ) -> Option<PdnGame<R>> {
        let mut info = Vec::with_capacity(moves.len());
        let mut position = start;
        let mut number = 1;
        for (ply, m) in moves.iter().enumerate() {
            let legal = position.legal_moves();
            if !legal.contains(m) {
                return None;
            }
            let side = position.turn();
            let text = position.move_text_in(m, &legal);
            info.push(MoveInfo::bare(number, side, ply, 0, text));
            if side == Color::Black {
                number += 1;
            }
            position = position.play_unchecked(m);
        }
        let moves = moves.to_vec();
        Some(PdnGame {
            tags,
            start,
            moves,
            info,
            result,
            ..PdnGame::default()
        })
    }

    /// The value of the first tag called `name` (compared ignoring ASCII case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    /// The position before each move of the main line, then the final position:
    /// `moves.len() + 1` positions, `positions()[0] == start`.
    pub fn positions(&self) -> Vec<Position<R>> {
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        let mut position = self.start;
        positions.push(position);
        for m in &self.moves {
            position = position.play_unchecked(m);
            positions.push(position);
        }
        positions
    }

    /// The position after the main line.
    pub fn final_position(&self) -> Position<R> {
        self.moves
            .iter()
            .fold(self.start, |position, m| position.play_unchecked(m))
    }
}

/// A game that could not be read: its number in the file, the line (both 1-based) and what is
/// wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PdnError {
    /// The game's number in the file.
    pub game: usize,
    /// The line of the file where the problem is.
    pub line: usize,
    /// What is wrong, as in `move 12 (32-27): capture is compulsory: 26x37`.
    pub message: String,
}

/// `game 3, line 41: move 12 (32-27): capture is compulsory: 26x37`.
impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let PdnError {
            game,
            line,
            message,
        } = self;
        write!(f, "game {game}, line {line}: {message}")
    }
}

impl std::error::Error for PdnError {}

/// What the lexer found.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Lexeme {
    /// A tag pair, or why `[...` is not one.
    Tag(Result<(String, String), String>),
    Comment(String),
    Variation(String),
    Nag(Nag),
    /// Anything else: a move, a move number, a result, or a bad token.
    Word(String),
    /// A lexical error outside the tag section.
    Bad(String),
}

#[derive(Clone, Debug)]
struct Token {
    lexeme: Lexeme,
    /// The line the token starts on.
    line: usize,
}

/// A game's tokens, split off the input before any rules are applied.
struct RawGame {
    number: usize,
    tokens: Vec<Token>,
}

impl RawGame {
    /// The value and line of the `GameType` tag, if any.
    fn game_type(&self) -> Option<(&str, usize)> {
        self.tokens.iter().find_map(|token| match &token.lexeme {
            Lexeme::Tag(Ok((name, value))) if name.eq_ignore_ascii_case("GameType") => {
                Some((value.as_str(), token.line))
            }
            _ => None,
        })
    }

    /// The game its `GameType` tag names: `Ok(None)` without the tag, an error for a game the
    /// engine does not know.
    fn variant(&self) -> Result<Option<Variant>, PdnError> {
        let Some((kind, line)) = self.game_type() else {
            return Ok(None);
        };
        let first = kind.split(',').next().unwrap_or("").trim();
        if first.is_empty() {
            return Ok(None);
        }
        first
            .parse::<u32>()
            .ok()
            .and_then(Variant::from_game_type)
            .map(Some)
            .ok_or_else(|| PdnError {
                game: self.number,
                line,
                message: format!(
                    "game type {kind} is not a game damtutor knows (GameType 20 international, \
                     21 english, 25 russian, 26 brazilian)"
                ),
            })
    }

    /// Replays the game with the rules of `R`.
    fn replay<R: Rules>(self) -> Result<PdnGame<R>, PdnError> {
        let line = self.tokens.first().map_or(0, |t| t.line);
        let mut builder = GameBuilder::<R>::new(self.number, line);
        for token in self.tokens {
            builder.feed(token);
        }
        builder.finish()
    }
}

/// Splits a PDN file into its games' tokens, one game at a time.
struct Lexer<B> {
    input: B,
    bytes: Vec<u8>,
    /// The current line, without its line end.
    text: String,
    /// Byte offset in `text` of the next character to read.
    pos: usize,
    /// The current line's number (1-based); 0 before the first.
    line: usize,
    /// Games begun so far.
    games: usize,
    /// A token read ahead: the tag that ended the previous game.
    pending: Option<Token>,
    finished: bool,
    /// Bytes read since the current game began (see [`MAX_GAME_BYTES`]).
    game_bytes: usize,
}

/// Reads the games of a PDN file one at a time, without holding the file in memory, with the
/// rules of the game `R` (international draughts unless said otherwise). A game whose
/// `GameType` tag names another game is reported as an error; use [`VariantReader`] to read
/// every game with its own rules.
///
/// Lines are read as UTF-8, or as Latin-1 when they are not valid UTF-8. A comment or variation
/// still open when a tag line (`[Name "value"]` alone on its line) or the end of the file comes
/// is reported as unterminated, and reading goes on from that line. Memory stays bounded
/// whatever the input: a game of more than [`MAX_GAME_TOKENS`] tokens is reported and skipped,
/// and a line longer than [`MAX_LINE`] (or a game spanning more than [`MAX_GAME_BYTES`]) ends
/// the reading like an I/O error does: the reader
/// yields that error and stops.
pub struct Reader<B, R: Rules> {
    lexer: Lexer<B>,
    rules: PhantomData<R>,
}

impl<B: BufRead> Reader<B, International> {
    /// A reader of the international draughts games in `input`.
    pub fn new(input: B) -> Reader<B, International> {
        Reader::with_rules(input)
    }
}

impl<B: BufRead, R: Rules> Reader<B, R> {
    /// A reader of the games of `R` in `input`: `Reader::<_, Russian>::with_rules(input)`.
    pub fn with_rules(input: B) -> Reader<B, R> {
        Reader {
            lexer: Lexer::new(input),
            rules: PhantomData,
        }
    }
}

impl<B: BufRead, R: Rules> Iterator for Reader<B, R> {
    type Item = Result<PdnGame<R>, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let raw = match self.lexer.next_game()? {
            Ok(raw) => raw,
            Err(e) => return Some(Err(e)),
        };
        if let Some((kind, line)) = raw.game_type() {
            let board = kind.split(',').next().unwrap_or("").trim();
            let ours = R::RULES.game_type.to_string();
            if !board.is_empty() && board != ours {
                return Some(Err(PdnError {
                    game: raw.number,
                    line,
                    message: format!(
                        "game type {kind} is not {} draughts (GameType \"{ours}\")",
                        R::RULES.variant
                    ),
                }));
            }
        }
        Some(raw.replay())
    }
}

/// A game of any of the four, as [`VariantReader`] reads it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VariantGame {
    International(PdnGame<International>),
    Brazilian(PdnGame<Brazilian>),
    Russian(PdnGame<Russian>),
    English(PdnGame<English>),
}

impl VariantGame {
    /// The game's rules.
    pub fn variant(&self) -> Variant {
        match self {
            VariantGame::International(_) => Variant::International,
            VariantGame::Brazilian(_) => Variant::Brazilian,
            VariantGame::Russian(_) => Variant::Russian,
            VariantGame::English(_) => Variant::English,
        }
    }

    /// The game's number in its file.
    pub fn number(&self) -> usize {
        match self {
            VariantGame::International(g) => g.number,
            VariantGame::Brazilian(g) => g.number,
            VariantGame::Russian(g) => g.number,
            VariantGame::English(g) => g.number,
        }
    }

    /// The game written in PDN.
    pub fn write(&self) -> String {
        match self {
            VariantGame::International(g) => write_game(g),
            VariantGame::Brazilian(g) => write_game(g),
            VariantGame::Russian(g) => write_game(g),
            VariantGame::English(g) => write_game(g),
        }
    }
}

/// Reads the games of a PDN file one at a time, each with the rules its `GameType` tag names
/// (20 international, 21 english, 25 russian, 26 brazilian), or the default game without one.
/// A game of a type the engine does not know is reported as an error, and reading goes on.
///
/// ```
/// use damtutor_rules::pdn::{VariantGame, VariantReader};
/// use damtutor_rules::Variant;
/// let text = "[GameType \"21\"]\n1. 9-13 22-18 *\n\n[GameType \"25\"]\n1. c3-d4 f6-g5 *\n\n\
///             [GameType \"30\"]\n1. e2-e4 *\n";
/// let games: Vec<_> = VariantReader::new(text.as_bytes(), Variant::International).collect();
/// assert_eq!(games[0].as_ref().unwrap().variant(), Variant::English);
/// assert_eq!(games[1].as_ref().unwrap().variant(), Variant::Russian);
/// assert!(games[2].as_ref().unwrap_err().to_string().contains("not a game damtutor knows"));
/// ```
pub struct VariantReader<B> {
    lexer: Lexer<B>,
    default: Variant,
}

impl<B: BufRead> VariantReader<B> {
    /// A reader of the games in `input`; games without a `GameType` tag are of `default`.
    pub fn new(input: B, default: Variant) -> VariantReader<B> {
        VariantReader {
            lexer: Lexer::new(input),
            default,
        }
    }
}

impl<B: BufRead> Iterator for VariantReader<B> {
    type Item = Result<VariantGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let raw = match self.lexer.next_game()? {
            Ok(raw) => raw,
            Err(e) => return Some(Err(e)),
        };
        let variant = match raw.variant() {
            Ok(variant) => variant.unwrap_or(self.default),
            Err(e) => return Some(Err(e)),
        };
        Some(match variant {
            Variant::International => raw.replay().map(VariantGame::International),
            Variant::Brazilian => raw.replay().map(VariantGame::Brazilian),
            Variant::Russian => raw.replay().map(VariantGame::Russian),
            Variant::English => raw.replay().map(VariantGame::English),
        })
    }
}

impl<B: BufRead> Lexer<B> {
    fn new(input: B) -> Lexer<B> {
        Lexer {
            input,
            bytes: Vec::new(),
            text: String::new(),
            pos: 0,
            line: 0,
            games: 0,
            pending: None,
            finished: false,
            game_bytes: 0,
        }
    }

    /// Moves to the next line; `false` at the end of the input.
    fn next_line(&mut self) -> io::Result<bool> {
        self.bytes.clear();
        self.pos = 0;
        self.text.clear();
        let limit = MAX_LINE as u64 + 1;
        if io::Read::take(&mut self.input, limit).read_until(b'\n', &mut self.bytes)? == 0 {
            return Ok(false);
        }
        self.line += 1;
        if self.bytes.len() > MAX_LINE {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("line {} is longer than 1 MiB: not a PDN file", self.line),
            ));
        }
        self.game_bytes += self.bytes.len();
        if self.game_bytes > MAX_GAME_BYTES {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "more than {} MiB without the end of a game (line {}): not a PDN file",
                    MAX_GAME_BYTES >> 20,
                    self.line
                ),
            ));
        }
        while matches!(self.bytes.last(), Some(b'\n' | b'\r')) {
            self.bytes.pop();
        }
        match std::str::from_utf8(&self.bytes) {
            Ok(text) => self.text.push_str(text),
            Err(_) => self.text.extend(self.bytes.iter().map(|&b| b as char)),
        }
        if self.line == 1 && self.text.starts_with('\u{feff}') {
            self.pos = '\u{feff}'.len_utf8();
        }
        Ok(true)
    }

    fn next_token(&mut self) -> io::Result<Option<Token>> {
        if let Some(token) = self.pending.take() {
            return Ok(Some(token));
        }
        loop {
            let rest = &self.text[self.pos..];
            let trimmed = rest.trim_start();
            self.pos += rest.len() - trimmed.len();
            let Some(c) = trimmed.chars().next() else {
                if !self.next_line()? {
                    return Ok(None);
                }
                if self.text.starts_with('%') {
                    self.pos = self.text.len(); // an escape line
                }
                continue;
            };
            let line = self.line;
            let lexeme = match c {
                '[' => self.lex_tag(),
                '{' => self.lex_comment()?,
                '(' => self.lex_variation()?,
                '$' => self.lex_nag(),
                ';' => {
                    let comment = collapse(&self.text[self.pos + 1..]);
                    self.pos = self.text.len();
                    Lexeme::Comment(comment)
                }
                ')' | '}' | ']' => {
                    self.pos += 1;
                    let opening = ['(', '{', '['][")}]".find(c).unwrap_or(0)];
                    Lexeme::Bad(format!("'{c}' without '{opening}'"))
                }
                _ => Lexeme::Word(self.take_word(0)),
            };
            return Ok(Some(Token { lexeme, line }));
        }
    }

    /// Takes `skip` bytes and the word characters after them.
    fn take_word(&mut self, skip: usize) -> String {
        let rest = &self.text[self.pos..];
        let end = rest[skip..]
            .find(is_delimiter)
            .map_or(rest.len(), |i| i + skip);
        let word = rest[..end].to_string();
        self.pos += end;
        word
    }

    fn lex_tag(&mut self) -> Lexeme {
        let rest = &self.text[self.pos..];
        match parse_tag(rest) {
            Some((name, value, used)) => {
                self.pos += used;
                Lexeme::Tag(Ok((name, value)))
            }
            None => {
                let message = format!("malformed tag {}: expected [Name \"value\"]", rest.trim());
                self.pos = self.text.len();
                Lexeme::Tag(Err(message))
            }
        }
    }

    fn lex_nag(&mut self) -> Lexeme {
        let word = self.take_word(1);
        match word[1..].parse::<u8>() {
            Ok(n) => Lexeme::Nag(Nag(n)),
            Err(_) => Lexeme::Bad(format!(
                "bad annotation '{word}': expected '$' and a number 0-255"
            )),
        }
    }

    fn lex_comment(&mut self) -> io::Result<Lexeme> {
        self.pos += 1;
        let mut body = String::new();
        loop {
            let rest = &self.text[self.pos..];
            if let Some(end) = rest.find('}') {
                body.push_str(&rest[..end]);
                self.pos += end + 1;
                return Ok(Lexeme::Comment(collapse(&body)));
            }
            if body.len() < MAX_TEXT {
                body.push_str(rest);
                body.push(' ');
            }
            if !self.next_line()? || is_tag_line(&self.text) {
                return Ok(Lexeme::Bad("unterminated comment: '{' without '}'".into()));
            }
        }
    }

    fn lex_variation(&mut self) -> io::Result<Lexeme> {
        self.pos += 1;
        let mut raw = String::new();
        let mut depth = 1;
        let mut in_comment = false;
        loop {
            let rest = &self.text[self.pos..];
            let mut used = rest.len();
            let mut closed = false;
            for (i, c) in rest.char_indices() {
                if in_comment {
                    in_comment = c != '}';
                } else {
                    match c {
                        '{' => in_comment = true,
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        ';' => {
                            // To the end of the line: kept as a brace comment.
                            raw.push('{');
                            raw.push_str(rest[i + 1..].replace('}', "").trim());
                            raw.push('}');
                            break;
                        }
                        _ => {}
                    }
                    if depth == 0 {
                        used = i + 1;
                        closed = true;
                        break;
                    }
                }
                raw.push(c);
            }
            self.pos += used;
            if closed {
                return Ok(Lexeme::Variation(collapse(&raw)));
            }
            if raw.len() > MAX_TEXT {
                let mut end = MAX_TEXT;
                while !raw.is_char_boundary(end) {
                    end -= 1;
                }
                raw.truncate(end);
            }
            raw.push(' ');
            if !self.next_line()? || is_tag_line(&self.text) {
                return Ok(Lexeme::Bad(
                    "unterminated variation: '(' without ')'".into(),
                ));
            }
        }
    }
}

impl<B: BufRead> Lexer<B> {
    /// The tokens of the next game: from its first token to its result, or to the tag that
    /// follows its movetext, or to the end of the input. Comments alone are no game.
    fn next_game(&mut self) -> Option<Result<RawGame, PdnError>> {
        if self.finished {
            return None;
        }
        self.game_bytes = 0;
        let mut game: Option<RawGame> = None;
        // Whether something other than a comment was read, and whether the movetext began.
        let mut content = false;
        let mut movetext = false;
        let mut too_long = false;
        loop {
            let token = match self.next_token() {
                Ok(Some(token)) => token,
                Ok(None) => {
                    self.finished = true;
                    break;
                }
                Err(e) => {
                    self.finished = true;
                    return Some(Err(PdnError {
                        game: game.as_ref().map_or(self.games + 1, |g| g.number),
                        line: self.line + 1,
                        message: format!("cannot read the file: {e}"),
                    }));
                }
            };
            let raw = match &mut game {
                Some(raw) => raw,
                None => {
                    self.games += 1;
                    game.insert(RawGame {
                        number: self.games,
                        tokens: Vec::new(),
                    })
                }
            };
            let ends = match &token.lexeme {
                Lexeme::Tag(_) if movetext => {
                    self.pending = Some(token);
                    break;
                }
                Lexeme::Tag(_) => {
                    content = true;
                    false
                }
                Lexeme::Comment(_) => {
                    movetext |= content;
                    false
                }
                Lexeme::Word(word) => {
                    content = true;
                    movetext = true;
                    GameResult::parse(word).is_some()
                }
                _ => {
                    content = true;
                    movetext = true;
                    false
                }
            };
            if raw.tokens.len() < MAX_GAME_TOKENS {
                raw.tokens.push(token);
            } else {
                too_long = true;
            }
            if ends {
                break;
            }
        }
        let game = game.filter(|_| content)?;
        if too_long {
            return Some(Err(PdnError {
                game: game.number,
                line: game.tokens.first().map_or(self.line, |t| t.line),
                message: format!(
                    "the game has more than {MAX_GAME_TOKENS} moves, comments and marks: skipped"
                ),
            }));
        }
        Some(Ok(game))
    }
}

/// A game being read.
struct GameBuilder<R: Rules> {
    game: PdnGame<R>,
    /// The position after the moves read so far.
    position: Position<R>,
    /// The line of the `[FEN]` tag.
    fen_line: usize,
    /// Whether the tag section is over.
    movetext: bool,
    /// Whether anything but comments has been read.
    content: bool,
    /// A move number written before the first move.
    first_number: Option<usize>,
    error: Option<PdnError>,
}

impl<R: Rules> GameBuilder<R> {
    fn new(number: usize, line: usize) -> GameBuilder<R> {
        GameBuilder {
            game: PdnGame {
                number,
                line,
                ..PdnGame::default()
            },
            position: Position::initial(),
            fen_line: line,
            movetext: false,
            content: false,
            first_number: None,
            error: None,
        }
    }

    /// Records the first error of the game; the rest of the game is skipped.
    fn fail(&mut self, line: usize, message: String) {
        if self.error.is_none() {
            self.error = Some(PdnError {
                game: self.game.number,
                line,
                message,
            });
        }
    }

    /// Takes a token; `true` when it is the result that ends the game.
    fn feed(&mut self, token: Token) -> bool {
        let line = token.line;
        if !self.content && !matches!(token.lexeme, Lexeme::Comment(_)) {
            self.game.line = line; // comments before the tags do not start the game
        }
        match token.lexeme {
            Lexeme::Tag(tag) => {
                self.content = true;
                match tag {
                    Ok((name, value)) => {
                        if name.eq_ignore_ascii_case("FEN") {
                            self.fen_line = line;
                        }
                        self.game.tags.push((name, value));
                    }
                    Err(message) => self.fail(line, message),
                }
            }
            Lexeme::Comment(text) => {
                if self.content {
                    self.begin_movetext();
                    match self.game.info.last_mut() {
                        Some(info) => info.comments.push(text),
                        None => self.game.comments.push(text),
                    }
                } else {
                    self.game.comments.push(text); // before the tags
                }
            }
            Lexeme::Variation(raw) => {
                self.begin_movetext();
                match self.game.info.last_mut() {
                    Some(info) => info.variations.push(raw),
                    None => self.fail(line, "variation before the first move".into()),
                }
            }
            Lexeme::Nag(nag) => {
                self.begin_movetext();
                self.annotate(nag, line);
            }
            Lexeme::Bad(message) => {
                self.fail(line, message);
                self.begin_movetext();
            }
            Lexeme::Word(word) => {
                self.begin_movetext();
                if let Some(result) = GameResult::parse(&word) {
                    self.game.result = Some(result);
                    return true;
                }
                self.word(&word, line);
            }
        }
        false
    }

    /// Ends the tag section: finds the start position.
    fn begin_movetext(&mut self) {
        if self.movetext {
            return;
        }
        self.movetext = true;
        self.content = true;
        if self.error.is_some() {
            return;
        }
        if let Some(fen) = self.game.tag("FEN") {
            match fen.parse::<Position<R>>() {
                Ok(start) => {
                    self.game.start = start;
                    self.position = start;
                }
                Err(e) => {
                    let message = format!("FEN tag \"{fen}\": {e}");
                    self.fail(self.fen_line, message);
                }
            }
        }
    }

    /// A move number, a move, or an annotation alone.
    fn word(&mut self, word: &str, line: usize) {
        if self.error.is_some() {
            return;
        }
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let after = &word[digits..];
        let rest = after.trim_start_matches('.');
        if rest.len() < after.len() {
            if self.game.moves.is_empty() && self.first_number.is_none() {
                self.first_number = word[..digits].parse().ok();
            }
            if !rest.is_empty() {
                self.play(word, rest, line);
            }
            return;
        }
        self.play(word, word, line);
    }

    /// Attaches an annotation glyph to the last move.
    fn annotate(&mut self, nag: Nag, line: usize) {
        match self.game.info.last_mut() {
            Some(info) => info.nags.push(nag),
            None => self.fail(line, format!("annotation '{nag}' before the first move")),
        }
    }

    /// Plays move text (with any `!`/`?` suffix) from `word`.
    fn play(&mut self, word: &str, text: &str, line: usize) {
        let bare = text.trim_end_matches(['!', '?']);
        let suffix = &text[bare.len()..];
        let nag = Nag::from_suffix(suffix);
        if nag.is_none() && !suffix.is_empty() {
            return self.fail(line, format!("unknown annotation '{suffix}' in '{word}'"));
        }
        if bare.is_empty() {
            if let Some(nag) = nag {
                self.annotate(nag, line);
            }
            return;
        }
        let side = self.position.turn();
        let number = match self.game.info.last() {
            Some(last) if last.side == Color::Black => last.number + 1,
            Some(last) => last.number,
            None => self.first_number.unwrap_or(1),
        };
        match self.position.parse_move(bare) {
            Ok(m) => {
                let ply = self.game.moves.len();
                let mut info = MoveInfo::bare(number, side, ply, line, bare.to_string());
                info.nags.extend(nag);
                self.game.info.push(info);
                self.game.moves.push(m);
                self.position = self.position.play_unchecked(&m);
            }
            Err(MoveError::Syntax { .. }) if !bare.starts_with(|c: char| c.is_ascii_digit()) => {
                let message = format!("unexpected '{word}': not a move, a move number or a result");
                self.fail(line, message);
            }
            Err(e) => {
                let label = move_label(number, side);
                self.fail(line, format!("move {label} ({bare}): {}", e.reason()));
            }
        }
    }

    fn finish(mut self) -> Result<PdnGame<R>, PdnError> {
        self.begin_movetext(); // a game of tags alone still needs a valid start
        match self.error {
            Some(error) => Err(error),
            None => Ok(self.game),
        }
    }
}

/// Characters that end a word of movetext.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
}

/// Whether a line is a tag pair alone, as a tag section's lines are.
fn is_tag_line(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('[') && line.ends_with(']') && parse_tag(line).is_some()
}

/// Reads `[Name "value"]` at the start of `text`: the name, the value (with `\"` and `\\`
/// unescaped) and the bytes used.
fn parse_tag(text: &str) -> Option<(String, String, usize)> {
    let inner = text.strip_prefix('[')?;
    let after_space = inner.trim_start();
    let name_len = after_space
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(after_space.len());
    if name_len == 0 {
        return None;
    }
    let name = &after_space[..name_len];
    let quoted = after_space[name_len..].trim_start().strip_prefix('"')?;
    let mut value = String::new();
    let mut chars = quoted.char_indices();
    let close = loop {
        match chars.next()? {
            (i, '"') => break i,
            (_, '\\') => value.push(chars.next()?.1),
            (_, c) => value.push(c),
        }
    };
    let after_value = &quoted[close + 1..];
    let end = after_value.trim_start().strip_prefix(']')?;
    Some((name.to_string(), value, text.len() - end.len()))
}

/// Whitespace runs, line ends included, as single spaces; trimmed.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Writes a game in PDN 3.0: its tags (a `[GameType]` tag for the games other than
/// international draughts when the game has none; a `[FEN]` tag, canonical, only when the start
/// is not the initial position), a blank line, then numbered movetext in the game's notation
/// wrapped at 80 columns, ending with the result (`*` when there is none) and a line end. Games
/// written one after another should be separated by a blank line.
///
/// Moves are written as [`Position::move_text`] does: the full path only when it is needed.
/// Reading the text back gives the same game, but for line numbers, a missing result (read back
/// as `*`) and the `[FEN]` tag made canonical.
pub fn write_game<R: Rules>(game: &PdnGame<R>) -> String {
    let mut out = String::new();
    let initial = game.start == Position::initial();
    if R::RULES.variant != Variant::International && game.tag("GameType").is_none() {
        push_tag(&mut out, "GameType", &R::RULES.game_type.to_string());
    }
    let mut fen_written = false;
    for (name, value) in &game.tags {
        if name.eq_ignore_ascii_case("FEN") {
            if !initial && !fen_written {
                push_tag(&mut out, name, &game.start.to_string());
                fen_written = true;
            }
        } else {
            push_tag(&mut out, name, value);
        }
    }
    if !initial && !fen_written {
        push_tag(&mut out, "FEN", &game.start.to_string());
    }
    if !out.is_empty() {
        out.push('\n');
    }
    let mut text = Wrapper::default();
    for comment in &game.comments {
        text.comment(comment);
    }
    let mut position = game.start;
    let mut number = game.info.first().map_or(1, |info| info.number);
    let mut interrupted = true;
    for (ply, m) in game.moves.iter().enumerate() {
        let info = game.info.get(ply);
        let side = position.turn();
        // The number and its move stay on one line.
        let mut word = match side {
            Color::White => format!("{number}. "),
            Color::Black if interrupted => format!("{number}... "),
            Color::Black => String::new(),
        };
        word.push_str(&position.move_text(m));
        let nags = info.map_or(&[][..], |info| &info.nags[..]);
        let mut rest = nags;
        if let Some(suffix) = nags.first().and_then(|nag| nag.suffix()) {
            word.push_str(suffix);
            rest = &nags[1..];
        }
        text.word(&word);
        for nag in rest {
            text.word(&nag.to_string());
        }
        interrupted = false;
        if let Some(info) = info {
            for comment in &info.comments {
                text.comment(comment);
                interrupted = true;
            }
            for variation in &info.variations {
                text.enclosed('(', variation, ')');
                interrupted = true;
            }
        }
        if side == Color::Black {
            number += 1;
        }
        position = position.play_unchecked(m);
    }
    text.word(game.result.unwrap_or(GameResult::Unknown).as_str());
    out.push_str(&text.out);
    out.push('\n');
    out
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// Movetext words, wrapped at [`WIDTH`] columns.
#[derive(Default)]
struct Wrapper {
    out: String,
    column: usize,
}

impl Wrapper {
    fn word(&mut self, word: &str) {
        let width = word.chars().count();
        if self.column > 0 {
            if self.column + 1 + width > WIDTH {
                self.out.push('\n');
                self.column = 0;
            } else {
                self.out.push(' ');
                self.column += 1;
            }
        }
        self.out.push_str(word);
        self.column += width;
    }

    fn comment(&mut self, comment: &str) {
        if comment.contains('}') {
            // Only a `;` comment can hold a '}'; it runs to the end of the line.
            self.word(&format!(";{}", collapse(comment)));
            self.out.push('\n');
            self.column = 0;
        } else {
            self.enclosed('{', comment, '}');
        }
    }

    /// `text` between `open` and `close`, broken between its words.
    fn enclosed(&mut self, open: char, text: &str, close: char) {
        for word in format!("{open}{}{close}", collapse(text)).split(' ') {
            self.word(word);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexemes(text: &str) -> Vec<(Lexeme, usize)> {
        let mut reader = Lexer::new(text.as_bytes());
        std::iter::from_fn(|| reader.next_token().unwrap())
            .map(|token| (token.lexeme, token.line))
            .collect()
    }

    #[test]
    fn tokens_and_their_lines() {
        let word = |w: &str| Lexeme::Word(w.to_string());
        let tag = |n: &str, v: &str| Lexeme::Tag(Ok((n.to_string(), v.to_string())));
        assert_eq!(
            lexemes("[Event \"a \\\"b\\\"\"]\n% escape\n1.32-28$14 {x\n y}(1. 31-27)*)"),
            [
                (tag("Event", "a \"b\""), 1),
                (word("1.32-28"), 3),
                (Lexeme::Nag(Nag(14)), 3),
                (Lexeme::Comment("x y".into()), 3),
                (Lexeme::Variation("1. 31-27".into()), 4),
                (word("*"), 4),
                (Lexeme::Bad("')' without '('".into()), 4),
            ]
        );
    }

    #[test]
    fn tag_pairs() {
        assert_eq!(
            parse_tag("[ Round  \"3\" ] 1. 32-28"),
            Some(("Round".into(), "3".into(), 14))
        );
        assert_eq!(parse_tag("[Round 3]"), None);
        assert_eq!(parse_tag("[\"3\"]"), None);
        assert_eq!(parse_tag("[Round \"3]"), None);
        assert!(is_tag_line("  [Event \"x\"]  "));
        assert!(!is_tag_line("[Event \"x\"] 1. 32-28"));
    }
}

#[cfg(test)]
mod limits {
    use super::*;
    use std::io::Read;

    #[test]
    fn endless_input_stays_bounded() {
        // No line end at all: one error, then the reader stops.
        let zeros = std::io::repeat(0).take(3 * MAX_LINE as u64);
        let games: Vec<_> = Reader::new(std::io::BufReader::new(zeros)).collect();
        assert_eq!(games.len(), 1);
        let error = games[0].as_ref().unwrap_err();
        assert!(error.message.contains("longer than 1 MiB"), "{error}");
        // A game that never ends: reported and skipped, the next game still read.
        let mut text = String::from("[Event \"long\"]\n\n");
        for _ in 0..MAX_GAME_TOKENS / 2 {
            text.push_str("1. 32-28 {x}\n");
        }
        text.push_str("\n[Event \"short\"]\n\n1. 32-28 *\n");
        let games: Vec<_> = Reader::new(text.as_bytes()).collect();
        assert_eq!(games.len(), 2);
        let error = games[0].as_ref().unwrap_err();
        assert!(error.message.contains("more than 100000"), "{error}");
        assert_eq!(games[1].as_ref().unwrap().moves.len(), 1);
        // An unterminated comment keeps at most MAX_TEXT of itself.
        let mut text = String::from("1. 32-28 {");
        for _ in 0..10_000 {
            text.push_str("a long comment line\n");
        }
        text.push_str("} *");
        let game = Reader::new(text.as_bytes()).next().unwrap().unwrap();
        assert!(game.info[0].comments[0].len() <= MAX_TEXT + 100);
    }

    #[test]
    fn a_variation_that_never_closes_ends_the_reading() {
        // Random bytes open more '(' than they close for ever: bounded by MAX_GAME_BYTES.
        let mut text = String::from("[Event \"x\"]\n1. 32-28 ");
        while text.len() <= 2 * MAX_GAME_BYTES {
            text.push_str("(( 19-23 ) 28x19\n");
        }
        let games: Vec<_> = Reader::new(text.as_bytes()).collect();
        assert_eq!(games.len(), 1);
        let error = games[0].as_ref().unwrap_err();
        assert!(
            error
                .message
                .contains("more than 4 MiB without the end of a game"),
            "{error}"
        );
    }

    #[test]
    fn a_long_variation_is_cut_between_characters() {
        // Found by fuzzing: a variation over MAX_TEXT cut inside a character panicked.
        let mut text = String::from("1. 32-28 (");
        for _ in 0..MAX_TEXT / 3 {
            text.push_str("走a\n");
        }
        text.push_str(") *");
        let games: Vec<_> = Reader::new(text.as_bytes()).collect();
        assert_eq!(games.len(), 1);
    }
}
