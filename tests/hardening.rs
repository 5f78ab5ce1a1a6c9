//! What a hostile file or flag can do, through the real binary: no panic, no false proof, no
//! destroyed or half-written file, no live markup from a file, bounded time and memory, and a
//! message that says where. One test per defect of issue 16 (and what fuzzing found).

use crate::support::cli;
use cli::run_in as run;

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn data(name: &str) -> String {
    root().join("tests/data").join(name).display().to_string()
}

/// A fresh empty folder.
fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("damtutor-hardening-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `args` in `dir`; asserts the exit code and that standard error or output contains
/// `says` (and no panic); returns standard output.
fn expect(dir: &Path, args: &[&str], code: i32, says: &str) -> String {
    let output = run(dir, args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(
        output.status.code(),
        Some(code),
        "{args:?}: {stderr}{stdout}"
    );
    assert!(
        stderr.contains(says) || stdout.contains(says),
        "{args:?}: {stderr}{stdout}"
    );
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    stdout
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, text).unwrap();
    name.to_string()
}

/// The files in `dir` (names, sorted).
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

const SET: &str =
    "title: T\nexercises:\n  - id: strike\n    fen: \"W:W11,23,27,28,43:BK47\"\n    goal: win\n";

#[test]
fn non_ascii_inside_fen_brackets_is_a_message() {
    let dir = temp_dir("fen");
    for text in ["[éé]", "[FEN \"éé\"]", "[Féé]", "[\"é\"]", "W:W[é]"] {
        expect(&dir, &["show", text], 2, "bad FEN at column");
    }
    let set = write(
        &dir,
        "set.yaml",
        "title: T\nexercises:\n  - id: a\n    fen: \"[éé]\"\n",
    );
    expect(
        &dir,
        &["validate", &set],
        1,
        "set.yaml:3: exercise a: bad FEN at column 1",
    );
    write(
        &dir,
        "g.pdn",
        "[FEN \"[éé]\"]\n1. 32-28 *\n\n1. 32-28 19-23 *\n",
    );
    expect(
        &dir,
        &["mine", "g.pdn", "--out", "m.yaml"],
        1,
        "g.pdn: game 1, line 1",
    );
}

#[test]
fn a_quiz_answer_with_any_text_is_marked_and_fails_no_one_else() {
    let dir = temp_dir("quiz-answer");
    expect(
        &dir,
        &[
            "quiz", "--seed", "7", "--format", "json", "--out", "-", "--count", "20",
        ],
        0,
        "",
    );
    let quiz = run(
        &dir,
        &[
            "quiz", "--seed", "7", "--key", "key.json", "--out", "q.html",
        ],
    );
    assert!(quiz.status.success());
    write(
        &dir,
        "a/odd.yaml",
        "student: Odd\nanswers:\n  q20: \"[éé] white K[é]\"\n  q18: \"[éé]\"\n  q1: \"Ｄ\"\n",
    );
    write(&dir, "a/li.yaml", "student: Li\nanswers:\n  q1: D\n");
    let out = expect(
        &dir,
        &["check", "--key", "key.json", "a", "--out", "r"],
        0,
        "",
    );
    assert!(out.contains("Odd") && out.contains("Li"), "{out}");
}

#[test]
fn time_limits_must_be_finite_numbers() {
    let dir = temp_dir("nan");
    let set = data("worksheet-fixture.yaml");
    for args in [
        vec!["solve", "start"],
        vec!["validate", &set],
        vec!["check-line", "start", "32-28"],
        vec!["worksheet", &set],
        vec!["check", "--exercises", &set, &set],
        vec!["generate", "--motif", "shot", "--out", "x.yaml"],
        vec!["mine", &set, "--out", "x.yaml"],
        vec!["perft", "start", "--depth", "2"],
    ] {
        for bad in [
            "--time-limit=nan",
            "--time-limit=inf",
            "--time-limit=-1",
            "--time-limit=0",
        ] {
            let mut args = args.clone();
            args.push(bad);
            expect(&dir, &args, 2, "is not a time limit");
        }
    }
    assert!(listing(&dir).is_empty());
}

#[test]
fn piece_ranges_the_frames_cannot_lay_out_are_refused() {
    let dir = temp_dir("pieces");
    expect(
        &dir,
        &["generate", "--motif", "turkish_strike", "--pieces", "17..20", "--out", "x.yaml"],
        2,
        "--pieces 17..20: the turkish_strike positions of international draughts have 5 to 16 pieces",
    );
    expect(
        &dir,
        &[
            "generate",
            "--motif",
            "king_trap",
            "--pieces",
            "30..40",
            "--out",
            "x.yaml",
        ],
        2,
        "have 5 to 24 pieces",
    );
    expect(
        &dir,
        &[
            "generate",
            "--variant",
            "64",
            "--motif",
            "turkish_strike",
            "--pieces",
            "13..20",
            "--out",
            "x.yaml",
        ],
        2,
        "have 4 to 12 pieces",
    );
    // A range that meets the frames' is used (and ends with what it found).
    let output = run(
        &dir,
        &[
            "generate",
            "--motif",
            "any",
            "--pieces",
            "15..20",
            "--count",
            "1",
            "--time-limit",
            "20",
            "--out",
            "x.yaml",
        ],
    );
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
}

#[test]
fn standard_output_errors_end_quietly_or_with_a_message() {
    let full = std::fs::File::create("/dev/full").or_else(|_| std::fs::File::open("/dev/full"));
    if let Ok(full) = full {
        let output = cli::damtutor(["show", "start"]).stdout(full).output();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("damtutor: standard output: No space left on device"),
            "{stderr}"
        );
    }
    // A closed pipe: quiet, with the exit code of SIGPIPE.
    let output = Command::new("bash")
        .args([
            "-c",
            "\"$0\" perft start --depth 9 --bulk | head -n 1 >/dev/null; exit ${PIPESTATUS[0]}",
            env!("CARGO_BIN_EXE_damtutor"),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(141), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn material_goals_beyond_the_board_prove_nothing() {
    let dir = temp_dir("material");
    for goal in ["material:2147483648", "material:4294967297", "material:61"] {
        expect(&dir, &["solve", "start", "--goal", goal], 2, "from 1 to 60");
        expect(
            &dir,
            &["check-line", "start", "32-28", "--goal", goal],
            2,
            "from 1 to 60",
        );
    }
    let set = write(
        &dir,
        "set.yaml",
        "title: T\nexercises:\n  - id: a\n    fen: \"W:W11,23,27,28,43:BK47\"\n    goal: \"material:2147483648\"\n  - id: b\n    fen: \"W:W11,23,27,28,43:BK47\"\n    goal: {material: 2147483648}\n",
    );
    let out = expect(&dir, &["validate", &set], 1, "2 problems");
    assert!(out.contains("set.yaml:3: exercise a: goal material:2147483648: the gain must be a whole number from 1 to 60"), "{out}");
    assert!(
        out.contains("set.yaml:6: exercise b: goal material:2147483648"),
        "{out}"
    );
    expect(
        &dir,
        &["worksheet", &set, "--out", "w.html"],
        2,
        "set.yaml:3: exercise a",
    );
    assert!(!dir.join("w.html").exists());
    // The largest goal a board allows is searched, and not proven where it cannot be.
    let out = expect(
        &dir,
        &[
            "solve",
            "start",
            "--goal",
            "material:60",
            "--max-plies",
            "3",
        ],
        0,
        "",
    );
    assert!(!out.contains("reaches the goal"), "{out}");
}

#[test]
fn no_output_replaces_an_input() {
    let dir = temp_dir("inputs");
    let set = write(&dir, "set.yaml", SET);
    for out in ["set.yaml", "./set.yaml", "sub/../set.yaml"] {
        expect(
            &dir,
            &["worksheet", &set, "--out", out],
            2,
            "this file is an input of the run",
        );
        expect(
            &dir,
            &["practice", &set, "--out", out],
            2,
            "this file is an input of the run",
        );
    }
    assert_eq!(std::fs::read_to_string(dir.join("set.yaml")).unwrap(), SET);
    assert!(!dir.join("sub").exists());
    std::fs::hard_link(dir.join("set.yaml"), dir.join("link.yaml")).unwrap();
    expect(
        &dir,
        &["worksheet", &set, "--out", "link.yaml"],
        2,
        "input of the run",
    );
    let games = std::fs::read_to_string(data("mine.pdn")).unwrap();
    write(&dir, "games.pdn", &games);
    expect(
        &dir,
        &["mine", "games.pdn", "--out", "games.pdn"],
        2,
        "games.pdn: this file is an input",
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("games.pdn")).unwrap(),
        games
    );
    // check: an answer file as the report folder's gradebook.
    write(&dir, "r/gradebook.csv", "student,strike\nLi,43-38\n");
    expect(
        &dir,
        &[
            "check",
            "--exercises",
            &set,
            "r/gradebook.csv",
            "--out",
            "r",
        ],
        2,
        "r/gradebook.csv: this file is an input",
    );
    assert!(listing(&dir.join("r")) == ["gradebook.csv"]);
}

#[test]
fn quiz_and_key_may_not_share_a_file() {
    let dir = temp_dir("quiz-key");
    expect(
        &dir,
        &["quiz", "--seed", "7", "--key", "q.html", "--out", "q.html"],
        2,
        "would be the same file",
    );
    expect(
        &dir,
        &[
            "quiz",
            "--seed",
            "7",
            "--key",
            "./q-answers.html",
            "--out",
            "q.html",
        ],
        2,
        "would be the same file",
    );
    assert!(listing(&dir).is_empty());
}

#[test]
fn report_names_stay_apart() {
    let dir = temp_dir("names");
    let set = write(
        &dir,
        "set.yaml",
        "title: T\nexercises:\n  - id: a.b\n    fen: \"W:W11,23,27,28,43:BK47\"\n    goal: win\n  - id: a-b\n    fen: \"W:W11,23,27,28,43:BK47\"\n    goal: win\n",
    );
    write(
        &dir,
        "a/1.yaml",
        "student: summary\nanswers:\n  a.b: 11-6\n  a-b: 11-7\n",
    );
    write(
        &dir,
        "a/2.yaml",
        "student: Summary\nanswers:\n  a.b: 43-38\n",
    );
    write(
        &dir,
        "a/3.yaml",
        "student: gradebook\nanswers:\n  a.b: 43-38\n",
    );
    expect(
        &dir,
        &[
            "check",
            "--exercises",
            &set,
            "a",
            "--out",
            "r",
            "--format",
            "md",
        ],
        0,
        "",
    );
    let files = listing(&dir.join("r"));
    assert_eq!(
        files,
        [
            "Summary-3.md",
            "gradebook-2.md",
            "gradebook.csv",
            "summary-2-diagrams",
            "summary-2.md",
            "summary.md",
        ],
        "{files:?}"
    );
    let summary = std::fs::read_to_string(dir.join("r/summary.md")).unwrap();
    assert!(summary.starts_with("# "), "{summary}");
    assert_eq!(
        listing(&dir.join("r/summary-2-diagrams")),
        ["a-b-2.svg", "a-b.svg"]
    );
}

#[test]
fn a_failed_run_of_several_files_leaves_none() {
    let dir = temp_dir("partial");
    let set = write(&dir, "set.yaml", SET);
    std::fs::create_dir_all(dir.join("sheet-B.html")).unwrap();
    expect(
        &dir,
        &[
            "worksheet",
            &set,
            "--versions",
            "3",
            "--seed",
            "1",
            "--out",
            "sheet.html",
        ],
        2,
        "sheet-B.html is a folder",
    );
    std::fs::create_dir_all(dir.join("q-answers.md")).unwrap();
    expect(
        &dir,
        &["quiz", "--seed", "7", "--format", "md", "--out", "q.md"],
        2,
        "q-answers.md is a folder",
    );
    assert_eq!(listing(&dir), ["q-answers.md", "set.yaml", "sheet-B.html"]);
    // A feedback template that fails for a student: no report at all.
    write(
        &dir,
        "t/feedback.html",
        "{{ student }} {{ items.0.nothing.here }}",
    );
    write(
        &dir,
        "a/li.yaml",
        "student: Li\nanswers:\n  strike: 43-38\n",
    );
    expect(
        &dir,
        &[
            "check",
            "--exercises",
            &set,
            "a",
            "--out",
            "r",
            "--templates",
            "t",
        ],
        2,
        "templates: ",
    );
    assert!(!dir.join("r").exists());
}

#[test]
fn names_and_ids_reach_reports_as_text() {
    let dir = temp_dir("inject");
    let set = write(&dir, "set.yaml", SET);
    write(
        &dir,
        "a/x.yaml",
        "student: \"<script>alert(1)</script> [me](javascript:alert(1))\"\nclass: \"<img src=x onerror=alert(1)>\"\nanswers:\n  strike: 43-38\n  \"<b>q</b>\": x\n",
    );
    write(&dir, "a/y.yaml", "student: \"=HYPERLINK(\\\"http://x\\\",\\\"y\\\")\"\nclass: \"@SUM(A1)\"\nanswers:\n  strike: 43-38\n");
    expect(
        &dir,
        &["check", "--exercises", &set, "a", "--out", "r"],
        0,
        "",
    );
    let summary = std::fs::read_to_string(dir.join("r/summary.md")).unwrap();
    assert!(!summary.contains("<script"), "{summary}");
    assert!(!summary.contains("<img"), "{summary}");
    assert!(!summary.contains("[me](javascript"), "{summary}");
    assert!(summary.contains("&lt;script&gt;"), "{summary}");
    let csv = std::fs::read_to_string(dir.join("r/gradebook.csv")).unwrap();
    assert!(
        csv.contains("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",'@SUM(A1)"),
        "{csv}"
    );
    for report in listing(&dir.join("r"))
        .iter()
        .filter(|n| n.ends_with(".html"))
    {
        let html = std::fs::read_to_string(dir.join("r").join(report)).unwrap();
        assert!(
            !html.contains("<script>alert") && !html.contains("<img src=x"),
            "{report}"
        );
    }
    // A quiz title cannot add a GIFT question.
    expect(
        &dir,
        &[
            "quiz",
            "--seed",
            "7",
            "--format",
            "gift",
            "--out",
            "q.gift",
            "--title",
            "T\n\n::evil::{=x}",
        ],
        0,
        "",
    );
    let gift = std::fs::read_to_string(dir.join("q.gift")).unwrap();
    assert!(!gift.contains("::evil::"), "{}", &gift[..200]);
    assert!(
        gift.starts_with("// T  \\:\\:evil\\:\\:\\{\\=x\\} - damtutor quiz"),
        "{}",
        &gift[..200]
    );
}

#[test]
fn endless_inputs_are_refused_within_the_size_limit() {
    let dir = temp_dir("zero");
    expect(
        &dir,
        &["validate", "/dev/zero"],
        1,
        "/dev/zero: the file is larger than 64 MB",
    );
    expect(
        &dir,
        &["worksheet", "/dev/zero"],
        2,
        "/dev/zero: the file is larger than 64 MB",
    );
    expect(
        &dir,
        &[
            "check",
            "--exercises",
            &data("class/exercises.yaml"),
            "/dev/zero",
        ],
        1,
        "larger than 64 MB",
    );
    expect(
        &dir,
        &[
            "check",
            "--key",
            "/dev/zero",
            &data("class/answers/alice.yaml"),
        ],
        2,
        "larger than 64 MB",
    );
    std::fs::create_dir_all(dir.join("t")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("t/worksheet.html")).unwrap();
    expect(
        &dir,
        &[
            "worksheet",
            &data("worksheet-fixture.yaml"),
            "--templates",
            "t",
        ],
        2,
        "larger than 64 MB",
    );
    // PDN is streamed: an endless line ends the file, endless games end at the time limit.
    expect(
        &dir,
        &["mine", "/dev/zero", "--out", "m.yaml"],
        1,
        "line 1 is longer than 1 MiB: not a PDN file",
    );
    let started = std::time::Instant::now();
    let output = run(
        &dir,
        &[
            "mine",
            "/dev/urandom",
            "--time-limit",
            "2",
            "--out",
            "m.yaml",
        ],
    );
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    assert_eq!(output.status.code(), Some(1));
    assert!(started.elapsed().as_secs() < 60);
    assert_eq!(listing(&dir), ["t"]);
}

#[test]
fn recursive_templates_are_template_errors() {
    let dir = temp_dir("recursion");
    let set = data("worksheet-fixture.yaml");
    for (name, text, says) in [
        ("partials/header.html", "{% include \"partials/header.html\" %}", "partials/header.html -> partials/header.html"),
        ("partials/header.html", "{% include \"partials/loop.html\" %}", "partials/loop.html"),
        ("macros.html", "{% macro exercise(e, labels, answers, layout) %}{{ self::exercise(e=e, labels=labels, answers=answers, layout=layout) }}{% endmacro %}{% macro answer(e, labels) %}{% endmacro %}", "macros.html: exercise -> macros.html: exercise"),
    ] {
        let t = dir.join("t");
        let _ = std::fs::remove_dir_all(&t);
        write(&dir, "t/partials/loop.html", "{% include \"partials/header.html\" %}");
        write(&dir, &format!("t/{name}"), text);
        expect(&dir, &["worksheet", &set, "--templates", "t", "--out", "w.html"], 2, says);
    }
    assert!(!dir.join("w.html").exists());
}

#[test]
fn deep_nesting_is_refused_at_once_with_its_place() {
    let dir = temp_dir("deep");
    let deep = format!(
        "title: T\nexercises: {}{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let set = write(&dir, "deep.yaml", &deep);
    expect(
        &dir,
        &["validate", &set],
        1,
        "deep.yaml:2:76: nested more than 64 levels deep",
    );
    let answers = format!(
        "student: A\nanswers: {}{}\n",
        "{a: ".repeat(50_000),
        "}".repeat(50_000)
    );
    write(&dir, "a.yaml", &answers);
    expect(
        &dir,
        &[
            "check",
            "--exercises",
            &data("class/exercises.yaml"),
            "a.yaml",
        ],
        1,
        "a.yaml:2:",
    );
}

#[test]
fn perft_depth_is_bounded_and_timed() {
    let dir = temp_dir("perft");
    expect(
        &dir,
        &["perft", "start", "--depth", "31"],
        2,
        "31 is not in 1..=30",
    );
    let out = expect(
        &dir,
        &["perft", "start", "--depth", "20", "--time-limit", "1"],
        1,
        "not finished within the time limit (1 s",
    );
    assert!(out.starts_with("perft(1) = 9"), "{out}");
}

#[test]
fn device_outputs_are_devices() {
    let dir = temp_dir("device");
    let set = data("worksheet-fixture.yaml");
    expect(&dir, &["worksheet", &set, "--out", "/dev/null"], 0, "");
    if Path::new("/dev/full").exists() {
        expect(
            &dir,
            &["worksheet", &set, "--out", "/dev/full"],
            2,
            "/dev/full: No space left on device",
        );
        expect(
            &dir,
            &["practice", &set, "--out", "/dev/full"],
            2,
            "/dev/full: No space left on device",
        );
    }
    assert!(!Path::new("/dev/full.html").exists());
    assert!(!Path::new("/dev/null.html").exists());
    expect(
        &dir,
        &[
            "worksheet",
            &set,
            "--out",
            "/dev/null",
            "--answers",
            "separate",
        ],
        2,
        "/dev/null is not a regular file, and this run writes 2 files",
    );
    assert!(!Path::new("/dev/null-answers.html").exists());
    let long = format!("{}.html", "a".repeat(250));
    expect(&dir, &["worksheet", &set, "--out", &long], 0, "");
    assert_eq!(listing(&dir), [long]);
}

#[test]
fn every_yaml_problem_has_its_place() {
    let dir = temp_dir("places");
    for (text, says) in [
        // Flow style.
        ("title: T\nexercises:\n  - {id: a, fen: \"W:W28:B23\", goal: win}\n  - {id: b, fen: \"W:W3\", goal: win}\n", "t.yaml:4: exercise b: invalid position"),
        // A flow list: the list's line.
        ("title: T\nexercises: [{id: a, fen: \"W:W28:B23\"}, {id: b, fen: \"W:W3\"}]\n", "t.yaml:2: exercise b: invalid position"),
        // Anchors and aliases: the alias is the second use of the id.
        ("title: T\nexercises:\n  - &x\n    id: a\n    fen: \"W:W28:B23\"\n  - *x\n", "t.yaml:6: exercise a: the id is used twice"),
        // A tab.
        ("title: T\nexercises:\n\t- id: a\n", "t.yaml:3:1: found character that cannot start any token (a tab: YAML indents with spaces)"),
        // Two documents.
        ("title: T\nexercises:\n  - id: a\n    fen: \"W:W28:B23\"\n---\ntitle: U\n", "t.yaml:5: a second YAML document"),
        // Infinite points.
        ("title: T\nscoring: {points: .inf}\nexercises:\n  - id: a\n    fen: \"W:W28:B23\"\n", "t.yaml:2: scoring: points must be a number above 0 and at most 1000"),
    ] {
        write(&dir, "t.yaml", text);
        let out = expect(&dir, &["validate", "t.yaml"], 1, "problems found");
        assert!(out.contains(says), "{text}\n{out}");
    }
    std::fs::write(
        dir.join("t.yaml"),
        b"title: T\nexercises:\n  - id: a\n    fen: \"W:W28\xff\"\n",
    )
    .unwrap();
    let out = expect(&dir, &["validate", "t.yaml"], 1, "");
    assert!(
        out.contains("t.yaml:4:16: not UTF-8 text (byte 0xff): save the file as UTF-8"),
        "{out}"
    );
    std::fs::write(dir.join("a.yaml"), b"student: \xe6\n").unwrap();
    expect(
        &dir,
        &[
            "check",
            "--exercises",
            &data("class/exercises.yaml"),
            "a.yaml",
        ],
        1,
        "a.yaml:1:10: not UTF-8 text (byte 0xe6)",
    );
    write(&dir, "a.yaml", "student: Li\nanswers:\n  [x]: 43-38\n");
    let exercises = data("class/exercises.yaml");
    expect(
        &dir,
        &["check", "--exercises", &exercises, "a.yaml"],
        1,
        "a.yaml:2: answer id",
    );
    // solve: a folder, and `start` even when a file has that name.
    expect(
        &dir,
        &["solve", &root().join("exercises").display().to_string()],
        2,
        "a folder; solve takes a position or one exercise file",
    );
    write(&dir, "start", "title: not a position\n");
    let out = expect(&dir, &["solve", "start", "--max-plies", "1"], 0, "");
    assert!(out.starts_with("White to play (W:W31,32,"), "{out}");
    // validate: an empty folder is a usage error.
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    expect(
        &dir,
        &["validate", "empty"],
        2,
        "empty: no .yaml exercise files in this folder",
    );
}
