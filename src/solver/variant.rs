//! Solutions of positions of a game chosen at run time: an exercise set may hold positions of
//! every game, and a worksheet or a class's marks may mix them.

use super::{with_thread_solver, Difficulty, Goal, Limits, Motif, Solution, Status};
use damtutor_rules::{with_position, Brazilian, English, International, Russian};
use damtutor_rules::{Variant, VariantPosition};
use std::time::Duration;

/// A [`Solution`] of a position of any game.
#[derive(Clone, Debug)]
pub enum VariantSolution {
    International(Solution<International>),
    Brazilian(Solution<Brazilian>),
    Russian(Solution<Russian>),
    English(Solution<English>),
}

/// Runs `$body` with `$s` bound to the [`Solution`] inside a [`VariantSolution`] (by reference
/// when given a reference), whatever its game: the bridge to code generic over the rules.
#[macro_export]
macro_rules! with_solution {
    ($solution:expr, $s:ident => $body:expr) => {
        match $solution {
            $crate::solver::VariantSolution::International($s) => $body,
            $crate::solver::VariantSolution::Brazilian($s) => $body,
            $crate::solver::VariantSolution::Russian($s) => $body,
            $crate::solver::VariantSolution::English($s) => $body,
        }
    };
}

impl From<Solution<International>> for VariantSolution {
    fn from(s: Solution<International>) -> VariantSolution {
        VariantSolution::International(s)
    }
}

impl From<Solution<Brazilian>> for VariantSolution {
    fn from(s: Solution<Brazilian>) -> VariantSolution {
        VariantSolution::Brazilian(s)
    }
}

impl From<Solution<Russian>> for VariantSolution {
    fn from(s: Solution<Russian>) -> VariantSolution {
        VariantSolution::Russian(s)
    }
}

impl From<Solution<English>> for VariantSolution {
    fn from(s: Solution<English>) -> VariantSolution {
        VariantSolution::English(s)
    }
}

impl VariantSolution {
    /// The game.
    pub fn variant(&self) -> Variant {
        match self {
            VariantSolution::International(_) => Variant::International,
            VariantSolution::Brazilian(_) => Variant::Brazilian,
            VariantSolution::Russian(_) => Variant::Russian,
            VariantSolution::English(_) => Variant::English,
        }
    }

    /// The position solved.
    pub fn position(&self) -> VariantPosition {
        with_solution!(self, s => s.position.into())
    }

    /// The verdict.
    pub fn status(&self) -> Status {
        with_solution!(self, s => s.status)
    }

    /// The goal proven (or asked for).
    pub fn goal(&self) -> Goal {
        with_solution!(self, s => s.goal)
    }

    /// Whether a goal was proven.
    pub fn is_solved(&self) -> bool {
        with_solution!(self, s => s.is_solved())
    }

    /// Whether exactly one first move wins.
    pub fn unique(&self) -> bool {
        with_solution!(self, s => s.unique())
    }

    /// The main line in notation.
    pub fn line_texts(&self) -> Vec<String> {
        with_solution!(self, s => s.line_texts())
    }

    /// The key moves in notation.
    pub fn key_texts(&self) -> Vec<String> {
        with_solution!(self, s => s.key_texts())
    }

    /// The annotated main line.
    pub fn annotated(&self) -> String {
        with_solution!(self, s => s.annotated())
    }

    /// The annotated main line with the rest after the decided point in brackets.
    pub fn book_annotated(&self) -> String {
        with_solution!(self, s => s.book_annotated())
    }

    /// Whether the key is unique.
    pub fn uniqueness(&self) -> super::Uniqueness {
        with_solution!(self, s => s.uniqueness)
    }

    /// The motifs of the exercise's written solution, when it was checked and is sound.
    pub fn given_motifs(&self) -> Option<&[Motif]> {
        with_solution!(self, s => s.given.as_ref().map(|g| g.motifs.as_slice()))
    }

    /// The plies of the main line.
    pub fn plies(&self) -> usize {
        with_solution!(self, s => s.plies)
    }

    /// The motifs of the main line.
    pub fn motifs(&self) -> &[Motif] {
        with_solution!(self, s => &s.motifs)
    }

    /// The difficulty estimate.
    pub fn difficulty(&self) -> Option<Difficulty> {
        with_solution!(self, s => s.difficulty)
    }

    /// Nodes searched.
    pub fn nodes(&self) -> u64 {
        with_solution!(self, s => s.nodes)
    }

    /// Time spent.
    pub fn elapsed(&self) -> Duration {
        with_solution!(self, s => s.elapsed)
    }
}

/// Solves a position of any game with this thread's solver of that game.
pub fn solve_variant(position: &VariantPosition, goal: Goal, limits: Limits) -> VariantSolution {
    with_position!(position, p => {
        with_thread_solver(|solver| VariantSolution::from(solver.solve(p, goal, limits)))
    })
}

/// Solves many positions of any games in parallel; results in input order.
pub fn solve_all_variants(
    tasks: &[(VariantPosition, Goal)],
    limits: Limits,
) -> Vec<VariantSolution> {
    use rayon::prelude::*;
    tasks
        .par_iter()
        .map(|(position, goal)| solve_variant(position, *goal, limits))
        .collect()
}
