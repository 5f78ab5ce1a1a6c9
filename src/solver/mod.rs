//! The puzzle solver: proves that the side to move can force a goal, and explains how.
//!
//! The search is an exact AND/OR proof: at the solver's moves one move must reach the goal, at
//! the defender's moves every reply must be refuted. Nothing is estimated - a line is reported as
//! winning only when every defender reply was examined. It uses iterative deepening on the
//! number of plies, a transposition table keyed by Zobrist hashes, forcing moves first, and a
//! free ply for a forced capture (a side whose only legal move is a capture), which keeps long
//! combinations within a small horizon while material shrinks, so it always ends.
//!
//! The solver is generic over the game ([`Rules`]): a [`Solver<R>`](Solver) solves positions of
//! one game, and [`with_thread_solver`] hands out one per thread and game.
//!
//! Goals (checked at every node; a won game satisfies every goal):
//! - [`Goal::Win`]: the defender is to move and has no piece or no legal move.
//! - [`Goal::Material`]: a net gain of at least N (man 1, king 3 - 2 in english checkers, whose
//!   kings step one square) against the start, in a quiet position (the side to move has no
//!   capture), so that a gain about to be given back does not count.
//! - [`Goal::King`]: a new king of the solver's side in a quiet position, with no net loss.
//! - [`Goal::Auto`]: the best of these that can be proven: a win, else the largest material
//!   gain, else a kept king.

mod difficulty;
mod motifs;
pub mod report;
mod search;
mod tree;
mod variant;

pub use difficulty::Difficulty;
pub use motifs::Motif;
pub use tree::{Reply, TreeNode};
pub use variant::{solve_all_variants, solve_variant, VariantSolution};

use crate::square::{ByColor, Color};
use damtutor_rules::{
    Brazilian, English, International, Material, Move, Position, Rules, Russian, Variant,
};
use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// What the side to move has to force.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Goal {
    /// The opponent ends with no piece or no legal move.
    Win,
    /// A net gain of at least this many men (a king counting [`king_value`]).
    Material(u32),
    /// Promote a man and keep the king.
    King,
    /// The best of the above that can be proven.
    Auto,
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Win => f.write_str("win"),
            Goal::Material(n) => write!(f, "material:{n}"),
            Goal::King => f.write_str("king"),
            Goal::Auto => f.write_str("auto"),
        }
    }
}

impl Goal {
    /// The largest material goal: no board holds more (20 men a side, each worth at most a
    /// king's 3).
    pub const MAX_MATERIAL: u32 = 60;

    /// `material:n`, for `n` from 1 to [`MAX_MATERIAL`](Goal::MAX_MATERIAL).
    ///
    /// ```
    /// use damtutor::solver::Goal;
    /// assert_eq!(Goal::material(2), Ok(Goal::Material(2)));
    /// assert!(Goal::material(2147483648).is_err());
    /// assert!("material:0".parse::<Goal>().is_err());
    /// ```
    pub fn material(n: u64) -> Result<Goal, String> {
        match u32::try_from(n) {
            Ok(n) if (1..=Goal::MAX_MATERIAL).contains(&n) => Ok(Goal::Material(n)),
            _ => Err(format!(
                "material:{n}: the gain must be a whole number from 1 to {}, as in material:2",
                Goal::MAX_MATERIAL
            )),
        }
    }
}

impl FromStr for Goal {
    type Err = String;

    fn from_str(text: &str) -> Result<Goal, String> {
        match text.trim() {
            "win" => Ok(Goal::Win),
            "king" => Ok(Goal::King),
            "auto" => Ok(Goal::Auto),
            other => match other.strip_prefix("material:") {
                Some(n) => match n.trim().parse::<u64>() {
                    Ok(n) => Goal::material(n),
                    _ => Err(format!(
                        "'{other}': material needs a whole number from 1 to {}, as in material:2",
                        Goal::MAX_MATERIAL
                    )),
                },
                None => Err(format!(
                    "'{other}' is not a goal: use win, material:N, king or auto"
                )),
            },
        }
    }
}

/// A goal in a file is its text (`win`, `material:2`, `king`, `auto`).
impl serde::Serialize for Goal {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Goal {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Goal, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// How far the solver may look.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// The longest line considered, in plies (forced captures are free).
    pub max_plies: u32,
    /// Stop after this many nodes.
    pub max_nodes: u64,
    /// Stop after this long.
    pub time_limit: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_plies: 21,
            max_nodes: 20_000_000,
            time_limit: Duration::from_secs(10),
        }
    }
}

/// The verdict.
#[derive(Copy, Clone, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The game itself is won.
    Win,
    /// The goal (material or a kept king) is won.
    Goal,
    /// No forced goal exists within the horizon (every line was examined).
    None,
    /// A node or time limit was hit before an answer: nothing is claimed.
    Unknown,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Win => "win",
            Status::Goal => "goal",
            Status::None => "none",
            Status::Unknown => "unknown",
        })
    }
}

/// Everything the solver found out about a position of the game `R`.
#[derive(Clone, Debug)]
pub struct Solution<R: Rules = International> {
    /// The position solved.
    pub position: Position<R>,
    pub status: Status,
    /// The goal that was proven (for `Auto`, the one chosen), or the one asked for.
    pub goal: Goal,
    /// Every first move that forces the goal within the horizon.
    pub key_moves: Vec<Move<R>>,
    /// The main line: best play by both sides.
    pub line: Vec<Move<R>>,
    /// The solution tree: the key move, every defender reply and the answer to each.
    pub tree: Option<TreeNode<R>>,
    pub material_before: ByColor<Material>,
    pub material_after: ByColor<Material>,
    /// Length of the main line in plies.
    pub plies: usize,
    pub motifs: Vec<Motif>,
    pub difficulty: Option<Difficulty>,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl<R: Rules> Solution<R> {
    /// Whether a goal was proven.
    pub fn is_solved(&self) -> bool {
        matches!(self.status, Status::Win | Status::Goal)
    }

    /// Whether exactly one first move wins.
    pub fn unique(&self) -> bool {
        self.key_moves.len() == 1
    }

    /// The main line in notation, each move written in its own position.
    pub fn line_texts(&self) -> Vec<String> {
        line_texts(&self.position, &self.line)
    }

    /// The key moves in notation.
    pub fn key_texts(&self) -> Vec<String> {
        let legal = self.position.legal_moves();
        self.key_moves
            .iter()
            .map(|m| self.position.move_text_in(m, &legal))
            .collect()
    }

    /// The annotated line: `1. 32-27! 26x37 2. 39-34 30x39 ...`, with `!` on a unique key.
    pub fn annotated(&self) -> String {
        annotate(&self.position, &self.line, self.unique())
    }
}

/// Each move of `line` written in the position it is played in.
pub fn line_texts<R: Rules>(start: &Position<R>, line: &[Move<R>]) -> Vec<String> {
    let mut position = *start;
    let mut texts = Vec::with_capacity(line.len());
    for m in line {
        texts.push(position.move_text(m));
        position = position.play_unchecked(m);
    }
    texts
}

/// Numbered notation of a line from `start`; `!` after the first move when `mark_key`.
pub fn annotate<R: Rules>(start: &Position<R>, line: &[Move<R>], mark_key: bool) -> String {
    let texts = line_texts(start, line);
    let mut out = String::new();
    let mut number = 1;
    let mut white_to_move = start.turn() == Color::White;
    for (i, text) in texts.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        if white_to_move {
            out.push_str(&format!("{number}. "));
        } else if i == 0 {
            out.push_str(&format!("{number}... "));
        }
        out.push_str(text);
        if i == 0 && mark_key {
            out.push('!');
        }
        if !white_to_move {
            number += 1;
        }
        white_to_move = !white_to_move;
    }
    out
}

/// The search gave up: a node or time limit.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Aborted;

/// Which key moves a [`Solution`] lists.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Keys {
    /// Every first move that forces the goal.
    All,
    /// The first two found, in the order of generation: enough to tell whether the key is
    /// unique ([`Solution::unique`]), which is all a generator needs.
    UntilSecond,
}

/// A reusable solver: owns the transposition table.
///
/// ```
/// use damtutor::solver::{Goal, Limits, Solver, Status};
/// use damtutor::{Position, Russian};
/// let position: Position = "W:W11,23,27,28,43:BK47".parse().unwrap();
/// let solution = Solver::new().solve(&position, Goal::Auto, Limits::default());
/// assert_eq!(solution.status, Status::Win);
/// assert_eq!(solution.line_texts(), ["43-38", "47x32", "28x37"]);
/// // The same solver for another game: its positions and moves are of that game.
/// let russian: damtutor_rules::Position<Russian> = "W:Wb6:Bc7,f6".parse().unwrap();
/// let solution = Solver::new().solve(&russian, Goal::Win, Limits::default());
/// assert_eq!(solution.key_texts(), ["b6:g5", "b6:h4"]);
/// ```
pub struct Solver<R: Rules = International> {
    table: Vec<search::Entry>,
    /// The search's move buffers, one per ply.
    plies: search::Plies<R>,
    generation: u32,
    nodes: u64,
    node_limit: u64,
    deadline: Instant,
    /// The search's fixed context: who solves, the goal, the balance and kings at the start.
    attacker: Color,
    goal: Goal,
    start_balance: i32,
    start_kings: u32,
    /// How many key moves a solution lists.
    keys: Keys,
    /// The verdict of a node that ended at its move generation (see `search::generate`).
    reached_here: bool,
    /// Mixed into table keys: each search context (goal, solving side, its balance and kings at
    /// the start) has its own entries, so entries of any context may stay side by side.
    goal_salt: u64,
}

impl<R: Rules> Default for Solver<R> {
    fn default() -> Solver<R> {
        Solver::new()
    }
}

impl<R: Rules> Solver<R> {
    /// A solver with a 4 MiB transposition table.
    pub fn new() -> Solver<R> {
        Solver {
            table: search::new_table(),
            plies: search::Plies::new(),
            generation: 0,
            nodes: 0,
            node_limit: 0,
            deadline: Instant::now(),
            attacker: Color::White,
            goal: Goal::Win,
            start_balance: 0,
            start_kings: 0,
            goal_salt: 0,
            keys: Keys::All,
            reached_here: false,
        }
    }

    /// Which key moves the next solutions list (all, the default).
    pub fn keys(&self) -> Keys {
        self.keys
    }

    /// Sets which key moves the next solutions list: [`Keys::UntilSecond`] for a caller that
    /// only wants to know whether the key is unique saves refuting the remaining first moves.
    pub fn set_keys(&mut self, keys: Keys) {
        self.keys = keys;
    }

    /// Forgets every table entry, in constant time.
    pub fn clear_table(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Solves `position` for the side to move, from an empty table: the answer, node count
    /// included, depends on the position, goal and limits alone. See
    /// [`solve_warm`](Solver::solve_warm) for a series of searches.
    pub fn solve(&mut self, position: &Position<R>, goal: Goal, limits: Limits) -> Solution<R> {
        self.clear_table();
        self.solve_warm(position, goal, limits)
    }

    /// Solves `position` for the side to move, keeping what earlier searches proved since the
    /// last [`clear_table`](Solver::clear_table). Every table entry is exact whatever search
    /// wrote it (its key holds the position, the goal and the material it was counted against),
    /// so the answer is the one [`solve`](Solver::solve) gives - only faster when earlier
    /// searches looked at the same positions, and so more often within a node budget.
    pub fn solve_warm(
        &mut self,
        position: &Position<R>,
        goal: Goal,
        limits: Limits,
    ) -> Solution<R> {
        let started = Instant::now();
        self.nodes = 0;
        self.node_limit = limits.max_nodes;
        self.deadline = started + limits.time_limit;
        let mut solution = Solution {
            position: *position,
            status: Status::None,
            goal,
            key_moves: Vec::new(),
            line: Vec::new(),
            tree: None,
            material_before: position.material(),
            material_after: position.material(),
            plies: 0,
            motifs: Vec::new(),
            difficulty: None,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        let result = match goal {
            Goal::Auto => self.solve_auto(position, limits, &mut solution),
            goal => self.solve_goal(position, goal, limits, &mut solution),
        };
        if result.is_err() {
            solution.status = Status::Unknown;
            solution.key_moves.clear();
            solution.line.clear();
            solution.tree = None;
        }
        if solution.is_solved() {
            let end = solution
                .line
                .iter()
                .fold(*position, |p, m| p.play_unchecked(m));
            solution.material_after = end.material();
            solution.plies = solution.line.len();
            solution.motifs = motifs::detect(&solution);
            solution.difficulty = Some(Difficulty::estimate(&solution));
        }
        solution.nodes = self.nodes;
        solution.elapsed = started.elapsed();
        solution
    }

    /// `Auto`: deepen once for all goals together, so that the first (shortest) goal found
    /// ends the costly part of the search; then try to improve on it a few plies further: a
    /// win beats any material gain, a larger gain beats a smaller one, and both beat a king.
    fn solve_auto(
        &mut self,
        position: &Position<R>,
        limits: Limits,
        solution: &mut Solution<R>,
    ) -> Result<(), Aborted> {
        let mut root = *position;
        let mut found = None;
        'deepen: for depth in 0..=limits.max_plies {
            for goal in [Goal::Win, Goal::Material(1), Goal::King] {
                self.begin(position, goal);
                if self.prove(&mut root, depth)? {
                    found = Some((goal, depth));
                    break 'deepen;
                }
            }
        }
        let Some((mut best, depth)) = found else {
            solution.goal = Goal::Auto;
            solution.status = Status::None;
            return Ok(());
        };
        let horizon = limits.max_plies.min(depth + 4);
        if best != Goal::Win {
            self.begin(position, Goal::Win);
            if self.prove(&mut root, horizon)? {
                best = Goal::Win;
            }
        }
        if best != Goal::Win {
            let material = position.material();
            let most = material
                .get(position.turn().other())
                .value(king_value::<R>())
                .max(0) as u32;
            for n in 1..=most {
                if best == Goal::Material(n) {
                    continue;
                }
                self.begin(position, Goal::Material(n));
                if !self.prove(&mut root, horizon)? {
                    break;
                }
                best = Goal::Material(n);
            }
        }
        self.solve_goal(position, best, limits, solution)
    }

    fn solve_goal(
        &mut self,
        position: &Position<R>,
        goal: Goal,
        limits: Limits,
        solution: &mut Solution<R>,
    ) -> Result<(), Aborted> {
        self.begin(position, goal);
        solution.goal = goal;
        solution.status = Status::None;
        let mut root = *position;
        let Some(depth) = self.distance(&mut root, limits.max_plies)? else {
            return Ok(());
        };
        solution.status = if goal == Goal::Win {
            Status::Win
        } else {
            Status::Goal
        };
        // Key moves: every first move that still wins, allowing a few plies more than the
        // shortest win so that a slower alternative also counts against uniqueness.
        let horizon = limits.max_plies.min(depth + 4).max(depth);
        let moves = root.legal_moves();
        let child_depth = child_depth(&moves, horizon);
        for m in &moves {
            let undo = root.make(m);
            let wins = self.prove(&mut root, child_depth)?;
            root.unmake(m, undo);
            if wins {
                solution.key_moves.push(*m);
                if self.keys == Keys::UntilSecond && solution.key_moves.len() >= 2 {
                    break;
                }
            }
        }
        let tree = self.build_tree(&mut root, depth, &mut 400)?;
        solution.line = tree.as_ref().map(TreeNode::main_line).unwrap_or_default();
        solution.tree = tree;
        Ok(())
    }

    /// Whether the side to move in `start` can still force `goal` (not `Auto`) from `position`,
    /// a position reached from `start`, within `depth` plies; `None` when a limit was hit.
    /// Material is counted against `start`. This is how given lines are checked move by move.
    pub fn prove_from(
        &mut self,
        start: &Position<R>,
        goal: Goal,
        position: &Position<R>,
        depth: u32,
        limits: Limits,
    ) -> Option<bool> {
        self.nodes = 0;
        self.node_limit = limits.max_nodes;
        self.deadline = Instant::now() + limits.time_limit;
        self.begin(start, goal);
        let mut position = *position;
        // Deepening: a win is found at its own depth, and a failure at `depth` is cheaper with
        // the shallower results in the table.
        for d in 0..=depth {
            match self.prove(&mut position, d) {
                Ok(true) => return Some(true),
                Ok(false) => {}
                Err(Aborted) => return None,
            }
        }
        Some(false)
    }

    /// Sets the goal and its reference values, and the salt that gives this context its own
    /// table entries.
    fn begin(&mut self, position: &Position<R>, goal: Goal) {
        self.attacker = position.turn();
        self.goal = goal;
        self.start_balance = balance(position, self.attacker);
        self.start_kings = position.kings(self.attacker).count() as u32;
        let goal_code: u64 = match goal {
            Goal::Win => 1,
            Goal::King => 2,
            Goal::Auto => 3,
            Goal::Material(n) => 4 + u64::from(n),
        };
        let side = match self.attacker {
            Color::White => 0,
            Color::Black => 1,
        };
        // Balance within -120..120 and kings under 64 fit their fields; the mix spreads them.
        let context = goal_code << 32
            ^ side << 31
            ^ (self.start_balance as u32 as u64 & 0xffff) << 8
            ^ u64::from(self.start_kings);
        self.goal_salt = mix(context);
    }

    /// The smallest depth (<= `max`) at which the goal is proven from `position`.
    pub(crate) fn distance(
        &mut self,
        position: &mut Position<R>,
        max: u32,
    ) -> Result<Option<u32>, Aborted> {
        for depth in 0..=max {
            if self.prove(position, depth)? {
                return Ok(Some(depth));
            }
        }
        Ok(None)
    }
}

/// The depth for the children of a node with `moves`: one less, except when the only legal
/// move is a capture (a forced capture is free; material shrinks, so this ends).
fn child_depth<R: Rules>(moves: &[Move<R>], depth: u32) -> u32 {
    if moves.len() == 1 && moves[0].is_capture() {
        depth
    } else {
        depth.saturating_sub(1)
    }
}

/// A 64-bit mix of `value` (splitmix64's finaliser): distinct contexts give unrelated salts.
fn mix(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What a king is worth in men, in the solver's material count: 3, but 2 in english checkers,
/// where a king moves one square at a time.
pub const fn king_value<R: Rules>() -> i32 {
    match R::RULES.variant {
        Variant::English => 2,
        _ => 3,
    }
}

/// Material of `color` minus the opponent's, a king counting [`king_value`].
pub fn balance<R: Rules>(position: &Position<R>, color: Color) -> i32 {
    let material = position.material();
    let king = king_value::<R>();
    material.get(color).value(king) - material.get(color.other()).value(king)
}

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
