//! Move text: a line of moves (as `play` and `check-line` read them) in a few positions of
//! every game. No panic; a move that is read is legal and its text reads back as that move.
#![no_main]

use damtutor_rules::{notation, with_variant, Board, Position, Variant};
use libfuzzer_sys::fuzz_target;

/// Positions of the 10x10 board with captures, kings and a choice of routes.
const POSITIONS: [&str; 4] = [
    "start",
    "B:W27,28,38,39,42:BK25",
    "W:W11,23,27,28,43:BK47",
    "W:WK1,K5:B7,8,9,12,13,14",
];

/// The same for the 8x8 games (squares 1-32).
const POSITIONS_64: [&str; 4] = [
    "start",
    "W:W21,22,25,K30:B14,15,17,K3",
    "B:W18,19,K26:BK9,10",
    "W:WK1,K5:B7,8,9,12,13,14",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (choice, line) = match text.split_once('\n') {
        Some((first, rest)) => (first.len(), rest),
        None => (0, text),
    };
    let _ = notation::line_tokens(line);
    for variant in Variant::ALL {
        let _ = notation::parse_move_text(line, variant.board());
        with_variant!(variant, R => {
            let positions = match variant.board() {
                Board::TenByTen => &POSITIONS,
                Board::EightByEight => &POSITIONS_64,
            };
            let fen = positions[choice % positions.len()];
            let mut position: Position<R> =
                fen.parse().expect("every position of the list is one of the game's");
            for token in notation::line_tokens(line).iter().take(64) {
                let Ok(m) = position.parse_move(token) else {
                    break;
                };
                assert!(position.legal_moves().contains(&m), "{token} read as an illegal move");
                let written = position.move_text(&m);
                assert_eq!(position.parse_move(&written).ok(), Some(m), "{token} -> {written}");
                position = position.play_unchecked(&m);
            }
        });
    }
});
