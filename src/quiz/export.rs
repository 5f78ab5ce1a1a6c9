//! Export to a learning platform: Moodle GIFT and Moodle XML, diagrams included.
//!
//! - Single choice: a multiple-choice question with one right answer.
//! - Multiple choice: a multiple-answer question, each right option worth an equal share and
//!   each wrong one -100% (neither format has all-or-nothing: a student who leaves out a right
//!   option gets the share of the others; any wrong option gives 0).
//! - Fill in the blanks: in GIFT one short-answer ("missing word") question per blank, since
//!   GIFT has one answer box per question; in Moodle XML one Cloze (embedded answers)
//!   question with a box per blank, each worth its points.
//! - Diagram and design questions: essays, graded by hand, with the answer in the grader's
//!   information.
//!
//! Diagrams are SVG: in GIFT an `<img>` with a `data:image/svg+xml;base64` address inside the
//! HTML question text; in Moodle XML a `<file>` element referred to as `@@PLUGINFILE@@/q3.svg`.

use super::{BlankKind, Question, QuestionType, Quiz};
use crate::escape;
use crate::position::Position;
use crate::render::svg::{self, DiagramOptions};
use crate::square::Color;
use std::fmt::Write;

/// Standard base64 (RFC 4648, with padding).
pub fn base64(bytes: &[u8]) -> String {
    const TABLE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(TABLE[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The diagram of a question as a standalone SVG file: its position, or an empty board for a
/// design task.
fn diagram(q: &Question) -> Option<String> {
    let position = match q.kind {
        QuestionType::Design => Position::empty(match q.side.as_deref() {
            Some("black") => Color::Black,
            _ => Color::White,
        }),
        _ => q.fen.as_deref()?.parse().ok()?,
    };
    Some(svg::diagram(
        &position,
        &DiagramOptions {
            standalone: true,
            width: 320,
            label: q.fen.clone().unwrap_or_default(),
            ..DiagramOptions::default()
        },
    ))
}

/// The prompt as HTML, blanks drawn as a line.
fn prompt_html(prompt: &str) -> String {
    escape::html(prompt).replace(super::build::BLANK, "______")
}

/// The key's text of an open question: the line or the example, and the explanation.
fn open_answer(q: &Question) -> String {
    format!("{} - {}", q.answer.join(" "), q.explanation)
}

/// The accepted answers of a blank, as the LMS compares them (exact text).
fn accepted(q: &Question, index: usize) -> Vec<String> {
    let blank = &q.blanks[index];
    let mut forms: Vec<String> = Vec::new();
    let mut add = |form: String| {
        if !form.is_empty() && !forms.contains(&form) {
            forms.push(form);
        }
    };
    let answer = q.answer.get(index).cloned().unwrap_or_default();
    add(answer.clone());
    match blank.kind {
        BlankKind::Move => {
            if let Some(position) = q.fen.as_deref().and_then(|f| f.parse::<Position>().ok()) {
                if let Ok(m) = position.parse_move(&answer) {
                    add(position.full_move_text(&m));
                }
            }
        }
        _ => blank.accept.iter().cloned().for_each(&mut add),
    }
    forms
}

/// The quiz in Moodle's GIFT format.
pub fn gift(quiz: &Quiz) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// {} - damtutor quiz, seed {}, {} points\n",
        quiz.title, quiz.seed, quiz.total_points
    );
    let _ = writeln!(
        out,
        "$CATEGORY: $course$/damtutor/{}\n",
        escape::gift(&format!("{} seed {}", quiz.lang, quiz.seed))
    );
    for q in &quiz.questions {
        let image = diagram(q)
            .map(|svg| {
                format!(
                    "<p><img src=\"data:image/svg+xml;base64,{}\" alt=\"{}\" width=\"320\"></p>",
                    base64(svg.as_bytes()),
                    escape::html(q.fen.as_deref().unwrap_or("diagram"))
                )
            })
            .unwrap_or_default();
        let feedback = if q.explanation.is_empty() {
            String::new()
        } else {
            format!("\n\t####{}", escape::gift(&escape::html(&q.explanation)))
        };
        let _ = writeln!(
            out,
            "// {} ({}, {}, {} points)",
            q.id, q.kind, q.topic, q.points
        );
        match q.kind {
            QuestionType::Single | QuestionType::Multi => {
                let rights = q.answer.len().max(1);
                let _ = write!(
                    out,
                    "::{}::[html]<p>{}</p>{}{{",
                    q.id,
                    escape::gift(&prompt_html(&q.prompt)),
                    escape::gift(&image)
                );
                for (i, option) in q.options.iter().enumerate() {
                    let right = q.answer.contains(&super::build::letter(i));
                    let text = escape::gift(&escape::html(option));
                    let mark = match (q.kind, right) {
                        (QuestionType::Single, true) => "=".to_string(),
                        (QuestionType::Single, false) => "~".to_string(),
                        (_, true) => format!("~%{}%", share(rights)),
                        (_, false) => "~%-100%".to_string(),
                    };
                    let _ = write!(out, "\n\t{mark}{text}");
                }
                let _ = writeln!(out, "{feedback}\n}}\n");
            }
            QuestionType::Blank => {
                let pieces: Vec<&str> = q.prompt.split(super::build::BLANK).collect();
                for index in 0..q.blanks.len() {
                    let name = if q.blanks.len() == 1 {
                        q.id.clone()
                    } else {
                        format!("{}-{}", q.id, index + 1)
                    };
                    let answers: String = match q.blanks[index].kind {
                        BlankKind::Number => format!(
                            "#{}",
                            escape::gift(q.answer.get(index).map_or("", String::as_str))
                        ),
                        _ => accepted(q, index)
                            .iter()
                            .map(|a| format!("={}", escape::gift(a)))
                            .collect::<Vec<_>>()
                            .join(" "),
                    };
                    let mut text = String::new();
                    for (i, piece) in pieces.iter().enumerate() {
                        if i > 0 {
                            if i - 1 == index {
                                let _ = write!(text, " {{{answers}{feedback}}} ");
                            } else {
                                text.push_str("______");
                            }
                        }
                        text.push_str(&escape::gift(&escape::html(piece)));
                    }
                    let _ = writeln!(out, "::{name}::[html]{}{text}\n", escape::gift(&image));
                }
            }
            QuestionType::Diagram | QuestionType::Design => {
                let _ = writeln!(
                    out,
                    "::{}::[html]<p>{}</p>{}{{\n\t####{}\n}}\n",
                    q.id,
                    escape::gift(&prompt_html(&q.prompt)),
                    escape::gift(&image),
                    escape::gift(&escape::html(&open_answer(q)))
                );
            }
        }
    }
    out
}

/// Each right option's share in percent, written as Moodle lists its grades.
fn share(rights: usize) -> String {
    match rights {
        1 => "100".to_string(),
        2 => "50".to_string(),
        3 => "33.33333".to_string(),
        4 => "25".to_string(),
        _ => "20".to_string(),
    }
}

/// The quiz as Moodle XML.
pub fn moodle_xml(quiz: &Quiz) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    let _ = writeln!(
        out,
        "  <question type=\"category\">\n    <category><text>$course$/damtutor/{}</text></category>\n  </question>",
        escape::html(&format!("{} seed {}", quiz.lang, quiz.seed))
    );
    for q in &quiz.questions {
        let svg = diagram(q);
        let file_name = format!("{}.svg", q.id);
        let image = if svg.is_some() {
            format!(
                "<p><img src=\"@@PLUGINFILE@@/{file_name}\" alt=\"{}\" width=\"320\"></p>",
                escape::html(q.fen.as_deref().unwrap_or("diagram"))
            )
        } else {
            String::new()
        };
        let file = svg
            .map(|s| {
                format!(
                    "\n      <file name=\"{file_name}\" path=\"/\" encoding=\"base64\">{}</file>",
                    base64(s.as_bytes())
                )
            })
            .unwrap_or_default();
        let kind = match q.kind {
            QuestionType::Single | QuestionType::Multi => "multichoice",
            QuestionType::Blank => "cloze",
            QuestionType::Diagram | QuestionType::Design => "essay",
        };
        let text = match q.kind {
            QuestionType::Blank => {
                let pieces: Vec<&str> = q.prompt.split(super::build::BLANK).collect();
                let mut text = String::from("<p>");
                for (i, piece) in pieces.iter().enumerate() {
                    if let Some(blank) = i.checked_sub(1).and_then(|index| q.blanks.get(index)) {
                        let index = i - 1;
                        let marks = blank.points;
                        let answers = match blank.kind {
                            BlankKind::Number => format!(
                                "{{{marks}:NUMERICAL:={}:0}}",
                                escape::cloze(q.answer.get(index).map_or("", String::as_str))
                            ),
                            _ => format!(
                                "{{{marks}:SHORTANSWER:{}}}",
                                accepted(q, index)
                                    .iter()
                                    .map(|a| format!("%100%{}", escape::cloze(a)))
                                    .collect::<Vec<_>>()
                                    .join("~")
                            ),
                        };
                        text.push_str(&answers);
                    }
                    text.push_str(&escape::html(piece));
                }
                text.push_str("</p>");
                text + &image
            }
            _ => format!("<p>{}</p>{image}", prompt_html(&q.prompt)),
        };
        let _ = writeln!(out, "  <question type=\"{kind}\">");
        let _ = writeln!(out, "    <name><text>{}</text></name>", escape::html(&q.id));
        let _ = writeln!(
            out,
            "    <questiontext format=\"html\">\n      <text>{}</text>{file}\n    </questiontext>",
            escape::cdata(&text)
        );
        let _ = writeln!(
            out,
            "    <generalfeedback format=\"html\"><text>{}</text></generalfeedback>",
            escape::cdata(&escape::html(&q.explanation))
        );
        let _ = writeln!(out, "    <defaultgrade>{}</defaultgrade>", q.points);
        let _ = writeln!(out, "    <penalty>0</penalty>\n    <hidden>0</hidden>");
        match q.kind {
            QuestionType::Single | QuestionType::Multi => {
                let single = q.kind == QuestionType::Single;
                let rights = q.answer.len().max(1);
                let _ = writeln!(
                    out,
                    "    <single>{single}</single>\n    <shuffleanswers>false</shuffleanswers>\n    <answernumbering>ABCD</answernumbering>"
                );
                for (i, option) in q.options.iter().enumerate() {
                    let right = q.answer.contains(&super::build::letter(i));
                    let fraction = match (single, right) {
                        (_, false) if single => "0".to_string(),
                        (_, false) => "-100".to_string(),
                        (true, true) => "100".to_string(),
                        (false, true) => share(rights),
                    };
                    let _ = writeln!(
                        out,
                        "    <answer fraction=\"{fraction}\" format=\"html\"><text>{}</text><feedback><text></text></feedback></answer>",
                        escape::cdata(&escape::html(option))
                    );
                }
            }
            QuestionType::Blank => {}
            QuestionType::Diagram | QuestionType::Design => {
                let _ = writeln!(
                    out,
                    "    <responseformat>plain</responseformat>\n    <responserequired>1</responserequired>\n    <responsefieldlines>5</responsefieldlines>\n    <attachments>0</attachments>\n    <graderinfo format=\"html\"><text>{}</text></graderinfo>\n    <responsetemplate format=\"html\"><text></text></responsetemplate>",
                    escape::cdata(&escape::html(&open_answer(q)))
                );
            }
        }
        let _ = writeln!(out, "  </question>");
    }
    out.push_str("</quiz>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64("大道".as_bytes()), "5aSn6YGT");
    }
}
