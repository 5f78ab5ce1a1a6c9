//! Escaping text that came from a file (a title, a student's name, a quiz prompt) for each
//! format damtutor writes. Every writer uses these functions, so the formats agree on every
//! character: the templates (Tera is told to use [`html`] and [`markdown`]), the SVG diagrams,
//! the Moodle exports and the class summary.
//!
//! ```
//! use damtutor::escape;
//! assert_eq!(escape::html("Li's <b>\"5/B\"</b> & co"), "Li&#x27;s &lt;b&gt;&quot;5&#x2F;B&quot;&lt;&#x2F;b&gt; &amp; co");
//! assert_eq!(escape::markdown("*a* <b> [c](d)!"), r"\*a\* &lt;b&gt; \[c\](d)!");
//! assert_eq!(escape::gift("a=b: {c}"), r"a\=b\: \{c\}");
//! ```

/// Escapes text for HTML, XML and SVG, in element content and in quoted attributes alike:
/// `&`, `<`, `>`, `"`, `'` and `/` become entities (the same characters Tera escapes by default).
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            '/' => out.push_str("&#x2F;"),
            _ => out.push(c),
        }
    }
    out
}

/// Escapes text for Markdown: the characters that start emphasis, links, code, tables, headings
/// or HTML get a backslash or become entities (with `[` and `]` escaped, `(`, `)` and `!` cannot
/// form a link), and line breaks become spaces, so that a title from an exercise file always
/// reads as plain text, in a paragraph or in a table cell.
pub fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\n' | '\r' => out.push(' '),
            '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '|' | '~' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// Escapes the marks of Moodle's GIFT format (`~ = # { } : \`); line breaks become spaces,
/// since a GIFT question ends at a blank line.
pub fn gift(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '~' | '=' | '#' | '{' | '}' | ':' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// A relative path as the target of a Markdown link (`![1](sheet-diagrams/01.svg)`): the
/// characters that would end or break the link - spaces, brackets, parentheses, angle brackets,
/// quotes, `%` - are percent-encoded, so a file named after `--out "my (test).md"` still links.
///
/// ```
/// assert_eq!(damtutor::escape::link_path("my (test)-diagrams/01.svg"), "my%20%28test%29-diagrams/01.svg");
/// ```
pub fn link_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 8);
    for c in path.chars() {
        match c {
            ' ' | '(' | ')' | '[' | ']' | '<' | '>' | '"' | '\'' | '%' | '\\' | '`' => {
                out.push_str(&format!("%{:02X}", c as u32));
            }
            c if c.is_control() => {
                let mut bytes = [0; 4];
                for b in c.encode_utf8(&mut bytes).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// Escapes the characters that end or split an answer embedded in a Moodle Cloze question.
pub fn cloze(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if matches!(c, '}' | '#' | '~' | '/' | '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Wraps text in an XML CDATA section; a `]]>` inside is split across two sections.
pub fn cdata(text: &str) -> String {
    format!("<![CDATA[{}]]>", text.replace("]]>", "]]]]><![CDATA[>"))
}

/// A CSV field: quoted (with inner quotes doubled) when it holds a comma, a quote or a line
/// break, else as it is. A text that a spreadsheet would take for a formula - starting with
/// `=`, `+`, `-`, `@`, a tab or a carriage return - gets a leading `'` (the usual guard against
/// formula injection: `=HYPERLINK(...)` stays text); numbers such as `-1.5` are left alone.
pub fn csv(text: &str) -> String {
    let formula =
        text.starts_with(['=', '+', '-', '@', '\t', '\r']) && text.parse::<f64>().is_err();
    let text = if formula {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_escapes_every_markup_character_and_keeps_the_rest() {
        assert_eq!(html("a < b && c > d"), "a &lt; b &amp;&amp; c &gt; d");
        assert_eq!(
            html("\"quoted\" 'single'"),
            "&quot;quoted&quot; &#x27;single&#x27;"
        );
        assert_eq!(html("5/B"), "5&#x2F;B");
        assert_eq!(html("王棋 43-38! 1. 28x19"), "王棋 43-38! 1. 28x19");
        assert_eq!(html(""), "");
        // Tera's own escaping: templates and hand-built markup agree.
        for text in ["<a href='x'>\"&\"</a>", "Li's 5/B", "plain"] {
            assert_eq!(html(text), tera::escape_html(text), "{text}");
        }
    }

    #[test]
    fn markdown_disarms_markup_and_line_breaks() {
        assert_eq!(markdown("*a* <b> [c](d)!"), r"\*a\* &lt;b&gt; \[c\](d)!");
        assert_eq!(markdown("a|b\nc"), r"a\|b c");
        assert_eq!(markdown("# _x_ `y` ~z~ \\"), r"\# \_x\_ \`y\` \~z\~ \\");
        assert_eq!(markdown("Li's 5/B"), "Li's 5/B");
    }

    #[test]
    fn gift_and_cloze_escape_their_marks() {
        assert_eq!(gift("a=b: {c} ~#\\"), "a\\=b\\: \\{c\\} \\~\\#\\\\");
        assert_eq!(gift("two\nlines"), "two lines");
        assert_eq!(cloze("a}b#c~d/e\"f\\"), "a\\}b\\#c\\~d\\/e\\\"f\\\\");
        assert_eq!(cloze("允许"), "允许");
    }

    #[test]
    fn cdata_and_csv_keep_their_content_whole() {
        assert_eq!(cdata("<p>x</p>"), "<![CDATA[<p>x</p>]]>");
        assert_eq!(cdata("a]]>b"), "<![CDATA[a]]]]><![CDATA[>b]]>");
        assert_eq!(csv("Li Ming"), "Li Ming");
        assert_eq!(csv("Li, Ming"), "\"Li, Ming\"");
        assert_eq!(csv("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(
            csv("=HYPERLINK(\"http://x\",\"y\")"),
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""
        );
        assert_eq!(csv("+1 more"), "'+1 more");
        assert_eq!(csv("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv("-1.5"), "-1.5");
    }
}
