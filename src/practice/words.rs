//! The words of a practice page: the keys its script uses, each naming a text of the one wording
//! table per language ([`crate::words`]), where the page's sentences live (`Page...` keys) beside
//! the ones it shares with the rest of damtutor (names, sides, the list separator). `{name}` in a
//! text is filled in by the page.

use crate::square::Color;
use crate::words::{example_moves, side, text, Lang, Text};
use crate::Variant;
use std::collections::BTreeMap;

/// The page's keys and the texts they name.
pub const PAGE: &[(&str, Text)] = &[
    ("name", Text::Name),
    ("class", Text::Class),
    ("progress", Text::PageProgress),
    ("exercises", Text::PageExercises),
    ("exercise", Text::PageExercise),
    ("hand_in", Text::PageHandIn),
    ("projector", Text::PageProjector),
    ("defence", Text::PageDefence),
    ("previous", Text::PagePrevious),
    ("next", Text::PageNext),
    ("hint", Text::PageHint),
    ("hint_cost", Text::PageHintCost),
    ("take_back", Text::PageTakeBack),
    ("restart", Text::PageRestart),
    ("type_move", Text::PageTypeMove),
    ("play", Text::PagePlay),
    ("keyboard_help", Text::PageKeyboardHelp),
    ("your_line", Text::PageYourLine),
    ("no_moves", Text::PageNoMoves),
    ("tries", Text::PageTries),
    ("hints_used", Text::PageHintsUsed),
    ("points", Text::PagePoints),
    ("score_line", Text::PageScoreLine),
    ("storage_off", Text::PageStorageOff),
    ("state_todo", Text::PageStateTodo),
    ("state_solving", Text::PageStateSolving),
    ("state_solved", Text::PageStateSolved),
    ("white", Text::SideWhite),
    ("black", Text::SideBlack),
    ("white_man", Text::PageWhiteMan),
    ("white_king", Text::PageWhiteKing),
    ("black_man", Text::PageBlackMan),
    ("black_king", Text::PageBlackKing),
    ("square", Text::PageSquare),
    ("square_piece", Text::PageSquarePiece),
    ("board_label", Text::PageBoardLabel),
    ("to_move", Text::PageToMove),
    ("select", Text::PageSelect),
    ("selected", Text::PageSelected),
    ("correct", Text::PageCorrect),
    ("alternative", Text::PageAlternative),
    ("reply", Text::PageReply),
    ("choose_reply", Text::PageChooseReply),
    ("solved", Text::PageSolved),
    ("solved_alternative", Text::PageSolvedAlternative),
    ("which", Text::PageWhich),
    ("wrong_loses_one", Text::PageWrongLosesOne),
    ("wrong_loses", Text::PageWrongLoses),
    ("wrong_loses_kings", Text::PageWrongLosesKings),
    ("wrong_crowns", Text::PageWrongCrowns),
    ("wrong_escapes", Text::PageWrongEscapes),
    ("wrong_no_goal", Text::PageWrongNoGoal),
    ("answer_then", Text::RefutationThen),
    ("try_again", Text::PageTryAgain),
    ("unfollowed", Text::PageUnfollowed),
    ("rule_capture", Text::PageRuleCapture),
    ("rule_majority", Text::PageRuleMajority),
    ("rule_occupied", Text::PageRuleOccupied),
    ("rule_man", Text::PageRuleMan),
    ("rule_king", Text::PageRuleKing),
    ("hint_text", Text::PageHintText),
    ("hint_themes", Text::PageHintThemes),
    ("hint_square", Text::PageHintSquare),
    ("hand_in_title", Text::PageHandInTitle),
    ("hand_in_help", Text::PageHandInHelp),
    ("name_needed", Text::PageNameNeeded),
    ("save_file", Text::PageSaveFile),
    ("copy", Text::PageCopy),
    ("copied", Text::PageCopied),
    ("close", Text::PageClose),
    ("list_separator", Text::Comma),
    ("go_on", Text::PageGoOn),
    ("confirm_restart", Text::PageConfirmRestart),
    ("confirm_back", Text::PageConfirmBack),
    ("confirm_yes", Text::PageConfirmYes),
    ("confirm_no", Text::PageConfirmNo),
    ("new_student", Text::PageNewStudent),
    ("confirm_new_student", Text::PageConfirmNewStudent),
];

/// The words of a page in `lang`, by the page's key, with example moves in the notation of
/// `variant`.
///
/// ```
/// use damtutor::practice::words::words;
/// use damtutor::words::Lang;
/// use damtutor::Variant;
/// assert_eq!(words(Lang::Chinese, Variant::International)["rule_capture"], "有吃必吃：{moves}。");
/// assert!(words(Lang::Chinese, Variant::Brazilian)["keyboard_help"].contains("如 c3-d4 或 d4xf6"));
/// assert_eq!(words(Lang::English, Variant::International)["hand_in"], "Hand in");
/// assert_eq!(words(Lang::Chinese, Variant::English)["black"], "红方");
/// assert_eq!(words(Lang::English, Variant::English)["black_king"], "red king");
/// assert_eq!(words(Lang::Chinese, Variant::Brazilian)["black"], "黑方");
/// ```
pub fn words(lang: Lang, variant: Variant) -> BTreeMap<&'static str, String> {
    let (quiet, capture) = example_moves(variant);
    let mut words: BTreeMap<&'static str, String> = PAGE
        .iter()
        .map(|&(key, name)| {
            let text = text(lang, name)
                .replace("{quiet}", quiet)
                .replace("{capture}", capture);
            (key, text)
        })
        .collect();
    words.insert("example_move", quiet.to_string());
    // The game's names of the sides, as on its worksheets and quizzes: English checkers'
    // dark side is Red (红方), its pieces red men and kings.
    words.insert("white", side(lang, variant, Color::White).to_string());
    words.insert("black", side(lang, variant, Color::Black).to_string());
    if side(lang, variant, Color::Black) == text(lang, Text::SideRed) {
        words.insert("black_man", text(lang, Text::PageRedMan).to_string());
        words.insert("black_king", text(lang, Text::PageRedKing).to_string());
    }
    // The king's rule of this game: English kings step one square, the others fly.
    if !variant.rules().flying_kings {
        words.insert("rule_king", text(lang, Text::PageRuleKingStep).to_string());
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_of_the_page_is_translated() {
        let mut keys: Vec<&str> = PAGE.iter().map(|(key, _)| *key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), PAGE.len(), "a key is used twice");
        let english = words(Lang::English, Variant::International);
        let chinese = words(Lang::Chinese, Variant::International);
        for (key, _) in PAGE {
            assert_ne!(english[key], chinese[key], "{key} is not translated");
            assert!(
                !english[key].contains("{{") && !chinese[key].contains("{{"),
                "{key}: the page fills {{name}} only"
            );
        }
    }

    #[test]
    fn chinese_uses_the_seeds_words() {
        let zh = words(Lang::Chinese, Variant::International);
        assert!(zh["rule_capture"].starts_with("有吃必吃"));
        assert!(zh["rule_majority"].contains("能多吃必多吃"));
        assert!(zh["wrong_crowns"].contains("升变为王棋"));
        assert_eq!(zh["white_king"], "白王");
    }

    #[test]
    fn each_game_says_its_own_kings_rule() {
        for (variant, rule) in [
            (
                Variant::International,
                "A king moves along a diagonal over empty squares.",
            ),
            (
                Variant::Russian,
                "A king moves along a diagonal over empty squares.",
            ),
            (
                Variant::Brazilian,
                "A king moves along a diagonal over empty squares.",
            ),
            (Variant::English, "A king moves one square diagonally."),
        ] {
            assert_eq!(
                words(Lang::English, variant)["rule_king"],
                rule,
                "{variant}"
            );
        }
        assert_eq!(
            words(Lang::Chinese, Variant::English)["rule_king"],
            "王棋每次只能斜走一格。"
        );
    }
}
