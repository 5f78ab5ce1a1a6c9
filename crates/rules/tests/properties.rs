//! Property tests of the rules core: FEN round trips, make/unmake, and the move generator of
//! every game against a deliberately simple second generator on a plain array (no bitboards, no
//! shifts), told the rules by its own flags.
//!
//! The second generator follows the rules as literally as possible: captured pieces stay on the
//! board until the capture ends (FMJD 4.11), the capturing piece's start square is empty, the
//! maximum-capture rule (where the game has it) counts every piece as one (4.13), kings fly (3.9,
//! 4.3) or step, men capture backwards or not, a man is crowned when it ends on its promotion row
//! (4.15) or - in russian and english draughts - as soon as it reaches it, going on as a king or
//! stopping there, and routes with the same start, end and captured set are one move.

#[path = "support/scale.rs"]
mod scale;
use scale::scaled;

use damtutor_rules::{perft, Color, Piece, Role, Setup, Square};
use damtutor_rules::{Brazilian, English, Position, Rules, Russian, Variant};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

// ---------------------------------------------------------------------------------------------
// The simple generator.
// ---------------------------------------------------------------------------------------------

/// When a man is crowned, as the simple generator knows it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Crowning {
    /// Only when its move ends on the far row (FMJD, brazilian).
    EndOfMove,
    /// At once, and a capture goes on with the new king (russian).
    Continue,
    /// At once, and the move ends (english).
    Stop,
}

/// The rules of a game, written down here rather than taken from the crate.
#[derive(Copy, Clone, Debug)]
struct SimpleRules {
    size: i8,
    men: usize,
    backwards: bool,
    flying: bool,
    maximum: bool,
    crowning: Crowning,
}

const INTERNATIONAL: SimpleRules = SimpleRules {
    size: 10,
    men: 20,
    backwards: true,
    flying: true,
    maximum: true,
    crowning: Crowning::EndOfMove,
};
const BRAZILIAN: SimpleRules = SimpleRules {
    size: 8,
    men: 12,
    backwards: true,
    flying: true,
    maximum: true,
    crowning: Crowning::EndOfMove,
};
const RUSSIAN: SimpleRules = SimpleRules {
    size: 8,
    men: 12,
    backwards: true,
    flying: true,
    maximum: false,
    crowning: Crowning::Continue,
};
const ENGLISH: SimpleRules = SimpleRules {
    size: 8,
    men: 12,
    backwards: false,
    flying: false,
    maximum: false,
    crowning: Crowning::Stop,
};

fn simple_rules(variant: Variant) -> SimpleRules {
    match variant {
        Variant::International => INTERNATIONAL,
        Variant::Brazilian => BRAZILIAN,
        Variant::Russian => RUSSIAN,
        Variant::English => ENGLISH,
    }
}

impl SimpleRules {
    fn squares(&self) -> u8 {
        (self.size * self.size / 2) as u8
    }

    /// (row, column) of square `n`, row by row from the top, the top row's first dark square
    /// in column 1.
    fn coords(&self, n: u8) -> (i8, i8) {
        let half = self.size as u8 / 2;
        let row = (n - 1) / half;
        let column = 2 * ((n - 1) % half) + if row.is_multiple_of(2) { 1 } else { 0 };
        (row as i8, column as i8)
    }

    /// The number of the dark square at (row, column).
    fn number(&self, row: i8, column: i8) -> u8 {
        (row * (self.size / 2) + column / 2 + 1) as u8
    }

    fn on_board(&self, row: i8, column: i8) -> bool {
        (0..self.size).contains(&row) && (0..self.size).contains(&column)
    }
}

const DIRECTIONS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// A move as both generators can name it: start, end, captured squares (sorted), crowning.
type Key = (u8, u8, Vec<u8>, bool);

#[derive(Clone, PartialEq, Eq, Debug)]
struct SimpleBoard {
    cells: [[Option<Piece>; 10]; 10],
    turn: Color,
    rules: SimpleRulesKey,
}

/// The rules by name, so that boards compare and print simply.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct SimpleRulesKey(Variant);

impl SimpleBoard {
    fn new(variant: Variant, pieces: &[(u8, Piece)], turn: Color) -> SimpleBoard {
        let rules = simple_rules(variant);
        let mut cells = [[None; 10]; 10];
        for &(n, piece) in pieces {
            let (r, c) = rules.coords(n);
            cells[r as usize][c as usize] = Some(piece);
        }
        SimpleBoard {
            cells,
            turn,
            rules: SimpleRulesKey(variant),
        }
    }

    fn rules(&self) -> SimpleRules {
        simple_rules(self.rules.0)
    }

    fn at(&self, row: i8, column: i8) -> Option<Piece> {
        self.cells[row as usize][column as usize]
    }

    fn promotion_row(&self) -> i8 {
        match self.turn {
            Color::White => 0,
            Color::Black => self.rules().size - 1,
        }
    }

    fn forward(&self) -> i8 {
        match self.turn {
            Color::White => -1,
            Color::Black => 1,
        }
    }

    /// Every legal move.
    fn legal_moves(&self) -> BTreeSet<Key> {
        let captures = self.captures();
        if !captures.is_empty() {
            return captures;
        }
        let rules = self.rules();
        let mut moves = BTreeSet::new();
        for n in 1..=rules.squares() {
            let (r, c) = rules.coords(n);
            let Some(piece) = self.at(r, c) else { continue };
            if piece.color != self.turn {
                continue;
            }
            for (dr, dc) in DIRECTIONS {
                let (mut tr, mut tc) = (r + dr, c + dc);
                if piece.role == Role::Man {
                    if dr == self.forward() && rules.on_board(tr, tc) && self.at(tr, tc).is_none() {
                        let promotes = tr == self.promotion_row();
                        moves.insert((n, rules.number(tr, tc), vec![], promotes));
                    }
                    continue;
                }
                while rules.on_board(tr, tc) && self.at(tr, tc).is_none() {
                    moves.insert((n, rules.number(tr, tc), vec![], false));
                    if !rules.flying {
                        break;
                    }
                    tr += dr;
                    tc += dc;
                }
            }
        }
        moves
    }

    /// The captures: every complete one, or those that take the most pieces.
    fn captures(&self) -> BTreeSet<Key> {
        let rules = self.rules();
        let mut found = BTreeSet::new();
        for n in 1..=rules.squares() {
            let (r, c) = rules.coords(n);
            let Some(piece) = self.at(r, c) else { continue };
            if piece.color != self.turn {
                continue;
            }
            // The start square counts as empty during the capture.
            let mut board = self.clone();
            board.cells[r as usize][c as usize] = None;
            let mut captured = Vec::new();
            let king = piece.role == Role::King;
            board.search(n, r, c, king, false, &mut captured, &mut found);
        }
        if !rules.maximum {
            return found;
        }
        let most = found.iter().map(|k| k.2.len()).max().unwrap_or(0);
        found.into_iter().filter(|k| k.2.len() == most).collect()
    }

    /// Extends a capture standing on (row, column) with `captured` taken so far (still on the
    /// board) by a king (or a man crowned on the way, `crowned`) or a man; records it when it
    /// cannot go on.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        from: u8,
        row: i8,
        column: i8,
        king: bool,
        crowned: bool,
        captured: &mut Vec<(i8, i8)>,
        found: &mut BTreeSet<Key>,
    ) {
        let rules = self.rules();
        let record = |found: &mut BTreeSet<Key>, captured: &[(i8, i8)], row, column, promotes| {
            let mut squares: Vec<u8> = captured.iter().map(|&(r, c)| rules.number(r, c)).collect();
            squares.sort();
            found.insert((from, rules.number(row, column), squares, promotes));
        };
        let flying = king && rules.flying;
        let mut extended = false;
        for (dr, dc) in DIRECTIONS {
            if !king && !rules.backwards && dr != self.forward() {
                continue;
            }
            // Find the first piece along the direction (a man or a short king looks only at
            // its neighbour).
            let (mut vr, mut vc) = (row + dr, column + dc);
            if flying {
                while rules.on_board(vr, vc) && self.at(vr, vc).is_none() {
                    vr += dr;
                    vc += dc;
                }
            }
            if !rules.on_board(vr, vc) {
                continue;
            }
            let Some(victim) = self.at(vr, vc) else {
                continue;
            };
            if victim.color == self.turn || captured.contains(&(vr, vc)) {
                continue;
            }
            // The empty squares behind the victim (only the first for a short piece).
            let mut landings = Vec::new();
            let (mut lr, mut lc) = (vr + dr, vc + dc);
            while rules.on_board(lr, lc) && self.at(lr, lc).is_none() {
                landings.push((lr, lc));
                if !flying {
                    break;
                }
                lr += dr;
                lc += dc;
            }
            captured.push((vr, vc));
            // A capture that can go on must: where some landing square lets it, the others
            // are not stopping places.
            let continuing: Vec<(i8, i8)> = landings
                .iter()
                .copied()
                .filter(|&(lr, lc)| self.can_go_on(lr, lc, king, captured))
                .collect();
            let chosen = if continuing.is_empty() {
                landings
            } else {
                continuing
            };
            for (lr, lc) in chosen {
                extended = true;
                let reaches_row = !king && lr == self.promotion_row();
                match (reaches_row, rules.crowning) {
                    (true, Crowning::Stop) => record(found, captured, lr, lc, true),
                    (true, Crowning::Continue) => {
                        self.search(from, lr, lc, true, true, captured, found)
                    }
                    _ => self.search(from, lr, lc, king, crowned, captured, found),
                }
            }
            captured.pop();
        }
        if !extended && !captured.is_empty() {
            let promotes = crowned || (!king && row == self.promotion_row());
            record(found, captured, row, column, promotes);
        }
    }

    /// Whether a capturing piece standing on (row, column), having captured `captured`, can
    /// jump again (a man about to be crowned and go on as a king counts as a king).
    fn can_go_on(&self, row: i8, column: i8, king: bool, captured: &[(i8, i8)]) -> bool {
        let rules = self.rules();
        let crowned_here = !king && row == self.promotion_row();
        let king = king || (crowned_here && rules.crowning == Crowning::Continue);
        if crowned_here && rules.crowning == Crowning::Stop {
            return false;
        }
        let flying = king && rules.flying;
        DIRECTIONS.iter().any(|&(dr, dc)| {
            if !king && !rules.backwards && dr != self.forward() {
                return false;
            }
            let (mut vr, mut vc) = (row + dr, column + dc);
            if flying {
                while rules.on_board(vr, vc) && self.at(vr, vc).is_none() {
                    vr += dr;
                    vc += dc;
                }
            }
            let jumpable = rules.on_board(vr, vc)
                && self.at(vr, vc).is_some_and(|p| p.color != self.turn)
                && !captured.contains(&(vr, vc));
            jumpable && rules.on_board(vr + dr, vc + dc) && self.at(vr + dr, vc + dc).is_none()
        })
    }

    /// The board after `key`.
    fn play(&self, key: &Key) -> SimpleBoard {
        let rules = self.rules();
        let mut next = self.clone();
        let (fr, fc) = rules.coords(key.0);
        let (tr, tc) = rules.coords(key.1);
        let mut piece = next.at(fr, fc).expect("a piece on the start square");
        next.cells[fr as usize][fc as usize] = None;
        for &n in &key.2 {
            let (r, c) = rules.coords(n);
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

fn key_of<R: Rules>(m: &damtutor_rules::Move<R>) -> Key {
    (
        m.from().number(),
        m.to().number(),
        m.captured().iter().map(|s| s.number()).collect(),
        m.promotes(),
    )
}

/// Whether the crate's position shows exactly the simple board.
fn assert_same_board<R: Rules>(position: &Position<R>, board: &SimpleBoard) {
    let rules = board.rules();
    assert_eq!(position.turn(), board.turn, "{position}");
    for n in 1..=rules.squares() {
        let (r, c) = rules.coords(n);
        assert_eq!(
            position.piece_at(Square::new(n).unwrap()),
            board.at(r, c),
            "square {n} of {position}"
        );
    }
}

/// The crate's legal moves against the simple generator's, and the positions after each one.
fn check_generator<R: Rules>(
    position: &Position<R>,
    board: &SimpleBoard,
) -> BTreeMap<Key, damtutor_rules::Move<R>> {
    let moves = position.legal_moves();
    let ours: BTreeMap<Key, damtutor_rules::Move<R>> =
        moves.iter().map(|m| (key_of(m), *m)).collect();
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
    let rules = board.rules();
    for (key, m) in &ours {
        let (row, column) = rules.coords(key.0);
        let mover = board.at(row, column).expect("a piece on the start square");
        assert_eq!(
            m.is_king_move(),
            mover.role == Role::King,
            "{m} in {position}"
        );
        assert_same_board(&position.play_unchecked(m), &board.play(key));
        // Every move's text reads back as the move, and its route is a real route.
        let text = position.move_text(m);
        assert_eq!(
            position.parse_move(&text).as_ref(),
            Ok(m),
            "{text} in {position}"
        );
        let full = position.full_move_text(m);
        assert_eq!(
            position.parse_move(&full).as_ref(),
            Ok(m),
            "{full} in {position}"
        );
    }
    ours
}

/// Every legal move made and taken back leaves the position exactly as it was.
fn check_make_unmake<R: Rules>(position: &Position<R>) {
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
fn lenient_fen<R: Rules>(position: &Position<R>, style: u16) -> String {
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

fn check_fen<R: Rules>(position: &Position<R>, style: u16) {
    let text = position.to_string();
    let parsed: Position<R> = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&parsed, position, "{text}");
    assert_eq!(parsed.to_string(), text);
    let lenient = lenient_fen(position, style);
    let parsed: Position<R> = lenient.parse().unwrap_or_else(|e| panic!("{lenient}: {e}"));
    assert_eq!(&parsed, position, "{lenient}");
}

// ---------------------------------------------------------------------------------------------
// Strategies.
// ---------------------------------------------------------------------------------------------

/// Pieces on random squares of the board of `variant`: at most as many a side as a side starts
/// with, no man on its own promotion row (it becomes a king there instead), with `king_percent`
/// of the pieces kings.
fn arbitrary_pieces(variant: Variant) -> impl Strategy<Value = (Vec<(u8, Piece)>, Color)> {
    let rules = simple_rules(variant);
    let squares = rules.squares();
    let row = rules.size as u8 / 2;
    (
        prop::collection::vec(
            (1u8..=squares, any::<bool>(), 0u32..100),
            0..(squares as usize - 2),
        ),
        any::<bool>(),
        prop_oneof![Just(0u32), 0u32..40, 0u32..=100],
    )
        .prop_map(move |(entries, black_to_move, king_percent)| {
            let mut used = [false; 51];
            let mut counts = [0; 2];
            let mut pieces = Vec::new();
            for (n, black, roll) in entries {
                let color = if black { Color::Black } else { Color::White };
                let index = black as usize;
                if used[n as usize] || counts[index] == rules.men {
                    continue;
                }
                let promotion_row = match color {
                    Color::White => 1..=row,
                    Color::Black => squares - row + 1..=squares,
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

fn position_of<R: Rules>(pieces: &[(u8, Piece)], turn: Color) -> Position<R> {
    let mut setup = Setup::empty(turn);
    for &(n, piece) in pieces {
        setup.put(n as u32, piece.color, piece.role);
    }
    Position::from_setup(&setup).expect("the strategy builds valid positions")
}

/// A random position of `R` against the simple generator: same board, FEN both ways, same
/// moves, make/unmake.
fn check_random_position<R: Rules>(pieces: &[(u8, Piece)], turn: Color, style: u16) {
    let position = position_of::<R>(pieces, turn);
    let board = SimpleBoard::new(R::RULES.variant, pieces, turn);
    assert_same_board(&position, &board);
    check_fen(&position, style);
    check_generator(&position, &board);
    check_make_unmake(&position);
    check_fen(&position.mirrored().mirrored(), style.rotate_left(3));
}

/// Perft of a random position of `R` against the simple generator's.
fn check_random_perft<R: Rules>(pieces: &[(u8, Piece)], turn: Color) -> Result<(), TestCaseError> {
    let position = position_of::<R>(pieces, turn);
    let board = SimpleBoard::new(R::RULES.variant, pieces, turn);
    for depth in 1..=3 {
        let expected = board.perft(depth);
        prop_assert_eq!(
            perft::perft(&position, depth),
            expected,
            "perft({}) {}",
            depth,
            position
        );
        prop_assert_eq!(
            perft::perft_bulk(&position, depth),
            expected,
            "bulk perft({}) {}",
            depth,
            position
        );
        let divided: u64 = perft::divide(&position, depth, true)
            .iter()
            .map(|d| d.1)
            .sum();
        prop_assert_eq!(divided, expected);
        if expected > 3_000 {
            break;
        }
    }
    Ok(())
}

/// A random game of `R` from the initial position: both generators play the same moves side
/// by side and must agree at every ply.
fn check_random_game<R: Rules>(choices: Vec<u32>, style: u16) {
    let mut position = Position::<R>::initial();
    let rules = simple_rules(R::RULES.variant);
    let men = rules.men as u8;
    let squares = rules.squares();
    let start: Vec<(u8, Piece)> = (1..=men)
        .map(|n| (n, Piece::new(Color::Black, Role::Man)))
        .chain((squares - men + 1..=squares).map(|n| (n, Piece::new(Color::White, Role::Man))))
        .collect();
    let mut board = SimpleBoard::new(R::RULES.variant, &start, position.turn());
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(scaled(5_000)))]

    #[test]
    fn random_positions_agree_with_the_simple_generator(
        (pieces, turn) in arbitrary_pieces(Variant::International),
        style in any::<u16>(),
    ) {
        check_random_position::<damtutor_rules::International>(&pieces, turn, style);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(scaled(1_250)))]

    #[test]
    fn random_brazilian_positions_agree((pieces, turn) in arbitrary_pieces(Variant::Brazilian), style in any::<u16>()) {
        check_random_position::<Brazilian>(&pieces, turn, style);
    }

    #[test]
    fn random_russian_positions_agree((pieces, turn) in arbitrary_pieces(Variant::Russian), style in any::<u16>()) {
        check_random_position::<Russian>(&pieces, turn, style);
    }

    #[test]
    fn random_english_positions_agree((pieces, turn) in arbitrary_pieces(Variant::English), style in any::<u16>()) {
        check_random_position::<English>(&pieces, turn, style);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(scaled(500)))]

    #[test]
    fn perft_agrees_with_the_simple_generator((pieces, turn) in arbitrary_pieces(Variant::International)) {
        check_random_perft::<damtutor_rules::International>(&pieces, turn)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(scaled(250)))]

    #[test]
    fn brazilian_perft_agrees((pieces, turn) in arbitrary_pieces(Variant::Brazilian)) {
        check_random_perft::<Brazilian>(&pieces, turn)?;
    }

    #[test]
    fn russian_perft_agrees((pieces, turn) in arbitrary_pieces(Variant::Russian)) {
        check_random_perft::<Russian>(&pieces, turn)?;
    }

    #[test]
    fn english_perft_agrees((pieces, turn) in arbitrary_pieces(Variant::English)) {
        check_random_perft::<English>(&pieces, turn)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(scaled(500)))]

    /// Random games from the initial position: both generators play the same moves side by side
    /// and must agree at every ply.
    #[test]
    fn random_games_agree_with_the_simple_generator(
        choices in prop::collection::vec(any::<u32>(), 1..200),
        style in any::<u16>(),
    ) {
        check_random_game::<damtutor_rules::International>(choices, style);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(scaled(175)))]

    #[test]
    fn random_brazilian_games_agree(choices in prop::collection::vec(any::<u32>(), 1..150), style in any::<u16>()) {
        check_random_game::<Brazilian>(choices, style);
    }

    #[test]
    fn random_russian_games_agree(choices in prop::collection::vec(any::<u32>(), 1..150), style in any::<u16>()) {
        check_random_game::<Russian>(choices, style);
    }

    #[test]
    fn random_english_games_agree(choices in prop::collection::vec(any::<u32>(), 1..150), style in any::<u16>()) {
        check_random_game::<English>(choices, style);
    }
}

#[test]
fn the_simple_generator_knows_the_rules() {
    // It must itself get the tricky cases right, or the comparisons above prove little.
    let board = |variant: Variant, fen: &str| {
        let setup = damtutor_rules::fen::parse_setup(fen, variant.board()).unwrap();
        let pieces: Vec<(u8, Piece)> = setup.pieces.iter().map(|&(n, p)| (n as u8, p)).collect();
        SimpleBoard::new(variant, &pieces, setup.turn)
    };
    let international = |fen: &str| board(Variant::International, fen);
    // Turkish strike: the king stops on 33 because the captured 28 still blocks.
    let moves = international("B:W27,28,38,39,42:BK25").legal_moves();
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        vec![(25, 33, vec![27, 28, 39, 42], false)]
    );
    // The initial position: nine quiet moves, and perft(4) = 4265.
    let start = international("W:W31-50:B1-20");
    assert_eq!(start.legal_moves().len(), 9);
    assert_eq!(start.perft(4), 4265);
    // A man passing the promotion row during a capture stays a man.
    let moves = international("W:W13:B7,8").legal_moves();
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        vec![(13, 11, vec![7, 8], false)]
    );
    // Ending there crowns it.
    let moves = international("W:W13:B8").legal_moves();
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        vec![(13, 2, vec![8], true)]
    );
    // The published 8x8 counts (../shared/cases/perft-variants.yaml), to depth 5.
    for (variant, fen, counts) in [
        (
            Variant::Brazilian,
            "W:W21-32:B1-12",
            [7, 49, 302, 1469, 7473],
        ),
        (Variant::Russian, "W:W21-32:B1-12", [7, 49, 302, 1469, 7482]),
        (Variant::English, "B:W21-32:B1-12", [7, 49, 302, 1469, 7361]),
    ] {
        let start = board(variant, fen);
        for (depth, &count) in counts.iter().enumerate() {
            assert_eq!(
                start.perft(depth as u32 + 1),
                count,
                "{variant} perft {}",
                depth + 1
            );
        }
    }
    // Russian: b6 jumps c7 to d8, is crowned there and goes on as a king over f6.
    let moves = board(Variant::Russian, "W:W9:B6,11").legal_moves();
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        vec![(9, 16, vec![6, 11], true), (9, 20, vec![6, 11], true)]
    );
    // Brazilian: the same man passes the last row as a man, and cannot go on over f6.
    let moves = board(Variant::Brazilian, "W:W9:B6,11").legal_moves();
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        vec![(9, 2, vec![6], true)]
    );
    // English: men never capture backwards, kings step one square.
    let moves = board(Variant::English, "W:W18:B22,14").legal_moves();
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        vec![(18, 9, vec![14], false)]
    );
    let moves = board(Variant::English, "W:WK29").legal_moves();
    assert_eq!(
        moves.into_iter().collect::<Vec<_>>(),
        vec![(29, 25, vec![], false)]
    );
}
