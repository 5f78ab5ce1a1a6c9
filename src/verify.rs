//! Checking exercise sets against the solver: every position proven, every given solution
//! sound, the teacher's motif tags compared with the computed ones.

use crate::exercise::{Exercise, ExerciseSet};
use crate::solver::{self, with_thread_solver, Goal, Limits, Solution, Solver, VariantSolution};
use crate::with_solution;
use damtutor_rules::{Move, Position, Rules};
use rayon::prelude::*;

/// What the solver says about one exercise.
#[derive(Clone, Debug)]
pub struct ExerciseReport {
    pub id: String,
    pub line: Option<usize>,
    pub solution: VariantSolution,
    /// Failures: the exercise is wrong.
    pub problems: Vec<String>,
    /// Worth a look, but not wrong (a teacher's motif the solver does not see, a non-unique key).
    pub warnings: Vec<String>,
}

impl ExerciseReport {
    /// Whether the exercise passed.
    pub fn ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Solves and checks every exercise of `set`, in parallel.
pub fn verify_set(set: &ExerciseSet, limits: Limits) -> Vec<ExerciseReport> {
    let tasks: Vec<_> = set.exercises.iter().map(|e| (e.position, e.goal)).collect();
    let solutions = solver::solve_all_variants(&tasks, limits);
    set.exercises
        .par_iter()
        .zip(solutions)
        .map(|(exercise, solution)| {
            with_solution!(solution, s => {
                with_thread_solver(|solver| verify_exercise(solver, exercise, s, limits))
            })
        })
        .collect()
}

fn verify_exercise<R: Rules>(
    solver: &mut Solver<R>,
    exercise: &Exercise,
    solution: Solution<R>,
    limits: Limits,
) -> ExerciseReport
where
    VariantSolution: From<Solution<R>>,
{
    let mut problems = Vec::new();
    let mut warnings = Vec::new();
    if !solution.is_solved() {
        problems.push(match solution.status {
            solver::Status::Unknown => format!(
                "the solver could not decide within its limits (goal {}); raise --max-nodes or --time-limit",
                exercise.goal
            ),
            _ => format!(
                "no forced {} within {} plies: the exercise has no solution",
                match exercise.goal {
                    Goal::Auto => "gain".to_string(),
                    goal => goal.to_string(),
                },
                limits.max_plies
            ),
        });
    } else {
        if !solution.unique() {
            warnings.push(format!(
                "the key move is not unique: {} all win",
                solution.key_texts().join(", ")
            ));
        }
        if let Some(text) = &exercise.solution {
            let plies = solution.plies;
            let depth =
                |played: usize| (plies.saturating_sub(played) as u32 + 6).min(limits.max_plies);
            if let Err(problem) = check_line_text(
                solver,
                &solution.position,
                solution.goal,
                text,
                depth,
                limits,
            ) {
                problems.push(problem);
            }
        }
        for motif in &exercise.motifs {
            if !solution.motifs.contains(motif) {
                warnings.push(format!(
                    "the file tags {motif}, but the solver's line does not show it (computed: {})",
                    if solution.motifs.is_empty() {
                        "none".to_string()
                    } else {
                        solution
                            .motifs
                            .iter()
                            .map(|m| m.key())
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                ));
            }
        }
    }
    ExerciseReport {
        id: exercise.id.clone(),
        line: exercise.line,
        solution: solution.into(),
        problems,
        warnings,
    }
}

/// Plays a written solution and checks that each of the solving side's moves keeps the goal
/// forced within `depth(plies played)` plies. Returns the moves, or what is wrong with the text.
pub fn check_line_text<R: Rules>(
    solver: &mut Solver<R>,
    start: &Position<R>,
    goal: Goal,
    text: &str,
    depth: impl Fn(usize) -> u32,
    limits: Limits,
) -> Result<Vec<Move<R>>, String> {
    let tokens = crate::notation::line_tokens(text);
    if tokens.is_empty() {
        return Err("the solution is empty".to_string());
    }
    let mut position = *start;
    let mut moves = Vec::new();
    for (index, token) in tokens.iter().enumerate() {
        let m = position
            .parse_move(token)
            .map_err(|e| format!("solution move {} ({token}): {}", index + 1, e.reason()))?;
        let after = position.play_unchecked(&m);
        if position.turn() == start.turn() {
            match solver.prove_from(start, goal, &after, depth(index + 1), limits) {
                Some(true) => {}
                Some(false) => {
                    return Err(format!(
                        "solution move {} ({token}) does not force the goal {goal}",
                        index + 1
                    ))
                }
                None => {
                    return Err(format!(
                    "solution move {} ({token}) could not be checked within the solver's limits",
                    index + 1
                ))
                }
            }
        }
        moves.push(m);
        position = after;
    }
    Ok(moves)
}
