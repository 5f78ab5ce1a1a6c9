//! Checking a student's line of moves against the solver.
//!
//! The line is read leniently (move numbers or none, `x`/`×`, `-`/`—`, full-width digits, short
//! or full capture notation, only the solving side's moves). Defender moves that are left out are
//! filled in when they are forced or determined by the next move. Every solving-side move is
//! checked by the solver: it must keep the goal forced.
//!
//! Verdicts are proven, or they are `unknown`:
//! - a solving-side move is good when the solver proves the goal forced after it, within the
//!   full `max_plies` counted from that move (not from the start of the line);
//! - it is `wrong` only when the refutation is proven: every line within that horizon was
//!   examined and the defender's reply either wins material the solving side does not get back
//!   ("the move loses"), or stops the goal with the horizon reaching at least
//!   [`QUIET_MARGIN`] plies beyond what the solver's own line still needs - and the student's
//!   own line does not go on to reach the goal against that very reply;
//! - otherwise (a node or time limit, or a horizon too short for a quiet refutation) the move is
//!   not judged and the verdict is [`Verdict::Unknown`], which is not marked.
//!
//! With `auto`, a line is accepted when it forces any goal at least as strong as the best the
//! solver proves: a line that wins the game is right where the solver's best is a material
//! gain, even when it gives material first.

use super::explain::{Reason, RestStep, Said, SaidKind};
use super::verdict::Verdict;
use crate::notation::{self, BrokenRule, MoveError};
use crate::solver::{self, DrawClock, Goal, Limits, Solution, Solver, Status, TreeNode, Unknown};
use crate::square::Color;
use crate::words::Lang;
use damtutor_rules::{Move, MoveList, Position, Rules};
use serde::Serialize;

/// The first thing wrong with a line.
#[derive(Clone, Debug, Serialize)]
pub struct LineError {
    /// The ply (1-based) in the line as played, filled-in moves included.
    pub ply: usize,
    /// The move as the student wrote it.
    #[serde(rename = "move")]
    pub text: String,
    /// Why it is wrong, in the check's language (see [`LineCheck::in_language`]).
    pub reason: String,
    /// For a wrong move: the defender's reply that refutes it, and the forced moves after it.
    pub refutation: Vec<String>,
    /// Why it is wrong, as data.
    #[serde(skip)]
    pub why: Reason,
}

/// The result of checking a line.
#[derive(Clone, Debug, Serialize)]
pub struct LineCheck {
    pub verdict: Verdict,
    pub accepted: bool,
    pub first_error: Option<LineError>,
    /// For an `unknown` verdict: the move that could not be judged within the limits, and why
    /// (its `refutation`, when there is one, is the reply not proven to refute it).
    pub unjudged: Option<LineError>,
    /// The moves as understood, in standard notation, filled-in defender moves included.
    pub line: Vec<String>,
    /// Indices into `line` of the moves filled in.
    pub filled: Vec<usize>,
    /// Where the line stops once the goal is decided: the rest of the win, which the line
    /// need not write (the defence that lasts longest).
    pub rest: Vec<String>,
    /// The rest as a sentence, in `lang`: `Then (22-25) 5-1 crowns.`
    pub note: Option<String>,
    /// Whether the first move is a key move.
    pub key_right: bool,
    /// The goal checked (the one the solver proved for `auto`).
    pub goal: String,
    /// One sentence for the student, in `lang`.
    pub message: String,
    /// The language of `message` and of the first error's reason: English, unless the check
    /// was said in another ([`LineCheck::in_language`]).
    pub lang: Lang,
    /// What the check says, as data (the words of `message`).
    #[serde(skip)]
    pub said: Said,
}

/// Why a line could not be checked at all: the solver proves no `goal` (its `status`); see
/// [`NoSolution::say`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSolution {
    pub goal: Goal,
    pub status: Status,
}

/// Checks `text` as a solution of `start` for the side to move. `book` is an expected solution
/// from an exercise file; matching it also counts as correct. When the solver's node or time
/// limit stops it before it solves `start`, the line is still checked move by move, and what
/// cannot be proven is `unknown`; `Err` only when the solver proves no `goal` (or a draw rule
/// stops it).
pub fn check_line<R: Rules>(
    solver: &mut Solver<R>,
    start: &Position<R>,
    text: &str,
    goal: Goal,
    book: Option<&str>,
    limits: Limits,
) -> Result<LineCheck, NoSolution> {
    let solution = solver.solve(start, goal, limits);
    if solution.unknown == Some(Unknown::Limits) {
        return Ok(check_unsolved(solver, solution, goal, text, book, limits));
    }
    if !solution.is_solved() {
        // An illegal first move is illegal whatever the position holds: say so (the walk stops
        // at it before asking the solver anything).
        let first = notation::line_tokens(text).into_iter().next();
        let illegal = first.is_some_and(|token| {
            matches!(start.parse_move(&token), Err(e) if !matches!(e, MoveError::Ambiguous { .. }))
        });
        if illegal {
            return Ok(walk_line(solver, &solution, text, book, limits));
        }
        return Err(NoSolution {
            goal,
            status: solution.status,
        });
    }
    Ok(check_against(solver, &solution, text, book, limits))
}

/// The check of a line when the solver's limits ran out before it solved the position: each
/// move is still judged within the limits against the goal (`auto`: against a win, the
/// strongest). What stands is what is proven: an illegal move, a line that forces the goal;
/// for `auto`, anything short of a forced win is left to the teacher (`unknown`), the best
/// goal being unknown.
fn check_unsolved<R: Rules>(
    solver: &mut Solver<R>,
    mut solution: Solution<R>,
    goal: Goal,
    text: &str,
    book: Option<&str>,
    limits: Limits,
) -> LineCheck {
    let auto = goal == Goal::Auto;
    solution.goal = if auto { Goal::Win } else { goal };
    solution.choice = None;
    let check = walk_line(solver, &solution, text, book, limits);
    let stands = matches!(check.verdict, Verdict::Illegal | Verdict::Unknown);
    if !auto || check.verdict.accepted() || stands {
        return check;
    }
    let mut said = check.said;
    said.kind = SaidKind::Unsolved;
    said.rest.clear();
    LineCheck {
        verdict: Verdict::Unknown,
        accepted: false,
        first_error: None,
        unjudged: None,
        rest: Vec::new(),
        goal: Goal::Auto.to_string(),
        said,
        ..check
    }
    .in_language(Lang::English)
}

/// [`check_against`] for a solution of any game, with the calling thread's solver
/// ([`solver::with_thread_solver`]): for code that learns the game at run time, and compiled
/// once here for all four games rather than in each caller.
pub fn check_against_any(
    solution: &solver::VariantSolution,
    text: &str,
    book: Option<&str>,
    limits: Limits,
) -> LineCheck {
    crate::with_solution!(solution, s => {
        solver::with_thread_solver(|solver| check_against(solver, s, text, book, limits))
    })
}

/// [`check_line`] with the solution already at hand.
///
/// A line is complete once the goal is reached, or once, after the solving side's last move in
/// it, the goal is *decided* ([`Solver::settled`]): whatever the defence, the rest needs no
/// sacrifice and no only-move - a man that crowns next move, a piece that is taken next move.
/// Such a line is correct (or an accepted alternative), and the rest is told as a note; a line
/// that stops before that point is incomplete.
///
/// For a solution of `auto` whose goal is a material gain or a king, a line not judged correct
/// against that goal is checked against a win as well, when it may be one (the line as written
/// wins, or a quiet refutation was not proven beyond the horizon): a forced win is at least as
/// strong as any gain.
pub fn check_against<R: Rules>(
    solver: &mut Solver<R>,
    solution: &Solution<R>,
    text: &str,
    book: Option<&str>,
    limits: Limits,
) -> LineCheck {
    let check = walk_line(solver, solution, text, book, limits);
    let weaker = solution.choice.is_some() && solution.goal != Goal::Win;
    let may_win = match check.verdict {
        // Beyond the horizon of a quiet refutation a win may lie; when the node or time limit
        // ran out, a search for the win within the same limits would run out too.
        Verdict::Unknown => check
            .unjudged
            .as_ref()
            .is_some_and(|e| !matches!(e.why, Reason::OutOfLimits)),
        Verdict::Alternative | Verdict::Incomplete => {
            ends_in_a_win(solver, &solution.position, &check.line, limits)
        }
        _ => false,
    };
    if !(weaker && may_win) {
        return check;
    }
    let win = solver.solve(&solution.position, Goal::Win, limits);
    if !win.is_solved() {
        return check;
    }
    let against_win = walk_line(solver, &win, text, book, limits);
    let better = against_win.verdict.accepted()
        || (check.verdict == Verdict::Unknown && against_win.verdict == Verdict::Incomplete);
    if better {
        against_win
    } else {
        check
    }
}

/// How many plies beyond what the solver's own line still needs the horizon from a move must
/// reach before a refutation that costs no material counts as proven.
pub const QUIET_MARGIN: u32 = 10;

/// Whether `line` (move texts from `start`) ends in a won game for the side to move in
/// `start`, or in a position from which the solver proves a win within four plies.
fn ends_in_a_win<R: Rules>(
    solver: &mut Solver<R>,
    start: &Position<R>,
    line: &[String],
    limits: Limits,
) -> bool {
    let mut position = *start;
    for text in line {
        match position.parse_move(text) {
            Ok(m) => position = position.play_unchecked(&m),
            Err(_) => return false,
        }
    }
    if !position.has_legal_move() {
        return position.turn() != start.turn();
    }
    solver.prove_from(start, Goal::Win, &position, 4, limits) == Some(true)
}

/// The check of `text` against the goal of `solution`, proven move by move.
fn walk_line<R: Rules>(
    solver: &mut Solver<R>,
    solution: &Solution<R>,
    text: &str,
    book: Option<&str>,
    limits: Limits,
) -> LineCheck {
    let start = solution.position;
    let goal = solution.goal;
    let attacker = start.turn();
    let tokens = notation::line_tokens(text);
    let mut expected = vec![solution.line.clone()];
    expected.extend(book.and_then(|b| book_moves(&start, b)));
    let mut walk = Walk {
        solver,
        expected,
        book_plies: solution.plies as u32,
        slow: false,
        start,
        goal,
        limits,
        position: start,
        clock: DrawClock::start(&start),
        played: Vec::new(),
        texts: Vec::new(),
        filled: Vec::new(),
    };
    let mut error = None;
    let mut unjudged = None;
    let mut index = 0;
    let mut reached = false;
    // The rest of the win where the line is decided after the solving side's last move, and
    // whether it was decided after any of them (moves written past that point must still be
    // sound, but need not be decisive).
    let mut decided: Option<Vec<Move<R>>> = None;
    let mut decided_once = false;
    while index < tokens.len() && !reached {
        let token = &tokens[index];
        if walk.position.turn() == attacker {
            match walk.attacker_move(token) {
                Ok(m) => {
                    // A key move the solver proved forces the goal, if only more slowly.
                    let key = walk.played.is_empty() && solution.key_moves.contains(&m);
                    walk.slow |= key && solution.line.first() != Some(&m);
                    walk.play(m, false);
                    index += 1;
                    match walk.proven(0) {
                        Some(true) => reached = true,
                        _ => {
                            if !key {
                                match walk.judge() {
                                    Judged::Forced => {}
                                    Judged::OutOfLimits => {
                                        unjudged = Some(walk.unjudged(token, Reason::OutOfLimits));
                                        break;
                                    }
                                    Judged::Refuted => {
                                        let found = walk.refute(token);
                                        if walk.proves(&found, &tokens[index..]) {
                                            error = Some(found);
                                        } else {
                                            let plies = walk.limits.max_plies;
                                            let why = Reason::BeyondHorizon { plies };
                                            unjudged = Some(LineError { why, ..found });
                                        }
                                        break;
                                    }
                                }
                            }
                            decided = walk.solver.settled(&start, goal, &walk.position);
                            decided_once |= decided.is_some();
                        }
                    }
                }
                Err(e) => {
                    error = Some(walk.illegal(token, e));
                    break;
                }
            }
        } else {
            match walk.defender_move(token, &tokens[index..]) {
                Ok((m, consumed)) => {
                    walk.play(m, !consumed);
                    if consumed {
                        index += 1;
                    }
                    if walk.proven(0) == Some(true) {
                        reached = true;
                    }
                }
                Err(e) => {
                    error = Some(walk.illegal(token, e));
                    break;
                }
            }
        }
    }
    // Moves written after the goal was reached are kept, checked only for legality, so that
    // the report shows the whole line the student wrote.
    let judged_plies = walk.played.len();
    while reached && error.is_none() && index < tokens.len() {
        let token = &tokens[index];
        let next = if walk.position.turn() == attacker {
            walk.position.parse_move(token).map(|m| (m, true))
        } else {
            walk.defender_move(token, &tokens[index..])
        };
        match next {
            Ok((m, consumed)) => {
                walk.play(m, !consumed);
                if consumed {
                    index += 1;
                }
            }
            Err(e) => error = Some(walk.illegal(token, e)),
        }
    }
    // The rest, told as a note: from the decided point, the moves the student has not written.
    let rest: Vec<Move<R>> = match (&decided, reached, error.as_ref().or(unjudged.as_ref())) {
        (Some(tail), false, None) => {
            if walk.plies_since_attacker() == 0 {
                tail.clone()
            } else {
                // A defender's move was written after the decisive one: go on from there.
                walk.solver
                    .settled_rest(&start, goal, &walk.position)
                    .unwrap_or_default()
            }
        }
        _ => Vec::new(),
    };
    let complete = reached || (decided_once && error.is_none() && unjudged.is_none());
    let key_right = walk
        .played
        .first()
        .is_some_and(|m| solution.key_moves.contains(m));
    let verdict = match (&error, complete) {
        (None, _) if unjudged.is_some() => Verdict::Unknown,
        (Some(e), _) if e.refutation.is_empty() && e.why.is_illegal() => Verdict::Illegal,
        (Some(_), _) => Verdict::Wrong,
        (None, true) => {
            let follows_tree = solution
                .tree
                .as_ref()
                .is_some_and(|tree| follows(tree, &walk.played[..judged_plies]));
            let follows_book = book.is_some_and(|b| {
                same_line(&start, b, &walk.played[..judged_plies])
                    || same_line(&start, b, &walk.played)
            });
            // Nothing to compare with (no proof of the solver's own, no book line): right.
            let nothing_to_compare =
                solution.tree.is_none() && solution.line.is_empty() && book.is_none();
            if follows_tree || follows_book || nothing_to_compare {
                Verdict::Correct
            } else {
                Verdict::Alternative
            }
        }
        (None, false) => Verdict::Incomplete,
    };
    let kind = match (error.as_ref().or(unjudged.as_ref()), verdict) {
        (Some(e), _) => SaidKind::Error {
            ply: e.ply,
            text: e.text.clone(),
            reason: e.why.clone(),
        },
        (None, Verdict::Correct) => SaidKind::Correct,
        (None, Verdict::Alternative) => {
            let (book, first) = book_line(&start, book, solution);
            SaidKind::Alternative {
                key: (walk.played.first() != first.as_ref())
                    .then(|| walk.texts.first().cloned())
                    .flatten(),
                book,
            }
        }
        (None, _) if walk.texts.is_empty() => SaidKind::NoMoves,
        (None, _) => SaidKind::Incomplete,
    };
    let said = Said {
        variant: R::RULES.variant,
        goal,
        attacker,
        kind,
        rest: rest_steps(&walk.position, &rest, attacker),
    };
    LineCheck {
        verdict,
        accepted: verdict.accepted(),
        first_error: error,
        unjudged,
        line: walk.texts,
        filled: walk.filled,
        rest: solver::line_texts(&walk.position, &rest),
        note: None,
        key_right,
        goal: goal.to_string(),
        message: String::new(),
        lang: Lang::English,
        said,
    }
    .in_language(Lang::English)
}

/// The rest of a decided line as steps: each defender's move (if any) with the solving side's
/// answer and what it does.
fn rest_steps<R: Rules>(
    position: &Position<R>,
    rest: &[Move<R>],
    attacker: Color,
) -> Vec<RestStep> {
    let mut now = *position;
    let mut steps = Vec::new();
    let mut reply: Option<String> = None;
    for m in rest {
        let text = now.move_text(m);
        let after = now.play_unchecked(m);
        if now.turn() != attacker {
            reply = Some(text);
        } else {
            steps.push(RestStep {
                reply: reply.take(),
                answer: Some(text),
                wins: !after.has_legal_move(),
                crowns: m.promotes(),
                takes: m.capture_count() as u32,
            });
        }
        now = after;
    }
    if let Some(reply) = reply {
        steps.push(RestStep {
            reply: Some(reply),
            answer: None,
            wins: false,
            crowns: false,
            takes: 0,
        });
    }
    steps
}

struct Walk<'a, R: Rules> {
    solver: &'a mut Solver<R>,
    /// The solver's main line and the book line: their replies are filled in first.
    expected: Vec<Vec<Move<R>>>,
    /// Plies of the solver's own main line: a student's line may take a few more.
    book_plies: u32,
    /// The line began with a key move other than the main line's, which may win only more
    /// slowly: its moves are checked to the solver's horizon.
    slow: bool,
    start: Position<R>,
    goal: Goal,
    limits: Limits,
    position: Position<R>,
    /// The draw rules' counts at `position`.
    clock: DrawClock,
    played: Vec<Move<R>>,
    texts: Vec<String>,
    filled: Vec<usize>,
}

/// How a solving-side move was judged.
enum Judged {
    /// The goal is still forced after it.
    Forced,
    /// Not forced within the full horizon from the move: every line was examined.
    Refuted,
    /// A node or time limit ran out first.
    OutOfLimits,
}

impl<R: Rules> Walk<'_, R> {
    /// Judges the solving side's move just played: first within the quick horizon (what the
    /// solver's own line still needs, and six plies more), then, failing that, within the full
    /// `max_plies` counted from the move itself.
    fn judge(&mut self) -> Judged {
        let quick = self.horizon();
        match self.proven(quick) {
            Some(true) => return Judged::Forced,
            None => return Judged::OutOfLimits,
            Some(false) => {}
        }
        let full = self.limits.max_plies;
        if full <= quick {
            return Judged::Refuted;
        }
        match self.proven(full) {
            Some(true) => Judged::Forced,
            Some(false) => Judged::Refuted,
            None => Judged::OutOfLimits,
        }
    }

    /// Whether `found`, the refutation of the move just played (not forced within the full
    /// horizon), is proven: the move loses material, or the horizon from the move reaches
    /// [`QUIET_MARGIN`] plies beyond what the solver's own line still needs. Not when the
    /// student's line, in `rest` (the tokens after the move), answers the refuting reply and
    /// goes on to reach the goal: the win lies beyond the horizon.
    fn proves(&mut self, found: &LineError, rest: &[String]) -> bool {
        let before = self.played.len().saturating_sub(1);
        let need = (self.book_plies as usize).saturating_sub(before) as u32;
        let far_enough = self.limits.max_plies >= need + QUIET_MARGIN;
        let proven = match &found.why {
            Reason::GoalNotReached => true,
            Reason::Refuted { .. } => far_enough || self.loss_holds(),
            _ => far_enough,
        };
        proven && !self.reaches_goal_along(found, rest)
    }

    /// Whether the defender, to move after the solving side's move just played, forces a
    /// material gain of its own that holds (the solver's material goal, from this position,
    /// within [`QUIET_MARGIN`] plies): the move loses material.
    fn loss_holds(&mut self) -> bool {
        let depth = QUIET_MARGIN.min(self.limits.max_plies);
        let here = self.position;
        self.solver
            .prove_from(&here, Goal::Material(1), &here, depth, self.limits)
            == Some(true)
    }

    /// Whether the written `rest` of the line begins with the refuting reply of `found` and
    /// reaches the goal, each move read as written.
    fn reaches_goal_along(&mut self, found: &LineError, rest: &[String]) -> bool {
        let Some(reply) = found.refutation.first() else {
            return false;
        };
        let mut position = self.position;
        let mut clock = self.clock;
        for (i, token) in rest.iter().enumerate() {
            let Ok(m) = position.parse_move(token) else {
                return false;
            };
            if i == 0 && position.move_text(&m) != *reply {
                return false;
            }
            position = position.play_unchecked(&m);
            clock = clock.after(&m, &position);
            let reached =
                self.solver
                    .prove_along(&self.start, self.goal, &position, clock, 0, self.limits);
            if reached == Some(true) {
                return true;
            }
        }
        false
    }

    /// The move just played, not judged for `why`.
    fn unjudged(&self, token: &str, why: Reason) -> LineError {
        LineError {
            ply: self.played.len(),
            text: token.to_string(),
            reason: String::new(),
            refutation: Vec::new(),
            why,
        }
    }

    /// How deep to look for the rest of the win from here: what the solver's own line still
    /// needs plus six plies for a slower alternative, within the solver's horizon.
    fn horizon(&self) -> u32 {
        if self.slow {
            return self
                .limits
                .max_plies
                .saturating_sub(self.played.len() as u32);
        }
        horizon(self.book_plies as usize, self.played.len(), self.limits)
    }

    fn play(&mut self, m: Move<R>, filled: bool) {
        self.texts.push(self.position.move_text(&m));
        if filled {
            self.filled.push(self.played.len());
        }
        self.played.push(m);
        self.position = self.position.play_unchecked(&m);
        self.clock = self.clock.after(&m, &self.position);
    }

    /// Plies played since the solving side's last move.
    fn plies_since_attacker(&self) -> usize {
        let mut position = self.start;
        let mut since = 0;
        for m in &self.played {
            since = if position.turn() == self.start.turn() {
                0
            } else {
                since + 1
            };
            position = position.play_unchecked(m);
        }
        since
    }

    /// Whether the goal is still forced from the current position within `depth` plies
    /// (`depth` 0: reached already).
    fn proven(&mut self, depth: u32) -> Option<bool> {
        self.solver.prove_along(
            &self.start,
            self.goal,
            &self.position,
            self.clock,
            depth,
            self.limits,
        )
    }

    fn wins_after(&mut self, m: &Move<R>) -> bool {
        let after = self.position.play_unchecked(m);
        self.solver.prove_along(
            &self.start,
            self.goal,
            &after,
            self.clock.after(m, &after),
            self.limits.max_plies,
            self.limits,
        ) == Some(true)
    }

    /// The solving side's move for `token`; an ambiguous capture is resolved when the choice
    /// does not matter (all routes win, or none does).
    fn attacker_move(&mut self, token: &str) -> Result<Move<R>, MoveError> {
        match self.position.parse_move(token) {
            Ok(m) => Ok(m),
            Err(MoveError::Ambiguous { text, options }) => {
                let parsed = notation::parse_move_text(token, R::RULES.board)?;
                let (from, to) = (parsed.squares[0], *parsed.squares.last().unwrap_or(&0));
                let candidates: Vec<Move<R>> = self
                    .position
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.from().number() == from && m.to().number() == to)
                    .collect();
                let wins: Vec<bool> = candidates.iter().map(|m| self.wins_after(m)).collect();
                if wins.iter().all(|&w| w) || wins.iter().all(|&w| !w) {
                    Ok(candidates[0])
                } else {
                    Err(MoveError::Ambiguous { text, options })
                }
            }
            Err(e) => Err(e),
        }
    }

    /// The defender's move for `token`, or a reply filled in when `token` is the solving side's
    /// next move: returns the move and whether `token` was used.
    fn defender_move(
        &mut self,
        token: &str,
        rest: &[String],
    ) -> Result<(Move<R>, bool), MoveError> {
        let mut legal = MoveList::new();
        self.position.legal_moves_into(&mut legal);
        let direct = self.position.parse_move(token);
        match direct {
            Ok(m) => return Ok((m, true)),
            Err(MoveError::Ambiguous { .. }) => {
                // The defender's choice matters for what follows; take the first that the
                // solver's tree answers, else the first.
                let parsed = notation::parse_move_text(token, R::RULES.board)?;
                let (from, to) = (parsed.squares[0], *parsed.squares.last().unwrap_or(&0));
                if let Some(m) = legal
                    .iter()
                    .find(|m| m.from().number() == from && m.to().number() == to)
                {
                    return Ok((*m, true));
                }
            }
            Err(_) => {}
        }
        // Left out? Fill in a reply after which `token` is legal for the solving side.
        let fits: Vec<Move<R>> = legal
            .iter()
            .filter(|r| self.position.play_unchecked(r).parse_move(token).is_ok())
            .copied()
            .collect();
        if legal.len() == 1 && !fits.is_empty() {
            return Ok((legal[0], false));
        }
        match fits.len() {
            0 => Err(direct.err().unwrap_or(MoveError::Illegal {
                text: token.to_string(),
                rule: BrokenRule::NotLegal,
            })),
            1 => Ok((fits[0], false)),
            _ => Ok((self.likeliest_reply(&fits, rest), false)),
        }
    }

    /// Of several replies the student may have left out, the one to fill in: the defence the
    /// solver's main line or the book line plays, else the one after which most of the student's
    /// written line stays legal (the first of those).
    fn likeliest_reply(&self, fits: &[Move<R>], rest: &[String]) -> Move<R> {
        let ply = self.played.len();
        let expected = |reply: &Move<R>| {
            self.expected
                .iter()
                .any(|line| line.get(ply) == Some(reply) && line.starts_with(&self.played))
        };
        if let Some(reply) = fits.iter().find(|r| expected(r)) {
            return *reply;
        }
        let mut best = (fits[0], 0);
        for reply in fits {
            let kept = playable(&self.position.play_unchecked(reply), rest);
            if kept > best.1 {
                best = (*reply, kept);
            }
        }
        best.0
    }

    fn illegal(&self, token: &str, e: MoveError) -> LineError {
        LineError {
            ply: self.played.len() + 1,
            text: token.to_string(),
            reason: String::new(),
            refutation: Vec::new(),
            why: Reason::Move(e),
        }
    }

    /// The reply that refutes the last (solving side's) move, and what it costs.
    fn refute(&mut self, token: &str) -> LineError {
        let ply = self.played.len();
        let depth = self.limits.max_plies;
        let found = refutation(
            self.solver,
            &self.start,
            self.goal,
            &self.position,
            depth,
            self.limits,
        );
        let (why, moves) = match found {
            None if !self.position.has_legal_move() => (Reason::GoalNotReached, Vec::new()),
            None => (Reason::NotForced, Vec::new()),
            Some(refutation) => {
                let texts = solver::line_texts(&self.position, &refutation.moves);
                let why = if refutation.loss > 0 {
                    Reason::Refuted {
                        answer: texts.clone(),
                        lost: refutation.loss,
                        kings: refutation.kings,
                        king: solver::king_value::<R>(),
                    }
                } else {
                    Reason::Escapes {
                        answer: texts.clone(),
                    }
                };
                (why, texts)
            }
        };
        LineError {
            ply,
            text: token.to_string(),
            reason: String::new(),
            refutation: moves,
            why,
        }
    }
}

/// How deep to look for the rest of the win after `played` plies of a line: what the solver's
/// own line (`book_plies` long) still needs plus six plies for a slower alternative, within the
/// solver's horizon. A solving-side move that keeps the goal forced within this depth is good.
pub fn horizon(book_plies: usize, played: usize, limits: Limits) -> u32 {
    let remaining = book_plies.saturating_sub(played) as u32;
    (remaining + 6).min(limits.max_plies)
}

/// The defender's answer to a solving-side move that lets the goal slip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation<R: Rules> {
    /// The refuting reply, then the forced moves after it (at most six, each the only legal move).
    pub moves: Vec<Move<R>>,
    /// The solving side's net loss of material over those moves (a king counting as
    /// [`solver::balance`] counts it); zero or less when the goal merely slips away.
    pub loss: i32,
    /// Whether a king stood on the board before or after.
    pub kings: bool,
    /// Whether one of the defender's moves in `moves` crowns a man.
    pub crowns: bool,
}

/// The refutation of the solving side's last move: `position` is after it, the defender to move,
/// and `start` the exercise's position (material is counted against it). The defender's
/// replies are tried most captures first; the first after which `goal` is proven no longer
/// forced within `depth` plies is the refutation (a reply whose proof hits a node or time limit
/// is none). `None` when the defender has no legal move or no reply is proven to refute.
pub fn refutation<R: Rules>(
    solver: &mut Solver<R>,
    start: &Position<R>,
    goal: Goal,
    position: &Position<R>,
    depth: u32,
    limits: Limits,
) -> Option<Refutation<R>> {
    let attacker = start.turn();
    let mut order = position.with_legal_moves(<[_]>::to_vec);
    order.sort_by_key(|m| std::cmp::Reverse(m.capture_count()));
    for reply in order {
        let after = position.play_unchecked(&reply);
        if solver.prove_from(start, goal, &after, depth, limits) != Some(false) {
            continue;
        }
        let mut moves = vec![reply];
        let mut crowns = reply.promotes();
        let mut now = after;
        for _ in 0..6 {
            let mut next = MoveList::new();
            now.legal_moves_into(&mut next);
            if next.len() != 1 {
                break;
            }
            if now.turn() != attacker && next[0].promotes() {
                crowns = true;
            }
            moves.push(next[0]);
            now = now.play_unchecked(&next[0]);
        }
        let kings = [position, &now]
            .iter()
            .any(|p| !p.kings(Color::White).is_empty() || !p.kings(Color::Black).is_empty());
        return Some(Refutation {
            loss: solver::balance(position, attacker) - solver::balance(&now, attacker),
            moves,
            kings,
            crowns,
        });
    }
    None
}

/// Whether `played` follows the tree: each solving-side move is the tree's answer.
fn follows<R: Rules>(tree: &TreeNode<R>, played: &[Move<R>]) -> bool {
    let mut node = tree;
    let mut i = 0;
    loop {
        match played.get(i) {
            None => return true,
            Some(m) if *m != node.mv => return false,
            Some(_) => {}
        }
        let Some(reply_move) = played.get(i + 1) else {
            return true;
        };
        let Some(reply) = node.replies.iter().find(|r| r.mv == *reply_move) else {
            return false;
        };
        match &reply.next {
            Some(next) => {
                node = next;
                i += 2;
            }
            None => return played.len() <= i + 2,
        }
    }
}

/// How many of `tokens` (the first for the side to move in `position`) can be played one after
/// the other, a left-out reply filled in by the first that fits.
fn playable<R: Rules>(position: &Position<R>, tokens: &[String]) -> usize {
    let mut position = *position;
    let mut count = 0;
    let mut attacker = true;
    let mut tokens = tokens.iter().peekable();
    while let Some(token) = tokens.peek() {
        if let Ok(m) = position.parse_move(token) {
            position = position.play_unchecked(&m);
            count += 1;
            tokens.next();
        } else if attacker {
            break;
        } else {
            let fill = position
                .legal_moves()
                .into_iter()
                .find(|r| position.play_unchecked(r).parse_move(token).is_ok());
            match fill {
                Some(r) => position = position.play_unchecked(&r),
                None => break,
            }
        }
        attacker = !attacker;
    }
    count
}

/// The moves of the book line `text` from `start`; `None` unless every one of them reads as a
/// legal move.
fn book_moves<R: Rules>(start: &Position<R>, text: &str) -> Option<Vec<Move<R>>> {
    let mut position = *start;
    let mut moves = Vec::new();
    for token in notation::line_tokens(text) {
        let m = position.parse_move(&token).ok()?;
        moves.push(m);
        position = position.play_unchecked(&m);
    }
    Some(moves)
}

/// Whether `played` is the book line `text` (or the part of it the student wrote).
fn same_line<R: Rules>(start: &Position<R>, text: &str, played: &[Move<R>]) -> bool {
    book_moves(start, text).is_some_and(|book| !book.is_empty() && played.starts_with(&book))
}

/// The book line in numbered notation, and its first move: the exercise's `book` solution
/// when it reads as moves from `start`, else the solver's line.
fn book_line<R: Rules>(
    start: &Position<R>,
    book: Option<&str>,
    solution: &Solution<R>,
) -> (String, Option<Move<R>>) {
    match book
        .and_then(|b| book_moves(start, b))
        .filter(|m| !m.is_empty())
    {
        None => (solution.annotated(), solution.line.first().copied()),
        Some(moves) => {
            let key = solution.unique() && solution.key_moves.first() == moves.first();
            (solver::annotate(start, &moves, key), moves.first().copied())
        }
    }
}
