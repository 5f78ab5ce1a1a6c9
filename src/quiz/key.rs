//! The machine-readable answer key of a quiz: what the scorer needs, and the `--key` file.

use super::question::side_name;
use super::question::{Blank, QuestionType, Quiz, Topic};
use crate::input::{FormatProblem, ReadError};
use crate::solver::{Goal, Motif};
use crate::square::Color;
use crate::words::{self, say, text, Lang, Text};
use crate::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

/// The machine-readable answer key: what [`score`](crate::check::score) needs. The `--key` file; the JSON of a whole
/// [`Quiz`] reads as a key too (extra fields are ignored).
///
/// ```json
/// {"seed": 7, "lang": "en", "total_points": 60, "questions": [
///   {"id": "q1", "type": "single", "topic": "board", "answer": ["C"], "points": 2, "options": 4},
///   {"id": "q9", "type": "blank", "topic": "rules", "answer": ["forbidden", "permitted"], "points": 4,
///    "blanks": [{"points": 2, "kind": "text", "accept": ["forbidden", "禁止"]}, ...]},
///   {"id": "q19", "type": "diagram", "topic": "tactics", "answer": ["43-38", "47x32", "28x37"],
///    "points": 10, "fen": "W:W11,23,27,28,43:BK47", "goal": "win"},
///   {"id": "q20", "type": "design", "topic": "tactics", "answer": ["W:W11,23,27,28,43:BK47"],
///    "points": 10, "motif": "turkish_strike", "side": "white"}]}
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Key {
    pub seed: u64,
    /// The language of the feedback (a key in a language damtutor does not know is marked in
    /// English).
    #[serde(deserialize_with = "any_language")]
    pub lang: Lang,
    /// The version's letter, for a quiz written in several versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<char>,
    pub total_points: u32,
    pub questions: Vec<KeyQuestion>,
}

/// One question of a [`Key`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct KeyQuestion {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: QuestionType,
    /// The game the question is about (international draughts when not given).
    #[serde(default)]
    pub variant: Variant,
    pub topic: Topic,
    /// As in [`Question::answer`](super::Question::answer).
    pub answer: Vec<String>,
    pub points: u32,
    /// The number of options of a choice question (a whole quiz's JSON gives the list itself).
    #[serde(default, deserialize_with = "option_count")]
    pub options: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blanks: Vec<Blank>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Goal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motif: Option<Motif>,
    #[serde(default, skip_serializing_if = "Option::is_none", with = "side_name")]
    pub side: Option<Color>,
}

/// Reads a language code; one damtutor does not know is English.
fn any_language<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Lang, D::Error> {
    let code = String::deserialize(deserializer)?;
    Ok(code.parse().unwrap_or(Lang::English))
}

/// Reads `options` as a count or as the list of option texts.
fn option_count<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Count {
        Number(usize),
        List(Vec<serde::de::IgnoredAny>),
    }
    Ok(match Count::deserialize(deserializer)? {
        Count::Number(n) => n,
        Count::List(list) => list.len(),
    })
}

/// Why a key could not be read. Said in either language by [`say`](KeyError::say);
/// `Display` is English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyError {
    /// The file could not be read.
    Read { file: String, error: ReadError },
    /// The text is not a key's JSON: the reader's problem and its place (line and column,
    /// when the reader gave them), in the file `file` when it came from one.
    NotAKey {
        file: Option<String>,
        problem: Box<FormatProblem>,
        place: Option<(usize, usize)>,
    },
}

impl KeyError {
    /// The error in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        let colon = text(lang, Text::Colon);
        match self {
            KeyError::Read { file, error } => {
                format!("{file}{colon}{}", words::read_error(lang, error))
            }
            KeyError::NotAKey {
                file,
                problem,
                place,
            } => {
                let error = words::format_problem(lang, problem);
                let error = match place {
                    Some((line, column)) => say!(lang, Text::KeyAt, error, line, column),
                    None => error,
                };
                let said = say!(lang, Text::KeyNotAKey, error);
                match file {
                    Some(file) => format!("{file}{colon}{said}"),
                    None => said,
                }
            }
        }
    }
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::English))
    }
}

impl std::error::Error for KeyError {}

impl Key {
    /// Reads a key file (the `--key` output, or the JSON of a whole quiz).
    pub fn load(path: &Path) -> Result<Key, KeyError> {
        let file = path.display().to_string();
        let text = crate::input::read_text(path).map_err(|error| KeyError::Read {
            file: file.clone(),
            error,
        })?;
        Key::from_json(&text).map_err(|error| match error {
            KeyError::NotAKey { problem, place, .. } => KeyError::NotAKey {
                file: Some(file),
                problem,
                place,
            },
            read => read,
        })
    }

    /// Reads a key from JSON text.
    pub fn from_json(text: &str) -> Result<Key, KeyError> {
        serde_json::from_str(text).map_err(|e| {
            let message = e.to_string();
            let message = message
                .rfind(" at line ")
                .map_or(message.as_str(), |at| &message[..at]);
            KeyError::NotAKey {
                file: None,
                problem: Box::new(FormatProblem::read(message)),
                place: (e.line() > 0).then(|| (e.line(), e.column())),
            }
        })
    }

    /// The key as pretty JSON, ending with a newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// The question `id`.
    pub fn question(&self, id: &str) -> Option<&KeyQuestion> {
        self.questions.iter().find(|q| q.id == id)
    }
}

impl Quiz {
    /// The machine-readable answer key.
    pub fn key(&self) -> Key {
        Key {
            seed: self.seed,
            lang: self.lang,
            version: self.version,
            total_points: self.total_points,
            questions: self
                .questions
                .iter()
                .map(|q| KeyQuestion {
                    id: q.id.clone(),
                    kind: q.kind,
                    variant: q.variant,
                    topic: q.topic,
                    answer: q.answer.clone(),
                    points: q.points,
                    options: q.options.len(),
                    fen: q.fen.clone(),
                    blanks: q.blanks.clone(),
                    goal: q.goal,
                    motif: q.motif,
                    side: q.side,
                })
                .collect(),
        }
    }
}
