//! Scoring quiz answers against their key (`damtutor::check::score`), in every game: every
//! answer of the key scores full marks, each question type reads the forms students write, a
//! move is scored by the notation rules (a capture needs its `x`), 8x8 answers are read by their
//! game's rules, Chinese feedback stays Chinese, and no answer, however strange, breaks the
//! scorer.

use crate::support::english_words as english;
use crate::support::quiz_answers::{self as answers, made};
use english::english_words;

use damtutor::check::check_line;
use damtutor::check::{score, AnswerValue, QuizScore};
use damtutor::quiz::{Key, Question, QuestionType, Quiz, QuizOptions};
use damtutor::solver::{Goal, Limits, Solver};
use damtutor::words::Lang;
use damtutor::{with_variant, International, Position, Rules, Variant};
use std::collections::BTreeMap;
use std::path::Path;

/// The sampled quiz of `variant`, `seed` and `lang` (FEN questions on odd seeds), made once a
/// test run for every quiz test that reads it.
fn quiz(variant: Variant, seed: u64, lang: Lang) -> Quiz {
    answers::made(&answers::sampled(variant, seed, lang))
}

/// The points scored on question `id`.
fn points_of(result: &QuizScore, id: &str) -> (f64, String, String) {
    let q = result.questions.iter().find(|q| q.id == id).unwrap();
    (q.points, q.verdict.to_string(), q.feedback.clone())
}

fn answers(pairs: &[(&str, AnswerValue)]) -> BTreeMap<String, AnswerValue> {
    pairs
        .iter()
        .map(|(id, v)| (id.to_string(), v.clone()))
        .collect()
}

fn text(s: &str) -> AnswerValue {
    AnswerValue::Text(s.to_string())
}

#[test]
fn the_key_answers_score_full_marks() {
    for (variant, seed) in Variant::ALL
        .iter()
        .flat_map(|&v| (0..4).map(move |s| (v, s)))
    {
        for lang in [Lang::English, Lang::Chinese] {
            let quiz = quiz(variant, seed, lang);
            let key = quiz.key();
            let given: BTreeMap<String, AnswerValue> = key
                .questions
                .iter()
                .map(|q| (q.id.clone(), AnswerValue::List(q.answer.clone())))
                .collect();
            let result = score(&key, &given);
            for q in &result.questions {
                assert!(q.correct, "{variant} seed {seed} {}: {}", q.id, q.feedback);
            }
            assert_eq!(result.points, f64::from(quiz.total_points));
            let nothing = score(&key, &BTreeMap::new());
            assert_eq!(nothing.points, 0.0);
            assert!(nothing.questions.iter().all(|q| q.verdict == "missing"));
        }
    }
}

fn find(quiz: &Quiz, family: &str, kind: QuestionType) -> Option<Question> {
    quiz.questions
        .iter()
        .find(|q| q.family == family && q.kind == kind)
        .cloned()
}

/// A quiz of `variant` with a question of `family` and `kind`, searched over seeds.
fn with_question_in(
    variant: Variant,
    family: &str,
    kind: QuestionType,
    lang: Lang,
) -> (Quiz, Question) {
    // Thirty questions of the type, so that most families turn up in the first quiz; one design
    // question, the only design family (each is the dearest question to make).
    let count = if kind == QuestionType::Design { 1 } else { 30 };
    for seed in 0..200 {
        let quiz = made(&QuizOptions {
            variants: vec![variant],
            count: Some(count),
            seed,
            lang,
            types: vec![kind],
            // The FEN blanks are asked for (a teacher's choice, off by default).
            fen_questions: true,
            ..QuizOptions::default()
        });
        if let Some(q) = find(&quiz, family, kind) {
            return (quiz, q);
        }
    }
    panic!("no {variant} {family} question");
}

fn with_question(family: &str, kind: QuestionType, lang: Lang) -> (Quiz, Question) {
    with_question_in(Variant::International, family, kind, lang)
}

#[test]
fn single_choice_scores_the_one_letter() {
    let (quiz, q) = with_question("long_diagonal", QuestionType::Single, Lang::English);
    let key = quiz.key();
    let right = q.answer[0].clone();
    let wrong = ["A", "B", "C", "D"]
        .into_iter()
        .find(|l| *l != right)
        .unwrap();
    for (given, points) in [
        (right.clone(), 2.0),
        (right.to_lowercase(), 2.0),
        (format!("({right})"), 2.0),
        (format!("{right}."), 2.0),
        (wrong.to_string(), 0.0),
        (format!("{right},{wrong}"), 0.0),
    ] {
        let result = score(&key, &answers(&[(q.id.as_str(), text(&given))]));
        let (got, _, feedback) = points_of(&result, &q.id);
        assert_eq!(got, points, "{given}: {feedback}");
    }
    // Full-width letters, as typed with a Chinese keyboard.
    let wide: String = right
        .chars()
        .map(|c| char::from_u32(c as u32 + 0xFEE0).unwrap())
        .collect();
    let result = score(&key, &answers(&[(q.id.as_str(), text(&wide))]));
    assert_eq!(points_of(&result, &q.id).0, 2.0);
}

#[test]
fn multiple_choice_is_all_or_nothing() {
    let (quiz, q) = (0..200)
        .find_map(|seed| {
            let quiz = made(&QuizOptions {
                count: Some(20),
                seed,
                types: vec![QuestionType::Multi],
                ..QuizOptions::default()
            });
            let q = quiz.questions.iter().find(|q| q.answer.len() >= 2)?.clone();
            Some((quiz, q))
        })
        .unwrap();
    let key = quiz.key();
    let all = q.answer.join(",");
    let compact = q.answer.join("");
    let some = q.answer[0].clone();
    let extra = ["A", "B", "C", "D", "E"]
        .into_iter()
        .find(|l| !q.answer.contains(&l.to_string()))
        .unwrap();
    for (given, points) in [
        (text(&all), 4.0),
        (text(&compact), 4.0),
        (text(&q.answer.join("、")), 4.0),
        (
            AnswerValue::List(q.answer.iter().rev().cloned().collect()),
            4.0,
        ),
        (text(&some), 0.0),
        (text(&format!("{all},{extra}")), 0.0),
    ] {
        let result = score(&key, &answers(&[(q.id.as_str(), given.clone())]));
        assert_eq!(points_of(&result, &q.id).0, points, "{given:?}");
    }
}

#[test]
fn blanks_accept_both_languages_and_number_words() {
    let (quiz, q) = with_question("jumping", QuestionType::Blank, Lang::Chinese);
    let key = quiz.key();
    let chinese: Vec<String> = q.answer.clone();
    let english: Vec<String> = chinese
        .iter()
        .map(|a| {
            if a == "允许" {
                "Permitted"
            } else {
                "forbidden"
            }
            .to_string()
        })
        .collect();
    let allowed: Vec<String> = chinese
        .iter()
        .map(|a| {
            if a == "允许" {
                "allowed"
            } else {
                "不允许"
            }
            .to_string()
        })
        .collect();
    let full = f64::from(q.points);
    for given in [
        AnswerValue::List(chinese.clone()),
        AnswerValue::List(english.clone()),
        text(&allowed.join("；")),
        text(&english.join(", ")),
        text(&chinese.join(" ")),
    ] {
        let result = score(&key, &answers(&[(q.id.as_str(), given.clone())]));
        assert_eq!(
            points_of(&result, &q.id).0,
            full,
            "{given:?}: {:?}",
            result.questions
        );
    }
    // One blank wrong: the others still count.
    let mut one_wrong = chinese.clone();
    one_wrong[0] = if one_wrong[0] == "允许" {
        "禁止"
    } else {
        "允许"
    }
    .to_string();
    let result = score(
        &key,
        &answers(&[(q.id.as_str(), AnswerValue::List(one_wrong))]),
    );
    let (points, verdict, _) = points_of(&result, &q.id);
    assert_eq!((points, verdict.as_str()), (full - 2.0, "partial"));

    let (quiz, q) = with_question("draw_rules", QuestionType::Blank, Lang::English);
    let key = quiz.key();
    let words: Vec<String> = q
        .answer
        .iter()
        .map(|a| match a.as_str() {
            "25" => "twenty-five".to_string(),
            "16" => "十六".to_string(),
            "5" => "５".to_string(),
            "3" => "third".to_string(),
            other => other.to_uppercase(),
        })
        .collect();
    let result = score(&key, &answers(&[(q.id.as_str(), AnswerValue::List(words))]));
    assert_eq!(
        points_of(&result, &q.id).0,
        f64::from(q.points),
        "{:?}",
        result.questions
    );
}

#[test]
fn move_and_fen_blanks_read_the_diagram() {
    let (quiz, q) = with_question("write_move", QuestionType::Blank, Lang::English);
    let p: Position<International> = q.fen.as_deref().unwrap().parse().unwrap();
    let m = p.parse_move(&q.answer[0]).unwrap();
    let full = p.full_move_text(&m);
    let key = quiz.key();
    for given in [q.answer[0].clone(), full.replace('x', "×"), full] {
        let result = score(&key, &answers(&[(q.id.as_str(), text(&given))]));
        assert_eq!(points_of(&result, &q.id).0, 2.0, "{given}");
    }
    let result = score(&key, &answers(&[(q.id.as_str(), text("32-28"))]));
    assert_eq!(points_of(&result, &q.id).0, 0.0);

    let (quiz, q) = with_question("write_fen", QuestionType::Blank, Lang::Chinese);
    let key = quiz.key();
    let p: Position<International> = q.answer[0].parse().unwrap();
    // Black first, spaces, and a trailing dot still read as the same position.
    let black: Vec<String> = p
        .pieces(damtutor::Color::Black)
        .iter()
        .map(|s| {
            let king = p.kings(damtutor::Color::Black).contains(s);
            format!("{}{s}", if king { "K" } else { "" })
        })
        .collect();
    let white: Vec<String> = p
        .pieces(damtutor::Color::White)
        .iter()
        .map(|s| {
            let king = p.kings(damtutor::Color::White).contains(s);
            format!("{}{s}", if king { "K" } else { "" })
        })
        .collect();
    let other = format!(
        "{}:B{}:W{}.",
        p.turn().letter(),
        black.join(", "),
        white.join(", ")
    );
    let result = score(&key, &answers(&[(q.id.as_str(), text(&other))]));
    assert_eq!(points_of(&result, &q.id).0, 2.0, "{other}");
    let flipped = p.with_turn(p.turn().other()).to_string();
    let result = score(&key, &answers(&[(q.id.as_str(), text(&flipped))]));
    assert_eq!(points_of(&result, &q.id).0, 0.0);
}

#[test]
fn diagram_lines_are_checked_by_the_solver() {
    let (quiz, q) = with_question("win_line", QuestionType::Diagram, Lang::English);
    let key = quiz.key();
    let points = f64::from(q.points);
    let position: Position<International> = q.fen.as_deref().unwrap().parse().unwrap();
    // The key line itself, with numbers: accepted by check-line too.
    let line = q.answer.join(" ");
    let check = check_line(
        &mut Solver::new(),
        &position,
        &line,
        Goal::Win,
        None,
        Limits::default(),
    )
    .unwrap();
    assert!(check.accepted);
    let solver_moves: Vec<String> = q.answer.iter().step_by(2).cloned().collect();
    for (given, expected) in [
        (line.clone(), points),
        // Only the solving side's moves: the defender's forced replies are filled in.
        (solver_moves.join(" "), points),
        // The key move alone: right but incomplete.
        (q.answer[0].clone(), points / 2.0),
    ] {
        let result = score(&key, &answers(&[(q.id.as_str(), text(&given))]));
        let (got, _, feedback) = points_of(&result, &q.id);
        assert_eq!(got, expected, "{given}: {feedback}");
    }
    // A legal move that is not the key.
    let wrong = position
        .legal_moves()
        .iter()
        .map(|m| position.move_text(m))
        .find(|t| *t != q.answer[0])
        .unwrap();
    let result = score(&key, &answers(&[(q.id.as_str(), text(&wrong))]));
    let (got, _, feedback) = points_of(&result, &q.id);
    assert_eq!(got, 0.0, "{wrong}: {feedback}");
    let result = score(&key, &answers(&[(q.id.as_str(), text("51-46"))]));
    assert_eq!(points_of(&result, &q.id).0, 0.0);
}

#[test]
fn designs_are_accepted_when_the_solver_finds_the_turkish_strike() {
    let key = Key::from_json(
        r#"{"seed": 1, "lang": "en", "total_points": 10, "questions": [
            {"id": "q1", "type": "design", "topic": "tactics", "answer": ["W:W11,23,27,28,43:BK47"],
             "points": 10, "goal": "auto", "motif": "turkish_strike", "side": "white"}]}"#,
    )
    .unwrap();
    let mark = |given: &str| {
        let result = score(&key, &answers(&[("q1", text(given))]));
        (result.points, result.questions[0].feedback.clone())
    };
    for accepted in [
        "W:W8,14,32,38,43:BK48",
        "white 11 23 27 28 43 black K47",
        "白：11、23、27、28、43；黑：K47",
    ] {
        let (points, feedback) = mark(accepted);
        assert_eq!(points, 10.0, "{accepted}: {feedback}");
        assert!(feedback.contains("Turkish strike"), "{feedback}");
    }
    for (rejected, why) in [
        // A win, but by a plain breakthrough shot.
        ("W:W26,31,32,43:B9,17,19,38", "not with"),
        // Nothing to win.
        ("W:W46:B5", "No forced win"),
        // Black to move.
        ("B:W11,23,27,28,43:BK47", "White to move"),
        // Not a position.
        ("W:W3:B47", "Not a position"),
        ("eleven men", "Not a position"),
    ] {
        let (points, feedback) = mark(rejected);
        assert_eq!(points, 0.0, "{rejected}");
        assert!(feedback.contains(why), "{rejected}: {feedback}");
    }
}

#[test]
fn scoring_survives_any_answer() {
    let quiz = quiz(Variant::International, 21, Lang::Chinese);
    let key = quiz.key();
    let garbage = [
        "",
        "   ",
        "Z",
        "A,B,C,D,E,F",
        "五十",
        "；；；",
        "x-x",
        "99x100",
        "1. ",
        "W:W51",
        "white K",
        "白：",
        "黑：K，K",
        "\u{0}\u{FFFF}",
        "ＡＢ",
        "第",
        "twenty-five-six",
    ];
    for text in garbage {
        let given: BTreeMap<String, AnswerValue> = key
            .questions
            .iter()
            .map(|q| (q.id.clone(), AnswerValue::Text(text.to_string())))
            .collect();
        let result = score(&key, &given);
        assert!(result.points <= result.max);
        let lists: BTreeMap<String, AnswerValue> = key
            .questions
            .iter()
            .map(|q| (q.id.clone(), AnswerValue::List(vec![text.to_string(); 4])))
            .collect();
        let result = score(&key, &lists);
        assert!(result.points <= result.max);
    }
    // A key with missing pieces still scores without panicking.
    let broken = Key::from_json(
        r#"{"seed": 0, "lang": "xx", "total_points": 3, "questions": [
            {"id": "q1", "type": "blank", "topic": "rules", "answer": [], "points": 2,
             "blanks": [{"points": 2, "kind": "number", "accept": []}]},
            {"id": "q2", "type": "diagram", "topic": "tactics", "answer": [], "points": 1,
             "fen": "not a fen"},
            {"id": "q3", "type": "single", "topic": "board", "answer": ["A"], "points": 2, "options": 4}]}"#,
    )
    .unwrap();
    let result = score(
        &broken,
        &answers(&[("q1", text("5")), ("q2", text("32-28")), ("q3", text("a"))]),
    );
    assert_eq!(result.points, 2.0);
    assert!(Key::from_json("{}").is_err());
    assert!(Key::load(Path::new("/nonexistent/key.json")).is_err());
}

// ---- every game ----

/// A capture written with `-` (or a quiet move with `x`) is not the move the key asks for,
/// though it names the same squares: the notation rules, in every game's notation.
fn notation_rules_in<R: Rules>(variant: Variant) {
    for lang in [Lang::English, Lang::Chinese] {
        let (quiz, q) = with_question_in(variant, "write_move", QuestionType::Blank, lang);
        let key = quiz.key();
        let p: damtutor_rules::Position<R> = q.fen.as_deref().unwrap().parse().unwrap();
        let m = p.parse_move(&q.answer[0]).unwrap();
        assert!(m.is_capture());
        let mark = variant.rules().capture_separator();
        let full = p.full_move_text(&m);
        // The key's text, the full path, a capture mark of another game, a wide ×.
        for given in [
            q.answer[0].clone(),
            full.clone(),
            q.answer[0].replace(mark, "×"),
            q.answer[0].replace(mark, if mark == 'x' { ":" } else { "x" }),
            q.answer[0].to_uppercase(),
        ] {
            let result = score(&key, &answers(&[(q.id.as_str(), text(&given))]));
            assert_eq!(points_of(&result, &q.id).0, 2.0, "{variant} {given}");
        }
        // `20-49` where the key is `20x49`.
        let dashed = q.answer[0].replace(mark, "-");
        assert!(
            p.parse_move(&dashed).is_ok(),
            "the reader is lenient: {dashed}"
        );
        let result = score(&key, &answers(&[(q.id.as_str(), text(&dashed))]));
        let (points, verdict, feedback) = points_of(&result, &q.id);
        assert_eq!(
            (points, verdict.as_str()),
            (0.0, "wrong"),
            "{variant} {dashed}"
        );
        assert!(feedback.contains(&q.answer[0]), "{feedback}");
        if lang == Lang::Chinese {
            assert!(feedback.contains("吃子的着法要用"), "{feedback}");
        }
    }
}

#[test]
fn a_capture_needs_its_capture_mark_in_every_game() {
    for variant in Variant::ALL {
        with_variant!(variant, R => notation_rules_in::<R>(variant));
    }
}

#[test]
fn square_blanks_take_any_name_of_the_square() {
    let (quiz, q) = with_question_in(
        Variant::Brazilian,
        "corners",
        QuestionType::Blank,
        Lang::Chinese,
    );
    assert_eq!(q.answer, ["a1", "h8"]);
    let key = quiz.key();
    for given in ["a1；h8", "A1, H8", "29 4", "ａ１、ｈ８"] {
        let result = score(&key, &answers(&[(q.id.as_str(), text(given))]));
        assert_eq!(points_of(&result, &q.id).0, 2.0, "{given}");
    }
    let result = score(&key, &answers(&[(q.id.as_str(), text("h8, a1"))]));
    assert_eq!(points_of(&result, &q.id).0, 0.0);
}

/// The key line of a diagram question of `R`, and the key move alone, scored by `R`'s rules.
fn diagram_lines_in<R: Rules>(variant: Variant) {
    let (quiz, q) = with_question_in(variant, "win_line", QuestionType::Diagram, Lang::English);
    let key = quiz.key();
    let points = f64::from(q.points);
    let position: damtutor_rules::Position<R> = q.fen.as_deref().unwrap().parse().unwrap();
    // The line with move numbers, as a student writes it (`1. c1-d2 c3xe1 2. ...`).
    let mut at = position;
    let mut moves = Vec::new();
    for text in &q.answer {
        let m = at.parse_move(text).unwrap();
        moves.push(m);
        at = at.play_unchecked(&m);
    }
    let numbered = damtutor::solver::annotate(&position, &moves, false);
    for (given, expected) in [
        (q.answer.join(" "), points),
        (numbered, points),
        (q.answer[0].clone(), points / 2.0),
    ] {
        let result = score(&key, &answers(&[(q.id.as_str(), text(&given))]));
        let (got, _, feedback) = points_of(&result, &q.id);
        assert_eq!(got, expected, "{variant} {given}: {feedback}");
    }
    let wrong = position
        .legal_moves()
        .iter()
        .map(|m| position.move_text(m))
        .find(|t| *t != q.answer[0]);
    if let Some(wrong) = wrong {
        let result = score(&key, &answers(&[(q.id.as_str(), text(&wrong))]));
        assert_eq!(points_of(&result, &q.id).0, 0.0, "{variant} {wrong}");
    }
}

#[test]
fn diagram_lines_of_every_game_are_checked_by_its_solver() {
    for variant in [Variant::Brazilian, Variant::Russian, Variant::English] {
        with_variant!(variant, R => diagram_lines_in::<R>(variant));
    }
}

#[test]
fn designs_of_every_game_are_proven_by_its_solver() {
    for variant in [Variant::Brazilian, Variant::Russian, Variant::English] {
        for lang in [Lang::English, Lang::Chinese] {
            let (quiz, q) = with_question_in(variant, "design", QuestionType::Design, lang);
            let key = quiz.key();
            // The example of the key, as a FEN, is accepted.
            let result = score(&key, &answers(&[(q.id.as_str(), text(&q.answer[0]))]));
            let (points, _, feedback) = points_of(&result, &q.id);
            assert_eq!(points, f64::from(q.points), "{variant}: {feedback}");
            // Each side's squares, in the game's names, with the Chinese side words.
            let example = damtutor::VariantPosition::from_fen(variant, &q.answer[0]).unwrap();
            let names = |color: damtutor::Color| -> String {
                example
                    .pieces(color)
                    .iter()
                    .map(|s| {
                        let king = example.kings(color).contains(s);
                        format!(
                            "{}{}",
                            if king { "K" } else { "" },
                            variant.rules().square_name(s)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let dark = if variant == Variant::English {
                "红"
            } else {
                "黑"
            };
            let written = format!(
                "白：{} {dark}：{}",
                names(damtutor::Color::White),
                names(damtutor::Color::Black)
            );
            let result = score(&key, &answers(&[(q.id.as_str(), text(&written))]));
            let (points, _, feedback) = points_of(&result, &q.id);
            assert_eq!(
                points,
                f64::from(q.points),
                "{variant} {written}: {feedback}"
            );
            // A lone man walking to the crowning row is no design.
            let result = score(&key, &answers(&[(q.id.as_str(), text("白：9 黑：32"))]));
            assert_eq!(points_of(&result, &q.id).0, 0.0, "{variant}");
        }
    }
}

#[test]
fn chinese_feedback_is_all_chinese_in_every_game() {
    let wrong_answers = [
        "B",
        "A,C",
        "禁止",
        "七",
        "c3-d4",
        "32-28",
        "1. 9-14",
        "白：11 黑：K47",
        "白 3",
        "x",
    ];
    for variant in Variant::ALL {
        let quiz = quiz(variant, 2, Lang::Chinese);
        let key = quiz.key();
        let mut all: Vec<BTreeMap<String, AnswerValue>> = wrong_answers
            .iter()
            .map(|a| {
                key.questions
                    .iter()
                    .map(|q| (q.id.clone(), text(a)))
                    .collect()
            })
            .collect();
        // The key's own answers with the capture mark of each move replaced.
        all.push(
            key.questions
                .iter()
                .map(|q| {
                    (
                        q.id.clone(),
                        text(&q.answer.join(" ").replace(['x', ':'], "-")),
                    )
                })
                .collect(),
        );
        for given in all {
            for q in score(&key, &given).questions {
                // What the student wrote may be quoted back; nothing else may be English.
                let wrote = given[&q.id].joined().to_lowercase();
                let words: Vec<String> = english_words(&q.feedback)
                    .into_iter()
                    .filter(|w| !wrote.contains(&w.to_lowercase()))
                    .collect();
                assert!(
                    words.is_empty(),
                    "{variant} {}: {words:?} in {}",
                    q.id,
                    q.feedback
                );
            }
        }
    }
}

#[test]
fn chinese_diagram_feedback_numbers_moves_as_in_a_book() {
    let (quiz, q) = with_question("win_line", QuestionType::Diagram, Lang::Chinese);
    let key = quiz.key();
    let position: Position<International> = q.fen.as_deref().unwrap().parse().unwrap();
    let side = match position.turn() {
        damtutor::Color::White => "白方",
        damtutor::Color::Black => "黑方",
    };
    let wrong = position
        .legal_moves()
        .iter()
        .map(|m| position.move_text(m))
        .find(|t| *t != q.answer[0])
        .unwrap();
    let result = score(&key, &answers(&[(q.id.as_str(), text(&wrong))]));
    let (got, verdict, feedback) = points_of(&result, &q.id);
    assert_eq!(got, 0.0, "{wrong}: {feedback}");
    // The check's own sentence, numbered by 回合 as the seeds number moves, never "第 1 步":
    // a proven refutation, or a move the quiz's limits cannot judge (not marked).
    let start = match verdict.as_str() {
        "wrong" => "错误：",
        "unknown" => "无法在限定内判断（请老师判断）：",
        other => panic!("{wrong}: {other}: {feedback}"),
    };
    assert!(
        feedback.starts_with(&format!("{start}第 1 回合{side} {wrong} ")),
        "{feedback}"
    );
    assert!(!feedback.contains("步 "), "{feedback}");
    // The key move alone: right so far, in Chinese.
    let result = score(&key, &answers(&[(q.id.as_str(), text(&q.answer[0]))]));
    let (_, _, feedback) = points_of(&result, &q.id);
    assert!(
        feedback.starts_with("到这里都对") || feedback.starts_with("正确"),
        "{feedback}"
    );
}
