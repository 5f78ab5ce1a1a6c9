//! The Tera templates of every document - worksheets, quizzes, feedback reports - built into the
//! binary from `templates/`, each one replaceable by a file of the same name in a folder of the
//! user's (`--templates DIR`). One loader for all of them: [`Templates::load`].
//!
//! HTML templates escape every value for HTML; Markdown templates escape every value for
//! Markdown (see [`crate::escape`]). Values that are already markup - the SVG diagrams - are
//! written with `| safe`.

use crate::escape;
use std::fmt;
use std::path::Path;
use tera::{Context, Tera};

/// An output format.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, clap::ValueEnum)]
pub enum Format {
    /// One self-contained HTML file.
    Html,
    /// GitHub-flavoured Markdown with SVG files beside it.
    #[value(name = "md", alias = "markdown")]
    Markdown,
}

impl Format {
    /// The file extension: `html` or `md`.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Html => "html",
            Format::Markdown => "md",
        }
    }

    /// Whether a template file named `name` belongs to this format.
    fn owns(self, name: &str) -> bool {
        match self {
            Format::Html => {
                name.ends_with(".html") || name.ends_with(".css") || name.ends_with(".js")
            }
            Format::Markdown => name.ends_with(".md"),
        }
    }
}

/// A kind of document, with the templates it is rendered with.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Document {
    /// A worksheet and its answer key: `worksheet.*`, `answers.*`.
    Worksheet,
    /// A quiz and its answer key: `quiz.*`, `quiz-key.*`, `quiz.css`, `quiz.js`.
    Quiz,
    /// A student's feedback report: `feedback.*`.
    Feedback,
    /// A practice page: `practice.html`, `partials/practice.css`, `partials/practice.js` and
    /// the parts of the script it joins (`partials/practice/*.js`).
    Practice,
    /// The teacher's desk of `damtutor serve`: `desk.html`, `partials/desk.css`,
    /// `partials/desk.js`.
    Desk,
}

/// The built-in templates: name, text, and the document they belong to (`None`: shared by
/// every document, such as `base.html` and the partials).
pub const BUILT_IN: [(&str, &str, Option<Document>); 30] = [
    ("base.html", include_str!("../../templates/base.html"), None),
    (
        "macros.html",
        include_str!("../../templates/macros.html"),
        None,
    ),
    ("macros.md", include_str!("../../templates/macros.md"), None),
    (
        "partials/style.css",
        include_str!("../../templates/partials/style.css"),
        None,
    ),
    (
        "partials/header.html",
        include_str!("../../templates/partials/header.html"),
        None,
    ),
    (
        "worksheet.html",
        include_str!("../../templates/worksheet.html"),
        Some(Document::Worksheet),
    ),
    (
        "answers.html",
        include_str!("../../templates/answers.html"),
        Some(Document::Worksheet),
    ),
    (
        "worksheet.md",
        include_str!("../../templates/worksheet.md"),
        Some(Document::Worksheet),
    ),
    (
        "answers.md",
        include_str!("../../templates/answers.md"),
        Some(Document::Worksheet),
    ),
    (
        "quiz.html",
        include_str!("../../templates/quiz.html"),
        Some(Document::Quiz),
    ),
    (
        "quiz-key.html",
        include_str!("../../templates/quiz-key.html"),
        Some(Document::Quiz),
    ),
    (
        "quiz.css",
        include_str!("../../templates/quiz.css"),
        Some(Document::Quiz),
    ),
    (
        "quiz.js",
        include_str!("../../templates/quiz.js"),
        Some(Document::Quiz),
    ),
    (
        "quiz.md",
        include_str!("../../templates/quiz.md"),
        Some(Document::Quiz),
    ),
    (
        "quiz-key.md",
        include_str!("../../templates/quiz-key.md"),
        Some(Document::Quiz),
    ),
    (
        "feedback.html",
        include_str!("../../templates/feedback.html"),
        Some(Document::Feedback),
    ),
    (
        "feedback.md",
        include_str!("../../templates/feedback.md"),
        Some(Document::Feedback),
    ),
    (
        "practice.html",
        include_str!("../../templates/practice.html"),
        Some(Document::Practice),
    ),
    (
        "partials/practice.css",
        include_str!("../../templates/partials/practice.css"),
        Some(Document::Practice),
    ),
    (
        "partials/practice.js",
        include_str!("../../templates/partials/practice.js"),
        Some(Document::Practice),
    ),
    (
        "partials/practice/data.js",
        include_str!("../../templates/partials/practice/data.js"),
        Some(Document::Practice),
    ),
    (
        "partials/practice/moves.js",
        include_str!("../../templates/partials/practice/moves.js"),
        Some(Document::Practice),
    ),
    (
        "partials/practice/storage.js",
        include_str!("../../templates/partials/practice/storage.js"),
        Some(Document::Practice),
    ),
    (
        "partials/practice/exercise.js",
        include_str!("../../templates/partials/practice/exercise.js"),
        Some(Document::Practice),
    ),
    (
        "partials/practice/page.js",
        include_str!("../../templates/partials/practice/page.js"),
        Some(Document::Practice),
    ),
    (
        "partials/practice/hand-in.js",
        include_str!("../../templates/partials/practice/hand-in.js"),
        Some(Document::Practice),
    ),
    (
        "partials/practice/start.js",
        include_str!("../../templates/partials/practice/start.js"),
        Some(Document::Practice),
    ),
    (
        "desk.html",
        include_str!("../../templates/desk.html"),
        Some(Document::Desk),
    ),
    (
        "partials/desk.css",
        include_str!("../../templates/partials/desk.css"),
        Some(Document::Desk),
    ),
    (
        "partials/desk.js",
        include_str!("../../templates/partials/desk.js"),
        Some(Document::Desk),
    ),
];

/// A template that could not be read, parsed or rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError {
    /// The whole message, with Tera's chain of causes.
    pub message: String,
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TemplateError {}

impl From<tera::Error> for TemplateError {
    fn from(error: tera::Error) -> TemplateError {
        let mut message = error.to_string();
        let mut source = std::error::Error::source(&error);
        while let Some(cause) = source {
            message.push_str(": ");
            message.push_str(&cause.to_string());
            source = cause.source();
        }
        TemplateError { message }
    }
}

/// The templates of one document in one format, ready to render.
pub struct Templates {
    tera: Tera,
    format: Format,
}

impl Templates {
    /// The built-in templates of `document` in `format` (its own and the shared ones), each
    /// replaced by the file of the same name in `overrides` when there is one. Files under
    /// `overrides/partials/` with other names are added too (new partials to include); other
    /// files there are left alone, so that one folder can hold the templates of every document.
    pub fn load(
        document: Document,
        format: Format,
        overrides: Option<&Path>,
    ) -> Result<Templates, TemplateError> {
        let mut sources: Vec<(String, String)> = BUILT_IN
            .iter()
            .filter(|(name, _, owner)| format.owns(name) && owner.is_none_or(|d| d == document))
            .map(|(name, text, _)| (name.to_string(), text.to_string()))
            .collect();
        if let Some(folder) = overrides {
            let mut found = Vec::new();
            read_folder(folder, "", &mut found).map_err(|e| TemplateError {
                message: format!("--templates {}: {e}", folder.display()),
            })?;
            for (name, text) in found.into_iter().filter(|(name, _)| format.owns(name)) {
                match sources.iter_mut().find(|(known, _)| *known == name) {
                    Some(entry) => entry.1 = text,
                    None if name.starts_with("partials/") => sources.push((name, text)),
                    None => {}
                }
            }
        }
        if let Some(cycle) = super::recursion::find_cycle(&sources) {
            return Err(TemplateError {
                message: format!(
                    "{cycle}: a template may not include or extend itself, nor a macro call \
                     itself, directly or through others"
                ),
            });
        }
        let mut tera = Tera::default();
        match format {
            Format::Html => {
                tera.autoescape_on(vec![".html"]);
                tera.set_escape_fn(escape::html);
            }
            Format::Markdown => {
                tera.autoescape_on(vec![".md"]);
                tera.set_escape_fn(escape::markdown);
            }
        }
        tera.add_raw_templates(sources)?;
        Ok(Templates { tera, format })
    }

    /// The format these templates write.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Renders the template `name` (such as `worksheet.html`) with `view`, one of the view
    /// structs of [`view`](super::view), [`quiz::print`](crate::quiz::print) or the feedback reports.
    pub fn render<T: serde::Serialize>(
        &self,
        name: &str,
        view: &T,
    ) -> Result<String, TemplateError> {
        let context = Context::from_serialize(view)?;
        Ok(self.tera.render(name, &context)?)
    }
}

/// The template files under `folder`, named by their path relative to it with `/` separators.
fn read_folder(
    folder: &Path,
    prefix: &str,
    found: &mut Vec<(String, String)>,
) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(folder)?
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .map(|entry| entry.path())
        .collect();
    entries.sort();
    for path in entries {
        let Some(file_name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let name = format!("{prefix}{file_name}");
        if path.is_dir() {
            read_folder(&path, &format!("{name}/"), found)?;
        } else if Format::Html.owns(&name) || Format::Markdown.owns(&name) {
            let text = crate::input::read_text(&path).map_err(|e| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("{}: {e}", path.display()),
                )
            })?;
            found.push((name, text));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_template_parses() {
        for format in [Format::Html, Format::Markdown] {
            let templates = Templates::load(Document::Worksheet, format, None).unwrap();
            assert_eq!(templates.format(), format);
            for name in ["worksheet", "answers"] {
                let name = format!("{name}.{}", format.extension());
                assert!(
                    templates.tera.get_template_names().any(|n| n == name),
                    "{name}"
                );
            }
            for (document, names) in [
                (Document::Quiz, ["quiz", "quiz-key"]),
                (Document::Feedback, ["feedback", "feedback"]),
            ] {
                let templates = Templates::load(document, format, None).unwrap();
                for name in names {
                    let name = format!("{name}.{}", format.extension());
                    assert!(templates.tera.get_template_names().any(|n| n == name));
                }
                assert!(!templates
                    .tera
                    .get_template_names()
                    .any(|n| n.starts_with("worksheet")));
            }
        }
    }

    #[test]
    fn a_folder_overrides_by_name() {
        let folder =
            std::env::temp_dir().join(format!("damtutor-templates-{}", std::process::id()));
        std::fs::create_dir_all(folder.join("partials")).unwrap();
        std::fs::write(folder.join("answers.md"), "A {{ title }}").unwrap();
        std::fs::write(folder.join("partials/extra.md"), "x").unwrap();
        std::fs::write(folder.join("notes.txt"), "{{ broken").unwrap();
        std::fs::write(folder.join("quiz.md"), "{% extends \"elsewhere.md\" %}").unwrap();
        let templates =
            Templates::load(Document::Worksheet, Format::Markdown, Some(&folder)).unwrap();
        let names: Vec<&str> = templates.tera.get_template_names().collect();
        assert!(names.contains(&"partials/extra.md"));
        assert!(!names.contains(&"notes.txt"));
        assert!(!names.contains(&"quiz.md"), "another command's template");
        // The quiz's templates are overridden from the same folder.
        std::fs::write(folder.join("quiz.md"), "{{ title }}").unwrap();
        let quiz = Templates::load(Document::Quiz, Format::Markdown, Some(&folder)).unwrap();
        assert_eq!(
            quiz.render("quiz.md", &serde_json::json!({"title": "T"}))
                .unwrap(),
            "T"
        );
        std::fs::write(folder.join("worksheet.md"), "{% if %}").unwrap();
        let error = Templates::load(Document::Worksheet, Format::Markdown, Some(&folder))
            .err()
            .unwrap();
        assert!(error.message.contains("worksheet.md"), "{error}");
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
