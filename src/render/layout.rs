//! The page layout of a worksheet: how many columns, and how large the diagrams, so that each
//! page of exercises is one printed A4 page (186 x 273 mm inside 12 mm margins).
//!
//! [`layout`] estimates the height of everything a cell holds besides its diagram - the
//! caption, the ruled answer lines, an inline answer, a hint - from the texts themselves, and
//! picks the number of columns that gives the largest diagrams on the first page (which also
//! holds the header). The print style prints every diagram at that size, and lets one shrink
//! where its cell holds more than estimated, so that a page never spills onto the next. When
//! the texts are too long for diagrams of at least [`MIN_DIAGRAM_MM`] (many inline answers a
//! page), fewer exercises go on a page than asked.

use super::view::LayoutView;
use super::worksheet::Answers;

/// What the cells of a sheet hold besides their diagrams, for [`layout`].
#[derive(Clone, Debug, PartialEq)]
pub struct CellContents {
    /// Where the answers go: inline answers take the place of the answer lines.
    pub answers: Answers,
    /// Lines of the header beyond the title and the name fields (a subtitle, the school).
    pub header_lines: usize,
    /// For each exercise, the paragraphs printed under its diagram (its hint, its inline
    /// answer), each as its width in ems of the cell's small type ([`ems`]).
    pub texts: Vec<Vec<f64>>,
}

impl CellContents {
    /// Cells with nothing but their caption, diagram and answer lines.
    pub fn plain(answers: Answers) -> CellContents {
        CellContents {
            answers,
            header_lines: 0,
            texts: Vec::new(),
        }
    }
}

/// The width of `text` in ems: a Chinese character is one em, other characters about half.
pub fn ems(text: &str) -> f64 {
    text.chars()
        .map(|c| match c {
            '\u{2E80}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{FF00}'..='\u{FFEF}' => 1.0,
            ' ' => 0.28,
            _ => 0.55,
        })
        .sum()
}

/// Millimetres in a typographic point.
const POINT_MM: f64 = 25.4 / 72.0;

/// The smallest diagram a page is laid out with.
pub const MIN_DIAGRAM_MM: u32 = 20;

/// The page geometry for `per_page` exercises a page (1 to 30) holding `cells`: with
/// `per_page` exercises a page, or fewer when their texts leave no room for diagrams of
/// [`MIN_DIAGRAM_MM`].
///
/// ```
/// use damtutor::render::layout::{layout, CellContents};
/// use damtutor::render::worksheet::Answers;
/// let six = layout(6, &CellContents::plain(Answers::End));
/// assert_eq!((six.columns, six.rows, six.answer_lines), (2, 3, 2));
/// ```
pub fn layout(per_page: usize, cells: &CellContents) -> LayoutView {
    let asked = per_page.clamp(1, 30);
    let mut fewer = (1..=asked).rev().map(|n| best_layout(n, cells));
    let first = fewer.next().expect("at least one exercise a page");
    if first.diagram_mm >= MIN_DIAGRAM_MM {
        return first;
    }
    fewer
        .find(|l| l.diagram_mm >= MIN_DIAGRAM_MM)
        .unwrap_or(first)
}

/// The columns that give `per_page` exercises the largest diagrams.
fn best_layout(per_page: usize, cells: &CellContents) -> LayoutView {
    let header = 30.0 + 6.0 * cells.header_lines as f64;
    let mut best: Option<LayoutView> = None;
    for columns in 1..=6usize {
        let rows = per_page.div_ceil(columns);
        // No layout with a row that stays empty on a full page.
        if columns > per_page || columns * (rows - 1) >= per_page {
            continue;
        }
        let answer_lines = match (cells.answers, rows) {
            (Answers::Inline, _) => 0,
            (_, 1 | 2) => 3,
            (_, 3 | 4) => 2,
            _ => 1,
        };
        let gap = 10.0 - columns as f64;
        let width = (186.0 - gap * (columns - 1) as f64) / columns as f64 - 4.0;
        // Captions wrap in narrow columns; the small type is smaller there too.
        let caption = if columns <= 2 { 7.0 } else { 10.0 };
        let small = if columns <= 2 { 9.0 } else { 8.0 } * POINT_MM;
        let texts = cells
            .texts
            .iter()
            .map(|paragraphs| {
                paragraphs
                    .iter()
                    .map(|em| (em * small / width).ceil().max(1.0) * small * 1.35 + 1.0)
                    .sum::<f64>()
            })
            .fold(0.0, f64::max);
        let below = 7.0 * answer_lines as f64 + texts;
        let height = (273.0 - header - 4.0 * (rows - 1) as f64) / rows as f64 - caption - below;
        let diagram = width.min(height).clamp(0.0, 150.0);
        let candidate = LayoutView {
            per_page,
            columns,
            rows,
            diagram_mm: diagram.floor() as u32,
            answer_diagram_mm: 38,
            answer_lines,
        };
        if best
            .as_ref()
            .is_none_or(|b| candidate.diagram_mm > b.diagram_mm)
        {
            best = Some(candidate);
        }
    }
    let mut best = best.unwrap_or(LayoutView {
        per_page,
        columns: 1,
        rows: per_page,
        diagram_mm: 0,
        answer_diagram_mm: 38,
        answer_lines: 1,
    });
    best.diagram_mm = best.diagram_mm.max(12);
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_diagrams_fill_an_a4_page_and_every_count_fits() {
        let plain = CellContents::plain(Answers::End);
        let six = layout(6, &plain);
        assert_eq!((six.columns, six.rows, six.answer_lines), (2, 3, 2));
        // Header, three rows of caption + diagram + two lines, and the gaps fit in 273 mm.
        let used = 30 + 3 * (7 + six.diagram_mm as usize + 14) + 2 * 4;
        assert!(used <= 273 && six.diagram_mm >= 50, "{used} mm, {six:?}");
        assert_eq!(layout(1, &plain).columns, 1);
        let twelve = layout(12, &plain);
        assert_eq!((twelve.columns, twelve.rows), (4, 3));
        assert!(twelve.diagram_mm < six.diagram_mm);
        // Inline answers and hints take room from the diagram, never from the page.
        let answer = vec![ems("1. 27-22! 18x27 2. 32x21 16x27 3. 34-30 25x34 4. 40x16"); 3];
        let inline = layout(
            6,
            &CellContents {
                texts: vec![answer.clone()],
                ..CellContents::plain(Answers::Inline)
            },
        );
        assert_eq!(inline.answer_lines, 0);
        let hinted = layout(
            6,
            &CellContents {
                texts: vec![vec![ems("让王吃四个子，再让它停在被吃掉的位置。")]],
                ..plain.clone()
            },
        );
        assert!(hinted.diagram_mm < six.diagram_mm);
        // Long texts in narrow columns take more lines than in wide ones.
        let narrow = layout(
            16,
            &CellContents {
                texts: vec![answer],
                ..CellContents::plain(Answers::Inline)
            },
        );
        assert!(narrow.diagram_mm < inline.diagram_mm);
        // Too long for 30 a page: fewer, with diagrams of a useful size.
        let crowded = layout(
            30,
            &CellContents {
                texts: vec![vec![
                    ems(
                        "土耳其打击 · 弃子 · 能多吃必多吃 · 向后吃子 · 难度：2 级（等级分 1005）"
                    );
                    4
                ]],
                ..CellContents::plain(Answers::Inline)
            },
        );
        assert!(crowded.per_page < 30, "{crowded:?}");
        assert!(crowded.diagram_mm >= MIN_DIAGRAM_MM, "{crowded:?}");
        for per_page in 1..=30 {
            let l = layout(per_page, &plain);
            assert!(l.columns * l.rows >= per_page, "{l:?}");
            assert!(l.columns * (l.rows - 1) < per_page, "an empty row: {l:?}");
            assert!(l.diagram_mm >= 20, "{l:?}");
        }
        assert_eq!(ems("白先胜"), 3.0);
    }
}
