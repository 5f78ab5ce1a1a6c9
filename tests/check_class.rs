//! Marking a class: known marks for a fixture class, bad files reported while the others are
//! still marked, and the gradebook written.

use std::process::Command;

fn damtutor(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_damtutor"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

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
    let expected = "\
student,class,file,strike,two-keys,philippe,total,max,percent
Alice,5B,tests/data/class/answers/alice.yaml,2,2,2,6,6,100
Bob,5B,tests/data/class/answers/bob.yaml,1,0,0,1,6,16.67
Carol,5C,tests/data/class/answers/carol.yaml,0,0,0,0,6,0
";
    assert_eq!(csv, expected);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("line 6: no exercise has the id 'bonus'"),
        "{stdout}"
    );
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        summary.contains("| strike | 1 / 3 | 3 | 33% | 1 / 2 |"),
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
