//! The printed quiz and its answer key, in HTML or Markdown, through the templates of
//! [`Document::Quiz`](crate::render::templates::Document::Quiz) and the worksheet's diagram renderer.
//!
//! Templates see [`QuizView`]: strings and numbers only. The built-in templates are
//! `quiz.html`, `quiz-key.html` and `quiz.css` (the HTML ones extend the worksheet's `base.html`
//! and use its `partials/header.html`), and `quiz.md`, `quiz-key.md`; each can be replaced by a
//! file of the same name in a folder of the user's, as every template can.

use super::{letter, Question, QuestionType, Quiz, BLANK};
use crate::render::svg::{self, Arrow, ArrowStyle, DiagramOptions};
use crate::render::templates::{Format, TemplateError, Templates};
use crate::render::worksheet::OutputFile;
use crate::words::{self, say, text, Lang, Text};
use crate::{with_position, Rules, Variant, VariantPosition};
use damtutor_rules::Position;
use serde::Serialize;
use std::path::Path;

/// The fixed words of a quiz.
#[derive(Serialize, Clone, Debug)]
pub struct QuizLabels {
    pub name: String,
    pub class: String,
    pub date: String,
    pub score: String,
    /// The line under the header: total points.
    pub instructions: String,
    /// "Total" / "总分".
    pub total: String,
    /// "points" / "分".
    pub points: String,
    /// The title of the answer key.
    pub answers: String,
    /// "Answer" / "答案".
    pub answer: String,
    /// "Why" / "解析".
    pub explanation: String,
    /// "Seed" / "种子".
    pub seed: String,
    /// "Example" / "参考答案".
    pub example: String,
    /// ": " / "：".
    pub colon: String,
}

impl QuizLabels {
    fn new(lang: Lang, total: u32) -> QuizLabels {
        let say = |key| text(lang, key).to_string();
        QuizLabels {
            name: say(Text::Name),
            class: say(Text::Class),
            date: say(Text::Date),
            score: say(Text::Score),
            instructions: say!(lang, Text::QuizInstructions, total),
            total: say(Text::Total),
            points: say(Text::Points),
            answers: say(Text::AnswerKey),
            answer: say(Text::Answer),
            explanation: say(Text::Why),
            seed: say(Text::Seed),
            example: say(Text::Example),
            colon: say(Text::Colon),
        }
    }
}

/// A whole quiz as the templates see it.
#[derive(Serialize, Clone, Debug)]
pub struct QuizView {
    pub lang: String,
    pub title: String,
    pub subtitle: Option<String>,
    /// "Version A" / "A 卷" when the quiz was written in several versions (the header shows it).
    pub version_label: Option<String>,
    /// The version's letter, or nothing.
    pub version: Option<String>,
    /// The seed (the answer key shows it; the student's paper does not).
    pub seed: u64,
    pub total_points: u32,
    pub labels: QuizLabels,
    pub sections: Vec<SectionView>,
    /// The answer key's file name, relative to the quiz.
    pub answers_file: Option<String>,
    /// The title of the answer key.
    pub answers_title: String,
    /// Sizes used by the worksheet style sheet.
    pub layout: LayoutView,
    /// `damtutor` and its version.
    pub generator: String,
}

/// Sizes the shared style sheet reads.
#[derive(Serialize, Clone, Debug)]
pub struct LayoutView {
    pub columns: usize,
    pub diagram_mm: u32,
    pub answer_diagram_mm: u32,
}

/// A section: all questions of one kind (diagram and design questions share one).
#[derive(Serialize, Clone, Debug)]
pub struct SectionView {
    /// "一" / "I".
    pub numeral: String,
    /// "单项选择题" / "Single choice".
    pub title: String,
    /// How the section is marked.
    pub intro: String,
    /// The section's points.
    pub points: u32,
    /// `single`, `multi`, `blank` or `open` (for the style sheet and the templates).
    pub kind: Section,
    pub questions: Vec<QuestionView>,
}

/// The sections of a quiz, in order: one for each choice type and the blanks, and one for the
/// open questions (diagrams and designs).
#[derive(Serialize, Copy, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Section {
    Single,
    Multi,
    Blank,
    Open,
}

impl Section {
    /// Every section, in the order of the paper.
    pub const ALL: [Section; 4] = [
        Section::Single,
        Section::Multi,
        Section::Blank,
        Section::Open,
    ];

    /// The types of the questions in the section.
    pub const fn types(self) -> &'static [QuestionType] {
        match self {
            Section::Single => &[QuestionType::Single],
            Section::Multi => &[QuestionType::Multi],
            Section::Blank => &[QuestionType::Blank],
            Section::Open => &[QuestionType::Diagram, QuestionType::Design],
        }
    }

    fn title(self) -> Text {
        match self {
            Section::Single => Text::SectionSingle,
            Section::Multi => Text::SectionMulti,
            Section::Blank => Text::SectionBlank,
            Section::Open => Text::SectionOpen,
        }
    }

    fn intro(self) -> Text {
        match self {
            Section::Single => Text::IntroSingle,
            Section::Multi => Text::IntroMulti,
            Section::Blank => Text::IntroBlank,
            Section::Open => Text::IntroOpen,
        }
    }
}

/// A piece of a prompt: text, or a blank to fill in.
#[derive(Serialize, Clone, Debug)]
pub struct PartView {
    pub text: String,
    pub blank: bool,
}

/// An option of a choice question.
#[derive(Serialize, Clone, Debug)]
pub struct OptionView {
    pub letter: String,
    pub text: String,
    pub right: bool,
}

/// One question as printed, with its answer for the key.
#[derive(Serialize, Clone, Debug)]
pub struct QuestionView {
    /// `q1`...
    pub id: String,
    /// The number printed (1, 2, ... through the whole quiz, as the ids).
    pub number: usize,
    /// `single`, `multi`, `blank`, `diagram` or `design`.
    pub kind: String,
    /// The question family (`long_diagonal`, `write_fen`...).
    pub family: String,
    pub prompt: String,
    pub parts: Vec<PartView>,
    pub options: Vec<OptionView>,
    /// Whether the options are short enough to print on one line.
    pub short_options: bool,
    pub points: u32,
    /// "(4 points)" / "（4分）".
    pub points_label: String,
    pub fen: String,
    /// The diagram (HTML), empty without one.
    pub diagram: String,
    /// The diagram's file (Markdown), empty without one.
    pub diagram_file: String,
    /// The answer as printed in the key.
    pub answer: String,
    /// The key's diagram: the solution's moves as arrows, or the example position.
    pub key_diagram: String,
    pub key_diagram_file: String,
    pub explanation: String,
    /// Ruled lines to write an open answer on.
    pub answer_lines: usize,
}

/// Every file of the quiz whose main file is `out`: the quiz, its answer key
/// (`<name>-answers.<ext>`) and, for Markdown, the diagrams in `<name>-diagrams/`.
pub fn render(
    quiz: &Quiz,
    templates: &Templates,
    out: &Path,
) -> Result<Vec<OutputFile>, TemplateError> {
    let format = templates.format();
    let extension = out
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or(format.extension())
        .to_string();
    let stem = out
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("quiz")
        .to_string();
    let folder = out.parent().unwrap_or(Path::new("")).to_path_buf();
    let answers_name = format!("{stem}-answers.{extension}");
    let diagrams = format!("{stem}-diagrams");
    let (mut view, svgs) = view(quiz, format, &diagrams);
    view.answers_file = Some(answers_name.clone());
    let template = format.extension();
    let mut files = vec![
        OutputFile {
            path: folder.join(format!("{stem}.{extension}")),
            contents: templates.render(&format!("quiz.{template}"), &view)?,
        },
        OutputFile {
            path: folder.join(&answers_name),
            contents: templates.render(&format!("quiz-key.{template}"), &view)?,
        },
    ];
    files.extend(svgs.into_iter().map(|(name, contents)| OutputFile {
        path: folder.join(&diagrams).join(name),
        contents,
    }));
    Ok(files)
}

/// The view of a quiz; for Markdown also its diagrams as (file name, SVG) pairs, linked from
/// the view under `diagrams/`.
pub fn view(quiz: &Quiz, format: Format, diagrams: &str) -> (QuizView, Vec<(String, String)>) {
    let lang = quiz.lang;
    let first = quiz
        .variants
        .first()
        .copied()
        .unwrap_or(Variant::International);
    let mut svgs = Vec::new();
    let mut sections = Vec::new();
    let mut number = 0;
    for kind in Section::ALL {
        let questions: Vec<&Question> = quiz
            .questions
            .iter()
            .filter(|q| kind.types().contains(&q.kind))
            .collect();
        if questions.is_empty() {
            continue;
        }
        let points: u32 = questions.iter().map(|q| q.points).sum();
        let views = questions
            .iter()
            .map(|q| {
                number += 1;
                question_view(q, number, lang, format, diagrams, &mut svgs)
            })
            .collect();
        sections.push(SectionView {
            numeral: numeral(sections.len(), lang),
            title: say!(lang, kind.title()),
            intro: section_intro(kind, questions.len(), lang, first),
            points,
            kind,
            questions: views,
        });
    }
    let version_label = quiz.version.map(|letter| words::version(lang, letter));
    let title = match &version_label {
        Some(label) => format!("{} {label}", quiz.title),
        None => quiz.title.clone(),
    };
    let answers_title = say!(lang, Text::QuizAnswersTitle, title);
    let view = QuizView {
        lang: lang.code().to_string(),
        title: quiz.title.clone(),
        subtitle: None,
        version_label,
        version: quiz.version.map(|l| l.to_string()),
        seed: quiz.seed,
        total_points: quiz.total_points,
        labels: QuizLabels::new(lang, quiz.total_points),
        sections,
        answers_file: None,
        answers_title,
        layout: LayoutView {
            columns: 2,
            diagram_mm: 62,
            answer_diagram_mm: 50,
        },
        generator: format!("damtutor {}", env!("CARGO_PKG_VERSION")),
    };
    (view, svgs)
}

fn numeral(index: usize, lang: Lang) -> String {
    const NUMERALS: [Text; 5] = [
        Text::Numeral1,
        Text::Numeral2,
        Text::Numeral3,
        Text::Numeral4,
        Text::Numeral5,
    ];
    NUMERALS
        .get(index)
        .map_or("", |&key| text(lang, key))
        .to_string()
}

fn section_intro(kind: Section, count: usize, lang: Lang, variant: Variant) -> String {
    let key = kind.intro();
    let questions = text(
        lang,
        if count == 1 {
            Text::Question
        } else {
            Text::Questions
        },
    );
    let (quiet, capture) = words::example_moves(variant);
    say!(lang, key, count, questions, quiet, capture)
}

fn points_label(points: u32, lang: Lang) -> String {
    let key = if points == 1 {
        Text::PointLabel
    } else {
        Text::PointsLabel
    };
    say!(lang, key, points)
}

fn parts(prompt: &str) -> Vec<PartView> {
    let mut out = Vec::new();
    for (i, piece) in prompt.split(BLANK).enumerate() {
        if i > 0 {
            out.push(PartView {
                text: String::new(),
                blank: true,
            });
        }
        if !piece.is_empty() {
            out.push(PartView {
                text: piece.to_string(),
                blank: false,
            });
        }
    }
    out
}

/// The key's answer text of a question.
fn answer_text(q: &Question, lang: Lang, position: Option<&VariantPosition>) -> String {
    match q.kind {
        QuestionType::Single | QuestionType::Multi => q.answer.join(", "),
        QuestionType::Blank => q.answer.join(text(lang, Text::Semicolon)),
        QuestionType::Diagram => match position {
            Some(p) => with_position!(p, p => annotated(p, &q.answer)),
            None => q.answer.join(" "),
        },
        QuestionType::Design => q.answer.join(" "),
    }
}

/// The main line, read in `position`, with move numbers and the key move marked.
fn annotated<R: Rules>(position: &Position<R>, answer: &[String]) -> String {
    let mut line = Vec::new();
    let mut at = *position;
    for text in answer {
        match at.parse_move(text) {
            Ok(m) => {
                line.push(m);
                at = at.play_unchecked(&m);
            }
            Err(_) => return answer.join(" "),
        }
    }
    crate::solver::annotate(position, &line, true)
}

/// The main line of a diagram question as arrows for the solving side.
fn arrows<R: Rules>(position: &Position<R>, answer: &[String]) -> Vec<Arrow> {
    let mut out = Vec::new();
    let mut at = *position;
    let side = position.turn();
    let mut number = 0;
    for text in answer {
        let Ok(m) = at.parse_move(text) else { break };
        if at.turn() == side {
            number += 1;
            out.push(Arrow {
                route: at.capture_route(&m),
                number: Some(number),
                style: ArrowStyle::Solid,
            });
        }
        at = at.play_unchecked(&m);
    }
    out
}

/// What a diagram of the quiz shows: a position, or an empty board of a game (a design task).
enum Board {
    Position(VariantPosition),
    Empty(Variant, crate::square::Color),
}

fn question_view(
    q: &Question,
    number: usize,
    lang: Lang,
    format: Format,
    diagrams: &str,
    svgs: &mut Vec<(String, String)>,
) -> QuestionView {
    let markdown = format == Format::Markdown;
    // The diagram's accessible name says which question it belongs to, never what it shows.
    let label = say!(lang, Text::QuizDiagramLabel, number);
    let options = |arrows: Vec<Arrow>| DiagramOptions {
        numbers: false,
        arrows,
        standalone: markdown,
        width: 360,
        label: label.clone(),
        // Printed 46 mm wide: checkers' corner numbers would be 1 mm high.
        edge_numbers: true,
    };
    let position: Option<VariantPosition> = q
        .fen
        .as_deref()
        .and_then(|f| VariantPosition::from_fen(q.variant, f).ok());
    let mut draw = |board: &Board, arrows: Vec<Arrow>, suffix: &str| -> (String, String) {
        let svg = match board {
            Board::Position(p) => svg::variant_diagram(p, &options(arrows)),
            Board::Empty(variant, side) => svg::empty_diagram(*variant, *side, &options(arrows)),
        };
        if markdown {
            let name = format!("{}{suffix}.svg", q.id);
            svgs.push((name.clone(), svg + "\n"));
            (
                String::new(),
                format!("{}/{name}", crate::escape::link_path(diagrams)),
            )
        } else {
            (svg, String::new())
        }
    };
    // A design task gets an empty board to draw on, with the side to move marked.
    let shown = match (&position, q.kind) {
        (Some(p), _) => Some(Board::Position(*p)),
        (None, QuestionType::Design) => Some(Board::Empty(
            q.variant,
            q.side.unwrap_or(crate::square::Color::White),
        )),
        _ => None,
    };
    let (diagram, diagram_file) = match &shown {
        Some(board) => draw(board, Vec::new(), ""),
        None => (String::new(), String::new()),
    };
    let (key_diagram, key_diagram_file) = match (q.kind, &position) {
        (QuestionType::Diagram, Some(p)) => {
            let lines = with_position!(p, p => arrows(p, &q.answer));
            draw(&Board::Position(*p), lines, "-key")
        }
        (QuestionType::Design, _) => match q
            .answer
            .first()
            .and_then(|f| VariantPosition::from_fen(q.variant, f).ok())
        {
            Some(example) => draw(&Board::Position(example), Vec::new(), "-key"),
            None => (String::new(), String::new()),
        },
        _ => (String::new(), String::new()),
    };
    let options: Vec<OptionView> = q
        .options
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let letter = letter(i);
            OptionView {
                right: q.answer.contains(&letter),
                letter,
                text: text.clone(),
            }
        })
        .collect();
    // Short options go on one line; a Chinese character is as wide as two Latin ones.
    let width = |text: &str| -> usize {
        text.chars()
            .map(|c| if (c as u32) >= 0x2E80 { 2 } else { 1 })
            .sum()
    };
    let short_options = options.iter().all(|o| width(&o.text) <= 12);
    QuestionView {
        id: q.id.clone(),
        number,
        kind: q.kind.name().to_string(),
        family: q.family.name().to_string(),
        prompt: q.prompt.clone(),
        parts: parts(&q.prompt),
        options,
        short_options,
        points: q.points,
        points_label: points_label(q.points, lang),
        fen: q.fen.clone().unwrap_or_default(),
        diagram,
        diagram_file,
        answer: answer_text(q, lang, position.as_ref()),
        key_diagram,
        key_diagram_file,
        explanation: q.explanation.clone(),
        answer_lines: match q.kind {
            QuestionType::Diagram => 3,
            QuestionType::Design => 5,
            _ => 0,
        },
    }
}
