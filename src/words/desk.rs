//! The words of the teacher's desk (`damtutor serve`): the page's labels, buttons and messages,
//! and what the server says, in English and Chinese.
//!
//! The page receives the whole table of its language ([`page_words`]) and looks its words up by
//! key; the server fills its messages with [`say`].
//!
//! ```
//! use damtutor::words::{desk, Lang};
//! assert_eq!(desk::word(Lang::Chinese, "tab_mark"), "全班批改");
//! assert_eq!(
//!     desk::say(Lang::English, "picked", &[("count", &3)]),
//!     "3 picked"
//! );
//! ```

use super::Lang;
use std::fmt;

/// Key, English, Chinese.
const WORDS: &[(&str, &str, &str)] = &[
    // The page.
    ("title", "damtutor - the teacher's desk", "damtutor 教师工作台"),
    ("other_lang", "中文", "English"),
    ("tab_pick", "Pick exercises", "选题"),
    ("tab_worksheet", "Worksheet", "练习单"),
    ("tab_quiz", "Rules quiz", "规则测验"),
    ("tab_practice", "Practice page", "练习页"),
    ("tab_mark", "Mark a class", "全班批改"),
    ("game", "Game", "棋种"),
    ("all_games", "All games", "全部棋种"),
    ("game_international", "International draughts (10x10)", "国际跳棋（百格）"),
    ("game_brazilian", "64-square draughts", "64格国际跳棋"),
    ("game_russian", "Russian draughts", "俄罗斯跳棋"),
    ("game_english", "English checkers", "英国跳棋"),
    ("level", "Level", "难度"),
    ("any_level", "Any level", "全部难度"),
    ("level_n", "Level {level}", "{level} 级"),
    ("motif", "Motif", "战术主题"),
    ("any_motif", "Any motif", "全部主题"),
    ("set", "Set", "题集"),
    ("all_sets", "All sets", "全部题集"),
    ("search", "Search: id, title, source", "搜索：题号、标题、出处"),
    ("shown", "{shown} of {total} exercises", "共 {total} 题，显示 {shown} 题"),
    ("more", "Show more", "显示更多"),
    ("none_found", "No exercise matches.", "没有符合条件的题目。"),
    ("picked", "{count} picked", "已选 {count} 题"),
    ("pick", "Pick", "选用"),
    ("unpick", "Picked ✓", "已选 ✓"),
    ("clear", "Clear the picks", "清空已选"),
    ("solution", "Solution", "解答"),
    ("hide_solution", "Hide", "收起"),
    ("hint", "Hint", "提示"),
    ("source", "Source", "出处"),
    ("nothing_picked", "Pick exercises first (tab \"Pick exercises\").", "请先在“选题”中选择题目。"),
    ("picked_list", "Picked exercises", "已选题目"),
    ("title_field", "Title", "标题"),
    ("subtitle", "Subtitle", "副标题"),
    ("school", "School", "学校"),
    ("per_page", "Exercises per page", "每页题数"),
    ("answers", "Answers", "答案"),
    ("answers_end", "At the end", "附在最后"),
    ("answers_separate", "In a separate file", "另成一份"),
    ("answers_inline", "Under each diagram (teacher's copy)", "每题下方（教师用）"),
    ("answers_none", "None", "不附答案"),
    ("versions", "Versions (A, B...)", "试卷份数（A卷、B卷……）"),
    ("hints", "Print the hints", "印出提示"),
    ("numbers", "Square numbers in the diagrams", "棋图中标出格号"),
    ("preview", "Preview", "预览"),
    ("make_pdf", "Make the PDF", "生成 PDF"),
    ("make_html", "Make the HTML", "生成 HTML"),
    ("working", "Working...", "正在处理……"),
    ("files", "Files to download", "下载文件"),
    ("pdf_off", "No Chromium or Chrome on this computer: no PDF (the HTML prints from the browser too).", "本机没有 Chromium 或 Chrome，不能生成 PDF（HTML 也可以在浏览器里打印）。"),
    ("quiz_games", "Games", "棋种"),
    ("quiz_total", "Total points", "总分"),
    ("quiz_count", "Number of questions (empty: the model test's mix)", "题数（不填：按样卷的题型比例）"),
    ("quiz_types", "Question types", "题型"),
    ("type_single", "Single choice", "单项选择题"),
    ("type_multi", "Multiple choice", "不定项选择题"),
    ("type_blank", "Fill in the blanks", "填空题"),
    ("type_diagram", "Diagram: play and win", "看图走子题"),
    ("type_design", "Design a position", "设计题"),
    ("quiz_number", "Quiz number (the same number makes the same quiz; empty: a new quiz)", "试卷编号（同一编号出同一份试卷；不填：出新试卷）"),
    ("quiz_fen", "Also ask for a position code (FEN)", "也出写局面代码的题"),
    ("quiz_make", "Make the quiz", "出题"),
    ("quiz_made", "Quiz number {number}: {questions} questions, {points} points.", "试卷编号 {number}：共 {questions} 题，{points} 分。"),
    ("quiz_fewer", "Only {questions} different questions fit these games and types (asked for {count}).", "只有 {questions} 道不同的题目符合所选的棋种和题型（要求 {count} 道）。"),
    ("practice_about", "One offline page: students open it on a phone or tablet, play the solutions, and hand in a file you mark here.", "一个离线网页：学生在手机或平板上打开，走出解答，交来的答案文件可以在这里批改。"),
    ("practice_make", "Make the practice page", "生成练习页"),
    ("mark_against", "Mark against", "批改依据"),
    ("mark_sets", "Exercise sets", "题集"),
    ("mark_key", "A quiz's answer key", "测验答案"),
    ("mark_last_quiz", "The quiz made on this page", "本页刚出的测验"),
    ("mark_key_file", "Or a key file (quiz-key.json)", "或答案文件（quiz-key.json）"),
    ("mark_files", "Students' answers: a class sheet (CSV: a row a student) or files handed in from practice pages", "学生答案：全班答案表（CSV，每行一名学生）或练习页交来的答案文件"),
    ("mark_button", "Mark", "批改"),
    ("student", "Student", "姓名"),
    ("class", "Class", "班级"),
    ("total", "Total", "总分"),
    ("report", "Report", "评语"),
    ("open", "Open", "打开"),
    ("gradebook", "Gradebook (CSV)", "成绩表（CSV）"),
    ("problems", "Please check", "请注意"),
    ("error", "Could not do it", "没有完成"),
    ("sets_problems", "Files not loaded", "未能读取的文件"),
    // What the server says.
    ("no_set", "There is no exercise set {set} here.", "这里没有题集 {set}。"),
    ("no_exercise", "{set} has no exercise {id}.", "{set} 中没有第 {id} 题。"),
    ("too_many", "At most {max} {what} at once.", "一次最多 {max} 个{what}。"),
    ("what_exercises", "exercises", "题目"),
    ("what_files", "files", "文件"),
    ("what_students", "students", "学生"),
    ("bad_request", "The request could not be read: {error}", "无法读取请求：{error}"),
    ("bad_value", "{field}: {error}", "{field}：{error}"),
    ("foreign", "Refused: the desk opens only at its own address on this computer ({url}).", "拒绝访问：工作台只能在本机用它自己的地址打开（{url}）。"),
    ("not_found", "Not found: {path}", "找不到：{path}"),
    ("too_large", "The upload is larger than {max} MB.", "上传的内容超过 {max} MB。"),
    ("no_answers", "Choose the students' answer files first.", "请先选择学生答案文件。"),
    ("no_key", "Choose exercise sets or a quiz key to mark against.", "请选择批改依据：题集或测验答案。"),
    ("bad_key", "The quiz key could not be read: {error}", "无法读取测验答案：{error}"),
    ("file_gone", "This file is no longer kept: make it again.", "文件已过期，请重新生成。"),
    ("nobody", "No student's answers could be read.", "没有读到任何学生的答案。"),
    ("internal", "Something went wrong inside damtutor: {error}", "damtutor 内部出错：{error}"),
    // The console.
    ("started", "The teacher's desk is at {url} - open it in a browser. Ctrl-C stops it.", "教师工作台已启动：在浏览器中打开 {url}。按 Ctrl-C 停止。"),
    ("loaded", "{count} exercises in {sets} sets", "共 {sets} 个题集，{count} 道题"),
    ("listen_warning", "warning: listening on {addr}: other computers of the network can open the desk and read the exercise files", "警告：在 {addr} 上监听：网络中的其他电脑也能打开工作台、读取题目文件"),
    ("no_folder", "no folders given and no exercises/ folder here: run from the damtutor folder, or name folders (damtutor serve my-sets/)", "没有指定文件夹，这里也没有 exercises/ 文件夹：请在 damtutor 文件夹中运行，或指定文件夹（damtutor serve my-sets/）"),
    ("no_sets", "no exercise set could be read from {folders}", "无法从 {folders} 读取任何题集"),
    ("port_in_use", "port {port} is in use (another desk running?): choose another with --port N", "端口 {port} 已被占用（工作台已在运行？）：用 --port N 换一个端口"),
    ("cannot_listen", "cannot listen on {addr}: {error}", "无法在 {addr} 上监听：{error}"),
    ("server_failed", "the server stopped: {error}", "服务器停止运行：{error}"),
    ("stopped", "The teacher's desk stopped.", "教师工作台已停止。"),
];

/// The words of `key` in `lang` (the key itself when there is no such entry).
pub fn word(lang: Lang, key: &str) -> &str {
    WORDS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map_or(key, |(_, en, zh)| match lang {
            Lang::English => en,
            Lang::Chinese => zh,
        })
}

/// The words of `key` in `lang` with each `{name}` replaced by its value.
pub fn say(lang: Lang, key: &str, values: &[(&str, &dyn fmt::Display)]) -> String {
    let mut out = word(lang, key).to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), &value.to_string());
    }
    out
}

/// Every word of the page in `lang`, by key.
pub fn page_words(lang: Lang) -> std::collections::BTreeMap<&'static str, &'static str> {
    WORDS
        .iter()
        .map(|&(key, en, zh)| {
            (
                key,
                match lang {
                    Lang::English => en,
                    Lang::Chinese => zh,
                },
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_has_both_languages_and_each_key_is_once() {
        let mut keys = std::collections::HashSet::new();
        for (key, en, zh) in WORDS {
            assert!(keys.insert(key), "{key} twice");
            assert!(!en.is_empty() && !zh.is_empty(), "{key}");
            // The same placeholders in both.
            let holes = |s: &str| {
                let mut h: Vec<String> = s
                    .split('{')
                    .skip(1)
                    .filter_map(|p| p.split_once('}').map(|(n, _)| n.to_string()))
                    .collect();
                h.sort();
                h
            };
            assert_eq!(holes(en), holes(zh), "{key}");
        }
    }
}
