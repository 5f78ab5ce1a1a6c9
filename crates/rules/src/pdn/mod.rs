//! PDN 3.0 game files: read game by game from any [`BufRead`](std::io::BufRead), and written back.
//!
//! A game is a tag section (`[Event "..."]`, `[FEN "..."]`, `[GameType "20"]`) and movetext:
//! move numbers `12.` / `12...` (ignored, except that the first one numbers the game's first
//! move), moves `32-28`, `28x19` or full paths `4x27x38x15`, annotations (`$1`, and the suffixes
//! `!`, `?`, `!!`, `??`, `!?`, `?!`), comments `{...}` and `; to the end of the line`, variations
//! `(...)` kept as raw text, and a result `2-0 1-1 0-2 *` (`1-0 0-1 1/2-1/2` also read). A game
//! ends at its result, or at the next tag section after its movetext, or at the end of the file.
//!
//! PDN as people write it is read too: whitespace inside a move (`1- 7`, `35x 4`, as the FMJD
//! grammar allows), the short notation of Russian books for the games written `c3-d4` (`cd4`,
//! `c:e5`: the file a man leaves and the square it reaches, resolved against the legal moves),
//! a tournament score as the last word (`4-6`, `1-9`), and the move numbers of English
//! checkers, where Black moves first (`1. 11-15 23-18`).
//!
//! Every move is replayed through the rules engine of the game: [`Reader`] reads the games of
//! one game (international draughts unless said otherwise) and rejects a `GameType` tag naming
//! another; [`VariantReader`] lets each game's `GameType` choose (20 international, 21 english,
//! 25 russian, 26 brazilian). A game whose tags cannot be read (a malformed tag, a bad `FEN`,
//! an unknown game) is a [`PdnError`] naming the game and the line, and reading goes on with
//! the next game. A move that breaks the rules (or names several legal moves, or is a `-` for a
//! move not recorded) ends the game's main line there: the game keeps the moves before it,
//! and [`PdnGame::stop`] says where and why. Words outside braces that are no move are skipped
//! with a located warning ([`PdnGame::warnings`]).
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
//! let second = games.next().unwrap()?;
//! assert_eq!(second.moves.len(), 2);
//! assert_eq!(
//!     second.stop.unwrap().to_string(),
//!     "game 2, line 7: move 2 (33-29): capture is compulsory: 28x19"
//! );
//! assert!(games.next().is_none());
//! let written = pdn::write_game(&first);
//! assert!(written.starts_with("[Event \"Club\"]\n\n1. 32-28 {the centre} 1... 19-23 2. 28x19"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod problem;
mod reader;
mod tokens;
mod writer;

pub use problem::PdnProblem;
pub use reader::{Reader, VariantReader};
pub use writer::write_game;

use crate::moves::Move;
use crate::position::{Outcome, Position};
use crate::rules::{Brazilian, English, International, Rules, Russian, Variant};
use crate::square::Color;
use std::fmt;

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
    /// The move number, as in `17.` (the side that moves first in the game) or `17...` (the
    /// other side).
    pub number: usize,
    /// The side that plays the move.
    pub side: Color,
    /// Whether `side` is the side that moves first in this game (White; Black in English
    /// checkers): its moves open a move number, `17.`, and the other side's are `17...`.
    pub leads: bool,
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
    pub(crate) fn bare(
        number: usize,
        side: Color,
        leads: bool,
        ply: usize,
        line: usize,
        text: String,
    ) -> MoveInfo {
        MoveInfo {
            number,
            side,
            leads,
            ply,
            line,
            text,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// `17` for the move of the side that moves first in the game (White; Black in English
    /// checkers), `17...` for the other side's.
    pub fn label(&self) -> String {
        move_label(self.number, self.leads)
    }
}

/// `17` for a move that opens its move number, `17...` for the reply.
pub(crate) fn move_label(number: usize, leads: bool) -> String {
    if leads {
        number.to_string()
    } else {
        format!("{number}...")
    }
}

/// The side that moves first in the games of `R`: White, or Black in English checkers.
pub(crate) fn first_mover<R: Rules>() -> Color {
    Position::<R>::initial().turn()
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
    /// Where the main line stops short of the movetext: a move that breaks the rules, names no
    /// legal move or several (`ed4` where two men can go to d4), or stands for a move not
    /// recorded (`-`). `moves` holds the moves before it; the rest of the movetext is not read
    /// (its result is).
    pub stop: Option<PdnError>,
    /// Text read past without stopping, located: words outside braces that are no move
    /// (`Whiteoverstepped`), a line that is not UTF-8 (read as Latin-1).
    pub warnings: Vec<PdnError>,
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
        let lead = first_mover::<R>();
        for (ply, m) in moves.iter().enumerate() {
            let legal = position.legal_moves();
            if !legal.contains(m) {
                return None;
            }
            let side = position.turn();
            let text = position.move_text_in(m, &legal);
            info.push(MoveInfo::bare(number, side, side == lead, ply, 0, text));
            if side != lead {
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
    pub problem: PdnProblem,
}

impl PdnError {
    /// What is wrong, in English: `move 12 (32-27): capture is compulsory: 26x37`.
    pub fn message(&self) -> String {
        self.problem.to_string()
    }
}

/// `game 3, line 41: move 12 (32-27): capture is compulsory: 26x37`.
impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let PdnError {
            game,
            line,
            problem,
        } = self;
        write!(f, "game {game}, line {line}: {problem}")
    }
}

impl std::error::Error for PdnError {}

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

    /// Where the game's main line stops short, if it does ([`PdnGame::stop`]).
    pub fn stop(&self) -> Option<&PdnError> {
        match self {
            VariantGame::International(g) => g.stop.as_ref(),
            VariantGame::Brazilian(g) => g.stop.as_ref(),
            VariantGame::Russian(g) => g.stop.as_ref(),
            VariantGame::English(g) => g.stop.as_ref(),
        }
    }

    /// The text read past in the game ([`PdnGame::warnings`]).
    pub fn warnings(&self) -> &[PdnError] {
        match self {
            VariantGame::International(g) => &g.warnings,
            VariantGame::Brazilian(g) => &g.warnings,
            VariantGame::Russian(g) => &g.warnings,
            VariantGame::English(g) => &g.warnings,
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
