//! The goals the solver proves, as words in files, on the command line and in JSON; what
//! each goal means on the board is in [`solver`](crate::solver).

use std::fmt;
use std::str::FromStr;

/// What the side to move has to force.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Goal {
    /// The opponent ends with no piece or no legal move.
    Win,
    /// A net gain of at least this many men (a king counting [`king_value`](crate::solver::king_value)); a man crowned
    /// counts as a king only once the crowning cannot be undone.
    Material(u32),
    /// A new king of the solving side that is kept: the opponent does not crown, does not win
    /// the material back, and cannot take the new king at once or by a trap.
    King,
    /// The strongest of the above that can be proven (see [`GoalChoice`]).
    Auto,
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Win => f.write_str("win"),
            Goal::Material(n) => write!(f, "material:{n}"),
            Goal::King => f.write_str("king"),
            Goal::Auto => f.write_str("auto"),
        }
    }
}

impl Goal {
    /// The largest material goal: no board holds more (20 men a side, each worth at most a
    /// king's 3).
    pub const MAX_MATERIAL: u32 = 60;

    /// `material:n`, for `n` from 1 to [`MAX_MATERIAL`](Goal::MAX_MATERIAL).
    ///
    /// ```
    /// use damtutor::solver::Goal;
    /// assert_eq!(Goal::material(2), Ok(Goal::Material(2)));
    /// assert!(Goal::material(2147483648).is_err());
    /// assert!("material:0".parse::<Goal>().is_err());
    /// ```
    pub fn material(n: u64) -> Result<Goal, String> {
        match u32::try_from(n) {
            Ok(n) if (1..=Goal::MAX_MATERIAL).contains(&n) => Ok(Goal::Material(n)),
            _ => Err(format!(
                "material:{n}: the gain must be a whole number from 1 to {}, as in material:2",
                Goal::MAX_MATERIAL
            )),
        }
    }
}

impl FromStr for Goal {
    type Err = String;

    fn from_str(text: &str) -> Result<Goal, String> {
        match text.trim() {
            "win" => Ok(Goal::Win),
            "king" => Ok(Goal::King),
            "auto" => Ok(Goal::Auto),
            other => match other.strip_prefix("material:") {
                Some(n) => match n.trim().parse::<u64>() {
                    Ok(n) => Goal::material(n),
                    _ => Err(format!(
                        "'{other}': material needs a whole number from 1 to {}, as in material:2",
                        Goal::MAX_MATERIAL
                    )),
                },
                None => Err(format!(
                    "'{other}' is not a goal: use win, material:N, king or auto"
                )),
            },
        }
    }
}

/// A goal in a file is its text (`win`, `material:2`, `king`, `auto`).
impl serde::Serialize for Goal {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Goal {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Goal, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Why `auto` proved the goal it did: the strongest gain proven, and how far the stronger ones
/// were ruled out. A win beats any material gain, a larger gain a smaller one, and every gain
/// a kept king.
#[derive(Copy, Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct GoalChoice {
    /// The goal chosen.
    #[serde(serialize_with = "goal_text")]
    pub goal: Goal,
    /// No stronger goal can be forced within this many plies.
    pub ruled_out_within: u32,
    /// The node budget stopped the search for a stronger goal at `ruled_out_within` plies,
    /// short of the horizon: a stronger goal further off is not ruled out.
    pub stopped: bool,
}

fn goal_text<S: serde::Serializer>(goal: &Goal, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(goal)
}
