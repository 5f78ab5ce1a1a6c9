//! The lexer: a PDN file split into games' tokens, before any rules are applied.

use super::{GameResult, Nag, PdnError, PdnProblem, MAX_GAME_BYTES, MAX_GAME_TOKENS, MAX_LINE};
use std::io::{self, BufRead};

/// The most text a comment or variation keeps (its end is still looked for).
pub(super) const MAX_TEXT: usize = 64 * 1024;

/// What the lexer found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Lexeme {
    /// A tag pair, or why `[...` is not one.
    Tag(Result<(String, String), PdnProblem>),
    Comment(String),
    Variation(String),
    Nag(Nag),
    /// Anything else: a move, a move number, a result, or a bad token.
    Word(String),
    /// A lexical error outside the tag section.
    Bad(PdnProblem),
}

#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) lexeme: Lexeme,
    /// The line the token starts on.
    pub(super) line: usize,
}

/// A game's tokens, split off the input before any rules are applied.
pub(super) struct RawGame {
    pub(super) number: usize,
    pub(super) tokens: Vec<Token>,
    /// What the lexer read past in this game, located: a line read as Latin-1.
    pub(super) notes: Vec<(usize, PdnProblem)>,
}

/// Splits a PDN file into its games' tokens, one game at a time.
pub(super) struct Lexer<B> {
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
    /// Whether a line that is not UTF-8 has been read (said once per file).
    latin1: bool,
    /// Notes for the game being read.
    notes: Vec<(usize, PdnProblem)>,
}

impl<B: BufRead> Lexer<B> {
    pub(super) fn new(input: B) -> Lexer<B> {
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
            latin1: false,
            notes: Vec::new(),
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
            return Err(PdnProblem::LineTooLong { line: self.line }.into_io());
        }
        self.game_bytes += self.bytes.len();
        if self.game_bytes > MAX_GAME_BYTES {
            return Err(PdnProblem::GameTooLarge { line: self.line }.into_io());
        }
        if self.line == 1
            && (self.bytes.starts_with(b"\xff\xfe") || self.bytes.starts_with(b"\xfe\xff"))
        {
            return Err(PdnProblem::Utf16.into_io());
        }
        while matches!(self.bytes.last(), Some(b'\n' | b'\r')) {
            self.bytes.pop();
        }
        match std::str::from_utf8(&self.bytes) {
            Ok(text) => self.text.push_str(text),
            Err(_) => {
                if !self.latin1 {
                    self.latin1 = true;
                    self.notes.push((self.line, PdnProblem::Latin1));
                }
                self.text.extend(self.bytes.iter().map(|&b| b as char))
            }
        }
        if self.line == 1 && self.text.starts_with('\u{feff}') {
            self.pos = '\u{feff}'.len_utf8();
        }
        Ok(true)
    }

    pub(super) fn next_token(&mut self) -> io::Result<Option<Token>> {
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
                    Lexeme::Bad(PdnProblem::Unopened {
                        closing: c,
                        opening,
                    })
                }
                _ => Lexeme::Word(self.take_move_word()?),
            };
            return Ok(Some(Token { lexeme, line }));
        }
    }

    /// A word of movetext, with the whitespace some files put inside a move taken out: `1- 7`,
    /// `35x 4`, `35 x4`, `c3 - d4`, a move broken at the end of a line (the FMJD PDN grammar
    /// allows whitespace between a move's squares and its separators).
    fn take_move_word(&mut self) -> io::Result<String> {
        let mut word = self.take_word(0);
        loop {
            let rest = &self.text[self.pos..];
            let next = rest.trim_start();
            let gap = rest.len() - next.len();
            let open = word.len() > 1 && word.ends_with(is_move_separator);
            let joins = if open {
                starts_square(next) && !next.split(is_delimiter).next().unwrap_or("").contains('.')
            } else {
                is_square(&word)
                    && next.starts_with(is_move_separator)
                    && (next.len() == 1
                        || starts_square(&next[1..])
                        || next[1..].starts_with(char::is_whitespace))
            };
            if joins {
                self.pos += gap;
                let more = self.take_word(0);
                word.push_str(&more);
            } else if open && next.is_empty() {
                // A move broken at the line end: go on on the next line if it goes on the move.
                if !self.next_line()? {
                    return Ok(word);
                }
                if self.text.starts_with('%') {
                    self.pos = self.text.len();
                    return Ok(word);
                }
                let rest = &self.text[self.pos..];
                let next = rest.trim_start();
                if !starts_square(next) {
                    return Ok(word);
                }
                self.pos += rest.len() - next.len();
            } else {
                return Ok(word);
            }
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
                let text = rest.trim().to_string();
                self.pos = self.text.len();
                Lexeme::Tag(Err(PdnProblem::MalformedTag { text }))
            }
        }
    }

    fn lex_nag(&mut self) -> Lexeme {
        let word = self.take_word(1);
        match word[1..].parse::<u8>() {
            Ok(n) => Lexeme::Nag(Nag(n)),
            Err(_) => Lexeme::Bad(PdnProblem::BadNag { word }),
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
                return Ok(Lexeme::Bad(PdnProblem::UnclosedComment));
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
                return Ok(Lexeme::Bad(PdnProblem::UnclosedVariation));
            }
        }
    }
}

impl<B: BufRead> Lexer<B> {
    /// The tokens of the next game: from its first token to its result, or to the tag that
    /// follows its movetext, or to the end of the input. Comments alone are no game.
    pub(super) fn next_game(&mut self) -> Option<Result<RawGame, PdnError>> {
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
                        problem: PdnProblem::of_io(&e),
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
                        notes: Vec::new(),
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
        let mut game = game.filter(|_| content)?;
        game.notes = std::mem::take(&mut self.notes);
        if too_long {
            return Some(Err(PdnError {
                game: game.number,
                line: game.tokens.first().map_or(self.line, |t| t.line),
                problem: PdnProblem::TooManyTokens,
            }));
        }
        Some(Ok(game))
    }
}

/// The separators inside a move: `32-28`, `28x19`, `c3:e5`.
fn is_move_separator(c: char) -> bool {
    matches!(c, '-' | 'x' | 'X' | ':')
}

/// Whether `text` begins with a square: a number, or a name such as `d4`.
fn starts_square(text: &str) -> bool {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some('a'..='h') => chars.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// Whether `word` is a square alone: `35`, `c3`.
fn is_square(word: &str) -> bool {
    match word.as_bytes() {
        [b'a'..=b'h', b'1'..=b'9'] => true,
        digits => !digits.is_empty() && digits.iter().all(u8::is_ascii_digit),
    }
}

/// Characters that end a word of movetext.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
}

/// Whether a line is a tag pair alone, as a tag section's lines are.
pub(super) fn is_tag_line(line: &str) -> bool {
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
pub(super) fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
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
                (
                    Lexeme::Bad(PdnProblem::Unopened {
                        closing: ')',
                        opening: '('
                    }),
                    4
                ),
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
