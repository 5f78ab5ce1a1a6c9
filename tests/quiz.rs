//! Rules quizzes: every answer of many generated quizzes recomputed a second way (from the
//! geometry file, the rules as written, or the engine's move reader), the format rules of the
//! model test, determinism, the exports, snapshots of the printed quiz, scoring and the CLI.

use damtutor::lms as export;
use damtutor::quiz::{generate, Key, Question, QuestionType, Quiz, QuizOptions, Topic};
use damtutor::render::quiz as document;
use damtutor::render::templates::{Document, Format, Templates};
use damtutor::solver::{Goal, Motif};
use damtutor::words::Lang;
use damtutor::Position;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

#[derive(Deserialize)]
struct Geometry {
    long_diagonal: Vec<u8>,
    double_diagonals: Vec<Vec<u8>>,
    corners: Vec<u8>,
    white_promotion_row: Vec<u8>,
    black_promotion_row: Vec<u8>,
    left_edge: Vec<u8>,
    right_edge: Vec<u8>,
    diagonals_of_two_or_more_squares: usize,
}

fn geometry() -> Geometry {
    serde_yaml::from_str(include_str!("data/geometry.yaml")).unwrap()
}

fn quiz(seed: u64, lang: Lang, count: usize) -> Quiz {
    generate(&QuizOptions {
        count,
        seed,
        lang,
        ..QuizOptions::default()
    })
    .unwrap()
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

fn number(text: &str) -> u8 {
    text.trim()
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {text}"))
}

fn has(q: &Question, english: &str, chinese: &str) -> bool {
    q.prompt.contains(english) || q.prompt.contains(chinese)
}

fn position(q: &Question) -> Position {
    q.fen.as_deref().expect("a diagram").parse().unwrap()
}

/// Whether `text` names a legal move of `position` (an ambiguous short form counts: some
/// legal move has that start and end).
fn accepted(position: &Position, text: &str) -> bool {
    use damtutor::notation::MoveError;
    match position.parse_move(text) {
        Ok(_) | Err(MoveError::Ambiguous { .. }) => true,
        Err(_) => false,
    }
}

/// The first move text in a prompt, such as `15x4` or `32-28`.
fn move_in(prompt: &str) -> &str {
    prompt
        .split(|c: char| !(c.is_ascii_digit() || c == 'x' || c == '-'))
        .find(|w| {
            w.len() > 2
                && w.starts_with(|c: char| c.is_ascii_digit())
                && (w.contains('x') || w.contains('-'))
        })
        .unwrap_or_else(|| panic!("no move in {prompt}"))
}

/// The truth of each rules statement, as the rules are written (RULES.md), independent of the
/// engine's probes.
fn statement_truth(family: &str, key: &str) -> bool {
    match (family, key) {
        ("first_move", k) => k == "white",
        ("man_moves", k) => k == "quiet_forward_capture_both",
        ("numbering", k) => k == "quiet_white_smaller",
        ("king_facts", k) => matches!(
            k,
            "at_distance" | "any_landing" | "flies" | "turns" | "backward" | "wider"
        ),
        ("man_captures", k) => matches!(k, "backward" | "lands_behind" | "compulsory"),
        ("losing", k) => matches!(k, "no_pieces" | "no_moves" | "resigns"),
        ("majority_king", k) => k == "one",
        ("removal", k) => k == "after",
        ("passing_promotion", k) => k == "stays_man",
        other => panic!("no truth table for {other:?}"),
    }
}

/// Recomputes the answer of `q` a second way and compares it with the key.
fn check_question(q: &Question, g: &Geometry) {
    let context = format!("{} {}: {} {:?}", q.id, q.family, q.prompt, q.options);
    let squares = |list: &[u8]| -> BTreeSet<u8> { list.iter().copied().collect() };
    let in_set = |set: BTreeSet<u8>| move |_: usize, o: &str| set.contains(&number(o));
    let expected: Vec<String> = match q.family.as_str() {
        "long_diagonal" => letters_where(q, in_set(squares(&g.long_diagonal))),
        "double_diagonal" => letters_where(q, in_set(squares(&g.double_diagonals.concat()))),
        "start_squares" => {
            let (low, high) = if has(q, "white", "白子") {
                (31, 50)
            } else if has(q, "black", "黑子") {
                (1, 20)
            } else {
                (21, 30)
            };
            letters_where(q, |_, o| (low..=high).contains(&number(o)))
        }
        "corners" if q.kind == QuestionType::Blank => {
            g.corners.iter().map(|n| n.to_string()).collect()
        }
        "corners" => letters_where(q, in_set(squares(&g.corners))),
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
            let facts: [(&str, &str, usize); 7] = [
                ("each side has", "双方各有", 20),
                ("squares in all", "深浅相间", 100),
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
                ("squares are empty", "不放置棋子", 10),
                ("move on ____ squares", "格子可以使用", 50),
            ];
            if has(q, "on the ____ squares", "格上走动") {
                assert!(
                    ["dark", "深色"].contains(&q.answer[0].as_str()),
                    "{context}"
                );
                vec![q.answer[0].clone(), "50".to_string()]
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
            let p = position(q);
            letters_where(q, |_, o| p.parse_move(o).is_ok())
        }
        "capture_count" => {
            let p = position(q);
            let most = p
                .legal_moves()
                .iter()
                .map(|m| m.capture_count())
                .max()
                .unwrap();
            if q.kind == QuestionType::Blank {
                vec![most.to_string()]
            } else {
                letters_where(q, |_, o| number(o) as usize == most)
            }
        }
        "capture_legality" => {
            // The route is read back by the engine; the faults are checked on the squares.
            let p = position(q);
            let text = move_in(&q.prompt);
            let legal = p.parse_move(text).is_ok();
            let route: Vec<u8> = text.split('x').map(number).collect();
            let most = p.legal_moves()[0].capture_count();
            let between = |a: u8, b: u8| -> Vec<u8> {
                let (a, b) = (
                    damtutor::Square::new(a).unwrap(),
                    damtutor::Square::new(b).unwrap(),
                );
                let steps = a.row().abs_diff(b.row());
                let dr = if b.row() > a.row() { 1i8 } else { -1 };
                let dc = if b.column() > a.column() { 1i8 } else { -1 };
                (1..steps)
                    .filter_map(|k| {
                        let r = (a.row() as i8 + dr * k as i8) as u8;
                        let c = (a.column() as i8 + dc * k as i8) as u8;
                        damtutor::Square::from_coords(r, c)
                    })
                    .filter(|s| p.piece_at(*s).is_some() && s.number() != route[0])
                    .map(|s| s.number())
                    .collect()
            };
            let legs: Vec<Vec<u8>> = route.windows(2).map(|w| between(w[0], w[1])).collect();
            let key = q.option_keys[q
                .answer
                .first()
                .map(|a| (a.as_bytes()[0] - b'A') as usize)
                .unwrap()]
            .as_str();
            let repeated = legs
                .iter()
                .enumerate()
                .any(|(i, leg)| leg.iter().any(|s| legs[..i].iter().any(|l| l.contains(s))))
                || route[2..]
                    .iter()
                    .enumerate()
                    .any(|(i, s)| legs[..=i].iter().any(|l| l.contains(s)));
            match key {
                "legal" => assert!(legal, "{context}"),
                "twice" | "passes" => assert!(!legal && repeated, "{context}"),
                "fewer" => assert!(!legal && !repeated && route.len() - 1 < most, "{context}"),
                other => panic!("{other}"),
            }
            q.answer.clone()
        }
        "king_landing" => {
            let p = position(q);
            let king = p.legal_moves().first().map(|m| m.from().number()).unwrap();
            letters_where(q, |_, o| accepted(&p, &format!("{king}x{o}")))
        }
        "crowning" => {
            let p = position(q);
            let text = move_in(&q.prompt);
            let m = p.parse_move(text).unwrap();
            let crowned = p.play_unchecked(&m).kings(p.turn()).contains(m.to());
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
                        _ => false,
                    })
                    .map(|(i, _)| letter(i))
                    .collect()
            }
        }
        "first_move" if q.kind == QuestionType::Blank => {
            assert!(["White", "白"].contains(&q.answer[0].as_str()), "{context}");
            q.answer.clone()
        }
        "first_move" | "man_moves" | "numbering" | "king_facts" | "man_captures" | "losing"
        | "majority_king" | "removal" | "passing_promotion" => {
            let false_ones = has(q, "is false", "错误的是");
            q.option_keys
                .iter()
                .enumerate()
                .filter(|(_, k)| statement_truth(&q.family, k) != false_ones)
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
            let values: Vec<&str> = if has(q, "With three kings", "如果棋盘上出现三只王棋")
            {
                vec!["16", "5"]
            } else if has(q, "Three kings against", "三只王棋对单王棋") {
                vec!["16"]
            } else if has(q, "Two kings against", "两只王棋对单王棋") {
                vec!["5"]
            } else if has(q, "neither player has captured", "都没有吃子") {
                vec![
                    "25",
                    if q.answer[1] == "王棋" {
                        "王棋"
                    } else {
                        "kings"
                    },
                ]
            } else if has(q, "only kings moved", "只走王棋") {
                vec!["25"]
            } else {
                assert!(has(q, "same position", "同一局面"), "{context}");
                vec!["3"]
            };
            if q.kind == QuestionType::Blank {
                values.iter().map(|v| v.to_string()).collect()
            } else {
                letters_where(q, |_, o| o == values[0])
            }
        }
        "write_move" => {
            let p = position(q);
            let legal = p.legal_moves();
            assert_eq!(legal.len(), 1, "{context}");
            assert_eq!(p.parse_move(&q.answer[0]).unwrap(), legal[0], "{context}");
            q.answer.clone()
        }
        "move_meaning" => {
            let capture = move_in(&q.prompt).contains('x');
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
            let p = position(q);
            letters_where(q, |_, o| o.parse::<Position>().is_ok_and(|x| x == p))
        }
        "write_fen" => {
            let p = position(q);
            assert_eq!(q.answer[0].parse::<Position>().unwrap(), p, "{context}");
            q.answer.clone()
        }
        "win_line" => {
            // Replay the line with the move reader; the defender is left without a move.
            let mut p = position(q);
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
            let example: Position = q.answer[0].parse().unwrap();
            assert_eq!(example.turn(), q.side.unwrap(), "{context}");
            assert_eq!(q.motif, Some(Motif::TurkishStrike));
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
        QuestionType::Diagram | QuestionType::Design => assert_eq!(q.points, 10),
    }
    let distinct: BTreeSet<&String> = q.options.iter().collect();
    assert_eq!(distinct.len(), q.options.len(), "{context}");
}

#[test]
fn every_answer_is_right_in_many_quizzes() {
    let g = geometry();
    let mut families = BTreeSet::new();
    for seed in 0..40 {
        for lang in [Lang::English, Lang::Chinese] {
            let quiz = quiz(seed, lang, 20);
            assert_eq!(quiz.questions.len(), 20, "seed {seed}");
            assert_eq!(
                quiz.total_points,
                quiz.questions.iter().map(|q| q.points).sum::<u32>()
            );
            let kinds: Vec<QuestionType> = quiz.questions.iter().map(|q| q.kind).collect();
            let mut sorted = kinds.clone();
            sorted.sort();
            assert_eq!(kinds, sorted, "sections in order");
            for (i, q) in quiz.questions.iter().enumerate() {
                assert_eq!(q.id, format!("q{}", i + 1));
                if lang == Lang::Chinese {
                    assert!(
                        q.prompt
                            .chars()
                            .any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c)),
                        "{}: {}",
                        q.id,
                        q.prompt
                    );
                }
                check_question(q, &g);
                families.insert(q.family.clone());
            }
        }
    }
    // Every family turns up somewhere.
    for (name, _, _) in damtutor::quiz::family_names() {
        assert!(families.contains(name), "family {name} never asked");
    }
}

#[test]
fn every_text_from_the_wording_tables_is_filled_in() {
    // A placeholder of the tables ({side}, {all}...) that the code did not fill would show.
    for seed in 0..40 {
        for lang in [Lang::English, Lang::Chinese] {
            let quiz = quiz(seed, lang, 20);
            for q in &quiz.questions {
                let texts = [&q.prompt, &q.explanation].into_iter().chain(&q.options);
                for text in texts {
                    assert!(!text.contains(['{', '}']), "seed {seed} {}: {text}", q.id);
                }
            }
        }
    }
}

#[test]
fn topics_and_types_are_respected() {
    let g = geometry();
    for seed in 0..6 {
        let quiz = generate(&QuizOptions {
            count: 12,
            seed,
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
            check_question(q, &g);
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
    let a = quiz(11, Lang::English, 20);
    let b = quiz(11, Lang::English, 20);
    assert_eq!(a.to_json(), b.to_json());
    assert_eq!(export::gift(&a), export::gift(&b));
    assert_eq!(export::moodle_xml(&a), export::moodle_xml(&b));
    let templates = Templates::load(Document::Quiz, Format::Html, None).unwrap();
    let out = Path::new("quiz.html");
    let first = document::render(&a, &templates, out).unwrap();
    let second = document::render(&b, &templates, out).unwrap();
    assert_eq!(first, second);
    let mut seen = BTreeSet::new();
    for seed in 0..12 {
        let json = quiz(seed, Lang::English, 20)
            .to_json()
            .replace(&format!("\"seed\": {seed}"), "");
        assert!(seen.insert(json), "seed {seed} repeats another quiz");
    }
}

#[test]
fn json_has_the_documented_shape() {
    let quiz = quiz(5, Lang::Chinese, 20);
    let value: serde_json::Value = serde_json::from_str(&quiz.to_json()).unwrap();
    assert_eq!(value["seed"], 5);
    assert_eq!(value["lang"], "zh");
    assert_eq!(value["total_points"], quiz.total_points);
    for q in value["questions"].as_array().unwrap() {
        for field in [
            "id", "type", "topic", "prompt", "options", "answer", "points",
        ] {
            assert!(q.get(field).is_some(), "{field} missing in {q}");
        }
        let kind = q["type"].as_str().unwrap();
        assert!(["single", "multi", "blank", "diagram", "design"].contains(&kind));
        if kind == "diagram" {
            assert!(q["fen"].is_string());
        }
    }
    // The whole quiz reads as a key, and so does the key file.
    let key = Key::from_json(&quiz.to_json()).unwrap();
    assert_eq!(key, quiz.key());
    assert_eq!(Key::from_json(&quiz.key().to_json()).unwrap(), quiz.key());
}

/// Checks that tags open and close in order (CDATA, comments and the declaration skipped).
fn assert_balanced_xml(xml: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        rest = &rest[start..];
        if let Some(body) = rest.strip_prefix("<![CDATA[") {
            let end = body.find("]]>").expect("CDATA closed");
            rest = &body[end + 3..];
            continue;
        }
        if rest.starts_with("<?") || rest.starts_with("<!--") {
            let end = rest.find('>').unwrap();
            rest = &rest[end + 1..];
            continue;
        }
        let end = rest.find('>').expect("tag closed");
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                stack.pop().as_deref(),
                Some(name.trim()),
                "unbalanced </{name}>"
            );
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().unwrap().to_string();
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    assert!(!rest.contains('>') || rest.trim().is_empty());
}

#[test]
fn moodle_xml_is_well_formed_and_complete() {
    for lang in [Lang::English, Lang::Chinese] {
        let quiz = quiz(3, lang, 20);
        let xml = export::moodle_xml(&quiz);
        assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>"));
        assert_balanced_xml(&xml);
        assert_eq!(
            xml.matches("<question type=").count(),
            quiz.questions.len() + 1
        );
        for q in &quiz.questions {
            assert!(xml.contains(&format!("<name><text>{}</text></name>", q.id)));
        }
        // Every diagram travels with its question.
        let diagrams = quiz
            .questions
            .iter()
            .filter(|q| q.fen.is_some() || q.kind == QuestionType::Design)
            .count();
        assert_eq!(xml.matches("<file name=").count(), diagrams);
        assert_eq!(xml.matches("@@PLUGINFILE@@/").count(), diagrams);
        assert!(xml.contains("type=\"cloze\"") && xml.contains("type=\"essay\""));
    }
}

/// GIFT braces balance once escaped characters are skipped.
fn assert_balanced_gift(gift: &str) {
    let mut depth = 0i32;
    let mut chars = gift.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '{' => {
                depth += 1;
                assert_eq!(depth, 1, "nested braces");
            }
            '}' => {
                depth -= 1;
                assert_eq!(depth, 0, "unbalanced braces");
            }
            _ => {}
        }
    }
    assert_eq!(depth, 0);
}

#[test]
fn gift_is_well_formed_with_diagrams() {
    for lang in [Lang::English, Lang::Chinese] {
        let quiz = quiz(4, lang, 20);
        let gift = export::gift(&quiz);
        assert_balanced_gift(&gift);
        for q in &quiz.questions {
            assert!(
                gift.contains(&format!("::{}::[html]", q.id))
                    || gift.contains(&format!("::{}-1::[html]", q.id)),
                "{}",
                q.id
            );
        }
        let images = gift.matches("data\\:image/svg+xml;base64,").count();
        let expected: usize = quiz
            .questions
            .iter()
            .map(|q| {
                if q.kind == QuestionType::Design {
                    1
                } else if q.fen.is_some() {
                    q.blanks.len().max(1)
                } else {
                    0
                }
            })
            .sum();
        assert_eq!(images, expected);
        // Each image decodes back to an SVG.
        let start = gift.find("base64,").unwrap() + 7;
        let end = start + gift[start..].find('"').unwrap();
        let encoded = gift[start..end].replace("\\=", "=");
        assert!(decode_base64(&encoded).starts_with("<svg"));
    }
}

fn decode_base64(text: &str) -> String {
    let table = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for c in text.bytes().filter(|&c| c != b'=') {
        bits = bits << 6 | table.iter().position(|&t| t == c).unwrap() as u32;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// SVG diagrams shortened to their pieces, style sheets dropped, for stable snapshots.
fn summarize(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    loop {
        let svg = rest.find("<svg");
        let style = rest.find("<style>");
        match (svg, style) {
            (Some(s), st) if st.is_none_or(|t| s < t) => {
                out.push_str(&rest[..s]);
                let end = rest[s..].find("</svg>").unwrap() + s + 6;
                let pieces: Vec<String> = rest[s..end]
                    .split("data-square=\"")
                    .skip(1)
                    .map(|p| {
                        let square = &p[..p.find('"').unwrap()];
                        let code = p.split("data-piece=\"").nth(1).unwrap_or("");
                        format!("{}{square}", &code[..code.find('"').unwrap_or(0)])
                    })
                    .collect();
                out.push_str(&format!("<svg [{}]/>", pieces.join(" ")));
                rest = &rest[end..];
            }
            (_, Some(t)) => {
                out.push_str(&rest[..t]);
                let end = rest[t..].find("</style>").unwrap() + t + 8;
                out.push_str("<style/>");
                rest = &rest[end..];
            }
            _ => break,
        }
    }
    out.push_str(rest);
    out
}

fn small_quiz(lang: Lang) -> Quiz {
    generate(&QuizOptions {
        count: 7,
        seed: 2024,
        lang,
        types: vec![
            QuestionType::Single,
            QuestionType::Multi,
            QuestionType::Blank,
            QuestionType::Diagram,
        ],
        ..QuizOptions::default()
    })
    .unwrap()
}

#[test]
fn snapshots_of_the_printed_quiz() {
    for (lang, name) in [(Lang::English, "en"), (Lang::Chinese, "zh")] {
        let quiz = small_quiz(lang);
        for format in [Format::Html, Format::Markdown] {
            let templates = Templates::load(Document::Quiz, format, None).unwrap();
            let out = format!("quiz.{}", format.extension());
            let files = document::render(&quiz, &templates, Path::new(&out)).unwrap();
            assert_eq!(files[0].path, Path::new(&out));
            assert_eq!(
                files[1].path,
                Path::new(&format!("quiz-answers.{}", format.extension()))
            );
            let ext = format.extension();
            insta::assert_snapshot!(format!("quiz_{ext}_{name}"), summarize(&files[0].contents));
            insta::assert_snapshot!(
                format!("quiz_key_{ext}_{name}"),
                summarize(&files[1].contents)
            );
            if format == Format::Markdown {
                let diagrams: Vec<_> = files[2..].iter().map(|f| f.path.clone()).collect();
                assert!(!diagrams.is_empty());
                for path in &diagrams {
                    assert!(path.starts_with("quiz-diagrams"));
                    assert!(
                        files[0].contents.contains(&path.display().to_string())
                            || files[1].contents.contains(&path.display().to_string())
                    );
                }
            }
        }
    }
}

#[test]
fn user_templates_replace_the_built_in_ones() {
    let folder =
        std::env::temp_dir().join(format!("damtutor-quiz-templates-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("quiz.md"), "{{ title }}: {{ total_points }}").unwrap();
    let templates = Templates::load(Document::Quiz, Format::Markdown, Some(&folder)).unwrap();
    let quiz = small_quiz(Lang::English);
    let files = document::render(&quiz, &templates, Path::new("q.md")).unwrap();
    assert_eq!(
        files[0].contents,
        format!("Rules test: international draughts: {}", quiz.total_points)
    );
    std::fs::remove_dir_all(&folder).unwrap();
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
    assert!(
        stdout.starts_with("wrote quiz.html (20 questions"),
        "{stdout}"
    );
    assert!(stdout.contains("wrote quiz-answers.html"));
    assert!(stdout.contains("wrote quiz-key.json"));
    let key = Key::load(&dir.join("quiz-key.json")).unwrap();
    assert_eq!(key.questions.len(), 20);
    assert_eq!(key, quiz(9, Lang::English, 20).key());
    let html = std::fs::read_to_string(dir.join("quiz.html")).unwrap();
    assert!(html.contains("Rules test: international draughts"));

    // JSON goes to standard output and matches the library.
    let output = damtutor(
        &["quiz", "--seed", "9", "--lang", "zh", "--format", "json"],
        &dir,
    );
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        quiz(9, Lang::Chinese, 20).to_json()
    );

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

    // Errors: a bad topic is a usage error, an impossible mix is rejected.
    let output = damtutor(&["quiz", "--topics", "chess"], &dir);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a topic"));
    let output = damtutor(&["quiz", "--topics", "board", "--types", "diagram"], &dir);
    assert_eq!(output.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}
