//! The exit code of every kind of error, through the real binary: `main` decides it in one
//! place from what went wrong. 1: the input was understood but rejected, or some items were
//! skipped; 2: usage, a file that does not read or parse, a template.

use crate::support::cli;

use std::path::{Path, PathBuf};

/// Runs `damtutor ARGS` in `dir`; returns the exit code and standard error.
fn run_in(dir: &Path, args: &[&str]) -> (i32, String) {
    let output = cli::run_in(dir, args);
    (
        output.status.code().expect("an exit code"),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn data(name: &str) -> String {
    root().join("tests/data").join(name).display().to_string()
}

/// A fresh empty folder.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("damtutor-errors-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Asserts that `args` exit with `code` and a message containing `says`.
fn fails(dir: &Path, args: &[&str], code: i32, says: &str) {
    let (actual, message) = run_in(dir, args);
    assert_eq!(actual, code, "{args:?}: {message}");
    assert!(message.contains(says), "{args:?}: {message}");
}

#[test]
fn usage_and_unreadable_input_exit_2() {
    let dir = temp_dir("usage");
    // Flags: a value outside a closed set, a bad number, a goal that does not parse.
    fails(
        &dir,
        &["quiz", "--lang", "fr"],
        2,
        "'fr' is not a language: use en or zh",
    );
    fails(
        &dir,
        &["worksheet", "--answers", "later"],
        2,
        "is not a place for the answers",
    );
    fails(
        &dir,
        &["perft", "start", "--depth", "0"],
        2,
        "0 is not in 1..=30",
    );
    // A file that cannot be opened, in validate as in every command; the other files are
    // still reported.
    let good = data("validate/good.yaml");
    fails(
        &dir,
        &["validate", &good, "missing.yaml"],
        2,
        "missing.yaml: ",
    );
    fails(
        &dir,
        &["solve", "start", "--goal", "draw"],
        2,
        "'draw' is not a goal",
    );
    // A file that cannot be read, an exercise file that does not parse.
    fails(
        &dir,
        &["mine", "nowhere.pdn", "--out", "x.yaml"],
        2,
        "nowhere.pdn: ",
    );
    fails(
        &dir,
        &["solve", &data("validate/typo.yaml")],
        2,
        "typo.yaml:5",
    );
    // A FEN and a move that are not text of their kind.
    fails(&dir, &["show", "W:W28,3x"], 2, "'3x'");
    fails(&dir, &["play", "start", "3x"], 2, "move 1 (3x)");
    // A template that does not parse, a quiz key that does not read.
    std::fs::write(dir.join("worksheet.html"), "{% if %}").unwrap();
    fails(
        &dir,
        &[
            "worksheet",
            &data("worksheet-fixture.yaml"),
            "--templates",
            ".",
        ],
        2,
        "templates: ",
    );
    fails(
        &dir,
        &[
            "check",
            "--key",
            "nokey.json",
            &data("class/answers/alice.yaml"),
        ],
        2,
        "nokey.json",
    );
    // Nothing was written by any of them.
    let written: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(written.len(), 1, "{written:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rejected_input_and_skipped_items_exit_1() {
    let dir = temp_dir("rejected");
    // A position that cannot stand on the board, a move the rules forbid.
    fails(&dir, &["show", "W:W3"], 1, "promotion row");
    fails(
        &dir,
        &["play", "W:W28,32:B23", "32-27"],
        1,
        "capture is compulsory",
    );
    // Nothing to check a line against; no question fits.
    fails(
        &dir,
        &["check-line", "W:WK46:BK5", "46-41"],
        1,
        "no proven solution",
    );
    fails(
        &dir,
        &["quiz", "--topics", "board", "--types", "diagram"],
        1,
        "no question fits",
    );
    // One answer file of four does not read: the others are marked, the exit code says so.
    fails(
        &dir,
        &[
            "check",
            "--exercises",
            &data("class/exercises.yaml"),
            &data("class/answers"),
            "--out",
            "report",
        ],
        1,
        "1 answer file(s) could not be read; the others were marked",
    );
    assert!(dir.join("report/gradebook.csv").is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}
