//! Perft: counting the leaf nodes of the move tree, the standard check of a move generator.
//!
//! Counts follow the "unique" convention of the published tables: a capture is one move per
//! (start, end, captured set), however many routes reach it.

use crate::moves::Move;
use crate::position::Position;

/// The number of move sequences of length `depth` from `position`, making every move.
///
/// ```
/// use damtutor::{perft, Position};
/// assert_eq!(perft::perft(&Position::initial(), 3), 658);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    let mut position = *position;
    walk(&mut position, depth, false)
}

/// Like [`perft`], but counts the moves at the last level without making them.
pub fn perft_bulk(position: &Position, depth: u32) -> u64 {
    let mut position = *position;
    walk(&mut position, depth, true)
}

/// The count below each legal move, for finding where two generators disagree.
pub fn divide(position: &Position, depth: u32, bulk: bool) -> Vec<(Move, u64)> {
    let mut position = *position;
    let moves = position.legal_moves();
    moves
        .iter()
        .map(|m| {
            let undo = position.make(m);
            let count = walk(&mut position, depth.saturating_sub(1), bulk);
            position.unmake(m, undo);
            (*m, count)
        })
        .collect()
}

fn walk(position: &mut Position, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if bulk && depth == 1 {
        return position.count_legal_moves() as u64;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for m in &moves {
        let undo = position.make(m);
        nodes += walk(position, depth - 1, bulk);
        position.unmake(m, undo);
    }
    nodes
}
