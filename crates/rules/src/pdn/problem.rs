//! What is wrong in a PDN file: [`PdnProblem`], a closed set of reasons holding their values.
//! `Display` says each in English; damtutor's words layer says it in the reader's language.

use super::{Nag, MAX_GAME_BYTES, MAX_GAME_TOKENS};
use crate::fen::FenError;
use crate::notation::MoveError;
use crate::rules::Variant;
use std::fmt;
use std::io;

/// Why a game could not be read, where its main line stops, or what was read past.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnProblem {
    /// The file could not be read: the kind of error and the system's words.
    Io { kind: io::ErrorKind, detail: String },
    /// A line longer than [`MAX_LINE`](super::MAX_LINE): not a PDN file.
    LineTooLong { line: usize },
    /// More than [`MAX_GAME_BYTES`] without the end of a game, up to `line`.
    GameTooLarge { line: usize },
    /// A file in UTF-16.
    Utf16,
    /// A line that is not UTF-8: the file is read as Latin-1 (said once a file).
    Latin1,
    /// A game of more than [`MAX_GAME_TOKENS`] tokens: skipped.
    TooManyTokens,
    /// A tag line that is not `[Name "value"]` (its text).
    MalformedTag { text: String },
    /// A closing `)`, `}` or `]` without its opening one.
    Unopened { closing: char, opening: char },
    /// `$` without a number 0-255 (the word).
    BadNag { word: String },
    /// A `{` comment never closed.
    UnclosedComment,
    /// A `(` variation never closed.
    UnclosedVariation,
    /// A `GameType` that names no game of the engine (the tag's value).
    UnknownGameType { kind: String },
    /// A `GameType` that names another game than the reader's `variant`.
    OtherGameType { kind: String, variant: Variant },
    /// A `FEN` tag that is not a position of the game.
    FenTag { fen: String, error: Box<FenError> },
    /// A variation before the first move: skipped.
    VariationBeforeMoves,
    /// An annotation glyph before the first move: skipped.
    NagBeforeMoves { nag: Nag },
    /// A move (`label`: `12` or `12...`) with a suffix that is no annotation.
    UnknownSuffix {
        label: String,
        suffix: String,
        word: String,
    },
    /// `-` (or `--`) for a move not recorded.
    UnrecordedMove { label: String, text: String },
    /// A word that is no move, move number or result: skipped.
    NotAMove { word: String },
    /// Text stuck to a move (`26-22Whiteoverstepped`): the move is played, the text skipped.
    TextAfterMove {
        tail: String,
        label: String,
        head: String,
    },
    /// A move that is not a legal move of `variant` (its text as written).
    Move {
        label: String,
        text: String,
        error: Box<MoveError>,
        variant: Variant,
    },
}

impl fmt::Display for PdnProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnProblem::Io { detail, .. } => write!(f, "cannot read the file: {detail}"),
            PdnProblem::LineTooLong { line } => write!(
                f,
                "cannot read the file: line {line} is longer than 1 MiB: not a PDN file"
            ),
            PdnProblem::GameTooLarge { line } => write!(
                f,
                "cannot read the file: more than {} MiB without the end of a game (line {line}): \
                 not a PDN file",
                MAX_GAME_BYTES >> 20
            ),
            PdnProblem::Utf16 => f.write_str(
                "cannot read the file: the file is in UTF-16: save it as UTF-8 (or Latin-1) to \
                 read it",
            ),
            PdnProblem::Latin1 => f.write_str(
                "this line is not UTF-8: the file is read as Latin-1, so letters of another \
                 encoding (GBK, cp1251...) come out garbled; convert the file to UTF-8 to keep \
                 them",
            ),
            PdnProblem::TooManyTokens => write!(
                f,
                "the game has more than {MAX_GAME_TOKENS} moves, comments and marks: skipped"
            ),
            PdnProblem::MalformedTag { text } => {
                write!(f, "malformed tag {text}: expected [Name \"value\"]")
            }
            PdnProblem::Unopened { closing, opening } => {
                write!(f, "'{closing}' without '{opening}'")
            }
            PdnProblem::BadNag { word } => {
                write!(
                    f,
                    "bad annotation '{word}': expected '$' and a number 0-255"
                )
            }
            PdnProblem::UnclosedComment => f.write_str("unterminated comment: '{' without '}'"),
            PdnProblem::UnclosedVariation => f.write_str("unterminated variation: '(' without ')'"),
            PdnProblem::UnknownGameType { kind } => write!(
                f,
                "game type {kind} is not a game damtutor knows (GameType 20 international, \
                 21 english, 25 russian, 26 brazilian)"
            ),
            PdnProblem::OtherGameType { kind, variant } => write!(
                f,
                "game type {kind} is not {variant} draughts (GameType \"{}\")",
                variant.rules().game_type
            ),
            PdnProblem::FenTag { fen, error } => write!(f, "FEN tag \"{fen}\": {error}"),
            PdnProblem::VariationBeforeMoves => {
                f.write_str("variation before the first move: skipped")
            }
            PdnProblem::NagBeforeMoves { nag } => {
                write!(f, "annotation '{nag}' before the first move: skipped")
            }
            PdnProblem::UnknownSuffix {
                label,
                suffix,
                word,
            } => write!(f, "move {label}: unknown annotation '{suffix}' in '{word}'"),
            PdnProblem::UnrecordedMove { label, text } => {
                write!(f, "move {label}: '{text}' stands for a move not recorded")
            }
            PdnProblem::NotAMove { word } => {
                write!(
                    f,
                    "'{word}' is not a move, a move number or a result: skipped"
                )
            }
            PdnProblem::TextAfterMove { tail, label, head } => {
                write!(f, "'{tail}' after move {label} ({head}): skipped")
            }
            PdnProblem::Move {
                label, text, error, ..
            } => write!(f, "move {label} ({text}): {}", error.reason()),
        }
    }
}

impl std::error::Error for PdnProblem {}

impl PdnProblem {
    /// What stopped the reading of the input: the problem the lexer put into the I/O error
    /// (a line too long, a UTF-16 file), else the system's.
    pub(super) fn of_io(error: &io::Error) -> PdnProblem {
        error
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<PdnProblem>())
            .cloned()
            .unwrap_or_else(|| PdnProblem::Io {
                kind: error.kind(),
                detail: error.to_string(),
            })
    }

    /// The problem as an I/O error that stops the reading (see [`of_io`](Self::of_io)).
    pub(super) fn into_io(self) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, self)
    }
}
