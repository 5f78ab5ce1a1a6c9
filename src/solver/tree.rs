//! The solution tree: the winning move at each of the solver's turns, and every defender reply
//! with the answer to it.

use super::draw::DrawClock;
use super::{child_depth, Aborted, Solver};
use damtutor_rules::{Move, MoveList, Position, Rules};

/// A solver's move and the defender's possible replies to it.
#[derive(Clone, Debug)]
pub struct TreeNode<R: Rules> {
    /// The winning move.
    pub mv: Move<R>,
    /// The move in notation.
    pub text: String,
    /// Every legal reply, the most stubborn (longest to refute) first. Empty when the goal is
    /// reached right after `mv`.
    pub replies: Vec<Reply<R>>,
}

/// A defender reply and how the solver answers it.
#[derive(Clone, Debug)]
pub struct Reply<R: Rules> {
    pub mv: Move<R>,
    pub text: String,
    /// Plies the solver still needs after this reply.
    pub distance: u32,
    /// The answer; `None` when the goal is reached by this reply itself or the tree was cut
    /// (see `truncated`).
    pub next: Option<TreeNode<R>>,
    /// The tree's size limit stopped before this reply's answer was written out.
    pub truncated: bool,
}

impl<R: Rules> TreeNode<R> {
    /// The main line: the winning moves against the most stubborn replies.
    pub fn main_line(&self) -> Vec<Move<R>> {
        let mut line = vec![self.mv];
        let mut node = self;
        while let Some(reply) = node.replies.first() {
            line.push(reply.mv);
            match &reply.next {
                Some(next) => {
                    line.push(next.mv);
                    node = next;
                }
                None => break,
            }
        }
        line
    }

    /// Number of solver moves in the tree.
    pub fn size(&self) -> usize {
        1 + self
            .replies
            .iter()
            .filter_map(|r| r.next.as_ref())
            .map(TreeNode::<R>::size)
            .sum::<usize>()
    }
}

impl<R: Rules> Solver<R> {
    /// The tree from `position` (the solver to move, the draw rules' counts at `clock`),
    /// proven within `depth`. `budget` caps the number of side branches written out; the main
    /// line is always complete.
    pub(crate) fn build_tree(
        &mut self,
        position: &mut Position<R>,
        depth: u32,
        budget: &mut usize,
        clock: DrawClock,
    ) -> Result<Option<TreeNode<R>>, Aborted> {
        let mut moves = self.take_list();
        position.legal_moves_into(&mut moves);
        let tree = self.tree_with(position, depth, budget, clock, &moves);
        self.give_list(moves);
        tree
    }

    /// [`build_tree`](Solver::build_tree) with the legal moves of `position` in `moves`.
    fn tree_with(
        &mut self,
        position: &mut Position<R>,
        depth: u32,
        budget: &mut usize,
        clock: DrawClock,
        moves: &MoveList<R>,
    ) -> Result<Option<TreeNode<R>>, Aborted> {
        let next = child_depth(moves, depth, clock);
        let mut best: Option<(u32, Move<R>)> = None;
        for m in moves.iter() {
            let undo = position.make(m);
            let distance = self.distance(position, next, clock.after(m, position))?;
            position.unmake(m, undo);
            if let Some(d) = distance {
                if best.is_none_or(|(b, _)| d < b) {
                    best = Some((d, *m));
                }
            }
        }
        let Some((distance, mv)) = best else {
            return Ok(None);
        };
        let text = position.move_text_in(&mv, moves);
        let undo = position.make(&mv);
        let clock = clock.after(&mv, position);
        let mut replies_list = self.take_list();
        position.legal_moves_into(&mut replies_list);
        let mut replies = Vec::new();
        if !self.reached(
            position,
            replies_list.is_empty(),
            replies_list.first().is_some_and(Move::<R>::is_capture),
        ) {
            let reply_depth = child_depth(&replies_list, distance, clock);
            for r in replies_list.iter() {
                let undo = position.make(r);
                let d = self
                    .distance(position, reply_depth, clock.after(r, position))?
                    .unwrap_or(reply_depth);
                position.unmake(r, undo);
                replies.push(Reply {
                    mv: *r,
                    text: position.move_text_in(r, &replies_list),
                    distance: d,
                    next: None,
                    truncated: false,
                });
            }
            // Most stubborn first; the order of generation breaks ties.
            replies.sort_by_key(|r| std::cmp::Reverse(r.distance));
            for (i, reply) in replies.iter_mut().enumerate() {
                let undo = position.make(&reply.mv);
                let reply_clock = clock.after(&reply.mv, position);
                let no_moves = position.count_legal_moves() == 0;
                let capture = position.has_capture();
                if !self.reached(position, no_moves, capture) {
                    if i == 0 || *budget > 0 {
                        *budget = budget.saturating_sub(1);
                        reply.next =
                            self.build_tree(position, reply.distance, budget, reply_clock)?;
                    } else {
                        reply.truncated = true;
                    }
                }
                position.unmake(&reply.mv, undo);
            }
        }
        self.give_list(replies_list);
        position.unmake(&mv, undo);
        Ok(Some(TreeNode { mv, text, replies }))
    }
}
