//! The puzzle solver: proves that the side to move can force a goal, and explains how.
//!
//! The search is an exact AND/OR proof: at the solver's moves one move must reach the goal, at
//! the defender's moves every reply must be refuted. Nothing is estimated - a line is reported as
//! winning only when every defender reply was examined. It uses iterative deepening on the
//! number of plies, a transposition table keyed by Zobrist hashes, forcing moves first, and a
//! free ply for a forced capture (a side whose only legal move is a capture), which keeps long
//! combinations within a small horizon while material shrinks, so it always ends. A proof
//! respects the draw rules of the game ([`DrawClock`]): a win the endgame rules would draw is
//! not claimed (the status is unknown, with the rule as the reason).
//!
//! The solver is generic over the game ([`Rules`]): a [`Solver<R>`](Solver) solves positions of
//! one game, and [`with_thread_solver`] hands out one per thread and game.
//!
//! Goals (checked at every node; a won game satisfies every goal; see [`Goal`]):
//! - [`Goal::Win`]: the defender is to move and has no piece or no legal move.
//! - [`Goal::Material`]: a net gain of at least N (man 1, king 3 - 2 in english checkers, whose
//!   kings step one square) against the start, in a quiet position (the side to move has no
//!   capture), so that a gain about to be given back does not count; a new king counts as a
//!   king only once the crowning cannot be undone.
//! - [`Goal::King`]: a new king of the solver's side in a quiet position, with no net loss,
//!   no new king of the opponent's, and the crowning not to be undone.
//! - [`Goal::Auto`]: the strongest of these that can be proven: a win, else the largest
//!   material gain, else a kept king ([`GoalChoice`] says which and why).
//!
//! Every solution also says where its main line is *decided* ([`Solution::book_plies`]): the
//! first of the solving side's moves after which the rest needs no sacrifice and no only-move
//! (see [`Solver::settled`]) - where a book ends the line.

mod book;
mod difficulty;
mod draw;
mod goal;
mod motifs;
mod proof;
mod search;
mod shots;
mod threads;
mod tree;
mod variant;

pub use book::GivenLine;
pub use difficulty::Difficulty;
pub use draw::DrawClock;
pub use goal::{Goal, GoalChoice, HOLD_PLIES};
pub use motifs::{tag_line, Motif};
pub use proof::{unique_horizon, DeepKeys};
pub use threads::{solve_all, with_thread_solver, SolverSlot, ThreadSolvers};
pub use tree::{Reply, TreeNode};
pub use variant::{solve_all_variants, solve_variant, VariantSolution};

pub use crate::vocabulary::{Uniqueness, Unknown};
pub use damtutor_rules::DrawReason;

use crate::square::{ByColor, Color};
use damtutor_rules::{Material, Move, MoveList, Position, Rules, Variant};
use std::fmt;
use std::time::{Duration, Instant};

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

impl Limits {
    /// The nodes `auto` may spend on looking for a stronger goal than the one it proved first:
    /// 100,000 (all of `max_nodes` when that is smaller), whatever the node limit. Spent, a
    /// stronger goal is ruled out only as far as the search reached ([`GoalChoice::stopped`]);
    /// the proof stands. (Whether the key is unique is checked within the search's own limits:
    /// see [`Uniqueness`].)
    pub fn side_budget(&self) -> u64 {
        self.max_nodes.min(SIDE_NODES)
    }
}

/// See [`Limits::side_budget`].
const SIDE_NODES: u64 = 100_000;

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
    /// Nothing is claimed: a node or time limit was hit, or a draw rule stops the only wins
    /// (see [`Solution::unknown`]).
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
pub struct Solution<R: Rules> {
    /// The position solved.
    pub position: Position<R>,
    pub status: Status,
    /// Why nothing is claimed, when the status is unknown.
    pub unknown: Option<Unknown>,
    /// The goal that was proven (for `Auto`, the one chosen), or the one asked for.
    pub goal: Goal,
    /// For `Auto`: which goal was chosen, and how far the stronger ones were ruled out.
    pub choice: Option<GoalChoice>,
    /// Every first move found to force the goal within the horizon, in the order of
    /// generation.
    pub key_moves: Vec<Move<R>>,
    /// Whether the key is unique (see [`Uniqueness`]).
    pub uniqueness: Uniqueness,
    /// The plies within which no first move besides `key_moves` forces the goal: the horizon
    /// H when the check was completed ([`Uniqueness`]).
    pub unique_within: u32,
    /// The main line: best play by both sides.
    pub line: Vec<Move<R>>,
    /// The plies of `line` up to where the goal is decided: what a book writes. The rest of
    /// the line is forced play that needs no sacrifice and no only-move.
    pub book_plies: usize,
    /// The solution tree: the key move, every defender reply and the answer to each.
    pub tree: Option<TreeNode<R>>,
    pub material_before: ByColor<Material>,
    pub material_after: ByColor<Material>,
    /// Length of the main line in plies.
    pub plies: usize,
    /// The motifs of the main line ([`tag_line`]).
    pub motifs: Vec<Motif>,
    pub difficulty: Option<Difficulty>,
    /// The exercise's written solution, when it was checked and forces the goal (set by
    /// [`verify`](crate::verify), never by the solver).
    pub given: Option<GivenLine<R>>,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl<R: Rules> Solution<R> {
    /// Whether a goal was proven.
    pub fn is_solved(&self) -> bool {
        matches!(self.status, Status::Win | Status::Goal)
    }

    /// The net gain in men (a king counting [`king_value`]) the solution proves the solving
    /// side keeps, for a material goal: the goal's N, a gain that holds [`HOLD_PLIES`] plies of
    /// best play past every leaf of the proof. `None` for the other goals.
    pub fn held_gain(&self) -> Option<i32> {
        match (self.goal, self.is_solved()) {
            (Goal::Material(n), true) => Some(n as i32),
            _ => None,
        }
    }

    /// Whether the key is proven unique: no other first move forces the goal within
    /// [`unique_within`](Solution::unique_within) plies, the horizon H (the proof's depth and
    /// four plies more, at most the horizon of the limits).
    pub fn unique(&self) -> bool {
        self.uniqueness == Uniqueness::Unique
    }

    /// Whether the key is the only one a generator may print: proven unique within the horizon
    /// H ([`Solution::unique`]). A check cut short by a limit is not enough.
    pub fn single_key(&self) -> bool {
        self.unique()
    }

    /// The main line in notation, each move written in its own position.
    pub fn line_texts(&self) -> Vec<String> {
        line_texts(&self.position, &self.line)
    }

    /// The key moves in notation.
    pub fn key_texts(&self) -> Vec<String> {
        let mut legal = MoveList::new();
        self.position.legal_moves_into(&mut legal);
        self.key_moves
            .iter()
            .map(|m| self.position.move_text_in(m, &legal))
            .collect()
    }

    /// The annotated line: `1. 32-27! 26x37 2. 39-34 30x39 ...`, with `!` on a unique key.
    pub fn annotated(&self) -> String {
        annotate(&self.position, &self.line, self.unique())
    }

    /// The annotated line as a book gives it: up to where the goal is decided, the rest in
    /// brackets (`1. 26-23! 13x22 2. 23x5 (22-25 3. 5-1)`).
    pub fn book_annotated(&self) -> String {
        annotate_book(&self.position, &self.line, self.book_plies, self.unique())
    }
}

/// Whether two lines from the same position are different lines, not one the start of the
/// other (a book line and the solver's longer one are the same line).
pub fn differ<R: Rules>(a: &[Move<R>], b: &[Move<R>]) -> bool {
    !(a.starts_with(b) || b.starts_with(a))
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
    annotate_book(start, line, line.len(), mark_key)
}

/// [`annotate`] with the moves after the first `book` plies in brackets: the part of a line
/// after the point where the goal is decided.
///
/// ```
/// use damtutor::solver::annotate_book;
/// use damtutor::{International, Position};
/// let start: Position<International> = "W:W11,23,27,28,43:BK47".parse().unwrap();
/// let line: Vec<_> = ["43-38", "47x32", "28x37"]
///     .iter()
///     .scan(start, |p, text| {
///         let m = p.parse_move(text).unwrap();
///         *p = p.play_unchecked(&m);
///         Some(m)
///     })
///     .collect();
/// assert_eq!(annotate_book(&start, &line, 1, true), "1. 43-38! (47x32 2. 28x37)");
/// ```
pub fn annotate_book<R: Rules>(
    start: &Position<R>,
    line: &[Move<R>],
    book: usize,
    mark_key: bool,
) -> String {
    let texts = line_texts(start, line);
    let mut out = String::new();
    let mut number = 1;
    let mut white_to_move = start.turn() == Color::White;
    for (i, text) in texts.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        if i == book {
            out.push('(');
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
    if book < texts.len() {
        out.push(')');
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
    /// The main line's key and, if there is one, a second (the first found: two plies past the
    /// proof first, then at the horizon, each pass in the order of generation): enough to tell
    /// whether the key is unique ([`Solution::unique`]), which is all a generator needs.
    UntilSecond,
}

/// A reusable solver: owns the transposition table.
///
/// ```
/// use damtutor::solver::{Goal, Limits, Solver, Status};
/// use damtutor::{International, Position, Russian};
/// let position: Position<International> = "W:W11,23,27,28,43:BK47".parse().unwrap();
/// let solution = Solver::new().solve(&position, Goal::Auto, Limits::default());
/// assert_eq!(solution.status, Status::Win);
/// assert_eq!(solution.line_texts(), ["43-38", "47x32", "28x37"]);
/// // The same solver for another game: its positions and moves are of that game.
/// let russian: damtutor_rules::Position<Russian> = "W:Wb6:Bc7,f6".parse().unwrap();
/// let solution = Solver::new().solve(&russian, Goal::Win, Limits::default());
/// assert_eq!(solution.key_texts(), ["b6:g5", "b6:h4"]);
/// ```
pub struct Solver<R: Rules> {
    table: Vec<search::Entry>,
    /// The search's move buffers, one per ply.
    plies: search::Plies<R>,
    /// Move buffers for the goal test, taken and returned as it goes.
    lists: Vec<Box<damtutor_rules::MoveList<R>>>,
    /// The positions whose gain was tested, and whether it held.
    held: Vec<goal::Held>,
    /// The positions whose new kings were tested, and whether they were safe.
    kept: Vec<goal::Held>,
    generation: u32,
    nodes: u64,
    node_limit: u64,
    deadline: Instant,
    /// The search's fixed context: who solves, the goal, the balance and kings at the start.
    attacker: Color,
    goal: Goal,
    start_balance: i32,
    start_kings: u32,
    start_defender_kings: u32,
    /// How many key moves a solution lists.
    keys: Keys,
    /// The verdict of a node that ended at its move generation (see `search::generate`).
    reached_here: bool,
    /// Mixed into table keys: each search context (goal, solving side, its balance and kings at
    /// the start, the draw rules on or off) has its own entries, so entries of any context may
    /// stay side by side.
    goal_salt: u64,
    /// Whether the search respects the draw rules (off only to tell why no win was found).
    draw_rules: bool,
    /// The last draw rule that cut a line short.
    draw_cut: Option<DrawReason>,
    /// Whether a reached gain counts without the test that it holds (the plain pre-search of
    /// `search::prove`), and that search's table (allocated at its first use).
    plain: bool,
    plain_table: Vec<search::Entry>,
    /// The plain searches' nodes since the last reset of `nodes`.
    plain_nodes: u64,
    /// Nodes searched by every [`Solver::solve_warm`] and [`Solver::prove_along`] so far.
    spent: u64,
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
            lists: Vec::new(),
            held: goal::new_held_table(),
            kept: goal::new_kept_table(),
            generation: 0,
            nodes: 0,
            node_limit: 0,
            deadline: Instant::now(),
            attacker: Color::White,
            goal: Goal::Win,
            start_balance: 0,
            start_kings: 0,
            start_defender_kings: 0,
            goal_salt: 0,
            keys: Keys::All,
            reached_here: false,
            draw_rules: true,
            draw_cut: None,
            plain: false,
            spent: 0,
            plain_table: Vec::new(),
            plain_nodes: 0,
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
        self.plain_nodes = 0;
        self.node_limit = limits.max_nodes;
        self.deadline = started + limits.time_limit;
        self.draw_cut = None;
        let mut solution = Solution {
            position: *position,
            status: Status::None,
            unknown: None,
            goal,
            choice: None,
            key_moves: Vec::new(),
            uniqueness: Uniqueness::Unknown,
            unique_within: 0,
            line: Vec::new(),
            book_plies: 0,
            tree: None,
            material_before: position.material(),
            material_after: position.material(),
            plies: 0,
            motifs: Vec::new(),
            difficulty: None,
            given: None,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        let result = match goal {
            Goal::Auto => self.solve_auto(position, limits, &mut solution),
            goal => self.solve_goal(position, goal, limits, &mut solution),
        };
        if result.is_err() {
            solution.status = Status::Unknown;
            solution.unknown = Some(Unknown::Limits);
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
            solution.book_plies = self.book_plies(position, solution.goal, &solution.line);
            solution.motifs = tag_line(position, &solution.line);
            solution.difficulty = Some(Difficulty::estimate(&solution));
        }
        solution.nodes = self.nodes + self.plain_nodes;
        solution.elapsed = started.elapsed();
        self.spent += solution.nodes;
        solution
    }

    /// The nodes searched since the solver was made, by every solve and every proof of a
    /// position along a line ([`prove_along`](Solver::prove_along)): a measure of work that,
    /// unlike a clock, is the same on every machine.
    pub fn spent(&self) -> u64 {
        self.spent
    }
}

/// The depth for the children of a node with `moves` and the draw rules' counts `clock`: one
/// less, except when the only legal move is a capture (a forced capture is free; material
/// shrinks, so this ends) outside a lone-king endgame - the search's own rule.
fn child_depth<R: Rules>(moves: &[Move<R>], depth: u32, clock: DrawClock) -> u32 {
    if moves.len() == 1 && moves[0].is_capture() && !clock.in_endgame() {
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
