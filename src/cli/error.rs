//! What stops a command. Each variant says what went wrong; `main` alone turns it into an exit
//! code (0 success, 1 input understood but rejected or some items skipped, 2 usage or parse
//! error) and prints it in the command's language ([`CliError::say`]). The layers' own errors
//! convert into it, so a command writes `?`.

use super::reasons::{Rejection, Usage};
use damtutor::exercise::ExerciseError;
use damtutor::fen::FenError;
use damtutor::notation::MoveError;
use damtutor::pdf::PdfError;
use damtutor::practice::PracticeError;
use damtutor::quiz::{KeyError, QuizError};
use damtutor::render::templates::TemplateError;
use damtutor::render::worksheet::WorksheetError;
use damtutor::words::{self, fill, text, Lang, Text};
use std::fmt;
use std::path::{Path, PathBuf};

/// Why a command stopped.
#[derive(Debug)]
pub enum CliError {
    /// Flags that cannot be used as given (`--count 0`, `--id` without a file, no exercise
    /// files to read), said in the command's language.
    Usage { lang: Lang, reason: Usage },
    /// A file or folder that could not be read or written.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Exercise or answer files that do not read, each error with its file, line and id.
    Exercises(Vec<ExerciseError>),
    /// A position that is not a FEN, or one that cannot stand on the board.
    Fen(FenError),
    /// The `number`th move given on the command line (1-based): not a move, or not legal.
    Move {
        number: usize,
        text: String,
        error: MoveError,
    },
    /// A template that could not be read, parsed or rendered.
    Template(TemplateError),
    /// A quiz key that does not read.
    Key(KeyError),
    /// The input was understood and rejected: an exercise without a proven solution, a
    /// position with nothing to check against, no question that fits, nothing found; said in
    /// the command's language.
    Rejected { lang: Lang, reason: Rejection },
    /// Some items were done and others were not (answer files that could not be read).
    Partial(String),
    /// Standard output could not be written (a closed pipe, a full disk).
    Stdout(std::io::Error),
    /// A PDF could not be printed: no browser, or the browser failed.
    Pdf(PdfError),
}

impl CliError {
    /// Flags that cannot be used as given, said in `lang`.
    pub fn usage(lang: Lang, reason: Usage) -> CliError {
        CliError::Usage { lang, reason }
    }

    /// A usage error already said in `lang` by a words table (the teacher's desk's).
    #[cfg(feature = "serve")]
    pub fn said(lang: Lang, sentence: String) -> CliError {
        CliError::usage(lang, Usage::Said(sentence))
    }

    /// Input understood and rejected, said in `lang`.
    pub fn rejected(lang: Lang, reason: Rejection) -> CliError {
        CliError::Rejected { lang, reason }
    }

    /// The same error, a refusal said in `lang`: for refusals made where the command's
    /// language is not known (the outputs', which serve every command, are made in English).
    pub fn in_language(self, lang: Lang) -> CliError {
        match self {
            CliError::Usage { reason, .. } => CliError::Usage { lang, reason },
            CliError::Rejected { reason, .. } => CliError::Rejected { lang, reason },
            other => other,
        }
    }

    /// A quiz that cannot be made: points that cannot add up are the flags' fault (a usage
    /// error), nothing to ask is a rejection.
    pub fn quiz(lang: Lang, error: QuizError) -> CliError {
        if error.is_points() {
            CliError::usage(lang, Usage::Quiz(error))
        } else {
            CliError::rejected(lang, Rejection::Quiz(error))
        }
    }

    /// A worksheet that cannot be made, said in `lang`.
    pub fn worksheet(lang: Lang, error: WorksheetError) -> CliError {
        match error {
            WorksheetError::Unsolved(_) | WorksheetError::Mirror(_) => {
                CliError::rejected(lang, Rejection::NoWorksheet(error.to_string()))
            }
            WorksheetError::Template(error) => CliError::Template(error),
            WorksheetError::Empty => CliError::usage(lang, Usage::NothingToPrint),
        }
    }

    /// A practice page that cannot be made, said in `lang`.
    pub fn practice(lang: Lang, error: PracticeError) -> CliError {
        match error {
            PracticeError::Exercises(_) => {
                CliError::rejected(lang, Rejection::NoPracticePage(error.to_string()))
            }
            PracticeError::Template(error) => CliError::Template(error),
            PracticeError::Empty => CliError::usage(lang, Usage::NothingToPractise),
        }
    }

    /// A file or folder that could not be read or written.
    pub fn io(path: &Path, error: std::io::Error) -> CliError {
        CliError::Io {
            path: path.to_path_buf(),
            error,
        }
    }
}

impl CliError {
    /// What went wrong, in `lang`: the command's language, as `main` prints it. A refusal
    /// keeps the language it was said in (the command's, which may be its sets'); what the
    /// system, Tera or a browser said in its own words stays in them.
    pub fn say(&self, lang: Lang) -> String {
        let say = |key, values: &[(&str, &dyn fmt::Display)]| fill(lang, key, values);
        match self {
            CliError::Usage { lang, reason } => reason.say(*lang),
            CliError::Rejected { lang, reason } => reason.say(*lang),
            CliError::Partial(message) => message.clone(),
            CliError::Io { path, error } => {
                let error = words::io_problem(lang, &error.into());
                format!("{}{}{error}", path.display(), text(lang, Text::Colon))
            }
            CliError::Exercises(errors) => {
                let said: Vec<String> = errors.iter().map(|error| error.say(lang)).collect();
                said.join("\n")
            }
            CliError::Fen(error) => words::fen_error(lang, error),
            // `play` has no --lang: its moves are said in English.
            CliError::Move {
                number,
                text,
                error,
            } => format!("move {number} ({}): {}", text.trim(), error.reason()),
            CliError::Template(error) => say(Text::CliTemplates, &[("error", error)]),
            CliError::Key(error) => error.say(lang),
            CliError::Stdout(error) => {
                let error = words::io_problem(lang, &error.into());
                say(Text::CliStdout, &[("error", &error)])
            }
            CliError::Pdf(error) => {
                let error = error.say(lang);
                say(Text::CliPdfNotWritten, &[("error", &error)])
            }
        }
    }
}

/// The error in English (a refusal in its own language).
impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::English))
    }
}

impl std::error::Error for CliError {}

impl From<Vec<ExerciseError>> for CliError {
    fn from(errors: Vec<ExerciseError>) -> CliError {
        CliError::Exercises(errors)
    }
}

impl From<ExerciseError> for CliError {
    fn from(error: ExerciseError) -> CliError {
        CliError::Exercises(vec![error])
    }
}

impl From<FenError> for CliError {
    fn from(error: FenError) -> CliError {
        CliError::Fen(error)
    }
}

impl From<TemplateError> for CliError {
    fn from(error: TemplateError) -> CliError {
        CliError::Template(error)
    }
}

impl From<KeyError> for CliError {
    fn from(error: KeyError) -> CliError {
        CliError::Key(error)
    }
}

impl From<PdfError> for CliError {
    fn from(error: PdfError) -> CliError {
        CliError::Pdf(error)
    }
}
