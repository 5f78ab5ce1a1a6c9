//! The verdict on an answer: one closed set of words for a checked line, a scored quiz question
//! and a gradebook row.

use crate::words::Text;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How an answer was judged. A line of moves gets `correct`, `alternative`, `incomplete`,
/// `wrong`, `illegal` or `unknown`; a quiz question `correct`, `partial`, `wrong`, `unknown` or
/// `missing`; an exercise without an answer `missing`.
///
/// `wrong` is a proven verdict; when the solver's limits run out before a refutation is
/// proven the verdict is `unknown`, which is not marked: it earns no points and counts in no
/// maximum ([`Verdict::marked`]), and the teacher decides.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The solver's (or the book's) line, complete; or every point of a question.
    Correct,
    /// A different key move or continuation that still forces the goal, complete.
    Alternative,
    /// Right so far, but stops before the goal is reached.
    Incomplete,
    /// Some of a question's points (some blanks right, half a diagram).
    Partial,
    /// A move of the solving side that lets the win slip; no point of a question.
    Wrong,
    /// A move the rules forbid, or text that is not a move.
    Illegal,
    /// Nothing answered.
    Missing,
    /// Not judged: a node, time or ply limit ran out before a refutation was proven (or the
    /// key itself could not be solved). Left to the teacher, not marked.
    Unknown,
}

impl Verdict {
    /// Every verdict.
    pub const ALL: [Verdict; 8] = [
        Verdict::Correct,
        Verdict::Alternative,
        Verdict::Incomplete,
        Verdict::Partial,
        Verdict::Wrong,
        Verdict::Illegal,
        Verdict::Missing,
        Verdict::Unknown,
    ];

    /// Whether the answer is accepted as a full solution.
    pub fn accepted(self) -> bool {
        matches!(self, Verdict::Correct | Verdict::Alternative)
    }

    /// Whether the answer is marked: every verdict but `unknown`, which earns no points and
    /// counts in no maximum (the teacher decides).
    pub fn marked(self) -> bool {
        self != Verdict::Unknown
    }

    /// The lower-case name, as in JSON and the gradebook.
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Correct => "correct",
            Verdict::Alternative => "alternative",
            Verdict::Incomplete => "incomplete",
            Verdict::Partial => "partial",
            Verdict::Wrong => "wrong",
            Verdict::Illegal => "illegal",
            Verdict::Missing => "missing",
            Verdict::Unknown => "unknown",
        }
    }

    /// The key of the verdict's label for people ("Correct (another way)", "未作答").
    pub const fn label(self) -> Text {
        match self {
            Verdict::Correct => Text::VerdictCorrect,
            Verdict::Alternative => Text::VerdictAlternative,
            Verdict::Incomplete => Text::VerdictIncomplete,
            Verdict::Partial => Text::VerdictPartial,
            Verdict::Wrong => Text::VerdictWrong,
            Verdict::Illegal => Text::VerdictIllegal,
            Verdict::Missing => Text::VerdictMissing,
            Verdict::Unknown => Text::VerdictUnknown,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A verdict equals its name: `Verdict::Missing == "missing"`.
impl PartialEq<&str> for Verdict {
    fn eq(&self, name: &&str) -> bool {
        self.name() == *name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::{text, Lang};

    #[test]
    fn names_match_json_and_every_verdict_has_labels() {
        for verdict in Verdict::ALL {
            let json = serde_json::to_string(&verdict).unwrap();
            assert_eq!(json, format!("\"{}\"", verdict.name()));
            assert_eq!(serde_json::from_str::<Verdict>(&json).unwrap(), verdict);
            assert_ne!(
                text(Lang::English, verdict.label()),
                text(Lang::Chinese, verdict.label())
            );
        }
        assert!(Verdict::Alternative.accepted() && !Verdict::Partial.accepted());
        assert!(Verdict::Missing == "missing");
        assert!(!Verdict::Unknown.accepted() && !Verdict::Unknown.marked());
        assert!(Verdict::Wrong.marked() && Verdict::Missing.marked());
        assert_eq!(
            text(Lang::Chinese, Verdict::Unknown.label()),
            "无法在限定内判断（请老师判断）"
        );
    }
}
