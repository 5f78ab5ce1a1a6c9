//! Checking exercise sets against the solver: every position proven, every given solution
//! sound, the teacher's motif tags compared with the computed ones.

use crate::exercise::{Exercise, ExerciseSet};
use crate::notation::MoveError;
use crate::solver::{self, with_thread_solver, Goal, Limits, Solution, Solver, VariantSolution};
use crate::square::Color;
use crate::with_solution;
use crate::words::{self, say, text, Lang, Numbered, Text};
use crate::Variant;
use damtutor_rules::{Move, Position, Rules};
use rayon::prelude::*;

/// What the solver says about one exercise.
#[derive(Clone, Debug)]
pub struct ExerciseReport {
    pub id: String,
    pub line: Option<usize>,
    pub solution: VariantSolution,
    /// Failures: the exercise is wrong (in the language asked).
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

/// Solves and checks every exercise of `set`, in parallel; the problems and warnings in the
/// set's language.
pub fn verify_set(set: &ExerciseSet, limits: Limits) -> Vec<ExerciseReport> {
    verify_set_in(set, limits, set.language)
}

/// [`verify_set`] with the problems and warnings in `lang`.
pub fn verify_set_in(set: &ExerciseSet, limits: Limits, lang: Lang) -> Vec<ExerciseReport> {
    let tasks: Vec<_> = set.exercises.iter().map(|e| (e.position, e.goal)).collect();
    let solutions = solver::solve_all_variants(&tasks, limits);
    set.exercises
        .par_iter()
        .zip(solutions)
        .map(|(exercise, solution)| {
            with_solution!(solution, s => {
                with_thread_solver(|solver| verify_exercise(solver, exercise, s, limits, lang))
            })
        })
        .collect()
}

fn verify_exercise<R: Rules>(
    solver: &mut Solver<R>,
    exercise: &Exercise,
    solution: Solution<R>,
    limits: Limits,
    lang: Lang,
) -> ExerciseReport
where
    VariantSolution: From<Solution<R>>,
{
    let mut problems = Vec::new();
    let mut warnings = Vec::new();
    let goal = words::goal_name(lang, exercise.goal);
    if !solution.is_solved() {
        problems.push(match solution.status {
            solver::Status::Unknown => say!(lang, Text::VerifyUndecided, goal),
            _ => say!(lang, Text::VerifyNoSolution, goal, plies = limits.max_plies),
        });
    } else {
        if !solution.unique() {
            let moves = solution.key_texts().join(text(lang, Text::Comma));
            warnings.push(say!(lang, Text::VerifyNotUnique, moves));
        }
        if let Some(written) = &exercise.solution {
            let plies = solution.plies;
            let depth =
                |played: usize| (plies.saturating_sub(played) as u32 + 6).min(limits.max_plies);
            if let Err(problem) = check_line_text(
                solver,
                &solution.position,
                solution.goal,
                written,
                depth,
                limits,
            ) {
                problems.push(problem.say(
                    lang,
                    R::RULES.variant,
                    solution.position.turn(),
                    solution.goal,
                ));
            }
        }
        for motif in &exercise.motifs {
            if !solution.motifs.contains(motif) {
                // The tag as the teacher wrote it (English), or its name (other languages).
                let tag = match lang {
                    Lang::English => motif.key(),
                    _ => words::motif(lang, *motif),
                };
                let computed = if solution.motifs.is_empty() {
                    say!(lang, Text::NoneFound)
                } else {
                    let names: Vec<&str> = solution
                        .motifs
                        .iter()
                        .map(|&m| match lang {
                            Lang::English => m.key(),
                            _ => words::motif(lang, m),
                        })
                        .collect();
                    names.join(text(lang, Text::Comma))
                };
                warnings.push(say!(lang, Text::VerifyTagMissing, tag, computed));
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

/// What is wrong with a written solution: the ply (1-based) and the move as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolutionProblem {
    /// No moves at all.
    Empty,
    /// Not a move, or not legal there.
    Move {
        ply: usize,
        text: String,
        error: MoveError,
    },
    /// A move of the solving side after which the goal is no longer forced.
    NotForcing { ply: usize, text: String },
    /// A move the solver could not decide within its limits.
    Unchecked { ply: usize, text: String },
}

impl SolutionProblem {
    /// The problem in `lang`, the move numbered as in a book (`first` moves first).
    pub fn say(&self, lang: Lang, variant: Variant, first: Color, goal: Goal) -> String {
        let numbered = |ply: usize, text: &str| Numbered::new(first, ply, text).say(lang);
        match self {
            SolutionProblem::Empty => say!(lang, Text::VerifyEmptySolution),
            SolutionProblem::Move { ply, text, error } => say!(
                lang,
                Text::VerifySolutionMove,
                move = numbered(*ply, text),
                reason = words::move_error(lang, variant, error)
            ),
            SolutionProblem::NotForcing { ply, text } => say!(
                lang,
                Text::VerifyNotForcing,
                move = numbered(*ply, text),
                goal = words::goal(lang, goal)
            ),
            SolutionProblem::Unchecked { ply, text } => {
                say!(lang, Text::VerifyUnchecked, move = numbered(*ply, text))
            }
        }
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
) -> Result<Vec<Move<R>>, SolutionProblem> {
    let tokens = crate::notation::line_tokens(text);
    if tokens.is_empty() {
        return Err(SolutionProblem::Empty);
    }
    let mut position = *start;
    let mut moves = Vec::new();
    for (index, token) in tokens.iter().enumerate() {
        let (ply, text) = (index + 1, token.clone());
        let m = position
            .parse_move(token)
            .map_err(|error| SolutionProblem::Move {
                ply,
                text: text.clone(),
                error,
            })?;
        let after = position.play_unchecked(&m);
        if position.turn() == start.turn() {
            match solver.prove_from(start, goal, &after, depth(ply), limits) {
                Some(true) => {}
                Some(false) => return Err(SolutionProblem::NotForcing { ply, text }),
                None => return Err(SolutionProblem::Unchecked { ply, text }),
            }
        }
        moves.push(m);
        position = after;
    }
    Ok(moves)
}
