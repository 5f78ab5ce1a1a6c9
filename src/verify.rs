//! Checking exercise sets against the solver: every position proven, every given solution
//! sound and complete, the teacher's motif tags compared with the computed ones. `validate`
//! prints these reports; `worksheet`, `practice` and `solve` use the same ones, so that an
//! exercise `validate` rejects is never printed, and a teacher's solution that the solver
//! proves is the one a worksheet shows.

use crate::exercise::{Exercise, ExerciseSet};
use crate::notation::MoveError;
use crate::solver::{
    self, tag_line, with_thread_solver, GivenLine, Goal, Limits, Motif, Solution, Solver, Unknown,
    VariantSolution,
};
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
    /// The solver's solution; its `given` holds the exercise's written solution when that is
    /// sound and complete.
    pub solution: VariantSolution,
    /// Failures: the exercise is wrong (in the language asked).
    pub problems: Vec<String>,
    /// Worth a look, but not wrong (a teacher's motif no line shows, a non-unique key).
    pub warnings: Vec<String>,
    /// For information: the written solution and the solver's line differ, with the motifs
    /// of each.
    pub notes: Vec<String>,
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
    let exercises: Vec<&Exercise> = set.exercises.iter().collect();
    verify_exercises(&exercises, None, limits, lang)
}

/// Solves and checks `exercises`, in parallel, each for its own goal or for `goal` when given
/// (a written solution is then checked against that goal); the problems, warnings and notes in
/// `lang`.
pub fn verify_exercises(
    exercises: &[&Exercise],
    goal: Option<Goal>,
    limits: Limits,
    lang: Lang,
) -> Vec<ExerciseReport> {
    let tasks: Vec<_> = exercises
        .iter()
        .map(|e| (e.position, goal.unwrap_or(e.goal)))
        .collect();
    let solutions = solver::solve_all_variants(&tasks, limits);
    exercises
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
    mut solution: Solution<R>,
    limits: Limits,
    lang: Lang,
) -> ExerciseReport
where
    VariantSolution: From<Solution<R>>,
{
    let goal = words::goal_name(lang, exercise.goal);
    let mut problems = Vec::new();
    let mut warnings = Vec::new();
    let mut notes = Vec::new();
    if !solution.is_solved() {
        problems.push(match (solution.status, solution.unknown) {
            (solver::Status::Unknown, Some(Unknown::DrawRule(rule))) => {
                say!(
                    lang,
                    Text::UnknownDrawRule,
                    rule = words::draw_rule(lang, rule)
                )
            }
            (solver::Status::Unknown, _) => say!(lang, Text::VerifyUndecided, goal),
            _ if exercise.goal == solver::Goal::Win => {
                say!(lang, Text::VerifyNoWin, plies = limits.max_plies)
            }
            _ => say!(lang, Text::VerifyNoSolution, goal, plies = limits.max_plies),
        });
    } else {
        if solution.uniqueness == solver::Uniqueness::NotUnique {
            let moves = solution.key_texts().join(text(lang, Text::Comma));
            warnings.push(say!(lang, Text::VerifyNotUnique, moves));
        }
        if let Some(written) = &exercise.solution {
            match given_line(solver, &solution, written, limits) {
                Ok(given) => solution.given = Some(given),
                Err(problem) => problems.push(problem.say(
                    lang,
                    R::RULES.variant,
                    solution.position.turn(),
                    solution.goal,
                )),
            }
        }
        // The tags as the teacher writes them (English), or their names (other languages).
        let tag = |motif: Motif| match lang {
            Lang::English => motif.key(),
            _ => words::motif(lang, motif),
        };
        let tags = |motifs: &[Motif]| {
            if motifs.is_empty() {
                say!(lang, Text::NoMotifs)
            } else {
                let names: Vec<&str> = motifs.iter().map(|&m| tag(m)).collect();
                names.join(text(lang, Text::Comma))
            }
        };
        let given_motifs = solution.given.as_ref().map(|g| g.motifs.clone());
        for motif in &exercise.motifs {
            let shown = solution.motifs.contains(motif)
                || given_motifs.as_ref().is_some_and(|m| m.contains(motif));
            if !shown {
                warnings.push(say!(
                    lang,
                    Text::SolutionTagMissing,
                    motif = tag(*motif),
                    given = given_motifs.as_deref().map_or_else(|| tags(&[]), tags),
                    solver = tags(&solution.motifs)
                ));
            }
        }
        if let Some(given) = &solution.given {
            if solver::differ(&given.moves, &solution.line) {
                notes.push(say!(
                    lang,
                    Text::LinesDiffer,
                    given = tags(&given.motifs),
                    solver = tags(&solution.motifs)
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
        notes,
    }
}

/// The written solution `text` of the position `solution` solved, checked: every move legal,
/// each of the solving side's moves keeping the goal forced, and the line complete - it goes on
/// until the goal is decided (see [`Solver::settled`]). Its moves, where it is decided, and its
/// motifs; or what is wrong with it.
pub fn given_line<R: Rules>(
    solver: &mut Solver<R>,
    solution: &Solution<R>,
    text: &str,
    limits: Limits,
) -> Result<GivenLine<R>, SolutionProblem> {
    let start = solution.position;
    let goal = solution.goal;
    let plies = solution.plies;
    let depth = |played: usize| (plies.saturating_sub(played) as u32 + 6).min(limits.max_plies);
    let moves = check_line_text(solver, &start, goal, text, depth, limits)?;
    match solver.decided_at(&start, goal, &moves) {
        Some(book) => Ok(GivenLine {
            motifs: tag_line(&start, &moves),
            book_plies: book,
            moves,
        }),
        None => Err(SolutionProblem::Incomplete {
            ply: moves.len(),
            text: solver::line_texts(&start, &moves)
                .last()
                .cloned()
                .unwrap_or_default(),
        }),
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
    /// Every move sound, but the line stops (after this ply) before the goal is decided.
    Incomplete { ply: usize, text: String },
}

impl SolutionProblem {
    /// The problem in `lang`, the move numbered as in a book (`first` moves first).
    pub fn say(&self, lang: Lang, variant: Variant, first: Color, goal: Goal) -> String {
        let numbered = |ply: usize, text: &str| Numbered::new(first, ply, text).say(lang, variant);
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
            SolutionProblem::Incomplete { ply, text } => say!(
                lang,
                Text::SolutionIncomplete,
                text = numbered(*ply, text),
                side = words::side(lang, variant, first),
                goal = words::goal(lang, goal)
            ),
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
    let mut clock = solver::DrawClock::start(start);
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
        clock = clock.after(&m, &after);
        if position.turn() == start.turn() {
            match solver.prove_along(start, goal, &after, clock, depth(ply), limits) {
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
