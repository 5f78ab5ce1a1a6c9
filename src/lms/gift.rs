//! Moodle's GIFT format: a text file of questions, answers marked with `=`, `~` and `#`.

use super::{accepted, category, diagram, label, open_answer, prompt_html, share};
use crate::escape;
use crate::lms::base64;
use crate::quiz::{letter, BlankKind, QuestionType, Quiz, BLANK};
use std::fmt::Write;

/// The quiz in Moodle's GIFT format.
pub fn gift(quiz: &Quiz) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// {} - damtutor quiz, seed {}, {} points\n",
        escape::gift(&quiz.title),
        quiz.seed,
        quiz.total_points
    );
    let _ = writeln!(out, "$CATEGORY: {}\n", escape::gift(&category(quiz)));
    for q in &quiz.questions {
        let image = diagram(q, quiz.lang)
            .map(|svg| {
                format!(
                    "<p><img src=\"data:image/svg+xml;base64,{}\" alt=\"{}\" width=\"320\"></p>",
                    base64(svg.as_bytes()),
                    escape::html(&label(q, quiz.lang))
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
                    let right = q.answer.contains(&letter(i));
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
                let pieces: Vec<&str> = q.prompt.split(BLANK).collect();
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
