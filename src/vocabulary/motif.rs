//! The tactical motifs, by their tags; how each is recognised in a line of play is in
//! [`solver::tag_line`](crate::solver::tag_line).

use std::fmt;

/// A tactical motif. In files and JSON it is its tag ([`Motif::key`]), such as `turkish_strike`.
#[derive(
    Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Motif {
    TurkishStrike,
    Breakthrough,
    KingTrap,
    Sacrifice,
    MajorityRuleForcing,
    BackwardCapture,
    MultiCapture,
    Tempo,
    CoupPhilippe,
    CoupRoyal,
    Bomb,
}

impl Motif {
    /// Every motif, in display order.
    pub const ALL: [Motif; 11] = [
        Motif::TurkishStrike,
        Motif::Breakthrough,
        Motif::KingTrap,
        Motif::Sacrifice,
        Motif::MajorityRuleForcing,
        Motif::BackwardCapture,
        Motif::MultiCapture,
        Motif::Tempo,
        Motif::CoupPhilippe,
        Motif::CoupRoyal,
        Motif::Bomb,
    ];

    /// The tag used in files and JSON, such as `turkish_strike`. Its name in English and
    /// Chinese is [`words::motif`](crate::words::motif).
    pub const fn key(self) -> &'static str {
        match self {
            Motif::TurkishStrike => "turkish_strike",
            Motif::Breakthrough => "breakthrough",
            Motif::KingTrap => "king_trap",
            Motif::Sacrifice => "sacrifice",
            Motif::MajorityRuleForcing => "majority_rule_forcing",
            Motif::BackwardCapture => "backward_capture",
            Motif::MultiCapture => "multi_capture",
            Motif::Tempo => "tempo",
            Motif::CoupPhilippe => "coup_philippe",
            Motif::CoupRoyal => "coup_royal",
            Motif::Bomb => "bomb",
        }
    }

    /// The motif of a tag such as `turkish_strike`.
    pub fn from_key(key: &str) -> Option<Motif> {
        Motif::ALL.into_iter().find(|m| m.key() == key)
    }
}

impl fmt::Display for Motif {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A motif equals its tag: `Motif::Bomb == "bomb"`.
impl PartialEq<str> for Motif {
    fn eq(&self, tag: &str) -> bool {
        self.key() == tag
    }
}

impl PartialEq<&str> for Motif {
    fn eq(&self, tag: &&str) -> bool {
        self.key() == *tag
    }
}
