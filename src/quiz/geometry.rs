//! The board as a rules test asks about it - the long diagonal (大道), the double diagonals
//! (双重道), the corners, edges and crowning rows - computed from the row and column of each
//! square of a game's [`Board`], and the small coordinate steps the question families use to
//! walk along diagonals on either board.

use crate::board::Board;
use crate::square::{Color, Square};
use std::collections::BTreeMap;

/// The four diagonal steps as (row, column) changes, row 0 at the top (White's crowning row).
pub(crate) const STEPS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The square one step from `square` along `(dr, dc)`, if it is on the board.
pub(crate) fn step(board: Board, square: Square, (dr, dc): (i8, i8)) -> Option<Square> {
    let (row, column) = board.coords(square);
    let (row, column) = (row as i8 + dr, column as i8 + dc);
    let size = board.size() as i8;
    if !(0..size).contains(&row) || !(0..size).contains(&column) {
        return None;
    }
    board.at(row as u8, column as u8)
}

/// The diagonal neighbours of `square`.
pub(crate) fn neighbours(board: Board, square: Square) -> Vec<Square> {
    STEPS
        .iter()
        .filter_map(|&d| step(board, square, d))
        .collect()
}

/// The direction from `a` towards `b` as a (row, column) step (both changes -1, 0 or 1).
pub(crate) fn direction(board: Board, a: Square, b: Square) -> (i8, i8) {
    let (ar, ac) = board.coords(a);
    let (br, bc) = board.coords(b);
    (
        (br as i8 - ar as i8).signum(),
        (bc as i8 - ac as i8).signum(),
    )
}

/// Whether `a` and `b` lie on one diagonal (and differ).
pub(crate) fn on_one_diagonal(board: Board, a: Square, b: Square) -> bool {
    let (ar, ac) = board.coords(a);
    let (br, bc) = board.coords(b);
    a != b && ar.abs_diff(br) == ac.abs_diff(bc)
}

/// The long diagonal (大道, 大斜线): from the bottom-left corner to the top-right one, the
/// squares whose row and column add up to the board's size less one; in square order.
pub(crate) fn long_diagonal(board: Board) -> Vec<Square> {
    let last = board.size() - 1;
    board
        .squares()
        .filter(|&s| {
            let (row, column) = board.coords(s);
            row + column == last
        })
        .collect()
}

/// The two double diagonals (双重道): column less row is 1 on one and -1 on the other; each in
/// square order.
pub(crate) fn double_diagonals(board: Board) -> [Vec<Square>; 2] {
    let on = |d: i8| {
        board
            .squares()
            .filter(|&s| {
                let (row, column) = board.coords(s);
                column as i8 - row as i8 == d
            })
            .collect()
    };
    [on(1), on(-1)]
}

/// The corners of the board: the two ends of the long diagonal (the single corners), smaller
/// square number first.
pub(crate) fn corners(board: Board) -> Vec<Square> {
    let diagonal = long_diagonal(board);
    let mut ends = vec![diagonal[0], diagonal[diagonal.len() - 1]];
    ends.sort();
    ends
}

/// The two double corners: the two squares at either end of the double diagonals, the top one
/// (Black's side) first.
pub(crate) fn double_corners(board: Board) -> [Vec<Square>; 2] {
    let [a, b] = double_diagonals(board);
    let mut top = vec![a[0], b[0]];
    let mut bottom = vec![a[a.len() - 1], b[b.len() - 1]];
    top.sort();
    bottom.sort();
    [top, bottom]
}

/// The squares of column `c` (0 = the left edge), in square order.
pub(crate) fn column(board: Board, c: u8) -> Vec<Square> {
    board.squares().filter(|&s| board.column(s) == c).collect()
}

/// The squares of row `r` (0 = the top row), in square order.
pub(crate) fn row(board: Board, r: u8) -> Vec<Square> {
    board.squares().filter(|&s| board.row(s) == r).collect()
}

/// The row where men of `color` are crowned: the far row (the top one for White).
pub(crate) fn crowning_row(board: Board, color: Color) -> Vec<Square> {
    board.crowning_row(color).iter().collect()
}

/// The row next to the crowning row of `color`.
pub(crate) fn row_before_crowning(board: Board, color: Color) -> Vec<Square> {
    match color {
        Color::White => row(board, 1),
        Color::Black => row(board, board.size() - 2),
    }
}

/// The number of diagonals of two squares or more, in both directions.
pub(crate) fn diagonal_count(board: Board) -> usize {
    diagonal_counts(board).iter().sum()
}

/// The diagonals of two squares or more in each direction: rising to the right, then falling.
pub(crate) fn diagonal_counts(board: Board) -> [usize; 2] {
    let mut lines: BTreeMap<(u8, i8), usize> = BTreeMap::new();
    for s in board.squares() {
        let (row, column) = board.coords(s);
        *lines.entry((0, (row + column) as i8)).or_default() += 1;
        *lines.entry((1, column as i8 - row as i8)).or_default() += 1;
    }
    let count = |direction: u8| {
        lines
            .iter()
            .filter(|((d, _), &n)| *d == direction && n >= 2)
            .count()
    };
    [count(0), count(1)]
}

/// The rows of the board from the side of `color`: 0 is its own back row.
pub(crate) fn rank_from(board: Board, color: Color, square: Square) -> u8 {
    match color {
        Color::White => board.size() - 1 - board.row(square),
        Color::Black => board.row(square),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(squares: &[Square]) -> Vec<u8> {
        squares.iter().map(|s| s.number()).collect()
    }

    #[test]
    fn the_ten_by_ten_board() {
        let board = Board::TenByTen;
        assert_eq!(
            numbers(&long_diagonal(board)),
            vec![5, 10, 14, 19, 23, 28, 32, 37, 41, 46]
        );
        let [a, b] = double_diagonals(board);
        assert_eq!(numbers(&a), vec![1, 7, 12, 18, 23, 29, 34, 40, 45]);
        assert_eq!(numbers(&b), vec![6, 11, 17, 22, 28, 33, 39, 44, 50]);
        assert_eq!(numbers(&corners(board)), vec![5, 46]);
        let [top, bottom] = double_corners(board);
        assert_eq!(
            (numbers(&top), numbers(&bottom)),
            (vec![1, 6], vec![45, 50])
        );
        assert_eq!(numbers(&column(board, 0)), vec![6, 16, 26, 36, 46]);
        assert_eq!(numbers(&column(board, 9)), vec![5, 15, 25, 35, 45]);
        assert_eq!(
            numbers(&crowning_row(board, Color::Black)),
            vec![46, 47, 48, 49, 50]
        );
        assert_eq!(diagonal_count(board), 17);
    }

    #[test]
    fn the_eight_by_eight_board() {
        let board = Board::EightByEight;
        // a1 (29) to h8 (4).
        assert_eq!(
            numbers(&long_diagonal(board)),
            vec![4, 8, 11, 15, 18, 22, 25, 29]
        );
        let [a, b] = double_diagonals(board);
        assert_eq!(numbers(&a), vec![1, 6, 10, 15, 19, 24, 28]);
        assert_eq!(numbers(&b), vec![5, 9, 14, 18, 23, 27, 32]);
        assert_eq!(numbers(&corners(board)), vec![4, 29]);
        let [top, bottom] = double_corners(board);
        assert_eq!(
            (numbers(&top), numbers(&bottom)),
            (vec![1, 5], vec![28, 32])
        );
        assert_eq!(numbers(&column(board, 0)), vec![5, 13, 21, 29]);
        assert_eq!(numbers(&column(board, 7)), vec![4, 12, 20, 28]);
        assert_eq!(
            numbers(&crowning_row(board, Color::White)),
            vec![1, 2, 3, 4]
        );
        // The Chinese 64-square rules: "棋盘上共有13条斜线".
        assert_eq!(diagonal_count(board), 13);
        let c3 = board.parse_square("c3").unwrap();
        assert_eq!(numbers(&neighbours(board, c3)), vec![17, 18, 25, 26]);
        assert_eq!(step(board, board.parse_square("a1").unwrap(), (1, 1)), None);
    }
}
