//! Where a line is decided: the point at which a book ends a combination.
//!
//! A line of the solving side is *decided* after one of its moves when the goal can no longer
//! be prevented and what remains needs no further sacrifice and no only-move: whatever the
//! defender plays, it captures nothing (unless that capture itself ends in the goal), and the
//! solving side reaches the goal with at most [`NATURAL_MOVES`] more moves, each a capture -
//! and then any capture it may make keeps the goal - or a crowning. The material won is then on
//! the board, or as good as on it: a man that crowns next move whatever the defence, a piece
//! that is captured next move whatever the defence.

use super::{tag_line, Goal, Motif, Solver};
use damtutor_rules::{Move, MoveList, Position, Rules};

/// The most moves of the solving side in the rest of a decided line.
pub const NATURAL_MOVES: u32 = 2;

/// A written solution that the solver checked: its moves, where it is decided, and its motifs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GivenLine<R: Rules> {
    /// The moves, from the position solved.
    pub moves: Vec<Move<R>>,
    /// The plies up to where the goal is decided (at most `moves.len()`).
    pub book_plies: usize,
    /// The line's motifs ([`tag_line`]).
    pub motifs: Vec<Motif>,
}

impl<R: Rules> GivenLine<R> {
    /// The line from `start` with where it is decided, and its motifs.
    pub fn new(start: &Position<R>, moves: Vec<Move<R>>, book_plies: usize) -> GivenLine<R> {
        GivenLine {
            motifs: tag_line(start, &moves),
            book_plies: book_plies.min(moves.len()),
            moves,
        }
    }
}

impl<R: Rules> Solver<R> {
    /// Whether the goal is decided in `position`, reached from `start` by a move of the side to
    /// move in `start` (the defender is to move): the rest by best play (the defence that lasts
    /// longest), empty when the goal is reached already; `None` when the goal is not decided.
    /// Material is counted against `start`; `goal` is not `Auto`.
    ///
    /// ```
    /// use damtutor::solver::{Goal, Solver};
    /// use damtutor::English;
    /// use damtutor_rules::Position;
    /// // English checkers (ck-09): after 7-2 3-7 18-14 7x16 20x11, 11x4 takes Black's last
    /// // man whatever Black plays.
    /// let start: Position<English> = "W:W7,11,18,20:B3,4".parse().unwrap();
    /// let mut position = start;
    /// for text in ["7-2", "3-7", "18-14", "7x16", "20x11"] {
    ///     position = position.play_unchecked(&position.parse_move(text).unwrap());
    /// }
    /// let rest = Solver::new().settled(&start, Goal::Material(2), &position).unwrap();
    /// assert_eq!(damtutor::solver::line_texts(&position, &rest), ["4-8", "11x4"]);
    /// ```
    pub fn settled(
        &mut self,
        start: &Position<R>,
        goal: Goal,
        position: &Position<R>,
    ) -> Option<Vec<Move<R>>> {
        self.begin(start, goal);
        self.settled_after(position, NATURAL_MOVES)
    }

    /// The rest of the win from `position` (either side to move), reached from `start` past
    /// the point where the goal is decided: [`settled`](Solver::settled) when the defender is
    /// to move; else the solving side's natural move (a capture, or a crowning) after which the
    /// goal is still decided, and the rest. `None` when the goal is not decided here.
    pub fn settled_rest(
        &mut self,
        start: &Position<R>,
        goal: Goal,
        position: &Position<R>,
    ) -> Option<Vec<Move<R>>> {
        self.begin(start, goal);
        if position.turn() != start.turn() {
            return self.settled_after(position, NATURAL_MOVES);
        }
        let mut moves = MoveList::new();
        position.legal_moves_into(&mut moves);
        let capture = moves.first().is_some_and(Move::<R>::is_capture);
        if self.reached(position, moves.is_empty(), capture) {
            return Some(Vec::new());
        }
        moves
            .iter()
            .filter(|m| capture || m.promotes())
            .find_map(|m| {
                let rest = self.settled_after(&position.play_unchecked(m), NATURAL_MOVES - 1)?;
                Some(std::iter::once(*m).chain(rest).collect())
            })
    }

    /// The plies of `line` (from `start`) up to where it is decided: after the first of the
    /// solving side's moves after which the goal is decided; the whole line when it is never
    /// decided before its end.
    pub fn book_plies(&mut self, start: &Position<R>, goal: Goal, line: &[Move<R>]) -> usize {
        self.decided_at(start, goal, line).unwrap_or(line.len())
    }

    /// The plies of `line` up to the first of the solving side's moves after which the goal is
    /// decided; `None` when it never is (the line stops before the goal is decided).
    pub fn decided_at(
        &mut self,
        start: &Position<R>,
        goal: Goal,
        line: &[Move<R>],
    ) -> Option<usize> {
        if goal == Goal::Auto {
            return None;
        }
        self.begin(start, goal);
        let mut position = *start;
        for (index, m) in line.iter().enumerate() {
            let by_solver = position.turn() == start.turn();
            position = position.play_unchecked(m);
            let capture = position.has_capture();
            let stuck = !capture && !position.has_quiet_move();
            let decided = self.reached(&position, stuck, capture)
                || (by_solver && self.settled_after(&position, NATURAL_MOVES).is_some());
            if decided {
                return Some(index + 1);
            }
        }
        None
    }

    /// [`settled`](Solver::settled) in the context set by `begin`, with at most `natural` more
    /// moves of the solving side.
    fn settled_after(&mut self, position: &Position<R>, natural: u32) -> Option<Vec<Move<R>>> {
        let mut replies = MoveList::new();
        position.legal_moves_into(&mut replies);
        let capture = replies.first().is_some_and(Move::<R>::is_capture);
        if self.reached(position, replies.is_empty(), capture) {
            return Some(Vec::new());
        }
        let mut longest: Option<Vec<Move<R>>> = None;
        for reply in &replies {
            let after = position.play_unchecked(reply);
            let mut moves = MoveList::new();
            after.legal_moves_into(&mut moves);
            let must_capture = moves.first().is_some_and(Move::<R>::is_capture);
            let rest = if self.reached(&after, moves.is_empty(), must_capture) {
                Vec::new()
            } else if reply.is_capture() || natural == 0 {
                // The defender takes something back, or the goal is still moves away.
                return None;
            } else if must_capture {
                // Every capture the solving side may make keeps the goal: no only-move.
                let mut worst: Option<Vec<Move<R>>> = None;
                for m in &moves {
                    let rest = self.settled_after(&after.play_unchecked(m), natural - 1)?;
                    if worst.as_ref().is_none_or(|w| rest.len() + 1 > w.len()) {
                        worst = Some(std::iter::once(*m).chain(rest).collect());
                    }
                }
                worst?
            } else {
                // A crowning that keeps the goal.
                let mut best: Option<Vec<Move<R>>> = None;
                for m in moves.iter().filter(|m| m.promotes()) {
                    if let Some(rest) = self.settled_after(&after.play_unchecked(m), natural - 1) {
                        if best.as_ref().is_none_or(|b| rest.len() + 1 < b.len()) {
                            best = Some(std::iter::once(*m).chain(rest).collect());
                        }
                    }
                }
                best?
            };
            if longest.as_ref().is_none_or(|l| rest.len() + 1 > l.len()) {
                longest = Some(std::iter::once(*reply).chain(rest).collect());
            }
        }
        longest
    }
}
