//! The words of a practice page, in English and Chinese: one table, a key per entry. The page's
//! script and its template use the keys; `{name}` in a text is filled in by the page.
//!
//! The Chinese follows the seeds' words (有吃必吃, 能多吃必多吃, 升变为王棋, 白方/黑方, 兵, 王棋).

use crate::render::i18n::Lang;
use std::collections::BTreeMap;

/// Every entry: key, English, Chinese.
const WORDS: &[(&str, &str, &str)] = &[
    // The page around the exercises.
    ("name", "Name", "姓名"),
    ("class", "Class", "班级"),
    ("progress", "{solved} of {count} solved", "已完成 {solved}/{count} 题"),
    ("exercises", "Exercises", "题目"),
    ("exercise", "Exercise {number}", "第 {number} 题"),
    ("hand_in", "Hand in", "交卷"),
    ("projector", "Projector", "投影"),
    ("defence", "I play the defence", "由我走对方的应着"),
    ("previous", "Previous", "上一题"),
    ("next", "Next", "下一题"),
    ("hint", "Hint", "提示"),
    ("hint_cost", "Hint (−{cost})", "提示（扣 {cost} 分）"),
    ("take_back", "Take back", "悔棋"),
    ("restart", "Start again", "重新开始"),
    ("type_move", "Your move", "输入着法"),
    ("play", "Play", "走"),
    (
        "keyboard_help",
        "Tap a piece, then its square (or drag it). Or type a move such as 32-28 or 28x19 and press Enter; on the board the arrow keys move between squares.",
        "先点棋子，再点要走到的格子（也可以拖动）。也可以输入着法，如 32-28 或 28x19，再按回车；在棋盘上可用方向键移动。",
    ),
    ("your_line", "Your moves", "你的着法"),
    ("no_moves", "No moves yet.", "还没有走棋。"),
    ("tries", "Wrong tries: {count}", "错误尝试：{count} 次"),
    ("hints_used", "Hints: {count}", "已用提示：{count} 次"),
    ("points", "{points} of {max} points", "{points}/{max} 分"),
    ("score_line", "Score: {points} of {max}", "得分：{points}/{max} 分"),
    (
        "storage_off",
        "This browser does not keep your progress: hand in before you close the page.",
        "此浏览器无法保存进度：关闭页面前请先交卷。",
    ),
    // States, for the list of exercises and screen readers.
    ("state_todo", "not started", "未做"),
    ("state_solving", "in progress", "进行中"),
    ("state_solved", "solved", "已完成"),
    // Sides, pieces and squares.
    ("white", "White", "白方"),
    ("black", "Black", "黑方"),
    ("white_man", "white man", "白兵"),
    ("white_king", "white king", "白王"),
    ("black_man", "black man", "黑兵"),
    ("black_king", "black king", "黑王"),
    ("square", "{square}", "{square} 号格"),
    ("square_piece", "{square}, {piece}", "{square} 号格，{piece}"),
    ("board_label", "Board of exercise {number}", "第 {number} 题的棋盘"),
    ("goal_win", "a win", "取胜"),
    ("goal_material", "a gain of {count}", "净得 {count} 子"),
    ("goal_king", "a new king", "升变为王棋"),
    // After a move.
    ("to_move", "{side} to move.", "轮到{side}走。"),
    ("select", "Choose one of your pieces ({side}).", "请选择你的棋子（{side}）。"),
    ("selected", "{square} selected: now its square.", "已选 {square}：再点要走到的格子。"),
    ("correct", "Correct: {move}.", "正确：{move}。"),
    ("alternative", "{move} also works.", "{move} 也可以。"),
    ("reply", "{side} answers {move}.", "{side}应以 {move}。"),
    ("choose_reply", "Now play {side}'s reply.", "请走{side}的应着。"),
    ("solved", "Solved: {line}", "解答正确：{line}"),
    (
        "solved_alternative",
        "Solved another way. The solver's line: {line}",
        "用另一种方法解出。求解器的主线：{line}",
    ),
    (
        "which",
        "Several captures end on {square}: which one?",
        "有几种吃法都停在 {square} 号格，选哪一种？",
    ),
    // Wrong moves: the refutation and the reason.
    (
        "wrong_loses_one",
        "{move} is refuted by {answer}: {side} loses a man.",
        "{move} 被 {answer} 驳倒：{side}失去 1 个兵。",
    ),
    (
        "wrong_loses",
        "{move} is refuted by {answer}: {side} loses {count} men.",
        "{move} 被 {answer} 驳倒：{side}失去 {count} 个兵。",
    ),
    (
        "wrong_loses_kings",
        "{move} is refuted by {answer}: {side} loses material worth {count} men (a king counts as 3).",
        "{move} 被 {answer} 驳倒：{side}失去相当于 {count} 个兵的子力（王棋按 3 个兵计）。",
    ),
    (
        "wrong_crowns",
        "{move} is refuted by {answer}: {opponent} crowns a man.",
        "{move} 被 {answer} 驳倒：{opponent}的兵升变为王棋。",
    ),
    (
        "wrong_escapes",
        "{move} does not force {goal}: {opponent} answers {answer}.",
        "{move} 不能迫使{goal}：{opponent}应以 {answer}。",
    ),
    (
        "wrong_no_goal",
        "{move} does not reach the goal.",
        "{move} 达不到目标。",
    ),
    ("answer_then", "{first} (then {rest})", "{first}（接着 {rest}）"),
    ("try_again", "Take the move back and try again.", "悔棋，再试一次。"),
    (
        "unfollowed",
        "{move} also wins, but from here this page follows one way only: play the move that goes on with your line.",
        "{move} 也能赢，但本页从这里只跟随一种走法：请走能继续你这条线的一步。",
    ),
    // Illegal moves: the rule.
    ("rule_capture", "Capture is compulsory: {moves}.", "有吃必吃：{moves}。"),
    (
        "rule_majority",
        "Capture is compulsory, and the most pieces must be taken: {count} ({moves}); {move} takes {taken}.",
        "有吃必吃，能多吃必多吃：必须吃 {count} 个子（{moves}），{move} 只吃 {taken} 个。",
    ),
    ("rule_occupied", "{square} is occupied.", "{square} 号格上已有棋子。"),
    (
        "rule_man",
        "A man moves one square diagonally forward.",
        "兵只能向前斜走一格。",
    ),
    (
        "rule_king",
        "A king moves along a diagonal over empty squares.",
        "王棋沿斜线走，经过的格子必须是空的。",
    ),
    // Hints.
    ("hint_text", "Hint: {text}", "提示：{text}"),
    ("hint_themes", "Hint: think of {themes}.", "提示：想一想{themes}。"),
    (
        "hint_square",
        "Hint: start with the piece on {square}.",
        "提示：从 {square} 号格的棋子走起。",
    ),
    // Handing in.
    ("hand_in_title", "Hand in your answers", "交卷"),
    (
        "hand_in_help",
        "Save the answer file and send it to your teacher, or copy the text into a message.",
        "保存答案文件发给老师，或把下面的文字复制到消息里。",
    ),
    ("name_needed", "Write your name first.", "请先写上姓名。"),
    ("save_file", "Save the answer file", "保存答案文件"),
    ("copy", "Copy the text", "复制文字"),
    ("copied", "Copied.", "已复制。"),
    ("close", "Close", "关闭"),
    ("list_separator", ", ", "、"),
    ("sentence_gap", " ", ""),
];

/// The words of a page in `lang`, by key.
///
/// ```
/// use damtutor::practice::words::words;
/// use damtutor::render::i18n::Lang;
/// assert_eq!(words(Lang::Chinese)["rule_capture"], "有吃必吃：{moves}。");
/// assert_eq!(words(Lang::English)["hand_in"], "Hand in");
/// ```
pub fn words(lang: Lang) -> BTreeMap<&'static str, &'static str> {
    WORDS
        .iter()
        .map(|&(key, english, chinese)| {
            (
                key,
                match lang {
                    Lang::English => english,
                    Lang::Chinese => chinese,
                },
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `{name}` placeholders of a text, sorted.
    fn placeholders(text: &str) -> Vec<&str> {
        let mut found: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|part| part.split_once('}').map(|(name, _)| name))
            .collect();
        found.sort_unstable();
        found
    }

    #[test]
    fn every_entry_is_translated_with_the_same_placeholders() {
        let mut keys: Vec<&str> = WORDS.iter().map(|(key, _, _)| *key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), WORDS.len(), "a key is used twice");
        for (key, english, chinese) in WORDS {
            // Chinese sentences follow one another without a space.
            let may_be_empty = *key == "sentence_gap";
            assert!(
                !english.is_empty() && (!chinese.is_empty() || may_be_empty),
                "{key}"
            );
            assert_ne!(english, chinese, "{key} is not translated");
            assert_eq!(placeholders(english), placeholders(chinese), "{key}");
            assert!(
                !english.contains("{{") && !chinese.contains("{{"),
                "{key}: the page fills {{name}} only"
            );
        }
    }

    #[test]
    fn chinese_uses_the_seeds_words() {
        let zh = words(Lang::Chinese);
        assert!(zh["rule_capture"].starts_with("有吃必吃"));
        assert!(zh["rule_majority"].contains("能多吃必多吃"));
        assert!(zh["wrong_crowns"].contains("升变为王棋"));
        assert_eq!(zh["white_king"], "白王");
    }
}
