//! Students' answer files: a YAML file per student, or a class in one CSV sheet
//! ([`class_sheet`]); [`load_answer_file`] tells them apart.

use super::class_sheet::{self, ClassSheet};
use crate::exercise::yaml::{
    self, clean_yaml_message, find_line, find_line_start, find_line_start_after, key_lines,
};
use crate::exercise::{ExerciseError, Problem};
use crate::input::{self, FormatFault, FormatProblem};
use crate::words::{say, Lang, Text};
use serde::Deserialize;
use std::collections::HashSet;
use std::path::Path;

/// A student's answer file: who, and an answer per exercise or question id; from a practice
/// page also what was tried on the way (`practice`).
///
/// ```yaml
/// student: Li Ming
/// class: 5B
/// answers:
///   ts-01: "1. 43-38 47x32 2. 28x37"
///   q1: B
///   q2: [A, C]
/// practice:
///   ts-01: {hints: 1, wrong: ["1. 28-22"], seconds: 95}
/// ```
#[derive(Clone, Debug)]
pub struct AnswerSheet {
    pub source_name: String,
    pub student: String,
    pub class: Option<String>,
    /// Answers in file order: the id, the answer, and its line in the file.
    pub answers: Vec<(String, Answer, Option<usize>)>,
    /// What a practice page recorded, by id.
    pub practice: Vec<(String, PracticeRecord)>,
    /// The practice page's seal, when the file came from one.
    pub seal: Option<Seal>,
    /// The ids the sheet has a place for (a class sheet's columns): only those are marked.
    /// `None` (a student's own file): every exercise of the sets.
    pub asked: Option<Vec<String>>,
}

/// What a practice page writes into a hand-in to tie it to itself: the page's id and a
/// checksum of what it recorded. An offline page cannot keep a secret, so the seal shows an
/// edit by hand; it cannot stop a student who recomputes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seal {
    pub page: String,
    pub checksum: String,
}

/// Why `check` warns about a practice page's hand-in (it still marks it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealProblem {
    /// The answers or the records do not match the checksum the page wrote.
    Edited,
    /// An answer to an exercise of which the page recorded no play.
    Unrecorded { id: String },
}

impl SealProblem {
    /// The warning in `lang`, naming the file.
    pub fn say(&self, lang: Lang, file: &str) -> String {
        match self {
            SealProblem::Edited => say!(lang, Text::CheckPageEdited, file),
            SealProblem::Unrecorded { id } => say!(lang, Text::CheckPageUnrecorded, file, id),
        }
    }
}

/// FNV-1a (32 bits) of `text`'s bytes, as the practice page computes it (`checksum` in
/// `templates/partials/practice.js`).
fn page_checksum(text: &str) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in text.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    format!("{hash:08x}")
}

impl AnswerSheet {
    /// The practice record of exercise `id` (empty when there is none).
    pub fn practice_of(&self, id: &str) -> PracticeRecord {
        self.practice
            .iter()
            .find(|(other, _)| other == id)
            .map(|(_, record)| record.clone())
            .unwrap_or_default()
    }

    /// The text the practice page's checksum is taken of: the page, each answer, and each
    /// record's hints and wrong tries, in file order.
    fn seal_text(&self, page: &str) -> String {
        let mut text = format!("damtutor-practice\n{page}\n");
        for (id, answer, _) in &self.answers {
            text.push_str(&format!("{id}\t{}\n", answer.text()));
        }
        for (id, record) in &self.practice {
            text.push_str(&format!(
                "{id}\t{}\t{}\n",
                record.hints,
                record.wrong.join("|")
            ));
        }
        text
    }

    /// What does not fit the practice page's seal (nothing for a file without one).
    ///
    /// ```
    /// use damtutor::check::{parse_answers, SealProblem};
    /// let page = "student: Li\npage: \"p1\"\nchecksum: \"45db7223\"\nanswers:\n  a: \"1. 43-38\"\npractice:\n  a: {hints: 0, wrong: []}\n";
    /// let sheet = parse_answers(page, "li.yaml").unwrap();
    /// assert_eq!(sheet.seal_problems(), []);
    /// let edited = page.replace("43-38", "43-39").replace("  a: {", "  b: {");
    /// let sheet = parse_answers(&edited, "li.yaml").unwrap();
    /// assert_eq!(
    ///     sheet.seal_problems(),
    ///     [SealProblem::Edited, SealProblem::Unrecorded { id: "a".into() }]
    /// );
    /// ```
    pub fn seal_problems(&self) -> Vec<SealProblem> {
        let Some(seal) = &self.seal else {
            return Vec::new();
        };
        let mut problems = Vec::new();
        if page_checksum(&self.seal_text(&seal.page)) != seal.checksum {
            problems.push(SealProblem::Edited);
        }
        for (id, _, _) in &self.answers {
            if !self.practice.iter().any(|(other, _)| other == id) {
                problems.push(SealProblem::Unrecorded { id: id.clone() });
            }
        }
        problems
    }
}

/// What a practice page records beside an answer. Only `hints` and `wrong` count in the mark
/// (each costs the set's share, see [`Scoring`](crate::exercise::Scoring)); the rest is for the teacher to read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PracticeRecord {
    /// Hints used.
    pub hints: u32,
    /// The wrong moves tried, each with the line before it (`1. 43-38 47x32 2. 28-22`).
    pub wrong: Vec<String>,
    /// Seconds from the first move to the last.
    pub seconds: Option<u64>,
    /// When the first and the last move were made (ISO 8601).
    pub started: Option<String>,
    pub finished: Option<String>,
    /// The page's own verdict (never used for marking: the moves are checked again).
    pub verdict: Option<String>,
}

/// One answer: a text (a line of moves, a letter, a FEN) or a list (choices, blanks).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Answer {
    Text(String),
    Number(i64),
    List(Vec<String>),
}

impl Answer {
    /// The answer as one text (list items joined with commas).
    pub fn text(&self) -> String {
        match self {
            Answer::Text(t) => t.clone(),
            Answer::Number(n) => n.to_string(),
            Answer::List(items) => items.join(", "),
        }
    }

    /// The answer as a list of items.
    pub fn items(&self) -> Vec<String> {
        match self {
            Answer::Text(t) => vec![t.clone()],
            Answer::Number(n) => vec![n.to_string()],
            Answer::List(items) => items.clone(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSheet {
    student: String,
    class: Option<String>,
    answers: serde_yaml::Mapping,
    #[serde(default)]
    practice: serde_yaml::Mapping,
    /// A practice page's id and the checksum of its records.
    page: Option<String>,
    checksum: Option<String>,
}

/// What an answer file holds: one student (YAML), or a class (a CSV sheet, a row a student).
#[derive(Clone, Debug)]
pub enum AnswerFile {
    Student(AnswerSheet),
    Class(ClassSheet),
}

impl AnswerFile {
    /// The students of the file.
    pub fn sheets(&self) -> &[AnswerSheet] {
        match self {
            AnswerFile::Student(sheet) => std::slice::from_ref(sheet),
            AnswerFile::Class(class) => &class.sheets,
        }
    }
}

/// Reads an answer file: a CSV sheet of a class when its name ends in `.csv` or its first
/// line is a CSV header (`student,...` / `姓名,...`), else a student's YAML file. A sheet's
/// rows are named in `lang`.
pub fn load_answer_file(path: &Path, lang: Lang) -> Result<AnswerFile, ExerciseError> {
    let name = path.display().to_string();
    let bytes = read(path, &name)?;
    parse_answer_file(&bytes, &name, lang)
}

/// [`load_answer_file`] of the bytes of a file named `name` (an upload): a class sheet when
/// the name ends in `.csv` or the first line is a CSV header, else a student's YAML file.
pub fn parse_answer_file(
    bytes: &[u8],
    name: &str,
    lang: Lang,
) -> Result<AnswerFile, ExerciseError> {
    let csv_name = Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    if csv_name || class_sheet::looks_like_csv(bytes) {
        return class_sheet::parse_bytes(bytes, name, lang).map(AnswerFile::Class);
    }
    let text = input::text(bytes).map_err(|e| ExerciseError::not_utf8(name, &e))?;
    parse_answers(text, name).map(AnswerFile::Student)
}

/// The bytes of an answer file, through the one bounded reader.
fn read(path: &Path, name: &str) -> Result<Vec<u8>, ExerciseError> {
    input::bytes(path).map_err(|e| ExerciseError::in_file(name, Problem::Read(e)))
}

/// Reads a student's answer file (YAML; see [`load_answer_file`] for CSV sheets too).
pub fn load_answers(path: &Path) -> Result<AnswerSheet, ExerciseError> {
    let name = path.display().to_string();
    let bytes = read(path, &name)?;
    parse_answers_bytes(&bytes, &name)
}

/// [`parse_answers`] of bytes that should be UTF-8 text.
pub fn parse_answers_bytes(bytes: &[u8], name: &str) -> Result<AnswerSheet, ExerciseError> {
    let text = input::text(bytes).map_err(|e| ExerciseError::not_utf8(name, &e))?;
    parse_answers(text, name)
}

/// Checks the text of an answer file named `name`.
pub fn parse_answers(text: &str, name: &str) -> Result<AnswerSheet, ExerciseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // The exercise an answer is for is said by the problem ("题目 a" as the students' sheets
    // name it), not as the error's id ("练习 a").
    let error = |line, problem| ExerciseError {
        file: name.to_string(),
        line,
        column: None,
        id: None,
        problem: Box::new(problem),
    };
    let raw: RawSheet = yaml::read(text, name).map_err(|mut e| {
        // Not a mapping at all (a CSV sheet, a text): say what an answer file is.
        if let Problem::Format { problem, .. } = &*e.problem {
            if let FormatFault::InvalidType { expected, .. } = &problem.fault {
                if expected == "struct RawSheet" {
                    *e.problem = Problem::NotAnswerFile;
                }
            }
        }
        e
    })?;
    if raw.student.trim().is_empty() {
        return Err(error(find_line(text, "student:"), Problem::NoStudentName));
    }
    let mut answers = Vec::new();
    let mut answered = HashSet::new();
    let lines = key_lines(text);
    for (key, value) in raw.answers {
        let id = match key {
            serde_yaml::Value::String(s) => s,
            serde_yaml::Value::Number(n) => n.to_string(),
            other => {
                let id = format!("{other:?}");
                let line = find_line_start(text, "answers:");
                return Err(error(line, Problem::AnswerBadId { id }));
            }
        };
        let line = lines.get(id.as_str()).copied();
        let answer: Answer = serde_yaml::from_value(value)
            .map_err(|_| error(line, Problem::AnswerNotText { id: id.clone() }))?;
        if !answered.insert(id.clone()) {
            return Err(error(line, Problem::AnsweredTwice { id }));
        }
        answers.push((id, answer, line));
    }
    let mut practice = Vec::new();
    for (key, value) in raw.practice {
        let id = match key {
            serde_yaml::Value::String(s) => s,
            serde_yaml::Value::Number(n) => n.to_string(),
            other => {
                let id = format!("{other:?}");
                let line = find_line_start(text, "practice:");
                return Err(error(line, Problem::PracticeBadId { id }));
            }
        };
        let record: PracticeRecord = serde_yaml::from_value(value).map_err(|e| {
            let section = find_line_start(text, "practice:").unwrap_or(1);
            let line = find_line_start_after(text, section, &format!("{id}:")).or(Some(section));
            let problem = Box::new(FormatProblem::read(&clean_yaml_message(&e.to_string())));
            let id = id.clone();
            error(line, Problem::Practice { id, problem })
        })?;
        practice.push((id, record));
    }
    Ok(AnswerSheet {
        source_name: name.to_string(),
        student: raw.student.trim().to_string(),
        class: raw.class,
        answers,
        practice,
        seal: match (raw.page, raw.checksum) {
            (Some(page), Some(checksum)) => Some(Seal { page, checksum }),
            _ => None,
        },
        asked: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_files_carry_what_a_practice_page_recorded() {
        let text = "student: Li\nanswers:\n  a: \"43-38\"\n  7: \"32-28\"\npractice:\n  a: {hints: 2, wrong: [\"1. 11-6\"], seconds: 40, verdict: correct}\n  7: {}\n";
        let sheet = parse_answers(text, "li.yaml").unwrap();
        assert_eq!(sheet.practice_of("a").hints, 2);
        assert_eq!(sheet.practice_of("a").wrong, ["1. 11-6"]);
        assert_eq!(sheet.practice_of("7"), PracticeRecord::default());
        assert_eq!(sheet.practice_of("missing"), PracticeRecord::default());
        let broken =
            "student: Li\nanswers:\n  a: \"43-38\"\npractice:\n  b: {}\n  a: {hints: many}\n";
        let error = parse_answers(broken, "li.yaml").unwrap_err();
        assert_eq!(error.line, Some(6));
        assert!(
            error
                .to_string()
                .starts_with("li.yaml:6: exercise a: practice:"),
            "{error}"
        );
    }

    #[test]
    fn a_text_that_is_no_answer_file_says_what_one_is() {
        let error = parse_answers("just some words\n", "notes.yaml").unwrap_err();
        assert_eq!(*error.problem, Problem::NotAnswerFile, "{error}");
        assert!(
            error
                .to_string()
                .starts_with("notes.yaml:1:1: not an answer file: give student: and answers:"),
            "{error}"
        );
        let error = parse_answers("student: \" \"\nanswers: {}\n", "x.yaml").unwrap_err();
        assert_eq!(error.say(Lang::Chinese), "x.yaml 第 1 行：学生姓名是空的");
        // A byte order mark (Windows Notepad) is no part of the text.
        let sheet =
            parse_answers("\u{feff}student: Li\nanswers:\n  a: 43-38\n", "li.yaml").unwrap();
        assert_eq!(sheet.student, "Li");
    }
}
