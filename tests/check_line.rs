//! Checking students' lines: each verdict on real combinations, and the CLI contract.

use damtutor::check::{check_line, Verdict};
use damtutor::solver::{Goal, Limits, Solver};
use damtutor::Position;
use std::process::Command;

const PHILIPPE: &str = "W:W27,32,34,38,40,45:B11,12,16,18,23,25";
const TURKISH: &str = "W:W8,14,32,38,43:BK48";

fn check(fen: &str, line: &str) -> damtutor::check::LineCheck {
    let position: Position = fen.parse().unwrap();
    check_line(
        &mut Solver::new(),
        &position,
        line,
        Goal::Auto,
        None,
        Limits::default(),
    )
    .unwrap()
}

#[test]
fn correct_in_many_spellings() {
    for line in [
        "1. 27-22 18x27 2. 32x21 16x27 3. 34-30 25x34 4. 40x16",
        "27-22 32x21 34-30 40x16",
        "1.27-22 (18x27) 2.32x21 (16x27) 3.34-30 (25x34) 4.40x16",
        "２７－２２　１８×２７　３２×２１　１６×２７　３４－３０　２５×３４　４０×１６",
        "27—22, 18×27, 32×21, 16×27, 34—30, 25×34, 40x29x18x7x16",
    ] {
        let result = check(PHILIPPE, line);
        assert_eq!(
            result.verdict,
            Verdict::Correct,
            "{line}: {}",
            result.message
        );
        assert!(result.accepted && result.key_right);
        assert_eq!(result.line.len(), 7, "{line}");
    }
    let filled = check(PHILIPPE, "27-22 32x21 34-30 40x16");
    assert_eq!(filled.filled, [1, 3, 5]);
}

#[test]
fn alternative_key_is_accepted_and_said_so() {
    // 8-3 also wins: crown the man, then the king does the work.
    let start: Position = TURKISH.parse().unwrap();
    let crowned = start.parse_move("8-3").unwrap();
    let after = start.play_unchecked(&crowned);
    let reply = after.legal_moves()[0];
    let position = after.play_unchecked(&reply);
    let rest = Solver::new().solve(&position, Goal::Win, Limits::default());
    assert!(rest.is_solved());
    let line = format!(
        "8-3 {} {}",
        after.move_text(&reply),
        rest.line_texts().join(" ")
    );
    let result = check(TURKISH, &line);
    assert_eq!(
        result.verdict,
        Verdict::Alternative,
        "{line}: {}",
        result.message
    );
    assert!(result.accepted);
    assert!(result.message.contains("32-27"), "{}", result.message);
}

#[test]
fn incomplete_wrong_and_illegal() {
    let result = check(PHILIPPE, "27-22 18x27 32x21");
    assert_eq!(result.verdict, Verdict::Incomplete);
    assert!(result.key_right && !result.accepted);

    let result = check(PHILIPPE, "27-22 18x27 32x21 16x27 34-29");
    assert_eq!(result.verdict, Verdict::Wrong);
    let error = result.first_error.unwrap();
    assert_eq!((error.ply, error.text.as_str()), (5, "34-29"));
    assert_eq!(error.refutation, ["23x34", "40x29"]);

    let result = check(PHILIPPE, "34-30");
    assert_eq!(result.verdict, Verdict::Wrong);
    let error = result.first_error.unwrap();
    assert_eq!(error.refutation[0], "25x34");
    assert!(
        error.reason.contains("White loses 1 man"),
        "{}",
        error.reason
    );

    let result = check(PHILIPPE, "27-22 18x27 38-33");
    assert_eq!(result.verdict, Verdict::Illegal);
    let error = result.first_error.unwrap();
    assert_eq!(error.ply, 3);
    assert_eq!(error.reason, "capture is compulsory: 32x21");

    let result = check(PHILIPPE, "27-22 18x27 32/21");
    assert_eq!(result.verdict, Verdict::Illegal);
}

#[test]
fn cli_prints_the_json_contract() {
    let output = Command::new(env!("CARGO_BIN_EXE_damtutor"))
        .args([
            "check-line",
            PHILIPPE,
            "27-22 18x27 32x21 16x27 34-29",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["verdict"], "wrong");
    assert_eq!(json["accepted"], false);
    assert_eq!(json["first_error"]["ply"], 5);
    assert_eq!(json["first_error"]["move"], "34-29");
    assert_eq!(json["first_error"]["refutation"][0], "23x34");
    assert_eq!(json["line"].as_array().unwrap().len(), 5);

    let output = Command::new(env!("CARGO_BIN_EXE_damtutor"))
        .args(["check-line", "W:WK46:BK5", "46-41"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no proven solution"));
}
