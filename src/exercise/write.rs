//! Writing exercise sets back in the format [`parse`](super::parse) reads.

use super::text::OutText;
use super::ExerciseSet;
use crate::solver::Motif;
use crate::square::Color;
use crate::words::Lang;
use crate::{Variant, VariantPosition};

#[derive(serde::Serialize)]
struct OutSet<'a> {
    title: Option<OutText<'a>>,
    #[serde(skip_serializing_if = "is_international")]
    variant: Variant,
    #[serde(skip_serializing_if = "Option::is_none")]
    subtitle: Option<OutText<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    author: Option<&'a str>,
    language: Lang,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<OutText<'a>>,
    exercises: Vec<OutExercise<'a>>,
}

#[derive(serde::Serialize)]
struct OutExercise<'a> {
    id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<Variant>,
    fen: String,
    goal: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<OutText<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<OutText<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    comment: Option<OutText<'a>>,
    #[serde(skip_serializing_if = "<[Motif]>::is_empty")]
    motifs: &'a [Motif],
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<OutText<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<&'a str>,
}

fn is_international(variant: &Variant) -> bool {
    *variant == Variant::International
}

/// A position as FEN with its squares in the game's notation: numbers (`W:W31,32:BK46`, and
/// in english checkers), or algebraic names in the 64-square games that write their moves so
/// listed by name (`W:Wc3,e3:BKd6`). [`parse`](super::parse) reads both.
///
/// ```
/// use damtutor::exercise::fen_in_notation;
/// use damtutor::{Variant, VariantPosition};
/// let russian = VariantPosition::from_fen(Variant::Russian, "W:W22,K29:B15")?;
/// assert_eq!(fen_in_notation(&russian), "W:WKa1,c3:Be5");
/// let english = VariantPosition::from_fen(Variant::English, "W:Wc3:Be5")?;
/// assert_eq!(fen_in_notation(&english), "W:W22:B15");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fen_in_notation(position: &VariantPosition) -> String {
    let rules = position.variant().rules();
    let mut out = String::new();
    out.push(position.turn().letter());
    for color in Color::ALL {
        out.push(':');
        out.push(color.letter());
        let mut squares: Vec<_> = position.pieces(color).iter().collect();
        if let crate::Notation::Algebraic { .. } = rules.notation {
            // By name: a1, a3, b2, ...
            squares.sort_by_key(|&s| {
                let (row, column) = rules.board.coords(s);
                (column, std::cmp::Reverse(row))
            });
        }
        for (i, square) in squares.into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if position.kings(color).contains(square) {
                out.push('K');
            }
            out.push_str(&rules.square_name(square));
        }
    }
    out
}

/// Writes a set in the format [`parse`](super::parse) reads (positions as FEN, in the game's notation).
/// Reading the text back gives the same exercises.
pub fn to_yaml(set: &ExerciseSet) -> String {
    let language = set.language;
    let out = OutSet {
        title: OutText::of(&set.title, language),
        variant: set.variant,
        subtitle: OutText::of(&set.subtitle, language),
        author: set.author.as_deref(),
        language,
        level: set.level,
        description: OutText::of(&set.description, language),
        exercises: set
            .exercises
            .iter()
            .map(|e| OutExercise {
                id: &e.id,
                variant: (e.variant() != set.variant).then(|| e.variant()),
                fen: fen_in_notation(&e.position),
                goal: e.goal.to_string(),
                title: OutText::of(&e.title, language),
                hint: OutText::of(&e.hint, language),
                comment: OutText::of(&e.comment, language),
                motifs: &e.motifs,
                difficulty: e.difficulty,
                source: OutText::of(&e.source, language),
                solution: e.solution.as_deref(),
            })
            .collect(),
    };
    serde_yaml::to_string(&out).unwrap_or_else(|e| format!("# could not write the set: {e}\n"))
}
