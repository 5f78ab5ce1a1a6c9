//! The four games: one [`RuleSet`] of constants per game (with the article of its rules beside
//! each), a zero-sized type per game implementing [`Rules`] for the move generator, and
//! [`Variant`] to choose a game at run time.
//!
//! | | international | brazilian (Chinese 64) | russian | english (WCDF) |
//! |---|---|---|---|---|
//! | board | 10x10 | 8x8 | 8x8 | 8x8 |
//! | first to move | White | White | White | Black |
//! | men capture backwards | yes | yes | yes | no |
//! | flying kings | yes | yes | yes | no (one square) |
//! | maximum capture | yes, kings count one | yes, kings count one | no | no |
//! | crowned during a capture | no (only ending there) | no | yes, goes on as a king | yes, the move ends |
//! | notation | 32-28, 28x19 | c3-d4, c3xe5 | c3-d4, c3:e5 | 11-15, 15x24 |
//! | PDN GameType | 20 | 26 | 25 | 21 |

use crate::board::{Board, EightByEight, Geometry, TenByTen};
use crate::square::Color;
use std::fmt;
use std::str::FromStr;

/// How a game writes its moves.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Notation {
    /// Square numbers: `32-28`, `28x19`.
    Numeric,
    /// Algebraic names, captures joined by `separator`: `c3-d4`, `c3:e5`.
    Algebraic { separator: char },
}

/// When a man is crowned.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Crowning {
    /// Only when its move ends on the far row; a man that passes it during a capture stays a
    /// man (FMJD 4.15).
    EndOfMove,
    /// As soon as it reaches the far row, and a capture then goes on with the new king
    /// (Russian rules).
    DuringCaptureContinue,
    /// As soon as it reaches the far row, and the move ends there (English rules: a man cannot
    /// capture backwards, so it has nowhere to go on).
    DuringCaptureStop,
}

impl RuleSet {
    /// A square's name in the game's notation: `28` or `c3`.
    pub fn square_name(&self, square: crate::Square) -> String {
        match self.notation {
            Notation::Numeric => square.to_string(),
            Notation::Algebraic { .. } => self.board.algebraic(square),
        }
    }

    /// The separator of a capture's squares: `x`, or the algebraic separator (`x`, `:`).
    pub fn capture_separator(&self) -> char {
        match self.notation {
            Notation::Numeric => 'x',
            Notation::Algebraic { separator } => separator,
        }
    }
}

/// An endgame in which the stronger side has a limited number of moves to win.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct EndgameLimit {
    /// The stronger side's pieces, at least and at most.
    pub min_pieces: u8,
    pub max_pieces: u8,
    /// The stronger side's kings, at least.
    pub min_kings: u8,
    /// The moves each side may still play once the endgame is on the board.
    pub moves: u16,
}

/// The draw rules of a game. Threefold repetition (the same position with the same side to
/// move) is a draw in every game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct DrawRules {
    /// Successive moves by each player with only kings moving and no capture (international
    /// 25, brazilian 20, russian 15; english 40: no capture and no man moving).
    pub king_moves: Option<u16>,
    /// Endgames against a lone king, with their move limits; the first that fits applies.
    pub lone_king: &'static [EndgameLimit],
}

/// The rules of one game, as constants.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct RuleSet {
    /// The game.
    pub variant: Variant,
    /// The board.
    pub board: Board,
    /// The side that moves first in a game (FMJD 3.3; English: Black).
    pub first_to_move: Color,
    /// Men each side starts with.
    pub men: u8,
    /// Whether men capture backwards as well as forwards (FMJD 4.2).
    pub men_capture_backwards: bool,
    /// Whether kings move and capture along a whole diagonal (FMJD 3.9, 4.3) rather than one
    /// square at a time.
    pub flying_kings: bool,
    /// Whether the capture that takes the most pieces is compulsory, a king counting as one
    /// piece (FMJD 4.13). Without it a player chooses among the captures freely, but a capture,
    /// once begun, is completed.
    pub maximum_capture: bool,
    /// When a man becomes a king.
    pub crowning: Crowning,
    /// Draws by rule.
    pub draw: DrawRules,
    /// How moves are written.
    pub notation: Notation,
    /// The PDN `GameType` number.
    pub game_type: u8,
}

/// FMJD articles 6.3 and 6.4: three pieces with a king against a lone king, 16 moves each; two
/// pieces or a king alone against a lone king, 5 moves each.
const FMJD_ENDGAMES: &[EndgameLimit] = &[
    EndgameLimit {
        min_pieces: 3,
        max_pieces: 3,
        min_kings: 1,
        moves: 16,
    },
    EndgameLimit {
        min_pieces: 1,
        max_pieces: 2,
        min_kings: 1,
        moves: 5,
    },
];

/// Russian rules: three kings (or more) against a lone king, 15 moves.
const RUSSIAN_ENDGAMES: &[EndgameLimit] = &[EndgameLimit {
    min_pieces: 3,
    max_pieces: 12,
    min_kings: 3,
    moves: 15,
}];

/// The rules of a game, known at compile time: the move generator, positions and games are
/// generic over it, so every rule is a constant in their hot loops.
pub trait Rules:
    Copy + Clone + Default + fmt::Debug + Eq + std::hash::Hash + Send + Sync + 'static
{
    /// The board.
    type Geometry: Geometry;
    /// The rules as data.
    const RULES: RuleSet;
}

/// International draughts: the FMJD rules on 10x10.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct International;

/// Brazilian draughts, the Chinese 64-square rules (中国国际跳棋64格规则): the FMJD rules on 8x8.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Brazilian;

/// Russian draughts: free choice among captures; a man crowned during a capture goes on as a
/// king.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Russian;

/// English checkers (WCDF rules): Black first, men capture forwards only, kings step one square,
/// free choice among captures.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct English;

impl Rules for International {
    type Geometry = TenByTen;
    const RULES: RuleSet = RuleSet {
        variant: Variant::International,
        board: Board::TenByTen,
        first_to_move: Color::White,   // 3.3
        men: 20,                       // 2.8
        men_capture_backwards: true,   // 4.2
        flying_kings: true,            // 3.9, 4.3
        maximum_capture: true,         // 4.13
        crowning: Crowning::EndOfMove, // 3.5, 4.15
        draw: DrawRules {
            king_moves: Some(25),     // 6.2
            lone_king: FMJD_ENDGAMES, // 6.3, 6.4
        },
        notation: Notation::Numeric,
        game_type: 20,
    };
}

impl Rules for Brazilian {
    type Geometry = EightByEight;
    const RULES: RuleSet = RuleSet {
        variant: Variant::Brazilian,
        board: Board::EightByEight,
        first_to_move: Color::White,
        men: 12,
        men_capture_backwards: true,
        flying_kings: true,
        maximum_capture: true,
        crowning: Crowning::EndOfMove,
        draw: DrawRules {
            king_moves: Some(20), // 20 successive king moves without capture (CBD)
            lone_king: FMJD_ENDGAMES,
        },
        notation: Notation::Algebraic { separator: 'x' },
        game_type: 26,
    };
}

impl Rules for Russian {
    type Geometry = EightByEight;
    const RULES: RuleSet = RuleSet {
        variant: Variant::Russian,
        board: Board::EightByEight,
        first_to_move: Color::White,
        men: 12,
        men_capture_backwards: true,
        flying_kings: true,
        maximum_capture: false,
        crowning: Crowning::DuringCaptureContinue,
        draw: DrawRules {
            king_moves: Some(15), // 15 moves each with only kings moving and no capture
            lone_king: RUSSIAN_ENDGAMES,
        },
        notation: Notation::Algebraic { separator: ':' },
        game_type: 25,
    };
}

impl Rules for English {
    type Geometry = EightByEight;
    const RULES: RuleSet = RuleSet {
        variant: Variant::English,
        board: Board::EightByEight,
        first_to_move: Color::Black, // WCDF 1.4: the dark pieces move first
        men: 12,
        men_capture_backwards: false,
        flying_kings: false,
        maximum_capture: false,
        crowning: Crowning::DuringCaptureStop,
        draw: DrawRules {
            king_moves: Some(40), // the 40-move rule: no capture and no man moving
            lone_king: &[],
        },
        notation: Notation::Numeric,
        game_type: 21,
    };
}

/// A game, chosen at run time (on the command line, in an exercise file, by a PDN `GameType`).
///
/// ```
/// use damtutor_rules::Variant;
/// let v: Variant = "64".parse().unwrap();
/// assert_eq!(v, Variant::Brazilian);
/// assert_eq!(v.name(), "brazilian");
/// assert_eq!(Variant::from_game_type(21), Some(Variant::English));
/// assert!("chess".parse::<Variant>().unwrap_err().to_string().contains("international"));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Variant {
    /// 10x10, FMJD rules.
    #[default]
    International,
    /// 8x8, FMJD rules (the Chinese 64-square rules).
    #[cfg_attr(feature = "serde", serde(alias = "64"))]
    Brazilian,
    /// 8x8, Russian rules.
    Russian,
    /// 8x8, English checkers (WCDF).
    English,
}

impl Variant {
    /// Every game, in a fixed order.
    pub const ALL: [Variant; 4] = [
        Variant::International,
        Variant::Brazilian,
        Variant::Russian,
        Variant::English,
    ];

    /// The rules of the game.
    pub const fn rules(self) -> RuleSet {
        match self {
            Variant::International => International::RULES,
            Variant::Brazilian => Brazilian::RULES,
            Variant::Russian => Russian::RULES,
            Variant::English => English::RULES,
        }
    }

    /// The name used on the command line and in files: `international`, `brazilian`,
    /// `russian`, `english`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::International => "international",
            Variant::Brazilian => "brazilian",
            Variant::Russian => "russian",
            Variant::English => "english",
        }
    }

    /// The board.
    pub const fn board(self) -> Board {
        self.rules().board
    }

    /// The game of a PDN `GameType` number.
    pub const fn from_game_type(number: u32) -> Option<Variant> {
        match number {
            20 => Some(Variant::International),
            21 => Some(Variant::English),
            25 => Some(Variant::Russian),
            26 => Some(Variant::Brazilian),
            _ => None,
        }
    }

    /// The start position as FEN: `W:W31-50:B1-20` and so on.
    pub const fn initial_fen(self) -> &'static str {
        match self {
            Variant::International => "W:W31-50:B1-20",
            Variant::Brazilian | Variant::Russian => "W:W21-32:B1-12",
            Variant::English => "B:W21-32:B1-12",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is not one of the four.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game '{}': expected international, brazilian (or 64), russian or english",
            self.0
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Reads a game name, ignoring case: `international` (`100`, `10x10`), `brazilian` (`64`,
    /// `chinese64`), `russian`, `english` (`checkers`, `8x8`... is ambiguous and refused).
    fn from_str(text: &str) -> Result<Variant, UnknownVariant> {
        let name = text
            .trim()
            .to_ascii_lowercase()
            .replace(['-', '_', ' '], "");
        match name.as_str() {
            "international" | "100" | "10x10" | "fmjd" => Ok(Variant::International),
            "brazilian" | "64" | "chinese64" | "china64" => Ok(Variant::Brazilian),
            "russian" => Ok(Variant::Russian),
            "english" | "checkers" | "englishcheckers" | "wcdf" => Ok(Variant::English),
            _ => Err(UnknownVariant(text.trim().to_string())),
        }
    }
}

/// Runs `$body` with the type alias `$R` naming the rules of the game `$variant`: the bridge
/// from a game chosen at run time to code that is generic over [`Rules`].
///
/// ```
/// use damtutor_rules::{with_variant, perft, Position, Variant};
/// let variant: Variant = "english".parse().unwrap();
/// let nodes = with_variant!(variant, R => perft::perft(&Position::<R>::initial(), 3));
/// assert_eq!(nodes, 302);
/// ```
#[macro_export]
macro_rules! with_variant {
    ($variant:expr, $R:ident => $body:expr) => {
        match $variant {
            $crate::Variant::International => {
                type $R = $crate::International;
                $body
            }
            $crate::Variant::Brazilian => {
                type $R = $crate::Brazilian;
                $body
            }
            $crate::Variant::Russian => {
                type $R = $crate::Russian;
                $body
            }
            $crate::Variant::English => {
                type $R = $crate::English;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for variant in Variant::ALL {
            assert_eq!(variant.name().parse::<Variant>(), Ok(variant));
            assert_eq!(variant.rules().variant, variant);
            assert_eq!(
                Variant::from_game_type(variant.rules().game_type as u32),
                Some(variant)
            );
        }
        assert_eq!("Chinese-64".parse::<Variant>(), Ok(Variant::Brazilian));
        assert!("8x8".parse::<Variant>().is_err());
    }
}
