//! Marking a class: known marks for a fixture class, bad files reported while the others are
//! still marked, and the gradebook written.

use crate::support::cli;

use cli::run_in_crate as damtutor;

#[test]
fn a_class_gets_known_marks() {
    let out = std::env::temp_dir().join(format!("damtutor-class-{}", std::process::id()));
    let output = damtutor(&[
        "check",
        "--exercises",
        "tests/data/class/exercises.yaml",
        "tests/data/class/answers",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // The broken file is reported with its place, and the run still marks the others.
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("tests/data/class/answers/broken.yaml:5:1:"),
        "{stderr}"
    );
    let csv = std::fs::read_to_string(out.join("gradebook.csv")).unwrap();
    // With a byte order mark, for Excel.
    let expected = "\u{feff}\
student,class,file,strike,two-keys,philippe,total,max,percent
Alice,5B,tests/data/class/answers/alice.yaml,2,2,2,6,6,100
Bob,5B,tests/data/class/answers/bob.yaml,1,0,0,1,6,16.67
Carol,5C,tests/data/class/answers/carol.yaml,?,0,0,0,4,0
";
    assert_eq!(csv, expected);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("line 6: no exercise has the id 'bonus'"),
        "{stdout}"
    );
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        // Carol's 28-22 cannot be judged within the limits: not marked, so not counted.
        summary.contains("| strike | 1 / 2 | 2 | 50% | 1.5 / 2 |"),
        "{summary}"
    );
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn bad_exercise_file_stops_before_marking() {
    let output = damtutor(&[
        "check",
        "--exercises",
        "tests/data/class/answers/alice.yaml",
        "tests/data/class/answers",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("alice.yaml:1:1: unknown field `student`"),
        "{stderr}"
    );
}

#[test]
fn a_class_marked_against_a_quiz_key() {
    let dir = std::env::temp_dir().join(format!("damtutor-quizclass-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("answers")).unwrap();
    let key_path = dir.join("key.json");
    let output = damtutor(&[
        "quiz",
        "--count",
        "6",
        "--seed",
        "5",
        "--types",
        "single,multi,blank",
        "--out",
        dir.join("quiz.html").to_str().unwrap(),
        "--key",
        key_path.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let key: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&key_path).unwrap()).unwrap();
    let questions = key["questions"].as_array().unwrap();
    let total = key["total_points"].as_u64().unwrap();
    // Ann writes the key's answers; Ben answers "A" everywhere.
    let mut ann = String::from("student: Ann\nanswers:\n");
    let mut ben = String::from("student: Ben\nanswers:\n");
    for q in questions {
        ann.push_str(&format!(
            "  {}: {}\n",
            q["id"].as_str().unwrap(),
            q["answer"]
        ));
        ben.push_str(&format!("  {}: \"A\"\n", q["id"].as_str().unwrap()));
    }
    std::fs::write(dir.join("answers/ann.yaml"), ann).unwrap();
    std::fs::write(dir.join("answers/ben.yaml"), ben).unwrap();
    let out = dir.join("report");
    let output = damtutor(&[
        "check",
        "--key",
        key_path.to_str().unwrap(),
        dir.join("answers").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let csv = std::fs::read_to_string(out.join("gradebook.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert!(rows[1].starts_with("Ann,"), "{csv}");
    assert!(rows[1].ends_with(&format!(",{total},{total},100")), "{csv}");
    assert!(rows[2].starts_with("Ben,"), "{csv}");
    assert!(out.join("Ann.html").exists() && out.join("Ben.html").exists());
    std::fs::remove_dir_all(&dir).ok();
}

// ---------------------------------------------------------------------------------------------
// A class in one sheet (CSV), and what a Chinese class reads.

/// `damtutor check ARGS --out DIR` in the crate's folder: exit code, stdout, stderr.
fn check_into(out: &std::path::Path, args: &[&str]) -> (Option<i32>, String, String) {
    let mut all: Vec<&str> = vec!["check"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", out.to_str().unwrap()]);
    let output = damtutor(&all);
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn fresh(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("damtutor-sheet-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_class_in_one_sheet_gets_the_marks_of_its_answer_files() {
    // sheet.csv holds the three students of answers/ as Excel saves them: a byte order mark,
    // CRLF, quoted cells with commas, doubled quotes and a line break, full-width digits.
    let out = fresh("csv");
    let (code, stdout, stderr) = check_into(
        &out,
        &[
            "--exercises",
            "tests/data/class/exercises.yaml",
            "tests/data/class/sheet.csv",
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let csv = std::fs::read_to_string(out.join("gradebook.csv")).unwrap();
    assert_eq!(
        csv,
        "\u{feff}student,class,file,strike,two-keys,philippe,total,max,percent\n\
         Alice,5B,\"tests/data/class/sheet.csv, row 2\",2,2,2,6,6,100\n\
         \"Bob \"\"the brave\"\" Lee\",5B,\"tests/data/class/sheet.csv, row 3\",1,0,0,1,6,16.67\n\
         Carol,5C,\"tests/data/class/sheet.csv, row 4\",?,0,0,0,4,0\n"
    );
    assert!(
        stdout.contains("strike:part two-keys:- philippe:wrong"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn exercises_are_read_from_a_folder_as_from_their_files() {
    // The term's sets in a folder, one of them in a sub-folder: marked as with the file named.
    let sets = fresh("sets");
    std::fs::create_dir_all(sets.join("week-1")).unwrap();
    std::fs::copy(
        "tests/data/class/exercises.yaml",
        sets.join("week-1/exercises.yaml"),
    )
    .unwrap();
    let (by_file, by_folder) = (fresh("by-file"), fresh("by-folder"));
    let sheet = "tests/data/class/sheet.csv";
    let file = "tests/data/class/exercises.yaml";
    let (code, _, stderr) = check_into(&by_file, &["--exercises", file, sheet]);
    assert_eq!(code, Some(0), "{stderr}");
    let folder = sets.to_str().unwrap();
    let (code, stdout, stderr) = check_into(&by_folder, &["--exercises", folder, sheet]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("all 3 exercises marked"), "{stdout}");
    let gradebook = |dir: &std::path::Path| std::fs::read_to_string(dir.join("gradebook.csv"));
    assert_eq!(gradebook(&by_folder).unwrap(), gradebook(&by_file).unwrap());
    // A folder without an exercise file is a usage error that names it; nothing is written.
    let empty = fresh("no-sets");
    std::fs::create_dir_all(&empty).unwrap();
    let out = fresh("empty-out");
    let (code, _, stderr) = check_into(&out, &["--exercises", empty.to_str().unwrap(), sheet]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains(empty.to_str().unwrap()), "{stderr}");
    assert!(!out.exists());
    for dir in [sets, by_file, by_folder, empty] {
        std::fs::remove_dir_all(dir).ok();
    }
}

#[test]
fn bad_rows_and_columns_of_a_sheet_are_located_and_the_others_marked() {
    let out = fresh("bad");
    let (code, stdout, stderr) = check_into(
        &out,
        &[
            "--exercises",
            "tests/data/class/exercises.yaml",
            "tests/data/class/bad.csv",
        ],
    );
    assert_eq!(code, Some(1), "{stdout}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines,
        [
            "damtutor: tests/data/class/bad.csv: row 1, column C (bonus): no exercise has the id 'bonus'; this column is not marked",
            "damtutor: tests/data/class/bad.csv: row 4, column A: Ann is already on row 2; this row is not marked",
            "damtutor: tests/data/class/bad.csv: row 5, column E: 6 cells, but the first row names 4 columns (a comma inside an answer needs quotes around the cell); this student is not marked",
            "damtutor: 3 problem(s) in the class sheet(s); the other students were marked",
        ]
    );
    let csv = std::fs::read_to_string(out.join("gradebook.csv")).unwrap();
    let students: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|row| row.split(',').next().unwrap())
        .collect();
    assert_eq!(students, ["Ann", "Ben", "Dee"]);
    assert!(
        // The sheet has no column for two-keys: it is not marked (not a zero out of 2).
        csv.contains("\nAnn,,\"tests/data/class/bad.csv, row 2\",2,2,4,4,100\n"),
        "{csv}"
    );
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn a_sheet_is_known_by_its_name_or_its_first_row_and_other_text_is_explained() {
    let dir = fresh("kinds");
    std::fs::create_dir_all(dir.join("answers")).unwrap();
    // A sheet saved as .txt, beside a YAML file, in a folder; a note that is neither.
    let sheet = std::fs::read("tests/data/class/sheet-zh.csv").unwrap();
    std::fs::write(dir.join("answers/class.txt"), &sheet).unwrap();
    std::fs::copy(
        "tests/data/class/sheet-zh.csv",
        dir.join("answers/class-5-2.CSV"),
    )
    .unwrap();
    std::fs::write(dir.join("notes.yaml"), "Li Ming, 43-38\n").unwrap();
    let out = dir.join("report");
    let (code, stdout, stderr) = check_into(
        &out,
        &[
            "--exercises",
            "tests/data/class/exercises.yaml",
            dir.join("answers").to_str().unwrap(),
            dir.join("answers/class.txt").to_str().unwrap(),
            dir.join("notes.yaml").to_str().unwrap(),
        ],
    );
    assert_eq!(code, Some(1), "{stdout}");
    assert!(!stderr.contains("RawSheet"), "{stderr}");
    assert!(
        stderr.contains("notes.yaml:1:1: not an answer file: give student: and answers: (YAML), or a CSV sheet whose first column is headed student or 姓名 (this student is not marked)"),
        "{stderr}"
    );
    // The folder's .CSV sheet and the .txt sheet: three students each.
    let csv = std::fs::read_to_string(out.join("gradebook.csv")).unwrap();
    assert_eq!(csv.lines().count(), 7, "{csv}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_quiz_marked_from_one_sheet() {
    let dir = fresh("quiz");
    std::fs::create_dir_all(&dir).unwrap();
    let key_path = dir.join("key.json");
    let output = damtutor(&[
        "quiz",
        "--count",
        "4",
        "--seed",
        "3",
        "--types",
        "single,multi",
        "--out",
        dir.join("quiz.html").to_str().unwrap(),
        "--key",
        key_path.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    let key: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&key_path).unwrap()).unwrap();
    let questions = key["questions"].as_array().unwrap();
    let ids: Vec<&str> = questions
        .iter()
        .map(|q| q["id"].as_str().unwrap())
        .collect();
    let answers: Vec<String> = questions
        .iter()
        .map(|q| {
            let letters: Vec<&str> = q["answer"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap())
                .collect();
            format!("\"{}\"", letters.join(","))
        })
        .collect();
    let sheet = format!(
        "姓名,{},q99\n李明,{},A\n王芳,{}\n",
        ids.join(","),
        answers.join(","),
        vec!["A"; ids.len()].join(",")
    );
    std::fs::write(dir.join("class.csv"), sheet).unwrap();
    let out = dir.join("report");
    let (code, _, stderr) = check_into(
        &out,
        &[
            "--key",
            key_path.to_str().unwrap(),
            dir.join("class.csv").to_str().unwrap(),
        ],
    );
    assert_eq!(code, Some(1), "{stderr}");
    let column = (b'A' + ids.len() as u8 + 1) as char;
    assert!(
        stderr.contains(&format!(
            "class.csv: row 1, column {column} (q99): the key has no question 'q99'; this column is not marked"
        )),
        "{stderr}"
    );
    let csv = std::fs::read_to_string(out.join("gradebook.csv")).unwrap();
    let total = key["total_points"].as_u64().unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert!(rows[1].starts_with("李明,"), "{csv}");
    assert!(rows[1].ends_with(&format!(",{total},{total},100")), "{csv}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_chinese_class_reads_chinese_throughout() {
    let out = fresh("zh");
    let (code, stdout, stderr) = check_into(
        &out,
        &[
            "--exercises",
            "tests/data/class/exercises-zh.yaml",
            "tests/data/class/sheet-zh.csv",
            "--format",
            "md",
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let stdout = stdout.replace(out.to_str().unwrap(), "REPORT");
    let read = |name: &str| std::fs::read_to_string(out.join(name)).unwrap();
    // The one who found the other key is told so; the wrong move is numbered as in a book.
    let li = read("李明.md");
    assert!(
        li.contains("正确：你走的 8-3 也能取胜；参考答案是 1. 32-27 48x32 2. 38x27。"),
        "{li}"
    );
    let ouyang = read("欧阳娜娜.md");
    assert!(
        ouyang.contains("第 3 回合白方 34-29 不能确保净得 2 子"),
        "{ouyang}"
    );
    insta::assert_snapshot!("class_console_zh", stdout);
    insta::assert_snapshot!("class_summary_zh", read("summary.md"));
    insta::assert_snapshot!("class_gradebook_zh", read("gradebook.csv"));
    insta::assert_snapshot!(
        "class_feedback_zh",
        format!("{li}\n---\n{ouyang}\n---\n{}", read("王芳.md"))
    );
    std::fs::remove_dir_all(&out).ok();
}

/// The first `<svg>...</svg>` of `text`.
fn first_svg(text: &str) -> &str {
    let start = text.find("<svg").expect("a diagram");
    let end = start + text[start..].find("</svg>").expect("the diagram's end");
    &text[start..end]
}

/// The dark squares a diagram draws (one `z`-closed square each in the board's path) and its
/// pieces as `square:piece`, sorted.
fn squares_and_pieces(svg: &str) -> (usize, Vec<String>) {
    let path = svg.split("<path").nth(1).expect("the dark squares");
    let d = path
        .split("d=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let squares = d.matches('z').count();
    let mut pieces: Vec<String> = svg
        .split("data-square=\"")
        .skip(1)
        .map(|rest| {
            let square = rest.split('"').next().unwrap();
            let piece = rest
                .split("data-piece=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            format!("{square}:{piece}")
        })
        .collect();
    pieces.sort();
    (squares, pieces)
}

#[test]
fn an_8x8_exercise_gets_an_8x8_feedback_diagram_in_html_and_markdown() {
    // b64-01 (white b2, b4, c3; black b6, f6): after 1. b4-c5 b6xd4 the faulty 2. c3xe5 is
    // played from white b2, c3 against black d4, f6 - squares 25, 22 and 18, 11 of the 64-square
    // board, which has 32 dark squares (the 10x10 board of the bug had 50).
    let dir = fresh("8x8");
    std::fs::create_dir_all(&dir).unwrap();
    let sheet = dir.join("s.csv");
    std::fs::write(&sheet, "姓名,b64-01\n小明,b4-c5 b6xd4 c3xe5\n").unwrap();
    let want = vec!["11:bm", "18:bm", "22:wm", "25:wm"];
    for format in ["html", "md"] {
        let out = dir.join(format);
        let (code, stdout, stderr) = check_into(
            &out,
            &[
                "--exercises",
                "exercises/04-64-shots-zh.yaml",
                sheet.to_str().unwrap(),
                "--format",
                format,
            ],
        );
        assert_eq!(code, Some(0), "{stdout}{stderr}");
        let svg = if format == "html" {
            std::fs::read_to_string(out.join("小明.html")).unwrap()
        } else {
            std::fs::read_to_string(out.join("小明-diagrams/b64-01.svg")).unwrap()
        };
        let (squares, pieces) = squares_and_pieces(first_svg(&svg));
        assert_eq!(squares, 32, "{format}: {svg}");
        assert_eq!(pieces, want, "{format}");
        // Squares named as on the 64-square board (a1..h8), not numbered 1-50.
        assert!(first_svg(&svg).contains(">b8</text>"), "{format}");
        assert!(!first_svg(&svg).contains(">50</text>"), "{format}");
    }
}

#[test]
fn full_width_moves_are_read_and_non_answers_are_unreadable_in_report_and_console_alike() {
    // A Chinese input method types letters, digits, dashes, x and spaces full width; "不会" and
    // "42" hold no move: "无法识别", 0 points, and the console says 错 (not 半对 or 违例).
    let dir = fresh("width");
    std::fs::create_dir_all(&dir).unwrap();
    let sheet = dir.join("s.csv");
    std::fs::write(
        &sheet,
        "姓名,b64-01,b64-02,b64-03\n小明,ｂ４－ｃ５　ｂ６ｘｄ４　Ｃ３×ｅ５ｘｇ７,不会,42\n",
    )
    .unwrap();
    let out = dir.join("out");
    let (code, stdout, stderr) = check_into(
        &out,
        &[
            "--exercises",
            "exercises/04-64-shots-zh.yaml",
            sheet.to_str().unwrap(),
        ],
    );
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let row = stdout.lines().next().unwrap();
    // Marked on the three exercises the sheet has columns for.
    assert!(row.contains("1 / 3"), "{row}");
    assert!(row.contains("b64-01：对"), "{row}");
    assert!(row.contains("b64-02：错"), "{row}");
    assert!(row.contains("b64-03：错"), "{row}");
    let report = std::fs::read_to_string(out.join("小明.html")).unwrap();
    assert!(!report.contains("违例"), "{report}");
    assert!(report.contains("无法识别：“不会”不是着法"), "{report}");
    assert!(report.contains("无法识别：“42”不是着法"), "{report}");
}

#[test]
fn a_capture_stopped_half_way_is_said_so_with_the_full_capture_in_the_games_notation() {
    // Brazilian (majority rule): 吃子必须吃完，能多吃必多吃 and c3xe5xg7; Russian (no majority
    // rule): 吃子必须吃完 and a5:c3:e5:g3, the student's move in the same notation (a5:c3).
    let dir = fresh("unfinished");
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        (
            "exercises/04-64-shots-zh.yaml",
            "姓名,b64-01\n小明,b4-c5 b6xd4 c3xe5\n",
            "第 2 回合白方 c3xe5 不合规则（吃子必须吃完，能多吃必多吃：c3xe5xg7）",
        ),
        (
            "exercises/05-russian-zh.yaml",
            "姓名,ru-01\n小明,b4-c5 d6:b4 a5:c3\n",
            "第 2 回合白方 a5:c3 不合规则（吃子必须吃完：a5:c3:e5:g3）",
        ),
    ];
    for (n, (exercises, csv, want)) in cases.into_iter().enumerate() {
        let sheet = dir.join(format!("s{n}.csv"));
        std::fs::write(&sheet, csv).unwrap();
        let out = dir.join(format!("out{n}"));
        let (code, stdout, stderr) =
            check_into(&out, &["--exercises", exercises, sheet.to_str().unwrap()]);
        assert_eq!(code, Some(0), "{stdout}{stderr}");
        let report = std::fs::read_to_string(out.join("小明.html")).unwrap();
        assert!(report.contains(want), "{report}");
        assert!(!report.contains("有吃必吃"), "{report}");
    }
}

#[test]
fn a_sheet_naming_some_exercises_is_marked_on_those_only() {
    // A class sheet with a column for `strike` only, beside Alice's own file (every exercise):
    // Dan is marked out of strike's 2 points, not out of the set's 6.
    let dir = std::env::temp_dir().join(format!("damtutor-some-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sheet = dir.join("strike.csv");
    std::fs::write(&sheet, "student,strike\nDan,1. 43-38 47x32 2. 28x37\n").unwrap();
    let out = dir.join("report");
    let output = damtutor(&[
        "check",
        "--exercises",
        "tests/data/class/exercises.yaml",
        "tests/data/class/answers/alice.yaml",
        sheet.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let csv = std::fs::read_to_string(out.join("gradebook.csv")).unwrap();
    let file = sheet.to_str().unwrap();
    assert_eq!(
        csv,
        format!(
            "\u{feff}student,class,file,strike,two-keys,philippe,total,max,percent\n\
             Alice,5B,tests/data/class/answers/alice.yaml,2,2,2,6,6,100\n\
             Dan,,\"{file}, row 2\",2,,,2,2,100\n"
        )
    );
    // Only the students asked count in a question's figures.
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        summary.contains("| strike | 2 / 2 | 2 | 100% |"),
        "{summary}"
    );
    assert!(
        summary.contains("| philippe | 1 / 1 | 1 | 100% |"),
        "{summary}"
    );
    let report = std::fs::read_to_string(out.join("Dan.html")).unwrap();
    assert!(!report.contains("philippe"), "{report}");
    assert!(stdout.contains("all 3 exercises marked"), "{stdout}");
    // The sheet alone: 1 of the 3 exercises marked, said on the console.
    let output = damtutor(&[
        "check",
        "--exercises",
        "tests/data/class/exercises.yaml",
        sheet.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("Dan") && stdout.contains("2 / 2"),
        "{stdout}"
    );
    assert!(
        stdout.contains("1 of the 3 exercises marked: the ones the class sheets have columns for"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
