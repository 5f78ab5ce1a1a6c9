//! The teacher's controls over a worksheet (and a practice page): which exercises (`--ids`,
//! `--motif`, `--level`, `--max-level`, `--count` with `--seed`), the header (`--title`,
//! `--subtitle`, `--school`), `--hints`; and bilingual exercise texts, never mixed on a sheet.

use crate::support::cli;
use cli::run_in;

use damtutor::exercise::{self, ExerciseSet};
use damtutor::render::templates::{Document, Format, Templates};
use damtutor::render::worksheet::{self, Answers, Item, WorksheetOptions};
use damtutor::solver::{solve_all_variants, Limits, Motif, VariantSolution};
use damtutor::words::Lang;
use std::path::{Path, PathBuf};

/// Five exercises with titles, hints, comments and sources in both languages or in one.
const BILINGUAL: &str = "tests/data/worksheet-bilingual.yaml";
/// The same five positions, English only.
const FIXTURE: &str = "tests/data/worksheet-fixture.yaml";

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(name)
        .display()
        .to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("damtutor-controls-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The files in `dir`, sorted.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The ids of the exercises on a sheet, in order (the figures, not the answer key).
fn sheet_ids(html: &str) -> Vec<String> {
    html.match_indices("<figure class=\"exercise\"")
        .map(|(at, _)| {
            let rest = &html[at..];
            let start = rest.find("data-id=\"").unwrap() + 9;
            rest[start..].split('"').next().unwrap().to_string()
        })
        .collect()
}

/// Runs `worksheet` in a fresh folder with `args` and returns the sheet written.
fn sheet(name: &str, args: &[&str]) -> String {
    let dir = scratch(name);
    let mut all = vec!["worksheet", "--out", "sheet.html"];
    all.extend_from_slice(args);
    let output = run_in(&dir, &all);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    std::fs::read_to_string(dir.join("sheet.html")).unwrap()
}

/// The set, solved, as worksheet items (to compute what a choice must give).
fn solved(path: &str) -> (ExerciseSet, Vec<VariantSolution>) {
    let set = exercise::load(Path::new(path)).unwrap();
    let tasks: Vec<_> = set.exercises.iter().map(|e| (e.position, e.goal)).collect();
    let solutions = solve_all_variants(&tasks, Limits::default());
    (set, solutions)
}

fn items<'a>(set: &'a ExerciseSet, solutions: &'a [VariantSolution]) -> Vec<Item<'a>> {
    set.exercises
        .iter()
        .zip(solutions)
        .map(|(exercise, solution)| Item {
            set,
            exercise,
            solution,
        })
        .collect()
}

/// The HTML with every SVG diagram cut to `<svg/>`, for snapshots of the text.
fn without_svgs(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find("<svg") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("</svg>").unwrap() + start + 6;
        out.push_str("<svg/>");
        rest = &rest[end..];
    }
    out.push_str(rest);
    // The style sheet has snapshots of its own in tests/worksheet.rs.
    match (out.find("<style>"), out.find("</style>")) {
        (Some(a), Some(b)) => format!("{}<style/>{}", &out[..a], &out[b + 8..]),
        _ => out,
    }
}

// ---------------------------------------------------------------------------------------------
// Which exercises

#[test]
fn ids_choose_the_exercises_in_their_order() {
    let html = sheet("ids", &[&fixture(BILINGUAL), "--ids", "kg-01,ts-01, bl-01"]);
    assert_eq!(sheet_ids(&html), ["kg-01", "ts-01", "bl-01"]);
    // The answer key follows the sheet's order.
    let key = &html[html.find("class=\"answer-key\"").unwrap()..];
    assert!(key.find("data-id=\"kg-01\"").unwrap() < key.find("data-id=\"bl-01\"").unwrap());
}

#[test]
fn a_folder_is_read_with_its_sub_folders_in_name_order() {
    let dir = scratch("sub-folders");
    let set = std::fs::read_to_string(fixture(FIXTURE)).unwrap();
    let only = |id: &str| {
        let start = set.find(&format!("  - id: {id}")).unwrap();
        let end = set[start + 1..]
            .find("  - id:")
            .map_or(set.len(), |i| start + 1 + i);
        format!(
            "{}{}",
            &set[..set.find("  - id:").unwrap()],
            &set[start..end]
        )
    };
    let course = dir.join("course");
    for (path, id) in [
        ("b/2/set.yaml", "ts-01"),
        ("b/1.yaml", "db-01"),
        ("a.yaml", "kg-01"),
        (".hidden/set.yaml", "bl-01"),
    ] {
        let path = course.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, only(id)).unwrap();
    }
    // The folder's own files, then each sub-folder's; hidden folders are not read.
    let output = run_in(&dir, &["worksheet", "course", "--out", "sheet.html"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let html = std::fs::read_to_string(dir.join("sheet.html")).unwrap();
    assert_eq!(sheet_ids(&html), ["kg-01", "db-01", "ts-01"]);
    // The choice applies to all of them (the solver puts the three at levels 1 and 2), and
    // counts every exercise read, those whose stated level rules them out before solving too.
    let output = run_in(
        &dir,
        &["practice", "course", "--max-level", "2", "--out", "p.html"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("wrote p.html (3 exercises"));
    let output = run_in(&dir, &["practice", "course", "--level", "4"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("no exercise matches --level 4 (of the 3 exercises read)"),
        "{}",
        text(&output.stderr)
    );
    let output = run_in(&dir, &["validate", "course"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        text(&output.stdout).contains("3 exercises"),
        "{}",
        text(&output.stdout)
    );
    // A folder with nothing under it is a usage error, for every command that reads sets.
    std::fs::create_dir_all(dir.join("empty/sub")).unwrap();
    for command in ["worksheet", "practice", "validate", "quiz"] {
        let output = run_in(&dir, &[command, "empty"]);
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(
            text(&output.stderr)
                .contains("empty: no .yaml exercise files in this folder or its sub-folders"),
            "{command}: {}",
            text(&output.stderr)
        );
    }
}

#[test]
fn a_choice_that_leaves_nothing_is_said_in_the_commands_language() {
    let dir = scratch("nothing-chosen");
    let zh = fixture("exercises/04-64-shots-zh.yaml");
    for (args, message) in [
        // A worksheet has each set's language, not one of its own: English.
        (
            vec!["worksheet", &zh, "--motif", "bomb"],
            "no exercise matches --motif bomb (of the 21 exercises read)",
        ),
        (
            vec!["worksheet", &zh, "--motif", "bomb", "--lang", "zh"],
            "没有符合 --motif bomb 的练习（共读入 21 道）",
        ),
        // A practice page speaks the first set's language.
        (
            vec!["practice", &zh, "--motif", "bomb"],
            "没有符合 --motif bomb 的练习（共读入 21 道）",
        ),
    ] {
        let output = run_in(&dir, &args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            text(&output.stderr).trim(),
            format!("damtutor: {message}"),
            "{args:?}"
        );
        assert!(files_in(&dir).is_empty());
    }
}

#[test]
fn a_missing_id_writes_nothing_and_names_it() {
    let dir = scratch("missing-id");
    let output = run_in(
        &dir,
        &[
            "worksheet",
            &fixture(BILINGUAL),
            "--ids",
            "ts-01,nope",
            "--out",
            "s.html",
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("no exercise has the id 'nope'"), "{stderr}");
    assert!(stderr.contains("worksheet-bilingual.yaml"), "{stderr}");
    assert!(files_in(&dir).is_empty(), "{:?}", files_in(&dir));
    // The same file twice: every id is in two places, which --ids cannot choose between.
    let output = run_in(
        &dir,
        &[
            "worksheet",
            &fixture(FIXTURE),
            &fixture(FIXTURE),
            "--ids",
            "ts-01",
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("several files have the id 'ts-01'"));
    assert!(files_in(&dir).is_empty());
    // On a practice page as well.
    let output = run_in(&dir, &["practice", &fixture(BILINGUAL), "--ids", "gone"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("'gone'"));
    assert!(files_in(&dir).is_empty());
}

#[test]
fn motif_and_level_choose_what_the_solver_and_the_teacher_say() {
    let (set, solutions) = solved(BILINGUAL);
    let all = items(&set, &solutions);
    let with = |motif: Motif| -> Vec<String> {
        all.iter()
            .filter(|item| worksheet::motifs_of(item).contains(&motif))
            .map(|item| item.exercise.id.clone())
            .collect()
    };
    let turkish = with(Motif::TurkishStrike);
    assert!(turkish.contains(&"ts-01".to_string()), "{turkish:?}");
    // By tag, by English name and by Chinese name.
    for name in ["turkish_strike", "Turkish strike", "土耳其打击"] {
        let html = sheet("motif", &[&fixture(BILINGUAL), "--motif", name]);
        assert_eq!(sheet_ids(&html), turkish, "{name}");
    }
    // The teacher's tag counts: cp-01 is tagged coup_philippe.
    let html = sheet(
        "motif-two",
        &[
            &fixture(BILINGUAL),
            "--motif",
            "coup_philippe,turkish-strike",
        ],
    );
    let mut expected = with(Motif::CoupPhilippe);
    expected.extend(turkish.iter().cloned());
    let expected: Vec<String> = all
        .iter()
        .map(|item| item.exercise.id.clone())
        .filter(|id| expected.contains(id))
        .collect();
    assert!(expected.contains(&"cp-01".to_string()));
    assert_eq!(sheet_ids(&html), expected);

    let level = |item: &Item| worksheet::difficulty_of(item).level;
    assert_eq!(level(&all[4]), 2, "kg-01 says difficulty: 2");
    let easy: Vec<String> = all
        .iter()
        .filter(|item| level(item) <= 2)
        .map(|item| item.exercise.id.clone())
        .collect();
    let html = sheet("max-level", &[&fixture(BILINGUAL), "--max-level", "2"]);
    assert_eq!(sheet_ids(&html), easy);
    let exactly: Vec<String> = all
        .iter()
        .filter(|item| level(item) == 2)
        .map(|item| item.exercise.id.clone())
        .collect();
    let html = sheet("level", &[&fixture(BILINGUAL), "--level", "2"]);
    assert_eq!(sheet_ids(&html), exactly);

    let dir = scratch("no-match");
    let output = run_in(
        &dir,
        &[
            "worksheet",
            &fixture(BILINGUAL),
            "--motif",
            "bomb",
            "--level",
            "6",
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("no exercise matches --motif bomb --level 6 (of the 5 exercises read)"),
        "{stderr}"
    );
    let output = run_in(&dir, &["worksheet", &fixture(BILINGUAL), "--motif", "fork"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("'fork' is not a motif: use turkish_strike"));
    assert!(files_in(&dir).is_empty());
}

#[test]
fn count_draws_the_same_sample_from_the_same_seed() {
    let first = sheet(
        "count-a",
        &[&fixture(BILINGUAL), "--count", "3", "--seed", "5"],
    );
    let again = sheet(
        "count-b",
        &[&fixture(BILINGUAL), "--count", "3", "--seed", "5"],
    );
    assert_eq!(first, again, "the same seed writes the same bytes");
    let ids = sheet_ids(&first);
    assert_eq!(ids.len(), 3);
    // Kept in the file's order.
    let order = ["ts-01", "db-01", "cp-01", "bl-01", "kg-01"];
    let positions: Vec<usize> = ids
        .iter()
        .map(|id| order.iter().position(|o| o == id).unwrap())
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    // Other seeds draw other samples.
    let samples: std::collections::BTreeSet<Vec<String>> = (0..6)
        .map(|seed| {
            let seed = seed.to_string();
            sheet_ids(&sheet(
                "count-c",
                &[&fixture(BILINGUAL), "--count", "3", "--seed", &seed],
            ))
        })
        .collect();
    assert!(samples.len() > 1, "{samples:?}");
    // Without --seed the seed is printed so the sheet can be made again.
    let dir = scratch("count-seed");
    let output = run_in(&dir, &["worksheet", &fixture(BILINGUAL), "--count", "2"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("add --seed"), "{stdout}");
    assert!(stdout.contains("2 exercises: solved in"), "{stdout}");
    // More than there are: all of them.
    let html = sheet(
        "count-all",
        &[&fixture(BILINGUAL), "--count", "9", "--seed", "1"],
    );
    assert_eq!(sheet_ids(&html).len(), 5);
}

// ---------------------------------------------------------------------------------------------
// The header and the hints

#[test]
fn title_subtitle_school_and_hints_are_printed() {
    let html = sheet(
        "header",
        &[
            &fixture(BILINGUAL),
            "--lang",
            "zh",
            "--title",
            "第三周练习",
            "--subtitle",
            "回家作业 <一>",
            "--school",
            "北京市第一实验小学",
            "--hints",
        ],
    );
    assert!(html.contains("<h1>第三周练习</h1>"));
    assert!(html.contains("<title>第三周练习</title>"));
    assert!(html.contains("<p class=\"subtitle\">回家作业 &lt;一&gt;</p>"));
    assert!(html.contains("<p class=\"school\">北京市第一实验小学</p>"));
    assert!(!html.contains("组合入门"), "the set's title is replaced");
    assert!(
        html.contains("<p class=\"hint\"><span class=\"label\">提示：</span>让王吃四个子。</p>")
    );
    assert!(html.contains("黑方也可以弃子。"));
    // Without --hints there are none.
    let plain = sheet("no-hints", &[&fixture(BILINGUAL), "--lang", "zh"]);
    assert!(!plain.contains("class=\"hint\""));
    assert!(plain.contains("<h1>组合入门</h1>"));
    // A practice page takes --title too.
    let dir = scratch("practice-title");
    let output = run_in(
        &dir,
        &[
            "practice",
            &fixture(BILINGUAL),
            "--title",
            "Homework 3",
            "--ids",
            "ts-01,kg-01",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let page = std::fs::read_to_string(dir.join("practice.html")).unwrap();
    assert!(page.contains("<h1>Homework 3</h1>"));
    assert_eq!(
        page.matches("<section class=\"exercise\" data-exercise=")
            .count(),
        2
    );
    assert!(page.contains("data-exercise=\"kg-01\""));
}

/// The new header and hints, rendered in memory in both languages.
fn header_sheet(lang: Lang, format: Format) -> String {
    let (set, solutions) = solved(BILINGUAL);
    let options = WorksheetOptions {
        format,
        lang: Some(lang),
        answers: Answers::End,
        title: None,
        subtitle: None,
        school: Some(match lang {
            Lang::Chinese => "第一实验小学".into(),
            Lang::English => "Riverside Primary School".into(),
        }),
        hints: true,
        ..WorksheetOptions::default()
    };
    let templates = Templates::load(Document::Worksheet, format, None).unwrap();
    let files = worksheet::render(
        &items(&set, &solutions),
        &options,
        &templates,
        Path::new("s.html"),
    )
    .unwrap();
    without_svgs(&files[0].contents)
}

#[test]
fn snapshot_the_header_and_hints_in_both_languages() {
    insta::assert_snapshot!(
        "controls_html_zh",
        header_sheet(Lang::Chinese, Format::Html)
    );
    insta::assert_snapshot!(
        "controls_html_en",
        header_sheet(Lang::English, Format::Html)
    );
    insta::assert_snapshot!(
        "controls_md_zh",
        header_sheet(Lang::Chinese, Format::Markdown)
    );
}

// ---------------------------------------------------------------------------------------------
// Bilingual texts

#[test]
fn a_sheet_shows_the_texts_of_its_language_only() {
    let zh = sheet("zh", &[&fixture(BILINGUAL), "--lang", "zh", "--hints"]);
    for chinese in [
        "组合入门",
        "第一讲：弃子与连吃",
        "土耳其打击",
        "让王吃四个子。",
        "为测试编写的最小局面",
        "43 号兵一路吃到 3 号成王。",
        "黑方先走",
    ] {
        assert!(zh.contains(chinese), "{chinese} missing");
    }
    for english in [
        "Combinations",
        "Lesson 1",
        "The Turkish strike",
        "Make the king",
        "constructed",
        "The man on 43",
        "Coup Philippe",
    ] {
        assert!(!zh.contains(english), "{english:?} on a Chinese sheet");
    }
    let en = sheet("en", &[&fixture(BILINGUAL), "--lang", "en", "--hints"]);
    for english in [
        "Combinations for beginners",
        "The Turkish strike",
        "Make the king take four men.",
        "The man on 43 has a long way to go.",
        "Coup Philippe",
    ] {
        assert!(en.contains(english), "{english} missing");
    }
    for chinese in [
        "组合入门",
        "土耳其打击",
        "黑方先走",
        "黑方也可以弃子",
        "为测试编写",
    ] {
        assert!(!en.contains(chinese), "{chinese:?} on an English sheet");
    }
    // An English-only set on a Chinese sheet: the game's words stand for its title, and none of
    // its English texts (titles, sources, comments) appear.
    let zh = sheet("zh-of-en", &[&fixture(FIXTURE), "--lang", "zh"]);
    assert!(zh.contains("<h1>国际跳棋练习</h1>"), "the generic title");
    for english in [
        "Combinations for beginners",
        "Sheet 1",
        "The Turkish strike",
        "constructed",
        "Dubois",
        "crowns",
    ] {
        assert!(!zh.contains(english), "{english:?} on a Chinese sheet");
    }
}

#[test]
fn bilingual_texts_read_back_and_unknown_languages_are_located() {
    let set = exercise::load(Path::new(&fixture(BILINGUAL))).unwrap();
    assert_eq!(set.title.get(Lang::Chinese), Some("组合入门"));
    assert_eq!(
        set.exercises[1].hint.get(Lang::English),
        Some("The man on 43 has a long way to go.")
    );
    assert_eq!(set.exercises[1].hint.get(Lang::Chinese), None);
    assert_eq!(set.exercises[3].title.get(Lang::English), None);
    let again = exercise::parse(&exercise::to_yaml(&set), "again.yaml").unwrap();
    assert_eq!(exercise::to_yaml(&again), exercise::to_yaml(&set));
    assert_eq!(again.exercises[0].title, set.exercises[0].title);
    assert_eq!(again.description, set.description);

    let dir = scratch("unknown-language");
    let yaml = "title: T\nexercises:\n  - id: a\n    fen: \"W:W11,23,27,28,43:BK47\"\n    title:\n      zh: 土耳其打击\n      fr: Le coup turc\n    hint: {de: Der König}\n";
    std::fs::write(dir.join("set.yaml"), yaml).unwrap();
    // validate reports every problem it finds (exit 1); the other commands refuse the file (2).
    let output = run_in(&dir, &["validate", "set.yaml"]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("error: set.yaml:7: exercise a: title: unknown language 'fr'"),
        "{stdout}"
    );
    assert!(
        stdout.contains("error: set.yaml:8: exercise a: hint: unknown language 'de'"),
        "{stdout}"
    );
    let output = run_in(&dir, &["worksheet", "set.yaml"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("set.yaml:7: exercise a: title: unknown language 'fr'"),
        "{stderr}"
    );
    assert_eq!(files_in(&dir), ["set.yaml"]);
}

/// `html` without the parts between `open` and `close` (style sheets, diagrams).
fn cut(html: &str, open: &str, close: &str) -> String {
    let mut kept = String::new();
    let mut rest = html;
    while let Some(start) = rest.find(open) {
        kept.push_str(&rest[..start]);
        let end = rest[start..].find(close).unwrap() + start + close.len();
        rest = &rest[end..];
    }
    kept.push_str(rest);
    kept
}

/// The words a person reads on a sheet: its text without tags, style and diagrams.
fn visible_text(html: &str) -> String {
    let html = cut(&cut(html, "<style>", "</style>"), "<svg", "</svg>");
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&#x27;", "'").replace("&amp;", "&")
}

/// The words of three or more Latin letters in `text`, but the tool's name and the notes in
/// other scripts a Chinese text may carry (coup turc).
fn latin_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3 && !["damtutor", "coup", "turc"].contains(w))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_main_command_writes_each_sheet_in_one_language() {
    let dir = scratch("main-command");
    let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
    for lang in [None, Some("zh"), Some("en")] {
        let out = dir.join("sheet.html").display().to_string();
        let mut args = vec!["worksheet", "--out", &out];
        if let Some(lang) = lang {
            args.extend(["--lang", lang]);
        }
        let output = run_in(repository, &args);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        for line in text(&output.stdout).lines() {
            let Some(path) = line.strip_prefix("wrote ") else {
                continue;
            };
            let words = visible_text(&std::fs::read_to_string(path).unwrap());
            let chinese = match lang {
                Some(lang) => lang == "zh",
                None => path.ends_with("-zh.html"),
            };
            if chinese {
                let latin = latin_words(&words);
                assert!(latin.is_empty(), "{path}: {latin:?}");
                assert!(words.contains("姓名"), "{path}");
            } else {
                let cjk: String = words
                    .chars()
                    .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
                    .collect();
                assert!(cjk.is_empty(), "{path}: {cjk}");
                assert!(words.contains("Name"), "{path}");
            }
        }
    }
}
