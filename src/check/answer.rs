//! Reading a student's answer to a quiz question: option letters, the items of a fill-in,
//! numbers written as digits or words, and designed positions.

use crate::position::Position;
use crate::quiz::BLANK;
use crate::square::Color;
use crate::words::synonyms::normalize;
use crate::words::{say, Lang, Text};
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

/// Reads a designed position: a FEN, or each side's squares after a colour word
/// (`white 11 23 27 28 43 black K47`, `白：11,23 黑：K47`), with `side` to move. What is
/// wrong is said in English; see [`parse_design_in`].
pub fn parse_design(text: &str, side: Color) -> Result<Position, String> {
    parse_design_in(text, side, Lang::English)
}

/// [`parse_design`], saying what is wrong in `lang`.
pub fn parse_design_in(text: &str, side: Color, lang: Lang) -> Result<Position, String> {
    let trimmed = text.trim();
    if let Ok(position) = trimmed.parse::<Position>() {
        return Ok(position);
    }
    let normalized: String = normalize(trimmed)
        .chars()
        .map(|c| match c {
            '：' | ':' | ',' | '，' | '、' | ';' | '；' => ' ',
            '王' => 'k',
            c => c,
        })
        .collect();
    let mut lists: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut current: Option<usize> = None;
    let mut rest = normalized.as_str();
    while !rest.is_empty() {
        rest = rest.trim_start();
        let markers: [(&str, usize); 10] = [
            ("white", 0),
            ("白方", 0),
            ("白子", 0),
            ("白", 0),
            ("w", 0),
            ("black", 1),
            ("黑方", 1),
            ("黑子", 1),
            ("黑", 1),
            ("b", 1),
        ];
        if let Some(&(marker, side)) = markers.iter().find(|(m, _)| rest.starts_with(m)) {
            current = Some(side);
            rest = &rest[marker.len()..];
            continue;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        rest = &rest[end..];
        if word.is_empty() {
            continue;
        }
        let Some(side) = current else {
            return Err(say!(lang, Text::DesignWhosePieces, word));
        };
        let square = word.trim_start_matches('k');
        if !square.chars().all(|c| c.is_ascii_digit() || c == '-') || square.is_empty() {
            return Err(say!(lang, Text::DesignNotASquare, word));
        }
        lists[side].push(if word.starts_with('k') {
            format!("K{square}")
        } else {
            square.to_string()
        });
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
    fen.parse::<Position>().map_err(|e| e.to_string())
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
        let fen = "W:W11,23,27,28,43:BK47";
        let want: Position = fen.parse().unwrap();
        assert_eq!(parse_design(fen, Color::White), Ok(want));
        assert_eq!(
            parse_design("white 11 23 27 28 43 black K47", Color::White),
            Ok(want)
        );
        assert_eq!(
            parse_design("白：11，23，27，28，43 黑：K47", Color::White),
            Ok(want)
        );
        assert!(parse_design("11 23", Color::White).is_err());
        assert!(parse_design("white 51", Color::White).is_err());
    }
}
