//! A class in one sheet: a CSV file as Excel and WPS save it, a row per student.
//!
//! The first row names the columns: the student's name first (`student` or `姓名`), then,
//! optionally, `class` / `班级`, then one column per question or exercise id holding each
//! student's answer as written. UTF-8 with or without a byte order mark, CRLF or LF line ends,
//! cells in quotes holding commas, line breaks and doubled quotes (RFC 4180); a sheet saved
//! with semicolons or tabs between the cells is read as well.
//!
//! ```csv
//! 姓名,班级,strike,philippe
//! 李明,5B,"1. 43-38 47x32 2. 28x37","27-22, 32x21"
//! ```
//!
//! Problems in single rows or columns (a row with too many cells, a student twice, a column
//! without an id) are [`SheetProblem`]s: the rest of the class is still read. A sheet that
//! cannot be read at all (not UTF-8, no name column, a quote left open) is an
//! [`ExerciseError`].
//!
//! The cells are split here (`records`, some fifty lines) rather than by the `csv` crate,
//! which reads a quote left open to the end of the file without an error (rust-csv issue 252)
//! where a teacher must be told the row that opened it, and which skips empty lines, so that
//! its record numbers are not the spreadsheet's rows that every message here names.

use super::answer_file::{Answer, AnswerSheet};
use crate::exercise::{ExerciseError, Problem};
use crate::words::{say, Lang, Text};
use std::collections::HashMap;

/// The students of one CSV sheet, its answer columns, and what could not be read.
#[derive(Clone, Debug)]
pub struct ClassSheet {
    /// The file, for messages.
    pub file: String,
    /// The row that names the columns (1, or 2 after Excel's `sep=` line).
    pub header_row: usize,
    /// A student per row that could be read, in the sheet's order.
    pub sheets: Vec<AnswerSheet>,
    /// The answer columns: the id in the first row and the column's number (1 = A).
    pub columns: Vec<(String, usize)>,
    pub problems: Vec<SheetProblem>,
}

/// Something in a sheet that could not be marked, with its place: the row (1 = the names
/// of the columns) and the column (1 = A), as a spreadsheet numbers them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetProblem {
    pub row: usize,
    pub column: Option<usize>,
    /// The id at the head of the column, when there is one.
    pub header: Option<String>,
    pub trouble: SheetTrouble,
}

/// What is wrong in a row or a column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SheetTrouble {
    /// A row with more cells than the first row names (a comma in an unquoted answer).
    TooManyCells { cells: usize, columns: usize },
    /// A row with more cells than the first row, the extra ones empty: an unquoted comma in
    /// an answer, with the student's last answers left empty, looks just like this.
    TrailingEmptyCells { cells: usize, columns: usize },
    /// The student's name is on an earlier row already.
    DuplicateStudent { name: String, first: usize },
    /// Answers, but no name.
    NoName,
    /// A column with the id of an earlier column.
    DuplicateColumn { first: usize },
    /// Answers in a column without an id.
    NoHeader,
    /// No exercise of the sets has the column's id.
    UnknownExercise { id: String },
    /// The quiz key has no question with the column's id.
    UnknownQuestion { id: String },
}

impl SheetProblem {
    /// The problem with its place, in `lang`: `class.csv: row 4, column F: ...`.
    pub fn say(&self, lang: Lang, file: &str) -> String {
        let place = match (self.column, &self.header) {
            (None, _) => say!(lang, Text::TableRow, file, row = self.row),
            (Some(column), Some(header)) if !header.is_empty() => say!(
                lang,
                Text::TableCell,
                file,
                row = self.row,
                column = sheet_column(column),
                header
            ),
            (Some(column), _) => say!(
                lang,
                Text::TableCellBare,
                file,
                row = self.row,
                column = sheet_column(column)
            ),
        };
        let what = match &self.trouble {
            SheetTrouble::TooManyCells { cells, columns } => {
                say!(lang, Text::TableTooManyCells, cells, columns)
            }
            SheetTrouble::TrailingEmptyCells { cells, columns } => {
                say!(lang, Text::TableTrailingEmptyCells, cells, columns)
            }
            SheetTrouble::DuplicateStudent { name, first } => {
                say!(lang, Text::TableDuplicateStudent, name, first)
            }
            SheetTrouble::NoName => say!(lang, Text::TableNoName),
            SheetTrouble::DuplicateColumn { first } => {
                say!(
                    lang,
                    Text::TableDuplicateColumn,
                    first = sheet_column(*first)
                )
            }
            SheetTrouble::NoHeader => say!(lang, Text::TableNoHeader),
            SheetTrouble::UnknownExercise { id } => say!(lang, Text::TableUnknownExercise, id),
            SheetTrouble::UnknownQuestion { id } => say!(lang, Text::TableUnknownQuestion, id),
        };
        format!("{place}{}{what}", crate::words::text(lang, Text::Colon))
    }
}

impl ClassSheet {
    /// Drops the columns whose id `known` does not accept, each a problem (`quiz`: the ids
    /// are a quiz key's questions, else exercise ids), and their answers.
    pub fn keep_known(&mut self, known: impl Fn(&str) -> bool, quiz: bool) {
        let (kept, unknown): (Vec<_>, Vec<_>) =
            self.columns.drain(..).partition(|(id, _)| known(id));
        self.columns = kept;
        for (id, column) in unknown {
            for sheet in &mut self.sheets {
                sheet.answers.retain(|(answer_id, _, _)| answer_id != &id);
            }
            let trouble = if quiz {
                SheetTrouble::UnknownQuestion { id: id.clone() }
            } else {
                SheetTrouble::UnknownExercise { id: id.clone() }
            };
            self.problems.push(SheetProblem {
                row: self.header_row,
                column: Some(column),
                header: Some(id),
                trouble,
            });
        }
        self.problems.sort_by_key(|p| (p.row, p.column));
    }
}

/// A column's name as a spreadsheet shows it: 1 = A, 26 = Z, 27 = AA.
///
/// ```
/// use damtutor::check::sheet_column;
/// assert_eq!(sheet_column(1), "A");
/// assert_eq!(sheet_column(28), "AB");
/// ```
pub fn sheet_column(mut column: usize) -> String {
    let mut letters = Vec::new();
    while column > 0 {
        column -= 1;
        letters.push(char::from(b'A' + (column % 26) as u8));
        column /= 26;
    }
    letters.iter().rev().collect()
}

/// The words that head the name column and the class column.
const NAME_HEADERS: [&str; 2] = ["student", "姓名"];
const CLASS_HEADERS: [&str; 2] = ["class", "班级"];

fn is_one_of(cell: &str, words: &[&str]) -> bool {
    let cell = cell.trim();
    words.iter().any(|w| cell.eq_ignore_ascii_case(w))
}

/// Whether `bytes` start like a class sheet: a first cell `student` or `姓名` followed by a
/// cell separator, or Excel's `sep=` line.
pub(super) fn looks_like_csv(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    let first = String::from_utf8_lossy(first);
    let cell = first
        .split([',', ';', '\t'])
        .next()
        .unwrap_or_default()
        .trim()
        .trim_matches('"');
    first.trim_end().starts_with("sep=")
        || (is_one_of(cell, &NAME_HEADERS) && first.contains([',', ';', '\t']))
}

/// Reads a sheet's bytes; see [`parse_class_sheet`].
pub(super) fn parse_bytes(
    bytes: &[u8],
    file: &str,
    lang: Lang,
) -> Result<ClassSheet, ExerciseError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_class_sheet(text, file, lang),
        Err(e) => {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            Err(ExerciseError::in_file(file, Problem::SheetNotUtf8 { line }))
        }
    }
}

/// One record of the sheet: its cells.
type Record = Vec<String>;

/// Splits CSV text into records (RFC 4180, read leniently: a quote inside an unquoted cell
/// is kept as it is, text after a closing quote is kept too). `Err(row)` when the quoted
/// cell opened on that row is never closed.
fn records(text: &str, separator: char) -> Result<Vec<Record>, usize> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut cell_start = true;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    cell.push('"');
                } else {
                    quoted = false;
                }
            } else {
                cell.push(c);
            }
            continue;
        }
        match c {
            '"' if cell_start => {
                quoted = true;
                cell_start = false;
            }
            c if c == separator => {
                record.push(std::mem::take(&mut cell));
                cell_start = true;
            }
            '\r' | '\n' => {
                if c == '\r' && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                record.push(std::mem::take(&mut cell));
                records.push(std::mem::take(&mut record));
                cell_start = true;
            }
            c => {
                cell.push(c);
                cell_start = false;
            }
        }
    }
    if quoted {
        return Err(records.len() + 1);
    }
    if !cell.is_empty() || !record.is_empty() {
        record.push(cell);
        records.push(record);
    }
    Ok(records)
}

/// Reads the text of a class sheet named `file`: the students it holds and the problems of
/// single rows and columns, the messages in `lang`. The answer ids are not checked here (see
/// [`ClassSheet::keep_known`]).
///
/// ```
/// use damtutor::check::parse_class_sheet;
/// use damtutor::words::Lang;
/// let text = "\u{feff}姓名,q1,q2\r\n李明,B,\"A, C\"\r\n王芳,D,\r\n";
/// let class = parse_class_sheet(text, "5b.csv", Lang::Chinese)?;
/// assert_eq!(class.sheets.len(), 2);
/// assert_eq!(class.sheets[0].student, "李明");
/// assert_eq!(class.sheets[0].answers[1].1.text(), "A, C");
/// assert_eq!(class.sheets[1].answers.len(), 1);
/// # Ok::<(), damtutor::exercise::ExerciseError>(())
/// ```
pub fn parse_class_sheet(text: &str, file: &str, lang: Lang) -> Result<ClassSheet, ExerciseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_line = text.lines().next().unwrap_or_default();
    // Excel's "sep=;" line names the separator; else the first row's shows it.
    let (separator, skipped) = match first_line.trim_end().strip_prefix("sep=") {
        Some(named) if named.chars().count() == 1 => (named.chars().next().unwrap_or(','), 1),
        _ => (
            [',', ';', '\t']
                .into_iter()
                .find(|&s| first_line.contains(s))
                .unwrap_or(','),
            0,
        ),
    };
    let body = if skipped == 1 {
        text.split_once('\n').map_or("", |(_, rest)| rest)
    } else {
        text
    };
    let records = records(body, separator).map_err(|row| {
        let row = row + skipped;
        ExerciseError::in_file(file, Problem::SheetUnclosedQuote { row })
    })?;
    // Rows as the spreadsheet numbers them: the "sep=" line is its row 1.
    let row_of = |index: usize| index + 1 + skipped;
    let empty = |record: &Record| record.iter().all(|cell| cell.trim().is_empty());
    let Some(header) = records.first().filter(|r| !empty(r)) else {
        return Err(ExerciseError::in_file(file, Problem::SheetEmpty));
    };
    if !is_one_of(&header[0], &NAME_HEADERS) {
        let found = header[0].trim().to_string();
        return Err(ExerciseError::in_file(
            file,
            Problem::SheetNoStudentColumn { found },
        ));
    }
    let header_row = row_of(0);
    let mut problems = Vec::new();
    let mut class_column = None;
    let mut columns: Vec<(String, usize)> = Vec::new();
    let mut column_of: HashMap<&str, usize> = HashMap::new();
    let mut unnamed = Vec::new();
    for (index, cell) in header.iter().enumerate().skip(1) {
        let id = cell.trim();
        let number = index + 1;
        if id.is_empty() {
            unnamed.push(index);
        } else if class_column.is_none() && is_one_of(id, &CLASS_HEADERS) {
            class_column = Some(index);
        } else if let Some(&first) = column_of.get(id) {
            problems.push(SheetProblem {
                row: header_row,
                column: Some(number),
                header: Some(id.to_string()),
                trouble: SheetTrouble::DuplicateColumn { first },
            });
        } else {
            column_of.insert(id, number);
            columns.push((id.to_string(), number));
        }
    }
    // The columns the first row names: empty cells after the last id (as a spreadsheet
    // writes them when some row is longer) name none.
    let width = header
        .iter()
        .rposition(|c| !c.trim().is_empty())
        .map_or(1, |last| last + 1);
    // A column without an id between named ones is a problem only when someone answered in
    // it; an answer after the last named column is its row's problem (a shifted row).
    for index in unnamed.into_iter().filter(|&i| i < width) {
        let used = records[1..]
            .iter()
            .any(|r| r.get(index).is_some_and(|c| !c.trim().is_empty()));
        if used {
            problems.push(SheetProblem {
                row: header_row,
                column: Some(index + 1),
                header: None,
                trouble: SheetTrouble::NoHeader,
            });
        }
    }
    let mut sheets: Vec<AnswerSheet> = Vec::new();
    let mut row_of_name: HashMap<&str, usize> = HashMap::new();
    for (index, record) in records.iter().enumerate().skip(1) {
        let row = row_of(index);
        if empty(record) {
            continue;
        }
        // Cells past the last column count only when they hold something (Excel may
        // write empty ones).
        let cells = record
            .iter()
            .rposition(|c| !c.trim().is_empty())
            .map_or(0, |last| last + 1);
        // Every row of a sheet saved by a spreadsheet has as many cells as the first row;
        // a longer one was typed or edited, and its answers may have moved.
        let trouble = if cells > width {
            Some(SheetTrouble::TooManyCells {
                cells,
                columns: width,
            })
        } else if record.len() > header.len() {
            Some(SheetTrouble::TrailingEmptyCells {
                cells: record.len(),
                columns: header.len(),
            })
        } else {
            None
        };
        if let Some(trouble) = trouble {
            let column = match trouble {
                SheetTrouble::TooManyCells { .. } => width + 1,
                _ => header.len() + 1,
            };
            problems.push(SheetProblem {
                row,
                column: Some(column),
                header: None,
                trouble,
            });
            continue;
        }
        let name = record[0].trim();
        if name.is_empty() {
            problems.push(SheetProblem {
                row,
                column: Some(1),
                header: None,
                trouble: SheetTrouble::NoName,
            });
            continue;
        }
        if let Some(&first) = row_of_name.get(name) {
            problems.push(SheetProblem {
                row,
                column: Some(1),
                header: None,
                trouble: SheetTrouble::DuplicateStudent {
                    name: name.to_string(),
                    first,
                },
            });
            continue;
        }
        row_of_name.insert(name, row);
        let cell = |index: usize| record.get(index).map(|c| c.trim()).unwrap_or_default();
        let answers = columns
            .iter()
            .filter(|(_, number)| !cell(number - 1).is_empty())
            .map(|(id, number)| (id.clone(), Answer::Text(cell(number - 1).to_string()), None))
            .collect();
        sheets.push(AnswerSheet {
            source_name: say!(lang, Text::TableRowOf, file, row),
            student: name.to_string(),
            class: class_column
                .map(cell)
                .filter(|c| !c.is_empty())
                .map(str::to_string),
            answers,
            practice: Vec::new(),
            seal: None,
            asked: Some(columns.iter().map(|(id, _)| id.clone()).collect()),
        });
    }
    problems.sort_by_key(|p| (p.row, p.column));
    Ok(ClassSheet {
        file: file.to_string(),
        header_row,
        sheets,
        columns,
        problems,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> ClassSheet {
        parse_class_sheet(text, "5b.csv", Lang::English).unwrap()
    }

    #[test]
    fn quoted_cells_hold_commas_quotes_and_line_breaks() {
        let text = "student,q1,q2\r\n\"Li, Ming\",\"say \"\"A\"\"\",\"1. 43-38\r\n47x32\"\r\n";
        let class = read(text);
        assert_eq!(class.sheets.len(), 1);
        let sheet = &class.sheets[0];
        assert_eq!(sheet.student, "Li, Ming");
        assert_eq!(sheet.answers[0].1.text(), "say \"A\"");
        assert_eq!(sheet.answers[1].1.text(), "1. 43-38\r\n47x32");
        assert_eq!(sheet.source_name, "5b.csv, row 2");
        assert!(class.problems.is_empty());
    }

    #[test]
    fn lf_crlf_bom_semicolons_and_trailing_empty_cells() {
        for text in [
            "student,class,q1\nAnn,5B,B\nBen,,C\n",
            "\u{feff}student,class,q1\r\nAnn,5B,B\r\nBen,,C",
            "Student;Class;q1;;\r\nAnn;5B;B;;\r\n\r\nBen;;C;;\r\n",
            "sep=;\r\nstudent;class;q1\r\nAnn;5B;B\r\nBen;;C\r\n",
            "student\tclass\tq1\nAnn\t5B\tB\nBen\t\tC\n",
        ] {
            let class = read(text);
            assert_eq!(class.sheets.len(), 2, "{text:?}");
            assert_eq!(class.sheets[0].class.as_deref(), Some("5B"));
            assert_eq!(class.sheets[1].class, None);
            assert_eq!(class.sheets[1].answers[0].1.text(), "C");
            assert_eq!(class.columns, [("q1".to_string(), 3)]);
            assert!(class.problems.is_empty(), "{:?}", class.problems);
        }
    }

    #[test]
    fn bad_rows_and_columns_are_located_and_the_rest_is_read() {
        let text =
            "姓名,q1,q2,,q1\n李明,A,B,,C\n王芳,A,B,C,\n李明,D,D\n张伟,A,B,C,D,E\n,A\n赵六,A\n";
        let mut class = parse_class_sheet(text, "5b.csv", Lang::Chinese).unwrap();
        class.keep_known(|id| id == "q1", true);
        let said: Vec<String> = class
            .problems
            .iter()
            .map(|p| p.say(Lang::Chinese, "5b.csv"))
            .collect();
        assert_eq!(
            said,
            [
                "5b.csv：第 1 行 C 列（q2）：试卷中没有“q2”这道题；这一列未评分",
                "5b.csv：第 1 行 D 列：这一列有答案，但第一行没有题号；这一列未评分",
                "5b.csv：第 1 行 E 列（q1）：题号与 B 列相同；这一列未评分",
                "5b.csv：第 4 行 A 列：“李明”已在第 2 行出现；这一行未评分",
                "5b.csv：第 5 行 F 列：这一行有 6 个单元格，但第一行只有 5 列（答案中有逗号时，整个单元格要加引号）；该学生未评分",
                "5b.csv：第 6 行 A 列：这一行有答案但没有姓名；这一行未评分",
            ]
        );
        let names: Vec<&str> = class.sheets.iter().map(|s| s.student.as_str()).collect();
        assert_eq!(names, ["李明", "王芳", "赵六"]);
        // Only the known column's answers are kept.
        assert_eq!(class.sheets[0].answers.len(), 1);
        assert_eq!(class.sheets[0].answers[0].0, "q1");
        assert_eq!(class.sheets[2].source_name, "5b.csv 第 7 行");
        let english = class.problems[4].say(Lang::English, "5b.csv");
        assert!(
            english
                .starts_with("5b.csv: row 5, column F: 6 cells, but the first row names 5 columns"),
            "{english}"
        );
    }

    #[test]
    fn a_row_shifted_by_an_unquoted_comma_is_located_and_not_marked() {
        // Excel writes every row as wide as the first. Li's first answer holds a comma
        // without quotes and his last is empty: one empty cell too many. Wang's shifted row
        // reaches a column the first row (written with an empty cell at its end) names no id.
        let text = "姓名,q1,q2,q3\n李明,27-22 18x27,32x21,43-38,\n王芳,A,B,\n";
        let class = read(text);
        assert_eq!(class.sheets.len(), 1, "{:?}", class.sheets);
        assert_eq!(class.sheets[0].student, "王芳");
        let said = class.problems[0].say(Lang::Chinese, "5b.csv");
        assert_eq!(
            said,
            "5b.csv：第 2 行 E 列：这一行有 5 个单元格（最后几个是空的），但第一行只有 4 列：答案中的逗号没有加引号时，后面的答案会移到下一列；请给含逗号的答案加引号，或删去行末多余的逗号；该学生未评分"
        );
        let text = "student,q1,q2,\nLi,27-22 18x27,32x21,43-38\nWang,A,B,\n";
        let class = read(text);
        let names: Vec<&str> = class.sheets.iter().map(|s| s.student.as_str()).collect();
        assert_eq!(names, ["Wang"]);
        assert_eq!(
            class.problems,
            [SheetProblem {
                row: 2,
                column: Some(4),
                header: None,
                trouble: SheetTrouble::TooManyCells {
                    cells: 4,
                    columns: 3
                },
            }]
        );
    }

    #[test]
    fn sheets_that_cannot_be_read() {
        let error = |text: &str| parse_class_sheet(text, "5b.csv", Lang::English).unwrap_err();
        assert_eq!(
            error("name,q1\nAnn,B\n").to_string(),
            "5b.csv: the first column must be headed student or 姓名 (it is headed 'name')"
        );
        assert!(error("")
            .to_string()
            .starts_with("5b.csv: the sheet is empty"));
        assert_eq!(
            error("student,q1\nAnn,\"B\nBen,C\n").to_string(),
            "5b.csv: row 2: a quoted cell is not closed (a \" without its closing \")"
        );
        let gbk = b"student,q1\n\xc0\xee\xc3\xf7,B\n";
        let error = parse_bytes(gbk, "5b.csv", Lang::English).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("5b.csv: line 2: the file is not UTF-8"),
            "{error}"
        );
        assert!(looks_like_csv("\u{feff}姓名,q1\n".as_bytes()));
        assert!(looks_like_csv(b"\"student\";q1\n"));
        assert!(!looks_like_csv(b"student: Ann\nanswers: {}\n"));
        assert_eq!(sheet_column(26), "Z");
        assert_eq!(sheet_column(27), "AA");
    }
}
