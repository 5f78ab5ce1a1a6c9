//! A cold-start difficulty estimate from the shape of the solution.

use super::{Motif, Solution};
use damtutor_rules::Rules;
use serde::Serialize;

/// Difficulty as a level 1-6 and a rating on an Elo-like scale.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Difficulty {
    pub level: u8,
    pub rating: u32,
}

impl Difficulty {
    /// Estimates from the main line and tree: its length, the solver's quiet moves and
    /// sacrifices, how many replies the defender could choose from, and the longest capture.
    /// A Turkish strike or named shot adds to the rating: they are harder to see.
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

    /// The level (1-6) of a rating.
    pub fn level_of(rating: u32) -> u8 {
        match rating {
            0..=899 => 1,
            900..=1099 => 2,
            1100..=1299 => 3,
            1300..=1499 => 4,
            1500..=1699 => 5,
            _ => 6,
        }
    }

    /// A level given by a teacher, with the rating at the middle of its band.
    pub fn from_level(level: u8) -> Difficulty {
        let level = level.clamp(1, 6);
        Difficulty {
            level,
            rating: 800 + 200 * (level as u32 - 1),
        }
    }
}
