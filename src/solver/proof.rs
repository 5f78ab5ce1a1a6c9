//! The proofs behind a [`Solution`]: the goal's shortest proof, its key moves and their
//! uniqueness, and for `auto` the strongest goal that can be proven.

use super::draw::DrawClock;
use super::{
    balance, child_depth, king_value, mix, Aborted, Goal, GoalChoice, Keys, Limits, Solution,
    Solver, Status, TreeNode, Uniqueness, Unknown,
};
use crate::square::Color;
use damtutor_rules::{Position, Rules};
use std::time::Instant;

/// How a search within a node budget ended.
enum Deepening {
    /// Proven.
    Proven,
    /// Refuted at every depth up to the horizon.
    Refuted,
    /// The budget ran out: refuted at every depth up to this one.
    Stopped(u32),
}

impl<R: Rules> Solver<R> {
    /// `Auto`: deepen once for all goals together, so that the first (shortest) goal found
    /// ends the costly part of the search; then look for a stronger goal up to the horizon,
    /// each within the side budget: a win beats any material gain, a larger gain beats a
    /// smaller one, and both beat a king.
    pub(super) fn solve_auto(
        &mut self,
        position: &Position<R>,
        limits: Limits,
        solution: &mut Solution<R>,
    ) -> Result<(), Aborted> {
        let clock = DrawClock::start(position);
        let mut root = *position;
        let ladder = [Goal::Win, Goal::Material(1), Goal::King];
        let mut found = None;
        'deepen: for depth in 0..=limits.max_plies {
            for goal in ladder {
                self.begin(position, goal);
                if self.prove(&mut root, depth, clock)? {
                    found = Some(goal);
                    break 'deepen;
                }
            }
        }
        let Some(mut best) = found else {
            solution.goal = Goal::Auto;
            solution.status = Status::None;
            // Would the goals be reached without the draw rules?
            if let Some(rule) = self.draw_cut {
                self.draw_rules = false;
                let mut without = false;
                for goal in ladder {
                    self.begin(position, goal);
                    if self.distance(&mut root, limits.max_plies, clock)?.is_some() {
                        without = true;
                        break;
                    }
                }
                self.draw_rules = true;
                if without {
                    solution.status = Status::Unknown;
                    solution.unknown = Some(Unknown::DrawRule(rule));
                }
            }
            return Ok(());
        };
        let budget = limits.side_budget();
        let mut ruled_out = limits.max_plies;
        let mut stopped = false;
        let mut stop = |ruled_out: &mut u32, depth: u32| {
            *ruled_out = (*ruled_out).min(depth);
            stopped = true;
        };
        if best != Goal::Win {
            self.begin(position, Goal::Win);
            match self.deepen_within(&mut root, limits.max_plies, clock, budget) {
                Deepening::Proven => best = Goal::Win,
                Deepening::Refuted => {}
                Deepening::Stopped(depth) => stop(&mut ruled_out, depth),
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
                match self.deepen_within(&mut root, limits.max_plies, clock, budget) {
                    Deepening::Proven => best = Goal::Material(n),
                    Deepening::Refuted => break,
                    Deepening::Stopped(depth) => {
                        stop(&mut ruled_out, depth);
                        break;
                    }
                }
            }
        }
        solution.choice = Some(GoalChoice {
            goal: best,
            ruled_out_within: ruled_out,
            stopped,
        });
        self.solve_goal(position, best, limits, solution)
    }

    /// Proves `goal` (not `Auto`): the shortest proof, its tree and main line, and the key
    /// moves.
    pub(super) fn solve_goal(
        &mut self,
        position: &Position<R>,
        goal: Goal,
        limits: Limits,
        solution: &mut Solution<R>,
    ) -> Result<(), Aborted> {
        self.begin(position, goal);
        solution.goal = goal;
        solution.status = Status::None;
        let clock = DrawClock::start(position);
        let mut root = *position;
        let Some(depth) = self.distance(&mut root, limits.max_plies, clock)? else {
            // Would the goal be reached without the draw rules? Then the rule is the reason.
            if let Some(rule) = self.draw_cut {
                self.draw_rules = false;
                self.begin(position, goal);
                let without = self.distance(&mut root, limits.max_plies, clock)?;
                self.draw_rules = true;
                if without.is_some() {
                    solution.status = Status::Unknown;
                    solution.unknown = Some(Unknown::DrawRule(rule));
                }
            }
            return Ok(());
        };
        solution.status = if goal == Goal::Win {
            Status::Win
        } else {
            Status::Goal
        };
        let tree = self.build_tree(&mut root, depth, &mut 400, clock)?;
        solution.line = tree.as_ref().map(TreeNode::main_line).unwrap_or_default();
        solution.tree = tree;
        self.key_moves(&mut root, depth, limits, clock, solution)
    }

    /// Every first move that forces the goal, and whether the key is unique: each first move
    /// is tried at the uniqueness horizon H = the shortest proof's depth and four plies more
    /// (at most the horizon of `limits`), exactly - within the search's own limits. When a limit
    /// stops this check the key is not called unique ([`Uniqueness::Unknown`]); the proof
    /// stands.
    ///
    /// With [`Keys::UntilSecond`] a second key is first looked for two plies past the proof
    /// ([`SECOND_KEY_PLIES`]), where most are: one found there forces the goal within H as well
    /// (a goal forced within fewer plies is forced within more), so the key is not unique and
    /// the costly refutations at H are not needed.
    fn key_moves(
        &mut self,
        root: &mut Position<R>,
        depth: u32,
        limits: Limits,
        clock: DrawClock,
        solution: &mut Solution<R>,
    ) -> Result<(), Aborted> {
        let moves = root.legal_moves();
        let mut wins = vec![false; moves.len()];
        let horizon = unique_horizon(depth, limits.max_plies);
        let main_key = solution
            .line
            .first()
            .and_then(|key| moves.iter().position(|m| m == key));
        let mut stopped = false;
        let mut near = None;
        if self.keys == Keys::UntilSecond {
            // Only a second key is looked for, near the proof first.
            if let Some(index) = main_key {
                wins[index] = true;
            }
            near = Some(depth + SECOND_KEY_PLIES).filter(|&plies| plies < horizon);
        }
        'passes: for plies in near.into_iter().chain([horizon]) {
            for (index, m) in moves.iter().enumerate() {
                if wins[index] {
                    continue;
                }
                let undo = root.make(m);
                let child_clock = clock.after(m, root);
                let wins_here = self.prove(root, child_depth(&moves, plies, clock), child_clock);
                root.unmake(m, undo);
                match wins_here {
                    Ok(found) => wins[index] = found,
                    Err(Aborted) => {
                        stopped = true;
                        break 'passes;
                    }
                }
                if self.keys == Keys::UntilSecond && count(&wins) >= 2 {
                    break 'passes;
                }
            }
        }
        // The main line's key is a key, whatever the order of generation found.
        if let Some(index) = main_key {
            wins[index] = true;
        }
        solution.key_moves = moves
            .iter()
            .zip(&wins)
            .filter(|(_, &w)| w)
            .map(|(m, _)| *m)
            .collect();
        (solution.uniqueness, solution.unique_within) = match (solution.key_moves.len(), stopped) {
            (0 | 1, false) => (Uniqueness::Unique, horizon),
            // The shortest proof's search showed no first move forces the goal in fewer plies.
            (0 | 1, true) => (Uniqueness::Unknown, depth.saturating_sub(1)),
            _ => (Uniqueness::NotUnique, horizon),
        };
        Ok(())
    }

    /// The advisory hunt for a second key beyond the uniqueness horizon
    /// ([`Solution::unique_within`]): each other first move of a solved `solution` is tried one
    /// ply deeper at a time up to `limits.max_plies`, within `budget` nodes (a first pass at the
    /// horizon itself measures the cost of a depth). A depth is started
    /// only when the nodes it is expected to cost (the last depth's times the growth seen so
    /// far) fit in what is left, so no depth is cut short. It never changes the solution: a
    /// second key found this far away does not make the key less of a key within the horizon.
    pub fn deep_keys(
        &mut self,
        solution: &Solution<R>,
        limits: Limits,
        budget: u64,
    ) -> DeepKeys<R> {
        let mut deep = DeepKeys {
            keys: Vec::new(),
            checked_to: solution.unique_within,
            nodes: 0,
        };
        let (Some(key), true) = (solution.line.first(), solution.is_solved()) else {
            return deep;
        };
        let position = solution.position;
        self.begin(&position, solution.goal);
        self.clear_table();
        self.nodes = 0;
        self.plain_nodes = 0;
        self.node_limit = budget;
        self.deadline = Instant::now() + limits.time_limit;
        let clock = DrawClock::start(&position);
        let mut root = position;
        let moves = root.legal_moves();
        let mut last_cost = 0u64;
        let mut growth = 1u64;
        // The first pass, at the horizon already checked, measures what a depth costs.
        for horizon in solution.unique_within.max(1)..=limits.max_plies {
            let left = budget.saturating_sub(self.nodes);
            let expected = last_cost.saturating_mul(growth.max(2));
            if expected > left {
                break;
            }
            // The cost of a depth counts the plain searches too (see `search::prove`).
            let before = self.nodes + self.plain_nodes;
            let mut finished = true;
            for m in moves.iter() {
                if m == key || solution.key_moves.contains(m) || deep.keys.contains(m) {
                    continue;
                }
                let undo = root.make(m);
                let child_clock = clock.after(m, &root);
                let found = self.prove(&mut root, child_depth(&moves, horizon, clock), child_clock);
                root.unmake(m, undo);
                match found {
                    Ok(true) => deep.keys.push(*m),
                    Ok(false) => {}
                    Err(Aborted) => {
                        finished = false;
                        break;
                    }
                }
            }
            if !finished {
                break;
            }
            let cost = self.nodes + self.plain_nodes - before;
            if last_cost > 0 {
                growth = cost.div_ceil(last_cost);
            }
            last_cost = cost.max(1);
            deep.checked_to = deep.checked_to.max(horizon);
            if !deep.keys.is_empty() {
                break;
            }
        }
        deep.nodes = self.nodes;
        deep
    }

    /// The smallest depth up to `max` at which the goal is proven from `root`, deepening,
    /// within `budget` more nodes.
    fn deepen_within(
        &mut self,
        root: &mut Position<R>,
        max: u32,
        clock: DrawClock,
        budget: u64,
    ) -> Deepening {
        let saved = self.node_limit;
        self.node_limit = saved.min(self.nodes.saturating_add(budget));
        let mut result = Deepening::Refuted;
        for depth in 0..=max {
            match self.prove(root, depth, clock) {
                Ok(true) => {
                    result = Deepening::Proven;
                    break;
                }
                Ok(false) => {}
                Err(Aborted) => {
                    result = Deepening::Stopped(depth.saturating_sub(1));
                    break;
                }
            }
        }
        self.node_limit = saved;
        result
    }

    /// Whether the side to move in `start` can still force `goal` (not `Auto`) from `position`,
    /// a position reached from `start`, within `depth` plies; `None` when a limit was hit.
    /// Material is counted against `start`; the draw rules count from `position`. This is how
    /// given lines are checked move by move (see [`prove_along`](Solver::prove_along) for a
    /// line whose draw counts started earlier).
    pub fn prove_from(
        &mut self,
        start: &Position<R>,
        goal: Goal,
        position: &Position<R>,
        depth: u32,
        limits: Limits,
    ) -> Option<bool> {
        self.prove_along(
            start,
            goal,
            position,
            DrawClock::start(position),
            depth,
            limits,
        )
    }

    /// [`prove_from`](Solver::prove_from) with the draw rules' counts standing at `clock` in
    /// `position` (the clock along the line from `start`: [`DrawClock::along`]).
    pub fn prove_along(
        &mut self,
        start: &Position<R>,
        goal: Goal,
        position: &Position<R>,
        clock: DrawClock,
        depth: u32,
        limits: Limits,
    ) -> Option<bool> {
        self.nodes = 0;
        self.plain_nodes = 0;
        self.node_limit = limits.max_nodes;
        self.deadline = Instant::now() + limits.time_limit;
        self.begin(start, goal);
        let mut position = *position;
        // Deepening: a win is found at its own depth, and a failure at `depth` is cheaper with
        // the shallower results in the table.
        let mut proven = Some(false);
        for d in 0..=depth {
            match self.prove(&mut position, d, clock) {
                Ok(true) => {
                    proven = Some(true);
                    break;
                }
                Ok(false) => {}
                Err(Aborted) => {
                    proven = None;
                    break;
                }
            }
        }
        self.spent += self.nodes + self.plain_nodes;
        proven
    }

    /// Sets the goal and its reference values, and the salt that gives this context its own
    /// table entries.
    pub(super) fn begin(&mut self, position: &Position<R>, goal: Goal) {
        self.attacker = position.turn();
        self.goal = goal;
        self.start_balance = balance(position, self.attacker);
        self.start_kings = position.kings(self.attacker).count() as u32;
        self.start_defender_kings = position.kings(self.attacker.other()).count() as u32;
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
            ^ u64::from(!self.draw_rules) << 30
            ^ (self.start_balance as u32 as u64 & 0xffff) << 14
            ^ u64::from(self.start_defender_kings) << 7
            ^ u64::from(self.start_kings);
        self.goal_salt = mix(context);
    }

    /// The smallest depth (<= `max`) at which the goal is proven from `position`, the draw
    /// rules' counts standing at `clock` there.
    pub(crate) fn distance(
        &mut self,
        position: &mut Position<R>,
        max: u32,
        clock: DrawClock,
    ) -> Result<Option<u32>, Aborted> {
        for depth in 0..=max {
            if self.prove(position, depth, clock)? {
                return Ok(Some(depth));
            }
        }
        Ok(None)
    }
}

/// How far past the shortest proof [`Keys::UntilSecond`] first looks for a second key: on the
/// mining benchmark's games the uniqueness checks cost least with two plies (one and three cost
/// more: too few second keys found, or too dear a first pass).
const SECOND_KEY_PLIES: u32 = 2;

fn count(wins: &[bool]) -> usize {
    wins.iter().filter(|&&w| w).count()
}

/// The uniqueness horizon H: the shortest proof's `depth` and four plies more, at most
/// `max_plies` (21 by default).
pub fn unique_horizon(depth: u32, max_plies: u32) -> u32 {
    max_plies.min(depth + 4).max(depth)
}

/// What the advisory hunt for a second key beyond the uniqueness horizon found
/// ([`Solver::deep_keys`]).
#[derive(Clone, Debug)]
pub struct DeepKeys<R: Rules> {
    /// Other first moves that force the goal in more plies than the horizon.
    pub keys: Vec<damtutor_rules::Move<R>>,
    /// Every other first move was tried to this depth (the horizon when none was).
    pub checked_to: u32,
    /// Nodes spent.
    pub nodes: u64,
}
