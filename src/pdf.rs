//! PDF: HTML documents printed by a Chromium or Chrome found on the machine.
//!
//! [`Printer::launch`] starts the browser headless - no sandbox, no GPU, nothing that reaches
//! out to the network, a fresh profile in a temporary folder - and speaks the DevTools protocol
//! with it over its local websocket. [`Printer::print`] puts a document into a new tab (no file
//! is shared with the browser, so a confined one such as a snap prints as well), waits for its
//! fonts, and prints it with the page size and margins of its CSS `@page` (A4 where it has
//! none), backgrounds included and without the browser's header and footer. One browser prints
//! any number of documents.
//!
//! The browser is `DAMTUTOR_CHROMIUM` when set, else the first of `chromium`,
//! `chromium-browser`, `google-chrome`, `google-chrome-stable`, `chrome` and `msedge` on `PATH`,
//! else the usual install places of Chrome, Chromium and Edge on macOS and Windows
//! ([`find_browser`]). Without one, [`PdfError::NoBrowser`] says how to install one.

pub mod devtools;

use crate::words::{say, Lang, Text};
use devtools::DevTools;
use serde_json::{json, Value};
use std::fmt;
use std::path::{Path, PathBuf};

/// The names a Chromium-based browser has on `PATH`.
const NAMES: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
    "msedge",
];

/// Where the browsers are installed when they are not on `PATH` (macOS, Windows).
const PLACES: &[&str] = &[
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
    r"C:\Program Files\Google\Chrome\Application\chrome.exe",
    r"C:\Program Files (x86)\Google\Chrome\Application\chrome.exe",
    r"C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe",
    r"C:\Program Files\Microsoft\Edge\Application\msedge.exe",
];

/// Why no PDF was made. Said in either language by [`say`](PdfError::say) (what the browser
/// itself said stays in its words); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdfError {
    /// No browser to print with: none found, or `DAMTUTOR_CHROMIUM` names `named`, which is
    /// not a file. The words say how to get one.
    NoBrowser { named: Option<PathBuf> },
    /// The browser could not be started (`started` false) or did not print: what went wrong,
    /// in the browser's or the system's words.
    Browser {
        executable: PathBuf,
        what: String,
        started: bool,
    },
}

impl PdfError {
    /// The error in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        let install = say!(lang, Text::PdfInstall);
        match self {
            PdfError::NoBrowser { named: None } => say!(lang, Text::PdfNoBrowser, install),
            PdfError::NoBrowser { named: Some(path) } => {
                say!(lang, Text::PdfNamedNotAFile, path = path.display(), install)
            }
            PdfError::Browser {
                executable,
                what,
                started,
            } => {
                let key = if *started {
                    Text::PdfFailed
                } else {
                    Text::PdfNotStarted
                };
                say!(lang, key, path = executable.display(), what)
            }
        }
    }
}

impl fmt::Display for PdfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::English))
    }
}

impl std::error::Error for PdfError {}

/// The browser to print with: `DAMTUTOR_CHROMIUM`, else the first one found on `PATH` or in
/// the usual install places.
pub fn find_browser() -> Result<PathBuf, PdfError> {
    if let Some(named) = std::env::var_os("DAMTUTOR_CHROMIUM") {
        let path = PathBuf::from(&named);
        if path.is_file() {
            return Ok(path);
        }
        return Err(PdfError::NoBrowser { named: Some(path) });
    }
    let on_path = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .unwrap_or_default();
    let exe = if cfg!(windows) { ".exe" } else { "" };
    on_path
        .iter()
        .flat_map(|folder| {
            NAMES
                .iter()
                .map(move |name| folder.join(format!("{name}{exe}")))
        })
        .chain(PLACES.iter().map(PathBuf::from))
        .find(|candidate| candidate.is_file())
        .ok_or(PdfError::NoBrowser { named: None })
}

/// Prints each HTML document to PDF with one browser; the PDFs in the documents' order.
///
/// ```no_run
/// let pdfs = damtutor::pdf::print_all(&["<!DOCTYPE html><p>Hello</p>"])?;
/// assert!(pdfs[0].starts_with(b"%PDF"));
/// # Ok::<(), damtutor::pdf::PdfError>(())
/// ```
pub fn print_all<S: AsRef<str>>(documents: &[S]) -> Result<Vec<Vec<u8>>, PdfError> {
    if documents.is_empty() {
        return Ok(Vec::new());
    }
    let mut printer = Printer::launch()?;
    documents
        .iter()
        .map(|html| printer.print(html.as_ref()))
        .collect()
}

/// A headless browser that prints documents.
pub struct Printer {
    executable: PathBuf,
    browser: DevTools,
}

impl Printer {
    /// Starts the browser [`find_browser`] finds.
    pub fn launch() -> Result<Printer, PdfError> {
        Printer::launch_with(&find_browser()?)
    }

    /// Starts `executable` headless with a fresh profile.
    pub fn launch_with(executable: &Path) -> Result<Printer, PdfError> {
        match DevTools::launch(executable, "damtutor-print") {
            Ok(browser) => Ok(Printer {
                executable: executable.to_path_buf(),
                browser,
            }),
            Err(what) => Err(PdfError::Browser {
                executable: executable.to_path_buf(),
                what,
                started: false,
            }),
        }
    }

    /// Prints one HTML document.
    pub fn print(&mut self, html: &str) -> Result<Vec<u8>, PdfError> {
        let target = self.call(None, "Target.createTarget", json!({"url": "about:blank"}))?;
        let target_id = target["targetId"].clone();
        let attached = self.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        )?;
        let session = attached["sessionId"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let session = Some(session.as_str());
        let tree = self.call(session, "Page.getFrameTree", json!({}))?;
        let frame = tree["frameTree"]["frame"]["id"].clone();
        self.call(
            session,
            "Page.setDocumentContent",
            json!({"frameId": frame, "html": html}),
        )?;
        // Every font the document uses loaded, and laid out.
        self.call(
            session,
            "Runtime.evaluate",
            json!({"expression": "document.fonts.ready.then(() => document.readyState)", "awaitPromise": true, "returnByValue": true}),
        )?;
        let printed = self.call(
            session,
            "Page.printToPDF",
            json!({
                "printBackground": true,
                "preferCSSPageSize": true,
                "displayHeaderFooter": false,
                "paperWidth": 8.27,
                "paperHeight": 11.69,
                "marginTop": 0.47,
                "marginBottom": 0.47,
                "marginLeft": 0.47,
                "marginRight": 0.47,
            }),
        )?;
        let _ = self.call(None, "Target.closeTarget", json!({"targetId": target_id}));
        let data = printed["data"].as_str().unwrap_or_default();
        let bytes =
            base64_decode(data).ok_or_else(|| self.failed("the PDF it sent is not base64"))?;
        if !bytes.starts_with(b"%PDF") {
            return Err(self.failed("what it printed is not a PDF"));
        }
        Ok(bytes)
    }

    fn failed(&self, what: &str) -> PdfError {
        PdfError::Browser {
            executable: self.executable.clone(),
            what: what.to_string(),
            started: true,
        }
    }

    /// Sends a command (to a tab's session, or to the browser) and waits for its answer.
    fn call(
        &mut self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, PdfError> {
        let answer = self.browser.call(session, method, params);
        answer.map_err(|what| self.failed(&what))
    }
}

/// Standard base64 (RFC 4648, with padding); `None` when the text is not that.
fn base64_decode(text: &str) -> Option<Vec<u8>> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.decode(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_decodes_what_browsers_send() {
        assert_eq!(base64_decode("JVBERi0=").as_deref(), Some(&b"%PDF-"[..]));
        assert_eq!(base64_decode("aGk=").as_deref(), Some(&b"hi"[..]));
        assert_eq!(base64_decode("YWJj").as_deref(), Some(&b"abc"[..]));
        assert_eq!(base64_decode("a*b"), None);
    }
}
