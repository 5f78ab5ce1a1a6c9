//! `--format pdf`: documents rendered as HTML, then printed by a Chromium found on the machine
//! (`damtutor::pdf`). Every document of a command is printed before any file is written.

use super::CliError;
use clap::ValueEnum;
use damtutor::render::templates::Format;
use damtutor::render::worksheet::OutputFile;
use std::path::{Path, PathBuf};

/// What a printed document (a worksheet, a feedback report) is written as.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocumentFormat {
    /// One self-contained HTML file.
    Html,
    /// GitHub-flavoured Markdown with SVG files beside it.
    #[value(alias = "markdown")]
    Md,
    /// PDF, printed from the HTML by Chromium or Chrome.
    Pdf,
}

impl DocumentFormat {
    /// The format given, else the one `out`'s extension names, else HTML.
    pub fn chosen(given: Option<DocumentFormat>, out: Option<&Path>) -> DocumentFormat {
        given
            .or_else(|| match out?.extension()?.to_str()? {
                "md" | "markdown" => Some(DocumentFormat::Md),
                "pdf" => Some(DocumentFormat::Pdf),
                "html" | "htm" => Some(DocumentFormat::Html),
                _ => None,
            })
            .unwrap_or(DocumentFormat::Html)
    }

    /// The templates it is rendered with (PDF: the HTML ones).
    pub fn templates(self) -> Format {
        match self {
            DocumentFormat::Md => Format::Markdown,
            DocumentFormat::Html | DocumentFormat::Pdf => Format::Html,
        }
    }

    /// The extension of its files.
    pub fn extension(self) -> &'static str {
        match self {
            DocumentFormat::Html => "html",
            DocumentFormat::Md => "md",
            DocumentFormat::Pdf => "pdf",
        }
    }
}

/// A file ready to write.
pub struct Written {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// The files to write: with `pdf`, the documents (rendered as HTML; not the SVG diagrams and
/// JSON keys beside them) printed to PDF with one browser; the others as they are.
pub fn print(files: Vec<OutputFile>, pdf: bool) -> Result<Vec<Written>, CliError> {
    let printed_file = |file: &OutputFile| {
        pdf && !file
            .path
            .extension()
            .is_some_and(|e| e == "svg" || e == "json")
    };
    let documents: Vec<&str> = files
        .iter()
        .filter(|f| printed_file(f))
        .map(|f| f.contents.as_str())
        .collect();
    let mut printed = damtutor::pdf::print_all(&documents)?.into_iter();
    let mut out = Vec::with_capacity(files.len());
    for file in files {
        let bytes = if printed_file(&file) {
            printed.next().unwrap_or_default()
        } else {
            file.contents.into_bytes()
        };
        out.push(Written {
            path: file.path,
            bytes,
        });
    }
    Ok(out)
}

/// Fails early, before any work, when PDF is asked for and no browser can print it.
pub fn check_browser(format: DocumentFormat) -> Result<(), CliError> {
    if format == DocumentFormat::Pdf {
        damtutor::pdf::find_browser()?;
    }
    Ok(())
}
