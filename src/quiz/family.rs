//! What every question family works with: the [`Context`] of one game's questions in a quiz (its
//! random source, language, names and solver) and the [`Family`] record each topic module lists.

use super::naming::Names;
use super::probes::Facts;
use super::question::{Family, Question, QuestionType, Topic};
use crate::solver::{Goal, Limits, Solver};
use crate::words::Lang;
use crate::{RuleSet, Rules, Variant};
use damtutor_rules::Position;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// The state of one game's part of a quiz: the random source, the language, a solver of the
/// game, and the rules facts found out by asking its engine (worked out once).
pub(crate) struct Context<R: Rules> {
    pub rng: ChaCha8Rng,
    pub lang: Lang,
    /// The positions of the teacher's exercise sets in this game, with their goals: the
    /// diagram questions ask these when there are any.
    pub pool: Vec<(Position<R>, Goal)>,
    solver: Option<Solver<R>>,
}

impl<R: Rules> Context<R> {
    /// The context of the game `R` in a quiz made from `seed`: every game of a quiz has its
    /// own random source, so that adding a game to a quiz does not change the others' questions.
    pub(crate) fn new(seed: u64, lang: Lang) -> Context<R> {
        let game = R::RULES.variant as u64;
        Context {
            rng: ChaCha8Rng::seed_from_u64(seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            lang,
            pool: Vec::new(),
            solver: None,
        }
    }

    /// The game.
    pub(crate) fn variant(&self) -> Variant {
        R::RULES.variant
    }

    /// The words for squares, sides and the game in the quiz's language.
    pub(crate) fn names(&self) -> Names {
        Names::new(self.lang, R::RULES)
    }

    /// The solver, made on first use (its table takes a few MiB).
    pub(crate) fn solver(&mut self) -> &mut Solver<R> {
        self.solver.get_or_insert_with(Solver::new)
    }

    /// The rules facts of the game, asked of its engine (once per process).
    pub(crate) fn facts(&self) -> &'static Facts {
        super::probes::facts::<R>()
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

/// A question family: what it asks, in which games, and how it is made.
pub(crate) struct FamilyDef<R: Rules> {
    pub name: Family,
    pub topic: Topic,
    pub kinds: &'static [QuestionType],
    /// Whether the family asks about something the game has (the maximum-capture rule, square
    /// numbers, the Turkish strike...).
    pub fits: fn(&RuleSet) -> bool,
    pub make: fn(&mut Context<R>, QuestionType) -> Option<Question>,
}

/// For families that fit every game.
pub(crate) fn every_game(_: &RuleSet) -> bool {
    true
}
