//! The named shots, each recognised by its mechanism in a line of play (see
//! [`tag_line`](super::tag_line)), on any squares and for either colour:
//!
//! - **Turkish strike**: a capture stops because pieces it has already taken still stand on
//!   the board (with them lifted at once it could have gone on), and the capturing piece is
//!   taken on the very next move.
//! - **Coup Philippe**: a sacrifice draws one of the defender's men off its square (its capture
//!   leaves the square empty); later a second sacrifice of one piece puts a defender's piece in
//!   front of one of the solving side's men, which then takes three or more, starting with that
//!   piece, and lands on the square the first capture left empty on its way.
//! - **Coup royal**: the defender is made to take two or more pieces, and the piece that took
//!   them is the first of four or more that a man of the solving side takes with its next
//!   capture (a waiting move may come between).
//! - **Bomb**: a piece of the solving side stands where the defender could take it, but the
//!   maximum-capture rule sends the defender's capture elsewhere; that piece then makes the
//!   solving side's very next move, a capture of two or more pieces or one that crowns.

use super::motifs::{sacrifices, Ply};
use damtutor_rules::{Crowning, Rules, Square};

/// A capture that stops because pieces it took still stand, and whose piece is taken next
/// move.
pub(super) fn turkish_strike<R: Rules>(plies: &[Ply<R>]) -> bool {
    plies.windows(2).any(|w| {
        let (capture, answer) = (&w[0], &w[1]);
        if !capture.mv.is_capture() || !answer.mv.captured().contains(capture.mv.to()) {
            return false;
        }
        // A man crowned at the end of its capture could go on only as the king it became.
        if capture.mv.promotes() && R::RULES.crowning != Crowning::DuringCaptureContinue {
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

/// The solving side's capture at `index`, by a man, taking at least `least` pieces, whose
/// first piece taken is the one the defender's capture just before it (or just before a
/// waiting move) landed with: that capture's index.
fn fed_capture<R: Rules>(plies: &[Ply<R>], index: usize, least: usize) -> Option<usize> {
    let shot = &plies[index];
    if !shot.by_solver || shot.mv.is_king_move() || shot.mv.capture_count() < least {
        return None;
    }
    let route = shot.before.capture_route(&shot.mv);
    let first = first_jumped::<R>(*route.first()?, *route.get(1)?)?;
    // The feeding capture: right before, or before a waiting move of the solving side and a
    // reply that leaves the fed piece where it is.
    let candidates = [index.checked_sub(1), index.checked_sub(3)];
    candidates.into_iter().flatten().find(|&i| {
        let feed = &plies[i];
        let between_ok = (i + 1..index).all(|j| {
            plies[j].mv.from() != feed.mv.to() && !plies[j].mv.captured().contains(feed.mv.to())
        });
        !feed.by_solver && feed.mv.is_capture() && feed.mv.to() == first && between_ok
    })
}

pub(super) fn coup_philippe<R: Rules>(plies: &[Ply<R>]) -> bool {
    (0..plies.len()).any(|k| {
        let Some(feed) = fed_capture(plies, k, 3) else {
            return false;
        };
        if plies[feed].mv.capture_count() != 1 {
            return false;
        }
        let shot = &plies[k];
        let route = shot.before.capture_route(&shot.mv);
        // An earlier capture by a defender's man, provoked by a sacrifice, that left the square
        // the shot lands on.
        (1..feed).any(|j| {
            let drawn = &plies[j];
            let provoked = &plies[j - 1];
            !drawn.by_solver
                && drawn.mv.is_capture()
                && !drawn.mv.is_king_move()
                && provoked.by_solver
                && !provoked.mv.is_capture()
                && route[1..].contains(&drawn.mv.from())
        })
    })
}

pub(super) fn coup_royal<R: Rules>(plies: &[Ply<R>]) -> bool {
    (0..plies.len())
        .any(|k| fed_capture(plies, k, 4).is_some_and(|feed| plies[feed].mv.capture_count() >= 2))
}

pub(super) fn bomb<R: Rules>(plies: &[Ply<R>]) -> bool {
    sacrifices(plies) > 0
        && plies.windows(2).any(|w| {
            let (forced, shot) = (&w[0], &w[1]);
            if forced.by_solver || !forced.mv.is_capture() || !shot.by_solver {
                return false;
            }
            if !shot.mv.is_capture() || !(shot.mv.capture_count() >= 2 || shot.mv.promotes()) {
                return false;
            }
            // Not a Turkish strike or a coup royal: there the shot takes the capturing piece.
            if shot.mv.captured().contains(forced.mv.to()) {
                return false;
            }
            // A shorter capture would have taken the piece that now shoots.
            let bomb = shot.mv.from();
            !forced.mv.captured().contains(bomb)
                && forced.before.captures_ignoring_majority().iter().any(|m| {
                    m.capture_count() < forced.mv.capture_count() && m.captured().contains(bomb)
                })
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
