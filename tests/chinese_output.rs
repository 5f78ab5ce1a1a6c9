//! What a Chinese class reads is Chinese throughout: the text of check-line, check (feedback
//! reports, summary, gradebook, console, located messages), solve and validate with `--lang zh`
//! (or a Chinese set) is scanned for English words. Move notation, FENs, exercise ids, file
//! names and command flags are not words.

use crate::support::cli;

use std::path::{Path, PathBuf};

/// Runs `damtutor ARGS` in the crate's folder: stdout and stderr together.
fn run(args: &[&str]) -> String {
    let output = cli::run_in_crate(args);
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The ids of the exercises the outputs name.
const IDS: &[&str] = &[
    "strike",
    "two-keys",
    "philippe",
    "no-win",
    "wrong-solution",
    "bonus",
    "nope",
    "ts-01",
    "b64-01",
];

/// Whether a run of printable ASCII (no spaces) is a move, a line of moves, a FEN, a file, a
/// flag or an id rather than a word.
fn is_notation(chunk: &str) -> bool {
    let bare = chunk.trim_matches(|c: char| "()[]{}.,;:!?'\"`".contains(c));
    if !bare.chars().any(|c| c.is_ascii_alphabetic()) {
        return true;
    }
    let fen = (bare.starts_with("W:") || bare.starts_with("B:"))
        && bare
            .chars()
            .all(|c| c.is_ascii_digit() || "WBK:,.-".contains(c) || ('a'..='h').contains(&c));
    // Moves and squares: numbers or names (c3, even i2 off the board) joined by - x :, with
    // marks and brackets: no two letters in a row.
    let spaced = bare.replace(['x', ':'], "-");
    let letters_apart = !spaced
        .as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_alphabetic() && w[1].is_ascii_alphabetic());
    let moves = bare.chars().any(|c| c.is_ascii_digit())
        && letters_apart
        && bare
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-x:!?().".contains(c));
    // The ids of the shipped sets: ts-01, b64-01, cl-13.
    let shipped_id = bare.split_once('-').is_some_and(|(set, number)| {
        set.chars().all(|c| c.is_ascii_alphanumeric())
            && !number.is_empty()
            && number.chars().all(|c| c.is_ascii_digit())
    });
    let path = bare.contains('/')
        || [".yaml", ".csv", ".md", ".html", ".svg"]
            .iter()
            .any(|e| bare.ends_with(e));
    let flag = bare.starts_with("--");
    // A single letter: a spreadsheet's column (C 列), the x of a capture (“x”).
    let letter = bare.chars().count() == 1;
    let name = ["UTF-8", "FEN", "damtutor"].contains(&bare);
    // What a teacher types: the commands and the values of --motif.
    let typed = [
        "solve",
        "validate",
        "generate",
        "mine",
        "turkish_strike",
        "breakthrough",
        "king_trap",
        "shot",
        "any",
    ]
    .contains(&bare);
    fen || moves || shipped_id || path || flag || letter || name || typed || IDS.contains(&bare)
}

/// The English words of `text`: runs of ASCII letters outside notation, with their line.
fn english_words(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let mut chunk = String::new();
        for c in line.chars().chain([' ']) {
            if c.is_ascii_graphic() {
                chunk.push(c);
            } else if !chunk.is_empty() {
                if !is_notation(&chunk) {
                    found.push(format!("'{chunk}' in: {line}"));
                }
                chunk.clear();
            }
        }
    }
    found
}

/// The text of an HTML page: tags, styles and scripts left out.
fn html_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let tag = &rest[open..];
        let skip_to = ["<style", "<script"]
            .iter()
            .find(|t| tag.starts_with(**t))
            .map(|t| format!("</{}>", &t[1..]));
        rest = match skip_to {
            Some(end) => tag.find(&end).map_or("", |i| &tag[i + end.len()..]),
            None => tag.find('>').map_or("", |i| &tag[i + 1..]),
        };
        out.push(' ');
    }
    out.push_str(rest);
    out
}

fn assert_chinese(what: &str, text: &str) {
    assert!(!text.trim().is_empty(), "{what}: no output");
    let words = english_words(text);
    assert!(
        words.is_empty(),
        "{what}: English words in Chinese output:\n{}",
        words.join("\n")
    );
}

/// The text without the fixture's students with English names (names are not words).
fn without_names(text: &str) -> String {
    ["Alice", "Bob", "Carol", "Ann", "Ben", "Dee"]
        .iter()
        .fold(text.to_string(), |text, name| text.replace(name, "某某"))
}

fn fresh(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("damtutor-zh-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_scanner_finds_english_and_passes_notation() {
    assert!(english_words(
        "第 3 回合白方 34-29 不能确保净得 2 子：黑方可以应 23x34（接着 40x29）。"
    )
    .is_empty());
    assert!(
        english_words("白方走（W:W11,23,27,28,43:BK47）b4-c5 b6xd4 f6:a5 (18x27) 43-38!")
            .is_empty()
    );
    assert!(english_words("tests/data/class/sheet-zh.csv 第 2 行 --max-nodes strike").is_empty());
    assert_eq!(english_words("错误：Move 5 (34-29)").len(), 1);
    assert_eq!(english_words("Right so far").len(), 3);
    assert_eq!(english_words("note: b6").len(), 1);
    assert_eq!(
        html_text("<p class=\"x\">你好</p><style>p { color: red }</style>"),
        " 你好  "
    );
}

#[test]
fn check_line_speaks_chinese() {
    const PHILIPPE: &str = "W:W27,32,34,38,40,45:B11,12,16,18,23,25";
    for moves in [
        "27-22 32x21 34-30 40x16",
        "27-22 32x21 34-29",
        "27-22 18x27 32x21",
        "27-22 18x27 38-33",
        "34-30",
        "27-22 18x27 32/21",
        "27-22 18x27 32x21 16x21",
        "",
    ] {
        let text = run(&["check-line", PHILIPPE, moves, "--lang", "zh"]);
        assert_chinese(&format!("check-line {moves}"), &text);
    }
    for args in [
        &[
            "check-line",
            "W:W8,14,32,38,43:BK48",
            "8-3 3x14",
            "--lang",
            "zh",
        ][..],
        &[
            "check-line",
            "W:W48:B24,K31,34,K42,43",
            "48x26",
            "--lang",
            "zh",
        ],
        &["check-line", "W:WK46:BK5", "46-41", "--lang", "zh"],
        &[
            "check-line",
            "exercises/04-64-shots-zh.yaml",
            "--id",
            "b64-01",
            "c3-d4",
        ],
        &[
            "check-line",
            "exercises/04-64-shots-zh.yaml",
            "--id",
            "b64-01",
            "i2-j3",
        ],
        &["check-line", "exercises/05-russian-zh.yaml", "f6:d8"],
        &["check-line", "tests/data/class/exercises-zh.yaml", "43-38"],
    ] {
        assert_chinese(&args.join(" "), &run(args));
    }
}

#[test]
fn check_speaks_chinese() {
    let out = fresh("check");
    let out_arg = out.to_str().unwrap();
    for format in ["html", "md"] {
        let text = run(&[
            "check",
            "--exercises",
            "tests/data/class/exercises-zh.yaml",
            "tests/data/class/sheet-zh.csv",
            "tests/data/class/answers/bob.yaml",
            "tests/data/class/bad.csv",
            "--out",
            out_arg,
            "--format",
            format,
        ]);
        let text = without_names(&text.replace(out_arg, "REPORT"));
        assert_chinese(&format!("check --format {format}"), &text);
        for entry in std::fs::read_dir(&out).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let contents = std::fs::read_to_string(&path).unwrap_or_default();
            let text = match path.extension().and_then(|e| e.to_str()) {
                Some("html") => html_text(&contents),
                Some("md") => contents,
                Some("csv") => contents.replace(',', " "),
                _ => continue,
            };
            assert_chinese(&name, &without_names(&text));
        }
        std::fs::remove_dir_all(&out).ok();
    }
}

#[test]
fn solve_and_validate_speak_chinese() {
    for args in [
        &["solve", "W:W11,23,27,28,43:BK47", "--lang", "zh"][..],
        &[
            "solve",
            "W:W27,32,34,38,40,45:B11,12,16,18,23,25",
            "--tree",
            "--lang",
            "zh",
        ],
        &["solve", "W:WK46:BK5", "--lang", "zh"],
        &["solve", "start", "--max-nodes", "2000", "--lang", "zh"],
        &[
            "solve",
            "exercises/01-turkish-strikes.yaml",
            "--id",
            "ts-01",
        ],
        &[
            "solve",
            "exercises/04-64-shots-zh.yaml",
            "--id",
            "b64-01",
            "--tree",
        ],
        &["solve", "exercises/01-turkish-strikes.yaml", "--id", "nope"],
        &[
            "validate",
            "tests/data/validate/good.yaml",
            "tests/data/validate/bad-solutions.yaml",
            "--lang",
            "zh",
        ],
        &["validate", "exercises/01-turkish-strikes.yaml", "-v"],
    ] {
        assert_chinese(&args.join(" "), &run(args));
    }
}

#[test]
fn generate_and_mine_speak_chinese() {
    let dir = fresh("generate");
    std::fs::create_dir_all(&dir).unwrap();
    let out = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (composed, mined, english) = (out("composed.yaml"), out("mined.yaml"), out("en.yaml"));
    let archive = out("games.pdn");
    std::fs::copy("tests/data/mine.pdn", &archive).unwrap();
    let strikes = |to: &str, lang: &str| -> Vec<String> {
        "generate --motif turkish_strike --count 2 --seed 3 --threads 1 --lang"
            .split(' ')
            .chain([lang, "--out", to])
            .map(str::to_string)
            .collect()
    };
    let zh = |line: &str| -> Vec<String> {
        line.split(' ')
            .chain(["--lang", "zh"])
            .map(str::to_string)
            .collect()
    };
    let runs = [
        strikes(&composed, "zh"),
        // Asked for more than the time allows: what was found, and why it stopped.
        zh(&format!(
            "generate --motif shot --count 500 --time-limit 1 --threads 1 --out {composed}"
        )),
        zh(&format!(
            "generate --variant english --motif turkish_strike --out {composed}"
        )),
        zh(&format!(
            "generate --variant russian --motif shot --pieces 2..40 --out {composed}"
        )),
        zh(&format!(
            "mine tests/data/mine.pdn --threads 1 --out {mined}"
        )),
        zh(&format!(
            "mine tests/data/mine.pdn --max-plies 50 --out {mined}"
        )),
        zh("solve tests/data"),
        // The outputs' own refusals too: an archive is never written over.
        zh(&format!("mine {archive} --out {archive}")),
    ];
    for args in &runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // The warnings say the PDN reader's reasons in Chinese too (着法 2（33-29）：有吃必吃);
        // a word of the file quoted in them (a chess move, Qh5) is the file's, not ours.
        let said = run(&args).replace("“Qh5”", "“某词”");
        assert_chinese(&args.join(" "), &said);
    }
    let warned = run(&[
        "mine",
        "tests/data/mine.pdn",
        "--threads",
        "1",
        "--out",
        &mined,
    ]
    .into_iter()
    .chain(["--lang", "zh"])
    .collect::<Vec<_>>());
    assert!(
        warned
            .contains("第 3 局（第 27 行）：着法 2（33-29）：有吃必吃：28x19（这一局只挖到这里）"),
        "{warned}"
    );
    // The set is the same whatever the language of the messages (the runs after the first
    // wrote over it, so it is composed again).
    let owned = |args: Vec<String>| run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let said = owned(strikes(&english, "en"));
    assert!(said.starts_with("wrote 2 exercises to "), "{said}");
    owned(strikes(&composed, "zh"));
    assert_eq!(
        std::fs::read_to_string(&english).unwrap(),
        std::fs::read_to_string(&composed).unwrap()
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_fixtures_are_there() {
    for file in [
        "tests/data/class/exercises-zh.yaml",
        "tests/data/class/sheet-zh.csv",
        "exercises/01-turkish-strikes.yaml",
    ] {
        assert!(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(file).is_file(),
            "{file}"
        );
    }
}

#[test]
fn teachers_read_plain_chinese_without_machine_words() {
    // "在 21 步之内没有找到必胜着法", not "找不到确保取胜的着法：这道题无解"; no 节点预算 or 求解器.
    let text = run(&[
        "validate",
        "tests/data/validate/bad-solutions.yaml",
        "--lang",
        "zh",
    ]);
    assert!(text.contains("在 21 步之内没有找到必胜着法"), "{text}");
    for machine in ["无解", "节点预算", "求解器", "种子"] {
        assert!(!text.contains(machine), "{machine}: {text}");
    }
}
