//! What every question family works with: the [`Context`] of one quiz's generation (its random
//! source, language and solver) and the [`Family`] record each topic module lists.

use super::question::{Question, QuestionType, Topic};
use crate::solver::{Limits, Solver};
use crate::words::Lang;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// The state of one quiz's generation: the random source, the language, a solver.
pub(crate) struct Context {
    pub rng: ChaCha8Rng,
    pub lang: Lang,
    pub diagram_points: u32,
    pub design_points: u32,
    solver: Option<Solver>,
}

impl Context {
    pub(crate) fn new(seed: u64, lang: Lang) -> Context {
        Context {
            rng: ChaCha8Rng::seed_from_u64(seed),
            lang,
            diagram_points: 10,
            design_points: 10,
            solver: None,
        }
    }

    /// The solver, made on first use (its table takes a few MiB).
    pub(crate) fn solver(&mut self) -> &mut Solver {
        self.solver.get_or_insert_with(Solver::new)
    }
}

/// The solver's limits for quiz positions: a small node budget, so that generation takes
/// milliseconds and depends on the node count only (never on the clock). The scorer proves
/// students' lines and designs with the same limits.
pub const QUIZ_LIMITS: Limits = Limits {
    max_plies: 11,
    max_nodes: 200_000,
    time_limit: Duration::from_secs(600),
};

/// A question family: what it asks and how it is made.
pub(crate) struct Family {
    pub name: &'static str,
    pub topic: Topic,
    pub kinds: &'static [QuestionType],
    pub make: fn(&mut Context, QuestionType) -> Option<Question>,
}
