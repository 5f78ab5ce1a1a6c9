//! [`VariantPosition`]: a position of a game chosen at run time.
//!
//! Code that does something with a position is written once, generic over [`Rules`], and called
//! through [`with_position!`](crate::with_position) on a `VariantPosition`: the match picks the
//! game, the compiler makes one copy of the code per game.

use crate::bitboard::Bitboard;
use crate::fen::FenError;
use crate::position::{Material, Position};
use crate::rules::{Brazilian, English, International, Rules, Russian, Variant};
use crate::setup::{PositionError, Setup};
use crate::square::{ByColor, Color, Piece, Square};
use std::fmt;

/// A position of any of the four games.
///
/// ```
/// use damtutor_rules::{with_position, Variant, VariantPosition};
/// let position = VariantPosition::from_fen(Variant::Russian, "W:Wb6:Bc7,f6")?;
/// assert_eq!(position.variant(), Variant::Russian);
/// let moves = with_position!(&position, p => p.legal_moves().len());
/// assert_eq!(moves, 2);
/// assert_eq!(position.to_string(), "W:W9:B6,11");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum VariantPosition {
    International(Position<International>),
    Brazilian(Position<Brazilian>),
    Russian(Position<Russian>),
    English(Position<English>),
}

/// Runs `$body` with `$p` bound to the position inside a [`VariantPosition`] (by reference when
/// given a reference), whatever its game: the bridge to code generic over [`Rules`](crate::Rules).
#[macro_export]
macro_rules! with_position {
    ($position:expr, $p:ident => $body:expr) => {
        match $position {
            $crate::VariantPosition::International($p) => $body,
            $crate::VariantPosition::Brazilian($p) => $body,
            $crate::VariantPosition::Russian($p) => $body,
            $crate::VariantPosition::English($p) => $body,
        }
    };
}

impl VariantPosition {
    /// The start position of `variant`.
    pub fn initial(variant: Variant) -> VariantPosition {
        match variant {
            Variant::International => VariantPosition::International(Position::initial()),
            Variant::Brazilian => VariantPosition::Brazilian(Position::initial()),
            Variant::Russian => VariantPosition::Russian(Position::initial()),
            Variant::English => VariantPosition::English(Position::initial()),
        }
    }

    /// Validates a setup as a position of `variant`.
    pub fn from_setup(variant: Variant, setup: &Setup) -> Result<VariantPosition, PositionError> {
        Ok(match variant {
            Variant::International => VariantPosition::International(Position::from_setup(setup)?),
            Variant::Brazilian => VariantPosition::Brazilian(Position::from_setup(setup)?),
            Variant::Russian => VariantPosition::Russian(Position::from_setup(setup)?),
            Variant::English => VariantPosition::English(Position::from_setup(setup)?),
        })
    }

    /// Reads a FEN string (or `start`) as a position of `variant`.
    pub fn from_fen(variant: Variant, text: &str) -> Result<VariantPosition, FenError> {
        Ok(match variant {
            Variant::International => VariantPosition::International(text.parse()?),
            Variant::Brazilian => VariantPosition::Brazilian(text.parse()?),
            Variant::Russian => VariantPosition::Russian(text.parse()?),
            Variant::English => VariantPosition::English(text.parse()?),
        })
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        match self {
            VariantPosition::International(_) => Variant::International,
            VariantPosition::Brazilian(_) => Variant::Brazilian,
            VariantPosition::Russian(_) => Variant::Russian,
            VariantPosition::English(_) => Variant::English,
        }
    }

    /// The position as one of the game `R`, or `None` when it is of another game.
    ///
    /// ```
    /// use damtutor_rules::{Brazilian, International, Position, Russian, Variant, VariantPosition};
    /// let position = VariantPosition::from_fen(Variant::Brazilian, "start")?;
    /// assert_eq!(position.get::<Brazilian>(), Some(Position::initial()));
    /// assert_eq!(position.get::<Russian>(), None);
    /// assert_eq!(position.get::<International>(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get<R: Rules>(&self) -> Option<Position<R>> {
        if R::RULES.variant != self.variant() {
            return None;
        }
        with_position!(self, p => p.convert::<R>())
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        with_position!(self, p => p.turn())
    }

    /// All pieces of `color`.
    pub fn pieces(&self, color: Color) -> Bitboard {
        with_position!(self, p => p.pieces(color))
    }

    /// The kings of `color`.
    pub fn kings(&self, color: Color) -> Bitboard {
        with_position!(self, p => p.kings(color))
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        with_position!(self, p => p.piece_at(square))
    }

    /// Men and kings of each side.
    pub fn material(&self) -> ByColor<Material> {
        with_position!(self, p => p.material())
    }

    /// The position as a setup.
    pub fn to_setup(&self) -> Setup {
        with_position!(self, p => p.to_setup())
    }

    /// The colours swapped and the board turned (see [`Position::mirrored`]).
    pub fn mirrored(&self) -> VariantPosition {
        match self {
            VariantPosition::International(p) => VariantPosition::International(p.mirrored()),
            VariantPosition::Brazilian(p) => VariantPosition::Brazilian(p.mirrored()),
            VariantPosition::Russian(p) => VariantPosition::Russian(p.mirrored()),
            VariantPosition::English(p) => VariantPosition::English(p.mirrored()),
        }
    }
}

/// The canonical FEN.
impl fmt::Display for VariantPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        with_position!(self, p => fmt::Display::fmt(p, f))
    }
}

impl From<Position<International>> for VariantPosition {
    fn from(p: Position<International>) -> VariantPosition {
        VariantPosition::International(p)
    }
}

impl From<Position<Brazilian>> for VariantPosition {
    fn from(p: Position<Brazilian>) -> VariantPosition {
        VariantPosition::Brazilian(p)
    }
}

impl From<Position<Russian>> for VariantPosition {
    fn from(p: Position<Russian>) -> VariantPosition {
        VariantPosition::Russian(p)
    }
}

impl From<Position<English>> for VariantPosition {
    fn from(p: Position<English>) -> VariantPosition {
        VariantPosition::English(p)
    }
}
