//! The solve and validate commands: JSON contract, messages and exit codes.

use crate::support::cli;

fn damtutor(args: &[&str]) -> (Option<i32>, String, String) {
    cli::damtutor(args).in_crate().outcome()
}

#[test]
fn solve_json_contract() {
    let (code, stdout, _) = damtutor(&["solve", "W:W11,23,27,28,43:BK47", "--json"]);
    assert_eq!(code, Some(0));
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["status"], "win");
    assert_eq!(json["goal"], "win");
    assert_eq!(json["key_moves"], serde_json::json!(["43-38"]));
    // No other first move wins within H = the proof's 2 plies (47x32 is forced, so free) and 4
    // more: proven, and said.
    assert_eq!(json["unique"], true);
    assert_eq!(json["unique_within"], 6);
    assert_eq!(json["goal_choice"]["goal"], "win");
    assert!(json["goal_choice"]["reason"]
        .as_str()
        .unwrap()
        .contains("the strongest goal"));
    assert_eq!(json["book_plies"], 3);
    assert_eq!(json["line"], serde_json::json!(["43-38", "47x32", "28x37"]));
    assert_eq!(json["plies"], 3);
    assert_eq!(json["material_before"]["white"]["men"], 5);
    assert_eq!(json["material_after"]["black"]["kings"], 0);
    assert!(json["motifs"]
        .as_array()
        .unwrap()
        .contains(&"turkish_strike".into()));
    assert!(json["difficulty"]["level"].as_u64().unwrap() >= 1);
    assert!(json["nodes"].as_u64().unwrap() > 0);
    assert!(json.get("millis").is_some());

    let (code, stdout, _) = damtutor(&[
        "solve",
        "W:W27,32,34,38,40,45:B11,12,16,18,23,25",
        "--goal",
        "material:2",
        "--tree",
    ]);
    assert_eq!(code, Some(0));
    assert!(
        stdout.contains("1. 27-22! 18x27 2. 32x21 16x27 3. 34-30 25x34 4. 40x16"),
        "{stdout}"
    );
    assert!(
        stdout.contains("motifs: sacrifice, backward capture, multiple capture, coup Philippe"),
        "{stdout}"
    );
}

#[test]
fn solve_a_file_gives_an_array() {
    let (code, stdout, _) = damtutor(&["solve", "tests/data/validate/good.yaml", "--json"]);
    assert_eq!(code, Some(0));
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let list = json.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["id"], "strike");
    assert_eq!(list[1]["status"], "goal");
    let (code, _, stderr) = damtutor(&["solve", "tests/data/validate/good.yaml", "--id", "nope"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("no exercise has the id 'nope'"), "{stderr}");
}

#[test]
fn solve_rejects_bad_input() {
    let (code, _, stderr) = damtutor(&["solve", "W:W28,3x"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("column 7: '3x'"), "{stderr}");
    let (code, _, stderr) = damtutor(&["solve", "W:W28", "--goal", "material:0"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("material"), "{stderr}");
    let (code, stdout, _) = damtutor(&["solve", "start", "--max-nodes", "20000"]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("unknown"), "{stdout}");
}

#[test]
fn validate_reports_every_problem_with_its_place() {
    let (code, stdout, _) = damtutor(&["validate", "tests/data/validate/good.yaml"]);
    assert_eq!(code, Some(0), "{stdout}");
    // The teacher's coup_royal tag is not what the line shows: a warning, not a failure.
    assert!(stdout.contains("warning: tests/data/validate/good.yaml:12: exercise philippe: the file tags coup_royal"), "{stdout}");
    assert!(
        stdout.contains("2 exercises: 2 proven, 0 failed, 1 warnings"),
        "{stdout}"
    );

    let (code, stdout, _) = damtutor(&[
        "validate",
        "tests/data/validate/bad.yaml",
        "tests/data/validate/typo.yaml",
        "tests/data/validate/good.yaml",
    ]);
    assert_eq!(code, Some(1));
    assert!(
        stdout.contains(
            "error: tests/data/validate/bad.yaml:10: exercise typo: goal 'wni' is not a goal"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "error: tests/data/validate/typo.yaml:5:5: exercises[0]: unknown field `soluton`"
        ),
        "{stdout}"
    );
    // Files after a bad one are still checked.
    assert!(
        stdout.contains("tests/data/validate/good.yaml: 2 exercises, 2 proven"),
        "{stdout}"
    );
}

#[test]
fn validate_checks_solutions_and_wins() {
    let (code, stdout, _) = damtutor(&["validate", "tests/data/validate/bad-solutions.yaml"]);
    assert_eq!(code, Some(1));
    assert!(
        stdout.contains("exercise no-win: no winning move found within 21 plies"),
        "{stdout}"
    );
    assert!(
        stdout.contains("exercise wrong-solution: solution move 1. 28-22 does not force a win"),
        "{stdout}"
    );
}

#[test]
fn a_written_solution_must_go_on_until_the_goal_is_decided() {
    let dir = std::env::temp_dir().join(format!("damtutor-incomplete-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("short.yaml");
    // The coup Philippe written without its decisive capture, 40x16.
    std::fs::write(
        &file,
        "title: T\nexercises:\n  - id: short\n    fen: \"W:W27,32,34,38,40,45:B11,12,16,18,23,25\"\n    goal: \"material:2\"\n    solution: \"27-22 18x27 32x21 16x27 34-30 25x34\"\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let (code, stdout, _) = damtutor(&["validate", path]);
    assert_eq!(code, Some(1));
    assert!(
        stdout.contains("exercise short: the solution stops before the goal is decided (after 3... 25x34, White still has to play for a gain of 2)"),
        "{stdout}"
    );
    // worksheet and practice refuse what validate rejects, with its message, and write nothing.
    let out = dir.join("sheet.html");
    let (code, _, stderr) = damtutor(&["worksheet", path, "--out", out.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains(
            "short.yaml:3: exercise short: the solution stops before the goal is decided"
        ),
        "{stderr}"
    );
    assert!(!out.exists());
    let page = dir.join("page.html");
    let (code, _, stderr) = damtutor(&["practice", path, "--out", page.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("the solution stops before the goal is decided"),
        "{stderr}"
    );
    assert!(!page.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_and_validate_show_the_motifs_of_both_lines() {
    // sh-18: the file's solution and the solver's line are two different gains of three.
    let (code, stdout, _) = damtutor(&["solve", "exercises/02-shots.yaml", "--id", "sh-18"]);
    assert_eq!(code, Some(0));
    assert!(
        stdout.contains(
            "  the file's solution: 1... 23-29! 2. 34x23 25x43 3. 35-30 24x35 4. 28-22 17x28 5. 26x17 43-49\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("  motifs of the file's solution: breakthrough, sacrifice\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  motifs: breakthrough, sacrifice, multiple capture, tempo move\n"),
        "{stdout}"
    );
    let (_, stdout, _) = damtutor(&[
        "solve",
        "exercises/02-shots.yaml",
        "--id",
        "sh-18",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        json[0]["solution"]["motifs"],
        serde_json::json!(["breakthrough", "sacrifice"])
    );
    let (code, stdout, _) = damtutor(&["validate", "exercises/02-shots.yaml"]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.contains("note: exercises/02-shots.yaml:203: exercise sh-18: the file's solution and the solver's line differ: motifs of the solution breakthrough, sacrifice; of the solver's line breakthrough, sacrifice, multi_capture, tempo"),
        "{stdout}"
    );
    // The worksheet prints the teacher's line, which the solver proved, with its motifs, and
    // the gain that holds.
    let dir = std::env::temp_dir().join(format!("damtutor-given-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("shots.md");
    let (code, _, stderr) = damtutor(&[
        "worksheet",
        "exercises/02-shots.yaml",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let sheet = std::fs::read_to_string(&out).unwrap();
    assert!(
        sheet.contains(
            "**1... 23-29! 2. 34x23 25x43 3. 35-30 24x35 4. 28-22 17x28 5. 26x17 43-49** - Black wins material (net +3)."
        ),
        "{sheet}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn auto_says_which_goal_it_chose_and_why() {
    let (code, stdout, _) = damtutor(&["solve", "W:W27,32,34,38,40,45:B11,12,16,18,23,25"]);
    assert_eq!(code, Some(0));
    assert!(
        stdout.contains(
            "  White forces a gain of 2: 1. 27-22! 18x27 2. 32x21 16x27 3. 34-30 25x34 4. 40x16\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "  auto chose material:2: the largest gain proven (no win and no larger gain within "
        ),
        "{stdout}"
    );
}

/// What a teacher reads has no search figures: the nodes searched and the time are printed
/// with `--verbose` only, in either language.
#[test]
fn solve_prints_nodes_only_with_verbose() {
    let position = "W:W11,23,27,28,43:BK47";
    for (lang, nodes) in [("en", " nodes, "), ("zh", " 个节点，")] {
        let (code, plain, _) = damtutor(&["solve", position, "--lang", lang]);
        assert_eq!(code, Some(0));
        assert!(plain.contains("43-38"), "{plain}");
        assert!(!plain.contains(nodes), "{lang}: {plain}");
        let (code, verbose, _) = damtutor(&["solve", position, "--lang", lang, "--verbose"]);
        assert_eq!(code, Some(0));
        assert!(verbose.contains(nodes), "{lang}: {verbose}");
        assert!(verbose.starts_with(plain.trim_end()), "{lang}: {verbose}");
    }
}
