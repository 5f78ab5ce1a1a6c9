//! Motif tags computed from a solution's main line.
//!
//! Named shots are recognised, in international draughts, by the squares of their classic form,
//! seen from the solving side (for Black the board is turned, square `s` read as `51 - s`):
//! - coup Philippe: the defender's men from 18 and 16 are drawn away by captures early in the
//!   line, and the final capture starts on 38 or 40 and ends on 16, 7, 9, 20 or 29;
//! - coup royal: the defender captures onto 34 taking two or more pieces, and the answer is a
//!   capture from 40 of at least four pieces starting with the piece on 34;
//! - bomb: a piece left en prise is not taken because the majority rule sends the defender's
//!   capture elsewhere, and that very piece makes the next capture.

use super::Solution;
use crate::square::{Color, Square};
use damtutor_rules::{Move, Position, Rules, Variant};
use std::fmt;

/// A tactical motif. In files and JSON it is its tag ([`Motif::key`]), such as `turkish_strike`.
#[derive(
    Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Motif {
    TurkishStrike,
    Breakthrough,
    KingTrap,
    Sacrifice,
    MajorityRuleForcing,
    BackwardCapture,
    MultiCapture,
    Tempo,
    CoupPhilippe,
    CoupRoyal,
    Bomb,
}

impl Motif {
    /// Every motif, in display order.
    pub const ALL: [Motif; 11] = [
        Motif::TurkishStrike,
        Motif::Breakthrough,
        Motif::KingTrap,
        Motif::Sacrifice,
        Motif::MajorityRuleForcing,
        Motif::BackwardCapture,
        Motif::MultiCapture,
        Motif::Tempo,
        Motif::CoupPhilippe,
        Motif::CoupRoyal,
        Motif::Bomb,
    ];

    /// The tag used in files and JSON, such as `turkish_strike`. Its name in English and
    /// Chinese is [`words::motif`](crate::words::motif).
    pub const fn key(self) -> &'static str {
        match self {
            Motif::TurkishStrike => "turkish_strike",
            Motif::Breakthrough => "breakthrough",
            Motif::KingTrap => "king_trap",
            Motif::Sacrifice => "sacrifice",
            Motif::MajorityRuleForcing => "majority_rule_forcing",
            Motif::BackwardCapture => "backward_capture",
            Motif::MultiCapture => "multi_capture",
            Motif::Tempo => "tempo",
            Motif::CoupPhilippe => "coup_philippe",
            Motif::CoupRoyal => "coup_royal",
            Motif::Bomb => "bomb",
        }
    }

    /// The motif of a tag such as `turkish_strike`.
    pub fn from_key(key: &str) -> Option<Motif> {
        Motif::ALL.into_iter().find(|m| m.key() == key)
    }
}

impl fmt::Display for Motif {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A motif equals its tag: `Motif::Bomb == "bomb"`.
impl PartialEq<str> for Motif {
    fn eq(&self, tag: &str) -> bool {
        self.key() == tag
    }
}

impl PartialEq<&str> for Motif {
    fn eq(&self, tag: &&str) -> bool {
        self.key() == *tag
    }
}

/// One ply of the main line with its position.
struct Ply<R: Rules> {
    before: Position<R>,
    mv: Move<R>,
    by_solver: bool,
}

/// The motifs of a solved position, in [`Motif::ALL`] order. The named shots (coup Philippe,
/// coup royal) are looked for in international draughts only; the bomb needs the
/// maximum-capture rule.
pub fn detect<R: Rules>(solution: &Solution<R>) -> Vec<Motif> {
    let international = R::RULES.variant == Variant::International;
    let solver = solution.position.turn();
    let mut plies = Vec::new();
    let mut position = solution.position;
    for m in &solution.line {
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
            Motif::TurkishStrike => turkish_strike(&plies),
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
            Motif::CoupPhilippe => international && coup_philippe(&plies, solver),
            Motif::CoupRoyal => international && coup_royal(&plies, solver),
            Motif::Bomb => R::RULES.maximum_capture && bomb(&plies),
        };
        if present {
            found.push(motif);
        }
    }
    found
}

/// Solver's quiet moves answered by a capture.
fn sacrifices<R: Rules>(plies: &[Ply<R>]) -> usize {
    plies
        .windows(2)
        .filter(|w| w[0].by_solver && !w[0].mv.is_capture() && w[1].mv.is_capture())
        .count()
}

/// A capture that stops because pieces it took still stand, and whose piece is taken next move.
fn turkish_strike<R: Rules>(plies: &[Ply<R>]) -> bool {
    plies.windows(2).any(|w| {
        let (capture, answer) = (&w[0], &w[1]);
        if !capture.mv.is_capture() || !answer.mv.captured().contains(capture.mv.to()) {
            return false;
        }
        // With the captured pieces gone at once, could the piece have gone on?
        let after = capture.before.play_unchecked(&capture.mv);
        let again = after.with_turn(capture.before.turn());
        again
            .legal_moves()
            .iter()
            .any(|m| m.is_capture() && m.from() == capture.mv.to())
    })
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
fn majority_decided<R: Rules>(position: &Position<R>) -> bool {
    position.captures_ignoring_majority().len() > position.legal_moves().len()
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

/// A square of the 10x10 board as the solving side sees it (White's numbering; turned for
/// Black).
fn seen(square: Square, solver: Color) -> u8 {
    match solver {
        Color::White => square.number(),
        Color::Black => damtutor_rules::Board::TenByTen.mirror(square).number(),
    }
}

fn coup_philippe<R: Rules>(plies: &[Ply<R>], solver: Color) -> bool {
    // It opens with a sacrifice taken by the man from 18 (a coup de mazette, usually with a
    // recapture that also draws the man from 16 away); a coup royal starts the same way and is
    // told apart by its own pattern.
    if plies.len() < 3 || coup_royal(plies, solver) {
        return false;
    }
    let opening = plies[0].by_solver
        && !plies[0].mv.is_capture()
        && plies[1].mv.is_capture()
        && seen(plies[1].mv.from(), solver) == 18;
    let Some(last) = plies.last() else {
        return false;
    };
    opening
        && last.by_solver
        && last.mv.capture_count() >= 2
        && [38, 40].contains(&seen(last.mv.from(), solver))
        && [16, 7, 9, 20, 29].contains(&seen(last.mv.to(), solver))
}

fn coup_royal<R: Rules>(plies: &[Ply<R>], solver: Color) -> bool {
    // The offer: a capture onto 34 taking two or more; the rafle: the solver's next capture
    // (a waiting move may come first), from 40, of four or more, starting with the piece on 34.
    plies.iter().enumerate().any(|(i, offer)| {
        if offer.by_solver || offer.mv.capture_count() < 2 || seen(offer.mv.to(), solver) != 34 {
            return false;
        }
        let Some(shot) = plies[i + 1..]
            .iter()
            .take(3)
            .find(|p| p.by_solver && p.mv.is_capture())
        else {
            return false;
        };
        if seen(shot.mv.from(), solver) != 40 || shot.mv.capture_count() < 4 {
            return false;
        }
        let route = shot.before.capture_route(&shot.mv);
        route.len() >= 2 && first_jumped::<R>(route[0], route[1]) == Some(offer.mv.to())
    })
}

/// The square a man jumps on the leg from `a` to `b` (two squares apart on a diagonal).
fn first_jumped<R: Rules>(a: Square, b: Square) -> Option<Square> {
    let board = R::RULES.board;
    let ((ar, ac), (br, bc)) = (board.coords(a), board.coords(b));
    if ar.abs_diff(br) != 2 || ac.abs_diff(bc) != 2 {
        return None;
    }
    board.at((ar + br) / 2, (ac + bc) / 2)
}

fn bomb<R: Rules>(plies: &[Ply<R>]) -> bool {
    plies.windows(2).any(|w| {
        let (forced, recapture) = (&w[0], &w[1]);
        if forced.by_solver || !forced.mv.is_capture() || !recapture.by_solver {
            return false;
        }
        if !recapture.mv.is_capture() {
            return false;
        }
        // Not a Turkish strike: there the recapture takes the capturing piece itself.
        if recapture.mv.captured().contains(forced.mv.to()) {
            return false;
        }
        // A shorter capture would have taken the piece that now recaptures.
        let shooter = recapture.mv.from();
        forced.before.captures_ignoring_majority().iter().any(|m| {
            m.capture_count() < forced.mv.capture_count() && m.captured().contains(shooter)
        }) && !forced.mv.captured().contains(shooter)
    })
}
