//! The class at a glance: the console table `check` prints and `summary.md`, in the teacher's
//! language. Columns are aligned by display width, so that Chinese names (two columns a
//! character on a terminal) line up with Latin ones.

use super::class::{number, question_stats, ItemResult, StudentResult};
use super::verdict::Verdict;
use crate::escape;
use crate::words::{fill, text, Lang, Text};
use unicode_width::UnicodeWidthStr;

/// The columns `text` takes on a terminal: East Asian wide and full-width characters count two,
/// combining marks none.
///
/// ```
/// use damtutor::check::summary::display_width;
/// assert_eq!(display_width("Li Ming"), 7);
/// assert_eq!(display_width("李明"), 4);
/// assert_eq!(display_width("Ｂ"), 2);
/// ```
pub fn display_width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// `text` followed by spaces up to `width` display columns.
pub fn pad(text: &str, width: usize) -> String {
    let mut out = text.to_string();
    out.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(display_width(text)),
    ));
    out
}

/// Spaces up to `width` display columns, then `text`.
fn pad_left(text: &str, width: usize) -> String {
    let mut out: String = " ".repeat(width.saturating_sub(display_width(text)));
    out.push_str(text);
    out
}

/// A marked answer in a word or two, for the console: `ok`, `part`, `wrong`, `?` (not marked) /
/// 对, 半对, 错, 待定. An incomplete or partial answer that earned nothing is `wrong`, as its score
/// says.
pub fn short(lang: Lang, item: &ItemResult) -> &'static str {
    text(
        lang,
        match item.verdict {
            Verdict::Correct => Text::ShortCorrect,
            Verdict::Alternative => Text::ShortAlternative,
            Verdict::Incomplete | Verdict::Partial if item.points > 0.0 => Text::ShortPartial,
            Verdict::Incomplete | Verdict::Partial => Text::ShortWrong,
            Verdict::Wrong => Text::ShortWrong,
            Verdict::Illegal => Text::ShortIllegal,
            Verdict::Missing => Text::ShortMissing,
            Verdict::Unknown => Text::ShortUnknown,
        },
    )
}

/// The console table: a row per student (points, and each answer's verdict in a word), the
/// notes on their answers, then each question's success rate and average.
pub fn console(results: &[StudentResult], lang: Lang) -> String {
    let name_width = results
        .iter()
        .map(|r| display_width(&r.student))
        .max()
        .unwrap_or(0)
        .max(8)
        + 2;
    let colon = text(lang, Text::Colon).trim_end();
    let mut out = String::new();
    for r in results {
        let items: Vec<String> = r
            .items
            .iter()
            .map(|i| format!("{}{colon}{}", i.id, short(lang, i)))
            .collect();
        out.push_str(&format!(
            "{}{} / {} {}\n",
            pad(&r.student, name_width),
            pad_left(&number(r.total), 6),
            pad(&number(r.max), 6),
            items.join(" ")
        ));
        for note in &r.notes {
            out.push_str(&fill(
                lang,
                Text::ConsoleNote,
                &[("file", &r.file), ("note", note)],
            ));
            out.push('\n');
        }
    }
    let stats = question_stats(results);
    let headers = [
        text(lang, Text::ConsoleQuestion),
        text(lang, Text::ConsoleSuccess),
        text(lang, Text::ConsoleAverage),
    ];
    let id_width = stats
        .iter()
        .map(|q| display_width(&q.id))
        .chain([display_width(headers[0])])
        .max()
        .unwrap_or(0)
        + 2;
    let rate_width = display_width(headers[1]).max(5);
    out.push('\n');
    out.push_str(&format!(
        "{}{}  {}\n",
        pad(headers[0], id_width),
        pad_left(headers[1], rate_width),
        headers[2]
    ));
    for q in stats {
        let rate = format!("{:.0}%", q.success_rate * 100.0);
        out.push_str(&format!(
            "{}{}  {} / {}\n",
            pad(&q.id, id_width),
            pad_left(&rate, rate_width),
            pad_left(&number(q.average_points), 4),
            number(q.max)
        ));
    }
    out
}

/// `summary.md`: each student's points, then each question's full marks, answers, success
/// rate and average.
pub fn markdown(results: &[StudentResult], lang: Lang) -> String {
    let word = |key| escape::markdown(text(lang, key));
    let mut out = format!(
        "# {}\n\n| {} | {} | {} | {} |\n|---|---|---|---|\n",
        word(Text::SummaryTitle),
        word(Text::SummaryStudent),
        word(Text::Class),
        word(Text::SummaryPoints),
        word(Text::SummaryMax)
    );
    for r in results {
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            escape::markdown(&r.student),
            escape::markdown(r.class.as_deref().unwrap_or("")),
            number(r.total),
            number(r.max)
        ));
    }
    out.push_str(&format!(
        "\n## {}\n\n| {} | {} | {} | {} | {} |\n|---|---|---|---|---|\n",
        word(Text::SummaryQuestions),
        word(Text::SummaryQuestion),
        word(Text::SummaryFullMarks),
        word(Text::SummaryAnswered),
        word(Text::SummarySuccessRate),
        word(Text::SummaryAverage)
    ));
    for q in question_stats(results) {
        out.push_str(&format!(
            "| {} | {} / {} | {} | {:.0}% | {} / {} |\n",
            escape::markdown(&q.id),
            q.full,
            q.students,
            q.answered,
            q.success_rate * 100.0,
            number(q.average_points),
            number(q.max)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::class::ItemResult;

    fn student(name: &str, verdicts: &[(Verdict, f64)]) -> StudentResult {
        let items: Vec<ItemResult> = verdicts
            .iter()
            .enumerate()
            .map(|(i, &(verdict, points))| ItemResult {
                id: format!("q{}", i + 1),
                answer: String::new(),
                verdict,
                points,
                max: 2.0,
                feedback: String::new(),
                diagram: None,
                faulty_move: None,
                solution: String::new(),
            })
            .collect();
        StudentResult {
            student: name.to_string(),
            class: None,
            file: "class.csv".into(),
            total: items.iter().map(|i| i.points).sum(),
            max: 2.0 * items.len() as f64,
            items,
            notes: Vec::new(),
        }
    }

    #[test]
    fn chinese_names_line_up_with_latin_ones() {
        let results = [
            student("李明", &[(Verdict::Correct, 2.0), (Verdict::Wrong, 0.0)]),
            student(
                "Alice Smith",
                &[(Verdict::Incomplete, 1.0), (Verdict::Missing, 0.0)],
            ),
            student(
                "欧阳娜娜",
                &[(Verdict::Alternative, 2.0), (Verdict::Correct, 2.0)],
            ),
        ];
        let table = console(&results, Lang::Chinese);
        let rows: Vec<&str> = table.lines().take(3).collect();
        // The points start in the same display column on every row.
        let column = |row: &str| display_width(&row[..row.find(" / ").unwrap()]);
        assert_eq!(column(rows[0]), column(rows[1]), "{table}");
        assert_eq!(column(rows[1]), column(rows[2]), "{table}");
        assert!(rows[0].ends_with("q1：对 q2：错"), "{table}");
        assert_eq!(text(Lang::Chinese, Text::ShortUnknown), "待定");
        assert_eq!(text(Lang::English, Text::ShortUnknown), "?");
        assert!(table.contains("题号"), "{table}");
        assert_eq!(pad("李", 4), "李  ");
    }
}
