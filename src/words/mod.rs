//! The words people read, one table per language: quiz questions and explanations, the labels
//! of worksheets, quizzes and reports, captions, verdicts and feedback sentences.
//!
//! Code names a sentence by its [`Text`] key and fills in its `{placeholders}`; the sentence
//! itself lives in the English table (`words/english.rs`, which also declares the keys) and in
//! the Chinese one (`words/chinese.rs`). A key without a Chinese entry is written in English, so that
//! translating a sentence is adding its entry to the Chinese table. The words the quiz accepts
//! as answers, in both languages, are in [`synonyms`], shared by the question generator and the
//! scorer.
//!
//! ```
//! use damtutor::words::{fill, text, Lang, Text};
//! assert_eq!(text(Lang::Chinese, Text::Answers), "答案");
//! assert_eq!(fill(Lang::English, Text::PointsLabel, &[("points", &4)]), "(4 points)");
//! ```

mod chinese;
pub mod desk;
mod english;
mod errors;
mod moves;
mod phrases;
mod solution;
pub mod synonyms;

pub use crate::vocabulary::Lang;
pub use english::Text;
pub use errors::{
    fen_error, fen_syntax, format_problem, game_name, io_problem, not_utf8, pdn_problem,
    position_error, position_error_in, read_error,
};
pub use moves::{in_notation, move_error, numbered_line, Numbered};
pub use phrases::*;
pub use solution::{choice, draw_rule, uniqueness, unknown};

use crate::Variant;
use std::fmt;

/// A quiet move and a capture from the start of `variant`'s games, in its notation, for
/// examples of how to write moves (`32-28`, `c3-d4`, `d4:f6`, `22x15`...).
pub fn example_moves(variant: Variant) -> (&'static str, &'static str) {
    match variant {
        Variant::International => ("32-28", "28x19"),
        Variant::Brazilian => ("c3-d4", "d4xf6"),
        Variant::Russian => ("c3-d4", "d4:f6"),
        Variant::English => ("9-14", "22x15"),
    }
}

/// The words of `key` in `lang` (English when the table of `lang` has no entry for it).
pub fn text(lang: Lang, key: Text) -> &'static str {
    match lang {
        Lang::English => english::text(key),
        Lang::Chinese => chinese::text(key).unwrap_or_else(|| english::text(key)),
    }
}

/// The words of `key` in `lang` with each `{name}` replaced by its value. A placeholder
/// without a value is left as it is.
pub fn fill(lang: Lang, key: Text, values: &[(&str, &dyn fmt::Display)]) -> String {
    let template = text(lang, key);
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after
            .find('}')
            .and_then(|close| Some((close, values.iter().find(|(n, _)| *n == &after[..close])?)));
        match value {
            Some((close, (_, value))) => {
                out.push_str(&value.to_string());
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `say!(lang, Text::Key)` is the key's words as a `String`; `say!(lang, Text::Key, a, b = x)`
/// fills the placeholders `{a}` and `{b}` with the variable `a` and the value `x`.
macro_rules! say {
    ($lang:expr, $key:expr $(,)?) => {
        $crate::words::text($lang, $key).to_string()
    };
    ($lang:expr, $key:expr, $($name:ident $(= $value:expr)?),+ $(,)?) => {
        $crate::words::fill(
            $lang,
            $key,
            &[$((stringify!($name), &$crate::words::say!(@value $name $($value)?) as &dyn ::std::fmt::Display)),+],
        )
    };
    (@value $name:ident) => {
        $name
    };
    (@value $name:ident $value:expr) => {
        $value
    };
}
pub(crate) use say;

/// The placeholders of a text, in order.
#[cfg(test)]
fn placeholders(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                found.push(&after[..close]);
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    found.sort_unstable();
    found.dedup();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_by_name() {
        let a = 5;
        assert_eq!(
            fill(
                Lang::English,
                Text::StartSideExplanation,
                &[("side", &"White"), ("first", &31), ("last", &50)]
            ),
            "White starts on squares 31-50."
        );
        assert_eq!(
            say!(
                Lang::Chinese,
                Text::StartEmptyExplanation,
                first = a,
                last = 25 - 1
            ),
            "开始时 5-24 号格是空的。"
        );
        // A missing value leaves the placeholder; braces without a name are kept.
        assert_eq!(
            fill(Lang::English, Text::StartEmptyExplanation, &[("first", &1)]),
            "Squares 1-{last} are empty at the start."
        );
    }

    #[test]
    fn a_missing_translation_falls_back_to_english() {
        // Chinese counts without a plural word.
        assert_eq!(chinese::text(Text::Questions), None);
        assert_eq!(text(Lang::Chinese, Text::Questions), "questions");
    }

    #[test]
    fn every_translation_is_a_real_sentence_with_known_placeholders() {
        for &key in Text::ALL {
            let english = english::text(key);
            assert!(!english.trim().is_empty(), "{key:?}");
            let Some(chinese) = chinese::text(key) else {
                continue;
            };
            assert!(!chinese.trim().is_empty(), "{key:?}");
            // The Chinese words may use a placeholder the English ones do not only where the
            // code passes it for them: a side as 白 beside 白方, a refutation step by step
            // where the English feedback is one message, the parts of a reader's or the
            // system's message where English says it as it is.
            if ["{message}", "{detail}"].contains(&english) {
                continue;
            }
            for name in placeholders(chinese) {
                let extra = match key {
                    Text::CaptionWin | Text::CaptionMaterial | Text::CaptionKing => &["colour"][..],
                    Text::ResultWin | Text::ResultMaterial | Text::ResultKing => &["colour"],
                    Text::DiagramToMove => &["colour"],
                    Text::FeedbackWrong | Text::FeedbackWrongRefuted | Text::FeedbackIllegal => {
                        &["ply", "text", "reason", "refutation", "rule"]
                    }
                    Text::ReasonRefuted | Text::ReasonRefutedWithKings => &["side"],
                    Text::MineMove => &["number", "side"],
                    // 第 3 回合白方 34-29 names the side where "3. 34-29" numbers the move.
                    Text::MoveNumberWhite | Text::MoveNumberBlack => &["side"],
                    // The game's name where English says `russian draughts`.
                    Text::PositionInvalidIn | Text::PdnOtherGameType => &["game"],
                    Text::PracticeOneGame => &["game", "page_game"],
                    _ => &[],
                };
                assert!(
                    placeholders(english).contains(&name) || extra.contains(&name),
                    "{key:?}: {{{name}}} is not in the English text"
                );
            }
        }
    }

    #[test]
    fn languages_read_and_print_their_codes() {
        for lang in Lang::ALL {
            assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
            assert_eq!(lang.to_string(), lang.code());
        }
        assert!("fr".parse::<Lang>().is_err());
        assert_eq!(serde_json::to_string(&Lang::Chinese).unwrap(), "\"zh\"");
    }
}
