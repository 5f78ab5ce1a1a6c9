//! What a solution claims, in sentences: why `auto` chose its goal, whether the key is unique,
//! why nothing is claimed, and the draw rules.

use super::{say, Lang, Text};
use crate::vocabulary::{Goal, GoalChoice, Uniqueness, Unknown};
use damtutor_rules::DrawReason;

/// A draw rule in words: "5 moves each with two pieces or fewer against a lone king".
pub fn draw_rule(lang: Lang, rule: DrawReason) -> String {
    let number = |n: u8| -> String {
        match (lang, n) {
            (Lang::English, 1) => "one".into(),
            (Lang::English, 2) => "two".into(),
            (Lang::English, 3) => "three".into(),
            (_, n) => n.to_string(),
        }
    };
    match rule {
        DrawReason::KingMoves(moves) => say!(lang, Text::DrawKingMoves, moves),
        DrawReason::Endgame(limit) => {
            let moves = limit.moves;
            if limit.min_kings >= 3 {
                say!(
                    lang,
                    Text::DrawEndgameKings,
                    moves,
                    kings = number(limit.min_kings)
                )
            } else if limit.min_pieces == limit.max_pieces {
                say!(
                    lang,
                    Text::DrawEndgamePieces,
                    moves,
                    pieces = number(limit.max_pieces)
                )
            } else {
                say!(
                    lang,
                    Text::DrawEndgameUpTo,
                    moves,
                    pieces = number(limit.max_pieces)
                )
            }
        }
        DrawReason::Repetition => "threefold repetition".to_string(),
    }
}

/// Why `auto` chose its goal, in a sentence.
pub fn choice(lang: Lang, choice: GoalChoice) -> String {
    let plies = choice.ruled_out_within;
    // English names the goal as it is written on the command line; other languages in words.
    let goal = match lang {
        Lang::English => choice.goal.to_string(),
        _ => super::goal(lang, choice.goal),
    };
    let mut text = match choice.goal {
        Goal::Win => say!(lang, Text::ChoiceWin, goal),
        Goal::King => say!(lang, Text::ChoiceKing, goal, plies),
        _ => say!(lang, Text::ChoiceMaterial, goal, plies),
    };
    if choice.stopped && choice.goal != Goal::Win {
        text.push_str(super::text(lang, Text::ChoiceStopped));
    }
    text
}

/// Whether the key is unique, in words: "unique within 12 plies" (no other first move forces
/// the goal within the horizon H, proven), "not unique", "not proven unique: ...".
/// `within` is the solution's `unique_within`.
pub fn uniqueness(lang: Lang, uniqueness: Uniqueness, within: u32) -> String {
    match uniqueness {
        Uniqueness::Unique => say!(lang, Text::KeyUnique, plies = within),
        Uniqueness::NotUnique => say!(lang, Text::KeyNotUnique),
        Uniqueness::Unknown => say!(lang, Text::KeyUniqueUnknown, plies = within),
    }
}

/// Why nothing is claimed, in a sentence.
pub fn unknown(lang: Lang, unknown: Unknown) -> String {
    match unknown {
        Unknown::Limits => say!(lang, Text::UnknownLimits),
        Unknown::DrawRule(rule) => say!(lang, Text::UnknownDrawRule, rule = draw_rule(lang, rule)),
    }
}
