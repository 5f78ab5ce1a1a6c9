//! Feedback reports: one page per student, through the `feedback.html` / `feedback.md`
//! templates, with a diagram of the position where a move went wrong.

use super::class::{number, StudentResult};
use crate::render::svg::{self, DiagramOptions};
use crate::render::templates::{Format, TemplateError, Templates};
use crate::with_position;
use crate::words::{say, text, Lang, Text};
use serde::Serialize;

/// The labels of a report, in English or Chinese.
#[derive(Serialize, Clone, Debug)]
pub struct FeedbackLabels {
    pub feedback: &'static str,
    pub score: &'static str,
    pub your_answer: &'static str,
    pub solution: &'static str,
    pub colon: &'static str,
}

impl FeedbackLabels {
    fn new(lang: Lang) -> FeedbackLabels {
        FeedbackLabels {
            feedback: text(lang, Text::Feedback),
            score: text(lang, Text::Score),
            your_answer: text(lang, Text::YourAnswer),
            solution: text(lang, Text::ReportSolution),
            colon: text(lang, Text::Colon),
        }
    }
}

/// One answer as a template sees it.
#[derive(Serialize, Clone, Debug)]
pub struct FeedbackItem {
    pub id: String,
    pub verdict: String,
    pub verdict_label: String,
    pub points: String,
    pub max: String,
    pub answer: String,
    pub feedback: String,
    pub solution: String,
    /// Inline SVG (HTML) of the position before the faulty move.
    pub diagram: Option<String>,
    /// The diagram's file, relative to the report (Markdown).
    pub diagram_file: Option<String>,
    pub diagram_caption: String,
}

/// A student's report as a template sees it.
#[derive(Serialize, Clone, Debug)]
pub struct FeedbackView {
    /// The `generator` meta of the page (`base.html`).
    pub generator: String,
    pub lang: String,
    pub labels: FeedbackLabels,
    pub student: String,
    pub class: Option<String>,
    pub total: String,
    pub max: String,
    pub percent: String,
    pub items: Vec<FeedbackItem>,
    pub notes: Vec<String>,
}

/// A rendered report: its text and the SVG files to write beside it (Markdown).
pub struct RenderedReport {
    pub text: String,
    pub files: Vec<(String, String)>,
}

/// A file-name-safe form of a student's name: letters and digits kept (any script), the rest
/// `-`, at most 80 bytes (file names have a limit of 255).
pub fn slug(name: &str) -> String {
    let slug: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let mut slug = slug.trim_matches('-').to_string();
    if slug.len() > MAX_SLUG {
        let mut end = MAX_SLUG;
        while !slug.is_char_boundary(end) {
            end -= 1;
        }
        slug.truncate(end);
    }
    if slug.is_empty() {
        "student".to_string()
    } else {
        slug
    }
}

const MAX_SLUG: usize = 80;

/// File names made unique within one folder: each [`slug`] is kept the first time, and a later
/// one that matches it, ignoring case, or matches a reserved name (the class's `summary` and
/// `gradebook`), is numbered: `a-b`, `a-b-2`.
///
/// ```
/// use damtutor::check::report::Names;
/// let mut names = Names::reserving(&["summary", "gradebook"]);
/// assert_eq!(names.next("Summary"), "Summary-2");
/// assert_eq!(names.next("a.b"), "a-b");
/// assert_eq!(names.next("a-b"), "a-b-2");
/// assert_eq!(names.next("A B"), "A-B-3");
/// ```
#[derive(Debug, Default, Clone)]
pub struct Names {
    used: std::collections::HashSet<String>,
}

impl Names {
    /// Names that `reserved` already takes.
    pub fn reserving(reserved: &[&str]) -> Names {
        Names {
            used: reserved.iter().map(|name| name.to_lowercase()).collect(),
        }
    }

    /// A new unique name for `wanted`.
    pub fn next(&mut self, wanted: &str) -> String {
        let base = slug(wanted);
        let mut name = base.clone();
        let mut n = 1;
        while !self.used.insert(name.to_lowercase()) {
            n += 1;
            name = format!("{base}-{n}");
        }
        name
    }
}

/// Renders the report of `result` with `templates`; `stem` names the Markdown diagram folder.
pub fn render(
    result: &StudentResult,
    templates: &Templates,
    lang: Lang,
    stem: &str,
) -> Result<RenderedReport, TemplateError> {
    let format = templates.format();
    let mut files = Vec::new();
    let mut items = Vec::new();
    let mut diagram_names = Names::default();
    for item in &result.items {
        let caption = match &item.faulty_move {
            Some(m) => say!(lang, Text::PositionBefore, faulty = m),
            None => String::new(),
        };
        let (diagram, diagram_file) = match &item.diagram {
            None => (None, None),
            Some(position) => {
                let options = DiagramOptions {
                    numbers: true,
                    standalone: format == Format::Markdown,
                    width: 320,
                    label: caption.clone(),
                    ..DiagramOptions::default()
                };
                let svg = with_position!(position, p => svg::diagram(p, &options));
                if format == Format::Markdown {
                    let file = format!("{stem}-diagrams/{}.svg", diagram_names.next(&item.id));
                    files.push((file.clone(), svg));
                    (None, Some(file))
                } else {
                    (Some(svg), None)
                }
            }
        };
        items.push(FeedbackItem {
            id: item.id.clone(),
            verdict: item.verdict.name().to_string(),
            verdict_label: text(lang, item.verdict.label()).to_string(),
            points: if item.verdict.marked() {
                number(item.points)
            } else {
                text(lang, Text::ShortUnknown).to_string()
            },
            max: number(item.max),
            answer: item.answer.clone(),
            feedback: item.feedback.clone(),
            solution: item.solution.clone(),
            diagram,
            diagram_file,
            diagram_caption: caption,
        });
    }
    let percent = if result.max > 0.0 {
        number((1000.0 * result.total / result.max).round() / 10.0)
    } else {
        "0".to_string()
    };
    let view = FeedbackView {
        generator: "damtutor".to_string(),
        lang: lang.code().to_string(),
        labels: FeedbackLabels::new(lang),
        student: result.student.clone(),
        class: result.class.clone(),
        total: number(result.total),
        max: number(result.max),
        percent,
        items,
        notes: result.notes.clone(),
    };
    let name = format!("feedback.{}", format.extension());
    let text = templates.render(&name, &view)?;
    Ok(RenderedReport { text, files })
}
