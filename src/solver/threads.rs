//! One solver per thread and game, and solving many positions in parallel.

use super::{Goal, Limits, Solution, Solver};
use damtutor_rules::{Brazilian, English, International, Position, Rules, Russian};
use std::cell::RefCell;

/// Solves many positions in parallel (each thread with its own solver); results in input order.
pub fn solve_all<R: SolverSlot>(tasks: &[(Position<R>, Goal)], limits: Limits) -> Vec<Solution<R>> {
    use rayon::prelude::*;
    tasks
        .par_iter()
        .map(|(position, goal)| with_thread_solver(|solver| solver.solve(position, *goal, limits)))
        .collect()
}

/// The solvers of one thread, one per game, each made the first time it is asked for.
#[derive(Default)]
pub struct ThreadSolvers {
    international: Option<Box<Solver<International>>>,
    brazilian: Option<Box<Solver<Brazilian>>>,
    russian: Option<Box<Solver<Russian>>>,
    english: Option<Box<Solver<English>>>,
}

/// The games whose solvers a thread keeps: each names its slot in [`ThreadSolvers`].
pub trait SolverSlot: Rules {
    /// This game's solver slot.
    fn slot(solvers: &mut ThreadSolvers) -> &mut Option<Box<Solver<Self>>>;
}

impl SolverSlot for International {
    fn slot(solvers: &mut ThreadSolvers) -> &mut Option<Box<Solver<Self>>> {
        &mut solvers.international
    }
}

impl SolverSlot for Brazilian {
    fn slot(solvers: &mut ThreadSolvers) -> &mut Option<Box<Solver<Self>>> {
        &mut solvers.brazilian
    }
}

impl SolverSlot for Russian {
    fn slot(solvers: &mut ThreadSolvers) -> &mut Option<Box<Solver<Self>>> {
        &mut solvers.russian
    }
}

impl SolverSlot for English {
    fn slot(solvers: &mut ThreadSolvers) -> &mut Option<Box<Solver<Self>>> {
        &mut solvers.english
    }
}

/// Runs `f` with this thread's solver of the game `R`: its 4 MiB table is allocated once per
/// thread and game, not once per task. Called again from within `f` on the same thread, `f` gets
/// a solver of its own.
pub fn with_thread_solver<R: SolverSlot, T>(f: impl FnOnce(&mut Solver<R>) -> T) -> T {
    thread_local! {
        static SOLVERS: RefCell<ThreadSolvers> = RefCell::new(ThreadSolvers::default());
    }
    SOLVERS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut solvers) => f(R::slot(&mut solvers).get_or_insert_with(|| Box::new(Solver::new()))),
        Err(_) => f(&mut Solver::new()),
    })
}
