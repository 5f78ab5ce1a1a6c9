//! Errors in the command's language: with `--lang zh` every message about input that cannot be
//! used - a file that is not there or is a folder, YAML that does not read or fit, a FEN or a
//! position that is wrong, text that is not UTF-8 - is Chinese throughout, with its file, line,
//! field and value kept, and the exit code is the one the English run has.

use crate::support::cli;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The folder of the bad inputs, made once for the tests of this file.
fn inputs() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("damtutor-zh-errors-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("folder.yaml")).unwrap();
        let files: [(&str, &[u8]); 8] = [
            (
                "no-title.yaml",
                b"exercises:\n  - id: a\n    fen: \"W:W28:B19\"\n",
            ),
            (
                "unknown-field.yaml",
                b"title: T\nexercises:\n  - id: a\n    fen: \"W:W28:B19\"\n    gaol: win\n",
            ),
            (
                "indent.yaml",
                b"title: T\nexercises:\n  - id: a\n    fen: \"W:W28:B19\"\n   goal: win\n",
            ),
            (
                "colon.yaml",
                b"title: Shots: two\nexercises:\n  - id: a\n    fen: \"W:W28:B19\"\n",
            ),
            (
                "bad-fen.yaml",
                b"title: T\nexercises:\n  - id: sh-01\n    fen: \"W:W28x:B19\"\n",
            ),
            (
                "off-board.yaml",
                b"title: T\nexercises:\n  - id: sh-02\n    fen: \"W:W99:B19\"\n",
            ),
            (
                "latin1.yaml",
                b"title: Cours \xe9t\xe9\nexercises:\n  - id: a\n    fen: \"W:W28:B19\"\n",
            ),
            (
                "bad-type.yaml",
                b"title: T\nlevel: many\nexercises:\n  - id: a\n    fen: \"W:W28:B19\"\n",
            ),
        ];
        for (name, bytes) in files {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        dir
    })
}

/// What the files say as written, and the names of formats: not English words.
const WRITTEN: &[&str] = &[
    "damtutor",
    "title",
    "exercises",
    "gaol",
    "variant",
    "white",
    "black",
    "to_move",
    "goal",
    "hint",
    "comment",
    "motifs",
    "difficulty",
    "source",
    "solution",
    "level",
    "many",
    "YAML",
    "JSON",
];

/// The English words of `text`: runs of four or more ASCII letters, leaving out file paths
/// (`/tmp/x`, `set.yaml`), FENs and what [`WRITTEN`] lists.
fn english_words(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        for chunk in line.split(|c: char| c.is_whitespace() || !c.is_ascii()) {
            let path = chunk.contains('/') || chunk.contains(".yaml");
            let fen = chunk.starts_with("W:") || chunk.starts_with("B:");
            if path || fen {
                continue;
            }
            for word in chunk.split(|c: char| !c.is_ascii_alphabetic() && c != '_') {
                if word.len() >= 4 && !WRITTEN.contains(&word) {
                    found.push(format!("'{word}' in: {line}"));
                }
            }
        }
    }
    found
}

/// Runs `damtutor ARGS` among the inputs: the exit code, standard output and standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let output = cli::run_in(inputs(), args);
    let (code, stdout, stderr) = cli::outcome(&output);
    (code.expect("an exit code"), stdout, stderr)
}

/// Asserts that `args` with `--lang zh` exit with `code` and say `says` on standard error in
/// Chinese, and that the English run exits the same way and says `english`.
fn says_in_chinese(args: &[&str], code: i32, says: &str, english: &str) {
    let zh: Vec<&str> = args.iter().copied().chain(["--lang", "zh"]).collect();
    let (actual, _, stderr) = run(&zh);
    assert_eq!(actual, code, "{zh:?}: {stderr}");
    assert!(stderr.contains(says), "{zh:?}: {stderr}");
    let words = english_words(&stderr);
    assert!(
        words.is_empty(),
        "{zh:?}: English words:\n{}",
        words.join("\n")
    );
    let en: Vec<&str> = args.iter().copied().chain(["--lang", "en"]).collect();
    let (actual, _, stderr) = run(&en);
    assert_eq!(actual, code, "{en:?}: {stderr}");
    assert!(stderr.contains(english), "{en:?}: {stderr}");
}

/// Asserts that `validate FILES --lang zh` exits with `code`, reports `says` and writes no
/// English word; returns its standard error.
fn validate_says(files: &[&str], code: i32, says: &str) -> String {
    let args: Vec<&str> = ["validate"]
        .into_iter()
        .chain(files.iter().copied())
        .chain(["--lang", "zh"])
        .collect();
    let (actual, stdout, stderr) = run(&args);
    assert_eq!(actual, code, "{args:?}: {stderr}");
    assert!(stdout.contains(says), "{args:?}: {stdout}");
    let words = english_words(&format!("{stdout}{stderr}"));
    assert!(words.is_empty(), "{args:?}: {}", words.join("\n"));
    stderr
}

#[test]
fn the_scanner_finds_english_and_passes_paths_fields_and_fens() {
    assert!(english_words("damtutor: /tmp/x/no-title.yaml 第 1 行：缺少字段 title").is_empty());
    assert!(english_words("局面无效（W:W99:B1）：exercises[0]：未知字段 gaol").is_empty());
    assert_eq!(english_words("错误：x.yaml: cannot read the file").len(), 3);
    assert_eq!(
        english_words("damtutor: No such file or directory (os error 2)").len(),
        4
    );
    assert_eq!(english_words("missing field `title`").len(), 2);
}

#[test]
fn a_file_that_is_not_there_or_is_a_folder() {
    says_in_chinese(
        &["solve", "missing.yaml"],
        2,
        "damtutor: missing.yaml：文件不存在",
        "missing.yaml: cannot read the file: No such file or directory",
    );
    // A path through a folder is a file, not a FEN.
    says_in_chinese(
        &["solve", "nowhere/set"],
        2,
        "nowhere/set：文件不存在",
        "nowhere/set: cannot read the file: No such file or directory",
    );
    says_in_chinese(
        &["check-line", "folder.yaml", "32-28"],
        2,
        "folder.yaml：这是文件夹，不是文件",
        "folder.yaml: this is a folder, not a file",
    );
    says_in_chinese(
        &["worksheet", "latin1.yaml/set.yaml"],
        2,
        "无法读取文件：路径中有一部分不是文件夹",
        "latin1.yaml/set.yaml: cannot read the file: Not a directory",
    );
    // validate reports the file with the others, then stops as every command does.
    let stderr = validate_says(&["missing.yaml"], 2, "错误：missing.yaml：文件不存在");
    assert!(
        stderr.contains("damtutor: missing.yaml：文件或文件夹不存在"),
        "{stderr}"
    );
}

#[test]
fn yaml_that_does_not_fit_a_set() {
    says_in_chinese(
        &["solve", "no-title.yaml"],
        2,
        "no-title.yaml 第 1 行第 1 列：缺少字段 title",
        "no-title.yaml:1:1: missing field `title`",
    );
    says_in_chinese(
        &["solve", "unknown-field.yaml"],
        2,
        "unknown-field.yaml 第 5 行第 5 列：exercises[0]：未知字段 gaol（可用的字段：id、variant、fen、",
        "unknown-field.yaml:5:5: exercises[0]: unknown field `gaol`, expected one of `id`",
    );
    says_in_chinese(
        &["solve", "bad-type.yaml"],
        2,
        "bad-type.yaml 第 2 行第 8 列：level：类型不对：这里应是整数，写的是文字 \"many\"",
        "bad-type.yaml:2:8: level: invalid type: string \"many\", expected u8",
    );
}

#[test]
fn yaml_syntax_errors() {
    says_in_chinese(
        &["solve", "indent.yaml"],
        2,
        "indent.yaml 第 5 行第 4 列：列表的各项要以 - 开头并且对齐，可能是缩进不对",
        "indent.yaml:5:4: did not find expected '-' indicator",
    );
    says_in_chinese(
        &["solve", "colon.yaml"],
        2,
        "colon.yaml 第 1 行第 13 列：这里不能有“: ”（值里有冒号时，请给整个值加引号）",
        "colon.yaml:1:13: mapping values are not allowed in this context",
    );
}

#[test]
fn a_wrong_fen_or_position_in_an_exercise() {
    says_in_chinese(
        &["solve", "bad-fen.yaml"],
        2,
        "bad-fen.yaml 第 3 行：题目 sh-01：FEN 有误（第 4 列“28x”）：应是格号，例如 28 或 K28",
        "bad-fen.yaml:3: exercise sh-01: bad FEN at column 4: '28x': expected a square number such as 28 or K28",
    );
    says_in_chinese(
        &["solve", "off-board.yaml"],
        2,
        "off-board.yaml 第 3 行：题目 sh-02：局面无效：第 99 格不在棋盘上（格号为 1-50）",
        "off-board.yaml:3: exercise sh-02: invalid position: square 99 is outside the board (squares are 1-50)",
    );
    // validate's report lines are Chinese too.
    validate_says(
        &["bad-fen.yaml", "off-board.yaml"],
        1,
        "错误：bad-fen.yaml 第 3 行：题目 sh-01：FEN 有误",
    );
}

#[test]
fn a_wrong_position_on_the_command_line() {
    // Understood and rejected: exit 1; a FEN that does not read: exit 2.
    says_in_chinese(
        &["solve", "W:W99:B1"],
        1,
        "damtutor: 局面无效：第 99 格不在棋盘上（格号为 1-50）",
        "damtutor: invalid position: square 99 is outside the board (squares are 1-50)",
    );
    says_in_chinese(
        &["check-line", "W:W28:B19,19", "28-23"],
        1,
        "局面无效：第 19 格写了两次",
        "invalid position: square 19 is given twice",
    );
    says_in_chinese(
        &["solve", "X:W28:B19"],
        2,
        "FEN 有误（第 1 列“X”）：开头应是走棋方：W 或 B",
        "bad FEN at column 1: 'X': expected the side to move, W or B",
    );
}

#[test]
fn an_exercise_file_that_is_not_utf8() {
    says_in_chinese(
        &["solve", "latin1.yaml"],
        2,
        "latin1.yaml 第 1 行第 14 列：不是 UTF-8 文本（字节 0xe9），请另存为 UTF-8",
        "latin1.yaml:1:14: not UTF-8 text (byte 0xe9): save the file as UTF-8",
    );
}

#[test]
fn a_command_line_that_does_not_parse() {
    // clap's own errors: Chinese under --lang zh (the usage line is the command's syntax, and
    // flags and their values are as typed), clap's English otherwise; exit code 2 either way.
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &["check", "answers.yaml"],
            "缺少必需的参数：--exercises <EXERCISES>",
            "the following required arguments were not provided",
        ),
        (
            &["worksheet", "--format", "docx"],
            "参数 --format 的值“docx”不对：请写 html、md 或 pdf",
            "'docx' is not a format: use html, md or pdf",
        ),
        (
            &["worksheet", "--per-page", "31"],
            "参数 --per-page <N> 的值“31”不对：应是 1 到 30 之间的整数",
            "31 is not in 1..=30",
        ),
        (
            &["solve", "W:W28:B19", "--movse", "x"],
            "不认识的参数 --movse",
            "unexpected argument '--movse'",
        ),
    ];
    for (args, says, english) in cases {
        let zh: Vec<&str> = args.iter().copied().chain(["--lang", "zh"]).collect();
        let (code, _, stderr) = run(&zh);
        assert_eq!(code, 2, "{zh:?}: {stderr}");
        assert!(stderr.contains(says), "{zh:?}: {stderr}");
        let sentences: String = stderr
            .lines()
            .filter(|line| !line.starts_with("用法："))
            .map(|line| {
                line.split_whitespace()
                    .filter(|word| !word.starts_with("--") && !word.starts_with('<'))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n");
        // The values typed and the formats' names are what the teacher types.
        let typed = |word: &String| {
            ["docx", "html", "movse"]
                .iter()
                .any(|typed| word.starts_with(&format!("'{typed}'")))
        };
        let words: Vec<String> = english_words(&sentences)
            .into_iter()
            .filter(|word| !typed(word))
            .collect();
        assert!(words.is_empty(), "{zh:?}: {}", words.join("\n"));
        let en: Vec<&str> = args.iter().copied().chain(["--lang", "en"]).collect();
        let (code, _, stderr) = run(&en);
        assert_eq!(code, 2, "{en:?}: {stderr}");
        assert!(stderr.contains(english), "{en:?}: {stderr}");
    }
}
