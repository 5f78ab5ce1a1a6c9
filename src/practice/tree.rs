//! The proof tree a practice page carries: at each turn of the solving side every legal move
//! judged, and after each good move every defender reply with the solving side's turn after it.
//!
//! A move of the solving side is
//! - *good* when the goal is still forced after it within the page's budget: the solver's
//!   proof plus [`SLACK`] plies (forced captures free, as in the solver: the slack it allows its
//!   key moves), and never more than [`check::horizon`], the test `damtutor check` applies to
//!   each move of a student's line. The solver's move (or the exercise's book move) is
//!   `correct`, another good move `alternative`. Every defender reply follows, the hardest
//!   first (the order of the solver's tree), each with the next turn. Once a line has left both
//!   the solver's tree and the book, only the best move is followed from there; another good
//!   move is acknowledged ([`Reason::Unfollowed`]) but not played, which keeps the tree small.
//! - *wrong* otherwise, with the defender's refutation and the reason ([`check::refutation`]).
//!
//! Every line the tree leads to the goal carries the verdict `check` gives it, computed by
//! `check` itself, so that the page and the marking of its answer file agree: the page writes
//! only good moves and the defender's replies into an answer file, and wrong tries apart.
//! Nothing is cut: a tree with more turns than the limit is an error.

use crate::check::{self, Verdict};
use crate::solver::{self, Limits, Solution, Solver, TreeNode};
use damtutor_rules::{Move, MoveList, Position, Rules};
use serde::Serialize;

/// A move as the page plays it: where from, where to, what is taken - enough to show it
/// without knowing the rules.
///
/// On the page it is an array, trailing defaults left out: `[from, to, captured, via,
/// crowns, text, others]` - `[32, 28]`, `[28, 19, [23]]`, `[25, 33, [27, 28, 39, 42], [48,
/// 31, 22]]`, `[9, 3, [], [], 1]`; `text` only where it is not the short form `from-to` /
/// `fromxto` (or `others` follows), `others` only for a capture with more than one route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveData {
    /// The start square.
    pub from: u8,
    /// The end square.
    pub to: u8,
    /// The captured pieces' squares (a capture), in increasing order.
    pub captured: Vec<u8>,
    /// The landing squares between `from` and `to` (a capture of more than one piece).
    pub via: Vec<u8>,
    /// The man becomes a king.
    pub crowns: bool,
    /// The move in notation, as in the answer file (the full path where the short form would
    /// be ambiguous).
    pub text: String,
    /// The landing squares between `from` and `to` of the capture's other routes (the same
    /// pieces taken in another order), so that a student may tap any of them.
    pub others: Vec<Vec<u8>>,
}

impl MoveData {
    /// The short notation `32-28` / `28x19`.
    fn short_text(&self) -> String {
        let separator = if self.captured.is_empty() { '-' } else { 'x' };
        format!("{}{separator}{}", self.from, self.to)
    }
}

impl Serialize for MoveData {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let text = self.text != self.short_text();
        let length = if !self.others.is_empty() {
            7
        } else if text {
            6
        } else if self.crowns {
            5
        } else if !self.via.is_empty() {
            4
        } else if !self.captured.is_empty() {
            3
        } else {
            2
        };
        let mut seq = serializer.serialize_seq(Some(length))?;
        seq.serialize_element(&self.from)?;
        seq.serialize_element(&self.to)?;
        if length > 2 {
            seq.serialize_element(&self.captured)?;
        }
        if length > 3 {
            seq.serialize_element(&self.via)?;
        }
        if length > 4 {
            seq.serialize_element(&u8::from(self.crowns))?;
        }
        if length > 5 {
            seq.serialize_element(&self.text)?;
        }
        if length > 6 {
            seq.serialize_element(&self.others)?;
        }
        seq.end()
    }
}

impl MoveData {
    /// `m`, a legal move of `position` (whose legal moves are `legal`).
    pub fn new<R: Rules>(position: &Position<R>, m: &Move<R>, legal: &[Move<R>]) -> MoveData {
        let inner = |route: &Vec<damtutor_rules::Square>| -> Vec<u8> {
            if route.len() > 2 {
                route[1..route.len() - 1]
                    .iter()
                    .map(|s| s.number())
                    .collect()
            } else {
                Vec::new()
            }
        };
        let routes = if m.is_capture() {
            position.capture_routes(m)
        } else {
            Vec::new()
        };
        let via = routes.first().map(inner).unwrap_or_default();
        let others = routes.iter().skip(1).map(inner).collect();
        MoveData {
            from: m.from().number(),
            to: m.to().number(),
            captured: m.captured().into_iter().map(|s| s.number()).collect(),
            via,
            crowns: m.promotes(),
            text: position.move_text_in(m, legal),
            others,
        }
    }
}

/// The verdict on one move of the solving side (on the page `c`, `a`, `w`).
#[derive(Serialize, Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveVerdict {
    /// The solver's move here (or the exercise's book move).
    #[serde(rename = "c")]
    Correct,
    /// Another move that keeps the goal forced.
    #[serde(rename = "a")]
    Alternative,
    /// A move that lets the goal slip.
    #[serde(rename = "w")]
    Wrong,
}

/// The extra plies (beyond the solver's own proof, forced captures not counted) that a line
/// on the page may take: the slack the solver allows its key moves.
pub const SLACK: u32 = 4;

/// Why a move is wrong, or not followed. On the page a tagged object: `{"kind": "loses",
/// "lost": 2, "kings": false}`, `{"kind": "crowns"}`, `{"kind": "escapes"}`, `{"kind":
/// "no_goal"}`, `{"kind": "unfollowed"}` - read by field, never parsed from a string.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// The refutation wins material back: `lost` men (a king counting 3 when `kings`).
    Loses { lost: i32, kings: bool },
    /// The refutation crowns one of the defender's men.
    Crowns,
    /// The defender's answer keeps the goal out of reach.
    Escapes,
    /// The defender has no move, but the goal is not reached either.
    NoGoal,
    /// The goal is still forced, but the line has already left the solver's line once and the
    /// tree follows only the best move from there: the move is refused without being played.
    Unfollowed,
}

/// How a line that reached the goal is marked (on the page `c`, `a`).
#[derive(Serialize, Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    #[serde(rename = "c")]
    Correct,
    #[serde(rename = "a")]
    Alternative,
}

/// A turn of the solving side. On the page the fields have one-letter names (given first).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Turn {
    /// `c`: how many pieces a capture must take here (0: no capture): a move that is not
    /// listed breaks "capture is compulsory" then.
    #[serde(rename = "c", skip_serializing_if = "is_zero")]
    pub capture: usize,
    /// `s`: captures that take fewer pieces than `capture`, which the majority rule forbids:
    /// `[from, to, pieces]`.
    #[serde(rename = "s", skip_serializing_if = "Vec::is_empty")]
    pub shorter: Vec<[u8; 3]>,
    /// `m`: every legal move.
    #[serde(rename = "m")]
    pub moves: Vec<Choice>,
}

/// One legal move of the solving side and what follows it.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Choice {
    /// `m`: the move.
    #[serde(rename = "m")]
    pub mv: MoveData,
    /// `v`: `c`, `a` or `w`.
    #[serde(rename = "v")]
    pub verdict: MoveVerdict,
    /// `k`: a key move (a winning first move as the solver counts them; only at the first
    /// turn): an incomplete line that starts with it earns the `incomplete` share.
    #[serde(rename = "k", skip_serializing_if = "std::ops::Not::not")]
    pub key: bool,
    /// `e`: the goal is reached by this move, and how the line is marked.
    #[serde(rename = "e", skip_serializing_if = "Option::is_none")]
    pub end: Option<Ending>,
    /// `r`: a good move's defender replies, the hardest first.
    #[serde(rename = "r", skip_serializing_if = "Vec::is_empty")]
    pub replies: Vec<Answer>,
    /// `f`: a wrong move's refutation (the defender's reply and the forced moves after it).
    #[serde(rename = "f", skip_serializing_if = "Vec::is_empty")]
    pub refutation: Vec<MoveData>,
    /// `y`: why the move is wrong (or not followed).
    #[serde(rename = "y", skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
}

/// A defender reply and the solving side's turn after it.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Answer {
    /// `m`: the reply.
    #[serde(rename = "m")]
    pub mv: MoveData,
    /// `e`: the goal is reached by this reply, and how the line is marked.
    #[serde(rename = "e", skip_serializing_if = "Option::is_none")]
    pub end: Option<Ending>,
    /// `n`: the solving side's next turn.
    #[serde(rename = "n", skip_serializing_if = "Option::is_none")]
    pub next: Option<Turn>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Why no tree was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// The position has no proven solution.
    Unsolved,
    /// The tree has more turns than the limit (the count when it stopped).
    TooLarge { limit: usize },
    /// A line of the tree that `check` does not accept: a bug, never shown as a proof.
    Disagrees { line: String, verdict: Verdict },
    /// Building the tree searched more nodes than the budget of
    /// [`build_within`] (`practice` itself sets none).
    TooCostly { budget: u64 },
}

impl std::fmt::Display for TreeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TreeError::Unsolved => f.write_str("the solver does not prove it"),
            TreeError::TooLarge { limit } => write!(
                f,
                "its proof tree has more than {limit} turns of the solving side (--max-tree N allows more)"
            ),
            TreeError::TooCostly { budget } => write!(
                f,
                "building its proof tree took more than {budget} positions of search"
            ),
            TreeError::Disagrees { line, verdict } => write!(
                f,
                "internal error: the proof tree ends the line '{line}', which check marks {}",
                verdict.name()
            ),
        }
    }
}

impl std::error::Error for TreeError {}

/// Builds the practice tree of `solution` (the book line `book` from the exercise file counts
/// as correct, as in `check`), with at most `max_turns` turns of the solving side.
///
/// ```
/// use damtutor::practice::tree::{build, MoveVerdict};
/// use damtutor::solver::{Goal, Limits, Solver};
/// let position: damtutor::Position<damtutor::International> = "W:W11,23,27,28,43:BK47".parse().unwrap();
/// let mut solver = Solver::new();
/// let solution = solver.solve(&position, Goal::Auto, Limits::default());
/// let tree = build(&mut solver, &solution, None, Limits::default(), 1000).unwrap();
/// let key = tree.moves.iter().find(|c| c.verdict == MoveVerdict::Correct).unwrap();
/// assert_eq!(key.mv.text, "43-38");
/// assert_eq!(key.replies[0].mv.text, "47x32");
/// ```
pub fn build<R: Rules>(
    solver: &mut Solver<R>,
    solution: &Solution<R>,
    book: Option<&str>,
    limits: Limits,
    max_turns: usize,
) -> Result<Turn, TreeError> {
    build_within(solver, solution, book, limits, max_turns, None)
}

/// [`build`], given up (as [`TreeError::TooCostly`]) once the solver has searched more than
/// `node_budget` nodes for it: how `generate` and `mine` tell cheaply that an exercise fits a
/// practice page, without the clock (so that what they keep depends on the position alone).
/// A tree built within the budget is the one [`build`] makes.
pub fn build_within<R: Rules>(
    solver: &mut Solver<R>,
    solution: &Solution<R>,
    book: Option<&str>,
    limits: Limits,
    max_turns: usize,
    node_budget: Option<u64>,
) -> Result<Turn, TreeError> {
    if !solution.is_solved() || solution.tree.is_none() {
        return Err(TreeError::Unsolved);
    }
    let book_moves = book.map(|text| book_line(&solution.position, text));
    let solver_spent_start = solver.spent();
    let mut builder = Builder {
        solver,
        solution,
        book,
        book_moves: book_moves.unwrap_or_default(),
        limits,
        max_turns,
        turns: 0,
        line: Vec::new(),
        allowance: 0,
        budget: node_budget.map(|nodes| (solver_spent_start, nodes)),
    };
    let start = solution.position;
    let proof = builder.distance(&start, limits.max_plies);
    builder.allowance = (proof + SLACK).min(limits.max_plies);
    let path = Path {
        tree: solution.tree.as_ref(),
        on_book: true,
        deviated: false,
        spent: 0,
    };
    builder.turn(&start, path)
}

/// The moves of a book line, as far as they are legal.
fn book_line<R: Rules>(start: &Position<R>, text: &str) -> Vec<Move<R>> {
    let mut position = *start;
    let mut moves = Vec::new();
    for token in crate::notation::line_tokens(text) {
        match position.parse_move(&token) {
            Ok(m) => {
                moves.push(m);
                position = position.play_unchecked(&m);
            }
            Err(_) => return Vec::new(),
        }
    }
    moves
}

/// Where a position of the tree stands: on the solver's tree, on the book line, and the plies
/// spent to reach it (a forced capture is free, as in the solver).
#[derive(Copy, Clone)]
struct Path<'t, R: Rules> {
    /// The solver's tree node here, while the line follows the solver's tree.
    tree: Option<&'t TreeNode<R>>,
    /// Whether the line so far is the start of the book line.
    on_book: bool,
    /// Whether the line has left both the solver's tree and the book.
    deviated: bool,
    spent: u32,
}

/// Whether `m` is a free ply among `legal`: the only legal move, and a capture.
fn free<R: Rules>(legal: &[Move<R>]) -> bool {
    legal.len() == 1 && legal[0].is_capture()
}

struct Builder<'a, R: Rules> {
    solver: &'a mut Solver<R>,
    solution: &'a Solution<R>,
    book: Option<&'a str>,
    book_moves: Vec<Move<R>>,
    limits: Limits,
    max_turns: usize,
    turns: usize,
    /// The moves from the start to the position being built.
    line: Vec<Move<R>>,
    /// The plies (forced captures free) within which the page wants the goal from the start:
    /// the solver's proof and [`SLACK`].
    allowance: u32,
    /// The solver's [`spent`](Solver::spent) nodes when the build began, and the most it may
    /// search for the tree.
    budget: Option<(u64, u64)>,
}

impl<R: Rules> Builder<'_, R> {
    /// Whether the goal is forced from `position` within `depth` plies (0: reached).
    fn proven(&mut self, position: &Position<R>, depth: u32) -> bool {
        let s = self.solution;
        self.solver
            .prove_from(&s.position, s.goal, position, depth, self.limits)
            == Some(true)
    }

    /// The fewest plies in which the goal is forced from `position`, up to `max` (`max + 1`
    /// when it is not).
    fn distance(&mut self, position: &Position<R>, max: u32) -> u32 {
        (0..=max)
            .find(|&d| self.proven(position, d))
            .unwrap_or(max + 1)
    }

    /// Whether the line so far is the start of the book line.
    fn follows_book(&self) -> bool {
        !self.book_moves.is_empty()
            && self.line.len() <= self.book_moves.len()
            && self.book_moves[..self.line.len()] == self.line[..]
    }

    /// The verdict `check` gives the line so far, which has reached the goal.
    fn ending(&mut self) -> Result<Ending, TreeError> {
        let text = solver::line_texts(&self.solution.position, &self.line).join(" ");
        let result =
            check::check_against(self.solver, self.solution, &text, self.book, self.limits);
        match result.verdict {
            Verdict::Correct => Ok(Ending::Correct),
            Verdict::Alternative => Ok(Ending::Alternative),
            verdict => Err(TreeError::Disagrees {
                line: text,
                verdict,
            }),
        }
    }

    /// The turn of the solving side at `position`, reached by `self.line`.
    fn turn(&mut self, position: &Position<R>, path: Path<R>) -> Result<Turn, TreeError> {
        self.turns += 1;
        if self.turns > self.max_turns {
            return Err(TreeError::TooLarge {
                limit: self.max_turns,
            });
        }
        if let Some((start, budget)) = self.budget {
            if self.solver.spent() - start > budget {
                return Err(TreeError::TooCostly { budget });
            }
        }
        let mut legal = MoveList::new();
        position.legal_moves_into(&mut legal);
        let capture = legal.first().map_or(0, Move::<R>::capture_count);
        let shorter = if capture > 1 {
            position
                .captures_ignoring_majority()
                .iter()
                .filter(|m| m.capture_count() < capture)
                .map(|m| [m.from().number(), m.to().number(), m.capture_count() as u8])
                .collect()
        } else {
            Vec::new()
        };
        // What `check` lets pass after this move, and what the page follows: no more than
        // the solver's proof and the slack, never more than `check`.
        let horizon = check::horizon(self.solution.plies, self.line.len() + 1, self.limits);
        let spent = path.spent + u32::from(!free(&legal));
        let budget = self.allowance.saturating_sub(spent).min(horizon);
        // Judge every move first, so that the best of the good ones is known.
        let mut good = Vec::new();
        let mut judged = Vec::with_capacity(legal.len());
        for m in &legal {
            let after = position.play_unchecked(m);
            let reached = self.proven(&after, 0);
            let keeps = reached || self.proven(&after, budget);
            if keeps {
                good.push(*m);
            }
            judged.push((after, reached, keeps));
        }
        let book_move = if path.on_book {
            self.book_moves.get(self.line.len()).copied()
        } else {
            None
        };
        let best = match (path.tree, book_move) {
            (Some(node), _) => Some(node.mv),
            (None, Some(m)) => Some(m),
            (None, None) => {
                let mut best: Option<(u32, Move<R>)> = None;
                for m in &good {
                    let distance = self.distance(&position.play_unchecked(m), budget);
                    if best.is_none_or(|(d, _)| distance < d) {
                        best = Some((distance, *m));
                    }
                }
                best.map(|(_, m)| m)
            }
        };
        let mut moves = Vec::with_capacity(legal.len());
        for (m, (after, reached, keeps)) in legal.iter().zip(judged) {
            let mut choice = Choice {
                mv: MoveData::new(position, m, &legal),
                verdict: MoveVerdict::Wrong,
                key: self.line.is_empty() && self.solution.key_moves.contains(m),
                end: None,
                replies: Vec::new(),
                refutation: Vec::new(),
                reason: None,
            };
            self.line.push(*m);
            if keeps {
                let correct = Some(*m) == best || Some(*m) == book_move;
                choice.verdict = if correct {
                    MoveVerdict::Correct
                } else {
                    MoveVerdict::Alternative
                };
                let tree = path.tree.filter(|node| node.mv == *m);
                let on_book = path.on_book && self.follows_book();
                if reached {
                    choice.end = Some(self.ending()?);
                } else if path.deviated && !correct {
                    choice.reason = Some(Reason::Unfollowed);
                } else {
                    let next = Path {
                        tree,
                        on_book,
                        deviated: tree.is_none() && !on_book,
                        spent,
                    };
                    choice.replies = self.answers(&after, next, budget)?;
                }
            } else {
                (choice.reason, choice.refutation) = self.refute(&after, budget);
            }
            self.line.pop();
            moves.push(choice);
        }
        Ok(Turn {
            capture,
            shorter,
            moves,
        })
    }

    /// Why the move that led to `position` (the defender to move) is wrong: the reason and
    /// the refutation, with the goal not forced within `budget` plies after it.
    fn refute(&mut self, position: &Position<R>, budget: u32) -> (Option<Reason>, Vec<MoveData>) {
        let s = self.solution;
        let found = check::refutation(
            self.solver,
            &s.position,
            s.goal,
            position,
            budget,
            self.limits,
        );
        let reason = match &found {
            None if !position.has_legal_move() => Reason::NoGoal,
            None => Reason::Escapes,
            Some(r) if r.loss > 0 => Reason::Loses {
                lost: r.loss,
                kings: r.kings,
            },
            Some(r) if r.crowns => Reason::Crowns,
            Some(_) => Reason::Escapes,
        };
        let moves = found
            .map(|r| play_texts(position, &r.moves))
            .unwrap_or_default();
        (Some(reason), moves)
    }

    /// Every defender reply at `position` (after a good move), the hardest first, with the
    /// solving side's turn after each. The move was proven within `budget` plies.
    fn answers(
        &mut self,
        position: &Position<R>,
        path: Path<R>,
        budget: u32,
    ) -> Result<Vec<Answer>, TreeError> {
        let mut legal = MoveList::new();
        position.legal_moves_into(&mut legal);
        let mut order: Vec<(u32, Move<R>)> = Vec::with_capacity(legal.len());
        match path.tree {
            // The solver's tree lists every reply, the hardest first.
            Some(node) => order.extend(node.replies.iter().map(|r| (0, r.mv))),
            None => {
                for m in &legal {
                    let distance = self.distance(&position.play_unchecked(m), budget);
                    order.push((distance, *m));
                }
                order.sort_by_key(|(d, _)| std::cmp::Reverse(*d));
            }
        }
        let spent = path.spent + u32::from(!free(&legal));
        let mut answers = Vec::with_capacity(order.len());
        for (_, reply) in order {
            let after = position.play_unchecked(&reply);
            self.line.push(reply);
            let mut answer = Answer {
                mv: MoveData::new(position, &reply, &legal),
                end: None,
                next: None,
            };
            if self.proven(&after, 0) {
                answer.end = Some(self.ending()?);
            } else {
                let next = Path {
                    tree: path
                        .tree
                        .and_then(|node| node.replies.iter().find(|r| r.mv == reply))
                        .and_then(|r| r.next.as_ref()),
                    on_book: path.on_book && self.follows_book(),
                    deviated: path.deviated,
                    spent,
                };
                answer.next = Some(self.turn(&after, next)?);
            }
            self.line.pop();
            answers.push(answer);
        }
        Ok(answers)
    }
}

/// `moves` played from `position`, as the page plays them.
fn play_texts<R: Rules>(position: &Position<R>, moves: &[Move<R>]) -> Vec<MoveData> {
    let mut now = *position;
    moves
        .iter()
        .map(|m| {
            let data = MoveData::new(&now, m, &now.legal_moves());
            now = now.play_unchecked(m);
            data
        })
        .collect()
}

/// Number of turns of the solving side in `turn` and below.
pub fn turns(turn: &Turn) -> usize {
    1 + turn
        .moves
        .iter()
        .flat_map(|c| &c.replies)
        .filter_map(|a| a.next.as_ref())
        .map(turns)
        .sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_a_tagged_object_the_page_reads_by_field() {
        let json = |r: Reason| serde_json::to_string(&r).unwrap();
        assert_eq!(
            json(Reason::Loses {
                lost: 2,
                kings: false
            }),
            r#"{"kind":"loses","lost":2,"kings":false}"#
        );
        assert_eq!(json(Reason::NoGoal), r#"{"kind":"no_goal"}"#);
        assert_eq!(json(Reason::Unfollowed), r#"{"kind":"unfollowed"}"#);
    }
    use crate::solver::Goal;

    fn tree_of(fen: &str, book: Option<&str>, max_turns: usize) -> Result<Turn, TreeError> {
        let position: crate::Position<crate::International> = fen.parse().unwrap();
        let mut solver = Solver::new();
        let solution = solver.solve(&position, Goal::Win, Limits::default());
        build(&mut solver, &solution, book, Limits::default(), max_turns)
    }

    fn texts(turn: &Turn, verdict: MoveVerdict) -> Vec<&str> {
        turn.moves
            .iter()
            .filter(|c| c.verdict == verdict)
            .map(|c| c.mv.text.as_str())
            .collect()
    }

    #[test]
    fn every_legal_move_is_judged_and_the_key_line_reaches_the_goal() {
        let tree = tree_of("W:W11,23,27,28,43:BK47", None, 100).unwrap();
        assert_eq!(tree.moves.len(), 9);
        assert_eq!(texts(&tree, MoveVerdict::Correct), ["43-38"]);
        assert!(texts(&tree, MoveVerdict::Alternative).is_empty());
        for wrong in tree
            .moves
            .iter()
            .filter(|c| c.verdict == MoveVerdict::Wrong)
        {
            assert_eq!(wrong.reason, Some(Reason::Escapes), "{}", wrong.mv.text);
            assert_eq!(wrong.refutation[0].text, "47-41");
        }
        let key = tree.moves.iter().find(|c| c.key).unwrap();
        let reply = &key.replies[0];
        assert_eq!(reply.mv.text, "47x32");
        assert_eq!(reply.mv.captured, [11, 23, 27, 38]);
        assert_eq!(reply.mv.via, [29, 7, 16]);
        let next = reply.next.as_ref().unwrap();
        assert_eq!(next.capture, 1, "28x37 is compulsory");
        assert_eq!(next.moves.len(), 1);
        assert_eq!(next.moves[0].end, Some(Ending::Correct));
        assert_eq!(turns(&tree), 2);
    }

    #[test]
    fn a_capture_with_two_routes_carries_both() {
        // An english king takes a ring of four and comes back: clockwise or not.
        let position: Position<damtutor_rules::English> =
            "W:WK11,22:B1,K5,K6,K7,K12,14,15,K25,28".parse().unwrap();
        let legal = position.legal_moves();
        let ring = legal
            .iter()
            .find(|m| m.from() == m.to())
            .expect("the ring capture");
        let data = MoveData::new(&position, ring, &legal);
        assert_eq!(data.via, [2, 9, 18]);
        assert_eq!(data.others, [vec![18, 9, 2]]);
        let json = serde_json::to_value(&data).unwrap();
        assert_eq!(json[3], serde_json::json!([2, 9, 18]));
        assert_eq!(json[6], serde_json::json!([[18, 9, 2]]));
        // One route only: nothing more on the page.
        let two = tree_of("W:W8,14,32,38,43:BK48", None, 100).unwrap();
        let json = serde_json::to_value(&two.moves[0].mv).unwrap();
        assert!(json.as_array().unwrap().len() < 7, "{json}");
    }

    #[test]
    fn a_second_key_is_an_alternative_with_its_own_proof() {
        let tree = tree_of("W:W8,14,32,38,43:BK48", None, 100).unwrap();
        assert_eq!(texts(&tree, MoveVerdict::Correct), ["32-27"]);
        assert_eq!(texts(&tree, MoveVerdict::Alternative), ["8-3"]);
        let alternative = tree.moves.iter().find(|c| c.mv.text == "8-3").unwrap();
        assert!(alternative.key && alternative.mv.crowns);
        assert!(!alternative.replies.is_empty());
        let wrong = tree.moves.iter().find(|c| c.mv.text == "32-28").unwrap();
        assert_eq!(
            wrong.reason,
            Some(Reason::Loses {
                lost: 5,
                kings: true
            })
        );
        // The refutation: the king's capture of five, with its route.
        assert_eq!(wrong.refutation[0].text, "48x42");
        assert_eq!(wrong.refutation[0].via, [25, 3, 17, 33]);
    }

    #[test]
    fn a_material_goal_and_a_book_line() {
        let book = "27-22 18x27 32x21 16x27 34-30 25x34 40x16";
        let position: crate::Position<crate::International> =
            "W:W27,32,34,38,40,45:B11,12,16,18,23,25".parse().unwrap();
        let mut solver = Solver::new();
        let solution = solver.solve(&position, Goal::Material(2), Limits::default());
        let tree = build(&mut solver, &solution, Some(book), Limits::default(), 100).unwrap();
        let wrong = tree.moves.iter().find(|c| c.mv.text == "32-28").unwrap();
        assert_eq!(
            wrong.reason,
            Some(Reason::Loses {
                lost: 2,
                kings: false
            })
        );
        let mut turn = &tree;
        let mut line = Vec::new();
        loop {
            let choice = turn
                .moves
                .iter()
                .find(|c| c.verdict == MoveVerdict::Correct)
                .unwrap();
            line.push(choice.mv.text.clone());
            if let Some(end) = choice.end {
                assert_eq!(end, Ending::Correct);
                break;
            }
            line.push(choice.replies[0].mv.text.clone());
            turn = choice.replies[0].next.as_ref().unwrap();
        }
        assert_eq!(line.join(" "), book);
    }

    #[test]
    fn too_large_and_unsolved_trees_are_errors() {
        assert_eq!(
            tree_of("W:WK1:B7,21,22,28", None, 2),
            Err(TreeError::TooLarge { limit: 2 })
        );
        assert_eq!(
            tree_of("W:W46:B5,10,15", None, 100),
            Err(TreeError::Unsolved)
        );
    }
}
