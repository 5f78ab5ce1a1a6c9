//! Rules quizzes of every game: every answer of many generated quizzes recomputed a second way
//! (from the geometry files, the rules as written in RULES.md and seed 000, or the game's move
//! reader), the model test's format and its totals, determinism, versions, and the command.
//! Printing and the exports are tested in `quiz_print.rs`, scoring in `quiz_scoring.rs`.

use damtutor::quiz::{generate, Key, Question, QuestionType, Quiz, QuizOptions, Topic, TypeCounts};
use damtutor::solver::{Goal, Motif};
use damtutor::words::Lang;
use damtutor::{with_variant, Rules, Variant};
use damtutor_rules::Position;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

#[derive(Deserialize)]
struct Geometry {
    long_diagonal: Vec<u8>,
    double_diagonals: Vec<Vec<u8>>,
    corners: Vec<u8>,
    double_corners: Vec<Vec<u8>>,
    white_promotion_row: Vec<u8>,
    black_promotion_row: Vec<u8>,
    left_edge: Vec<u8>,
    right_edge: Vec<u8>,
    diagonals_of_two_or_more_squares: usize,
}

fn geometry(variant: Variant) -> Geometry {
    let text = match variant {
        Variant::International => include_str!("data/geometry.yaml"),
        _ => include_str!("data/geometry-8x8.yaml"),
    };
    serde_yaml::from_str(text).unwrap()
}

/// The rules of each game as RULES.md and seed 000 write them, independent of the engine.
struct Written {
    /// Black (the dark side) moves first: English checkers.
    black_first: bool,
    men: usize,
    men_capture_backwards: bool,
    flying_kings: bool,
    maximum: bool,
    /// What a man that reaches the crowning row mid-capture does: `stays_man`,
    /// `crowned_and_goes_on` or `must_stop`.
    crossing: &'static str,
    king_moves: u32,
    /// The endgame counts against a lone king: three pieces, two pieces.
    endgames: (Option<u32>, Option<u32>),
}

fn rules_of(variant: Variant) -> Written {
    match variant {
        Variant::International => Written {
            black_first: false,
            men: 20,
            men_capture_backwards: true,
            flying_kings: true,
            maximum: true,
            crossing: "stays_man",
            king_moves: 25,
            endgames: (Some(16), Some(5)),
        },
        Variant::Brazilian => Written {
            black_first: false,
            men: 12,
            men_capture_backwards: true,
            flying_kings: true,
            maximum: true,
            crossing: "stays_man",
            king_moves: 20,
            endgames: (Some(16), Some(5)),
        },
        Variant::Russian => Written {
            black_first: false,
            men: 12,
            men_capture_backwards: true,
            flying_kings: true,
            maximum: false,
            crossing: "crowned_and_goes_on",
            king_moves: 15,
            endgames: (Some(15), None),
        },
        Variant::English => Written {
            black_first: true,
            men: 12,
            men_capture_backwards: false,
            flying_kings: false,
            maximum: false,
            crossing: "must_stop",
            king_moves: 40,
            endgames: (None, None),
        },
    }
}

fn options(variants: &[Variant], seed: u64, lang: Lang) -> QuizOptions {
    QuizOptions {
        variants: variants.to_vec(),
        seed,
        lang,
        ..QuizOptions::default()
    }
}

fn quiz(variant: Variant, seed: u64, lang: Lang) -> Quiz {
    generate(&options(&[variant], seed, lang)).unwrap()
}

fn letter(i: usize) -> String {
    char::from(b'A' + i as u8).to_string()
}

/// The letters of the options for which `right` holds.
fn letters_where(q: &Question, right: impl Fn(usize, &str) -> bool) -> Vec<String> {
    q.options
        .iter()
        .enumerate()
        .filter(|(i, o)| right(*i, o))
        .map(|(i, _)| letter(i))
        .collect()
}

/// A square given by number or by name (`c3`), as its number on the question's board.
fn square(q: &Question, text: &str) -> u8 {
    q.variant
        .board()
        .parse_square(text.trim())
        .unwrap_or_else(|| panic!("not a square: {text}"))
        .number()
}

fn number(text: &str) -> u8 {
    text.trim()
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {text}"))
}

fn has(q: &Question, english: &str, chinese: &str) -> bool {
    q.prompt.contains(english) || q.prompt.contains(chinese)
}

fn position<R: Rules>(q: &Question) -> Position<R> {
    q.fen.as_deref().expect("a diagram").parse().unwrap()
}

/// Whether `text` names a legal move of `position` (an ambiguous short form counts: some
/// legal move has that start and end).
fn accepted<R: Rules>(position: &Position<R>, text: &str) -> bool {
    use damtutor::notation::MoveError;
    match position.parse_move(text) {
        Ok(_) | Err(MoveError::Ambiguous { .. }) => true,
        Err(_) => false,
    }
}

/// The first move text in a prompt, such as `15x4`, `32-28`, `c3:e5` or `a7xa3`.
fn move_in(prompt: &str) -> String {
    let is_move = |w: &str| {
        let parts: Vec<&str> = w.split(['x', '-', ':']).collect();
        parts.len() >= 2
            && parts.iter().all(|p| {
                let digits = p.trim_start_matches(|c: char| c.is_ascii_lowercase());
                !digits.is_empty()
                    && digits.len() + 1 >= p.len()
                    && digits.chars().all(|c| c.is_ascii_digit())
            })
    };
    prompt
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == 'x' || c == '-' || c == ':'))
        .find(|w| is_move(w))
        .unwrap_or_else(|| panic!("no move in {prompt}"))
        .to_string()
}

/// The truth of each rules statement, as the rules are written (RULES.md), independent of the
/// engine's probes.
fn statement_truth(variant: Variant, family: &str, key: &str) -> bool {
    let r = rules_of(variant);
    match (family, key) {
        ("first_move", k) => k == if r.black_first { "black" } else { "white" },
        ("man_moves", k) => {
            k == if r.men_capture_backwards {
                "quiet_forward_capture_both"
            } else {
                "forward_only"
            }
        }
        ("numbering", k) => {
            k == "quiet_white_smaller"
                || k == if r.men_capture_backwards {
                    "capture_white_both"
                } else {
                    "capture_white_smaller"
                }
        }
        ("king_facts", k) if r.flying_kings => matches!(
            k,
            "at_distance" | "any_landing" | "flies" | "turns" | "backward" | "wider"
        ),
        ("king_facts", k) => matches!(
            k,
            "unique_landing" | "one_step" | "turns" | "backward" | "wider"
        ),
        ("man_captures", k) => {
            matches!(k, "lands_behind" | "compulsory")
                || k == if r.men_capture_backwards {
                    "backward"
                } else {
                    "forward_only"
                }
        }
        ("losing", k) => matches!(k, "no_pieces" | "no_moves" | "resigns"),
        ("majority_king", k) => k == "one",
        ("removal", k) => k == "after",
        ("passing_promotion", k) => k == r.crossing,
        ("capture_choice", k) => k == if r.maximum { "most" } else { "free" },
        other => panic!("no truth table for {other:?}"),
    }
}

/// Recomputes the answer of `q` a second way and compares it with the key.
fn check_question(q: &Question) {
    with_variant!(q.variant, R => check_in::<R>(q))
}

fn check_in<R: Rules>(q: &Question) {
    let g = geometry(q.variant);
    let r = rules_of(q.variant);
    let board = q.variant.board();
    let size = board.square_count();
    let context = format!(
        "{} {} {}: {} {:?}",
        q.variant, q.id, q.family, q.prompt, q.options
    );
    let squares = |list: &[u8]| -> BTreeSet<u8> { list.iter().copied().collect() };
    let in_set = |set: BTreeSet<u8>| move |_: usize, o: &str| set.contains(&square(q, o));
    let expected: Vec<String> = match q.family.as_str() {
        "long_diagonal" => letters_where(q, in_set(squares(&g.long_diagonal))),
        "double_diagonal" => letters_where(q, in_set(squares(&g.double_diagonals.concat()))),
        "start_squares" => {
            let third = u8::try_from(r.men).unwrap();
            let (low, high) = if has(q, "white", "白子") {
                (size - third + 1, size)
            } else if has(q, "black", "黑子") || has(q, "black", "红子") {
                (1, third)
            } else {
                (third + 1, size - third)
            };
            letters_where(q, |_, o| (low..=high).contains(&square(q, o)))
        }
        "corners" if q.kind == QuestionType::Blank => {
            let mut corners = g.corners.clone();
            if q.variant.rules().notation != damtutor::Notation::Numeric {
                // The bottom-left corner (a1) first.
                corners.sort_by_key(|&c| std::cmp::Reverse(c));
                assert_eq!(q.blanks[0].accept[0], "a1", "{context}");
            }
            corners
                .iter()
                .map(|&n| {
                    let s = damtutor::Square::new(n).unwrap();
                    q.variant.rules().square_name(s)
                })
                .collect()
        }
        "corners" => letters_where(q, in_set(squares(&g.corners))),
        "double_corner" => {
            assert_eq!(q.variant, Variant::English, "{context}");
            let white = has(q, "White", "白方");
            let double = if white {
                &g.double_corners[1]
            } else {
                &g.double_corners[0]
            };
            if q.kind == QuestionType::Blank {
                // White's single corner is a1 (29) and its back-row double corner g1 (32);
                // Black's h8 (4) and b8 (1), as the seed's "32号应为最近的双角方格子".
                if white {
                    vec!["29".to_string(), "32".to_string()]
                } else {
                    vec!["4".to_string(), "1".to_string()]
                }
            } else {
                letters_where(q, in_set(squares(double)))
            }
        }
        "edges" if q.kind == QuestionType::Blank => vec![
            g.left_edge.iter().min().unwrap().to_string(),
            g.right_edge.iter().max().unwrap().to_string(),
        ],
        "edges" => {
            let edge = if has(q, "left", "左") {
                &g.left_edge
            } else {
                &g.right_edge
            };
            letters_where(q, in_set(squares(edge)))
        }
        "promotion_row" => {
            let row = if has(q, "white", "白方") {
                &g.white_promotion_row
            } else {
                &g.black_promotion_row
            };
            letters_where(q, in_set(squares(row)))
        }
        "counts" => {
            let side = if board == damtutor::Board::TenByTen {
                10
            } else {
                8
            };
            let facts: [(&str, &str, usize); 7] = [
                ("each side has", "双方各有", r.men),
                ("squares in all", "深浅相间", side * side),
                (
                    "diagonals of two",
                    "斜线共有",
                    g.diagonals_of_two_or_more_squares,
                ),
                ("long diagonal has", "大道上共有", g.long_diagonal.len()),
                (
                    "double diagonal has",
                    "双重道上有",
                    g.double_diagonals[0].len(),
                ),
                (
                    "squares are empty",
                    "不放置棋子",
                    side * side / 2 - 2 * r.men,
                ),
                ("move on ____ squares", "格子可以使用", side * side / 2),
            ];
            if has(q, "on the ____ squares", "格上走动") {
                assert!(
                    ["dark", "深色"].contains(&q.answer[0].as_str()),
                    "{context}"
                );
                vec![q.answer[0].clone(), (side * side / 2).to_string()]
            } else {
                let (_, _, value) = facts
                    .iter()
                    .find(|(en, zh, _)| has(q, en, zh))
                    .unwrap_or_else(|| panic!("unknown count: {context}"));
                if q.kind == QuestionType::Blank {
                    vec![value.to_string()]
                } else {
                    letters_where(q, |_, o| number(o) as usize == *value)
                }
            }
        }
        "legal_moves" | "compulsory_capture" | "capture_route" => {
            let p = position::<R>(q);
            letters_where(q, |_, o| p.parse_move(o).is_ok())
        }
        "capture_count" => {
            let p = position::<R>(q);
            let counts: BTreeSet<usize> =
                p.legal_moves().iter().map(|m| m.capture_count()).collect();
            assert_eq!(counts.len(), 1, "{context}: one count of captures");
            let most = *counts.iter().next().unwrap();
            if q.kind == QuestionType::Blank {
                vec![most.to_string()]
            } else {
                letters_where(q, |_, o| number(o) as usize == most)
            }
        }
        "capture_legality" => {
            // The route is read back by the engine; its faults are checked on the squares.
            let p = position::<R>(q);
            let text = move_in(&q.prompt);
            let legal = p.parse_move(&text).is_ok();
            let route: Vec<u8> = text.split(['x', ':']).map(|s| square(q, s)).collect();
            let legal_route: Vec<u8> = p
                .capture_route(&p.legal_moves()[0])
                .iter()
                .map(|s| s.number())
                .collect();
            let most = p.legal_moves()[0].capture_count();
            let coords = |n: u8| board.coords(damtutor::Square::new(n).unwrap());
            let between = |a: u8, b: u8| -> Vec<u8> {
                let ((ar, ac), (br, bc)) = (coords(a), coords(b));
                let steps = ar.abs_diff(br);
                let dr = if br > ar { 1i8 } else { -1 };
                let dc = if bc > ac { 1i8 } else { -1 };
                (1..steps)
                    .filter_map(|k| {
                        let r = (ar as i8 + dr * k as i8) as u8;
                        let c = (ac as i8 + dc * k as i8) as u8;
                        board.at(r, c)
                    })
                    .filter(|s| p.piece_at(*s).is_some() && s.number() != route[0])
                    .map(|s| s.number())
                    .collect()
            };
            let legs: Vec<Vec<u8>> = route.windows(2).map(|w| between(w[0], w[1])).collect();
            let key = q.option_keys[(q.answer[0].as_bytes()[0] - b'A') as usize].as_str();
            let repeated = legs
                .iter()
                .enumerate()
                .any(|(i, leg)| leg.iter().any(|s| legs[..i].iter().any(|l| l.contains(s))))
                || route[2..]
                    .iter()
                    .enumerate()
                    .any(|(i, s)| legs[..=i].iter().any(|l| l.contains(s)));
            let prefix = route.len() < legal_route.len() && legal_route.starts_with(&route);
            match key {
                "legal" => assert!(legal, "{context}"),
                "twice" | "passes" => assert!(!legal && repeated, "{context}"),
                "stops" => assert!(!legal && prefix, "{context}"),
                "fewer" => assert!(
                    r.maximum && !legal && !repeated && !prefix && route.len() - 1 < most,
                    "{context}"
                ),
                other => panic!("{other}"),
            }
            q.answer.clone()
        }
        "king_landing" => {
            let p = position::<R>(q);
            let king = p.legal_moves()[0].from();
            let separator = q.variant.rules().capture_separator();
            let from = q.variant.rules().square_name(king);
            letters_where(q, |_, o| accepted(&p, &format!("{from}{separator}{o}")))
        }
        "crowning" => {
            let p = position::<R>(q);
            let text = move_in(&q.prompt);
            let m = p.parse_move(&text).unwrap();
            let crowned = p.play_unchecked(&m).kings(p.turn()).contains(m.to());
            // A man crowned on the way must have crossed the row in the middle of the move.
            let row = board.crowning_row(p.turn());
            let route = p.capture_route(&m);
            let crossed = route[1..route.len() - 1].iter().any(|s| row.contains(*s));
            if q.kind == QuestionType::Blank {
                let word = q.answer[0].as_str();
                assert_eq!(
                    ["king", "王棋"].contains(&word),
                    crowned,
                    "{context}: {word}"
                );
                q.answer.clone()
            } else {
                q.option_keys
                    .iter()
                    .enumerate()
                    .filter(|(_, k)| match k.as_str() {
                        "king" => crowned,
                        "man" => !crowned,
                        "king_in_passing" => {
                            crowned && crossed && r.crossing == "crowned_and_goes_on"
                        }
                        _ => false,
                    })
                    .map(|(i, _)| letter(i))
                    .collect()
            }
        }
        "first_move" if q.kind == QuestionType::Blank => {
            let want: &[&str] = if r.black_first {
                &["Black", "红"]
            } else {
                &["White", "白"]
            };
            assert!(want.contains(&q.answer[0].as_str()), "{context}");
            q.answer.clone()
        }
        "first_move" | "man_moves" | "numbering" | "king_facts" | "man_captures" | "losing"
        | "majority_king" | "removal" | "passing_promotion" | "capture_choice" => {
            let false_ones = has(q, "is false", "错误的是");
            q.option_keys
                .iter()
                .enumerate()
                .filter(|(_, k)| {
                    if k.as_str() == "removed_at_once" {
                        return false_ones;
                    }
                    statement_truth(q.variant, &q.family, k) != false_ones
                })
                .map(|(i, _)| letter(i))
                .collect()
        }
        "jumping" => {
            let mut clauses: Vec<(usize, &str)> = [
                (["your own pieces", "己方的棋子"], "forbidden"),
                (["same empty square", "同一个空格"], "permitted"),
                (["opponent's piece", "对方的同一个"], "forbidden"),
            ]
            .iter()
            .filter_map(|(marks, word)| {
                marks
                    .iter()
                    .find_map(|m| q.prompt.find(m))
                    .map(|at| (at, *word))
            })
            .collect();
            clauses.sort();
            let zh = q.prompt.contains("允许");
            clauses
                .iter()
                .map(|(_, w)| match (zh, *w) {
                    (true, "forbidden") => "禁止".to_string(),
                    (true, _) => "允许".to_string(),
                    (false, w) => w.to_string(),
                })
                .collect()
        }
        "draw_rules" => {
            let (three, two) = r.endgames;
            let values: Vec<String> = if has(q, "With three kings, two", "或两只王棋和一只")
            {
                vec![three.unwrap().to_string(), two.unwrap().to_string()]
            } else if has(q, "With three kings against", "三只王棋对对方单王棋的局面")
                || has(q, "Three kings against", "三只王棋对单王棋")
            {
                vec![three.unwrap().to_string()]
            } else if has(q, "Two kings against", "两只王棋对单王棋") {
                vec![two.unwrap().to_string()]
            } else if has(q, "neither player has captured", "都没有吃子") {
                let kings = if q.answer[1] == "王棋" {
                    "王棋"
                } else {
                    "kings"
                };
                vec![r.king_moves.to_string(), kings.to_string()]
            } else if has(q, "only kings moved", "只走王棋") {
                vec![r.king_moves.to_string()]
            } else {
                assert!(has(q, "same position", "同一局面"), "{context}");
                vec!["3".to_string()]
            };
            if q.kind == QuestionType::Blank {
                values
            } else {
                letters_where(q, |_, o| o == values[0])
            }
        }
        "write_move" => {
            let p = position::<R>(q);
            let legal = p.legal_moves();
            assert_eq!(legal.len(), 1, "{context}");
            assert_eq!(p.parse_move(&q.answer[0]).unwrap(), legal[0], "{context}");
            // Written in the game's notation: its capture mark, its square names.
            let mark = q.variant.rules().capture_separator();
            assert!(q.answer[0].contains(mark), "{context}");
            q.answer.clone()
        }
        "move_meaning" => {
            let text = move_in(&q.prompt);
            let capture = text.contains(['x', ':']);
            q.option_keys
                .iter()
                .enumerate()
                .filter(|(_, k)| match k.as_str() {
                    "captures_ends" => capture,
                    "quiet" => !capture,
                    _ => false,
                })
                .map(|(i, _)| letter(i))
                .collect()
        }
        "which_fen" => {
            let p = position::<R>(q);
            letters_where(q, |_, o| o.parse::<Position<R>>().is_ok_and(|x| x == p))
        }
        "write_fen" => {
            let p = position::<R>(q);
            assert_eq!(q.answer[0].parse::<Position<R>>().unwrap(), p, "{context}");
            q.answer.clone()
        }
        "win_line" => {
            // Replay the line with the move reader; the defender is left without a move.
            let mut p = position::<R>(q);
            for text in &q.answer {
                let m = p
                    .parse_move(text)
                    .unwrap_or_else(|e| panic!("{context}: {e}"));
                p = p.play_unchecked(&m);
            }
            assert!(p.legal_moves().is_empty(), "{context}: not won at the end");
            assert_eq!(q.goal, Some(Goal::Win));
            q.answer.clone()
        }
        "design" => {
            let example: Position<R> = q.answer[0].parse().unwrap();
            assert_eq!(example.turn(), q.side.unwrap(), "{context}");
            let motif = if r.flying_kings {
                Motif::TurkishStrike
            } else {
                Motif::Breakthrough
            };
            assert_eq!(q.motif, Some(motif), "{context}");
            q.answer.clone()
        }
        other => panic!("family {other} has no independent check"),
    };
    assert_eq!(q.answer, expected, "{context}");
    match q.kind {
        QuestionType::Single => {
            assert_eq!(
                (q.options.len(), q.answer.len(), q.points),
                (4, 1, 2),
                "{context}"
            )
        }
        QuestionType::Multi => {
            assert_eq!((q.options.len(), q.points), (5, 4), "{context}");
            assert!(!q.answer.is_empty(), "{context}");
        }
        QuestionType::Blank => {
            assert_eq!(
                q.prompt.matches("____").count(),
                q.blanks.len(),
                "{context}"
            );
            assert_eq!(
                q.points,
                q.blanks.iter().map(|b| b.points).sum::<u32>(),
                "{context}"
            );
            assert!(q.blanks.iter().all(|b| (1..=2).contains(&b.points)));
        }
        QuestionType::Diagram | QuestionType::Design => assert!(q.points > 0),
    }
    let distinct: BTreeSet<&String> = q.options.iter().collect();
    assert_eq!(distinct.len(), q.options.len(), "{context}");
}

/// The families a game's quizzes turned up, over `seeds` quizzes in both languages, each
/// question checked a second way.
fn checked_quizzes(variant: Variant, seeds: std::ops::Range<u64>) -> BTreeSet<String> {
    let mut families = BTreeSet::new();
    for seed in seeds {
        for lang in [Lang::English, Lang::Chinese] {
            let quiz = quiz(variant, seed, lang);
            assert_eq!(quiz.total_points, 100, "{variant} seed {seed}");
            assert_eq!(
                quiz.questions.iter().map(|q| q.points).sum::<u32>(),
                100,
                "{variant} seed {seed}"
            );
            let kinds: Vec<QuestionType> = quiz.questions.iter().map(|q| q.kind).collect();
            let mut sorted = kinds.clone();
            sorted.sort();
            assert_eq!(kinds, sorted, "sections in order");
            for (i, q) in quiz.questions.iter().enumerate() {
                assert_eq!(q.id, format!("q{}", i + 1));
                assert_eq!(q.variant, variant);
                check_question(q);
                families.insert(q.family.clone());
            }
        }
    }
    families
}

fn every_family_turns_up(variant: Variant, families: &BTreeSet<String>) {
    for (name, _, _, games) in damtutor::quiz::family_names() {
        if games.contains(&variant) {
            assert!(
                families.contains(name),
                "{variant}: family {name} never asked"
            );
        } else {
            assert!(!families.contains(name), "{variant}: family {name} asked");
        }
    }
}

#[test]
fn every_answer_is_right_in_many_international_quizzes() {
    let families = checked_quizzes(Variant::International, 0..30);
    every_family_turns_up(Variant::International, &families);
}

#[test]
fn every_answer_is_right_in_many_64_square_quizzes() {
    let families = checked_quizzes(Variant::Brazilian, 0..30);
    every_family_turns_up(Variant::Brazilian, &families);
}

#[test]
fn every_answer_is_right_in_many_russian_quizzes() {
    let families = checked_quizzes(Variant::Russian, 0..30);
    every_family_turns_up(Variant::Russian, &families);
}

#[test]
fn every_answer_is_right_in_many_checkers_quizzes() {
    let families = checked_quizzes(Variant::English, 0..30);
    every_family_turns_up(Variant::English, &families);
}

#[test]
fn a_quiz_of_several_games_names_the_game_in_every_question() {
    for lang in [Lang::English, Lang::Chinese] {
        for seed in 0..6 {
            let games = [Variant::Brazilian, Variant::English];
            let quiz = generate(&options(&games, seed, lang)).unwrap();
            assert_eq!(quiz.total_points, 100);
            assert_eq!(quiz.variants, games);
            for game in games {
                assert!(quiz.questions.iter().any(|q| q.variant == game));
            }
            for q in &quiz.questions {
                let name = damtutor::quiz::game_name(lang, q.variant);
                let mark = match lang {
                    Lang::English => format!("[{name}] "),
                    Lang::Chinese => format!("【{name}】"),
                };
                assert!(q.prompt.starts_with(&mark), "{}: {}", q.id, q.prompt);
                check_question(q);
            }
            // The diagram and the design question go to different games.
            let open: BTreeSet<Variant> = quiz
                .questions
                .iter()
                .filter(|q| matches!(q.kind, QuestionType::Diagram | QuestionType::Design))
                .map(|q| q.variant)
                .collect();
            assert_eq!(open.len(), 2, "seed {seed}");
        }
    }
    let quiz = generate(&options(
        &[Variant::Russian, Variant::International],
        1,
        Lang::Chinese,
    ))
    .unwrap();
    assert_eq!(quiz.title, "俄罗斯跳棋、百格国际跳棋规则测试");
}

#[test]
fn every_text_from_the_wording_tables_is_filled_in() {
    // A placeholder of the tables ({side}, {all}...) that the code did not fill would show.
    for variant in Variant::ALL {
        for seed in 0..12 {
            for lang in [Lang::English, Lang::Chinese] {
                let quiz = quiz(variant, seed, lang);
                for q in &quiz.questions {
                    let texts = [&q.prompt, &q.explanation].into_iter().chain(&q.options);
                    for text in texts {
                        assert!(
                            !text.contains(['{', '}']),
                            "{variant} seed {seed} {}: {text}",
                            q.id
                        );
                    }
                }
            }
        }
    }
}

/// Whether `word` is notation: a square (`28`, `c3`, `K28`, `Kd6`) or a move (`28x19`,
/// `c3-d4`, `8x21x43x25`).
fn is_notation(word: &str) -> bool {
    let square = |s: &str| {
        let s = s.strip_prefix('K').unwrap_or(s);
        let digits = s.trim_start_matches(|c: char| c.is_ascii_lowercase());
        !digits.is_empty()
            && s.len() - digits.len() <= 1
            && digits.chars().all(|c| c.is_ascii_digit())
    };
    word.split(['x', '-']).all(square)
}

/// Words of two or more ASCII letters in a text, leaving out what is notation: FEN strings
/// (`W:W28,K46:B19`), moves and square names.
fn english_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric() && c != ':' && c != ',' && c != '-')
        .filter(|w| !w.contains(':'))
        .flat_map(|w| w.split(','))
        .filter(|w| {
            let letters = w.chars().filter(|c| c.is_ascii_alphabetic()).count();
            letters >= 2 && !is_notation(w)
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn a_chinese_quiz_has_no_english_words() {
    for variant in Variant::ALL {
        for seed in 0..8 {
            let quiz = quiz(variant, seed, Lang::Chinese);
            let mut texts = vec![quiz.title.clone()];
            for q in &quiz.questions {
                texts.push(q.prompt.clone());
                texts.push(q.explanation.clone());
                texts.extend(q.options.iter().cloned());
                texts.extend(q.answer.iter().cloned());
            }
            for text in texts {
                let words = english_words(&text);
                assert!(
                    words.is_empty(),
                    "{variant} seed {seed}: {words:?} in {text}"
                );
            }
        }
    }
    assert_eq!(
        english_words("写出 c3xe5 和 W:Wa1,Kc3:Bd6 以及 FEN"),
        ["FEN"]
    );
}

#[test]
fn the_totals_add_up_for_any_total() {
    for variant in [Variant::International, Variant::Brazilian, Variant::English] {
        for total in [10, 20, 37, 50, 75, 100, 120, 200] {
            let quiz = generate(&QuizOptions {
                total: Some(total),
                ..options(&[variant], u64::from(total), Lang::English)
            })
            .unwrap();
            assert_eq!(quiz.total_points, total, "{variant} {total}");
            assert_eq!(
                quiz.questions.iter().map(|q| q.points).sum::<u32>(),
                total,
                "{variant} {total}"
            );
            for q in &quiz.questions {
                check_question(q);
            }
            let count = |k: QuestionType| quiz.questions.iter().filter(|q| q.kind == k).count();
            // The model test's mix: about 9% of the points a single-choice question...
            let singles = (f64::from(total) * 0.18 / 2.0).round() as usize;
            assert_eq!(count(QuestionType::Single), singles, "{total}");
            assert!(count(QuestionType::Diagram) >= 1 && count(QuestionType::Design) >= 1);
        }
    }
    // The default quiz is the model test's: 18 + 24 + 22 + 36 points.
    let quiz = quiz(Variant::International, 3, Lang::Chinese);
    let points = |k: QuestionType| -> u32 {
        quiz.questions
            .iter()
            .filter(|q| q.kind == k)
            .map(|q| q.points)
            .sum()
    };
    assert_eq!(
        [
            points(QuestionType::Single),
            points(QuestionType::Multi),
            points(QuestionType::Blank),
            points(QuestionType::Diagram) + points(QuestionType::Design),
        ],
        [18, 24, 22, 36]
    );
    assert_eq!(points(QuestionType::Diagram), 18);
}

#[test]
fn counts_of_each_type_and_totals_they_cannot_make() {
    let counts = TypeCounts {
        single: 5,
        multi: 2,
        blank: 3,
        diagram: 1,
        design: 0,
    };
    let quiz = generate(&QuizOptions {
        counts: Some(counts),
        total: Some(50),
        ..options(&[Variant::Brazilian], 9, Lang::Chinese)
    })
    .unwrap();
    let count = |k: QuestionType| quiz.questions.iter().filter(|q| q.kind == k).count();
    assert_eq!(
        QuestionType::ALL.map(count),
        [5, 2, 3, 1, 0],
        "{:?}",
        quiz.questions.iter().map(|q| &q.family).collect::<Vec<_>>()
    );
    assert_eq!(quiz.total_points, 50);
    // Without a total: what the questions make, the open ones 10 points each.
    let quiz = generate(&QuizOptions {
        counts: Some(counts),
        ..options(&[Variant::Brazilian], 9, Lang::Chinese)
    })
    .unwrap();
    let blanks: u32 = quiz.questions.iter().map(|q| q.blanks.len() as u32).sum();
    assert!(quiz.total_points >= 5 * 2 + 2 * 4 + blanks + 10);
    // Single-choice questions alone make an even total.
    let only_single = TypeCounts {
        single: 5,
        ..TypeCounts::default()
    };
    let error = generate(&QuizOptions {
        counts: Some(only_single),
        total: Some(11),
        ..QuizOptions::default()
    })
    .unwrap_err();
    assert!(
        error.to_string().contains("make 10 points, not 11"),
        "{error}"
    );
}

#[test]
fn topics_and_types_are_respected() {
    for variant in [Variant::International, Variant::Russian] {
        for seed in 0..6 {
            let quiz = generate(&QuizOptions {
                count: Some(12),
                seed,
                variants: vec![variant],
                topics: vec![Topic::Moves, Topic::Notation],
                types: vec![QuestionType::Single, QuestionType::Blank],
                ..QuizOptions::default()
            })
            .unwrap();
            assert_eq!(quiz.questions.len(), 12);
            for q in &quiz.questions {
                assert!(
                    matches!(q.topic, Topic::Moves | Topic::Notation),
                    "{}",
                    q.family
                );
                assert!(matches!(q.kind, QuestionType::Single | QuestionType::Blank));
                check_question(q);
            }
        }
    }
    let impossible = generate(&QuizOptions {
        topics: vec![Topic::Board],
        types: vec![QuestionType::Diagram],
        ..QuizOptions::default()
    });
    assert!(impossible.is_err());
}

#[test]
fn the_same_seed_gives_the_same_quiz_and_others_differ() {
    for variant in Variant::ALL {
        let a = quiz(variant, 11, Lang::English);
        let b = quiz(variant, 11, Lang::English);
        assert_eq!(a.to_json(), b.to_json());
        let mut seen = BTreeSet::new();
        for seed in 0..8 {
            let json = quiz(variant, seed, Lang::English)
                .to_json()
                .replace(&format!("\"seed\": {seed}"), "");
            assert!(
                seen.insert(json),
                "{variant} seed {seed} repeats another quiz"
            );
        }
    }
    // Adding a game keeps the others' questions.
    let alone = quiz(Variant::Brazilian, 5, Lang::English);
    let both = generate(&options(
        &[Variant::Brazilian, Variant::English],
        5,
        Lang::English,
    ))
    .unwrap();
    let first = |quiz: &Quiz| {
        quiz.questions
            .iter()
            .find(|q| q.variant == Variant::Brazilian)
            .map(|q| q.fen.clone().or(Some(q.explanation.clone())))
    };
    assert_eq!(first(&alone), first(&both));
}

#[test]
fn versions_reorder_the_same_questions_with_their_own_keys() {
    let quiz = quiz(Variant::Brazilian, 21, Lang::Chinese);
    let versions = quiz.versions(3);
    assert_eq!(versions.len(), 3);
    let signature = |q: &Question| {
        let mut options = q.options.clone();
        options.sort();
        (q.family.clone(), q.prompt.clone(), options, q.fen.clone())
    };
    let base: BTreeSet<_> = quiz.questions.iter().map(signature).collect();
    for (i, version) in versions.iter().enumerate() {
        assert_eq!(version.version, Some((b'A' + i as u8) as char));
        assert_eq!(version.total_points, 100);
        let set: BTreeSet<_> = version.questions.iter().map(signature).collect();
        assert_eq!(set, base, "the same questions");
        let key = version.key();
        assert_eq!(key.version, version.version);
        for q in &version.questions {
            // The key still names the right options.
            check_question(q);
            assert_eq!(key.question(&q.id).unwrap().answer, q.answer);
        }
    }
    assert_eq!(versions[0].questions, quiz.questions);
    assert_ne!(versions[1].questions, versions[2].questions);
    assert_ne!(versions[1].key(), versions[0].key());
    // Options listed in order stay in order.
    for version in &versions {
        for q in version
            .questions
            .iter()
            .filter(|q| q.family == "long_diagonal")
        {
            let numbers: Vec<u8> = q.options.iter().map(|o| square(q, o)).collect();
            let names = q.options.clone();
            let mut sorted = names.clone();
            sorted.sort_by_key(|n| (n.as_bytes()[0], n[1..].parse::<u8>().unwrap()));
            assert_eq!(names, sorted, "{numbers:?}");
        }
    }
}

#[test]
fn json_has_the_documented_shape() {
    let quiz = quiz(Variant::English, 5, Lang::Chinese);
    let value: serde_json::Value = serde_json::from_str(&quiz.to_json()).unwrap();
    assert_eq!(value["seed"], 5);
    assert_eq!(value["lang"], "zh");
    assert_eq!(value["variants"], serde_json::json!(["english"]));
    assert_eq!(value["total_points"], 100);
    for q in value["questions"].as_array().unwrap() {
        for field in [
            "id", "type", "variant", "topic", "prompt", "options", "answer", "points",
        ] {
            assert!(q.get(field).is_some(), "{field} missing in {q}");
        }
        let kind = q["type"].as_str().unwrap();
        assert!(["single", "multi", "blank", "diagram", "design"].contains(&kind));
        if kind == "diagram" {
            assert!(q["fen"].is_string());
        }
    }
    // The whole quiz reads as a key, and so does the key file; a key without games is
    // international draughts.
    let key = Key::from_json(&quiz.to_json()).unwrap();
    assert_eq!(key, quiz.key());
    assert_eq!(Key::from_json(&quiz.key().to_json()).unwrap(), quiz.key());
    let old = r#"{"seed": 1, "lang": "en", "total_points": 2, "questions": [
        {"id": "q1", "type": "single", "topic": "board", "answer": ["A"], "points": 2, "options": 4}]}"#;
    assert_eq!(
        Key::from_json(old).unwrap().questions[0].variant,
        Variant::International
    );
}

// ---- the command ----

fn damtutor(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_damtutor"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("damtutor-quiz-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn cli_writes_the_quiz_answers_and_key() {
    let dir = temp_dir("cli");
    let output = damtutor(&["quiz", "--seed", "9", "--key"], &dir);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let questions = quiz(Variant::International, 9, Lang::English)
        .questions
        .len();
    assert!(
        stdout.starts_with(&format!(
            "wrote quiz.html ({questions} questions, 100 points"
        )),
        "{stdout}"
    );
    assert!(stdout.contains("wrote quiz-answers.html"));
    assert!(stdout.contains("wrote quiz-key.json"));
    let key = Key::load(&dir.join("quiz-key.json")).unwrap();
    assert_eq!(key, quiz(Variant::International, 9, Lang::English).key());
    let html = std::fs::read_to_string(dir.join("quiz.html")).unwrap();
    assert!(html.contains("Rules test: international draughts"));

    // JSON goes to standard output and matches the library, for any game.
    let output = damtutor(
        &[
            "quiz",
            "--seed",
            "9",
            "--lang",
            "zh",
            "--format",
            "json",
            "--variant",
            "64",
        ],
        &dir,
    );
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        quiz(Variant::Brazilian, 9, Lang::Chinese).to_json()
    );
    // Several games, by commas or the flag repeated.
    let mixed = generate(&options(
        &[Variant::Brazilian, Variant::English],
        9,
        Lang::English,
    ))
    .unwrap()
    .to_json();
    for args in [
        &["--variant", "64,english"][..],
        &["--variant", "64", "--variant", "english"][..],
    ] {
        let mut all = vec!["quiz", "--seed", "9", "--format", "json"];
        all.extend_from_slice(args);
        let output = damtutor(&all, &dir);
        assert_eq!(String::from_utf8(output.stdout).unwrap(), mixed);
    }

    // Markdown with its diagrams, GIFT and Moodle XML by extension.
    let output = damtutor(
        &["quiz", "--seed", "9", "--count", "8", "--out", "md/t.md"],
        &dir,
    );
    assert!(output.status.success());
    assert!(dir.join("md/t.md").is_file() && dir.join("md/t-answers.md").is_file());
    let output = damtutor(&["quiz", "--seed", "9", "--out", "t.gift"], &dir);
    assert!(output.status.success());
    let output = damtutor(&["quiz", "--seed", "9", "--format", "moodle-xml"], &dir);
    assert!(output.status.success());
    assert!(std::fs::read_to_string(dir.join("quiz.xml"))
        .unwrap()
        .contains("<quiz>"));

    // Errors: a bad topic or game is a usage error, an impossible total too, an impossible
    // mix is rejected.
    let output = damtutor(&["quiz", "--topics", "chess"], &dir);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a topic"));
    let output = damtutor(&["quiz", "--variant", "chess"], &dir);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("'chess' is not a game"));
    let output = damtutor(&["quiz", "--single", "3", "--total", "7"], &dir);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("make 6 points, not 7"));
    let output = damtutor(&["quiz", "--topics", "board", "--types", "diagram"], &dir);
    assert_eq!(output.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_writes_each_version_with_its_answers_and_key() {
    let dir = temp_dir("versions");
    let output = damtutor(
        &[
            "quiz",
            "--seed",
            "4",
            "--variant",
            "english",
            "--versions",
            "2",
            "--key",
            "key.json",
        ],
        &dir,
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    for file in [
        "quiz-A.html",
        "quiz-A-answers.html",
        "key-A.json",
        "quiz-B.html",
        "quiz-B-answers.html",
        "key-B.json",
    ] {
        assert!(dir.join(file).is_file(), "{file}: {stdout}");
        assert!(stdout.contains(&format!("wrote {file}")), "{stdout}");
    }
    let versions = quiz(Variant::English, 4, Lang::English).versions(2);
    assert_eq!(
        Key::load(&dir.join("key-B.json")).unwrap(),
        versions[1].key()
    );
    let paper = std::fs::read_to_string(dir.join("quiz-B.html")).unwrap();
    let answers = std::fs::read_to_string(dir.join("quiz-B-answers.html")).unwrap();
    assert!(paper.contains("Version B"));
    // The seed is on the key, not on the student's paper.
    assert!(
        !paper.contains("Seed") && !paper.contains("seed"),
        "seed on the paper"
    );
    assert!(answers.contains("Seed 4"));
    let output = damtutor(&["quiz", "--versions", "2", "--format", "json"], &dir);
    assert_eq!(output.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
