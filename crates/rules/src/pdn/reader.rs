//! Games replayed through the rules engine, one at a time: [`Reader`] and [`VariantReader`].

use super::tokens::{Lexeme, Lexer, RawGame, Token};
use super::{move_label, GameResult, MoveInfo, Nag, PdnError, PdnGame, VariantGame};
use crate::notation::MoveError;
use crate::position::Position;
use crate::rules::{International, Rules, Variant};
use crate::square::Color;
use std::io::BufRead;
use std::marker::PhantomData;

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
pub struct Reader<B, R: Rules = International> {
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

#[cfg(test)]
mod limits {
    use super::super::tokens::MAX_TEXT;
    use super::super::{MAX_GAME_BYTES, MAX_GAME_TOKENS, MAX_LINE};
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
