//! # damtutor
//!
//! Draughts for teachers - international draughts (10x10, FMJD rules), the 64-square game
//! (brazilian, the Chinese 64 rules), russian draughts and english checkers: an exact rules
//! engine, a puzzle solver, and the worksheets, practice pages, rules quizzes and answer checking
//! built on them.
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

pub mod check;
pub mod escape;
pub mod exercise;
pub mod generate;
pub mod input;
pub mod lms;
pub mod pdf;
pub mod practice;
pub mod quiz;
pub mod render;
pub mod solver;
pub mod verify;
pub mod words;

/// The rules core lives in its own crate, `damtutor-rules`; its modules and types are
/// re-exported here so that the teaching layers and users name them from one place.
pub use damtutor_rules::{
    bitboard, board, fen, notation, perft, rules, setup, square, with_position, with_variant,
};
pub use damtutor_rules::{
    Bitboard, Board, Brazilian, ByColor, Color, DrawReason, English, GameEnd, International,
    Material, Notation, Outcome, Piece, PositionError, Role, RuleSet, Rules, Russian, Setup,
    Square, Undo, Variant, VariantPosition,
};

/// The international position: the teaching layers speak international draughts where they
/// name no game (see [`damtutor_rules::Position`] for every game).
pub type Position = damtutor_rules::Position<International>;
/// A move of international draughts.
pub type Move = damtutor_rules::Move<International>;
/// The moves of an international position.
pub type MoveList = damtutor_rules::MoveList<International>;
/// A game of international draughts.
pub type Game = damtutor_rules::Game<International>;

/// [`damtutor_rules::position`], with `Position` the international position.
pub mod position {
    pub use damtutor_rules::position::*;
    pub type Position = damtutor_rules::Position<crate::International>;
}

/// [`damtutor_rules::moves`], with `Move` and `MoveList` those of international draughts.
pub mod moves {
    pub use damtutor_rules::moves::*;
    pub type Move = damtutor_rules::Move<crate::International>;
    pub type MoveList = damtutor_rules::MoveList<crate::International>;
}

/// [`damtutor_rules::game`], with `Game` a game of international draughts.
pub mod game {
    pub use damtutor_rules::game::*;
    pub type Game = damtutor_rules::Game<crate::International>;
}

/// [`damtutor_rules::pdn`], with `PdnGame` a game of international draughts.
pub mod pdn {
    pub use damtutor_rules::pdn::*;
    pub type PdnGame = damtutor_rules::pdn::PdnGame<crate::International>;
}
