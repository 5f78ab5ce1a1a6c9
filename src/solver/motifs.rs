//! Motif tags computed from a line of play: the solver's main line, a teacher's written
//! solution or a student's answer.
//!
//! Each motif is recognised by what happens in the line - which captures are forced, which
//! piece is taken, which square a capture lands on or passes - never by the squares of its
//! classic diagram, so a shot is found on any part of the board, for either colour, and in any
//! order of moves that makes the same combination. The named shots are in [`shots`](super::shots).

use super::shots;
use crate::square::{Color, Square};
use damtutor_rules::{Move, Position, Rules};

pub use crate::vocabulary::Motif;

/// One ply of a line with its position.
pub(super) struct Ply<R: Rules> {
    pub before: Position<R>,
    pub mv: Move<R>,
    pub by_solver: bool,
}

/// The motifs of `line`, played from `start` by the side to move there and its opponent, in
/// [`Motif::ALL`] order. The line must be legal (as every solution and checked answer is).
/// The bomb needs the maximum-capture rule.
///
/// ```
/// use damtutor::solver::{tag_line, Motif};
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
/// assert!(tag_line(&start, &line).contains(&Motif::TurkishStrike));
/// ```
pub fn tag_line<R: Rules>(start: &Position<R>, line: &[Move<R>]) -> Vec<Motif> {
    let solver = start.turn();
    let mut plies = Vec::with_capacity(line.len());
    let mut position = *start;
    for m in line {
        plies.push(Ply {
            before: position,
            mv: *m,
            by_solver: position.turn() == solver,
        });
        position = position.play_unchecked(m);
    }
    let mut found = Vec::new();
    for motif in Motif::ALL {
        let present = match motif {
            Motif::TurkishStrike => shots::turkish_strike(&plies),
            Motif::Breakthrough => plies.iter().any(|p| p.by_solver && p.mv.promotes()),
            Motif::KingTrap => king_trap(&plies),
            Motif::Sacrifice => sacrifices(&plies) > 0,
            Motif::MajorityRuleForcing => plies
                .iter()
                .any(|p| !p.by_solver && p.mv.is_capture() && majority_decided(&p.before)),
            Motif::BackwardCapture => plies.iter().any(|p| p.by_solver && backward(p)),
            Motif::MultiCapture => plies
                .iter()
                .any(|p| p.by_solver && p.mv.capture_count() >= 3),
            Motif::Tempo => plies.windows(2).any(|w| {
                w[0].by_solver
                    && !w[0].mv.is_capture()
                    && w[0].before.with_turn(solver.other()).has_capture()
                    && w[1].mv.is_capture()
            }),
            Motif::CoupPhilippe => shots::coup_philippe(&plies),
            Motif::CoupRoyal => shots::coup_royal(&plies),
            Motif::Bomb => R::RULES.maximum_capture && shots::bomb(&plies),
        };
        if present {
            found.push(motif);
        }
    }
    found
}

/// Solver's quiet moves answered by a capture.
pub(super) fn sacrifices<R: Rules>(plies: &[Ply<R>]) -> usize {
    plies
        .windows(2)
        .filter(|w| w[0].by_solver && !w[0].mv.is_capture() && w[1].mv.is_capture())
        .count()
}

fn king_trap<R: Rules>(plies: &[Ply<R>]) -> bool {
    let mut trapped: Option<Square> = None;
    for ply in plies {
        if !ply.by_solver && ply.mv.promotes() {
            trapped = Some(ply.mv.to());
        } else if let Some(square) = trapped {
            if !ply.by_solver && ply.mv.from() == square {
                trapped = Some(ply.mv.to());
            } else if ply.by_solver && ply.mv.captured().contains(square) {
                return true;
            }
        }
    }
    false
}

/// Whether the majority rule removed some capture from the defender's choice.
pub(super) fn majority_decided<R: Rules>(position: &Position<R>) -> bool {
    position.captures_ignoring_majority().len() > position.count_legal_moves()
}

/// A man's capture with a leg towards its own side of the board.
fn backward<R: Rules>(ply: &Ply<R>) -> bool {
    if !ply.mv.is_capture() || ply.mv.is_king_move() {
        return false;
    }
    let board = R::RULES.board;
    let turn = ply.before.turn();
    let crowning = board.crowning_row(turn);
    let route = ply.before.capture_route(&ply.mv);
    // In russian draughts a man crowned during the capture goes on as a king: only the legs
    // before it reached the crowning row are a man's.
    let crowned_on_the_way = R::RULES.crowning == damtutor_rules::Crowning::DuringCaptureContinue;
    let as_man = route
        .iter()
        .position(|&s| crowned_on_the_way && crowning.contains(s))
        .map_or(route.len(), |i| i + 1);
    route[..as_man].windows(2).any(|leg| match turn {
        Color::White => board.row(leg[1]) > board.row(leg[0]),
        Color::Black => board.row(leg[1]) < board.row(leg[0]),
    })
}
