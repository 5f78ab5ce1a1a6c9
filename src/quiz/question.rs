//! A quiz as data: its questions with their answers, in the form the JSON output, the printed
//! quiz, the LMS exports and the scorer all read.

use crate::solver::{Goal, Motif};
use crate::square::Color;
use crate::words::Lang;
use crate::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The mark of a blank in a prompt.
pub const BLANK: &str = "____";

/// The letter of option `index`: A, B, C...
pub fn letter(index: usize) -> String {
    char::from(b'A' + (index % 26) as u8).to_string()
}

/// A question family: what a question asks about, one name for each (`long_diagonal`,
/// `write_fen`, `conduct`...), as in the JSON and the printed page's `data-family`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    CaptureChoice,
    CaptureCount,
    CaptureLegality,
    CaptureRoute,
    CompulsoryCapture,
    Conduct,
    Corners,
    Counts,
    Crowning,
    CrowningName,
    Design,
    DoubleCorner,
    DoubleDiagonal,
    DrawRules,
    Edges,
    FirstMove,
    Jumping,
    KingFacts,
    KingLanding,
    KingMark,
    LegalMoves,
    LongDiagonal,
    Losing,
    MajorityKing,
    ManCaptures,
    ManMoves,
    MoveMade,
    MoveMeaning,
    Numbering,
    PassingPromotion,
    PromotionRow,
    Removal,
    StartSquares,
    WhichFen,
    WinLine,
    WriteFen,
    WriteMove,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 37] = [
        Family::CaptureChoice,
        Family::CaptureCount,
        Family::CaptureLegality,
        Family::CaptureRoute,
        Family::CompulsoryCapture,
        Family::Conduct,
        Family::Corners,
        Family::Counts,
        Family::Crowning,
        Family::CrowningName,
        Family::Design,
        Family::DoubleCorner,
        Family::DoubleDiagonal,
        Family::DrawRules,
        Family::Edges,
        Family::FirstMove,
        Family::Jumping,
        Family::KingFacts,
        Family::KingLanding,
        Family::KingMark,
        Family::LegalMoves,
        Family::LongDiagonal,
        Family::Losing,
        Family::MajorityKing,
        Family::ManCaptures,
        Family::ManMoves,
        Family::MoveMade,
        Family::MoveMeaning,
        Family::Numbering,
        Family::PassingPromotion,
        Family::PromotionRow,
        Family::Removal,
        Family::StartSquares,
        Family::WhichFen,
        Family::WinLine,
        Family::WriteFen,
        Family::WriteMove,
    ];

    /// The family's name: `long_diagonal`, `write_fen`...
    pub const fn name(self) -> &'static str {
        match self {
            Family::CaptureChoice => "capture_choice",
            Family::CaptureCount => "capture_count",
            Family::CaptureLegality => "capture_legality",
            Family::CaptureRoute => "capture_route",
            Family::CompulsoryCapture => "compulsory_capture",
            Family::Conduct => "conduct",
            Family::Corners => "corners",
            Family::Counts => "counts",
            Family::Crowning => "crowning",
            Family::CrowningName => "crowning_name",
            Family::Design => "design",
            Family::DoubleCorner => "double_corner",
            Family::DoubleDiagonal => "double_diagonal",
            Family::DrawRules => "draw_rules",
            Family::Edges => "edges",
            Family::FirstMove => "first_move",
            Family::Jumping => "jumping",
            Family::KingFacts => "king_facts",
            Family::KingLanding => "king_landing",
            Family::KingMark => "king_mark",
            Family::LegalMoves => "legal_moves",
            Family::LongDiagonal => "long_diagonal",
            Family::Losing => "losing",
            Family::MajorityKing => "majority_king",
            Family::ManCaptures => "man_captures",
            Family::ManMoves => "man_moves",
            Family::MoveMade => "move_made",
            Family::MoveMeaning => "move_meaning",
            Family::Numbering => "numbering",
            Family::PassingPromotion => "passing_promotion",
            Family::PromotionRow => "promotion_row",
            Family::Removal => "removal",
            Family::StartSquares => "start_squares",
            Family::WhichFen => "which_fen",
            Family::WinLine => "win_line",
            Family::WriteFen => "write_fen",
            Family::WriteMove => "write_move",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq<str> for Family {
    fn eq(&self, other: &str) -> bool {
        self.name() == other
    }
}

impl PartialEq<&str> for Family {
    fn eq(&self, other: &&str) -> bool {
        self.name() == *other
    }
}

/// The kind of a question, as in the model test.
#[derive(
    Copy,
    Clone,
    PartialEq,
    Eq,
    Hash,
    Debug,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum QuestionType {
    /// Single choice: four options, exactly one right.
    Single,
    /// Multiple choice: five options, at least one right, all or nothing.
    Multi,
    /// Fill in the blanks, points per blank.
    Blank,
    /// A diagram: write the winning moves.
    Diagram,
    /// Design a position that shows a tactic.
    Design,
}

impl QuestionType {
    /// Every type, in the order of the quiz's sections.
    pub const ALL: [QuestionType; 5] = [
        QuestionType::Single,
        QuestionType::Multi,
        QuestionType::Blank,
        QuestionType::Diagram,
        QuestionType::Design,
    ];

    /// The name used on the command line and in JSON: `single`, `multi`, `blank`, `diagram`,
    /// `design`.
    pub const fn name(self) -> &'static str {
        match self {
            QuestionType::Single => "single",
            QuestionType::Multi => "multi",
            QuestionType::Blank => "blank",
            QuestionType::Diagram => "diagram",
            QuestionType::Design => "design",
        }
    }

    /// How many questions of this type the model test (seed 000) has: 9 single, 6 multiple
    /// choice, 7 fill-in, 1 diagram and 1 design question.
    pub(crate) const fn model_count(self) -> usize {
        match self {
            QuestionType::Single => 9,
            QuestionType::Multi => 6,
            QuestionType::Blank => 7,
            QuestionType::Diagram => 1,
            QuestionType::Design => 1,
        }
    }

    /// The points of this type in the model test, out of 100: single choice 18, multiple
    /// choice 24, fill-in 22, and the two open questions 36 between them.
    pub(crate) const fn model_points(self) -> u32 {
        match self {
            QuestionType::Single => 18,
            QuestionType::Multi => 24,
            QuestionType::Blank => 22,
            QuestionType::Diagram => 18,
            QuestionType::Design => 18,
        }
    }
}

impl fmt::Display for QuestionType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for QuestionType {
    type Err = String;

    fn from_str(text: &str) -> Result<QuestionType, String> {
        let text = text.trim().to_ascii_lowercase();
        QuestionType::ALL
            .into_iter()
            .find(|t| t.name() == text)
            .ok_or_else(|| {
                format!(
                    "'{text}' is not a question type: use single, multi, blank, diagram or design"
                )
            })
    }
}

/// What a question is about.
#[derive(
    Copy,
    Clone,
    PartialEq,
    Eq,
    Hash,
    Debug,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum Topic {
    /// The board: diagonals, corners, edges, promotion rows, the starting position.
    Board,
    /// Moves and captures on a diagram.
    Moves,
    /// Rules facts: who starts, draws, what may be jumped, how a game is lost.
    Rules,
    /// Notation: move text and FEN.
    Notation,
    /// Tactics: combinations and the Turkish strike.
    Tactics,
}

impl Topic {
    /// Every topic.
    pub const ALL: [Topic; 5] = [
        Topic::Board,
        Topic::Moves,
        Topic::Rules,
        Topic::Notation,
        Topic::Tactics,
    ];

    /// The name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Topic::Board => "board",
            Topic::Moves => "moves",
            Topic::Rules => "rules",
            Topic::Notation => "notation",
            Topic::Tactics => "tactics",
        }
    }
}

impl fmt::Display for Topic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Topic {
    type Err = String;

    fn from_str(text: &str) -> Result<Topic, String> {
        let text = text.trim().to_ascii_lowercase();
        Topic::ALL
            .into_iter()
            .find(|t| t.name() == text)
            .ok_or_else(|| {
                format!("'{text}' is not a topic: use board, moves, rules, notation or tactics")
            })
    }
}

/// How a blank's answer is compared.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BlankKind {
    /// A word: compared after normalisation (case, spaces, full-width characters, synonyms).
    Text,
    /// A whole number, in digits or (in English or Chinese) words.
    Number,
    /// A move in the question's diagram, written by the notation rules: a capture with `x`
    /// (or the game's `:`), a quiet move with `-`; any such text that names the same legal move.
    Move,
    /// A square of the question's board: any name of it (`a1` or `29`).
    Square,
    /// A FEN string: any text that reads as the same position.
    Fen,
}

/// One blank of a fill-in question.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Blank {
    /// Points for this blank.
    pub points: u32,
    /// How answers are compared.
    pub kind: BlankKind,
    /// Accepted answers (normalised words for `text`; the number for `number`; the move or FEN
    /// in canonical form for `move` and `fen`).
    pub accept: Vec<String>,
}

/// One question with its answer.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Question {
    /// `q1`, `q2`... in the order printed.
    pub id: String,
    #[serde(rename = "type")]
    pub kind: QuestionType,
    /// The game the question is about.
    #[serde(default)]
    pub variant: Variant,
    pub topic: Topic,
    /// The question family (`long_diagonal`, `legal_moves`, `draw_rules`...).
    pub family: Family,
    /// The question text; each blank is written `____`.
    pub prompt: String,
    /// The options of a choice question, without their letters (A, B, C... in order).
    pub options: Vec<String>,
    /// The answer: option letters (`["A", "C"]`), one text per blank, the main line of a
    /// diagram question, or an example position (FEN) for a design task.
    pub answer: Vec<String>,
    /// The question's points.
    pub points: u32,
    /// The diagram, for questions that have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The blanks of a fill-in question.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blanks: Vec<Blank>,
    /// The solver goal of a diagram or design question (`win`, `auto`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Goal>,
    /// The motif a design must show (`turkish_strike`...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motif: Option<Motif>,
    /// The side to move in a design task (`white` or `black`).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "side_name")]
    pub side: Option<Color>,
    /// A stable name for each option's statement or value, in option order (for checking).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub option_keys: Vec<String>,
    /// Why the answer is right, for the answer key.
    #[serde(default)]
    pub explanation: String,
    /// Whether the options are listed in an order of their own (squares by number, statements
    /// in the order they are reasoned), which versions of the quiz keep.
    #[serde(skip)]
    pub(crate) options_fixed: bool,
}

/// A generated quiz: the questions and their answers.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Quiz {
    /// The seed it was made from.
    pub seed: u64,
    /// `en` or `zh`.
    pub lang: Lang,
    /// The games it asks about, in order.
    #[serde(default = "international")]
    pub variants: Vec<Variant>,
    /// The version's letter (`A`, `B`...) when the quiz was written in several versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<char>,
    /// The title printed at the top.
    pub title: String,
    /// The sum of every question's points.
    pub total_points: u32,
    /// The questions, section by section (single, multi, blank, diagram, design).
    pub questions: Vec<Question>,
}

impl Quiz {
    /// The whole quiz with its answers as pretty JSON, ending with a newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// The questions of one type, in order.
    pub fn of_type(&self, kind: QuestionType) -> impl Iterator<Item = &Question> {
        self.questions.iter().filter(move |q| q.kind == kind)
    }
}

fn international() -> Vec<Variant> {
    vec![Variant::International]
}

/// A side in a file: `white` or `black`.
pub(super) mod side_name {
    use crate::square::Color;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(
        side: &Option<Color>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match side {
            Some(color) => serializer.serialize_str(color.name()),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Color>, D::Error> {
        match Option::<String>::deserialize(deserializer)?.as_deref() {
            None => Ok(None),
            Some("white") => Ok(Some(Color::White)),
            Some("black") => Ok(Some(Color::Black)),
            Some(other) => Err(serde::de::Error::custom(format!(
                "side '{other}': use white or black"
            ))),
        }
    }
}
