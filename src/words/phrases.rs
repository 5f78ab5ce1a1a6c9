//! Phrases put together from the tables: the name of a side, lists, captions, results, motif
//! names. Each takes the language first.

use super::{say, text, Lang, Text};
use crate::square::Color;
use crate::vocabulary::{Goal, Motif};
use crate::Variant;

/// The side as a noun in `variant`: "White" / "白方"; English checkers' dark side is "Red" /
/// "红方", as the WCDF rules name it (红棋子先走). The one place a side is named.
pub fn side(lang: Lang, variant: Variant, color: Color) -> &'static str {
    match (color, red_side(variant)) {
        (Color::White, _) => text(lang, Text::SideWhite),
        (Color::Black, false) => text(lang, Text::SideBlack),
        (Color::Black, true) => text(lang, Text::SideRed),
    }
}

/// The colour as an adjective in `variant`: "white" / "白" (a white man, 白子); "red" / "红"
/// for English checkers' dark side.
pub fn colour(lang: Lang, variant: Variant, color: Color) -> &'static str {
    match (color, red_side(variant)) {
        (Color::White, _) => text(lang, Text::ColourWhite),
        (Color::Black, false) => text(lang, Text::ColourBlack),
        (Color::Black, true) => text(lang, Text::ColourRed),
    }
}

/// White or Black as a FEN and a setup name them, whatever the game (a FEN's `B` is Black,
/// English checkers' too): "White" / "白方". For a side in play, see [`side`].
pub fn side_as_written(lang: Lang, color: Color) -> &'static str {
    side(lang, Variant::International, color)
}

/// The colour as an adjective as a FEN and a setup name it: "white" / "白". For a side in
/// play, see [`colour`].
pub fn colour_as_written(lang: Lang, color: Color) -> &'static str {
    colour(lang, Variant::International, color)
}

/// Whether `variant`'s dark side is red: English checkers (WCDF rules, seed 000).
const fn red_side(variant: Variant) -> bool {
    matches!(variant, Variant::English)
}

/// Items joined for a sentence: "5, 10 and 46" / "5、10、46".
pub fn list(lang: Lang, items: &[String]) -> String {
    join(items, text(lang, Text::Comma), text(lang, Text::And))
}

/// Alternatives joined for a sentence: "html, md or pdf" / "html、md 或 pdf".
pub fn alternatives(lang: Lang, items: &[String]) -> String {
    join(items, text(lang, Text::Comma), text(lang, Text::Or))
}

/// Clauses joined for a sentence: "a, b and c" / "a，b，c".
pub fn clauses(lang: Lang, items: &[String]) -> String {
    join(
        items,
        text(lang, Text::ClauseComma),
        text(lang, Text::ClauseAnd),
    )
}

fn join(items: &[String], comma: &str, and: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [first @ .., last] => format!("{}{and}{last}", first.join(comma)),
    }
}

/// The caption under a diagram: "White to play and win", "黑先得子"...
///
/// ```
/// use damtutor::words::{caption, Lang};
/// use damtutor::solver::Goal;
/// use damtutor::{Color, Variant};
/// let game = Variant::International;
/// assert_eq!(caption(Lang::English, game, Color::White, Goal::Win), "White to play and win");
/// assert_eq!(caption(Lang::Chinese, game, Color::Black, Goal::Material(1)), "黑先得子");
/// // English checkers' dark side is Red (WCDF rules: 红棋子先走).
/// let checkers = Variant::English;
/// assert_eq!(caption(Lang::Chinese, checkers, Color::Black, Goal::Win), "红先胜");
/// ```
pub fn caption(lang: Lang, variant: Variant, color: Color, goal: Goal) -> String {
    let key = match goal {
        Goal::Win | Goal::Auto => Text::CaptionWin,
        Goal::Material(_) => Text::CaptionMaterial,
        Goal::King => Text::CaptionKing,
    };
    say!(
        lang,
        key,
        side = side(lang, variant, color),
        colour = colour(lang, variant, color)
    )
}

/// What the solution achieves: "White wins.", "白方净得 2 子。"... `gain` is the net material
/// gain of `color` (a king counting 3).
pub fn result(lang: Lang, variant: Variant, color: Color, goal: Goal, gain: i32) -> String {
    let key = match goal {
        Goal::Material(_) => Text::ResultMaterial,
        Goal::King => Text::ResultKing,
        Goal::Win | Goal::Auto => Text::ResultWin,
    };
    say!(
        lang,
        key,
        side = side(lang, variant, color),
        colour = colour(lang, variant, color),
        gain
    )
}

/// The difficulty in words: "level 3 (rating 1205)", "3 级（等级分 1205）".
pub fn difficulty(lang: Lang, level: u8, rating: u32) -> String {
    say!(lang, Text::DifficultyLevel, level, rating)
}

/// The name of a version: "Version A" / "A 卷".
pub fn version(lang: Lang, letter: char) -> String {
    say!(lang, Text::Version, letter)
}

/// The note after a shortened list: "and 3 more" / "另有 3 种".
pub fn more(lang: Lang, count: usize) -> String {
    say!(lang, Text::More, count)
}

/// "White to move" / "白先", for a diagram's description.
pub fn to_move(lang: Lang, variant: Variant, color: Color) -> String {
    say!(
        lang,
        Text::DiagramToMove,
        side = side(lang, variant, color),
        colour = colour(lang, variant, color)
    )
}

/// The title of a separate answer key: "Answers: TITLE" / "TITLE：答案".
pub fn answers_title(lang: Lang, title: &str) -> String {
    say!(lang, Text::AnswersTitle, title)
}

/// The name of a motif: "Turkish strike" / "土耳其打击".
pub fn motif(lang: Lang, motif: Motif) -> &'static str {
    text(
        lang,
        match motif {
            Motif::TurkishStrike => Text::MotifTurkishStrike,
            Motif::Breakthrough => Text::MotifBreakthrough,
            Motif::KingTrap => Text::MotifKingTrap,
            Motif::Sacrifice => Text::MotifSacrifice,
            Motif::MajorityRuleForcing => Text::MotifMajorityRuleForcing,
            Motif::BackwardCapture => Text::MotifBackwardCapture,
            Motif::MultiCapture => Text::MotifMultiCapture,
            Motif::Tempo => Text::MotifTempo,
            Motif::CoupPhilippe => Text::MotifCoupPhilippe,
            Motif::CoupRoyal => Text::MotifCoupRoyal,
            Motif::Bomb => Text::MotifBomb,
        },
    )
}

/// What a goal asks for, after "does not force": "a win", "a gain of 2", "a kept king".
pub fn goal(lang: Lang, goal: Goal) -> String {
    match goal {
        Goal::Win | Goal::Auto => say!(lang, Text::GoalWin),
        Goal::Material(n) => say!(lang, Text::GoalMaterial, n),
        Goal::King => say!(lang, Text::GoalKing),
    }
}

/// A goal as a noun, after "no forced": "win", "gain of 2", "king"; "gain" for `auto`.
pub fn goal_name(lang: Lang, goal: Goal) -> String {
    match goal {
        Goal::Win => say!(lang, Text::GoalNameWin),
        Goal::Material(n) => say!(lang, Text::GoalNameMaterial, n),
        Goal::King => say!(lang, Text::GoalNameKing),
        Goal::Auto => say!(lang, Text::GoalNameGain),
    }
}

/// "man" or "men" after a number.
pub fn men(lang: Lang, count: i32) -> &'static str {
    text(lang, if count == 1 { Text::Man } else { Text::Men })
}

/// A side's pieces, counted: "Black: 1 man, 2 kings" / "黑方：1 个普通棋子，2 个王棋".
pub fn material(lang: Lang, variant: Variant, color: Color, men: u32, kings: u32) -> String {
    let man = text(lang, if men == 1 { Text::Man } else { Text::Men });
    let king = text(lang, if kings == 1 { Text::King } else { Text::Kings });
    say!(
        lang,
        Text::DiagramMaterial,
        side = side(lang, variant, color),
        men,
        man,
        kings,
        king
    )
}

/// The exercises of `game` in words, the title of a sheet whose sets have no title in `lang`:
/// "International draughts: exercises", "国际跳棋练习".
pub fn exercises_of(lang: Lang, game: crate::Variant) -> &'static str {
    let key = match game {
        crate::Variant::International => Text::ExercisesInternational,
        crate::Variant::Brazilian => Text::ExercisesBrazilian,
        crate::Variant::Russian => Text::ExercisesRussian,
        crate::Variant::English => Text::ExercisesEnglish,
    };
    text(lang, key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_counts_in_both_languages() {
        let english = |men, kings| {
            material(
                Lang::English,
                Variant::International,
                Color::Black,
                men,
                kings,
            )
        };
        assert_eq!(english(1, 1), "Black: 1 man, 1 king");
        assert_eq!(english(0, 2), "Black: 0 men, 2 kings");
        assert_eq!(
            material(Lang::Chinese, Variant::International, Color::White, 1, 2),
            "白方：1 个普通棋子，2 个王棋"
        );
    }

    #[test]
    fn captions_and_results_in_both_languages() {
        assert_eq!(
            caption(
                Lang::English,
                Variant::International,
                Color::Black,
                Goal::Material(2)
            ),
            "Black to play and win material"
        );
        assert_eq!(
            caption(
                Lang::Chinese,
                Variant::International,
                Color::White,
                Goal::Win
            ),
            "白先胜"
        );
        assert_eq!(
            caption(
                Lang::Chinese,
                Variant::International,
                Color::White,
                Goal::King
            ),
            "白先成王"
        );
        assert_eq!(
            result(
                Lang::Chinese,
                Variant::International,
                Color::White,
                Goal::Material(2),
                2
            ),
            "白方净得 2 子。"
        );
        assert_eq!(
            result(
                Lang::English,
                Variant::International,
                Color::Black,
                Goal::Win,
                0
            ),
            "Black wins."
        );
        assert_eq!(
            to_move(Lang::Chinese, Variant::International, Color::Black),
            "黑先"
        );
        // English checkers: one name for the dark side, red (WCDF rules, 红棋子先走).
        let english = Variant::English;
        assert_eq!(
            caption(Lang::Chinese, english, Color::Black, Goal::Win),
            "红先胜"
        );
        assert_eq!(
            caption(Lang::English, english, Color::Black, Goal::Win),
            "Red to play and win"
        );
        assert_eq!(side(Lang::Chinese, english, Color::Black), "红方");
        assert_eq!(side(Lang::Chinese, english, Color::White), "白方");
        assert_eq!(motif(Lang::Chinese, Motif::TurkishStrike), "土耳其打击");
        assert_eq!(goal(Lang::English, Goal::Material(2)), "a gain of 2");
    }

    #[test]
    fn lists_read_as_sentences() {
        let items: Vec<String> = ["5", "10", "46"].map(String::from).to_vec();
        assert_eq!(list(Lang::English, &items), "5, 10 and 46");
        assert_eq!(list(Lang::Chinese, &items), "5、10、46");
        assert_eq!(clauses(Lang::Chinese, &items), "5，10，46");
        assert_eq!(list(Lang::English, &items[..1]), "5");
        assert_eq!(list(Lang::English, &[]), "");
    }
}
