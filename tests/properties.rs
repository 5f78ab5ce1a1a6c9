//! Property tests of the rules core: FEN round trips, make/unmake, and the move generator against
//! a deliberately simple second generator on a plain 10x10 array (no bitboards, no shifts).
//!
//! The second generator follows the FMJD articles as literally as possible: captured pieces stay
//! on the board until the capture ends (4.11), the capturing piece's start square is empty, the
//! majority rule counts every piece as one (4.13), kings fly (3.9, 4.3), a man is crowned only
//! when it ends on its promotion row (4.15), and routes with the same start, end and captured set
//! are one move.

use damtutor::{perft, Color, Move, Piece, Position, Role, Setup, Square};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

// ---------------------------------------------------------------------------------------------
// The simple generator.
// ---------------------------------------------------------------------------------------------

/// (row, column) of FMJD square `n`, computed here rather than taken from the crate.
fn coords(n: u8) -> (i8, i8) {
    let row = (n - 1) / 5;
    let column = 2 * ((n - 1) % 5) + if row.is_multiple_of(2) { 1 } else { 0 };
    (row as i8, column as i8)
}

/// FMJD number of the dark square at (row, column).
fn number(row: i8, column: i8) -> u8 {
    (row * 5 + column / 2 + 1) as u8
}

fn on_board(row: i8, column: i8) -> bool {
    (0..10).contains(&row) && (0..10).contains(&column)
}

const DIRECTIONS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// A move as both generators can name it: start, end, captured squares (sorted), crowning.
type Key = (u8, u8, Vec<u8>, bool);

#[derive(Clone, PartialEq, Eq, Debug)]
struct SimpleBoard {
    cells: [[Option<Piece>; 10]; 10],
    turn: Color,
}

impl SimpleBoard {
    fn new(pieces: &[(u8, Piece)], turn: Color) -> SimpleBoard {
        let mut cells = [[None; 10]; 10];
        for &(n, piece) in pieces {
            let (r, c) = coords(n);
            cells[r as usize][c as usize] = Some(piece);
        }
        SimpleBoard { cells, turn }
    }

    fn at(&self, row: i8, column: i8) -> Option<Piece> {
        self.cells[row as usize][column as usize]
    }

    fn promotion_row(&self) -> i8 {
        match self.turn {
            Color::White => 0,
            Color::Black => 9,
        }
    }

    /// Every legal move.
    fn legal_moves(&self) -> BTreeSet<Key> {
        let captures = self.captures();
        if !captures.is_empty() {
            return captures;
        }
        let mut moves = BTreeSet::new();
        let forward = match self.turn {
            Color::White => -1,
            Color::Black => 1,
        };
        for n in 1..=50 {
            let (r, c) = coords(n);
            let Some(piece) = self.at(r, c) else { continue };
            if piece.color != self.turn {
                continue;
            }
            for (dr, dc) in DIRECTIONS {
                let (mut tr, mut tc) = (r + dr, c + dc);
                if piece.role == Role::Man {
                    if dr == forward && on_board(tr, tc) && self.at(tr, tc).is_none() {
                        moves.insert((n, number(tr, tc), vec![], tr == self.promotion_row()));
                    }
                    continue;
                }
                while on_board(tr, tc) && self.at(tr, tc).is_none() {
                    moves.insert((n, number(tr, tc), vec![], false));
                    tr += dr;
                    tc += dc;
                }
            }
        }
        moves
    }

    /// The captures that take the most pieces.
    fn captures(&self) -> BTreeSet<Key> {
        let mut found = BTreeSet::new();
        for n in 1..=50 {
            let (r, c) = coords(n);
            let Some(piece) = self.at(r, c) else { continue };
            if piece.color != self.turn {
                continue;
            }
            // The start square counts as empty during the capture.
            let mut board = self.clone();
            board.cells[r as usize][c as usize] = None;
            let mut captured = Vec::new();
            board.search(n, r, c, piece.role == Role::King, &mut captured, &mut found);
        }
        let most = found.iter().map(|k| k.2.len()).max().unwrap_or(0);
        found.into_iter().filter(|k| k.2.len() == most).collect()
    }

    /// Extends a capture standing on (row, column) with `captured` taken so far (still on the
    /// board); records it when it cannot go on.
    fn search(
        &self,
        from: u8,
        row: i8,
        column: i8,
        king: bool,
        captured: &mut Vec<(i8, i8)>,
        found: &mut BTreeSet<Key>,
    ) {
        let mut extended = false;
        for (dr, dc) in DIRECTIONS {
            // Find the first piece along the direction (a man looks only at its neighbour).
            let (mut vr, mut vc) = (row + dr, column + dc);
            if king {
                while on_board(vr, vc) && self.at(vr, vc).is_none() {
                    vr += dr;
                    vc += dc;
                }
            }
            if !on_board(vr, vc) {
                continue;
            }
            let Some(victim) = self.at(vr, vc) else {
                continue;
            };
            if victim.color == self.turn || captured.contains(&(vr, vc)) {
                continue;
            }
            let (mut lr, mut lc) = (vr + dr, vc + dc);
            while on_board(lr, lc) && self.at(lr, lc).is_none() {
                extended = true;
                captured.push((vr, vc));
                self.search(from, lr, lc, king, captured, found);
                captured.pop();
                if !king {
                    break;
                }
                lr += dr;
                lc += dc;
            }
        }
        if !extended && !captured.is_empty() {
            let mut squares: Vec<u8> = captured.iter().map(|&(r, c)| number(r, c)).collect();
            squares.sort();
            let promotes = !king && row == self.promotion_row();
            found.insert((from, number(row, column), squares, promotes));
        }
    }

    /// The board after `key`.
    fn play(&self, key: &Key) -> SimpleBoard {
        let mut next = self.clone();
        let (fr, fc) = coords(key.0);
        let (tr, tc) = coords(key.1);
        let mut piece = next.at(fr, fc).expect("a piece on the start square");
        next.cells[fr as usize][fc as usize] = None;
        for &n in &key.2 {
            let (r, c) = coords(n);
            next.cells[r as usize][c as usize] = None;
        }
        if key.3 {
            piece.role = Role::King;
        }
        next.cells[tr as usize][tc as usize] = Some(piece);
        next.turn = self.turn.other();
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|k| self.play(k).perft(depth - 1)).sum()
    }
}

// ---------------------------------------------------------------------------------------------
// Comparing the two.
// ---------------------------------------------------------------------------------------------

fn key_of(m: &Move) -> Key {
    (
        m.from().number(),
        m.to().number(),
        m.captured().iter().map(|s| s.number()).collect(),
        m.promotes(),
    )
}

/// Whether the crate's position shows exactly the simple board.
fn assert_same_board(position: &Position, board: &SimpleBoard) {
    assert_eq!(position.turn(), board.turn, "{position}");
    for n in 1..=50u8 {
        let (r, c) = coords(n);
        assert_eq!(
            position.piece_at(Square::new(n).unwrap()),
            board.at(r, c),
            "square {n} of {position}"
        );
    }
}

/// The crate's legal moves against the simple generator's, and the positions after each one.
fn check_generator(position: &Position, board: &SimpleBoard) -> BTreeMap<Key, Move> {
    let moves = position.legal_moves();
    let ours: BTreeMap<Key, Move> = moves.iter().map(|m| (key_of(m), *m)).collect();
    assert_eq!(ours.len(), moves.len(), "duplicate moves in {position}");
    let expected = board.legal_moves();
    let got: BTreeSet<Key> = ours.keys().cloned().collect();
    assert_eq!(got, expected, "legal moves of {position}");
    assert_eq!(position.count_legal_moves(), moves.len(), "{position}");
    assert_eq!(
        position.has_capture(),
        moves.first().is_some_and(|m| m.is_capture()),
        "{position}"
    );
    for (key, m) in &ours {
        let (row, column) = coords(key.0);
        let mover = board.at(row, column).expect("a piece on the start square");
        assert_eq!(
            m.is_king_move(),
            mover.role == Role::King,
            "{m} in {position}"
        );
        assert_same_board(&position.play_unchecked(m), &board.play(key));
    }
    ours
}

/// Every legal move made and taken back leaves the position exactly as it was.
fn check_make_unmake(position: &Position) {
    let original = *position;
    let mut work = *position;
    for m in &position.legal_moves() {
        let undo = work.make(m);
        assert_eq!(work, position.play_unchecked(m), "make {m} in {position}");
        assert_ne!(work.turn(), original.turn());
        work.unmake(m, undo);
        assert_eq!(work, original, "unmake {m} in {position}");
        assert_eq!(work.hash_key(), original.hash_key());
    }
}

// ---------------------------------------------------------------------------------------------
// FEN.
// ---------------------------------------------------------------------------------------------

/// Squares written with ranges where consecutive squares hold the same role: `31-35,K40`.
fn with_ranges(squares: &[(u8, bool)], spaced: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < squares.len() {
        let (first, king) = squares[i];
        let mut j = i;
        while j + 1 < squares.len() && squares[j + 1] == (squares[j].0 + 1, king) {
            j += 1;
        }
        let prefix = if king { "K" } else { "" };
        if j > i {
            let second = if spaced && king { "K" } else { "" };
            out.push(format!("{prefix}{first}-{second}{}", squares[j].0));
        } else {
            out.push(format!("{prefix}{first}"));
        }
        i = j + 1;
    }
    out
}

/// A FEN string of `position` in one of the lenient forms readers should accept, chosen by the
/// bits of `style`.
fn lenient_fen(position: &Position, style: u16) -> String {
    let flag = |bit: u16| style & (1 << bit) != 0;
    let mut lists = Vec::new();
    for color in Color::ALL {
        let mut squares: Vec<(u8, bool)> = position
            .pieces(color)
            .iter()
            .map(|s| (s.number(), position.kings(color).contains(s)))
            .collect();
        if squares.is_empty() && flag(0) {
            continue; // a missing colour list
        }
        let mut tokens = if flag(1) {
            with_ranges(&squares, flag(2))
        } else {
            squares
                .iter()
                .map(|&(n, king)| format!("{}{n}", if king { "K" } else { "" }))
                .collect()
        };
        if flag(3) {
            tokens.reverse();
            squares.reverse();
        }
        let separator = if flag(4) { ", " } else { "," };
        let letter = color.letter().to_string();
        let letter = if flag(5) {
            letter.to_lowercase()
        } else {
            letter
        };
        lists.push(format!("{letter}{}", tokens.join(separator)));
    }
    if flag(6) {
        lists.reverse(); // Black's list first
    }
    let turn = position.turn().letter().to_string();
    let turn = if flag(7) { turn.to_lowercase() } else { turn };
    let mut text = turn;
    for list in lists {
        text.push(':');
        text.push_str(&list);
    }
    if flag(8) {
        text.push_str(":H0:F1");
    }
    if flag(9) {
        text.push('.');
    }
    if flag(10) {
        text = format!("[FEN \"{text}\"]");
    }
    if flag(11) {
        text = format!("  {text} ");
    }
    text
}

fn check_fen(position: &Position, style: u16) {
    let text = position.to_string();
    let parsed: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&parsed, position, "{text}");
    assert_eq!(parsed.to_string(), text);
    let lenient = lenient_fen(position, style);
    let parsed: Position = lenient.parse().unwrap_or_else(|e| panic!("{lenient}: {e}"));
    assert_eq!(&parsed, position, "{lenient}");
}

// ---------------------------------------------------------------------------------------------
// Strategies.
// ---------------------------------------------------------------------------------------------

/// Pieces on random squares: at most 20 a side, no man on its own promotion row (it becomes a
/// king there instead), with `king_percent` of the pieces kings.
fn arbitrary_pieces() -> impl Strategy<Value = (Vec<(u8, Piece)>, Color)> {
    (
        prop::collection::vec((1u8..=50, any::<bool>(), 0u32..100), 0..48),
        any::<bool>(),
        prop_oneof![Just(0u32), 0u32..40, 0u32..=100],
    )
        .prop_map(|(entries, black_to_move, king_percent)| {
            let mut used = [false; 51];
            let mut counts = [0; 2];
            let mut pieces = Vec::new();
            for (n, black, roll) in entries {
                let color = if black { Color::Black } else { Color::White };
                let index = black as usize;
                if used[n as usize] || counts[index] == 20 {
                    continue;
                }
                let promotion_row = match color {
                    Color::White => 1..=5,
                    Color::Black => 46..=50,
                };
                let role = if roll < king_percent || promotion_row.contains(&n) {
                    Role::King
                } else {
                    Role::Man
                };
                used[n as usize] = true;
                counts[index] += 1;
                pieces.push((n, Piece::new(color, role)));
            }
            let turn = if black_to_move {
                Color::Black
            } else {
                Color::White
            };
            (pieces, turn)
        })
}

fn position_of(pieces: &[(u8, Piece)], turn: Color) -> Position {
    let mut setup = Setup::empty(turn);
    for &(n, piece) in pieces {
        setup.put(n as u32, piece.color, piece.role);
    }
    Position::from_setup(&setup).expect("the strategy builds valid positions")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn random_positions_agree_with_the_simple_generator(
        (pieces, turn) in arbitrary_pieces(),
        style in any::<u16>(),
    ) {
        let position = position_of(&pieces, turn);
        let board = SimpleBoard::new(&pieces, turn);
        assert_same_board(&position, &board);
        check_fen(&position, style);
        check_generator(&position, &board);
        check_make_unmake(&position);
        check_fen(&position.mirrored().mirrored(), style.rotate_left(3));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn perft_agrees_with_the_simple_generator((pieces, turn) in arbitrary_pieces()) {
        let position = position_of(&pieces, turn);
        let board = SimpleBoard::new(&pieces, turn);
        for depth in 1..=3 {
            let expected = board.perft(depth);
            prop_assert_eq!(perft::perft(&position, depth), expected, "perft({}) {}", depth, position);
            prop_assert_eq!(perft::perft_bulk(&position, depth), expected, "bulk perft({}) {}", depth, position);
            let divided: u64 = perft::divide(&position, depth, true).iter().map(|d| d.1).sum();
            prop_assert_eq!(divided, expected);
            if expected > 3_000 {
                break;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Random games from the initial position: both generators play the same moves side by side
    /// and must agree at every ply.
    #[test]
    fn random_games_agree_with_the_simple_generator(
        choices in prop::collection::vec(any::<u32>(), 1..200),
        style in any::<u16>(),
    ) {
        let mut position = Position::initial();
        let start: Vec<(u8, Piece)> = (1..=20)
            .map(|n| (n, Piece::new(Color::Black, Role::Man)))
            .chain((31..=50).map(|n| (n, Piece::new(Color::White, Role::Man))))
            .collect();
        let mut board = SimpleBoard::new(&start, Color::White);
        for (ply, choice) in choices.into_iter().enumerate() {
            assert_same_board(&position, &board);
            check_fen(&position, style.rotate_left(ply as u32));
            let moves = check_generator(&position, &board);
            check_make_unmake(&position);
            if moves.is_empty() {
                break;
            }
            let (key, m) = moves.iter().nth(choice as usize % moves.len()).unwrap();
            board = board.play(key);
            position = position.play_unchecked(m);
        }
    }
}

#[test]
fn the_simple_generator_knows_the_rules() {
    // It must itself get the tricky cases right, or the comparisons above prove little.
    let board = |fen: &str| {
        let position: Position = fen.parse().unwrap();
        let pieces: Vec<(u8, Piece)> = Square::all()
            .filter_map(|s| position.piece_at(s).map(|p| (s.number(), p)))
            .collect();
        SimpleBoard::new(&pieces, position.turn())
    };
    // Turkish strike: the king stops on 33 because the captured 28 still blocks.
    let moves = board("B:W27,28,38,39,42:BK25").legal_moves();
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        vec![(25, 33, vec![27, 28, 39, 42], false)]
    );
    // The initial position: nine quiet moves, and perft(4) = 4265.
    let start = board("W:W31-50:B1-20");
    assert_eq!(start.legal_moves().len(), 9);
    assert_eq!(start.perft(4), 4265);
    // A man passing the promotion row during a capture stays a man.
    let moves = board("W:W13:B7,8").legal_moves();
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        vec![(13, 11, vec![7, 8], false)]
    );
    // Ending there crowns it.
    let moves = board("W:W13:B8").legal_moves();
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        vec![(13, 2, vec![8], true)]
    );
}
