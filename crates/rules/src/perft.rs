//! Perft: counting the leaf nodes of the move tree, the standard check of a move generator.
//!
//! Counts follow the "unique" convention of the published tables: a capture is one move per
//! (start, end, captured set), however many routes reach it.

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Rules;
use std::time::Instant;

/// The number of move sequences of length `depth` from `position`, making every move: every
/// level's moves are generated and played, the last level's generated in full and counted.
///
/// ```
/// use damtutor_rules::{perft, Brazilian, International, Position};
/// assert_eq!(perft::perft(&Position::<International>::initial(), 3), 658);
/// assert_eq!(perft::perft(&Position::<Brazilian>::initial(), 3), 302);
/// ```
pub fn perft<R: Rules>(position: &Position<R>, depth: u32) -> u64 {
    walk(position, depth, false)
}

/// Like [`perft`], but counts the moves at the last level without generating them one by one
/// (see [`Position::count_legal_moves`]).
pub fn perft_bulk<R: Rules>(position: &Position<R>, depth: u32) -> u64 {
    walk(position, depth, true)
}

/// The count below each legal move, for finding where two generators disagree.
pub fn divide<R: Rules>(position: &Position<R>, depth: u32, bulk: bool) -> Vec<(Move<R>, u64)> {
    let moves = position.legal_moves();
    moves
        .iter()
        .map(|m| {
            let count = walk(&position.play_unchecked(m), depth.saturating_sub(1), bulk);
            (*m, count)
        })
        .collect()
}

/// [`perft`] (or [`perft_bulk`] when `bulk`) that gives up at `deadline`: `None` when the
/// count was not finished in time. The clock is read only at nodes four or more plies above
/// the leaves, so the check costs nothing measurable.
///
/// ```
/// use damtutor_rules::{perft, International, Position};
/// use std::time::{Duration, Instant};
/// let start: Position<International> = Position::initial();
/// let later = Instant::now() + Duration::from_secs(60);
/// assert_eq!(perft::perft_until(&start, 4, true, later), Some(4_265));
/// assert_eq!(perft::perft_until(&start, 12, false, Instant::now()), None);
/// ```
pub fn perft_until<R: Rules>(
    position: &Position<R>,
    depth: u32,
    bulk: bool,
    deadline: Instant,
) -> Option<u64> {
    let mut late = false;
    let nodes = walk_until(position, depth, bulk, deadline, &mut late);
    (!late).then_some(nodes)
}

fn walk_until<R: Rules>(
    position: &Position<R>,
    depth: u32,
    bulk: bool,
    deadline: Instant,
    late: &mut bool,
) -> u64 {
    if depth < 4 {
        return walk(position, depth, bulk);
    }
    if *late || Instant::now() >= deadline {
        *late = true;
        return 0;
    }
    let mut nodes = 0;
    position.for_each_child(|child| {
        if !*late {
            nodes += walk_until(child, depth - 1, bulk, deadline, late);
        }
    });
    nodes
}

fn walk<R: Rules>(position: &Position<R>, depth: u32, bulk: bool) -> u64 {
    match depth {
        0 => 1,
        1 if bulk => position.count_legal_moves() as u64,
        _ if bulk => walk_bulk(position, depth),
        _ => walk_generating(position, depth),
    }
}

/// Every move made; the last level's moves generated in full and counted.
fn walk_generating<R: Rules>(position: &Position<R>, depth: u32) -> u64 {
    if depth == 1 {
        let mut moves = MoveList::new();
        position.generate(&mut moves);
        return moves.len() as u64;
    }
    let mut nodes = 0;
    position.for_each_child(|child| nodes += walk_generating(child, depth - 1));
    nodes
}

/// `depth` is at least 2.
fn walk_bulk<R: Rules>(position: &Position<R>, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 2 {
        position.for_each_child(|child| nodes += child.count_legal_moves() as u64);
    } else {
        position.for_each_child(|child| nodes += walk_bulk(child, depth - 1));
    }
    nodes
}
