//! What a YAML or JSON reader (serde_yaml, serde_json) said is wrong with a file, read back
//! into its parts - the field, the value found, what was expected - so that the words layer
//! can say it in either language ([`words::format_problem`](crate::words::format_problem)).
//! The English sentence of each shape is the reader's own, word for word.
//!
//! ```
//! use damtutor::input::{FormatFault, FormatProblem};
//! let problem = FormatProblem::read("exercises[0]: missing field `id`");
//! assert_eq!(problem.path, "exercises[0]");
//! assert_eq!(problem.fault, FormatFault::MissingField { field: "id".into() });
//! ```

/// A reader's message, read: where in the data, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatProblem {
    /// Where in the data, as the reader names it (`exercises[0].title`); empty at the top.
    pub path: String,
    /// The reader's words after the path, as it said them (said as they are in English).
    pub message: String,
    pub fault: FormatFault,
}

/// What is wrong, in the shapes serde and libyaml say it. `found` and `expected` are the
/// reader's words (`string "many"`, `u32`, `struct RawSet`); `expected` after an unknown
/// field or value is the reader's list (`expected one of `id`, `fen``).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatFault {
    /// `missing field `title``.
    MissingField { field: String },
    /// `unknown field `gaol`, expected one of ...`.
    UnknownField { field: String, expected: String },
    /// `duplicate field `title``.
    DuplicateField { field: String },
    /// `duplicate entry with key "a"`: a key of a map written twice.
    DuplicateKey { key: String },
    /// `invalid type: string "many", expected u32`.
    InvalidType { found: String, expected: String },
    /// `invalid value: integer `-1`, expected u8`.
    InvalidValue { found: String, expected: String },
    /// `unknown variant `x`, expected one of ...`.
    UnknownVariant { variant: String, expected: String },
    /// `data did not match any variant of untagged enum IdText`: no form of the value fits.
    NoFormFits { name: String },
    /// The YAML text itself is broken.
    Syntax(YamlSyntax),
    /// The JSON text itself is broken.
    Json(JsonSyntax),
    /// A message of no shape known here.
    Other,
}

/// The YAML syntax errors of libyaml (and serde_yaml) met in files written by hand. Each
/// one's English words are libyaml's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum YamlSyntax {
    /// `did not find expected key`: a line indented where a key was expected.
    ExpectedKey,
    /// `mapping values are not allowed in this context`: a `: ` inside a plain value.
    ColonNotAllowed,
    /// `did not find expected '-' indicator`: a list item not in line with the others.
    ExpectedDash,
    /// `could not find expected ':'`: a key without its colon.
    ExpectedColon,
    /// `found character that cannot start any token`: `@`, a backquote, a tab.
    BadCharacter,
    /// `found unexpected end of stream`: a quote left open.
    UnexpectedEnd,
    /// `did not find expected ',' or ']'`.
    UnclosedList,
    /// `did not find expected ',' or '}'`.
    UnclosedMap,
    /// `did not find expected node content`: a value missing.
    ExpectedValue,
    /// `found a tab character that violates indentation`.
    TabIndent,
    /// `found unknown escape character`: a backslash in double quotes.
    UnknownEscape,
    /// `unknown anchor`: an alias `*x` without its `&x`.
    UnknownAnchor,
    /// `EOF while parsing a value`: an empty file.
    EmptyDocument,
    /// `recursion limit exceeded`.
    TooDeep,
}

impl YamlSyntax {
    /// Every syntax error, for tests.
    pub const ALL: [YamlSyntax; 14] = [
        YamlSyntax::ExpectedKey,
        YamlSyntax::ColonNotAllowed,
        YamlSyntax::ExpectedDash,
        YamlSyntax::ExpectedColon,
        YamlSyntax::BadCharacter,
        YamlSyntax::UnexpectedEnd,
        YamlSyntax::UnclosedList,
        YamlSyntax::UnclosedMap,
        YamlSyntax::ExpectedValue,
        YamlSyntax::TabIndent,
        YamlSyntax::UnknownEscape,
        YamlSyntax::UnknownAnchor,
        YamlSyntax::EmptyDocument,
        YamlSyntax::TooDeep,
    ];

    /// libyaml's (or serde_yaml's) words for it.
    pub fn message(self) -> &'static str {
        match self {
            YamlSyntax::ExpectedKey => "did not find expected key",
            YamlSyntax::ColonNotAllowed => "mapping values are not allowed in this context",
            YamlSyntax::ExpectedDash => "did not find expected '-' indicator",
            YamlSyntax::ExpectedColon => "could not find expected ':'",
            YamlSyntax::BadCharacter => "found character that cannot start any token",
            YamlSyntax::UnexpectedEnd => "found unexpected end of stream",
            YamlSyntax::UnclosedList => "did not find expected ',' or ']'",
            YamlSyntax::UnclosedMap => "did not find expected ',' or '}'",
            YamlSyntax::ExpectedValue => "did not find expected node content",
            YamlSyntax::TabIndent => "found a tab character that violates indentation",
            YamlSyntax::UnknownEscape => "found unknown escape character",
            YamlSyntax::UnknownAnchor => "unknown anchor",
            YamlSyntax::EmptyDocument => "EOF while parsing a value",
            YamlSyntax::TooDeep => "recursion limit exceeded",
        }
    }
}

/// The JSON syntax errors of serde_json met in files edited by hand or of another kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum JsonSyntax {
    /// `expected value` (or `expected ident`): not JSON at all (a YAML or CSV file), or a
    /// value missing.
    ExpectedValue,
    /// `EOF while parsing a list` (an object, a string...): a bracket or quote left open.
    UnexpectedEnd,
    /// `trailing characters` or `trailing comma`.
    Trailing,
    /// `expected `,` or `}`` (or `]`).
    ExpectedComma,
    /// `expected `:``.
    ExpectedColon,
    /// `key must be a string`: a key without double quotes.
    KeyNotString,
}

impl JsonSyntax {
    fn read(message: &str) -> Option<JsonSyntax> {
        Some(match message {
            // `expected ident`: a word that is not true, false or null (a YAML file's `title`).
            "expected value" | "expected ident" => JsonSyntax::ExpectedValue,
            "trailing characters" | "trailing comma" => JsonSyntax::Trailing,
            "expected `:`" => JsonSyntax::ExpectedColon,
            "key must be a string" => JsonSyntax::KeyNotString,
            _ if message.starts_with("EOF while parsing") => JsonSyntax::UnexpectedEnd,
            _ if message.starts_with("expected `,` or ") => JsonSyntax::ExpectedComma,
            _ => return None,
        })
    }
}

impl FormatProblem {
    /// Reads a reader's message, its location (`at line 3 column 5`) already cut off. A
    /// quoted value the reader repeats is cut to `QUOTED_CHARS` (60) characters: a file of one
    /// long line would otherwise be said back whole.
    pub fn read(message: &str) -> FormatProblem {
        let message = shorten_quoted(message);
        let (path, rest) = match message.split_once(": ") {
            Some((path, rest)) if is_path(path) => (path, rest),
            _ => ("", message.as_str()),
        };
        FormatProblem {
            path: path.to_string(),
            message: rest.to_string(),
            fault: FormatFault::read(rest),
        }
    }
}

/// The most characters of a quoted value kept in a reader's message.
pub const QUOTED_CHARS: usize = 60;

/// `message` with each `"..."` longer than [`QUOTED_CHARS`] characters cut to them and `…`
/// (the readers quote values as Rust strings, with `\"` inside).
fn shorten_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut quoted: Option<usize> = None;
    let mut escaped = false;
    for c in message.chars() {
        match quoted {
            None => {
                out.push(c);
                if c == '"' {
                    quoted = Some(0);
                }
            }
            Some(count) => {
                let closes = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                if closes {
                    if count > QUOTED_CHARS {
                        out.push('…');
                    }
                    out.push(c);
                    quoted = None;
                } else {
                    if count < QUOTED_CHARS {
                        out.push(c);
                    }
                    quoted = Some(count + 1);
                }
            }
        }
    }
    out
}

/// Whether the text before a reader's first `: ` is a path into the data (`exercises[0].id`,
/// `scoring`) rather than words.
fn is_path(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || "_-.[]?".contains(c))
}

impl FormatFault {
    fn read(message: &str) -> FormatFault {
        if let Some(syntax) = YamlSyntax::ALL
            .into_iter()
            .find(|s| message == s.message() || message.starts_with(&format!("{}, ", s.message())))
        {
            return FormatFault::Syntax(syntax);
        }
        if message == "found a tab character where an indentation space is expected" {
            return FormatFault::Syntax(YamlSyntax::TabIndent);
        }
        if message == "found undefined alias" {
            return FormatFault::Syntax(YamlSyntax::UnknownAnchor);
        }
        if let Some(syntax) = JsonSyntax::read(message) {
            return FormatFault::Json(syntax);
        }
        let named = |prefix: &str| -> Option<(String, String)> {
            let rest = message.strip_prefix(prefix)?.strip_prefix('`')?;
            let (name, after) = rest.split_once('`')?;
            Some((name.to_string(), after.to_string()))
        };
        if let Some((field, after)) = named("missing field ") {
            if after.is_empty() {
                return FormatFault::MissingField { field };
            }
        }
        if let Some((field, after)) = named("duplicate field ") {
            if after.is_empty() {
                return FormatFault::DuplicateField { field };
            }
        }
        if let Some((field, after)) = named("unknown field ") {
            if let Some(expected) = after.strip_prefix(", ") {
                let expected = expected.to_string();
                return FormatFault::UnknownField { field, expected };
            }
        }
        if let Some((variant, after)) = named("unknown variant ") {
            if let Some(expected) = after.strip_prefix(", ") {
                let expected = expected.to_string();
                return FormatFault::UnknownVariant { variant, expected };
            }
        }
        for (prefix, value) in [("invalid type: ", true), ("invalid value: ", false)] {
            if let Some((found, expected)) = message
                .strip_prefix(prefix)
                .and_then(|rest| rest.rsplit_once(", expected "))
            {
                let (found, expected) = (found.to_string(), expected.to_string());
                return if value {
                    FormatFault::InvalidType { found, expected }
                } else {
                    FormatFault::InvalidValue { found, expected }
                };
            }
        }
        if let Some(key) = message.strip_prefix("duplicate entry with key ") {
            let key = key.trim_matches('"').trim_matches('`').to_string();
            return FormatFault::DuplicateKey { key };
        }
        if let Some(name) = message.strip_prefix("data did not match any variant of untagged enum ")
        {
            let name = name.to_string();
            return FormatFault::NoFormFits { name };
        }
        FormatFault::Other
    }
}

/// The names in backquotes of a reader's list: `expected one of `id`, `fen`` -> `id`, `fen`.
pub fn listed(expected: &str) -> Vec<&str> {
    expected.split('`').skip(1).step_by(2).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readers_messages_are_read_into_their_parts() {
        let problem = FormatProblem::read(
            "exercises[0]: unknown field `gaol`, expected one of `id`, `variant`, `fen`",
        );
        assert_eq!(problem.path, "exercises[0]");
        let FormatFault::UnknownField { field, expected } = &problem.fault else {
            panic!("{problem:?}");
        };
        assert_eq!(field, "gaol");
        assert_eq!(listed(expected), ["id", "variant", "fen"]);
    }

    #[test]
    fn a_long_quoted_value_is_cut() {
        let long = "a".repeat(100_000);
        let problem = FormatProblem::read(&format!(
            "invalid type: string \"{long}\", expected struct RawSet"
        ));
        let cut = format!("string \"{}…\"", "a".repeat(QUOTED_CHARS));
        assert_eq!(
            problem.message,
            format!("invalid type: {cut}, expected struct RawSet")
        );
        assert_eq!(
            problem.fault,
            FormatFault::InvalidType {
                found: cut,
                expected: "struct RawSet".into()
            }
        );
        // Short values, and quotes escaped inside them, are kept as they are.
        let short = r#"invalid type: string "a \"b\" c", expected u32"#;
        assert_eq!(FormatProblem::read(short).message, short);
        assert_eq!(
            FormatProblem::read("scoring.points: invalid type: string \"many\", expected f64")
                .fault,
            FormatFault::InvalidType {
                found: "string \"many\"".into(),
                expected: "f64".into()
            }
        );
        assert_eq!(
            FormatProblem::read("did not find expected key").fault,
            FormatFault::Syntax(YamlSyntax::ExpectedKey)
        );
        assert_eq!(
            FormatProblem::read("did not find expected key, while parsing a block mapping").fault,
            FormatFault::Syntax(YamlSyntax::ExpectedKey)
        );
        assert_eq!(
            FormatProblem::read("answers: duplicate entry with key \"a\"").fault,
            FormatFault::DuplicateKey { key: "a".into() }
        );
        // Words before a colon are no path.
        let custom = FormatProblem::read("the en text must be a text, such as en: \"...\"");
        assert_eq!(custom.path, "");
        assert_eq!(custom.fault, FormatFault::Other);
    }
}
