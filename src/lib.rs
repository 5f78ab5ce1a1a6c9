//! # damtutor
//!
//! International draughts (10x10, FMJD rules) for teachers: an exact rules engine, a puzzle
//! solver, and the worksheets, quizzes and answer checking built on them.
//!
//! The rules core - [`Square`], [`Bitboard`], [`Setup`], [`Position`], [`Move`], [`Game`], FEN and
//! move notation, PDN - depends on nothing else in the crate, and can be used on its own:
//!
//! ```
//! use damtutor::Position;
//!
//! // The Turkish strike rule: captured pieces stay on the board until the capture ends.
//! let position: Position = "B:W27,28,38,39,42:BK25".parse()?;
//! let moves = position.legal_moves();
//! assert_eq!(moves.len(), 1);
//! assert_eq!(position.full_move_text(&moves[0]), "25x48x31x22x33");
//! let after = position.play_unchecked(&moves[0]);
//! assert_eq!(after.to_string(), "W:W38:BK33");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod bitboard;
pub mod check;
pub mod exercise;
pub mod fen;
pub mod game;
pub mod generate;
mod movegen;
pub mod moves;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod quiz;
pub mod render;
pub mod setup;
pub mod solver;
pub mod square;
pub mod verify;

pub use bitboard::Bitboard;
pub use game::{DrawReason, Game, GameEnd};
pub use moves::{Move, MoveList};
pub use position::{Material, Outcome, Position, Undo};
pub use setup::{PositionError, Setup};
pub use square::{ByColor, Color, Piece, Role, Square};
