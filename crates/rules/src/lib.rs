//! # damtutor-rules
//!
//! The rules of international draughts (10x10, FMJD rules): squares, bitboards, positions, exact
//! move generation, FEN, move notation, PDN game files, games with their draw rules, and perft.
//! It depends on nothing of damtutor's teaching side.
//!
//! ```
//! use damtutor_rules::Position;
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
pub mod fen;
pub mod game;
mod movegen;
pub mod moves;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod setup;
pub mod square;

pub use bitboard::Bitboard;
pub use game::{DrawReason, Game, GameEnd};
pub use moves::{Move, MoveList};
pub use position::{Material, Outcome, Position, Undo};
pub use setup::{PositionError, Setup};
pub use square::{ByColor, Color, Piece, Role, Square};
