//! A cold-start difficulty estimate from the shape of the solution.
//!
//! The estimate is a pure function of the solution: the same line and motifs always get the
//! same rating and level, whichever search found them.

use super::{Motif, Solution};
use damtutor_rules::Rules;
use serde::Serialize;

/// Difficulty as a level 1-6 and a rating on an Elo-like scale.
///
/// The rating adds up what makes a combination harder to find, from a base of 600:
///
/// | what | adds |
/// | --- | --- |
/// | each ply of the main line | 35 |
/// | each quiet move of the solving side (the key is one) | 90 |
/// | each sacrifice (a quiet move the defender must capture) | 110 |
/// | each reply the defender could choose besides the one in the line (at most 20) | 25 |
/// | each piece taken by the longest capture of the solving side | 20 |
/// | a named shot: Turkish strike, coup Philippe, coup royal, bomb | 80 |
///
/// The levels are bands of the rating, chosen so that each adds one thing to see:
///
/// 1. **under 1000** - one move to find: the key, the reply it forces and one capture that
///    wins (three plies), with at most two other replies to think about. A sacrifice and a
///    capture of two (a two-for-one), or a quiet move whose every reply loses a man.
/// 2. **1000-1199** - a longer line (five plies) that still holds one quiet move and one
///    sacrifice: the capture that wins comes after an exchange.
/// 3. **1200-1349** - two ideas: two quiet moves or two sacrifices in five plies, or a named
///    shot.
/// 4. **1350-1499** - seven plies: a second sacrifice prepared by the first.
/// 5. **1500-1699** - nine plies, several sacrifices, the defender with choices to refute.
/// 6. **1700 and over** - long combinations (nine plies and more) with three or more
///    sacrifices or quiet moves, long captures and named shots.
///
/// On the course (`exercises/course/`, see the README) the median main line is 3, 5, 5, 7, 9
/// and 9 plies from level 1 to 6 (level 6's longest lines reach 13 and more), and the median
/// nodes the solver needs grow two- to threefold a level.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Difficulty {
    pub level: u8,
    pub rating: u32,
}

impl Difficulty {
    /// Estimates from the main line and tree: its length, the solver's quiet moves and
    /// sacrifices, how many replies the defender could choose from, and the longest capture.
    /// A Turkish strike or named shot adds to the rating: they are harder to see. The weights
    /// are those of the table on [`Difficulty`].
    pub fn estimate<R: Rules>(solution: &Solution<R>) -> Difficulty {
        let mut position = solution.position;
        let solver = position.turn();
        let mut quiet = 0u32;
        let mut sacrifices = 0u32;
        let mut choices = 0u32;
        let mut longest = 0u32;
        let mut previous_quiet = false;
        for m in &solution.line {
            let by_solver = position.turn() == solver;
            if by_solver {
                if !m.is_capture() {
                    quiet += 1;
                }
                longest = longest.max(m.capture_count() as u32);
            } else {
                let replies = position.count_legal_moves() as u32;
                choices += replies.saturating_sub(1);
                if previous_quiet && m.is_capture() {
                    sacrifices += 1;
                }
            }
            previous_quiet = by_solver && !m.is_capture();
            position = position.play_unchecked(m);
        }
        let named = solution.motifs.iter().any(|m| {
            matches!(
                m,
                Motif::TurkishStrike | Motif::CoupPhilippe | Motif::CoupRoyal | Motif::Bomb
            )
        });
        let rating = 600
            + 35 * solution.line.len() as u32
            + 90 * quiet
            + 110 * sacrifices
            + 25 * choices.min(20)
            + 20 * longest
            + if named { 80 } else { 0 };
        Difficulty {
            level: Difficulty::level_of(rating),
            rating,
        }
    }

    /// The level (1-6) of a rating: the bands on [`Difficulty`].
    ///
    /// ```
    /// use damtutor::solver::Difficulty;
    /// // A sacrifice, the forced capture and a capture of two, the defender without choice:
    /// // 600 + 3 x 35 + 90 + 110 + 2 x 20.
    /// assert_eq!(Difficulty::level_of(945), 1);
    /// assert_eq!(Difficulty::level_of(1015), 2);
    /// assert_eq!(Difficulty::level_of(1700), 6);
    /// ```
    pub fn level_of(rating: u32) -> u8 {
        match rating {
            0..=999 => 1,
            1000..=1199 => 2,
            1200..=1349 => 3,
            1350..=1499 => 4,
            1500..=1699 => 5,
            _ => 6,
        }
    }

    /// A level given by a teacher, with a rating within its band (800, 1000, ... 1800).
    pub fn from_level(level: u8) -> Difficulty {
        let level = level.clamp(1, 6);
        Difficulty {
            level,
            rating: 800 + 200 * (level as u32 - 1),
        }
    }
}
