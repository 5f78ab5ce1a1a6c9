//! # damtutor-rules
//!
//! The rules of draughts for damtutor, for four games: international draughts (10x10, FMJD
//! rules), brazilian draughts (the Chinese 64-square rules, 中国国际跳棋64格规则), russian
//! draughts and english checkers (WCDF). Squares, bitboards, positions, exact move generation,
//! FEN, move notation, PDN game files, games with their draw rules, and perft. It depends on
//! nothing of damtutor's teaching side.
//!
//! Each game is a type implementing [`Rules`] (a [`RuleSet`] of constants and a board
//! [`Geometry`]); [`Position<R>`](Position), [`Move<R>`](Move) and [`Game<R>`](Game) are
//! generic over it, so the move generator is compiled once per game with the rules as
//! constants. [`Variant`] chooses a game at run time, [`VariantPosition`] holds a position of
//! any game, and [`with_variant!`] and [`with_position!`] bridge to the generic code.
//! International draughts is the default game of every type.
//!
//! ```
//! use damtutor_rules::{Brazilian, English, International, Position};
//!
//! // The Turkish strike rule: captured pieces stay on the board until the capture ends.
//! let position: Position<International> = "B:W27,28,38,39,42:BK25".parse()?;
//! let moves = position.legal_moves();
//! assert_eq!(moves.len(), 1);
//! assert_eq!(position.full_move_text(&moves[0]), "25x48x31x22x33");
//! let after = position.play_unchecked(&moves[0]);
//! assert_eq!(after.to_string(), "W:W38:BK33");
//!
//! // The 64-square game names its squares a1..h8; English checkers numbers them 1-32.
//! let start = Position::<Brazilian>::initial();
//! assert_eq!(start.legal_moves()[0].to_string(), "c3-b4");
//! let checkers = Position::<English>::initial();
//! assert_eq!(checkers.legal_moves()[0].to_string(), "9-13");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod bitboard;
pub mod board;
pub mod fen;
pub mod game;
mod movegen;
pub mod moves;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod rules;
pub mod setup;
pub mod square;
pub mod variant;

pub use bitboard::Bitboard;
pub use board::{Board, EightByEight, Geometry, TenByTen};
pub use game::{DrawReason, Game, GameEnd};
pub use moves::{Move, MoveList};
pub use position::{Material, Outcome, Position, Undo};
pub use rules::{
    Brazilian, Crowning, DrawRules, EndgameLimit, English, International, Notation, RuleSet, Rules,
    Russian, UnknownVariant, Variant,
};
pub use setup::{PositionError, Setup};
pub use square::{ByColor, Color, Piece, Role, Square};
pub use variant::VariantPosition;
