//! Why input could not be used, in sentences: a FEN that does not read or a position that
//! cannot stand (the rules crate's [`FenError`], [`PositionError`]), a file the system would
//! not open ([`IoProblem`], [`ReadError`]), YAML or JSON that does not fit
//! ([`FormatProblem`]), a PDN file's games ([`PdnProblem`]). English keeps the system's and the
//! readers' own words; Chinese says each kind of problem from the table, with the field,
//! value, line and column kept.

use super::{colour_as_written, say, side_as_written, text, Lang, Text};
use crate::fen::{FenError, FenSyntax, ParseFenError};
use crate::input::{
    listed, FormatFault, FormatProblem, IoProblem, JsonSyntax, ReadError, YamlSyntax,
};
use crate::pdn::PdnProblem;
use crate::{PositionError, Variant};
use std::io::ErrorKind;

/// Why a FEN given as a position is not one, in `lang`.
///
/// ```
/// use damtutor::words::{fen_error, Lang};
/// use damtutor::{International, Position};
/// let error = "W:W99:B1".parse::<Position<International>>().unwrap_err();
/// assert_eq!(fen_error(Lang::English, &error), "invalid position: square 99 is outside the board (squares are 1-50)");
/// assert_eq!(fen_error(Lang::Chinese, &error), "局面无效：第 99 格不在棋盘上（格号为 1-50）");
/// ```
pub fn fen_error(lang: Lang, error: &FenError) -> String {
    match error {
        FenError::Parse(error) => fen_syntax(lang, error),
        FenError::Position(error) => {
            say!(
                lang,
                Text::PositionInvalid,
                reason = position_error(lang, error)
            )
        }
    }
}

/// Why a FEN's text does not read, with its column and token: `bad FEN at column 4: '28x':
/// ...`.
pub fn fen_syntax(lang: Lang, error: &ParseFenError) -> String {
    let place = if error.token.is_empty() {
        say!(lang, Text::FenColumn, column = error.column)
    } else {
        say!(
            lang,
            Text::FenToken,
            column = error.column,
            token = error.token
        )
    };
    let reason = match error.reason {
        FenSyntax::Empty => say!(lang, Text::FenEmpty),
        FenSyntax::NoSideToMove => say!(lang, Text::FenNoSideToMove),
        FenSyntax::NotSideToMove => say!(lang, Text::FenNotSideToMove),
        FenSyntax::NotColourList => say!(lang, Text::FenNotColourList),
        FenSyntax::ListedTwice(color) => {
            say!(
                lang,
                Text::FenListedTwice,
                side = side_as_written(lang, color)
            )
        }
        FenSyntax::NotDarkSquare => say!(lang, Text::FenNotDarkSquare),
        FenSyntax::NotSquareNumber => say!(lang, Text::FenNotSquareNumber),
        FenSyntax::NumberTooLarge => say!(lang, Text::FenNumberTooLarge),
        FenSyntax::RangeDownwards => say!(lang, Text::FenRangeDownwards),
        FenSyntax::RangeBeyondBoard { board } => {
            say!(lang, Text::FenRangeBeyondBoard, last = board.square_count())
        }
    };
    say!(lang, Text::FenBad, place, reason)
}

/// Why pieces set up do not make a position, in `lang` (without "invalid position").
pub fn position_error(lang: Lang, error: &PositionError) -> String {
    match *error {
        PositionError::SquareOutOfRange { square, board } => say!(
            lang,
            Text::PositionSquareOutOfRange,
            square,
            last = board.square_count()
        ),
        PositionError::SquareTwice(square) => say!(lang, Text::PositionSquareTwice, square),
        PositionError::TooManyPieces { color, count, max } => say!(
            lang,
            Text::PositionTooManyPieces,
            side = side_as_written(lang, color),
            count,
            max
        ),
        PositionError::ManOnPromotionRow {
            color,
            square,
            board,
        } => {
            let row = board.crowning_row(color);
            let first = row.iter().next().map_or(0, |s| s.number());
            let last = row.iter().last().map_or(0, |s| s.number());
            let colour = colour_as_written(lang, color);
            say!(
                lang,
                Text::PositionManOnCrowningRow,
                colour,
                square,
                first,
                last
            )
        }
    }
}

/// An invalid position of an exercise of `variant`: the game is named unless it is
/// international draughts.
pub fn position_error_in(lang: Lang, variant: Variant, error: &PositionError) -> String {
    let reason = position_error(lang, error);
    if variant == Variant::International {
        return say!(lang, Text::PositionInvalid, reason);
    }
    say!(
        lang,
        Text::PositionInvalidIn,
        variant = variant.name(),
        game = game_name(lang, variant),
        reason
    )
}

/// What the system said when a file could not be opened, read or written, in `lang`: its own
/// words in English, the kind of error in Chinese.
///
/// ```
/// use damtutor::input::IoProblem;
/// use damtutor::words::{io_problem, Lang};
/// let error = std::fs::File::open("/no/such/file").unwrap_err();
/// let problem = IoProblem::from(&error);
/// assert_eq!(io_problem(Lang::English, &problem), error.to_string());
/// assert_eq!(io_problem(Lang::Chinese, &problem), "文件或文件夹不存在");
/// ```
pub fn io_problem(lang: Lang, problem: &IoProblem) -> String {
    let key = match problem.kind {
        ErrorKind::NotFound => Text::IoNotFound,
        ErrorKind::PermissionDenied => Text::IoPermissionDenied,
        ErrorKind::IsADirectory => Text::IoIsAFolder,
        ErrorKind::NotADirectory => Text::IoNotAFolder,
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded => Text::IoStorageFull,
        ErrorKind::ReadOnlyFilesystem => Text::IoReadOnly,
        ErrorKind::AlreadyExists => Text::IoAlreadyExists,
        ErrorKind::InvalidFilename => Text::IoInvalidName,
        _ if problem.code.is_some() => Text::IoOtherCode,
        _ => Text::IoOther,
    };
    let code = problem.code.unwrap_or_default();
    say!(lang, key, detail = problem.detail, code)
}

/// Why a file could not be read, in `lang`.
pub fn read_error(lang: Lang, error: &ReadError) -> String {
    match error {
        // A file to read that is not there: "文件不存在", not "无法读取文件：文件或文件夹不存在".
        ReadError::Io(problem) if problem.kind == ErrorKind::NotFound => {
            say!(lang, Text::ReadNotFound, detail = problem.detail)
        }
        ReadError::Io(problem) => say!(lang, Text::CannotRead, error = io_problem(lang, problem)),
        ReadError::TooLarge => say!(
            lang,
            Text::ReadTooLarge,
            megabytes = crate::input::MAX_FILE_BYTES / (1024 * 1024)
        ),
        ReadError::Folder => say!(lang, Text::ReadFolder),
        ReadError::NotUtf8(error) => {
            let place = say!(
                lang,
                Text::LineColumn,
                line = error.line,
                column = error.column
            );
            let problem = not_utf8(lang, error.byte);
            format!("{place}{}{problem}", text(lang, Text::Colon))
        }
    }
}

/// What is wrong in a PDN file's game, in `lang` (`move 12 (32-27): capture is compulsory:
/// 26x37` / `着法 12（32-27）：有吃必吃：26x37`).
pub fn pdn_problem(lang: Lang, problem: &PdnProblem) -> String {
    let cannot_read = |error: String| say!(lang, Text::CannotRead, error);
    match problem {
        PdnProblem::Io { kind, detail } => cannot_read(io_problem(
            lang,
            &IoProblem {
                kind: *kind,
                detail: detail.clone(),
                code: None,
            },
        )),
        PdnProblem::LineTooLong { line } => cannot_read(say!(lang, Text::PdnLineTooLong, line)),
        PdnProblem::GameTooLarge { line } => cannot_read(say!(
            lang,
            Text::PdnGameTooLarge,
            megabytes = crate::pdn::MAX_GAME_BYTES >> 20,
            line
        )),
        PdnProblem::Utf16 => cannot_read(say!(lang, Text::PdnUtf16)),
        PdnProblem::Latin1 => say!(lang, Text::PdnLatin1),
        PdnProblem::TooManyTokens => say!(
            lang,
            Text::PdnTooManyTokens,
            count = crate::pdn::MAX_GAME_TOKENS
        ),
        PdnProblem::MalformedTag { text } => say!(lang, Text::PdnMalformedTag, text),
        PdnProblem::Unopened { closing, opening } => {
            say!(lang, Text::PdnUnopened, closing, opening)
        }
        PdnProblem::BadNag { word } => say!(lang, Text::PdnBadNag, word),
        PdnProblem::UnclosedComment => say!(lang, Text::PdnUnclosedComment),
        PdnProblem::UnclosedVariation => say!(lang, Text::PdnUnclosedVariation),
        PdnProblem::UnknownGameType { kind } => say!(lang, Text::PdnUnknownGameType, kind),
        PdnProblem::OtherGameType { kind, variant } => say!(
            lang,
            Text::PdnOtherGameType,
            kind,
            variant = variant.name(),
            game = game_name(lang, *variant),
            number = variant.rules().game_type
        ),
        PdnProblem::FenTag { fen, error } => {
            say!(lang, Text::PdnFenTag, fen, error = fen_error(lang, error))
        }
        PdnProblem::VariationBeforeMoves => say!(lang, Text::PdnVariationBeforeMoves),
        PdnProblem::NagBeforeMoves { nag } => say!(lang, Text::PdnNagBeforeMoves, nag),
        PdnProblem::UnknownSuffix {
            label,
            suffix,
            word,
        } => say!(lang, Text::PdnUnknownSuffix, label, suffix, word),
        PdnProblem::UnrecordedMove { label, text } => {
            say!(lang, Text::PdnUnrecordedMove, label, text)
        }
        PdnProblem::NotAMove { word } => say!(lang, Text::PdnNotAMove, word),
        PdnProblem::TextAfterMove { tail, label, head } => {
            say!(lang, Text::PdnTextAfterMove, tail, label, head)
        }
        PdnProblem::Move {
            label,
            text,
            error,
            variant,
        } => say!(
            lang,
            Text::PdnMove,
            label,
            text,
            reason = super::move_error(lang, *variant, error)
        ),
    }
}

/// The name of a game in a sentence: "Russian draughts" / "俄罗斯跳棋".
pub fn game_name(lang: Lang, variant: Variant) -> &'static str {
    text(lang, game_key(variant))
}

fn game_key(variant: Variant) -> Text {
    match variant {
        Variant::International => Text::GameInternational,
        Variant::Brazilian => Text::GameBrazilian,
        Variant::Russian => Text::GameRussian,
        Variant::English => Text::GameEnglish,
    }
}

/// Text that is not UTF-8, the first byte that is not: what to do about it.
pub fn not_utf8(lang: Lang, byte: u8) -> String {
    say!(lang, Text::NotUtf8, byte = format!("{byte:#04x}"))
}

/// What a YAML or JSON reader found wrong, in `lang`: the reader's own words in English;
/// in Chinese the kind of problem with the field or value kept (`缺少字段 title`).
///
/// ```
/// use damtutor::input::FormatProblem;
/// use damtutor::words::{format_problem, Lang};
/// let problem = FormatProblem::read("exercises[0]: unknown field `gaol`, expected `id` or `fen`");
/// assert_eq!(format_problem(Lang::English, &problem), "exercises[0]: unknown field `gaol`, expected `id` or `fen`");
/// assert_eq!(format_problem(Lang::Chinese, &problem), "exercises[0]：未知字段 gaol（可用的字段：id、fen）");
/// ```
pub fn format_problem(lang: Lang, problem: &FormatProblem) -> String {
    let message = &problem.message;
    let said = match &problem.fault {
        FormatFault::MissingField { field } => say!(lang, Text::FormatMissingField, message, field),
        FormatFault::UnknownField { field, expected } => {
            let fields = listed(expected).join(text(lang, Text::Comma));
            let key = if fields.is_empty() {
                Text::FormatUnknownFieldNone
            } else {
                Text::FormatUnknownField
            };
            say!(lang, key, message, field, fields)
        }
        FormatFault::DuplicateField { field } => {
            say!(lang, Text::FormatDuplicateField, message, field)
        }
        FormatFault::DuplicateKey { key } => say!(lang, Text::FormatDuplicateKey, message, key),
        FormatFault::InvalidType { found, expected }
        | FormatFault::InvalidValue { found, expected } => {
            let key = match problem.fault {
                FormatFault::InvalidType { .. } => Text::FormatInvalidType,
                _ => Text::FormatInvalidValue,
            };
            let found = value_found(lang, found);
            say!(
                lang,
                key,
                message,
                found,
                expected = value_expected(lang, expected)
            )
        }
        FormatFault::UnknownVariant { variant, expected } => {
            let values = listed(expected).join(text(lang, Text::Comma));
            say!(
                lang,
                Text::FormatUnknownValue,
                message,
                value = variant,
                values
            )
        }
        FormatFault::NoFormFits { .. } => say!(lang, Text::FormatNoFormFits, message),
        FormatFault::Syntax(syntax) => say!(lang, yaml_syntax(*syntax), message),
        FormatFault::Json(syntax) => say!(lang, json_syntax(*syntax), message),
        FormatFault::Other => say!(lang, Text::FormatOther, message),
    };
    if problem.path.is_empty() {
        said
    } else {
        format!("{}{}{said}", problem.path, text(lang, Text::Colon))
    }
}

fn yaml_syntax(syntax: YamlSyntax) -> Text {
    match syntax {
        YamlSyntax::ExpectedKey => Text::YamlExpectedKey,
        YamlSyntax::ColonNotAllowed => Text::YamlColonNotAllowed,
        YamlSyntax::ExpectedDash => Text::YamlExpectedDash,
        YamlSyntax::ExpectedColon => Text::YamlExpectedColon,
        YamlSyntax::BadCharacter => Text::YamlBadCharacter,
        YamlSyntax::UnexpectedEnd => Text::YamlUnexpectedEnd,
        YamlSyntax::UnclosedList => Text::YamlUnclosedList,
        YamlSyntax::UnclosedMap => Text::YamlUnclosedMap,
        YamlSyntax::ExpectedValue => Text::YamlExpectedValue,
        YamlSyntax::TabIndent => Text::YamlTabIndent,
        YamlSyntax::UnknownEscape => Text::YamlUnknownEscape,
        YamlSyntax::UnknownAnchor => Text::YamlUnknownAnchor,
        YamlSyntax::EmptyDocument => Text::YamlEmptyDocument,
        YamlSyntax::TooDeep => Text::YamlTooDeep,
    }
}

fn json_syntax(syntax: JsonSyntax) -> Text {
    match syntax {
        JsonSyntax::ExpectedValue => Text::JsonExpectedValue,
        JsonSyntax::UnexpectedEnd => Text::JsonUnexpectedEnd,
        JsonSyntax::Trailing => Text::JsonTrailing,
        JsonSyntax::ExpectedComma => Text::JsonExpectedComma,
        JsonSyntax::ExpectedColon => Text::JsonExpectedColon,
        JsonSyntax::KeyNotString => Text::JsonKeyNotString,
    }
}

/// A value as a reader describes what it found (`string "many"`, `integer `7``, `sequence`).
fn value_found(lang: Lang, found: &str) -> String {
    let quoted = |prefix: &str| {
        found
            .strip_prefix(prefix)
            .map(|value| value.trim_matches('`').to_string())
    };
    if let Some(value) = quoted("string ") {
        return say!(lang, Text::ValueTextFound, value);
    }
    if let Some(value) = quoted("integer ") {
        return say!(lang, Text::ValueIntegerFound, value);
    }
    if let Some(value) = quoted("floating point ") {
        return say!(lang, Text::ValueNumberFound, value);
    }
    if let Some(value) = quoted("boolean ") {
        return value;
    }
    let key = match found {
        "sequence" => Text::ValueList,
        "map" => Text::ValueFields,
        "unit value" | "null" => Text::ValueNothing,
        _ => return found.to_string(),
    };
    say!(lang, key)
}

/// What a reader expected (`u32`, `a string`, `struct RawSet`, `a sequence`).
fn value_expected(lang: Lang, expected: &str) -> String {
    let key = match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "isize"
        | "an integer" => Text::ValueInteger,
        "f32" | "f64" | "a number" => Text::ValueNumber,
        "a string" | "a borrowed string" | "a character" | "char" => Text::ValueText,
        "a sequence" | "a list" => Text::ValueList,
        "a map" | "a mapping" => Text::ValueFields,
        "a boolean" => Text::ValueBoolean,
        _ if expected.starts_with("struct ") || expected.starts_with("a struct") => {
            Text::ValueFields
        }
        _ => return expected.to_string(),
    };
    say!(lang, key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::square::Color;

    /// Every sentence of this file in both languages: filled, and Chinese without the
    /// English words of the reason.
    #[test]
    fn every_reason_is_said_in_both_languages() {
        let board = Board::TenByTen;
        let fen = |reason| {
            FenError::Parse(ParseFenError {
                column: 4,
                token: "28x".into(),
                reason,
            })
        };
        let mut said = Vec::new();
        for reason in [
            FenSyntax::Empty,
            FenSyntax::NoSideToMove,
            FenSyntax::NotSideToMove,
            FenSyntax::NotColourList,
            FenSyntax::ListedTwice(Color::Black),
            FenSyntax::NotDarkSquare,
            FenSyntax::NotSquareNumber,
            FenSyntax::NumberTooLarge,
            FenSyntax::RangeDownwards,
            FenSyntax::RangeBeyondBoard { board },
        ] {
            let error = fen(reason);
            // English is the rules crate's own sentence.
            assert_eq!(
                fen_error(Lang::English, &error),
                error.to_string(),
                "{reason:?}"
            );
            said.push(fen_error(Lang::Chinese, &error));
        }
        for error in [
            PositionError::SquareOutOfRange { square: 51, board },
            PositionError::SquareTwice(31),
            PositionError::TooManyPieces {
                color: Color::White,
                count: 21,
                max: 20,
            },
            PositionError::ManOnPromotionRow {
                color: Color::White,
                square: 3,
                board,
            },
        ] {
            let error = FenError::Position(error);
            assert_eq!(fen_error(Lang::English, &error), error.to_string());
            said.push(fen_error(Lang::Chinese, &error));
        }
        for kind in [
            ErrorKind::NotFound,
            ErrorKind::PermissionDenied,
            ErrorKind::IsADirectory,
            ErrorKind::NotADirectory,
            ErrorKind::StorageFull,
            ErrorKind::ReadOnlyFilesystem,
            ErrorKind::AlreadyExists,
            ErrorKind::InvalidFilename,
            ErrorKind::Other,
        ] {
            for code in [None, Some(5)] {
                let problem = IoProblem {
                    kind,
                    detail: "the system's words".into(),
                    code,
                };
                assert_eq!(io_problem(Lang::English, &problem), "the system's words");
                said.push(io_problem(Lang::Chinese, &problem));
            }
        }
        let missing = std::fs::File::open("/no/such/file").unwrap_err();
        for error in [
            ReadError::TooLarge,
            ReadError::Folder,
            ReadError::Io(IoProblem::from(&missing)),
        ] {
            assert_eq!(read_error(Lang::English, &error), error.to_string());
            said.push(read_error(Lang::Chinese, &error));
        }
        for message in [
            "missing field `title`",
            "exercises[0]: unknown field `gaol`, expected one of `id`, `fen`",
            "unknown field `x`, there are no fields",
            "duplicate field `id`",
            "answers: duplicate entry with key \"a\"",
            "scoring.points: invalid type: string \"many\", expected f64",
            "invalid type: sequence, expected struct RawSet",
            "level: invalid value: integer `-1`, expected u8",
            "unknown variant `x`, expected `a` or `b`",
            "exercises[0].id: data did not match any variant of untagged enum IdText",
            "expected value",
            "EOF while parsing a list",
            "trailing characters",
            "expected `,` or `}`",
            "expected `:`",
            "key must be a string",
        ]
        .into_iter()
        .map(str::to_string)
        .chain(YamlSyntax::ALL.map(|s| s.message().to_string()))
        {
            let problem = FormatProblem::read(&message);
            assert!(problem.fault != FormatFault::Other, "{message}");
            // English is the reader's own message.
            assert_eq!(format_problem(Lang::English, &problem), message);
            said.push(format_problem(Lang::Chinese, &problem));
        }
        let illegal = "W:W32,37:B27"
            .parse::<crate::Position<crate::International>>()
            .unwrap()
            .parse_move("37-31")
            .unwrap_err();
        let label = || "12...".to_string();
        for problem in [
            PdnProblem::Io {
                kind: ErrorKind::NotFound,
                detail: "No such file or directory (os error 2)".into(),
            },
            PdnProblem::LineTooLong { line: 3 },
            PdnProblem::GameTooLarge { line: 3 },
            PdnProblem::Utf16,
            PdnProblem::Latin1,
            PdnProblem::TooManyTokens,
            PdnProblem::MalformedTag {
                text: "[Event a]".into(),
            },
            PdnProblem::Unopened {
                closing: ')',
                opening: '(',
            },
            PdnProblem::BadNag { word: "$x".into() },
            PdnProblem::UnclosedComment,
            PdnProblem::UnclosedVariation,
            PdnProblem::UnknownGameType { kind: "30".into() },
            PdnProblem::OtherGameType {
                kind: "21".into(),
                variant: Variant::Russian,
            },
            PdnProblem::FenTag {
                fen: "W:W51".into(),
                error: Box::new(FenError::Position(PositionError::SquareOutOfRange {
                    square: 51,
                    board,
                })),
            },
            PdnProblem::VariationBeforeMoves,
            PdnProblem::NagBeforeMoves {
                nag: crate::pdn::Nag(1),
            },
            PdnProblem::UnknownSuffix {
                label: label(),
                suffix: "!!!".into(),
                word: "32-28!!!".into(),
            },
            PdnProblem::UnrecordedMove {
                label: label(),
                text: "-".into(),
            },
            PdnProblem::NotAMove { word: "Qh5".into() },
            PdnProblem::TextAfterMove {
                tail: "Zeitnot".into(),
                label: label(),
                head: "33-28".into(),
            },
            PdnProblem::Move {
                label: label(),
                text: "37-31".into(),
                error: Box::new(illegal),
                variant: Variant::International,
            },
        ] {
            // English is the rules crate's own sentence.
            assert_eq!(pdn_problem(Lang::English, &problem), problem.to_string());
            said.push(pdn_problem(Lang::Chinese, &problem));
        }
        // Chinese without English words: a run of four letters or more is a field, a value
        // or the name of a format (JSON, YAML, UTF) as written in the files.
        let allowed = [
            "title",
            "exercises",
            "scoring",
            "points",
            "level",
            "answers",
            "gaol",
            "many",
            "Event",
            "Qh5",
            "Zeitnot",
            "GameType",
            "damtutor",
            "Name",
            "value",
            "Latin",
        ];
        let mut english = Vec::new();
        for sentence in &said {
            assert!(!sentence.contains('{'), "{sentence}");
            english.extend(
                sentence
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| w.len() >= 4 && !allowed.contains(w))
                    .filter(|w| !w.chars().all(|c| c.is_ascii_uppercase()))
                    .map(|w| format!("{w} in {sentence}")),
            );
        }
        assert!(english.is_empty(), "{english:#?}");
    }
}
