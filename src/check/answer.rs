//! Reading a student's answer to a quiz question: option letters, the items of a fill-in,
//! numbers written as digits or words, and designed positions.

use crate::quiz::BLANK;
use crate::square::Color;
use crate::words::synonyms::normalize;
use crate::words::{say, Lang, Text};
use crate::Rules;
use damtutor_rules::Position;
use serde::{Deserialize, Serialize};

/// A student's answer to one question: a text, or a list of texts (numbers are read as text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AnswerValue {
    Text(String),
    List(Vec<String>),
}

impl<'de> Deserialize<'de> for AnswerValue {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<AnswerValue, D::Error> {
        fn text(value: serde_json::Value) -> String {
            match value {
                serde_json::Value::String(s) => s,
                serde_json::Value::Null => String::new(),
                other => other.to_string(),
            }
        }
        Ok(match serde_json::Value::deserialize(deserializer)? {
            serde_json::Value::Array(items) => {
                AnswerValue::List(items.into_iter().map(text).collect())
            }
            other => AnswerValue::Text(text(other)),
        })
    }
}

impl From<&str> for AnswerValue {
    fn from(text: &str) -> AnswerValue {
        AnswerValue::Text(text.to_string())
    }
}

impl AnswerValue {
    /// Whether nothing was answered.
    pub fn is_empty(&self) -> bool {
        match self {
            AnswerValue::Text(t) => t.trim().is_empty(),
            AnswerValue::List(items) => items.iter().all(|t| t.trim().is_empty()),
        }
    }

    /// The whole answer as one text (a list joined by spaces).
    pub fn joined(&self) -> String {
        match self {
            AnswerValue::Text(t) => t.clone(),
            AnswerValue::List(items) => items.join(" "),
        }
    }
}

/// Reads a whole number written in digits or in English or Chinese words.
pub fn parse_number(text: &str) -> Option<u64> {
    let text = normalize(text);
    let runs: Vec<&str> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|r| !r.is_empty())
        .collect();
    if runs.len() == 1 {
        return runs[0].parse().ok();
    }
    if !runs.is_empty() {
        return None;
    }
    english_number(&text).or_else(|| chinese_number(&text))
}

fn english_number(text: &str) -> Option<u64> {
    const UNITS: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const ORDINALS: [&str; 20] = [
        "zeroth",
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
        "thirteenth",
        "fourteenth",
        "fifteenth",
        "sixteenth",
        "seventeenth",
        "eighteenth",
        "nineteenth",
    ];
    const TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    let word = |w: &str| -> Option<u64> {
        UNITS
            .iter()
            .position(|u| *u == w)
            .or_else(|| ORDINALS.iter().position(|u| *u == w))
            .map(|n| n as u64)
            .or_else(|| {
                TENS.iter()
                    .position(|t| {
                        !t.is_empty() && (*t == w || w == format!("{}ieth", &t[..t.len() - 1]))
                    })
                    .map(|n| n as u64 * 10)
            })
    };
    let words: Vec<&str> = text
        .split(|c: char| c == '-' || c.is_whitespace())
        .filter(|w| {
            !w.is_empty()
                && !matches!(
                    *w,
                    "moves" | "move" | "times" | "time" | "pieces" | "squares" | "the"
                )
        })
        .collect();
    match words.as_slice() {
        [one] => word(one),
        [tens, unit] => {
            let t = word(tens)?;
            let u = word(unit)?;
            (t >= 20 && t % 10 == 0 && u < 10).then_some(t + u)
        }
        _ => None,
    }
}

fn chinese_number(text: &str) -> Option<u64> {
    let digit = |c: char| -> Option<u64> {
        "零一二三四五六七八九"
            .chars()
            .position(|d| d == c)
            .map(|n| n as u64)
            .or((c == '两').then_some(2))
    };
    let core: String = text
        .trim_start_matches('第')
        .trim_end_matches(|c: char| "个步次回合条格子枚只着".contains(c))
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let chars: Vec<char> = core.chars().collect();
    match chars.as_slice() {
        [] => None,
        [d] => digit(*d).or((*d == '十').then_some(10)),
        ['十', u] => Some(10 + digit(*u)?),
        [t, '十'] => Some(digit(*t)? * 10),
        [t, '十', u] => Some(digit(*t)? * 10 + digit(*u)?),
        ['一', '百'] => Some(100),
        _ => None,
    }
}

/// The option letters in an answer: `"A,C"`, `"ac"`, `"(B)"`, `["A", "C"]`.
pub(super) fn letters(answer: &AnswerValue) -> Option<Vec<String>> {
    let mut found = Vec::new();
    for c in normalize(&answer.joined()).chars() {
        if c.is_ascii_alphabetic() {
            found.push(c.to_ascii_uppercase().to_string());
        } else if !(c.is_whitespace() || ",;、，；|/.()（）".contains(c)) {
            return None;
        }
    }
    found.sort();
    found.dedup();
    Some(found)
}

/// The answers to `count` blanks, one per blank.
pub(super) fn blank_items(answer: &AnswerValue, count: usize) -> Vec<String> {
    match answer {
        AnswerValue::List(items) => items.clone(),
        AnswerValue::Text(text) if count <= 1 => vec![text.clone()],
        AnswerValue::Text(text) => {
            let parts: Vec<String> = text
                .split(['\n', ';', '；', ',', '，', '、', '|', '/'])
                .map(str::trim)
                .filter(|p| !p.is_empty() && *p != BLANK)
                .map(str::to_string)
                .collect();
            if parts.len() == count {
                return parts;
            }
            let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
            if words.len() == count {
                words
            } else {
                parts
            }
        }
    }
}

/// Reads a designed position of the game `R`: a FEN, or each side's squares after a colour word
/// (`white 11 23 27 28 43 black K47`, `白：11,23 黑：K47`, `白：c3 e3 黑：Kd6`; English checkers'
/// dark side also as `红`), with `side` to move. Errors are sentences in `lang`.
pub fn parse_design<R: Rules>(text: &str, side: Color, lang: Lang) -> Result<Position<R>, String> {
    let trimmed = text.trim();
    if let Ok(position) = trimmed.parse::<Position<R>>() {
        return Ok(position);
    }
    let board = R::RULES.board;
    let named = R::RULES.notation != crate::Notation::Numeric;
    let square_of = |word: &str| -> Option<String> {
        let digits = !word.is_empty() && word.chars().all(|c| c.is_ascii_digit());
        if digits || named {
            board.parse_square(word).map(|s| s.number().to_string())
        } else {
            None
        }
    };
    let normalized: String = normalize(trimmed)
        .chars()
        .map(|c| match c {
            '：' | ':' | ',' | '，' | '、' | ';' | '；' => ' ',
            '王' => 'k',
            c => c,
        })
        .collect();
    const MARKERS: [(&str, usize); 18] = [
        ("white", 0),
        ("白方", 0),
        ("白子", 0),
        ("白棋", 0),
        ("白", 0),
        ("w", 0),
        ("black", 1),
        ("黑方", 1),
        ("黑子", 1),
        ("黑棋", 1),
        ("黑", 1),
        ("red", 1),
        ("红方", 1),
        ("红子", 1),
        ("红棋", 1),
        ("红", 1),
        ("b", 1),
        ("r", 1),
    ];
    let mut lists: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut current: Option<usize> = None;
    for token in normalized.split_whitespace() {
        let mut word = token;
        while !word.is_empty() {
            // A square (a king's with K before it) first: `b4` names a square, `b` a side.
            let king = word.starts_with('k');
            if let Some(square) = square_of(word.trim_start_matches('k')) {
                let Some(side) = current else {
                    return Err(say!(lang, Text::DesignWhosePieces, word));
                };
                lists[side].push(if king { format!("K{square}") } else { square });
                break;
            }
            match MARKERS.iter().find(|(m, _)| word.starts_with(m)) {
                Some(&(marker, side)) => {
                    current = Some(side);
                    word = &word[marker.len()..];
                }
                None if current.is_none() => {
                    return Err(say!(lang, Text::DesignWhosePieces, word));
                }
                None => return Err(say!(lang, Text::DesignNotASquare, word)),
            }
        }
    }
    if lists.iter().all(Vec::is_empty) {
        return Err(say!(lang, Text::DesignNoPieces));
    }
    let fen = format!(
        "{}:W{}:B{}",
        side.letter(),
        lists[0].join(","),
        lists[1].join(",")
    );
    fen.parse::<Position<R>>().map_err(|e| match lang {
        Lang::English => e.to_string(),
        Lang::Chinese => say!(lang, Text::DesignIllegal, error = e),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::synonyms::same_word;

    #[test]
    fn words_and_numbers_normalise() {
        assert_eq!(normalize("  Ｐｅｒｍｉｔｔｅｄ。"), "permitted");
        assert!(same_word("允许", &["permitted".to_string()]));
        assert!(same_word("Allowed", &["permitted".to_string()]));
        assert!(same_word("禁止", &["forbidden".to_string()]));
        assert!(!same_word("允许", &["forbidden".to_string()]));
        assert!(same_word("白方", &["white".to_string()]));
        assert_eq!(parse_number("２５"), Some(25));
        assert_eq!(parse_number("twenty-five"), Some(25));
        assert_eq!(parse_number("二十五"), Some(25));
        assert_eq!(parse_number("十六步"), Some(16));
        assert_eq!(parse_number("第三"), Some(3));
        assert_eq!(parse_number("third"), Some(3));
        assert_eq!(parse_number("25 moves"), Some(25));
        assert_eq!(parse_number("5 or 16"), None);
    }

    #[test]
    fn designs_read_as_fen_or_lists() {
        use crate::{Brazilian, English, International};
        let en = Lang::English;
        let fen = "W:W11,23,27,28,43:BK47";
        let want: Position<International> = fen.parse().unwrap();
        assert_eq!(
            parse_design::<International>(fen, Color::White, en),
            Ok(want)
        );
        assert_eq!(
            parse_design::<International>("white 11 23 27 28 43 black K47", Color::White, en),
            Ok(want)
        );
        assert_eq!(
            parse_design::<International>("白：11，23，27，28，43 黑：K47", Color::White, en),
            Ok(want)
        );
        assert!(parse_design::<International>("11 23", Color::White, en).is_err());
        assert!(parse_design::<International>("white 51", Color::White, en).is_err());
        // The 64-square board by square names: b4 is a square, b alone Black.
        let want: Position<Brazilian> = "W:Wc3,e3:BKd6,b6".parse().unwrap();
        assert_eq!(
            parse_design::<Brazilian>("白：c3 e3 黑：Kd6 b6", Color::White, en),
            Ok(want)
        );
        assert_eq!(
            parse_design::<Brazilian>("w c3 e3 b kd6 b6", Color::White, en),
            Ok(want)
        );
        // English checkers' dark side is red in Chinese.
        let want: Position<English> = "B:W22,23:B14".parse().unwrap();
        assert_eq!(
            parse_design::<English>("红：14 白：22，23", Color::Black, en),
            Ok(want)
        );
        let error = parse_design::<Brazilian>("c3 e3", Color::White, Lang::Chinese).unwrap_err();
        assert!(error.contains("哪一方"), "{error}");
        let error = parse_design::<English>("白 33", Color::White, Lang::Chinese).unwrap_err();
        assert!(!error.chars().any(|c| c.is_ascii_alphabetic()), "{error}");
    }
}
