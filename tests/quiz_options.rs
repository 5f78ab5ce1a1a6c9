//! Quizzes as teachers set them: totals met exactly for any total, counts of each type,
//! topics and types, determinism per seed, versions with their own keys, the JSON and key
//! shapes, and the command (files, formats, versions, errors and exit codes).

use crate::support::cli;

use crate::support::quiz_answers as answers;

use answers::{check_question, options, quiz, square};
use damtutor::quiz::{generate, Key, Question, QuestionType, Quiz, QuizOptions, Topic, TypeCounts};
use damtutor::words::Lang;
use damtutor::Variant;
use std::collections::BTreeSet;
use std::path::Path;

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
            assert!(
                count(QuestionType::Diagram) >= 1 && count(QuestionType::Design) >= 1,
                "{variant} {total}: {} diagram, {} design",
                count(QuestionType::Diagram),
                count(QuestionType::Design)
            );
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
    // In Chinese, without the command line's flags (the desk's page has none).
    let chinese = error.say(Lang::Chinese);
    assert_eq!(
        chinese,
        "所选的 5 道题共 10 分，不是 11 分：请把总分设为 10，或另选题目"
    );
    assert!(error.is_points());
}

#[test]
fn the_commands_refusals_are_in_the_quizs_language() {
    let dir = temp_dir("refusals-zh");
    std::fs::create_dir(dir.join("taken")).unwrap();
    let level_2 = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("exercises/course/international/level-2.yaml")
        .display()
        .to_string();
    let read = exercises_in(&level_2);
    let none_at_level_1 = format!("没有符合 --max-level 1 的练习（共读入 {read} 道）");
    for (args, code, message) in [
        (
            vec!["quiz", "--lang", "zh", "--single", "3", "--total", "7"],
            2,
            "所选的 3 道题共 6 分，不是 7 分：请把总分设为 6，或另选题目",
        ),
        (
            vec!["quiz", "--lang", "zh", &level_2, "--max-level", "1"],
            2,
            none_at_level_1.as_str(),
        ),
        (
            vec![
                "quiz",
                "--lang",
                "zh",
                "--types",
                "design",
                "--variant",
                "english",
                "--topics",
                "board",
            ],
            1,
            "没有合适的题目：english，考查范围 board，题型 design",
        ),
        // The outputs' refusals too.
        (
            vec!["quiz", "--lang", "zh", "--seed", "1", "--out", "taken"],
            2,
            "taken 是文件夹，不能用文件替换",
        ),
    ] {
        let output = damtutor(&args, &dir);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(code), "{args:?}: {stderr}");
        assert_eq!(stderr.trim(), format!("damtutor: {message}"), "{args:?}");
    }
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
        // Made twice here: `quiz` makes each quiz once a test run.
        let a = generate(&options(&[variant], 11, Lang::English)).unwrap();
        let b = generate(&options(&[variant], 11, Lang::English)).unwrap();
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
        (q.family, q.prompt.clone(), options, q.fen.clone())
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
    cli::run_in(dir, args)
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
    // The seed and the time are the machine's words: printed with --verbose only.
    assert!(
        !stdout.contains("seed") && !stdout.contains(" ms"),
        "{stdout}"
    );
    let output = damtutor(&["quiz", "--seed", "9", "--verbose"], &dir);
    let verbose = String::from_utf8(output.stdout).unwrap();
    assert!(verbose.contains("100 points, seed 9, "), "{verbose}");
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
    // What the command says is in the quiz's language.
    let questions = quiz(Variant::Brazilian, 9, Lang::Chinese).questions.len();
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        format!("试卷（{questions} 道题，100 分）已输出到标准输出\n")
    );
    // A printed quiz with --out - goes to standard output, its key beside it.
    let printed = temp_dir("stdout");
    let output = damtutor(
        &[
            "quiz", "--seed", "9", "--format", "md", "--out", "-", "--lang", "zh",
        ],
        &printed,
    );
    assert!(output.status.success());
    let paper = String::from_utf8(output.stdout).unwrap();
    assert!(paper.starts_with("# 百格国际跳棋规则测试"), "{paper}");
    assert!(!printed.join("quiz.md").exists());
    assert!(printed.join("quiz-answers.md").exists());
    let said = String::from_utf8(output.stderr).unwrap();
    assert!(
        said.contains("已输出到标准输出") && said.contains("已写入 quiz-answers.md"),
        "{said}"
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
    assert!(answers.contains("Paper number 4"));
    let output = damtutor(&["quiz", "--versions", "2", "--format", "json"], &dir);
    assert_eq!(output.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_fen_writing_unless_asked_for() {
    // A children's paper never asks for a FEN (局面代码) to be written; `--fen-questions` does.
    let notation = |seed: u64, fen_questions: bool| {
        generate(&QuizOptions {
            topics: vec![Topic::Notation],
            types: vec![QuestionType::Blank, QuestionType::Single],
            fen_questions,
            ..options(
                &[Variant::International, Variant::Brazilian],
                seed,
                Lang::Chinese,
            )
        })
        .unwrap()
    };
    let mut asked = 0;
    for seed in 1..=10 {
        let quiz = notation(seed, false);
        assert!(
            quiz.questions.iter().all(|q| q.family != "write_fen"),
            "seed {seed}"
        );
        asked += notation(seed, true)
            .questions
            .iter()
            .filter(|q| q.family == "write_fen")
            .count();
    }
    assert!(asked > 0, "--fen-questions asks for FEN writing");
}

// ---- diagram questions from exercise sets ----

/// The exercises of the course's `game` folder.
fn course(game: &str) -> (std::path::PathBuf, Vec<damtutor::exercise::Exercise>) {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("exercises/course")
        .join(game);
    let exercises = damtutor::exercise::files_under(&folder)
        .unwrap()
        .iter()
        .flat_map(|file| damtutor::exercise::load(file).unwrap().exercises)
        .collect();
    (folder, exercises)
}

#[test]
fn a_quiz_asks_the_exercises_chosen_from_the_course() {
    let dir = temp_dir("course");
    let (folder, exercises) = course("russian");
    let folder = folder.display().to_string();
    let args = [
        "quiz", &folder, "--level", "2", "--types", "diagram", "--total", "40", "--seed", "5",
        "--key", "key.json",
    ];
    let output = damtutor(&args, &dir);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let key = Key::from_json(&std::fs::read_to_string(dir.join("key.json")).unwrap()).unwrap();
    assert!(key.questions.len() >= 2, "{key:?}");
    // Every diagram is a level-2 exercise of the course, asked with its goal, in its game
    // (no --variant: the game of the exercises).
    for question in &key.questions {
        assert_eq!(question.variant, Variant::Russian);
        let fen = question.fen.as_deref().unwrap();
        let position = damtutor::VariantPosition::from_fen(Variant::Russian, fen).unwrap();
        let exercise = exercises
            .iter()
            .find(|e| e.position.to_string() == position.to_string())
            .unwrap_or_else(|| panic!("{fen} is not an exercise of the course"));
        assert_eq!(exercise.difficulty, Some(2), "{}", exercise.id);
        assert_eq!(question.goal, Some(exercise.goal), "{}", exercise.id);
    }
}

#[test]
fn a_choice_of_exercises_that_leaves_no_question_is_refused() {
    let dir = temp_dir("course-refused");
    let (folder, _) = course("international");
    let level_2 = format!("{}/level-2.yaml", folder.display());
    let none_at_level_5 = format!(
        "no exercise matches --level 5 (of the {} exercises read)",
        exercises_in(&level_2)
    );
    let shots_64 = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("exercises/04-64-shots-zh.yaml")
        .display()
        .to_string();
    for (args, message) in [
        (
            vec!["quiz", &level_2, "--level", "5"],
            none_at_level_5.as_str(),
        ),
        (
            vec!["quiz", &shots_64, "--variant", "russian"],
            "which the quiz does not ask about: add --variant brazilian",
        ),
        (
            vec!["quiz", &level_2, "--types", "single,blank"],
            "asked as diagram questions, which these flags leave out",
        ),
        (
            vec!["quiz", &level_2, "--single", "2", "--total", "4"],
            "asked as diagram questions, which these flags leave out",
        ),
    ] {
        let output = damtutor(&args, &dir);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(
            std::fs::read_dir(&dir).unwrap().next().is_none(),
            "{args:?} wrote a file"
        );
    }
    // Exercises whose keys are not unique make no diagram question: rejected (exit code 1),
    // never a quiz without them.
    let shots = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("exercises/02-shots.yaml")
        .display()
        .to_string();
    let output = damtutor(
        &["quiz", &shots, "--ids", "sh-15,sh-16", "--seed", "5"],
        &dir,
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("none of the 2 exercises chosen makes a diagram question"),
        "{stderr}"
    );
    assert!(std::fs::read_dir(&dir).unwrap().next().is_none());
}

/// How many exercises the set file at `path` holds (its `- id:` lines).
fn exercises_in(path: &str) -> usize {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| line.starts_with("- id:"))
        .count()
}
