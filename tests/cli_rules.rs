//! The rules commands of the real binary - `show`, `moves`, `play`, `perft` - on good input
//! (exact output) and on each kind of bad input (exit code and message).
//!
//! Exit codes: 0 success, 1 input understood but rejected (invalid position, illegal move),
//! 2 input that could not be read (FEN or move syntax, usage).

use crate::support::cli;
use cli::run;

use serde_json::{json, Value};
use std::process::Output;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 output")
}

/// Runs a command that must succeed; returns its standard output.
fn success(args: &[&str]) -> String {
    let output = run(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?} failed: {}",
        stderr(&output)
    );
    stdout(&output)
}

/// Runs a command that must fail with `code`; returns its message (standard error), after
/// checking that nothing went to standard output.
fn failure(args: &[&str], code: i32) -> String {
    let output = run(args);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(code), "{args:?}: {message}");
    assert!(
        stdout(&output).is_empty(),
        "{args:?} printed {}",
        stdout(&output)
    );
    assert!(message.starts_with("damtutor: "), "{message}");
    message
}

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

// ---------------------------------------------------------------------------------------------
// show
// ---------------------------------------------------------------------------------------------

#[test]
fn show_draws_the_initial_position() {
    let out = success(&["show", "start"]);
    assert_eq!(
        lines(&out),
        vec![
            "Black: 20 men, 0 kings",
            "   +-------------------------------+",
            "   |     b     b     b     b     b |  1-5",
            "   |  b     b     b     b     b    |  6-10",
            "   |     b     b     b     b     b |  11-15",
            "   |  b     b     b     b     b    |  16-20",
            "   |    21    22    23    24    25 |  21-25",
            "   | 26    27    28    29    30    |  26-30",
            "   |     w     w     w     w     w |  31-35",
            "   |  w     w     w     w     w    |  36-40",
            "   |     w     w     w     w     w |  41-45",
            "   |  w     w     w     w     w    |  46-50",
            "   +-------------------------------+",
            "White: 20 men, 0 kings",
            "White to move",
            "FEN: W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50\
             :B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        ]
    );
}

#[test]
fn show_marks_kings_and_writes_the_canonical_fen() {
    // Lenient input: Black first, a range, lower case, a trailing dot.
    let out = success(&["show", "b:bK1,5:w45-46."]);
    let out = lines(&out);
    assert_eq!(out[0], "Black: 1 man, 1 king");
    assert_eq!(out[2], "   |     B     2     3     4     b |  1-5");
    assert_eq!(out[10], "   |    41    42    43    44     w |  41-45");
    assert_eq!(out[11], "   |  w    47    48    49    50    |  46-50");
    assert_eq!(out[13], "White: 2 men, 0 kings");
    assert_eq!(out[14], "Black to move");
    assert_eq!(out[15], "FEN: B:W45,46:BK1,5");
    assert_eq!(out.len(), 16);
}

// ---------------------------------------------------------------------------------------------
// moves
// ---------------------------------------------------------------------------------------------

#[test]
fn moves_lists_the_nine_opening_moves() {
    let out = success(&["moves", "start"]);
    assert_eq!(
        lines(&out),
        vec!["31-26", "32-27", "33-28", "34-29", "35-30", "31-27", "32-28", "33-29", "34-30"]
    );
}

#[test]
fn moves_json_gives_the_turkish_strike_route() {
    let out = success(&["moves", "B:W27,28,38,39,42:BK25", "--json"]);
    assert_eq!(
        json_of(&out),
        json!([{"move": "25x33", "from": 25, "to": 33, "captured": [27, 28, 39, 42],
                "path": [25, 48, 31, 22, 33]}])
    );
}

#[test]
fn moves_writes_full_paths_only_when_start_and_end_are_shared() {
    let position = "W:WK31:B15,19,23,27,44";
    let out = success(&["moves", position]);
    assert_eq!(lines(&out), vec!["31x18x40x49", "31x13x35x49"]);
    let list = json_of(&success(&["moves", position, "--json"]));
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2);
    for entry in list {
        assert_eq!(
            (entry["from"].as_u64(), entry["to"].as_u64()),
            (Some(31), Some(49))
        );
        assert_eq!(entry["captured"].as_array().unwrap().len(), 3);
    }
    // The majority rule: 48x19 takes three pieces, so 48x26, taking two, is not listed.
    let out = success(&["moves", "W:W48:B24,K31,34,K42,43"]);
    assert_eq!(lines(&out), vec!["48x19"]);
}

#[test]
fn moves_of_a_side_without_moves_prints_nothing() {
    assert_eq!(success(&["moves", "W:W46:B37,41"]), "");
    assert_eq!(success(&["moves", "W:W:B1"]), "");
    assert_eq!(json_of(&success(&["moves", "W:W:B1", "--json"])), json!([]));
}

// ---------------------------------------------------------------------------------------------
// Bad positions, for every command that reads one
// ---------------------------------------------------------------------------------------------

#[test]
fn fen_syntax_errors_exit_2_naming_column_and_token() {
    let cases = [
        ("W:W31-50:B1-2x", "column 11: '1-2x'"),
        ("W:W31-5x", "column 4: '31-5x'"),
        ("X:W31", "column 1: 'X'"),
        ("W:W31:Q5", "column 7: 'Q5'"),
        ("W:W31:W32", "listed twice"),
        ("", "empty FEN string"),
    ];
    for (fen, expected) in cases {
        for command in ["show", "moves", "play", "perft"] {
            let mut args = vec![command, fen];
            match command {
                "play" => args.push("32-28"),
                "perft" => args.extend(["--depth", "1"]),
                _ => {}
            }
            let message = failure(&args, 2);
            assert!(message.contains("bad FEN"), "{args:?}: {message}");
            assert!(message.contains(expected), "{args:?}: {message}");
        }
    }
}

#[test]
fn invalid_positions_exit_1_with_the_reason() {
    let cases = [
        (
            "W:W51",
            "invalid position: square 51 is outside the board (squares are 1-50)",
        ),
        ("B:W31,31", "invalid position: square 31 is given twice"),
        (
            "W:B46",
            "invalid position: a black man cannot stand on 46, its own promotion row (46-50)",
        ),
        (
            "W:W3",
            "invalid position: a white man cannot stand on 3, its own promotion row (1-5)",
        ),
        (
            "W:W10-30:B1",
            "invalid position: White has 21 pieces; a side has at most 20",
        ),
        (
            "W:W31:B1-21",
            "invalid position: Black has 21 pieces; a side has at most 20",
        ),
    ];
    for (fen, expected) in cases {
        for command in ["show", "moves", "play", "perft"] {
            let mut args = vec![command, fen];
            match command {
                "play" => args.push("32-28"),
                "perft" => args.extend(["--depth", "1"]),
                _ => {}
            }
            let message = failure(&args, 1);
            assert!(message.contains(expected), "{args:?}: {message}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// play
// ---------------------------------------------------------------------------------------------

#[test]
fn play_prints_the_resulting_fen() {
    let out = success(&["play", "start", "32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(
        lines(&out),
        vec![
            "W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50\
              :B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23"
        ]
    );
    // Full paths, the engine form and typographic separators are all read.
    let turkish = "B:W27,28,38,39,42:BK25";
    for text in ["25x33", "25x48x31x22x33", "25x33x27x28x39x42", "25×33"] {
        assert_eq!(success(&["play", turkish, text]), "W:W38:BK33\n", "{text}");
    }
    // Promotion when the man stops on the back row.
    assert_eq!(success(&["play", "W:W8:B", "8-2"]), "B:WK2:B\n");
}

#[test]
fn illegal_moves_exit_1_naming_the_move_and_the_rule() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["start", "32-28", "19-23", "37-32"],
            "move 3 (37-32): capture is compulsory: 28x19",
        ),
        (
            &["W:W32,37:B27", "37-31"],
            "move 1 (37-31): capture is compulsory: 32x21",
        ),
        (
            &["W:W48:B24,K31,34,K42,43", "48x26"],
            "move 1 (48x26): the majority rule requires taking 3 pieces, and 48x26 takes 2: 48x19",
        ),
        (
            &["start", "32-26"],
            "move 1 (32-26): a man moves one square diagonally forward",
        ),
        (&["start", "37-32"], "move 1 (37-32): 32 is occupied"),
        (
            &["start", "27-22"],
            "move 1 (27-22): there is no piece on 27",
        ),
        (
            &["start", "32-28", "28-23"],
            "move 2 (28-23): the piece on 28 is White's, and Black is to move",
        ),
        (
            &["W:W46:B37,41", "46-41"],
            "move 1 (46-41): White has no legal move: the game is over",
        ),
    ];
    for (args, expected) in cases {
        let args: Vec<&str> = std::iter::once("play")
            .chain(args.iter().copied())
            .collect();
        let message = failure(&args, 1);
        assert_eq!(
            message.trim_end(),
            format!("damtutor: {expected}"),
            "{args:?}"
        );
    }
}

#[test]
fn ambiguous_moves_list_every_full_path() {
    let position = "W:WK31:B15,19,23,27,44";
    let message = failure(&["play", position, "31x49"], 1);
    assert_eq!(
        message.trim_end(),
        "damtutor: move 1 (31x49): ambiguous: 31x18x40x49 or 31x13x35x49"
    );
    // Either full path, or a partial one that fits only one route, settles it.
    assert_eq!(
        success(&["play", position, "31x18x40x49"]),
        "B:WK49:B15,19\n"
    );
    assert_eq!(
        success(&["play", position, "31x13x35x49"]),
        "B:WK49:B15,23\n"
    );
    assert_eq!(success(&["play", position, "31x13x49"]), "B:WK49:B15,23\n");
}

#[test]
fn move_syntax_errors_exit_2() {
    let message = failure(&["play", "start", "32/28"], 2);
    assert!(message.contains("move 1 (32/28)"), "{message}");
    let message = failure(&["play", "start", "32-28", "19-60"], 2);
    assert!(
        message.contains("move 2 (19-60): 60 is not a square"),
        "{message}"
    );
    // No move at all is a usage error.
    failure_any(&["play", "start"], 2);
}

/// Like [`failure`], for clap's own usage errors, which have their own format.
fn failure_any(args: &[&str], code: i32) {
    let output = run(args);
    assert_eq!(output.status.code(), Some(code), "{args:?}");
    assert!(!stderr(&output).is_empty());
}

// ---------------------------------------------------------------------------------------------
// perft
// ---------------------------------------------------------------------------------------------

#[test]
fn perft_prints_one_line_per_depth() {
    let out = success(&["perft", "start", "--depth", "4"]);
    let out = lines(&out);
    assert_eq!(out.len(), 4);
    for (line, (depth, nodes)) in out.iter().zip([(1, 9), (2, 81), (3, 658), (4, 4265)]) {
        let prefix = format!("perft({depth}) = {nodes}  (");
        assert!(line.starts_with(&prefix), "{line}");
        assert!(line.ends_with(" M nodes/s)"), "{line}");
    }
}

#[test]
fn perft_json_has_depth_nodes_and_seconds() {
    let woldouby = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38";
    for bulk in [false, true] {
        let mut args = vec!["perft", woldouby, "-d", "6", "--json"];
        if bulk {
            args.push("--bulk");
        }
        let value = json_of(&success(&args));
        let rows = value.as_array().expect("an array");
        let expected = [6u64, 12, 30, 73, 215, 590];
        assert_eq!(rows.len(), expected.len());
        for (index, (row, nodes)) in rows.iter().zip(expected).enumerate() {
            let row = row.as_object().expect("an object");
            let mut keys: Vec<&str> = row.keys().map(String::as_str).collect();
            keys.sort();
            assert_eq!(keys, vec!["depth", "nodes", "seconds"]);
            assert_eq!(row["depth"].as_u64(), Some(index as u64 + 1));
            assert_eq!(row["nodes"].as_u64(), Some(nodes));
            assert!(row["seconds"].as_f64().is_some_and(|s| s >= 0.0));
        }
    }
}

#[test]
fn perft_divide_sums_to_the_total() {
    for (position, depth, total) in [
        ("start", "5", 27117u64),
        ("W:WK31:B15,19,23,27,44", "3", 0),
        ("W:WK31-50:BK1-20", "3", 352),
    ] {
        for bulk in [false, true] {
            let mut args = vec!["perft", position, "--depth", depth, "--divide"];
            if bulk {
                args.push("--bulk");
            }
            let out = success(&args);
            let (counts, divided) = out.split_once("\n\n").expect("a blank line before divide");
            let last = counts.lines().last().unwrap();
            let reported: u64 = last
                .split(" = ")
                .nth(1)
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("no count in {last}"));
            let mut sum = 0;
            let mut moves = Vec::new();
            for line in divided.lines() {
                let (text, nodes) = line.split_once(' ').expect("move and count");
                moves.push(text.to_string());
                sum += nodes.trim().parse::<u64>().expect("a count");
            }
            assert_eq!(sum, reported, "{args:?}");
            if total != 0 {
                assert_eq!(reported, total, "{args:?}");
            }
            let listed = success(&["moves", position]);
            assert_eq!(moves, lines(&listed), "{args:?}");
        }
    }
}

#[test]
fn perft_rejects_depths_outside_1_to_30() {
    for depth in ["0", "31"] {
        let output = run(&["perft", "start", "--depth", depth]);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{message}");
        assert!(message.contains("is not in 1..=30"), "{message}");
    }
    failure_any(&["perft", "start", "--depth", "x"], 2);
    failure_any(&["perft", "start"], 2);
}

// The 8x8 games: --variant.

#[test]
fn the_8x8_games_from_the_command_line() {
    // The 64-square board with its coordinates, the start of each game.
    let shown = success(&["show", "start", "--variant", "64"]);
    assert_eq!(
        lines(&shown)[..12],
        [
            "Black: 12 men, 0 kings",
            "   +-------------------------+",
            " 8 |     b     b     b     b |  1-4",
            " 7 |  b     b     b     b    |  5-8",
            " 6 |     b     b     b     b |  9-12",
            " 5 | 13    14    15    16    |  13-16",
            " 4 |    17    18    19    20 |  17-20",
            " 3 |  w     w     w     w    |  21-24",
            " 2 |     w     w     w     w |  25-28",
            " 1 |  w     w     w     w    |  29-32",
            "   +-------------------------+",
            "      a  b  c  d  e  f  g  h",
        ]
    );
    assert!(shown.contains("White to move"), "{shown}");
    assert!(
        shown.contains("FEN: W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    );
    let english = success(&["show", "start", "--variant", "english"]);
    assert!(english.contains("Black to move"), "{english}");
    // Moves in each game's notation.
    let sorted = |text: String| {
        let mut moves: Vec<String> = text.lines().map(String::from).collect();
        moves.sort();
        moves
    };
    assert_eq!(
        sorted(success(&["moves", "start", "--variant", "russian"])),
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
    assert_eq!(
        sorted(success(&["moves", "start", "--variant", "english"])),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
    let json = json_of(&success(&[
        "moves",
        "W:W9:B6,11",
        "--variant",
        "russian",
        "--json",
    ]));
    assert_eq!(json[0]["path"], json!([9, 2, 16]));
    assert_eq!(json[0]["names"]["path"], json!(["b6", "d8", "g5"]));
    assert_eq!(json[0]["move"], "b6:g5");
    // Moves given by name or by number; the game decides what is legal.
    assert_eq!(
        success(&[
            "play",
            "start",
            "c3-d4",
            "f6-e5",
            "d4:f6",
            "g7xe5",
            "--variant",
            "brazilian"
        ])
        .trim(),
        "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15"
    );
    assert_eq!(
        success(&[
            "play",
            "start",
            "22-18",
            "11-15",
            "18x11",
            "8x15",
            "--variant",
            "64"
        ])
        .trim(),
        "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15"
    );
    let message = failure(
        &["play", "W:W18:B22,14", "18x25", "--variant", "english"],
        1,
    );
    assert!(message.contains("capture is compulsory: 18x9"), "{message}");
    // Published perft counts.
    let perft = success(&[
        "perft",
        "start",
        "--variant",
        "english",
        "--depth",
        "5",
        "--json",
    ]);
    let nodes: Vec<u64> = json_of(&perft)
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line["nodes"].as_u64().unwrap())
        .collect();
    assert_eq!(nodes, [7, 49, 302, 1469, 7361]);
}

#[test]
fn bad_8x8_input_is_reported() {
    let message = failure(&["show", "W:W33", "--variant", "64"], 1);
    assert_eq!(
        message.trim(),
        "damtutor: invalid position: square 33 is outside the board (squares are 1-32)"
    );
    let message = failure(&["show", "W:W2", "--variant", "russian"], 1);
    assert!(
        message.contains("a white man cannot stand on 2, its own promotion row (1-4)"),
        "{message}"
    );
    let message = failure(&["show", "W:W21-40", "--variant", "english"], 2);
    assert!(message.contains("squares are numbered 1-32"), "{message}");
    let message = failure(&["moves", "W:Wa2", "--variant", "64"], 2);
    assert!(
        message.contains("'a2': not a dark square of the board"),
        "{message}"
    );
    let message = failure(&["play", "start", "c3-c4", "--variant", "64"], 2);
    assert!(
        message.contains("c4 is not a dark square of the board"),
        "{message}"
    );
    // An unknown game: a usage error, exit 2, naming the games.
    let output = run(&["show", "start", "--variant", "chess"]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(
            "--variant: 'chess' is not a game: use international, brazilian, russian or english"
        ),
        "{message}"
    );
}
