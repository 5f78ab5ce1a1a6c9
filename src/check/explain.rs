//! What a checked line says, as data, and its words in either language: the verdict's
//! sentence and why a move is wrong (the refutation, the rule it breaks), the moves numbered
//! as draughts players number them ([`Numbered`]: `1. 32-28 19-23 2. ...`; 第 1 回合 in
//! Chinese).
//!
//! The line checker records what it found ([`Said`], [`Reason`]); the words are chosen only
//! when the check is said in a language ([`LineCheck::in_language`]), so one check can be told
//! to an English and a Chinese reader alike.

use super::line::{LineCheck, NoSolution};
use crate::notation::MoveError;
use crate::solver::{Goal, Status};
use crate::square::Color;
use crate::words::{self, move_error, numbered_line, say, Lang, Numbered, Text};
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
    /// Not judged: the solver's node or time limit ran out first.
    OutOfLimits,
    /// Not judged: no forced goal within `plies` plies of the move, but the refutation (no
    /// material lost) is not proven beyond them.
    BeyondHorizon { plies: u32 },
}

impl Reason {
    /// Whether the move broke the rules (or was no move), rather than letting the goal slip.
    pub fn is_illegal(&self) -> bool {
        matches!(self, Reason::Move(_))
    }

    /// Whether the move could not be judged within the limits (the verdict `unknown`).
    pub fn is_undecided(&self) -> bool {
        matches!(self, Reason::OutOfLimits | Reason::BeyondHorizon { .. })
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
    /// The rest of a line that stops once the goal is decided, told as a note.
    pub rest: Vec<RestStep>,
}

/// One step of the rest of a decided line: the defender's move (if any), then the solving
/// side's answer and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestStep {
    pub reply: Option<String>,
    pub answer: Option<String>,
    /// The answer leaves the defender without a move.
    pub wins: bool,
    pub crowns: bool,
    /// Pieces the answer takes.
    pub takes: u32,
}

/// The rest of a decided line as a sentence: `Then (22-25) 5-1 crowns.`, 接着 (22-25) 5-1 升变为王棋。
pub fn rest_note(lang: Lang, steps: &[RestStep]) -> Option<String> {
    if steps.is_empty() {
        return None;
    }
    let step = |s: &RestStep| {
        let answer = s.answer.clone().map(|text| {
            if s.wins {
                say!(lang, Text::RestWins, text)
            } else if s.crowns {
                say!(lang, Text::RestCrowns, text)
            } else if s.takes == 1 {
                say!(lang, Text::RestTakesOne, text)
            } else if s.takes > 1 {
                say!(lang, Text::RestTakes, text, count = s.takes)
            } else {
                text
            }
        });
        match (&s.reply, answer) {
            (Some(reply), Some(answer)) => format!("({reply}) {answer}"),
            (Some(reply), None) => format!("({reply})"),
            (None, Some(answer)) => answer,
            (None, None) => String::new(),
        }
    };
    let steps: Vec<String> = steps.iter().map(step).collect();
    let moves = steps.join(words::text(lang, Text::ClauseComma));
    Some(say!(lang, Text::RestThen, moves))
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
    /// The solver's limits ran out before it solved the position, and the line forces no win:
    /// not judged.
    Unsolved,
    /// The first wrong move: its ply (1-based) and the text as the student wrote it.
    Error {
        ply: usize,
        text: String,
        reason: Reason,
    },
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
                attacker = words::side(lang, said.variant, said.attacker),
                side = words::side(lang, said.variant, said.attacker.other()),
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
            side = words::side(lang, said.variant, said.attacker.other()),
            answer = answer(lang, moves)
        ),
        Reason::OutOfLimits => say!(lang, Text::ReasonOutOfLimits, token),
        Reason::BeyondHorizon { plies } => {
            say!(lang, Text::ReasonBeyondHorizon, token, goal, plies)
        }
    }
}

/// The one sentence a checked line gets, in `lang`.
pub fn message(lang: Lang, said: &Said) -> String {
    match &said.kind {
        SaidKind::Correct => say!(lang, Text::LineCorrect),
        // No book line to compare with (the solver proved nothing of its own within its
        // limits, and the exercise gives none): the line is simply right.
        SaidKind::Alternative { book, .. } if book.is_empty() => say!(lang, Text::LineCorrect),
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
        SaidKind::Unsolved => say!(lang, Text::LineUnsolved),
        SaidKind::Incomplete => say!(
            lang,
            Text::LineIncomplete,
            attacker = words::side(lang, said.variant, said.attacker)
        ),
        SaidKind::Error {
            ply,
            text: written,
            reason: why,
        } => {
            let written = words::in_notation(said.variant, written);
            let numbered = Numbered::new(said.attacker, *ply, &written).say(lang, said.variant);
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
        self.note = rest_note(lang, &self.said.rest);
        if let Some(note) = &self.note {
            if lang == Lang::English {
                self.message.push(' ');
            }
            self.message.push_str(note);
        }
        if let SaidKind::Error { reason: why, .. } = &self.said.kind {
            for error in [self.first_error.as_mut(), self.unjudged.as_mut()]
                .into_iter()
                .flatten()
            {
                error.reason = reason(lang, &self.said, why, &error.text);
            }
        }
        self.lang = lang;
        self
    }

    /// The line as understood, numbered, the filled-in defender moves in brackets.
    pub fn numbered_line(&self, lang: Lang) -> String {
        numbered_line(lang, self.said.attacker, &self.line, &self.filled)
    }

    /// The first faulty move with its number (`3. 34-29`, 第 3 回合白方 34-29), if any; for an
    /// `unknown` verdict, the move that could not be judged.
    pub fn faulty_move(&self, lang: Lang) -> Option<String> {
        self.first_error
            .as_ref()
            .or(self.unjudged.as_ref())
            .map(|error| {
                let written = words::in_notation(self.said.variant, &error.text);
                Numbered::new(self.said.attacker, error.ply, &written).say(lang, self.said.variant)
            })
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
