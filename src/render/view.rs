//! What templates see: small serialize-only structs of strings and numbers, never engine types.
//!
//! The README lists every field; the names here are the names in the templates
//! (`exercise.caption`, `exercise.answer.line`, `labels.name`...).

use crate::words::{self, text, Lang, Text};
use crate::Variant;
use serde::Serialize;

/// A whole worksheet (or its separate answer key): the context of `worksheet.*` and `answers.*`.
#[derive(Serialize, Clone, Debug)]
pub struct WorksheetView {
    /// `en` or `zh`.
    pub lang: String,
    pub title: String,
    pub subtitle: Option<String>,
    /// The school's name (`--school`), printed in the header.
    pub school: Option<String>,
    pub author: Option<String>,
    pub description: Option<String>,
    /// The set's level (1-6), when given.
    pub level: Option<u8>,
    /// Whether each exercise's hint is printed under its diagram (`--hints`).
    pub hints: bool,
    /// The version letter (`A`, `B`...) when several versions are written.
    pub version: Option<String>,
    /// "Version A", "A 卷".
    pub version_label: Option<String>,
    /// Where the answers go: `end`, `separate`, `inline` or `none`.
    pub answers: String,
    /// The file name of the separate answer key (with `answers = separate`).
    pub answers_file: Option<String>,
    /// The title of the separate answer key.
    pub answers_title: String,
    pub labels: Labels,
    pub layout: LayoutView,
    /// The exercises page by page.
    pub pages: Vec<PageView>,
    /// Every exercise in order (for the answer key).
    pub exercises: Vec<ExerciseView>,
    /// Number of exercises.
    pub count: usize,
    /// `damtutor` and its version.
    pub generator: String,
}

/// The fixed words of a worksheet, as templates see them (`labels.name`, `labels.answers`...).
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    /// Header field: the student's name.
    pub name: String,
    /// Header field: the class.
    pub class: String,
    /// Header field: the date.
    pub date: String,
    /// Header field: the score.
    pub score: String,
    /// The instruction under the title.
    pub instructions: String,
    /// Heading of the answer key.
    pub answers: String,
    /// The main line.
    pub solution: String,
    /// The key (first) move.
    pub key: String,
    /// The colon after a label, with its space: ": " or "：".
    pub colon: String,
    /// The separator of a list of moves or motifs: ", " or "、".
    pub comma: String,
    /// Other first moves that also win.
    pub alternatives: String,
    /// Other defences from the solution tree.
    pub variations: String,
    /// Motif tags.
    pub motifs: String,
    /// The difficulty.
    pub difficulty: String,
    /// Note on an exercise shown with the colours swapped.
    pub colours_swapped: String,
    /// The exercise's source.
    pub source: String,
    /// The teacher's comment.
    pub comment: String,
    /// Before an exercise's hint under its diagram.
    pub hint: String,
    /// The exercise's id in its file.
    pub id: String,
    /// Legend of the answer-key diagrams.
    pub arrows: String,
}

impl Labels {
    /// The labels in `lang` for a sheet of `variant` (whose notation the instructions show).
    pub fn new(lang: Lang, variant: Variant) -> Labels {
        let say = |key| text(lang, key).to_string();
        let (quiet, capture) = words::example_moves(variant);
        Labels {
            name: say(Text::Name),
            class: say(Text::Class),
            date: say(Text::Date),
            score: say(Text::Score),
            instructions: words::fill(
                lang,
                Text::WorksheetInstructions,
                &[("quiet", &quiet), ("capture", &capture)],
            ),
            answers: say(Text::Answers),
            solution: say(Text::Solution),
            key: say(Text::KeyMove),
            colon: say(Text::Colon),
            comma: say(Text::Comma),
            alternatives: say(Text::AlsoWinning),
            variations: say(Text::OtherDefences),
            motifs: say(Text::Motifs),
            difficulty: say(Text::Difficulty),
            colours_swapped: say(Text::ColoursSwapped),
            source: say(Text::Source),
            comment: say(Text::Comment),
            hint: say(Text::Hint),
            id: say(Text::Id),
            arrows: say(Text::Arrows),
        }
    }
}

/// Sizes for the page layout.
#[derive(Serialize, Clone, Debug)]
pub struct LayoutView {
    /// Exercises per page.
    pub per_page: usize,
    /// Diagrams side by side.
    pub columns: usize,
    /// Rows of diagrams on a full page.
    pub rows: usize,
    /// Width of a worksheet diagram in millimetres.
    pub diagram_mm: u32,
    /// Width of an answer-key diagram in millimetres.
    pub answer_diagram_mm: u32,
    /// Ruled answer lines under each diagram.
    pub answer_lines: usize,
}

/// One printed page of exercises.
#[derive(Serialize, Clone, Debug)]
pub struct PageView {
    /// 1-based.
    pub number: usize,
    pub exercises: Vec<ExerciseView>,
    /// Whether this is the last page of exercises.
    pub last: bool,
}

/// One exercise as printed.
#[derive(Serialize, Clone, Debug)]
pub struct ExerciseView {
    /// 1-based number on this worksheet.
    pub number: usize,
    /// The id in its file.
    pub id: String,
    /// The file it came from.
    pub file: String,
    /// The exercise's title, hint and comment from its file; left out when the colours are
    /// swapped, as they may name squares or colours.
    pub title: Option<String>,
    pub hint: Option<String>,
    pub comment: Option<String>,
    pub source: Option<String>,
    /// `white` or `black`.
    pub to_move: String,
    /// "White to play and win", "黑先得子"...
    pub caption: String,
    /// The position as printed (after any colour swap), in FEN.
    pub fen: String,
    /// Shown with the colours swapped (`--mirror`).
    pub mirrored: bool,
    /// The diagram as SVG markup (HTML); empty for Markdown.
    pub diagram: String,
    /// The diagram's file, relative to the document (Markdown); empty for HTML.
    pub diagram_file: String,
    pub answer: AnswerView,
}

/// The answer to an exercise: all of it comes from the solver.
#[derive(Serialize, Clone, Debug)]
pub struct AnswerView {
    /// The annotated main line: `1. 43-38! 47x32 2. 28x37`.
    pub line: String,
    /// The main line's moves one by one.
    pub moves: Vec<String>,
    /// The key move (the main line's first move).
    pub key: String,
    /// Said after a key move proven the only one to reach the goal within the horizon H:
    /// " (unique within 11 plies)", "（11 步以内唯一）"; empty when not proven.
    pub unique: String,
    /// Other winning first moves.
    pub alternatives: Vec<String>,
    /// Other defences from the solution tree, each a whole annotated line from the start.
    pub variations: Vec<String>,
    /// "and 3 more" when the list of variations was shortened, else empty.
    pub more_variations: String,
    /// "White wins.", "白方净得 2 子。"...
    pub result: String,
    /// Motif names in the worksheet's language.
    pub motifs: Vec<String>,
    /// Motif tags (`turkish_strike`...).
    pub motif_keys: Vec<String>,
    /// Difficulty level 1-6.
    pub level: u8,
    /// Difficulty rating (Elo-like).
    pub rating: u32,
    /// "level 2 (rating 1005)", "2 级（等级分 1005）".
    pub difficulty: String,
    /// The diagram with the solution's moves as arrows (HTML); empty for Markdown.
    pub diagram: String,
    /// That diagram's file (Markdown); empty for HTML.
    pub diagram_file: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_is_translated() {
        let english =
            serde_json::to_value(Labels::new(Lang::English, Variant::International)).unwrap();
        let chinese =
            serde_json::to_value(Labels::new(Lang::Chinese, Variant::International)).unwrap();
        for (key, value) in english.as_object().unwrap() {
            let other = &chinese[key];
            assert!(!value.as_str().unwrap().is_empty(), "{key}");
            assert_ne!(value, other, "{key} is not translated");
        }
    }
}
