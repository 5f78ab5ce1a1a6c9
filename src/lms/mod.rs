//! Export of a quiz to a learning platform: Moodle GIFT ([`gift`]) and Moodle XML
//! ([`moodle_xml`]), diagrams included. A room of its own: it reads a [`Quiz`](crate::quiz::Quiz) and draws its
//! diagrams with [`render::svg`](crate::render::svg); nothing else depends on it.
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

mod gift;
mod moodle;

pub use gift::gift;
pub use moodle::moodle_xml;

use crate::escape;
use crate::quiz::{BlankKind, Question, QuestionType, BLANK};
use crate::render::svg::{self, DiagramOptions};
use crate::square::Color;
use crate::words::{say, Lang, Text};
use crate::{with_position, VariantPosition};

/// Standard base64 (RFC 4648, with padding).
pub fn base64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The diagram of a question as a standalone SVG file, drawn by its game's convention: its
/// position, or an empty board for a design task.
pub(super) fn diagram(q: &Question, lang: Lang) -> Option<String> {
    let options = DiagramOptions {
        standalone: true,
        width: 320,
        label: label(q, lang),
        ..DiagramOptions::default()
    };
    match q.kind {
        QuestionType::Design => Some(svg::empty_diagram(
            q.variant,
            q.side.unwrap_or(Color::White),
            &options,
        )),
        _ => {
            let position = VariantPosition::from_fen(q.variant, q.fen.as_deref()?).ok()?;
            Some(svg::variant_diagram(&position, &options))
        }
    }
}

/// The alternative text of a question's diagram: which question it belongs to ("Diagram of
/// question 3" / "第3题棋图"), never what it shows - a FEN there would answer "write the FEN of
/// this diagram".
pub(super) fn label(q: &Question, lang: Lang) -> String {
    let number = q.id.trim_start_matches('q');
    say!(lang, Text::QuizDiagramLabel, number)
}

/// The quiz's category in the course's question bank: its title, seed and version in its
/// language ("Rules test: English checkers, seed 7, version A").
pub(super) fn category(quiz: &crate::quiz::Quiz) -> String {
    let lang = quiz.lang;
    let mut name = format!(
        "{} {} {}",
        quiz.title,
        crate::words::text(lang, Text::Seed),
        quiz.seed
    );
    if let Some(letter) = quiz.version {
        name.push(' ');
        name.push_str(&crate::words::version(lang, letter));
    }
    format!("$course$/damtutor/{}", name.replace('/', "-"))
}

/// The prompt as HTML, blanks drawn as a line.
pub(super) fn prompt_html(prompt: &str) -> String {
    escape::html(prompt).replace(BLANK, "______")
}

/// The key's text of an open question: the line or the example, and the explanation.
pub(super) fn open_answer(q: &Question) -> String {
    format!("{} - {}", q.answer.join(" "), q.explanation)
}

/// The accepted answers of a blank, as the LMS compares them (exact text).
pub(super) fn accepted(q: &Question, index: usize) -> Vec<String> {
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
            if let Some(position) = q
                .fen
                .as_deref()
                .and_then(|f| VariantPosition::from_fen(q.variant, f).ok())
            {
                let full = with_position!(&position, p => p
                    .parse_move(&answer)
                    .ok()
                    .map(|m| p.full_move_text(&m)));
                if let Some(full) = full {
                    add(full);
                }
            }
        }
        _ => blank.accept.iter().cloned().for_each(&mut add),
    }
    forms
}

/// Each right option's share in percent, written as Moodle lists its grades.
pub(super) fn share(rights: usize) -> String {
    match rights {
        1 => "100".to_string(),
        2 => "50".to_string(),
        3 => "33.33333".to_string(),
        4 => "25".to_string(),
        _ => "20".to_string(),
    }
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
