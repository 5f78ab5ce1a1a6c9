//! The solve and validate commands: JSON contract, messages and exit codes.

use std::process::Command;

fn damtutor(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_damtutor"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn solve_json_contract() {
    let (code, stdout, _) = damtutor(&["solve", "W:W11,23,27,28,43:BK47", "--json"]);
    assert_eq!(code, Some(0));
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["status"], "win");
    assert_eq!(json["goal"], "win");
    assert_eq!(json["key_moves"], serde_json::json!(["43-38"]));
    assert_eq!(json["unique"], true);
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
        stdout.contains("exercise no-win: no forced win within 21 plies"),
        "{stdout}"
    );
    assert!(
        stdout.contains("exercise wrong-solution: solution move 1. 28-22 does not force a win"),
        "{stdout}"
    );
}
