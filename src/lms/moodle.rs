//! Moodle XML: one `<question>` element per question, blanks as one Cloze question.

use super::{accepted, base64, category, diagram, label, open_answer, prompt_html, share};
use crate::escape;
use crate::quiz::{letter, BlankKind, QuestionType, Quiz, BLANK};
use std::fmt::Write;

/// The quiz as Moodle XML.
pub fn moodle_xml(quiz: &Quiz) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    let _ = writeln!(
        out,
        "  <question type=\"category\">\n    <category><text>{}</text></category>\n  </question>",
        escape::html(&category(quiz))
    );
    for q in &quiz.questions {
        let svg = diagram(q, quiz.lang);
        let file_name = format!("{}.svg", q.id);
        let image = if svg.is_some() {
            format!(
                "<p><img src=\"@@PLUGINFILE@@/{file_name}\" alt=\"{}\" width=\"320\"></p>",
                escape::html(&label(q, quiz.lang))
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
                let pieces: Vec<&str> = q.prompt.split(BLANK).collect();
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
                    let right = q.answer.contains(&letter(i));
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
