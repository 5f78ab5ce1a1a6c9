//! The words on a worksheet, in English and Chinese.
//!
//! Every label, caption and instruction a template shows comes from here; motif names come from
//! [`Motif::label`](crate::solver::Motif::label).

use crate::solver::Goal;
use crate::square::Color;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// A worksheet language.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Lang {
    /// English (`en`).
    English,
    /// Simplified Chinese (`zh`).
    Chinese,
}

impl Lang {
    /// The language code: `en` or `zh`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Chinese => "zh",
        }
    }
}

impl FromStr for Lang {
    type Err = String;

    fn from_str(text: &str) -> Result<Lang, String> {
        match text.trim() {
            "en" => Ok(Lang::English),
            "zh" => Ok(Lang::Chinese),
            other => Err(format!("language '{other}' is not supported: use en or zh")),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The fixed words of a worksheet, as templates see them (`labels.name`, `labels.answers`...).
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    /// Header field: the student's name.
    pub name: String,
    /// Header field: the class.
    pub class: String,
    /// Header field: the date.
    pub date: String,
    /// Header field: the score.
    pub score: String,
    /// The instruction under the title.
    pub instructions: String,
    /// Heading of the answer key.
    pub answers: String,
    /// The main line.
    pub solution: String,
    /// The key (first) move.
    pub key: String,
    /// Said after a key move that is the only winning one: " (unique)", "（唯一）".
    pub unique: String,
    /// The colon after a label, with its space: ": " or "：".
    pub colon: String,
    /// The separator of a list of moves or motifs: ", " or "、".
    pub comma: String,
    /// Other first moves that also win.
    pub alternatives: String,
    /// Other defences from the solution tree.
    pub variations: String,
    /// Motif tags.
    pub motifs: String,
    /// The difficulty.
    pub difficulty: String,
    /// Note on an exercise shown with the colours swapped.
    pub colours_swapped: String,
    /// The exercise's source.
    pub source: String,
    /// The teacher's comment.
    pub comment: String,
    /// The exercise's id in its file.
    pub id: String,
    /// Legend of the answer-key diagrams.
    pub arrows: String,
}

impl Labels {
    /// The labels in `lang`.
    pub fn new(lang: Lang) -> Labels {
        let say = |english: &str, chinese: &str| match lang {
            Lang::English => english.to_string(),
            Lang::Chinese => chinese.to_string(),
        };
        Labels {
            name: say("Name", "姓名"),
            class: say("Class", "班级"),
            date: say("Date", "日期"),
            score: say("Score", "成绩"),
            instructions: say(
                "Find the winning moves and write the whole line under each diagram, in notation such as 32-28 or 28x19.",
                "请找出取胜的着法，在每个棋图下方写出完整的着法（记法如 32-28、28x19）。",
            ),
            answers: say("Answers", "答案"),
            solution: say("Solution", "解答"),
            key: say("Key move", "关键着"),
            unique: say(" (unique)", "（唯一）"),
            colon: say(": ", "："),
            comma: say(", ", "、"),
            alternatives: say("Also winning", "其他胜着"),
            variations: say("Other defences", "其他应着"),
            motifs: say("Motifs", "战术主题"),
            difficulty: say("Difficulty", "难度"),
            colours_swapped: say("colours swapped", "黑白互换"),
            source: say("Source", "出处"),
            comment: say("Note", "注"),
            id: say("Id", "编号"),
            arrows: say(
                "Arrows: the winning side's moves of the main line, in order; dashed: other winning first moves.",
                "箭头：主线中取胜一方的着法，按顺序编号；虚线：其他取胜的第一着。",
            ),
        }
    }
}

/// The caption under a diagram: "White to play and win", "黑先得子"...
///
/// ```
/// use damtutor::render::i18n::{caption, Lang};
/// use damtutor::solver::Goal;
/// use damtutor::Color;
/// assert_eq!(caption(Color::White, Goal::Win, Lang::English), "White to play and win");
/// assert_eq!(caption(Color::Black, Goal::Material(1), Lang::Chinese), "黑先得子");
/// ```
pub fn caption(side: Color, goal: Goal, lang: Lang) -> String {
    match lang {
        Lang::English => {
            let aim = match goal {
                Goal::Win | Goal::Auto => "win",
                Goal::Material(_) => "win material",
                Goal::King => "make a king",
            };
            format!("{side} to play and {aim}")
        }
        Lang::Chinese => {
            let aim = match goal {
                Goal::Win | Goal::Auto => "胜",
                Goal::Material(_) => "得子",
                Goal::King => "成王",
            };
            format!("{}先{aim}", chinese_side(side))
        }
    }
}

/// What the solution achieves: "White wins.", "白方净得 2 子。"... `gain` is the net material
/// gain of `side` (a king counting 3).
pub fn result(side: Color, goal: Goal, gain: i32, lang: Lang) -> String {
    match (lang, goal) {
        (Lang::English, Goal::Material(_)) => format!("{side} wins material (net +{gain})."),
        (Lang::English, Goal::King) => format!("{side} makes a king and keeps it."),
        (Lang::English, _) => format!("{side} wins."),
        (Lang::Chinese, Goal::Material(_)) => {
            format!("{}方净得 {gain} 子。", chinese_side(side))
        }
        (Lang::Chinese, Goal::King) => format!("{}方成王。", chinese_side(side)),
        (Lang::Chinese, _) => format!("{}胜。", chinese_side(side)),
    }
}

/// The difficulty in words: "level 3 (rating 1205)", "3 级（等级分 1205）".
pub fn difficulty(level: u8, rating: u32, lang: Lang) -> String {
    match lang {
        Lang::English => format!("level {level} (rating {rating})"),
        Lang::Chinese => format!("{level} 级（等级分 {rating}）"),
    }
}

/// The name of a version: "Version A" / "A 卷".
pub fn version(letter: char, lang: Lang) -> String {
    match lang {
        Lang::English => format!("Version {letter}"),
        Lang::Chinese => format!("{letter} 卷"),
    }
}

/// The note after a shortened list: "and 3 more" / "另有 3 种".
pub fn more(count: usize, lang: Lang) -> String {
    match lang {
        Lang::English => format!("and {count} more"),
        Lang::Chinese => format!("另有 {count} 种"),
    }
}

/// "White to move" / "白先", for a diagram's description.
pub fn to_move(side: Color, lang: Lang) -> String {
    match lang {
        Lang::English => format!("{side} to move"),
        Lang::Chinese => format!("{}先", chinese_side(side)),
    }
}

/// The title of a separate answer key: "Answers: <title>" / "<title>：答案".
pub fn answers_title(title: &str, lang: Lang) -> String {
    match lang {
        Lang::English => format!("Answers: {title}"),
        Lang::Chinese => format!("{title}：答案"),
    }
}

fn chinese_side(side: Color) -> &'static str {
    match side {
        Color::White => "白",
        Color::Black => "黑",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_in_both_languages() {
        assert_eq!(
            caption(Color::Black, Goal::Material(2), Lang::English),
            "Black to play and win material"
        );
        assert_eq!(caption(Color::White, Goal::Win, Lang::Chinese), "白先胜");
        assert_eq!(caption(Color::White, Goal::King, Lang::Chinese), "白先成王");
        assert_eq!(
            result(Color::White, Goal::Material(2), 2, Lang::Chinese),
            "白方净得 2 子。"
        );
        assert_eq!("zh".parse::<Lang>(), Ok(Lang::Chinese));
        assert!("fr".parse::<Lang>().is_err());
    }

    #[test]
    fn every_label_is_translated() {
        let english = serde_json::to_value(Labels::new(Lang::English)).unwrap();
        let chinese = serde_json::to_value(Labels::new(Lang::Chinese)).unwrap();
        for (key, value) in english.as_object().unwrap() {
            let other = &chinese[key];
            assert!(!value.as_str().unwrap().is_empty(), "{key}");
            assert_ne!(value, other, "{key} is not translated");
        }
    }
}
