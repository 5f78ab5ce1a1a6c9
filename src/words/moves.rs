//! Moves in sentences: numbered as draughts players number them (`3. 34-29`, `2... 16x27`;
//! 第 3 回合白方 34-29 in Chinese), squares (`32 号格`, `c3 格`), and why move text is not
//! a legal move (the rule it breaks: 有吃必吃, 能多吃必多吃, or what is wrong with the text).

use super::{example_moves, say, text, Lang, Text};
use crate::notation::{BrokenRule, MoveError, SyntaxProblem};
use crate::square::Color;
use crate::Variant;

/// A move with its number, as draughts players write it: `3. 34-29` for White's third move,
/// `2... 16x27` for Black's second (第 3 回合白方 34-29).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbered {
    pub number: usize,
    pub color: Color,
    pub text: String,
}

impl Numbered {
    /// The `ply`th move (1-based) of a line whose first move is `first`'s. White's moves
    /// carry the numbers, as in `solver::annotate`: a line that Black
    /// starts begins `1... 19-23 2. 32-28`.
    ///
    /// ```
    /// use damtutor::words::Numbered;
    /// use damtutor::words::Lang;
    /// use damtutor::{Color, Variant};
    /// let int = Variant::International;
    /// assert_eq!(Numbered::new(Color::White, 5, "34-29").say(Lang::English, int), "3. 34-29");
    /// assert_eq!(Numbered::new(Color::White, 4, "16x27").say(Lang::English, int), "2... 16x27");
    /// assert_eq!(Numbered::new(Color::Black, 2, "32-28").say(Lang::Chinese, int), "第 2 回合白方 32-28");
    /// let checkers = Numbered::new(Color::Black, 1, "11-15").say(Lang::Chinese, Variant::English);
    /// assert_eq!(checkers, "第 1 回合红方 11-15");
    /// ```
    pub fn new(first: Color, ply: usize, text: &str) -> Numbered {
        let index = ply.saturating_sub(1) + usize::from(first == Color::Black);
        Numbered {
            number: index / 2 + 1,
            color: if index.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
            text: text.trim().to_string(),
        }
    }

    /// The move with its number in `lang`, the side named as `variant` names it.
    pub fn say(&self, lang: Lang, variant: Variant) -> String {
        let key = match self.color {
            Color::White => Text::MoveNumberWhite,
            Color::Black => Text::MoveNumberBlack,
        };
        let side = super::side(lang, variant, self.color);
        say!(lang, key, number = self.number, side, text = self.text)
    }
}

/// A line numbered as in a book: `1. 27-22 (18x27) 2. 32x21`, the moves at `filled`
/// (0-based) in brackets; the first move is `first`'s.
pub fn numbered_line(lang: Lang, first: Color, texts: &[String], filled: &[usize]) -> String {
    let mut out = String::new();
    for (index, move_text) in texts.iter().enumerate() {
        let numbered = Numbered::new(first, index + 1, move_text);
        if !out.is_empty() {
            out.push(' ');
        }
        // The number before White's moves and before the first move; brackets around the
        // moves filled in.
        if numbered.color == Color::White {
            out.push_str(&format!("{}. ", numbered.number));
        } else if index == 0 {
            out.push_str(&format!("{}... ", numbered.number));
        }
        if filled.contains(&index) {
            out.push_str(&say!(lang, Text::FilledMove, text = move_text));
        } else {
            out.push_str(move_text);
        }
    }
    out
}

/// A square's name in a sentence: `32` / `32 号格`, `c3` / `c3 格`.
fn square(lang: Lang, name: &str) -> String {
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        say!(lang, Text::SquareNumber, square = name)
    } else {
        say!(lang, Text::SquareName, square = name)
    }
}

/// A list of moves in a sentence: at most six, then how many in all.
fn moves(lang: Lang, list: &[String]) -> String {
    let shown = list.iter().take(6).cloned().collect::<Vec<_>>();
    let joined = shown.join(text(lang, Text::Comma));
    if list.len() > 6 {
        say!(
            lang,
            Text::RuleMoreMoves,
            moves = joined,
            count = list.len()
        )
    } else {
        joined
    }
}

/// Move text as typed (read with `x` for any capture sign), written in `variant`'s notation:
/// `a5:c3` in Russian, so that one sentence never mixes `x` and `:`.
///
/// ```
/// use damtutor::words::in_notation;
/// use damtutor::Variant;
/// assert_eq!(in_notation(Variant::Russian, "a5xc3"), "a5:c3");
/// assert_eq!(in_notation(Variant::Brazilian, "c3xe5"), "c3xe5");
/// ```
pub fn in_notation(variant: Variant, text: &str) -> String {
    let separator = variant.rules().capture_separator();
    text.chars()
        .map(|c| if c == 'x' { separator } else { c })
        .collect()
}

/// Why move text is not a legal move of `variant`, in `lang`: the rule it breaks, or what
/// is wrong with its text.
///
/// ```
/// use damtutor::words::move_error;
/// use damtutor::words::Lang;
/// use damtutor::{International, Position, Variant};
/// let position: Position<International> = "W:W32,37:B27".parse().unwrap();
/// let error = position.parse_move("37-31").unwrap_err();
/// assert_eq!(move_error(Lang::English, Variant::International, &error), "capture is compulsory: 32x21");
/// assert_eq!(move_error(Lang::Chinese, Variant::International, &error), "有吃必吃：32x21");
/// ```
pub fn move_error(lang: Lang, variant: Variant, error: &MoveError) -> String {
    match error {
        MoveError::Syntax { problem, .. } => syntax(lang, variant, problem),
        MoveError::Illegal { rule, .. } => broken_rule(lang, variant, rule),
        MoveError::Ambiguous { options, .. } => options.join(text(lang, Text::RuleOr)),
    }
}

fn syntax(lang: Lang, variant: Variant, problem: &SyntaxProblem) -> String {
    let (quiet, capture) = example_moves(variant);
    match problem {
        SyntaxProblem::Empty => say!(lang, Text::SyntaxEmpty),
        SyntaxProblem::MixedSeparators => say!(lang, Text::SyntaxMixed),
        SyntaxProblem::NotSquares => say!(lang, Text::SyntaxNotSquares, quiet, capture),
        SyntaxProblem::NotASquare { text, last } => {
            say!(lang, Text::SyntaxNotASquare, text, last)
        }
        SyntaxProblem::NotADarkSquare { text } => say!(lang, Text::SyntaxNotADarkSquare, text),
        SyntaxProblem::OneSquare => say!(lang, Text::SyntaxOneSquare, quiet),
    }
}

fn broken_rule(lang: Lang, variant: Variant, rule: &BrokenRule) -> String {
    match rule {
        BrokenRule::OffBoard => say!(lang, Text::RuleOffBoard),
        BrokenRule::NoPiece { square: name } => {
            say!(lang, Text::RuleNoPiece, square = square(lang, name))
        }
        BrokenRule::NotYours {
            square: name,
            owner,
        } => say!(
            lang,
            Text::RuleNotYours,
            square = square(lang, name),
            owner = super::side(lang, variant, *owner),
            side = super::side(lang, variant, owner.other())
        ),
        BrokenRule::NoMoves { side } => {
            say!(
                lang,
                Text::RuleNoMoves,
                side = super::side(lang, variant, *side)
            )
        }
        BrokenRule::Majority {
            required,
            short,
            takes,
            captures,
        } => say!(
            lang,
            Text::RuleMajority,
            required,
            short,
            takes,
            captures = moves(lang, captures)
        ),
        BrokenRule::Compulsory { captures } => {
            say!(lang, Text::RuleCompulsory, captures = moves(lang, captures))
        }
        BrokenRule::Unfinished { captures, maximum } => {
            let key = if *maximum {
                Text::RuleUnfinishedMaximum
            } else {
                Text::RuleUnfinished
            };
            say!(lang, key, captures = moves(lang, captures))
        }
        BrokenRule::Occupied { square: name } => {
            say!(lang, Text::RuleOccupied, square = square(lang, name))
        }
        BrokenRule::ManStep => say!(lang, Text::RuleManStep),
        BrokenRule::KingFlies => say!(lang, Text::RuleKingFlies),
        BrokenRule::KingStep => say!(lang, Text::RuleKingStep),
        BrokenRule::Route { routes } => {
            say!(lang, Text::RuleRoute, routes = moves(lang, routes))
        }
        BrokenRule::NotLegal => say!(lang, Text::RuleNotLegal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_by_the_side_that_starts() {
        let texts: Vec<String> = ["27-22", "18x27", "32x21", "16x27", "34-29"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            numbered_line(Lang::English, Color::White, &texts, &[1, 3]),
            "1. 27-22 (18x27) 2. 32x21 (16x27) 3. 34-29"
        );
        assert_eq!(
            numbered_line(Lang::Chinese, Color::White, &texts, &[1]),
            "1. 27-22 (18x27) 2. 32x21 16x27 3. 34-29"
        );
        assert_eq!(
            numbered_line(Lang::English, Color::Black, &texts[..3], &[]),
            "1... 27-22 2. 18x27 32x21"
        );
        assert_eq!(
            Numbered::new(Color::Black, 1, "19-23").say(Lang::English, Variant::International),
            "1... 19-23"
        );
        assert_eq!(
            Numbered::new(Color::White, 3, "34-30").say(Lang::Chinese, Variant::International),
            "第 2 回合白方 34-30"
        );
    }

    #[test]
    fn broken_rules_in_both_languages() {
        let majority = BrokenRule::Majority {
            required: 3,
            short: "48x26".into(),
            takes: 2,
            captures: vec!["48x30".into()],
        };
        assert_eq!(
            broken_rule(Lang::English, Variant::International, &majority),
            majority.to_string(),
            "the English words are the rules crate's"
        );
        assert_eq!(
            broken_rule(Lang::Chinese, Variant::International, &majority),
            "能多吃必多吃：必须吃 3 个子（48x30），48x26 只吃 2 个"
        );
        let occupied = BrokenRule::Occupied {
            square: "c3".into(),
        };
        assert_eq!(
            broken_rule(Lang::Chinese, Variant::International, &occupied),
            "c3 格上已有棋子"
        );
        let many: Vec<String> = (1..=8).map(|n| format!("{n}x{}", n + 10)).collect();
        let compulsory = BrokenRule::Compulsory { captures: many };
        assert_eq!(
            broken_rule(Lang::English, Variant::International, &compulsory),
            compulsory.to_string()
        );
        assert!(
            broken_rule(Lang::Chinese, Variant::International, &compulsory)
                .ends_with("（共 8 种）")
        );
        let problem = SyntaxProblem::NotSquares;
        assert_eq!(
            syntax(Lang::English, Variant::International, &problem),
            problem.to_string()
        );
        assert_eq!(
            syntax(Lang::Chinese, Variant::Brazilian, &problem),
            "要用“-”或“x”连接格子，如 c3-d4 或 d4xf6"
        );
    }
}
