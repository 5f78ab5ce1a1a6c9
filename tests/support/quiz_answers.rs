//! What the quiz tests share: every answer of a question recomputed a second way - from the
//! geometry files, the rules of each game as RULES.md and seed 000 write them, or the game's move
//! reader - independent of the quiz generator and its probes.
#![allow(dead_code)]

use damtutor::quiz::{generate, Question, QuestionType, Quiz, QuizOptions};
use damtutor::solver::{Goal, Motif};
use damtutor::words::Lang;
use damtutor::{with_variant, Rules, Variant};
use damtutor_rules::Position;
use serde::Deserialize;
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

#[derive(Deserialize)]
pub struct Geometry {
    pub long_diagonal: Vec<u8>,
    pub double_diagonals: Vec<Vec<u8>>,
    pub corners: Vec<u8>,
    pub double_corners: Vec<Vec<u8>>,
    pub white_promotion_row: Vec<u8>,
    pub black_promotion_row: Vec<u8>,
    pub left_edge: Vec<u8>,
    pub right_edge: Vec<u8>,
    pub diagonals_of_two_or_more_squares: usize,
}

pub fn geometry(variant: Variant) -> Geometry {
    let text = match variant {
        Variant::International => include_str!("../data/geometry.yaml"),
        _ => include_str!("../data/geometry-8x8.yaml"),
    };
    serde_yaml::from_str(text).unwrap()
}

/// The rules of each game as RULES.md and seed 000 write them, independent of the engine.
pub struct Written {
    /// Black (the dark side) moves first: English checkers.
    pub black_first: bool,
    pub men: usize,
    pub men_capture_backwards: bool,
    pub flying_kings: bool,
    pub maximum: bool,
    /// What a man that reaches the crowning row mid-capture does: `stays_man`,
    /// `crowned_and_goes_on` or `must_stop`.
    pub crossing: &'static str,
    pub king_moves: u32,
    /// The endgame counts against a lone king: three pieces, two pieces.
    pub endgames: (Option<u32>, Option<u32>),
    /// Captured pieces come off one by one in the order they were jumped (FMJD 4.11), not
    /// just after the capture.
    pub removal_in_order: bool,
    /// A new king is turned over (Russian), not marked by a second piece stacked on it.
    pub king_turned_over: bool,
}

pub fn rules_of(variant: Variant) -> Written {
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
            removal_in_order: true,
            king_turned_over: false,
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
            removal_in_order: true,
            king_turned_over: false,
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
            removal_in_order: false,
            king_turned_over: true,
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
            removal_in_order: false,
            king_turned_over: false,
        },
    }
}

pub fn options(variants: &[Variant], seed: u64, lang: Lang) -> QuizOptions {
    QuizOptions {
        variants: variants.to_vec(),
        seed,
        lang,
        ..QuizOptions::default()
    }
}

/// The quiz of `variant`, `seed` and `lang` with the default options, made once a test run
/// (see [`made`]).
pub fn quiz(variant: Variant, seed: u64, lang: Lang) -> Quiz {
    made(&options(&[variant], seed, lang))
}

/// The quiz of `options`, made once for the whole test run however many tests ask for it: the
/// generator's solver work is most of the quiz tests' time, and they ask for the same quizzes
/// (seeds 0-6 of every game, the first quiz with a question of a family). A test of the
/// generator itself (the same seed gives the same quiz) calls `generate`.
pub fn made(options: &QuizOptions) -> Quiz {
    type Made = Mutex<HashMap<String, Arc<OnceLock<Quiz>>>>;
    static MADE: OnceLock<Made> = OnceLock::new();
    // The options' every field, the key: two option sets that print alike are alike.
    let cell = MADE
        .get_or_init(Made::default)
        .lock()
        .unwrap()
        .entry(format!("{options:?}"))
        .or_default()
        .clone();
    // Made outside the lock, so that other quizzes are made meanwhile.
    cell.get_or_init(|| generate(options).unwrap_or_else(|e| panic!("{options:?}: {e}")))
        .clone()
}

pub fn letter(i: usize) -> String {
    char::from(b'A' + i as u8).to_string()
}

/// The letters of the options for which `right` holds.
pub fn letters_where(q: &Question, right: impl Fn(usize, &str) -> bool) -> Vec<String> {
    q.options
        .iter()
        .enumerate()
        .filter(|(i, o)| right(*i, o))
        .map(|(i, _)| letter(i))
        .collect()
}

/// A square given by number or by name (`c3`), as its number on the question's board.
pub fn square(q: &Question, text: &str) -> u8 {
    q.variant
        .board()
        .parse_square(text.trim())
        .unwrap_or_else(|| panic!("not a square: {text}"))
        .number()
}

pub fn number(text: &str) -> u8 {
    text.trim()
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {text}"))
}

pub fn has(q: &Question, english: &str, chinese: &str) -> bool {
    q.prompt.contains(english) || q.prompt.contains(chinese)
}

pub fn position<R: Rules>(q: &Question) -> Position<R> {
    q.fen.as_deref().expect("a diagram").parse().unwrap()
}

/// Whether `text` names a legal move of `position` (an ambiguous short form counts: some
/// legal move has that start and end).
pub fn accepted<R: Rules>(position: &Position<R>, text: &str) -> bool {
    use damtutor::notation::MoveError;
    match position.parse_move(text) {
        Ok(_) | Err(MoveError::Ambiguous { .. }) => true,
        Err(_) => false,
    }
}

/// The first move text in a prompt, such as `15x4`, `32-28`, `c3:e5` or `a7xa3`.
pub fn move_in(prompt: &str) -> String {
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
pub fn statement_truth(variant: Variant, family: &str, key: &str) -> bool {
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
        // Conduct at the board (seed 000: 落子生根, removing captured pieces, 叠子).
        ("move_made", k) => k == "hand_leaves",
        ("king_mark", k) => {
            k == if r.king_turned_over {
                "turned_over"
            } else {
                "stacked"
            }
        }
        // Whether the act breaks the rules.
        ("conduct", k) => {
            matches!(
                k,
                "touch_other" | "move_opponent" | "take_back" | "remove_during_capture"
            ) || (k == "remove_any_order" && r.removal_in_order)
        }
        other => panic!("no truth table for {other:?}"),
    }
}

/// Recomputes the answer of `q` a second way and compares it with the key.
pub fn check_question(q: &Question) {
    with_variant!(q.variant, R => check_in::<R>(q))
}

pub fn check_in<R: Rules>(q: &Question) {
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
    let expected: Vec<String> = match q.family.name() {
        "long_diagonal" => letters_where(q, in_set(squares(&g.long_diagonal))),
        "double_diagonal" => letters_where(q, in_set(squares(&g.double_diagonals.concat()))),
        "start_squares" => {
            let third = u8::try_from(r.men).unwrap();
            let (low, high) = if has(q, "white", "白子") {
                (size - third + 1, size)
            } else if has(q, "black", "黑子") || has(q, "red m", "红子") {
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
                &["Red", "红"]
            } else {
                &["White", "白"]
            };
            assert!(want.contains(&q.answer[0].as_str()), "{context}");
            q.answer.clone()
        }
        "first_move" | "man_moves" | "numbering" | "king_facts" | "man_captures" | "losing"
        | "majority_king" | "removal" | "passing_promotion" | "capture_choice" | "move_made"
        | "king_mark" => {
            let false_ones = has(q, "is false", "错误的是");
            q.option_keys
                .iter()
                .enumerate()
                .filter(|(_, k)| {
                    if k.as_str() == "removed_at_once" {
                        return false_ones;
                    }
                    statement_truth(q.variant, q.family.name(), k) != false_ones
                })
                .map(|(i, _)| letter(i))
                .collect()
        }
        "conduct" => {
            // "Which is within the rules" asks for the acts that do not break them.
            let allowed =
                has(q, "within the rules", "符合规则的是") && !q.prompt.contains("不符合");
            letters_where(q, |i, _| {
                statement_truth(q.variant, "conduct", &q.option_keys[i]) != allowed
            })
        }
        "crowning_name" => {
            assert!(!r.king_turned_over, "{context}");
            assert!(has(q, "This is called", "称作"), "{context}");
            let word = if q.prompt.contains("称作") {
                "加冕"
            } else {
                "crowning"
            };
            vec![word.to_string()]
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

/// The sampled quizzes' options: `variant`, `seed` and `lang`, with the FEN questions asked on
/// odd seeds (a teacher's choice, off by default). `checked_quizzes` and the scan for quizzes
/// that answer themselves (`quiz_self_answer.rs`) read the same quizzes, made once.
pub fn sampled(variant: Variant, seed: u64, lang: Lang) -> QuizOptions {
    QuizOptions {
        fen_questions: seed % 2 == 1,
        ..options(&[variant], seed, lang)
    }
}

/// The families a game's quizzes turned up, over `seeds` quizzes in both languages, each
/// question checked a second way; `also` checks each quiz further (its words), so that each
/// quiz is generated once.
pub fn checked_quizzes(
    variant: Variant,
    seeds: std::ops::Range<u64>,
    also: impl Fn(&Quiz, u64),
) -> BTreeSet<String> {
    let mut families = BTreeSet::new();
    for seed in seeds {
        for lang in [Lang::English, Lang::Chinese] {
            let quiz = made(&sampled(variant, seed, lang));
            also(&quiz, seed);
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
                families.insert(q.family.to_string());
            }
        }
    }
    families
}

pub fn every_family_turns_up(variant: Variant, families: &BTreeSet<String>) {
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
