//! A teacher's words in an exercise file - a title, a hint, a comment, a description - in the
//! set's language or in both: `title: "Stop on 29"` or `title: {zh: "停在 29 格", en: "Stop on 29"}`.

use crate::words::{say, Lang, Text};
use serde::Deserialize;

/// A text a teacher wrote, in one language or in both. A sheet, a page or a report shows the
/// text of its own language only: one without it is left out, never shown in the other.
///
/// ```
/// use damtutor::exercise::Bilingual;
/// use damtutor::words::Lang;
/// let title = Bilingual::new(Lang::Chinese, "停在 29 格");
/// assert_eq!(title.get(Lang::Chinese), Some("停在 29 格"));
/// assert_eq!(title.get(Lang::English), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bilingual {
    english: Option<String>,
    chinese: Option<String>,
}

impl Bilingual {
    /// `text` in `lang` (empty if `text` is blank).
    pub fn new(lang: Lang, text: impl Into<String>) -> Bilingual {
        let mut out = Bilingual::default();
        out.set(lang, text);
        out
    }

    /// The text in `lang`, if there is one.
    pub fn get(&self, lang: Lang) -> Option<&str> {
        match lang {
            Lang::English => self.english.as_deref(),
            Lang::Chinese => self.chinese.as_deref(),
        }
    }

    /// The text in `lang` as an owned value (what views carry).
    pub fn to_option(&self, lang: Lang) -> Option<String> {
        self.get(lang).map(str::to_string)
    }

    /// Sets the text in `lang`; a blank text removes it.
    pub fn set(&mut self, lang: Lang, text: impl Into<String>) {
        let text = text.into();
        let text = (!text.trim().is_empty()).then_some(text);
        match lang {
            Lang::English => self.english = text,
            Lang::Chinese => self.chinese = text,
        }
    }

    /// Whether there is no text in any language.
    pub fn is_empty(&self) -> bool {
        self.english.is_none() && self.chinese.is_none()
    }

    /// The languages the text is written in.
    pub fn languages(&self) -> Vec<Lang> {
        Lang::ALL
            .into_iter()
            .filter(|&lang| self.get(lang).is_some())
            .collect()
    }

    /// The text in `lang`, or else in the other language: for messages to the person who wrote
    /// the file (and for file contents), never for a sheet a student reads.
    pub fn any(&self, lang: Lang) -> Option<&str> {
        self.get(lang)
            .or_else(|| Lang::ALL.into_iter().find_map(|other| self.get(other)))
    }
}

/// A plain text (a number or a yes/no is taken as written).
pub(super) struct PlainText(String);

impl PlainText {
    /// The text of a scalar YAML value; `None` for a list or a map.
    fn of(value: serde_yaml::Value) -> Option<PlainText> {
        match value {
            serde_yaml::Value::String(text) => Some(PlainText(text)),
            serde_yaml::Value::Number(number) => Some(PlainText(number.to_string())),
            serde_yaml::Value::Bool(flag) => Some(PlainText(flag.to_string())),
            _ => None,
        }
    }

    fn text(self) -> String {
        self.0
    }
}

/// A field that may hold a plain text or a map of texts by language (in file order).
pub(super) enum RawField {
    Plain(PlainText),
    ByLanguage(Vec<(String, PlainText)>),
}

impl<'de> Deserialize<'de> for RawField {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<RawField, D::Error> {
        use serde::de::Error;
        let wrong = |shape: TextShape| D::Error::custom(shape.say(Lang::English));
        let value = serde_yaml::Value::deserialize(deserializer)?;
        if let serde_yaml::Value::Mapping(map) = value {
            let mut entries = Vec::new();
            for (key, value) in map {
                let key = match PlainText::of(key) {
                    Some(key) => key.text(),
                    None => return Err(wrong(TextShape::Unnamed)),
                };
                let text = PlainText::of(value)
                    .ok_or_else(|| wrong(TextShape::NotText { code: key.clone() }))?;
                entries.push((key, text));
            }
            return Ok(RawField::ByLanguage(entries));
        }
        PlainText::of(value)
            .map(RawField::Plain)
            .ok_or_else(|| wrong(TextShape::NotPlain))
    }
}

/// A teacher's text (`title`, `hint`...) written in a shape that is not a text. Said to serde
/// in English (the YAML reader passes it on as its message) and read back from that message,
/// so that it can be said in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextShape {
    /// A key of `{zh: ..., en: ...}` that is not a language code.
    Unnamed,
    /// The text of language `code` is not a text (a list, a map).
    NotText { code: String },
    /// Neither a text nor a map of texts by language.
    NotPlain,
}

impl TextShape {
    /// The sentence in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        match self {
            TextShape::Unnamed => say!(lang, Text::ProblemTextUnnamed),
            TextShape::NotText { code } => say!(lang, Text::ProblemTextNotText, code),
            TextShape::NotPlain => say!(lang, Text::ProblemTextNotPlain),
        }
    }

    /// The shape whose English sentence is `message`, if any.
    pub(super) fn read(message: &str) -> Option<TextShape> {
        let code = message
            .strip_prefix("the ")
            .and_then(|rest| rest.split_once(' '))
            .map_or("", |(code, _)| code);
        [
            TextShape::Unnamed,
            TextShape::NotPlain,
            TextShape::NotText { code: code.into() },
        ]
        .into_iter()
        .find(|shape| shape.say(Lang::English) == message)
    }
}

impl RawField {
    /// The text, a plain one being in `language` (the set's). The error names the first
    /// unknown language code.
    pub(super) fn resolve(self, language: Lang) -> Result<Bilingual, UnknownLanguage> {
        match self {
            RawField::Plain(text) => Ok(Bilingual::new(language, text.text())),
            RawField::ByLanguage(entries) => {
                let mut out = Bilingual::default();
                for (code, text) in entries {
                    match code.parse::<Lang>() {
                        Ok(lang) => out.set(lang, text.text()),
                        Err(_) => return Err(UnknownLanguage(code)),
                    }
                }
                Ok(out)
            }
        }
    }
}

/// A language code in a text's map that is neither `zh` nor `en`.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct UnknownLanguage(pub String);

/// How a text is written back: plain when it is in `language` alone, else as a map.
#[derive(serde::Serialize)]
#[serde(untagged)]
pub(super) enum OutText<'a> {
    Plain(&'a str),
    ByLanguage {
        #[serde(skip_serializing_if = "Option::is_none")]
        zh: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        en: Option<&'a str>,
    },
}

impl<'a> OutText<'a> {
    /// `text` as a set of `language` writes it; `None` when it is empty.
    pub(super) fn of(text: &'a Bilingual, language: Lang) -> Option<OutText<'a>> {
        match text.languages().as_slice() {
            [] => None,
            [only] if *only == language => text.get(language).map(OutText::Plain),
            _ => Some(OutText::ByLanguage {
                zh: text.get(Lang::Chinese),
                en: text.get(Lang::English),
            }),
        }
    }
}

/// The 1-based line of the language key `code` of the field `field` in the part of `text`
/// that starts at line `from` (the exercise's or the set's first line).
pub(super) fn key_line(text: &str, from: usize, field: &str, code: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let start = from.saturating_sub(1);
    let field_at = (start..lines.len()).find(|&i| {
        let trimmed = lines[i].trim_start().trim_start_matches("- ");
        trimmed.starts_with(&format!("{field}:"))
    })?;
    (field_at..lines.len())
        .find(|&i| {
            let line = lines[i];
            [
                format!("{code}:"),
                format!("\"{code}\":"),
                format!("'{code}':"),
            ]
            .iter()
            .any(|needle| {
                line.match_indices(needle.as_str()).any(|(at, _)| {
                    at == 0 || !line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
                })
            })
        })
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(yaml: &str) -> RawField {
        serde_yaml::from_str(yaml).unwrap()
    }

    #[test]
    fn plain_texts_are_in_the_sets_language_and_maps_in_theirs() {
        let plain = field("\"Stop on 29\"").resolve(Lang::English).unwrap();
        assert_eq!(plain.get(Lang::English), Some("Stop on 29"));
        assert_eq!(plain.get(Lang::Chinese), None);
        let both = field("{zh: 停在 29 格, en: Stop on 29}")
            .resolve(Lang::English)
            .unwrap();
        assert_eq!(both.get(Lang::Chinese), Some("停在 29 格"));
        assert_eq!(both.languages(), [Lang::English, Lang::Chinese]);
        assert_eq!(
            field("{zh: x, fr: y}").resolve(Lang::Chinese),
            Err(UnknownLanguage("fr".into()))
        );
        assert_eq!(
            field("12")
                .resolve(Lang::Chinese)
                .unwrap()
                .get(Lang::Chinese),
            Some("12")
        );
        assert!(field("\"  \"").resolve(Lang::English).unwrap().is_empty());
        let list = serde_yaml::from_str::<RawField>("[a, b]").err().unwrap();
        assert!(list.to_string().contains("must be written as"), "{list}");
        let nested = serde_yaml::from_str::<RawField>("{zh: [a]}").err().unwrap();
        assert!(
            nested.to_string().contains("the zh text must be a text"),
            "{nested}"
        );
        // Each shape is read back from its English words.
        for shape in [
            TextShape::Unnamed,
            TextShape::NotText { code: "zh".into() },
            TextShape::NotPlain,
        ] {
            assert_eq!(TextShape::read(&shape.say(Lang::English)), Some(shape));
        }
    }

    #[test]
    fn texts_are_written_back_as_read() {
        let zh = Bilingual::new(Lang::Chinese, "停");
        let text = serde_yaml::to_string(&OutText::of(&zh, Lang::Chinese)).unwrap();
        assert_eq!(text.trim(), "停");
        let text = serde_yaml::to_string(&OutText::of(&zh, Lang::English)).unwrap();
        assert_eq!(text.trim(), "zh: 停");
        assert!(OutText::of(&Bilingual::default(), Lang::English).is_none());
    }

    #[test]
    fn the_line_of_a_language_key_is_found_after_its_field() {
        let text = "title: T\nexercises:\n  - id: a\n    title:\n      zh: 停\n      fr: x\n  - id: b\n    hint: {de: y}\n";
        assert_eq!(key_line(text, 3, "title", "fr"), Some(6));
        assert_eq!(key_line(text, 7, "hint", "de"), Some(8));
        assert_eq!(key_line(text, 1, "title", "zh"), Some(5));
    }
}
