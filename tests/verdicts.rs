//! Verdicts are proven or they are `unknown`: a winning line that gives material first is
//! accepted without `--goal`; a move the solver cannot judge within its limits is `unknown`,
//! never `wrong`, and is not marked - in check-line, in a class's gradebook and in quiz scoring,
//! in English and in Chinese; a proven refutation is still `wrong`.

use crate::support::cli;
use cli::run_in_crate as damtutor;

use damtutor::check::{check_line, score, AnswerValue, Verdict};
use damtutor::quiz::Key;
use damtutor::solver::{Goal, Limits, Solver};
use damtutor::{English, International, Position};
use std::collections::BTreeMap;
use std::time::Duration;

/// A published solution that wins the game by giving a man first (11-7 26x37): the solver's
/// best within its budget is a gain of one man, found by another key.
const GIVES_FIRST: &str = "W:W11,28,37,38,49:B13,18,26,29,43";
const WINNING_LINE: &str =
    "37-31 43x23 11-7 26x37 7-2 18-22 2x18 23x12 49-43 12-17 43-38 17-21 38-32 21-26 32-27";

/// English checkers, six black men against one white man, the "win_line" diagram question of
/// `damtutor quiz --variant english --diagram 3 --seed 1` (q2): 1... 4-8 wins within 11 plies;
/// other first moves such as 1... 1-5 win too, but only further off (check-line proves 1-5 with
/// `--max-plies 41`).
const SIX_AGAINST_ONE: &str = "B:W24:B1,4,14,17,25,28";

fn json(output: &std::process::Output) -> serde_json::Value {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn a_winning_line_that_gives_material_first_is_accepted_without_a_goal() {
    let auto = json(&damtutor(&[
        "check-line",
        GIVES_FIRST,
        WINNING_LINE,
        "--json",
    ]));
    assert_eq!(auto["verdict"], "correct", "{auto}");
    assert_eq!(auto["accepted"], true);
    // With the default budget the solver proves a material gain with this very line (the last
    // black man taken after it): the line follows its proof.
    let goal = auto["goal"].as_str().unwrap();
    assert!(goal.starts_with("material:"), "{auto}");
    assert_eq!(auto["key_right"], true);
    // With a budget too small to prove anything, the line is checked against the stronger
    // goal it reaches: the win, and it is right (not "wrong", not "alternative" to nothing).
    let small = json(&damtutor(&[
        "check-line",
        GIVES_FIRST,
        WINNING_LINE,
        "--max-nodes",
        "300000",
        "--json",
    ]));
    assert_eq!(small["verdict"], "correct", "{small}");
    assert_eq!(small["goal"], "win");
    assert_eq!(small["message"], "Correct. Then (26-31) 27x36 wins.");
    let win = json(&damtutor(&[
        "check-line",
        GIVES_FIRST,
        WINNING_LINE,
        "--goal",
        "win",
        "--json",
    ]));
    assert_eq!(win["verdict"], "correct", "{win}");
    // The solver's own goal here is the gain of a man.
    let solved = damtutor(&["solve", GIVES_FIRST]);
    let text = String::from_utf8_lossy(&solved.stdout);
    assert!(text.contains("White forces a gain of"), "{text}");
}

#[test]
fn a_move_deep_in_a_line_gets_the_whole_horizon_after_it() {
    // 2. 11-7 is the line's third ply; the gain after it comes only with the win, 12 plies on:
    // more than the solver's own 8-ply line leaves (and six plies more), but within
    // `max-plies` counted from the move itself.
    let cut = json(&damtutor(&[
        "check-line",
        GIVES_FIRST,
        "37-31 43x23 11-7",
        "--goal",
        "material:1",
        "--json",
    ]));
    assert_eq!(cut["verdict"], "incomplete", "{cut}");
    let whole = json(&damtutor(&[
        "check-line",
        GIVES_FIRST,
        WINNING_LINE,
        "--goal",
        "material:1",
        "--json",
    ]));
    // The solver's own proof of material:1 is this line.
    assert_eq!(whole["verdict"], "correct", "{whole}");
}

#[test]
fn a_proven_refutation_is_still_wrong() {
    // 28-22 hands Black a capture of two men, 43x41, and the gain holds.
    let result = json(&damtutor(&["check-line", GIVES_FIRST, "28-22", "--json"]));
    assert_eq!(result["verdict"], "wrong", "{result}");
    assert_eq!(result["first_error"]["refutation"][0], "43x41");
    assert!(result["unjudged"].is_null());
    let message = result["message"].as_str().unwrap();
    assert!(message.contains("White loses 2 men"), "{message}");
}

#[test]
fn a_line_cut_by_the_node_limit_is_unknown_never_wrong() {
    for line in ["28-22", "37-31 43x23 11-7", WINNING_LINE] {
        let output = damtutor(&[
            "check-line",
            GIVES_FIRST,
            line,
            "--max-nodes",
            "1000",
            "--json",
        ]);
        let result = json(&output);
        assert_eq!(result["verdict"], "unknown", "{line}: {result}");
        assert_eq!(result["accepted"], false);
        assert!(result["first_error"].is_null(), "{result}");
    }
    // In words: English and Chinese.
    let output = damtutor(&["check-line", GIVES_FIRST, "28-22", "--max-nodes", "1000"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("Cannot judge within the limits - the teacher decides: "),
        "{text}"
    );
    assert!(!text.contains("Wrong"), "{text}");
    let output = damtutor(&[
        "check-line",
        GIVES_FIRST,
        "28-22",
        "--max-nodes",
        "1000",
        "--lang",
        "zh",
    ]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("无法在限定内判断（请老师判断）："),
        "{text}"
    );
}

#[test]
fn a_line_cut_by_the_time_limit_is_unknown_never_wrong() {
    let start: Position<International> = GIVES_FIRST.parse().unwrap();
    let limits = Limits {
        time_limit: Duration::from_millis(1),
        ..Limits::default()
    };
    for line in ["28-22", "37-31 43x23 11-7", WINNING_LINE] {
        let check = check_line(&mut Solver::new(), &start, line, Goal::Auto, None, limits).unwrap();
        assert_eq!(check.verdict, Verdict::Unknown, "{line}: {}", check.message);
        assert!(check.first_error.is_none(), "{line}");
    }
}

#[test]
fn a_move_that_wins_beyond_the_horizon_is_unknown_never_wrong() {
    // The exercise is solved within 11 plies; the student's 1... 1-5 forces no win within
    // 11 plies of it, and nothing proves that it never does.
    let start = SIX_AGAINST_ONE.parse().unwrap();
    let limits = Limits {
        max_plies: 11,
        ..Limits::default()
    };
    let check = check_line(
        &mut Solver::<English>::new(),
        &start,
        "1-5",
        Goal::Win,
        None,
        limits,
    )
    .unwrap();
    assert_eq!(check.verdict, Verdict::Unknown, "{}", check.message);
    assert!(check.first_error.is_none() && check.unjudged.is_some());
    assert!(
        check.message.contains("within 11 plies of it"),
        "{}",
        check.message
    );
    // With a horizon long enough, the same move is proven right so far.
    let long = Limits {
        max_plies: 41,
        ..Limits::default()
    };
    let check = check_line(
        &mut Solver::<English>::new(),
        &start,
        "1-5",
        Goal::Win,
        None,
        long,
    )
    .unwrap();
    assert_eq!(check.verdict, Verdict::Incomplete, "{}", check.message);
}

/// A quiz key with the six-against-one diagram (10 points) and one single-choice question.
fn six_against_one_key(lang: &str) -> Key {
    Key::from_json(&format!(
        r#"{{"seed": 1, "lang": "{lang}", "total_points": 12, "questions": [
            {{"id": "q1", "type": "single", "topic": "rules", "answer": ["B"], "points": 2}},
            {{"id": "q2", "type": "diagram", "topic": "tactics", "variant": "english",
              "fen": "{SIX_AGAINST_ONE}", "answer": ["4-8", "24-19", "8-11", "19-15", "11x18"],
              "points": 10, "goal": "win"}}]}}"#
    ))
    .unwrap()
}

#[test]
fn quiz_answers_the_solver_cannot_judge_are_not_marked() {
    for (lang, words) in [("en", "the teacher decides"), ("zh", "请老师判断")] {
        let key = six_against_one_key(lang);
        let answers: BTreeMap<String, AnswerValue> = [
            ("q1".to_string(), AnswerValue::Text("B".into())),
            ("q2".to_string(), AnswerValue::Text("1-5".into())),
        ]
        .into_iter()
        .collect();
        let result = score(&key, &answers);
        let q2 = &result.questions[1];
        assert_eq!(q2.verdict, Verdict::Unknown, "{}", q2.feedback);
        assert!(q2.answered && !q2.correct);
        assert!(q2.feedback.contains(words), "{}", q2.feedback);
        assert!(!q2.feedback.contains("不能确保取胜。"), "{}", q2.feedback);
        // Not marked: no points, and out of the maximum.
        assert_eq!((result.points, result.max), (2.0, 2.0));
        // The key line still earns every point.
        let right: BTreeMap<String, AnswerValue> =
            [("q2".to_string(), AnswerValue::Text("4-8 8-11 11x18".into()))]
                .into_iter()
                .collect();
        let result = score(&key, &right);
        assert_eq!(result.questions[1].verdict, Verdict::Correct);
        assert_eq!((result.points, result.max), (10.0, 12.0));
    }
}

#[test]
fn class_marking_leaves_unjudged_answers_to_the_teacher() {
    let dir = std::env::temp_dir().join(format!("damtutor-verdicts-{}", std::process::id()));
    let answers = dir.join("answers");
    std::fs::create_dir_all(&answers).unwrap();
    let exercises = dir.join("exercises.yaml");
    std::fs::write(
        &exercises,
        format!(
            "title: Six against one\nlanguage: en\nvariant: english\n\
             scoring: {{points: 2, alternative: 1.0, incomplete: 0.5}}\nexercises:\n  \
             - id: six\n    fen: \"{SIX_AGAINST_ONE}\"\n    goal: win\n    \
             solution: \"4-8 24-19 8-11 19-15 11x18\"\n"
        ),
    )
    .unwrap();
    std::fs::write(
        answers.join("ann.yaml"),
        "student: Ann\nanswers:\n  six: \"4-8 24-19 8-11 19-15 11x18\"\n",
    )
    .unwrap();
    std::fs::write(
        answers.join("ben.yaml"),
        "student: Ben\nanswers:\n  six: \"1-5\"\n",
    )
    .unwrap();
    let out = dir.join("report");
    for (lang, cell, short) in [("en", "?", "six:?"), ("zh", "待定", "six：待定")] {
        let output = damtutor(&[
            "check",
            "--exercises",
            exercises.to_str().unwrap(),
            answers.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--max-plies",
            "11",
            "--lang",
            lang,
            "--format",
            "md",
        ]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let csv = std::fs::read_to_string(out.join("gradebook.csv")).unwrap();
        let rows: Vec<&str> = csv.lines().collect();
        assert!(rows[1].contains(",2,2,2,100"), "{csv}");
        // Ben's answer is not marked: no points, no maximum.
        assert!(rows[2].contains(&format!(",{cell},0,0,0")), "{csv}");
        assert!(stdout.contains(short), "{stdout}");
        let ben = std::fs::read_to_string(out.join("Ben.md")).unwrap();
        assert!(ben.contains(&format!("({cell} / 2)")), "{ben}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
