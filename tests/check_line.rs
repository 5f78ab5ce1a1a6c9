//! Checking students' lines: each verdict on real combinations, and the CLI contract.

use crate::support::cli;

use crate::support::combinations;

use damtutor::check::{check_line, Verdict};
use damtutor::solver::{Goal, Limits, Solver};
use damtutor::words::Lang;
use damtutor::{Brazilian, English, International, Position, Rules, Russian};

const PHILIPPE: &str = "W:W27,32,34,38,40,45:B11,12,16,18,23,25";
const TURKISH: &str = "W:W8,14,32,38,43:BK48";

/// `line` checked on `fen` for the shipped exercise's goal: the coup Philippe wins two men
/// (auto would look further, to the crowning of the man on 16), the strike wins the game.
fn check(fen: &str, line: &str) -> damtutor::check::LineCheck {
    let position: Position<International> = fen.parse().unwrap();
    let goal = if fen == PHILIPPE {
        Goal::Material(2)
    } else {
        Goal::Win
    };
    check_line(
        &mut Solver::new(),
        &position,
        line,
        goal,
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
    let start: Position<International> = TURKISH.parse().unwrap();
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
    let output = cli::run(&[
        "check-line",
        PHILIPPE,
        "27-22 18x27 32x21 16x27 34-29",
        "--json",
    ]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["verdict"], "wrong");
    assert_eq!(json["accepted"], false);
    assert_eq!(json["first_error"]["ply"], 5);
    assert_eq!(json["first_error"]["move"], "34-29");
    assert_eq!(json["first_error"]["refutation"][0], "23x34");
    assert_eq!(json["line"].as_array().unwrap().len(), 5);

    let output = cli::run(&["check-line", "W:WK46:BK5", "46-41"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no proven solution"));
}

// ---------------------------------------------------------------------------------------------
// The 8x8 games: each verdict in the game's own notation.

/// b64-01 of the shipped 64-square set: 1. b4-c5! b6xd4 2. c3xg7.
const GIVE_ONE_64: &str = "W:W17,22,25:B9,11";
/// ru-04 of the shipped Russian set: the man crowned on d8 in the middle of f6:a5 goes on as a
/// king; the other capture, e3:g5, wins the four men's worth only much later.
const CROWNED_RUSSIAN: &str = "W:W11,23,28:B5,7,9,19";
/// ck-03 of the shipped checkers set: 26-23! 13x22 23x5, two for one.
const ONE_FOR_TWO_CHECKERS: &str = "W:W17,26,27,28:B9,13,18";
/// ck-09 of the shipped checkers set: 7-2! 3-7 18-14 7x16 20x11, and 11x4 next whatever Black
/// plays.
const CROWN_THEN_TWO_CHECKERS: &str = "W:W7,11,18,20:B3,4";

/// `line` checked on `fen` of the game `R` for the shipped exercise's goal.
fn check_in<R: Rules>(fen: &str, line: &str) -> damtutor::check::LineCheck {
    let position: damtutor_rules::Position<R> = fen.parse().unwrap();
    let goal = match fen {
        CROWNED_RUSSIAN => Goal::Material(4),
        ONE_FOR_TWO_CHECKERS => Goal::Material(1),
        CROWN_THEN_TWO_CHECKERS => Goal::Material(2),
        _ => Goal::Win,
    };
    check_line(
        &mut Solver::<R>::new(),
        &position,
        line,
        goal,
        None,
        Limits::default(),
    )
    .unwrap()
}

fn first_error(result: &damtutor::check::LineCheck) -> (usize, String, String) {
    let error = result.first_error.as_ref().expect("a first error");
    (error.ply, error.text.clone(), error.reason.clone())
}

#[test]
fn sixty_four_square_lines() {
    // Squares by name, by number, with the full path or a colon: one line.
    for line in [
        "1. b4-c5 b6xd4 2. c3xg7",
        "b4-c5 c3xg7",
        "17-14 9x18 22x8",
        "b4-c5 b6:d4 c3:e5:g7",
        "B4-C5 B6xD4 C3xE5xG7",
    ] {
        let result = check_in::<Brazilian>(GIVE_ONE_64, line);
        assert_eq!(
            result.verdict,
            Verdict::Correct,
            "{line}: {}",
            result.message
        );
        assert_eq!(result.line.len(), 3, "{line}");
    }
    let result = check_in::<Brazilian>(GIVE_ONE_64, "b4-c5");
    assert_eq!(result.verdict, Verdict::Incomplete);
    assert!(result.key_right && !result.accepted);

    let result = check_in::<Brazilian>(GIVE_ONE_64, "c3-d4");
    assert_eq!(result.verdict, Verdict::Wrong);
    assert_eq!(result.first_error.unwrap().refutation, ["b6-a5"]);

    // A capture stopped half-way: it is played to its end, and the most pieces taken.
    let result = check_in::<Brazilian>(GIVE_ONE_64, "b4-c5 b6xd4 c3xe5");
    assert_eq!(result.verdict, Verdict::Illegal);
    assert_eq!(
        first_error(&result),
        (
            3,
            "c3xe5".into(),
            "a capture is played to its end, taking as many pieces as possible: c3xe5xg7".into()
        )
    );

    // A square of the 10x10 board is no square here.
    let result = check_in::<Brazilian>(GIVE_ONE_64, "43-38");
    assert_eq!(result.verdict, Verdict::Illegal);
    assert_eq!(first_error(&result).2, "43 is not a square (1-32)");
}

#[test]
fn russian_lines_choose_the_capture_that_crowns() {
    for line in [
        "f6:a5 f4:d2 a5:e1",
        "f6xa5 f4xd2 a5xe1",
        "f6:d8:a5 f4:d2 a5:e1",
    ] {
        let result = check_in::<Russian>(CROWNED_RUSSIAN, line);
        assert_eq!(
            result.verdict,
            Verdict::Correct,
            "{line}: {}",
            result.message
        );
    }
    // The free choice among captures: the other one is legal and forces the gain too, if
    // slowly - beyond the key's horizon H (d + 4 = 6 plies), so it is not a key move, but the
    // line is right so far.
    let result = check_in::<Russian>(CROWNED_RUSSIAN, "e3:g5");
    assert_eq!(result.verdict, Verdict::Incomplete, "{}", result.message);
    assert!(!result.key_right);
    // Stopping on d8 is not a move: the crowned man must go on capturing.
    let result = check_in::<Russian>(CROWNED_RUSSIAN, "f6:d8");
    assert_eq!(result.verdict, Verdict::Illegal);
    assert!(
        first_error(&result)
            .2
            .contains("a capture is played to its end: f6:d8:a5"),
        "{}",
        result.message
    );
    // After f6:a5 Black's only move f4:d2 is a capture, and a5:e1 takes it back: the line is
    // not decided before a5:e1.
    let result = check_in::<Russian>(CROWNED_RUSSIAN, "f6:a5");
    assert_eq!(result.verdict, Verdict::Incomplete);
}

#[test]
fn checkers_lines_in_numbers() {
    let result = check_in::<English>(ONE_FOR_TWO_CHECKERS, "26-23 13x22 23x5");
    assert_eq!(result.verdict, Verdict::Correct, "{}", result.message);
    assert_eq!(result.line.len(), 3);
    assert!(result.rest.is_empty() && result.note.is_none());
    let result = check_in::<English>(ONE_FOR_TWO_CHECKERS, "26-23 23x5");
    assert_eq!(result.verdict, Verdict::Correct, "{}", result.message);
    assert_eq!(result.filled, [1]);

    // The book line of ck-09 stops at 20x11: whatever Black plays, 11x4 takes its last man.
    // The line is complete, and the rest is told as a note.
    let result = check_in::<English>(CROWN_THEN_TWO_CHECKERS, "7-2 3-7 18-14 7x16 20x11");
    assert_eq!(result.verdict, Verdict::Correct, "{}", result.message);
    assert_eq!(result.rest, ["4-8", "11x4"]);
    assert_eq!(result.note.as_deref(), Some("Then (4-8) 11x4 wins."));
    assert_eq!(result.message, "Correct. Then (4-8) 11x4 wins.");
    // Cut one ply before the decisive capture, it is still incomplete.
    let result = check_in::<English>(CROWN_THEN_TWO_CHECKERS, "7-2 3-7 18-14 7x16");
    assert_eq!(result.verdict, Verdict::Incomplete);
    let result = check_in::<English>(ONE_FOR_TWO_CHECKERS, "26-23 13x22");
    assert_eq!(result.verdict, Verdict::Incomplete);

    // Judged to the full horizon from the move: after 13x31 23x5 White still forces the gain
    // in the end; 18x27 is the reply that refutes.
    let result = check_in::<English>(ONE_FOR_TWO_CHECKERS, "27-23");
    assert_eq!(result.verdict, Verdict::Wrong);
    assert_eq!(result.first_error.unwrap().refutation, ["18x27"]);

    let result = check_in::<English>(ONE_FOR_TWO_CHECKERS, "26-23 13x22 23-19");
    assert_eq!(result.verdict, Verdict::Illegal);
    assert_eq!(
        first_error(&result),
        (3, "23-19".into(), "capture is compulsory: 23x5".into())
    );
    // Men move forwards only.
    let result = check_in::<English>(ONE_FOR_TWO_CHECKERS, "26-30");
    assert_eq!(result.verdict, Verdict::Illegal);
    // A name off the board.
    let result = check_in::<English>(ONE_FOR_TWO_CHECKERS, "i2-j3");
    assert_eq!(result.verdict, Verdict::Illegal);
    assert_eq!(
        first_error(&result).2,
        "i2 is not a dark square of the board"
    );
}

#[test]
fn cli_checks_8x8_lines_with_the_variant() {
    let run = cli::run;
    let output = run(&[
        "check-line",
        "--variant",
        "russian",
        CROWNED_RUSSIAN,
        "f6:a5 f4:d2 a5:e1",
        "--goal",
        "material:4",
        "--json",
    ]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["verdict"], "correct");
    assert_eq!(json["line"][0], "f6:a5");

    let output = run(&["check-line", "--variant", "64", GIVE_ONE_64, "c3-d4"]);
    assert!(output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("Wrong: 1. c3-d4 "), "{stdout}");
    assert!(stdout.contains("Refutation: b6-a5"), "{stdout}");

    // The same FEN read as international draughts is another position: the 8x8 line does
    // not fit it.
    let output = run(&["check-line", GIVE_ONE_64, "b4-c5 b6xd4 c3xg7"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(!stdout.starts_with("Correct"), "{stdout}");

    // An unknown game is a usage error.
    let output = run(&["check-line", "--variant", "chess", GIVE_ONE_64, "b4-c5"]);
    assert_eq!(output.status.code(), Some(2));
}

// ---------------------------------------------------------------------------------------------
// Book lines: a line is complete once the goal is decided.

#[test]
fn book_lines_of_the_verified_combinations_are_correct_and_cut_lines_incomplete() {
    let combinations = combinations::all();
    for case in combinations {
        let position: Position<International> = case.fen.parse().unwrap();
        let goal = case.goal();
        let mut solver = Solver::new();
        let solution = solver.solve(&position, goal, Limits::default());
        // The published line, and the solver's line up to where it is decided.
        let texts = solution.line_texts();
        let book = texts[..solution.book_plies].join(" ");
        for line in [case.solution.as_str(), book.as_str()] {
            let check = damtutor::check::check_against(
                &mut solver,
                &solution,
                line,
                Some(&case.solution),
                Limits::default(),
            );
            assert_eq!(
                check.verdict,
                Verdict::Correct,
                "{}: {line}: {}",
                case.id,
                check.message
            );
        }
        // Without the decisive move the line is right so far, not complete.
        let tokens: Vec<&str> = case.solution.split_whitespace().collect();
        let cut = tokens[..tokens.len() - 1].join(" ");
        let check =
            damtutor::check::check_against(&mut solver, &solution, &cut, None, Limits::default());
        assert_eq!(check.verdict, Verdict::Incomplete, "{}: {cut}", case.id);
    }
}

#[test]
fn cli_tells_the_rest_of_a_decided_line() {
    // ts-06 of the shipped Turkish strikes: after 28x6 the rest is forced.
    let output = cli::run(&[
        "check-line",
        "W:W14,22,27,28,33,34,43:B2,3,11,16,K21,25",
        "22-18 21x22 28x6",
        "--goal",
        "material:2",
    ]);
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "Correct. Then (25-30) 34x25 takes a piece, (2-7) 6-1 crowns.\n\
         Your line: 1. 22-18 21x22 2. 28x6\n"
    );
}

// What the student reads: move numbers as in a book, the other key named, in either language.

fn check_line_cli(args: &[&str]) -> (Option<i32>, String, String) {
    cli::damtutor(["check-line"])
        .args(args)
        .in_crate()
        .outcome()
}

#[test]
fn moves_are_numbered_as_in_a_book() {
    // The student's third move is White's move 3, never "move 5".
    let result = check(PHILIPPE, "27-22 32x21 34-29");
    assert_eq!(
        result.message,
        "3. 34-29 does not force a gain of 2: Black answers 23x34 (then 40x29)."
    );
    assert_eq!(
        result.faulty_move(Lang::English).as_deref(),
        Some("3. 34-29")
    );
    assert_eq!(
        result.numbered_line(Lang::English),
        "1. 27-22 (18x27) 2. 32x21 (16x27) 3. 34-29"
    );
    let zh = result.clone().in_language(Lang::Chinese);
    assert_eq!(
        zh.message,
        "第 3 回合白方 34-29 不能确保净得 2 子：黑方可以应 23x34（接着 40x29）。"
    );
    assert_eq!(zh.verdict, result.verdict);
    assert_eq!(
        zh.first_error.unwrap().reason,
        "34-29 不能确保净得 2 子：黑方可以应 23x34（接着 40x29）"
    );
    // A wrong defender move is Black's: 2... after White's second.
    let result = check(PHILIPPE, "27-22 18x27 32x21 16x21");
    assert_eq!(result.verdict, Verdict::Illegal);
    assert!(
        result.message.starts_with("2... 16x21 is not allowed ("),
        "{}",
        result.message
    );
    // Black to move: Black's moves come first, White's carry the numbers.
    let black = "B:W11,23,27,28,43:BK47"
        .parse::<Position<International>>()
        .unwrap();
    let mirrored = Solver::new().solve(&black, Goal::Auto, Limits::default());
    if mirrored.is_solved() {
        let result = check_line(
            &mut Solver::new(),
            &black,
            "47-41",
            Goal::Auto,
            None,
            Limits::default(),
        )
        .unwrap();
        if let Some(label) = result.faulty_move(Lang::English) {
            assert!(label.starts_with("1... "), "{label}");
        }
    }
}

#[test]
fn another_winning_key_is_named() {
    // 8-3 also wins: the student is told that theirs works, and what the book line is.
    let result = check(TURKISH, "8-3 3x14");
    assert_eq!(result.verdict, Verdict::Alternative);
    assert_eq!(
        result.message,
        "Correct: your 8-3 also wins; the book line is 1. 32-27 48x32 2. 38x27."
    );
    assert_eq!(
        result.in_language(Lang::Chinese).message,
        "正确：你走的 8-3 也能取胜；参考答案是 1. 32-27 48x32 2. 38x27。"
    );
    // The exercise's own solution is the book line, numbered.
    let position: Position<International> = TURKISH.parse().unwrap();
    let result = check_line(
        &mut Solver::new(),
        &position,
        "8-3 48x9 3x20",
        Goal::Win,
        Some("32-27 48x32 38x27"),
        Limits::default(),
    )
    .unwrap();
    assert_eq!(
        result.message,
        "Correct: your 8-3 also wins; the book line is 1. 32-27 48x32 2. 38x27."
    );
    // The book's key and another way on: the line is named, not the key.
    let result = check(TURKISH, "32-27 48x32 38x27");
    assert_eq!(result.verdict, Verdict::Correct);
}

#[test]
fn check_line_reads_an_exercise_file_and_speaks_its_language() {
    // The Chinese set: its game, goal and language apply.
    let (code, stdout, stderr) =
        check_line_cli(&["exercises/04-64-shots-zh.yaml", "--id", "b64-01", "c3-d4"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("错误：第 1 回合白方 c3-d4 "), "{stdout}");
    assert!(stdout.contains("对方的应着：b6-a5"), "{stdout}");
    // --lang overrides it; --json keeps the machine names and adds the words.
    let (_, stdout, _) = check_line_cli(&[
        "exercises/04-64-shots-zh.yaml",
        "--id",
        "b64-01",
        "b4-c5 b6xd4 c3xg7",
        "--lang",
        "en",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["verdict"], "correct");
    assert_eq!(json["message"], "Correct.");
    assert_eq!(json["lang"], "en");
    // An exercise file names its exercise: several need --id, an unknown id is rejected.
    let (code, _, stderr) = check_line_cli(&["tests/data/class/exercises.yaml", "43-38"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("has 3 exercises: choose one with --id (strike, two-keys, philippe)"),
        "{stderr}"
    );
    let (code, _, stderr) =
        check_line_cli(&["tests/data/class/exercises.yaml", "--id", "nope", "43-38"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("no exercise has the id 'nope'"), "{stderr}");
    let (code, _, stderr) = check_line_cli(&[PHILIPPE, "--id", "x", "27-22"]);
    assert_eq!(code, Some(2), "{stderr}");
}

#[test]
fn chinese_check_line_text() {
    let mut all = String::new();
    for args in [
        &[PHILIPPE, "27-22 32x21 34-30 40x16"][..],
        &[PHILIPPE, "27-22 32x21 34-29"],
        &[PHILIPPE, "27-22 18x27 32x21"],
        &[PHILIPPE, "27-22 18x27 38-33"],
        &[PHILIPPE, "34-30"],
        &[PHILIPPE, "27-22 18x27 32/21"],
        &[TURKISH, "8-3 3x14"],
        &["W:W48:B24,K31,34,K42,43", "48x26"],
        &[
            "tests/data/class/exercises-zh.yaml",
            "--id",
            "strike",
            "43-38",
        ],
        &["--variant", "russian", CROWNED_RUSSIAN, "f6:d8"],
        &["--variant", "english", ONE_FOR_TWO_CHECKERS, "27-23"],
    ] {
        let mut args = args.to_vec();
        if !args.iter().any(|a| a.ends_with(".yaml")) {
            args.extend(["--lang", "zh"]);
        }
        let (_, stdout, stderr) = check_line_cli(&args);
        all.push_str(&format!(
            "$ check-line {}\n{stdout}{stderr}\n",
            args.join(" ")
        ));
    }
    insta::assert_snapshot!("check_line_zh", all);
}

// Left-out defender replies are filled in with the book's defence when it fits, and moves
// written after the goal is reached are kept: the report shows the student's whole line.

fn exercise_json(file: &str, id: &str, line: &str) -> serde_json::Value {
    let (code, stdout, stderr) = check_line_cli(&[file, "--id", id, line, "--json"]);
    assert_eq!(code, Some(0), "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

fn moves_of(json: &serde_json::Value) -> Vec<&str> {
    json["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect()
}

#[test]
fn left_out_replies_follow_the_book_and_no_written_move_is_dropped() {
    // ts-13: after 29x47 both 39-34 and 39-33 let Black's king go to 24; the book plays
    // 39-34 (after 39-33 the king would capture and the student's 24x33 was dropped, the
    // answer called an alternative to its own book line).
    let json = exercise_json(
        "exercises/01-turkish-strikes.yaml",
        "ts-13",
        "19-24 29x47 47-24 24x33",
    );
    assert_eq!(json["verdict"], "correct", "{json}");
    assert_eq!(
        moves_of(&json),
        ["19-24", "30x33", "29x47", "39-34", "47-24", "34-29", "24x33"]
    );
    // b64-09 in a1..h8: f6-g5 is the book's defence, not f6-e5.
    let json = exercise_json(
        "exercises/04-64-shots-zh.yaml",
        "b64-09",
        "e5xc7 c7-d8 d8xh4",
    );
    assert_eq!(json["verdict"], "correct", "{json}");
    assert_eq!(
        moves_of(&json),
        ["e5xc7", "f6-g5", "c7-d8", "h8xb2", "d8xh4"]
    );
    // sh-16: the gain is reached with 25x45; the student's 17x50 and 50x11 stay in the line.
    let json = exercise_json(
        "exercises/02-shots.yaml",
        "sh-16",
        "23-29 25x45 17x50 50x11",
    );
    assert_eq!(json["verdict"], "correct", "{json}");
    assert_eq!(
        moves_of(&json),
        ["23-29", "34x23", "25x45", "28-22", "17x50", "26x17", "50x11"]
    );
    // An illegal move after the goal is reached is still illegal.
    let json = exercise_json("exercises/02-shots.yaml", "sh-16", "23-29 25x45 17x50 50-3");
    assert_eq!(json["verdict"], "illegal", "{json}");
}
