//! Games replayed through the rules engine, one at a time: [`Reader`] and [`VariantReader`].

use super::tokens::{Lexeme, Lexer, RawGame, Token};
use super::{
    first_mover, move_label, GameResult, MoveInfo, Nag, PdnError, PdnGame, PdnProblem, VariantGame,
};
use crate::notation::{BrokenRule, MoveError};
use crate::position::Position;
use crate::rules::{International, Notation, Rules, Variant};
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
                problem: PdnProblem::UnknownGameType {
                    kind: kind.to_string(),
                },
            })
    }

    /// Replays the game with the rules of `R`.
    fn replay<R: Rules>(self) -> Result<PdnGame<R>, PdnError> {
        let line = self.tokens.first().map_or(0, |t| t.line);
        let mut builder = GameBuilder::<R>::new(self.number, line);
        let last_word = self
            .tokens
            .iter()
            .rposition(|token| matches!(token.lexeme, Lexeme::Word(_)));
        for (index, token) in self.tokens.into_iter().enumerate() {
            builder.feed(token, Some(index) == last_word);
        }
        builder.finish(self.notes)
    }
}

/// Reads the games of a PDN file one at a time, without holding the file in memory, with the
/// rules of the game `R` (international draughts unless said otherwise). A game whose
/// `GameType` tag names another game is reported as an error; use [`VariantReader`] to read
/// every game with its own rules.
///
/// Lines are read as UTF-8, or as Latin-1 when they are not valid UTF-8 (the first such line
/// is a warning of its game: a file in GBK or cp1251 should be converted to UTF-8); a UTF-16
/// file is an error. A comment or variation still open when a tag line (`[Name "value"]` alone
/// on its line) or the end of the file comes stops its game as unterminated, and reading goes
/// on from that line. Memory stays bounded
/// whatever the input: a game of more than [`MAX_GAME_TOKENS`](super::MAX_GAME_TOKENS) tokens is reported and skipped,
/// and a line longer than [`MAX_LINE`](super::MAX_LINE) (or a game spanning more than [`MAX_GAME_BYTES`](super::MAX_GAME_BYTES)) ends
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
                    problem: PdnProblem::OtherGameType {
                        kind: kind.to_string(),
                        variant: R::RULES.variant,
                    },
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
    /// The side that moves first in the games of `R`.
    lead: Color,
    /// What makes the whole game unreadable (a bad tag or start position).
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
            lead: first_mover::<R>(),
            error: None,
        }
    }

    fn located(&self, line: usize, problem: PdnProblem) -> PdnError {
        PdnError {
            game: self.game.number,
            line,
            problem,
        }
    }

    /// Records the first error of the game: the game cannot be read.
    fn fail(&mut self, line: usize, problem: PdnProblem) {
        if self.error.is_none() {
            self.error = Some(self.located(line, problem));
        }
    }

    /// Ends the main line here: the moves read so far are kept, the rest of the movetext is
    /// passed over but for its result.
    fn stop(&mut self, line: usize, problem: PdnProblem) {
        if self.game.stop.is_none() {
            self.game.stop = Some(self.located(line, problem));
        }
    }

    /// Notes text read past, and goes on.
    fn warn(&mut self, line: usize, problem: PdnProblem) {
        if self.game.stop.is_none() {
            let warning = self.located(line, problem);
            self.game.warnings.push(warning);
        }
    }

    /// Whether moves and their annotations are still read.
    fn reading(&self) -> bool {
        self.error.is_none() && self.game.stop.is_none()
    }

    /// Takes a token; `last` when it is the game's last word (where a score such as `4-6`
    /// is read as its result).
    fn feed(&mut self, token: Token, last: bool) {
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
                    Err(problem) => self.fail(line, problem),
                }
            }
            Lexeme::Comment(text) => {
                if self.content {
                    self.begin_movetext();
                    if self.reading() {
                        match self.game.info.last_mut() {
                            Some(info) => info.comments.push(text),
                            None => self.game.comments.push(text),
                        }
                    }
                } else {
                    self.game.comments.push(text); // before the tags
                }
            }
            Lexeme::Variation(raw) => {
                self.begin_movetext();
                if self.reading() {
                    match self.game.info.last_mut() {
                        Some(info) => info.variations.push(raw),
                        None => self.warn(line, PdnProblem::VariationBeforeMoves),
                    }
                }
            }
            Lexeme::Nag(nag) => {
                self.begin_movetext();
                self.annotate(nag, line);
            }
            Lexeme::Bad(problem) => {
                self.begin_movetext();
                self.stop(line, problem);
            }
            Lexeme::Word(word) => {
                self.begin_movetext();
                if let Some(result) = GameResult::parse(&word) {
                    self.game.result = Some(result);
                } else if let Some(result) = self.score(&word, last) {
                    self.game.result = Some(result);
                } else {
                    self.word(&word, line);
                }
            }
        }
    }

    /// A score written as the game's result, `4-6` or `1-9` as 10x10 tournaments keep them
    /// (more points than the `2-0 1-1 0-2` of one game): the game's last word, or its `Result`
    /// tag, two numbers that are no legal move here.
    fn score(&self, word: &str, last: bool) -> Option<GameResult> {
        let (white, black) = word.split_once('-')?;
        let number = |text: &str| -> Option<u32> {
            (!text.is_empty() && text.len() <= 2 && text.bytes().all(|b| b.is_ascii_digit()))
                .then(|| text.parse().ok())
                .flatten()
        };
        let (white, black) = (number(white)?, number(black)?);
        let tagged = self
            .game
            .tag("Result")
            .is_some_and(|tag| tag.trim() == word);
        if !(last || tagged) || (self.reading() && self.position.parse_move(word).is_ok()) {
            return None;
        }
        Some(match white.cmp(&black) {
            std::cmp::Ordering::Greater => GameResult::WhiteWins,
            std::cmp::Ordering::Equal => GameResult::Draw,
            std::cmp::Ordering::Less => GameResult::BlackWins,
        })
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
                Err(error) => {
                    let fen = fen.to_string();
                    let error = Box::new(error);
                    self.fail(self.fen_line, PdnProblem::FenTag { fen, error });
                }
            }
        }
    }

    /// A move number, a move, or an annotation alone.
    fn word(&mut self, word: &str, line: usize) {
        if !self.reading() {
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
        if !self.reading() {
            return;
        }
        match self.game.info.last_mut() {
            Some(info) => info.nags.push(nag),
            None => self.warn(line, PdnProblem::NagBeforeMoves { nag }),
        }
    }

    /// The number and the label of the next move.
    fn next_number(&self) -> (usize, String) {
        let number = match self.game.info.last() {
            Some(last) if !last.leads => last.number + 1,
            Some(last) => last.number,
            None => self.first_number.unwrap_or(1),
        };
        (
            number,
            move_label(number, self.position.turn() == self.lead),
        )
    }

    /// Plays move text (with any `!`/`?` suffix) from `word`.
    fn play(&mut self, word: &str, text: &str, line: usize) {
        let bare = text.trim_end_matches(['!', '?']);
        let suffix = &text[bare.len()..];
        let nag = Nag::from_suffix(suffix);
        let (_, label) = self.next_number();
        if nag.is_none() && !suffix.is_empty() {
            let problem = PdnProblem::UnknownSuffix {
                label,
                suffix: suffix.to_string(),
                word: word.to_string(),
            };
            return self.stop(line, problem);
        }
        if bare.is_empty() {
            if let Some(nag) = nag {
                self.annotate(nag, line);
            }
            return;
        }
        if bare.chars().all(|c| c == '-') {
            let text = bare.to_string();
            return self.stop(line, PdnProblem::UnrecordedMove { label, text });
        }
        let illegal = |label: String, text: &str, error| PdnProblem::Move {
            label,
            text: text.to_string(),
            error: Box::new(error),
            variant: R::RULES.variant,
        };
        match self.find(bare) {
            Ok(m) => self.push(m, bare, nag, line),
            Err(MoveError::Syntax { .. }) if !looks_like_move(bare) => {
                let word = word.to_string();
                self.warn(line, PdnProblem::NotAMove { word });
            }
            Err(e @ MoveError::Syntax { .. }) => match glued(bare) {
                // A move with text stuck to it: `26-22Whiteoverstepped`.
                Some((head, tail)) => match self.position.parse_move(head) {
                    Ok(m) => {
                        self.push(m, head, None, line);
                        let problem = PdnProblem::TextAfterMove {
                            tail: tail.to_string(),
                            label,
                            head: head.to_string(),
                        };
                        self.warn(line, problem);
                    }
                    Err(e) => self.stop(line, illegal(label, head, e)),
                },
                None => self.stop(line, illegal(label, bare, e)),
            },
            Err(e) => self.stop(line, illegal(label, bare, e)),
        }
    }

    /// The legal move `text` names: in the game's notation, or in the short notation of
    /// Russian books for the games written `c3-d4`: `cd4` (the file a man leaves, the square
    /// it goes to), `c:e5` or `cxe5` for a capture.
    fn find(&self, text: &str) -> Result<crate::Move<R>, MoveError> {
        let error = match self.position.parse_move(text) {
            Ok(m) => return Ok(m),
            Err(e @ MoveError::Syntax { .. }) => e,
            Err(e) => return Err(e),
        };
        let Some((file, capture, to)) = short_notation(text) else {
            return Err(error);
        };
        if !matches!(R::RULES.notation, Notation::Algebraic { .. }) {
            return Err(error);
        }
        let board = R::RULES.board;
        let Some(to) = board.parse_square(to) else {
            return Err(error);
        };
        let legal = self.position.legal_moves();
        let found: Vec<_> = legal
            .iter()
            .filter(|m| {
                m.to() == to
                    && board.algebraic(m.from()).starts_with(file)
                    && (!capture || m.is_capture())
            })
            .copied()
            .collect();
        match found[..] {
            [m] => Ok(m),
            [] => {
                let captures: Vec<String> = legal
                    .iter()
                    .filter(|m| m.is_capture())
                    .map(|m| self.position.move_text_in(m, &legal))
                    .collect();
                let rule = if captures.is_empty() || capture {
                    BrokenRule::NotLegal
                } else {
                    BrokenRule::Compulsory { captures }
                };
                Err(MoveError::Illegal {
                    text: text.to_string(),
                    rule,
                })
            }
            _ => Err(MoveError::Ambiguous {
                text: text.to_string(),
                options: found
                    .iter()
                    .map(|m| self.position.full_move_text(m))
                    .collect(),
            }),
        }
    }

    /// Adds a legal move to the main line.
    fn push(&mut self, m: crate::Move<R>, text: &str, nag: Option<Nag>, line: usize) {
        let (number, _) = self.next_number();
        let side = self.position.turn();
        let ply = self.game.moves.len();
        let leads = side == self.lead;
        let mut info = MoveInfo::bare(number, side, leads, ply, line, text.to_string());
        info.nags.extend(nag);
        self.game.info.push(info);
        self.game.moves.push(m);
        self.position = self.position.play_unchecked(&m);
    }

    fn finish(mut self, notes: Vec<(usize, PdnProblem)>) -> Result<PdnGame<R>, PdnError> {
        self.begin_movetext(); // a game of tags alone still needs a valid start
        for (line, problem) in notes {
            let warning = self.located(line, problem);
            self.game.warnings.push(warning);
        }
        match self.error {
            Some(error) => Err(error),
            None => Ok(self.game),
        }
    }
}

/// Whether a word that is not a move was meant as one (and breaks a game that has it): it
/// begins with a square number, or with a square name as `c3-d4` or `cd4` do.
fn looks_like_move(word: &str) -> bool {
    let bytes = word.as_bytes();
    match bytes {
        [b'0'..=b'9', ..] => true,
        [b'a'..=b'h', b'1'..=b'9', ..] => true,
        [b'a'..=b'h', b'a'..=b'h' | b'x' | b':', ..] => short_notation(word).is_some(),
        _ => false,
    }
}

/// A numeric move with text stuck to its end: `26-22Whiteoverstepped` is `26-22` and the text.
fn glued(word: &str) -> Option<(&str, &str)> {
    let end = word.find(|c: char| c.is_alphabetic() && c != 'x' && c != 'X')?;
    let (head, tail) = word.split_at(end);
    let numeric = head
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'x' | b'X' | b':'));
    (numeric && head.ends_with(|c: char| c.is_ascii_digit())).then_some((head, tail))
}

/// Russian short notation: `cd4` (from file c to d4), `c:e5` or `cxe5` (a capture): the file,
/// whether a capture is said, and the square.
fn short_notation(word: &str) -> Option<(&str, bool, &str)> {
    let bytes = word.as_bytes();
    let (capture, to) = match bytes {
        [b'a'..=b'h', b':' | b'x', b'a'..=b'h', b'1'..=b'8'] => (true, &word[2..]),
        [b'a'..=b'h', b'a'..=b'h', b'1'..=b'8'] => (false, &word[1..]),
        _ => return None,
    };
    Some((&word[..1], capture, to))
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
        assert!(error.message().contains("longer than 1 MiB"), "{error}");
        // A game that never ends: reported and skipped, the next game still read.
        let mut text = String::from("[Event \"long\"]\n\n");
        for _ in 0..MAX_GAME_TOKENS / 2 {
            text.push_str("1. 32-28 {x}\n");
        }
        text.push_str("\n[Event \"short\"]\n\n1. 32-28 *\n");
        let games: Vec<_> = Reader::new(text.as_bytes()).collect();
        assert_eq!(games.len(), 2);
        let error = games[0].as_ref().unwrap_err();
        assert!(error.message().contains("more than 100000"), "{error}");
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
                .message()
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
