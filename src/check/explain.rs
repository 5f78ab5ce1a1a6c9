//! What a checked line says, as data, and its words in either language: the verdict's
//! sentence, why a move is wrong (the refutation, the rule it breaks), and the moves numbered
//! as draughts players number them (`1. 32-28 19-23 2. ...`; 第 1 回合 in Chinese).
//!
//! The line checker records what it found ([`Said`], [`Reason`]); the words are chosen only
//! when the check is said in a language ([`LineCheck::in_language`]), so one check can be told
//! to an English and a Chinese reader alike.

use super::line::{LineCheck, NoSolution};
use crate::notation::{BrokenRule, MoveError, SyntaxProblem};
use crate::solver::{Goal, Status};
use crate::square::Color;
use crate::words::{self, say, text, Lang, Text};
use crate::Variant;

/// Why a move of a line is wrong, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Not a move, not legal, or several captures fit.
    Move(MoveError),
    /// The defender has no move left, and the goal is not reached.
    GoalNotReached,
    /// The goal is no longer forced (no single reply shows why).
    NotForced,
    /// The defender's answer (and the forced moves after it) costs the solving side `lost`
    /// men's worth of material, a king counting `king`.
    Refuted {
        answer: Vec<String>,
        lost: i32,
        kings: bool,
        king: i32,
    },
    /// The defender's answer lets the goal slip, without a loss of material.
    Escapes { answer: Vec<String> },
}

impl Reason {
    /// Whether the move broke the rules (or was no move), rather than letting the goal slip.
    pub fn is_illegal(&self) -> bool {
        matches!(self, Reason::Move(_))
    }
}

/// What a checked line says, as data.
#[derive(Clone, Debug)]
pub struct Said {
    /// The game, for example moves in the words.
    pub variant: Variant,
    pub goal: Goal,
    /// The solving side, who moves first in the line.
    pub attacker: Color,
    pub kind: SaidKind,
}

/// The sentence a verdict gets.
#[derive(Clone, Debug)]
pub enum SaidKind {
    Correct,
    /// Another way: `key` is the student's first move when the book line starts otherwise.
    Alternative {
        key: Option<String>,
        book: String,
    },
    NoMoves,
    Incomplete,
    /// The first wrong move: its ply (1-based) and the text as the student wrote it.
    Error {
        ply: usize,
        text: String,
        reason: Reason,
    },
}

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
    /// carry the numbers, as in [`annotate`](crate::solver::annotate): a line that Black
    /// starts begins `1... 19-23 2. 32-28`.
    ///
    /// ```
    /// use damtutor::check::explain::Numbered;
    /// use damtutor::words::Lang;
    /// use damtutor::Color;
    /// assert_eq!(Numbered::new(Color::White, 5, "34-29").say(Lang::English), "3. 34-29");
    /// assert_eq!(Numbered::new(Color::White, 4, "16x27").say(Lang::English), "2... 16x27");
    /// assert_eq!(Numbered::new(Color::Black, 2, "32-28").say(Lang::Chinese), "第 2 回合白方 32-28");
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

    /// The move with its number in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        let key = match self.color {
            Color::White => Text::MoveNumberWhite,
            Color::Black => Text::MoveNumberBlack,
        };
        say!(lang, key, number = self.number, text = self.text)
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

/// Why move text is not a legal move of `variant`, in `lang`: the rule it breaks, or what
/// is wrong with its text.
///
/// ```
/// use damtutor::check::explain::move_error;
/// use damtutor::words::Lang;
/// use damtutor::{Position, Variant};
/// let position: Position = "W:W32,37:B27".parse().unwrap();
/// let error = position.parse_move("37-31").unwrap_err();
/// assert_eq!(move_error(Lang::English, Variant::International, &error), "capture is compulsory: 32x21");
/// assert_eq!(move_error(Lang::Chinese, Variant::International, &error), "有吃必吃：32x21");
/// ```
pub fn move_error(lang: Lang, variant: Variant, error: &MoveError) -> String {
    match error {
        MoveError::Syntax { problem, .. } => syntax(lang, variant, problem),
        MoveError::Illegal { rule, .. } => broken_rule(lang, rule),
        MoveError::Ambiguous { options, .. } => options.join(text(lang, Text::RuleOr)),
    }
}

fn syntax(lang: Lang, variant: Variant, problem: &SyntaxProblem) -> String {
    let (quiet, capture) = words::example_moves(variant);
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

fn broken_rule(lang: Lang, rule: &BrokenRule) -> String {
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
            owner = words::side(lang, *owner),
            side = words::side(lang, owner.other())
        ),
        BrokenRule::NoMoves { side } => {
            say!(lang, Text::RuleNoMoves, side = words::side(lang, *side))
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
        BrokenRule::Occupied { square: name } => {
            say!(lang, Text::RuleOccupied, square = square(lang, name))
        }
        BrokenRule::ManStep => say!(lang, Text::RuleManStep),
        BrokenRule::KingFlies => say!(lang, Text::RuleKingFlies),
        BrokenRule::KingStep => say!(lang, Text::RuleKingStep),
        BrokenRule::NotLegal => say!(lang, Text::RuleNotLegal),
    }
}

/// The defender's answer in words: `23x34` or `23x34 (then 40x29)`.
fn answer(lang: Lang, moves: &[String]) -> String {
    match moves.split_first() {
        Some((first, [])) => first.clone(),
        Some((first, rest)) => say!(lang, Text::RefutationThen, first, rest = rest.join(" ")),
        None => String::new(),
    }
}

/// Why the move `token` (a move text, or a numbered move) lets the goal slip or breaks the
/// rules, in `lang`, without a final full stop.
pub fn reason(lang: Lang, said: &Said, reason: &Reason, token: &str) -> String {
    let goal = words::goal(lang, said.goal);
    match reason {
        Reason::Move(error) => move_error(lang, said.variant, error),
        Reason::GoalNotReached => say!(lang, Text::ReasonGoalNotReached, token),
        Reason::NotForced => say!(lang, Text::ReasonNotForced, token, goal),
        Reason::Refuted {
            answer: moves,
            lost,
            kings,
            king,
        } => {
            let key = if *kings {
                Text::ReasonRefutedWithKings
            } else {
                Text::ReasonRefuted
            };
            say!(
                lang,
                key,
                token,
                answer = answer(lang, moves),
                attacker = words::side(lang, said.attacker),
                lost,
                men = words::men(lang, *lost),
                king
            )
        }
        Reason::Escapes { answer: moves } => say!(
            lang,
            Text::ReasonNotForcedAnswer,
            token,
            goal,
            side = words::side(lang, said.attacker.other()),
            answer = answer(lang, moves)
        ),
    }
}

/// The one sentence a checked line gets, in `lang`.
pub fn message(lang: Lang, said: &Said) -> String {
    match &said.kind {
        SaidKind::Correct => say!(lang, Text::LineCorrect),
        SaidKind::Alternative {
            key: Some(key),
            book,
        } => {
            let words = match said.goal {
                Goal::Win => Text::LineAlternativeKeyWins,
                _ => Text::LineAlternativeKey,
            };
            say!(lang, words, key, line = book)
        }
        SaidKind::Alternative { key: None, book } => {
            say!(lang, Text::LineAlternativeLine, line = book)
        }
        SaidKind::NoMoves => say!(lang, Text::LineNoMoves),
        SaidKind::Incomplete => say!(
            lang,
            Text::LineIncomplete,
            attacker = words::side(lang, said.attacker)
        ),
        SaidKind::Error {
            ply,
            text: written,
            reason: why,
        } => {
            let numbered = Numbered::new(said.attacker, *ply, written).say(lang);
            match why {
                Reason::Move(error @ MoveError::Syntax { .. }) => say!(
                    lang,
                    Text::LineNotAMove,
                    move = numbered,
                    problem = move_error(lang, said.variant, error)
                ),
                Reason::Move(error @ MoveError::Ambiguous { .. }) => say!(
                    lang,
                    Text::LineAmbiguous,
                    move = numbered,
                    options = move_error(lang, said.variant, error)
                ),
                Reason::Move(error) => say!(
                    lang,
                    Text::LineIllegal,
                    move = numbered,
                    rule = move_error(lang, said.variant, error)
                ),
                _ => say!(
                    lang,
                    Text::LineSentence,
                    reason = reason(lang, said, why, &numbered)
                ),
            }
        }
    }
}

impl LineCheck {
    /// The check with its message and the first error's reason in `lang` (the verdict and
    /// the moves are the same in every language).
    pub fn in_language(mut self, lang: Lang) -> LineCheck {
        self.message = message(lang, &self.said);
        if let (Some(error), SaidKind::Error { reason: why, .. }) =
            (self.first_error.as_mut(), &self.said.kind)
        {
            error.reason = reason(lang, &self.said, why, &error.text);
        }
        self.lang = lang;
        self
    }

    /// The line as understood, numbered, the filled-in defender moves in brackets.
    pub fn numbered_line(&self, lang: Lang) -> String {
        numbered_line(lang, self.said.attacker, &self.line, &self.filled)
    }

    /// The first faulty move with its number (`3. 34-29`, 第 3 回合白方 34-29), if any.
    pub fn faulty_move(&self, lang: Lang) -> Option<String> {
        self.first_error
            .as_ref()
            .map(|error| Numbered::new(self.said.attacker, error.ply, &error.text).say(lang))
    }
}

impl NoSolution {
    /// Why the line cannot be checked, in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        match self.status {
            Status::Unknown => say!(lang, Text::NoSolutionUnknown),
            _ => say!(
                lang,
                Text::NoSolutionNone,
                goal = words::goal_name(lang, self.goal)
            ),
        }
    }
}

impl std::fmt::Display for NoSolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.say(Lang::English))
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
            Numbered::new(Color::Black, 1, "19-23").say(Lang::English),
            "1... 19-23"
        );
        assert_eq!(
            Numbered::new(Color::White, 3, "34-30").say(Lang::Chinese),
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
            broken_rule(Lang::English, &majority),
            majority.to_string(),
            "the English words are the rules crate's"
        );
        assert_eq!(
            broken_rule(Lang::Chinese, &majority),
            "能多吃必多吃：必须吃 3 个子（48x30），48x26 只吃 2 个"
        );
        let occupied = BrokenRule::Occupied {
            square: "c3".into(),
        };
        assert_eq!(broken_rule(Lang::Chinese, &occupied), "c3 格上已有棋子");
        let many: Vec<String> = (1..=8).map(|n| format!("{n}x{}", n + 10)).collect();
        let compulsory = BrokenRule::Compulsory { captures: many };
        assert_eq!(
            broken_rule(Lang::English, &compulsory),
            compulsory.to_string()
        );
        assert!(broken_rule(Lang::Chinese, &compulsory).ends_with("（共 8 种）"));
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
