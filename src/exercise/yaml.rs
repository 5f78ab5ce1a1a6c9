//! Reading YAML text into the raw file types, with every problem placed: the nesting limit,
//! serde_yaml's errors with their line and column, a second document at its `---`, a tab where
//! YAML wants spaces; and the line of each item of a list, of a key or of an id, however it is
//! written.

use super::text::TextShape;
use super::{ExerciseError, Problem};
use crate::input::{FormatFault, FormatProblem};
use serde::de::DeserializeOwned;
use std::collections::HashMap;

/// The deepest nesting of `[...]` and `{...}` read. Exercise and answer files need three or
/// four levels; the limit keeps a hostile file from costing seconds in the YAML parser.
pub const MAX_DEPTH: usize = 64;

/// `text` read as a `T`, or the first problem with its place.
pub(crate) fn read<T: DeserializeOwned>(text: &str, name: &str) -> Result<T, ExerciseError> {
    let error = |line: Option<usize>, column: Option<usize>, problem: Problem| ExerciseError {
        file: name.to_string(),
        line,
        column,
        id: None,
        problem: Box::new(problem),
    };
    if let Some((line, column)) = too_deep(text) {
        let problem = Problem::TooDeep { depth: MAX_DEPTH };
        return Err(error(Some(line), Some(column), problem));
    }
    serde_yaml::from_str(text).map_err(|e| {
        let message = clean_yaml_message(&e.to_string());
        if message.contains("more than one document") {
            return error(second_document(text), None, Problem::SecondDocument);
        }
        let location = e.location();
        let line = location.as_ref().map(|l| l.line());
        let column = location.as_ref().map(|l| l.column());
        let tab = line
            .and_then(|l| text.lines().nth(l - 1))
            .is_some_and(|l| l.contains('\t'));
        error(line, column, yaml_problem(&message, tab))
    })
}

/// serde_yaml's message, read: a teacher's text in a wrong shape (our own words, passed on by
/// the reader), or the reader's problem.
fn yaml_problem(message: &str, tab: bool) -> Problem {
    let problem = FormatProblem::read(message);
    if problem.fault == FormatFault::Other {
        if let Some(shape) = TextShape::read(&problem.message) {
            let path = problem.path;
            return Problem::TextShape { path, shape };
        }
    }
    Problem::Format {
        problem: Box::new(problem),
        tab,
    }
}

/// serde_yaml's message without its trailing location (we print our own).
pub(crate) fn clean_yaml_message(message: &str) -> String {
    match message.find(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// The line of the `---` that starts a second document.
fn second_document(text: &str) -> Option<usize> {
    let mut content = false;
    for (index, line) in text.lines().enumerate() {
        if line.starts_with("---") || line.starts_with("...") {
            if content {
                return Some(index + 1);
            }
            continue;
        }
        let trimmed = line.trim();
        if !trimmed.is_empty() && !trimmed.starts_with('#') && !trimmed.starts_with('%') {
            content = true;
        }
    }
    None
}

/// Where the nesting of flow collections first goes past [`MAX_DEPTH`] (line, column), with
/// brackets inside quoted strings, comments and plain text (`title: Game [1`) not counted.
fn too_deep(text: &str) -> Option<(usize, usize)> {
    let mut depth = 0usize;
    for (index, line) in text.lines().enumerate() {
        let mut value_start = true;
        let mut quote: Option<char> = None;
        let mut previous = ' ';
        let mut chars = line.chars().enumerate().peekable();
        while let Some((column, c)) = chars.next() {
            if let Some(q) = quote {
                if c == q {
                    if q == '\'' && chars.peek().is_some_and(|&(_, n)| n == '\'') {
                        chars.next();
                    } else {
                        quote = None;
                    }
                } else if c == '\\' && q == '"' {
                    chars.next();
                }
                previous = c;
                continue;
            }
            match c {
                '#' if previous == ' ' || column == 0 => break,
                '[' | '{' if value_start || depth > 0 => {
                    depth += 1;
                    if depth > MAX_DEPTH {
                        return Some((index + 1, column + 1));
                    }
                    value_start = true;
                }
                ']' | '}' if depth > 0 => {
                    depth -= 1;
                    value_start = false;
                }
                ',' if depth > 0 => value_start = true,
                '"' | '\'' if value_start => {
                    quote = Some(c);
                    value_start = false;
                }
                ':' | '-' | '?' => value_start = chars.peek().is_none_or(|&(_, n)| n == ' '),
                ' ' => {}
                _ => value_start = false,
            }
            previous = c;
        }
    }
    None
}

/// The line (1-based) of each item of the top-level list `key` when it is written as a block
/// list (`- ...` lines, whatever each item holds: a flow mapping, an anchor, an alias); `None`
/// when it is not (a flow list `key: [...]`, or no such key).
pub(crate) fn item_lines(text: &str, key: &str) -> Option<Vec<usize>> {
    let mut lines = text.lines().enumerate();
    lines.find(|(_, line)| {
        line.strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(':'))
            .is_some_and(|rest| {
                let rest = rest.trim();
                rest.is_empty() || rest.starts_with('#')
            })
    })?;
    let mut indent = None;
    let mut items = Vec::new();
    for (index, line) in lines {
        let trimmed = line.trim_start_matches(' ');
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let width = line.len() - trimmed.len();
        let is_item = trimmed == "-" || trimmed.starts_with("- ");
        match indent {
            None if is_item => indent = Some(width),
            None => return None,
            Some(level) if width < level => break,
            Some(level) if width == level && is_item => {}
            Some(level) if width == level => break,
            Some(_) => continue,
        }
        items.push(index + 1);
    }
    Some(items)
}

/// The first line (1-based) of each key written at the start of a line (`q1:`, `"q1":`, `- q1:`),
/// in one pass over the text.
pub(crate) fn key_lines(text: &str) -> HashMap<&str, usize> {
    let mut lines = HashMap::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start().trim_start_matches(['{', '-', ' ']);
        let key = match trimmed.chars().next() {
            Some(quote @ ('"' | '\'')) => trimmed[1..].split_once(quote).map(|(key, _)| key),
            _ => trimmed.split_once(':').map(|(key, _)| key.trim_end()),
        };
        if let Some(key) = key {
            lines.entry(key).or_insert(index + 1);
        }
    }
    lines
}

/// The 1-based line whose trimmed text starts with `needle`.
pub(crate) fn find_line_start(text: &str, needle: &str) -> Option<usize> {
    text.lines()
        .position(|l| {
            let t = l.trim_start().trim_start_matches(['"', '\'']);
            t.starts_with(needle)
                || t.starts_with(&needle.replace(':', "\":"))
                || t.starts_with(&needle.replace(':', "':"))
        })
        .map(|i| i + 1)
}

/// [`find_line_start`] among the lines after line `after` (1-based).
pub(crate) fn find_line_start_after(text: &str, after: usize, needle: &str) -> Option<usize> {
    let rest: String = text.lines().skip(after).collect::<Vec<_>>().join("\n");
    find_line_start(&rest, needle).map(|line| line + after)
}

/// The 1-based line of the first line containing `needle`.
pub(crate) fn find_line(text: &str, needle: &str) -> Option<usize> {
    text.lines().position(|l| l.contains(needle)).map(|i| i + 1)
}

/// The line of `id: <id>` at or after `from` (a byte offset and its 0-based line index; ids
/// are in file order), which moves past it: each call reads on from the last, so finding
/// every id of a file reads it once.
pub(crate) fn find_id_line(text: &str, id: &str, from: &mut (usize, usize)) -> Option<usize> {
    let (mut offset, mut index) = *from;
    for line in text.get(offset..)?.split_inclusive('\n') {
        offset += line.len();
        index += 1;
        let trimmed = line.trim_start().trim_start_matches("- ").trim_start();
        let trimmed = trimmed.trim_start_matches('{').trim_start();
        if let Some(value) = trimmed.strip_prefix("id:") {
            let value = value.split([',', '}', '#']).next().unwrap_or("");
            let value = value.trim().trim_matches(['"', '\'']);
            if value == id {
                *from = (offset, index);
                return Some(index);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_counted_outside_strings_and_plain_text() {
        assert_eq!(
            too_deep("a: [[1], {b: [2]}]\nt: Game [1\nc: \"[[[[\"\n"),
            None
        );
        let deep = format!("exercises: {}{}\n", "[".repeat(65), "]".repeat(65));
        assert_eq!(too_deep(&deep), Some((1, 76)));
        let plain = "t: x [\n".repeat(200);
        assert_eq!(too_deep(&plain), None);
    }

    #[test]
    fn items_are_found_in_every_block_style() {
        let text = "title: T\nexercises:\n  - {id: a}\n  # note\n  - &x\n    id: b\n    comment: |\n      - not an item\n  - *x\n  -\n    id: c\nlevel: 2\n";
        assert_eq!(item_lines(text, "exercises"), Some(vec![3, 5, 9, 10]));
        assert_eq!(
            item_lines("exercises:\n- id: a\n- id: b\n", "exercises"),
            Some(vec![2, 3])
        );
        assert_eq!(item_lines("exercises: [{id: a}]\n", "exercises"), None);
    }

    #[test]
    fn a_second_document_is_placed() {
        assert_eq!(second_document("---\ntitle: T\n---\ntitle: U\n"), Some(3));
        let error = read::<serde_yaml::Value>("title: T\n---\ntitle: U\n", "t.yaml").unwrap_err();
        assert_eq!(error.line, Some(2));
        let error =
            read::<serde_yaml::Value>("title: T\nexercises:\n\t- id: a\n", "t.yaml").unwrap_err();
        assert_eq!(error.line, Some(3));
        assert!(
            error
                .to_string()
                .ends_with("(a tab: YAML indents with spaces)"),
            "{error}"
        );
        assert!(
            error
                .say(crate::words::Lang::Chinese)
                .ends_with("（这一行有制表符：YAML 只能用空格缩进）"),
            "{error}"
        );
    }
}
