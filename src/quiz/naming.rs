//! The words a question uses for its game: the game's name, its sides (as every paper names
//! them, from [`words::side`]: English checkers' dark side is red, as the WCDF rules have it) and its squares in
//! the game's notation (`28`, `c3`), with the Chinese measure words (`28 号格`, `c3 格`).

use crate::rules::Notation;
use crate::square::{Color, Square};
use crate::words::{self, say, text, Lang, Text};
use crate::{RuleSet, Variant};

/// The names of one game's things in one language.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Names {
    pub lang: Lang,
    pub rules: RuleSet,
}

impl Names {
    pub(crate) fn new(lang: Lang, rules: RuleSet) -> Names {
        Names { lang, rules }
    }

    /// The game: "64-square draughts", "英国跳棋".
    pub(crate) fn game(&self) -> &'static str {
        game(self.lang, self.rules.variant)
    }

    /// A square in the game's notation: `28` or `c3`.
    pub(crate) fn square(&self, square: Square) -> String {
        self.rules.square_name(square)
    }

    /// Squares in the game's notation.
    pub(crate) fn squares(&self, squares: &[Square]) -> Vec<String> {
        squares.iter().map(|&s| self.square(s)).collect()
    }

    /// A square as a sentence names it: "28" / "c3" in English, "28 号格" / "c3 格" in Chinese.
    pub(crate) fn at(&self, square: Square) -> String {
        self.place(self.square(square))
    }

    /// Squares as a sentence names them: "23 and 19" / "23、19 号格".
    pub(crate) fn at_all(&self, squares: &[Square]) -> String {
        self.place(words::list(self.lang, &self.squares(squares)))
    }

    fn place(&self, names: String) -> String {
        let key = match self.rules.notation {
            Notation::Numeric => Text::QuizSquareNumbered,
            Notation::Algebraic { .. } => Text::QuizSquareNamed,
        };
        say!(self.lang, key, square = names)
    }

    /// Whether the game names its squares by numbers (international, English checkers).
    pub(crate) fn numbered(&self) -> bool {
        self.rules.notation == Notation::Numeric
    }

    /// The side as a noun: "White", "黑方"; English checkers' dark side is "红方".
    pub(crate) fn side(&self, color: Color) -> &'static str {
        words::side(self.lang, self.rules.variant, color)
    }

    /// The colour as an adjective: "white", "黑", "红".
    pub(crate) fn colour(&self, color: Color) -> &'static str {
        words::colour(self.lang, self.rules.variant, color)
    }

    /// "White to play and win" / "红先胜".
    pub(crate) fn caption(&self, color: Color, goal: crate::solver::Goal) -> String {
        let key = match goal {
            crate::solver::Goal::Win | crate::solver::Goal::Auto => Text::CaptionWin,
            crate::solver::Goal::Material(_) => Text::CaptionMaterial,
            crate::solver::Goal::King => Text::CaptionKing,
        };
        say!(
            self.lang,
            key,
            side = self.side(color),
            colour = self.colour(color)
        )
    }

    /// "White to move." / "白方走棋。"
    pub(crate) fn side_to_move(self, color: Color) -> String {
        say!(self.lang, Text::SideToMove, side = self.side(color))
    }
}

/// The side as a noun in `variant` (see [`words::side`]).
pub fn side(lang: Lang, variant: Variant, color: Color) -> &'static str {
    words::side(lang, variant, color)
}

/// The name of a game: "international draughts", "64格国际跳棋".
pub fn game(lang: Lang, variant: Variant) -> &'static str {
    text(
        lang,
        match variant {
            Variant::International => Text::QuizGameInternational,
            Variant::Brazilian => Text::QuizGameBrazilian,
            Variant::Russian => Text::QuizGameRussian,
            Variant::English => Text::QuizGameEnglish,
        },
    )
}

/// The title of a quiz of `games`: "Rules test: international draughts", "64格国际跳棋、英国跳棋规则测试".
pub(crate) fn title(lang: Lang, games: &[Variant]) -> String {
    let names: Vec<String> = games.iter().map(|&v| game(lang, v).to_string()).collect();
    say!(lang, Text::QuizTitle, game = words::list(lang, &names))
}

/// The mark before a question of a quiz of several games: "[English checkers] " / "【英国跳棋】".
pub(crate) fn game_mark(lang: Lang, variant: Variant) -> String {
    say!(lang, Text::QuizGameMark, game = game(lang, variant))
}

/// A position's FEN with its squares in the game's notation (`W:Wa1,c3:Be5`, `W:W22:B15`).
pub(crate) fn fen<R: crate::Rules>(position: &damtutor_rules::Position<R>) -> String {
    crate::VariantPosition::from_setup(R::RULES.variant, &position.to_setup())
        .map(|p| crate::exercise::fen_in_notation(&p))
        .unwrap_or_else(|_| position.to_string())
}
