//! What a solution claims, beyond its moves: whether its key is unique, and why nothing is
//! claimed when the solver cannot decide.

use damtutor_rules::DrawReason;

/// Why a solution's status is [`Status::Unknown`](crate::solver::Status::Unknown).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Unknown {
    /// The node or time limit was reached before an answer.
    Limits,
    /// The goal can be forced only in more plies than the draw rule allows: the game would be
    /// drawn first (counted from the position solved).
    DrawRule(DrawReason),
}

/// Whether the key move is the only first move that forces the goal within the uniqueness
/// horizon H = the proof's depth d and four plies more, at most the horizon of the limits
/// (21 plies by default): `min(21, d + 4)`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Uniqueness {
    /// Proven: no other first move forces the goal within H plies
    /// ([`Solution::unique_within`](crate::solver::Solution::unique_within)).
    Unique,
    /// Another first move forces it within H plies too.
    NotUnique,
    /// Not proven: a node or time limit stopped the check of the other first moves. None
    /// forces the goal within [`Solution::unique_within`](crate::solver::Solution::unique_within) plies (the proof's depth less one).
    Unknown,
}

impl Uniqueness {
    /// `unique`, `not unique` or `unknown`.
    pub const fn name(self) -> &'static str {
        match self {
            Uniqueness::Unique => "unique",
            Uniqueness::NotUnique => "not unique",
            Uniqueness::Unknown => "unknown",
        }
    }
}

/// In JSON: `true`, `false` or `"unknown"`.
impl serde::Serialize for Uniqueness {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Uniqueness::Unique => serializer.serialize_bool(true),
            Uniqueness::NotUnique => serializer.serialize_bool(false),
            Uniqueness::Unknown => serializer.serialize_str("unknown"),
        }
    }
}
