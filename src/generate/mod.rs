//! New exercises on demand: positions composed to order ([`compose`](mod@compose)) and combinations found
//! in game collections ([`mine`](mod@mine)).
//!
//! Every game is served: positions, playouts and frames are of the game's board and rules, and
//! the proofs are those of its solver ([`Game`]); exercises come out as [`VariantSolution`]s.
//!
//! Nothing leaves this module unproven. A candidate position becomes an exercise only when
//! - it looks like play ([`looks_like_play`]): balanced material, kings only in thin
//!   positions, no men stranded deep in a full enemy camp;
//! - the side to move has no capture (the exercise starts in a quiet position);
//! - the solver proves the goal, the key move is unique, and the main line shows the motif asked
//!   for - all of this checked again with the solver's default horizon, the one `validate` uses,
//!   and the written solution replayed move by move as `validate` does;
//! - it can be practised: its practice page's proof tree ([`practice::tree`](crate::practice::tree))
//!   has at most [`DEFAULT_MAX_TURNS`] turns of the solving side, so that `practice` takes it
//!   with its defaults ([`Proof::max_tree`]);
//! - it is new: a position and its colour mirror ([`Position::mirrored`]) are one exercise.
//!
//! ```
//! use damtutor::generate::{self, Target};
//! use damtutor::solver::{Goal, Solver};
//! use damtutor::Variant;
//!
//! // A Turkish strike: 43-38 forces the king to take four men and stop on 32, where 28x37
//! // takes it.
//! let position: damtutor::Position<damtutor::International> = "W:W11,23,27,28,43:BK47".parse().unwrap();
//! assert!(generate::looks_like_play(&position));
//! let proof = generate::Proof::default();
//! let mut solver = Solver::new();
//! let found = generate::prove(&mut solver, &position, Target::TurkishStrike, &proof)
//!     .expect("a sound Turkish strike");
//! assert_eq!(found.goal, Goal::Win);
//! assert_eq!(found.solution_text(), "43-38 47x32 28x37");
//!
//! // Composing: the same seed gives the same exercises.
//! let options = generate::ComposeOptions::new(Target::KingTrap, 2, 7);
//! let first = generate::compose(&options, &generate::Stop::default(), |_| {});
//! let again = generate::compose(&options, &generate::Stop::default(), |_| {});
//! let fens = |r: &generate::ComposeReport| {
//!     r.exercises.iter().map(|c| c.proven.solution.position().to_string()).collect::<Vec<_>>()
//! };
//! assert_eq!(fens(&first).len(), 2);
//! assert_eq!(fens(&first), fens(&again));
//!
//! // The same for the 64-square game: its own board, men and rules.
//! let options = generate::ComposeOptions::new(Target::Shot, 1, 7).in_game(Variant::Brazilian);
//! let report = generate::compose(&options, &generate::Stop::default(), |_| {});
//! assert_eq!(report.exercises[0].proven.solution.variant(), Variant::Brazilian);
//! ```

pub mod compose;
pub mod mine;

pub use compose::{compose, ComposeOptions, ComposeReport};
pub use mine::{mine, MineOptions, MineReport, Mined};

use crate::exercise::{Bilingual, Exercise, ExerciseSet, Scoring};
use crate::practice::{tree, DEFAULT_MAX_TURNS};
use crate::solver::{self, Goal, Keys, Limits, Motif, Solution, Solver, SolverSlot, Status};
use crate::solver::{king_value, Uniqueness, VariantSolution};
use crate::square::Color;
use crate::words::Lang;
use crate::{Variant, VariantPosition};
use damtutor_rules::{Position, Rules};
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The kind of exercise asked for (`--motif` on the command line).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, clap::ValueEnum)]
pub enum Target {
    /// A capture that stops on pieces it already took, and is taken back at once
    /// ([`Motif::TurkishStrike`]).
    #[value(name = "turkish_strike", alias = "turkish-strike")]
    TurkishStrike,
    /// A man forces its way to the king row ([`Motif::Breakthrough`]).
    Breakthrough,
    /// The opponent is sent to king and the new king is caught ([`Motif::KingTrap`]).
    #[value(name = "king_trap", alias = "king-trap")]
    KingTrap,
    /// A combination: a sacrifice that wins material or the game ([`Motif::Sacrifice`]).
    Shot,
    /// Any proven win or gain.
    Any,
}

impl Target {
    /// Every target, in the order of the command line's help.
    pub const ALL: [Target; 5] = [
        Target::TurkishStrike,
        Target::Breakthrough,
        Target::KingTrap,
        Target::Shot,
        Target::Any,
    ];

    /// The name used on the command line: `turkish_strike`, `breakthrough`, `king_trap`,
    /// `shot` or `any`.
    pub const fn key(self) -> &'static str {
        match self {
            Target::TurkishStrike => "turkish_strike",
            Target::Breakthrough => "breakthrough",
            Target::KingTrap => "king_trap",
            Target::Shot => "shot",
            Target::Any => "any",
        }
    }

    /// A short prefix for exercise ids.
    pub const fn prefix(self) -> &'static str {
        match self {
            Target::TurkishStrike => "ts",
            Target::Breakthrough => "bt",
            Target::KingTrap => "kt",
            Target::Shot => "shot",
            Target::Any => "ex",
        }
    }

    /// The motif a solution must show, if any.
    pub const fn motif(self) -> Option<Motif> {
        match self {
            Target::TurkishStrike => Some(Motif::TurkishStrike),
            Target::Breakthrough => Some(Motif::Breakthrough),
            Target::KingTrap => Some(Motif::KingTrap),
            Target::Shot => Some(Motif::Sacrifice),
            Target::Any => None,
        }
    }

    /// Whether exercises of this target exist in `variant`. A Turkish strike needs a capture
    /// stopped by the pieces it took, which stay on the board until it ends: a flying king can
    /// meet them again, an english king, stepping one square at a time, never can (its landing
    /// squares and the squares it jumps lie on different rows and columns, two by two).
    pub fn exists_in(self, variant: Variant) -> bool {
        self != Target::TurkishStrike || variant.rules().flying_kings
    }

    /// The goal first searched for: a king for a breakthrough, a gain of a man otherwise.
    pub const fn first_goal(self) -> Goal {
        match self {
            Target::Breakthrough => Goal::King,
            _ => Goal::Material(1),
        }
    }

    /// Whether a solution shows what this target asks for.
    pub fn shown_by<R: Rules>(self, solution: &Solution<R>) -> bool {
        match self.motif() {
            Some(motif) => solution.motifs.contains(&motif),
            None => true,
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Target {
    type Err = String;

    /// Reads `turkish_strike`, `breakthrough`, `king_trap`, `shot` or `any` (also with `-`).
    fn from_str(text: &str) -> Result<Target, String> {
        let wanted = text.trim().to_ascii_lowercase().replace('-', "_");
        Target::ALL
            .into_iter()
            .find(|t| t.key() == wanted)
            .ok_or_else(|| {
                format!(
                    "'{text}' is not a motif to generate: use {}",
                    Target::ALL.map(Target::key).join(", ")
                )
            })
    }
}

/// Reads `MIN..MAX` (also `MIN..=MAX`, `MIN-MAX` or a single number) as an inclusive range.
///
/// ```
/// use damtutor::generate::parse_range;
/// assert_eq!(parse_range("3..9"), Ok(3..=9));
/// assert_eq!(parse_range("5"), Ok(5..=5));
/// assert!(parse_range("9..3").is_err());
/// ```
pub fn parse_range(text: &str) -> Result<RangeInclusive<u32>, String> {
    let text = text.trim();
    let (low, high) = match text.split_once("..") {
        Some((low, high)) => (low, high.strip_prefix('=').unwrap_or(high)),
        None => text.split_once('-').unwrap_or((text, text)),
    };
    let number = |part: &str| {
        part.trim()
            .parse::<u32>()
            .map_err(|_| format!("'{text}' is not a range such as 3..9"))
    };
    let (low, high) = (number(low)?, number(high)?);
    if low > high {
        return Err(format!(
            "'{text}': the first number is larger than the second"
        ));
    }
    Ok(low..=high)
}

/// How hard the solver works on one candidate, and what a kept exercise must satisfy.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The length of the main line, in plies (forced captures included).
    pub plies: RangeInclusive<u32>,
    /// The horizon of the search, in plies (a forced capture is free, so lines may be longer).
    pub horizon: u32,
    /// The node budget of the first, cheap proof of a candidate.
    pub nodes: u64,
    /// The node budget of the checks a kept candidate passes afterwards.
    pub verify_nodes: u64,
    /// The level (1-6) asked for.
    pub level: Option<u8>,
    /// The least net gain, in men (a king counting [`king_value`]), for material goals.
    pub min_gain: u32,
    /// The most turns of the solving side the exercise's practice tree may have (`practice`'s
    /// default, [`DEFAULT_MAX_TURNS`]): a position whose every defence cannot be shown on a
    /// practice page is not kept. `None`: no limit (the tree is not built).
    pub max_tree: Option<usize>,
}

impl Default for Proof {
    fn default() -> Proof {
        Proof {
            plies: 1..=40,
            horizon: 9,
            nodes: 20_000,
            verify_nodes: 3_000_000,
            level: None,
            min_gain: 1,
            max_tree: Some(DEFAULT_MAX_TURNS),
        }
    }
}

impl Proof {
    /// The limits of the first proof: no clock, so that the outcome depends on the position
    /// alone.
    fn search_limits(&self) -> Limits {
        Limits {
            max_plies: self.horizon.clamp(1, 40),
            max_nodes: self.nodes,
            time_limit: NO_CLOCK,
        }
    }

    /// The limits of the final checks: the horizon of `validate` (the solver's default), so that
    /// the key moves counted are the ones `validate` counts.
    fn verify_limits(&self) -> Limits {
        Limits {
            max_plies: Limits::default().max_plies.max(self.horizon),
            max_nodes: self.verify_nodes,
            time_limit: NO_CLOCK,
        }
    }
}

/// The horizon of the first, quick search of a candidate. Forced captures are free, so most
/// combinations are found within it; most positions without one are refuted within it cheaply.
const QUICK_PLIES: u32 = 5;

/// A time limit long enough never to matter: searches end on their node budget, which makes
/// them repeatable.
const NO_CLOCK: Duration = Duration::from_secs(3600);

/// The games exercises are made for: each has a solver per thread ([`SolverSlot`]), and its
/// solutions become [`VariantSolution`]s. Every [`Rules`] type of the four games is one.
pub trait Game: SolverSlot {
    /// `solution` as a solution of a game chosen at run time.
    fn wrap(solution: Solution<Self>) -> VariantSolution;
}

impl<R: SolverSlot> Game for R
where
    VariantSolution: From<Solution<R>>,
{
    fn wrap(solution: Solution<R>) -> VariantSolution {
        solution.into()
    }
}

/// A proven exercise position: the goal written into the file and the solver's solution.
#[derive(Clone, Debug)]
pub struct Proven {
    /// The goal written into the exercise.
    pub goal: Goal,
    /// The solver's solution for that goal, with the horizon `validate` uses, in its game.
    pub solution: VariantSolution,
}

impl Proven {
    /// The main line in the game's notation, as an exercise's `solution`.
    pub fn solution_text(&self) -> String {
        self.solution.line_texts().join(" ")
    }

    /// The estimated level (1-6).
    pub fn level(&self) -> Option<u8> {
        self.solution.difficulty().map(|d| d.level)
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.solution.variant()
    }

    /// An exercise with this position (of its game), goal, computed motifs, level and solution.
    pub fn exercise(&self, id: String) -> Exercise {
        Exercise {
            id,
            position: self.solution.position(),
            goal: self.goal,
            title: Bilingual::default(),
            hint: Bilingual::default(),
            comment: Bilingual::default(),
            motifs: self.solution.motifs().to_vec(),
            difficulty: self.level(),
            source: Bilingual::default(),
            solution: Some(self.solution_text()),
            line: None,
        }
    }
}

/// Whether the side to move could have a move that forces the opponent to capture: a quiet
/// move after which the opponent must take. Every sacrifice starts that way; this costs one
/// move generation per legal move, far less than a proof.
pub fn has_sacrifice<R: Rules>(position: &Position<R>) -> bool {
    if position.has_capture() {
        return false;
    }
    position
        .legal_moves()
        .iter()
        .any(|m| position.play_unchecked(m).has_capture())
}

/// Proves that the side to move in `position` can force what `target` asks for, and checks the
/// exercise it would make: a quiet start, a unique key, the motif, the line length and level of
/// `proof`, and the written solution replayed as `validate` replays it. The goal is the best
/// proven: a win, else the largest gain of material (a king for a breakthrough that wins no
/// material). `None` when any of this fails or a node budget runs out.
///
/// The solver's table is kept from earlier calls ([`Solver::solve_warm`]): the answers are
/// the same, but a node budget goes further where earlier positions shared lines with this one.
/// For a result that depends on `position` alone, call [`Solver::clear_table`] first.
pub fn prove<R: Game>(
    solver: &mut Solver<R>,
    position: &Position<R>,
    target: Target,
    proof: &Proof,
) -> Option<Proven> {
    let (goal, solution) = prove_solution(solver, position, target, proof)?;
    Some(Proven {
        goal,
        solution: R::wrap(solution),
    })
}

/// [`prove`], with the goal and the solution in the position's own game.
pub fn prove_solution<R: Rules>(
    solver: &mut Solver<R>,
    position: &Position<R>,
    target: Target,
    proof: &Proof,
) -> Option<(Goal, Solution<R>)> {
    // Only unique keys are kept: the solver may stop at the second key move it finds.
    let keys = solver.keys();
    solver.set_keys(Keys::UntilSecond);
    let proven = prove_with(solver, position, target, proof);
    solver.set_keys(keys);
    let (goal, solution) = proven?;
    // The exercise is the best goal that passes the checks; a position whose exercise cannot be
    // practised is not kept. A smaller goal is not tried: building a tree that outgrows the
    // limit is the dearest check of all. The tree is built as `practice` builds it, with the
    // solver's own key setting.
    if let Some(max_turns) = proof.max_tree {
        let text = solution.line_texts().join(" ");
        practicable(solver, &solution, &text, max_turns).then_some(())?;
    }
    Some((goal, solution))
}

/// [`prove`], with the solver listing key moves up to the second.
fn prove_with<R: Rules>(
    solver: &mut Solver<R>,
    position: &Position<R>,
    target: Target,
    proof: &Proof,
) -> Option<(Goal, Solution<R>)> {
    if position.has_capture() || !position.has_legal_move() {
        return None;
    }
    let first_goal = match target.first_goal() {
        Goal::Material(_) => Goal::Material(proof.min_gain.max(1)),
        goal => goal,
    };
    // A quick search first; a deeper one only where the quick one saw every line and found
    // nothing (where it ran out of nodes, the deeper one would too).
    let mut search = proof.search_limits();
    let quick = Limits {
        max_plies: search.max_plies.min(QUICK_PLIES),
        ..search
    };
    let mut first = solver.solve_warm(position, first_goal, quick);
    if first.status == Status::None && search.max_plies > quick.max_plies {
        first = solver.solve_warm(position, first_goal, search);
    } else {
        search = quick;
    }
    if !first.is_solved() || !target.shown_by(&first) {
        return None;
    }
    // The goals the position allows, best first, proven with the cheap limits; the first that
    // passes the checks is written. A win or a larger gain may need a line longer than asked
    // for, or have a second key move, where the smaller goal does not.
    // When several moves reach the first goal, only a larger one can have a unique key (a win,
    // where the other moves merely crown a man).
    let verify = proof.verify_limits();
    goal_ladder(solver, position, first_goal, &first, search)
        .into_iter()
        .filter(|goal| first.uniqueness != Uniqueness::NotUnique || *goal != first_goal)
        .find_map(|goal| check(solver, position, target, goal, proof, verify))
}

/// Solves `position` for `goal` with the horizon `validate` uses and checks the exercise it
/// makes: a unique key, the motif, the line length and level asked for, and the written
/// solution replayed as `validate` replays it - each of the solving side's moves must keep the
/// goal forced within the rest of the line and six plies more.
fn check<R: Rules>(
    solver: &mut Solver<R>,
    position: &Position<R>,
    target: Target,
    goal: Goal,
    proof: &Proof,
    verify: Limits,
) -> Option<(Goal, Solution<R>)> {
    let solution = solver.solve_warm(position, goal, verify);
    let length = solution.line.len() as u32;
    if !solution.is_solved()
        || !solution.single_key()
        || !target.shown_by(&solution)
        || !proof.plies.contains(&length)
        || proof
            .level
            .is_some_and(|level| solution.difficulty.map(|d| d.level) != Some(level))
    {
        return None;
    }
    let text = solution.line_texts().join(" ");
    let plies = solution.plies;
    let depth = |played: usize| (plies.saturating_sub(played) as u32 + 6).min(verify.max_plies);
    crate::verify::check_line_text(solver, position, goal, &text, depth, verify).ok()?;
    Some((goal, solution))
}

/// Whether the practice tree of `solution` (with its written line `text` as the book line) has
/// at most `max_turns` turns of the solving side, built with `practice`'s default limits but
/// no clock (so that the answer depends on the position alone). The tree recurses as deep as
/// its longest line, on a thread with the stack `practice` gives it.
pub(crate) fn practicable<R: Rules>(
    solver: &mut Solver<R>,
    solution: &Solution<R>,
    text: &str,
    max_turns: usize,
) -> bool {
    let limits = Limits {
        time_limit: NO_CLOCK,
        ..Limits::default()
    };
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(TREE_STACK)
            .spawn_scoped(scope, || {
                tree::build_within(
                    solver,
                    solution,
                    Some(text),
                    limits,
                    max_turns,
                    Some(PRACTICE_NODES),
                )
                .is_ok()
            })
            .is_ok_and(|thread| thread.join().unwrap_or(false))
    })
}

/// The most nodes the solver may search to build a kept exercise's practice tree (about a
/// second of work): a position whose page would take longer to make is not kept either, and
/// trees that outgrow the limit of turns are found out at this cost, not at that of building
/// them to the limit.
const PRACTICE_NODES: u64 = 8_000_000;

/// The stack of the thread a practice tree is built on (as `practice` builds it).
const TREE_STACK: usize = 64 << 20;

/// The goals worth writing for a position where `first` is proven (with `solution`), best
/// first: a win, when the line leaves the defender almost nothing and it can be proven; then
/// the material gains from the largest proven down; then `first`.
fn goal_ladder<R: Rules>(
    solver: &mut Solver<R>,
    position: &Position<R>,
    first: Goal,
    solution: &Solution<R>,
    limits: Limits,
) -> Vec<Goal> {
    let side = position.turn();
    let mut ladder = vec![first];
    // Try the gain the main line shows and one man more, while they hold.
    let start = solver::balance(position, side);
    let king = king_value::<R>();
    let end = solution.material_after.get(side).value(king)
        - solution.material_after.get(side.other()).value(king);
    let shown = (end - start).max(1) as u32;
    let mut n = match first {
        Goal::Material(n) => n,
        _ => 0,
    };
    while n <= shown {
        n += 1;
        if !solver
            .solve_warm(position, Goal::Material(n), limits)
            .is_solved()
        {
            break;
        }
        ladder.push(Goal::Material(n));
    }
    if solution.material_after.get(side.other()).pieces() <= 3
        && solver.solve_warm(position, Goal::Win, limits).is_solved()
    {
        ladder.push(Goal::Win);
    }
    ladder.reverse();
    ladder
}

/// Whether a position looks like one from a game, as far as a glance can tell:
/// - material is balanced: the two sides' values (a king counting [`king_value`] men) differ by
///   at most one man, or two when there are kings;
/// - kings only in thin positions: at most two on the board, and only when each side has at
///   most three fifths of the men it starts with (12 of 20 on 10x10, 7 of 12 on 8x8);
/// - no men stranded in a full camp: while the opponent has that many pieces or more, at most
///   one man of a side stands on the two rows before its promotion row (a full camp leaves no
///   road in).
///
/// Positions reached by play from the start pass the last test by construction; composed ones
/// are held to it.
pub fn looks_like_play<R: Rules>(position: &Position<R>) -> bool {
    let material = position.material();
    let king = king_value::<R>();
    let kings = material.white.kings + material.black.kings;
    let difference = (material.white.value(king) - material.black.value(king)).abs();
    if difference > if kings > 0 { 2 } else { 1 } {
        return false;
    }
    let thin = thin_side::<R>();
    if kings > 2
        || (kings > 0 && (material.white.pieces() > thin || material.black.pieces() > thin))
    {
        return false;
    }
    let board = R::RULES.board;
    let last = board.size() - 1;
    for color in Color::ALL {
        let opponent = material.get(color.other()).pieces();
        let deep = position
            .men(color)
            .iter()
            .filter(|&square| match color {
                Color::White => board.row(square) <= 2,
                Color::Black => board.row(square) >= last - 2,
            })
            .count();
        if opponent >= thin && deep > 1 {
            return false;
        }
    }
    true
}

/// The pieces of a side in a thin position: three fifths of the men it starts with.
fn thin_side<R: Rules>() -> u32 {
    u32::from(R::RULES.men) * 3 / 5
}

/// A 64-bit key for a position that its colour mirror shares: the smaller of the two Zobrist
/// keys, told apart by game. Two exercises with the same key are the same exercise (but for a
/// chance of about one in 2^64 per pair); it takes 8 bytes to remember, where [`canonical`]
/// takes a FEN string.
pub fn canonical_key(position: &VariantPosition) -> u64 {
    let key =
        damtutor_rules::with_position!(position, p => p.hash_key().min(p.mirrored().hash_key()));
    // The same pieces on the same squares are another exercise in another game.
    key ^ (position.variant() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A name for a position that its colour mirror shares: the smaller of the two FEN strings.
/// Two exercises of one game with the same name are the same exercise.
pub fn canonical(position: &VariantPosition) -> String {
    let own = position.to_string();
    let mirror = position.mirrored().to_string();
    own.min(mirror)
}

/// When a long run stops early: a deadline, and a flag another thread (or a signal handler of
/// the embedding program) may raise.
#[derive(Debug, Default)]
pub struct Stop {
    /// Stop starting new work after this instant.
    pub deadline: Option<Instant>,
    /// Stop starting new work once this is set.
    pub flag: AtomicBool,
}

impl Stop {
    /// A stop at `limit` from now (none when `limit` is `None`).
    pub fn after(limit: Option<Duration>) -> Stop {
        Stop {
            deadline: limit.map(|l| Instant::now() + l),
            flag: AtomicBool::new(false),
        }
    }

    /// Asks the run to stop.
    pub fn raise(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether the run should stop.
    pub fn reached(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// An exercise set in English around `exercises` (its title in both languages when given so),
/// with the default scoring.
pub fn exercise_set(
    title: Bilingual,
    description: Option<String>,
    exercises: Vec<Exercise>,
) -> ExerciseSet {
    ExerciseSet {
        source_name: String::new(),
        title,
        subtitle: Bilingual::default(),
        author: None,
        language: Lang::English,
        variant: exercises
            .first()
            .map_or(Variant::International, Exercise::variant),
        level: None,
        description: description
            .map_or_else(Bilingual::default, |d| Bilingual::new(Lang::English, d)),
        scoring: Scoring::default(),
        exercises,
    }
}

#[cfg(test)]
mod tests {
    use super::compose::default_plies;
    use super::*;

    /// A Russian combination the solver proves with a unique key (a5-b6 ... c1:h6, a level-6
    /// shot of the first course), whose practice tree outgrows `practice`'s default limit: kept
    /// only when the limit is lifted.
    #[test]
    fn a_position_whose_practice_tree_is_too_large_is_not_kept() {
        let position: Position<crate::Russian> =
            "W:Wa5,b4,c3,g5,h2,h4,h6:Bd2,Ke1,e7,f8,h8".parse().unwrap();
        let proof = Proof {
            plies: default_plies(Target::Shot),
            horizon: *default_plies(Target::Shot).end(),
            ..Proof::default()
        };
        let mut solver = Solver::new();
        assert!(prove_solution(&mut solver, &position, Target::Shot, &proof).is_none());
        let unlimited = Proof {
            max_tree: None,
            ..proof
        };
        let (goal, solution) =
            prove_solution(&mut solver, &position, Target::Shot, &unlimited).expect("proven");
        assert_eq!(goal, Goal::Material(1));
        assert!(solution.single_key());
        let text = solution.line_texts().join(" ");
        assert!(!practicable(
            &mut solver,
            &solution,
            &text,
            DEFAULT_MAX_TURNS
        ));
    }
}
