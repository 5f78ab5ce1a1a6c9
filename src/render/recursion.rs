//! Templates that would call themselves for ever: a template that includes or extends itself
//! (directly or through others), or a macro that calls itself (directly or through other
//! macros and includes). Tera has no depth limit and would overflow the stack while rendering,
//! so such templates are refused when they are loaded. damtutor's templates need no recursion:
//! the views hand them flat lists.

use std::collections::HashMap;

/// The first cycle found among `sources` (name, text), as the chain of templates and macros
/// that closes it: `worksheet.html -> worksheet.html`, `macros.html: m -> macros.html: n ->
/// macros.html: m`.
pub fn find_cycle(sources: &[(String, String)]) -> Option<String> {
    let mut graph: HashMap<String, Vec<String>> = HashMap::new();
    for (name, text) in sources {
        let namespaces = imports(text);
        let mut macro_name: Option<String> = None;
        for tag in tags(text) {
            let words: Vec<&str> = tag.split_whitespace().collect();
            match words.first().copied() {
                Some("macro") => {
                    macro_name = words
                        .get(1)
                        .and_then(|w| w.split('(').next())
                        .map(str::to_string);
                    continue;
                }
                Some(word) if word.starts_with("endmacro") => {
                    macro_name = None;
                    continue;
                }
                _ => {}
            }
            let from = match &macro_name {
                Some(m) => format!("{name}: {m}"),
                None => name.clone(),
            };
            let edges = graph.entry(from).or_default();
            if matches!(words.first().copied(), Some("include" | "extends")) {
                edges.extend(quoted(tag));
            }
            for (namespace, called) in calls(tag) {
                let file = if namespace == "self" {
                    Some(name.clone())
                } else {
                    namespaces.get(namespace.as_str()).cloned()
                };
                if let Some(file) = file {
                    edges.push(format!("{file}: {called}"));
                }
            }
        }
    }
    let mut order: Vec<&String> = graph.keys().collect();
    order.sort();
    let mut state: HashMap<&str, u8> = HashMap::new();
    for start in order {
        let mut path = Vec::new();
        if let Some(cycle) = visit(start, &graph, &mut state, &mut path) {
            return Some(cycle);
        }
    }
    None
}

/// Depth-first search; `state` 1 = on the current path, 2 = done.
fn visit<'a>(
    node: &'a str,
    graph: &'a HashMap<String, Vec<String>>,
    state: &mut HashMap<&'a str, u8>,
    path: &mut Vec<&'a str>,
) -> Option<String> {
    match state.get(node) {
        Some(2) => return None,
        Some(1) => {
            let start = path.iter().position(|n| *n == node).unwrap_or(0);
            let mut chain: Vec<&str> = path[start..].to_vec();
            chain.push(node);
            return Some(chain.join(" -> "));
        }
        _ => {}
    }
    state.insert(node, 1);
    path.push(node);
    for next in graph.get(node).into_iter().flatten() {
        if let Some(cycle) = visit(next, graph, state, path) {
            return Some(cycle);
        }
    }
    path.pop();
    state.insert(node, 2);
    None
}

/// The text inside each `{% ... %}` and `{{ ... }}` of a template, comments left out.
fn tags(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        let after = &rest[start + 1..];
        let close = match after.chars().next() {
            Some('%') => "%}",
            Some('{') => "}}",
            Some('#') => "#}",
            _ => {
                rest = after;
                continue;
            }
        };
        let body = &after[1..];
        let Some(end) = body.find(close) else {
            break;
        };
        if close != "#}" {
            found.push(body[..end].trim_matches(['-', ' ', '\n', '\t', '\r']));
        }
        rest = &body[end + close.len()..];
    }
    found
}

/// The strings in quotes of a tag (`include "a.html"`, `include ["a", "b"] ignore missing`).
fn quoted(tag: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = tag;
    while let Some(start) = rest.find(['"', '\'', '`']) {
        let quote = &rest[start..start + 1];
        let after = &rest[start + 1..];
        let Some(end) = after.find(quote) else {
            break;
        };
        found.push(after[..end].to_string());
        rest = &after[end + 1..];
    }
    found
}

/// `{% import "macros.html" as m %}`: namespace -> file.
fn imports(text: &str) -> HashMap<String, String> {
    let mut found = HashMap::new();
    for tag in tags(text) {
        let words: Vec<&str> = tag.split_whitespace().collect();
        if let ["import", file, "as", namespace] = words.as_slice() {
            let file = file.trim_matches(['"', '\'', '`']);
            found.insert(namespace.to_string(), file.to_string());
        }
    }
    found
}

/// The macro calls of a tag: `ns::name(`.
fn calls(tag: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let bytes = tag.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while let Some(offset) = tag[i..].find("::") {
        let at = i + offset;
        let mut start = at;
        while start > 0 && word(bytes[start - 1]) {
            start -= 1;
        }
        let mut end = at + 2;
        while end < bytes.len() && word(bytes[end]) {
            end += 1;
        }
        let rest = tag[end..].trim_start();
        if start < at && end > at + 2 && rest.starts_with('(') {
            found.push((tag[start..at].to_string(), tag[at + 2..end].to_string()));
        }
        i = at + 2;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources(files: &[(&str, &str)]) -> Vec<(String, String)> {
        files
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    }

    #[test]
    fn includes_and_macros_that_come_back_are_found() {
        let self_include = sources(&[("worksheet.html", "a {% include \"worksheet.html\" %}")]);
        assert_eq!(
            find_cycle(&self_include).as_deref(),
            Some("worksheet.html -> worksheet.html")
        );
        let mutual = sources(&[
            ("partials/a.html", "{%- include \"partials/b.html\" -%}"),
            ("partials/b.html", "{% include 'partials/a.html' %}"),
        ]);
        assert!(find_cycle(&mutual).is_some());
        let recursive = sources(&[(
            "macros.html",
            "{% macro m(x) %}{{ self::n(x=x) }}{% endmacro m %}{% macro n(x) %}{{ self::m(x=1) }}{% endmacro %}",
        )]);
        assert_eq!(
            find_cycle(&recursive).as_deref(),
            Some("macros.html: m -> macros.html: n -> macros.html: m")
        );
        let through_import = sources(&[
            (
                "macros.html",
                "{% macro m() %}{% include \"partials/p.html\" %}{% endmacro %}",
            ),
            (
                "partials/p.html",
                "{% import \"macros.html\" as k %}{{ k::m() }}",
            ),
        ]);
        assert!(find_cycle(&through_import).is_some());
    }

    #[test]
    fn the_built_in_shapes_have_no_cycle() {
        let fine = sources(&[
            ("base.html", "{% include \"partials/style.css\" %}{% block body %}{% endblock %}"),
            ("partials/style.css", "p { color: red }"),
            ("macros.html", "{% macro moves(t) %}{{ t }}{% endmacro %}{% macro e(x) %}{{ self::moves(t=x) }}{% endmacro %}"),
            ("worksheet.html", "{% extends \"base.html\" %}{% import \"macros.html\" as m %}{{ m::e(x=1) }} {# self::e() #}"),
        ]);
        assert_eq!(find_cycle(&fine), None);
    }
}
