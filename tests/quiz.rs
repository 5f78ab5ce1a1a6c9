//! Rules quizzes of every game: every answer of many generated quizzes recomputed a second way
//! (from the geometry files, the rules as written in RULES.md and seed 000, or the game's move
//! reader: see `support/quiz_answers.rs`), no quiz answering itself, quizzes of several games,
//! and the words of a Chinese quiz. Totals, versions and the command are tested in `quiz_options.rs`, printing and the
//! exports in `quiz_print.rs`, scoring in `quiz_scoring.rs`.

#[path = "support/english_words.rs"]
mod english;
use english::english_words;

#[path = "support/quiz_answers.rs"]
mod answers;

#[path = "../crates/rules/tests/support/scale.rs"]
mod scale;
use scale::scaled;

use answers::{check_question, checked_quizzes, every_family_turns_up, options};
use damtutor::quiz::{answers_design, generate, QuestionType, Quiz};
use damtutor::words::Lang;
use damtutor::Variant;
use std::collections::BTreeSet;

/// Checks every answer of the quizzes of `variant` with seeds from 0 (6 x `DAMTUTOR_TEST_SCALE`
/// of them, in each language), and then of further seeds until every family of the game has
/// been asked (at most 60 seeds in all). Each quiz is also checked for placeholders of the
/// wording tables left unfilled and, in Chinese, for English words, and for answering itself.
fn every_answer_is_right(variant: Variant) {
    let wanted: BTreeSet<&str> = damtutor::quiz::family_names()
        .into_iter()
        .filter(|(_, _, _, games)| games.contains(&variant))
        .map(|(name, _, _, _)| name)
        .collect();
    let first = u64::from(scaled(6));
    let mut families = checked_quizzes(variant, 0..first, also_checked);
    let mut next = first;
    while next < 60 && wanted.iter().any(|name| !families.contains(*name)) {
        families.extend(checked_quizzes(variant, next..next + 1, also_checked));
        next += 1;
    }
    every_family_turns_up(variant, &families);
}

/// What is checked of each quiz besides its answers.
fn also_checked(quiz: &Quiz, seed: u64) {
    words_are_filled_in(quiz, seed);
    does_not_answer_itself(quiz, seed);
}

/// A quiz must not answer itself: no prompt appears twice on the same diagram (or on none), no
/// diagram question is a right answer to the paper's design question, and no two questions
/// share an answer that one's wording gives away (the long diagonal and the corners).
fn does_not_answer_itself(quiz: &Quiz, seed: u64) {
    let context = format!("{:?} seed {seed}", quiz.variants);
    // The long diagonal (大道) and the corners (角) share their answer, and one's wording gives
    // the other away: never both on a paper.
    let asked = |family: &str| quiz.questions.iter().any(|q| q.family == family);
    assert!(
        !(asked("long_diagonal") && asked("corners")),
        "{context}: the long diagonal and the corners are both asked"
    );
    let mut prompts = BTreeSet::new();
    for q in &quiz.questions {
        assert!(
            prompts.insert((q.fen.clone(), q.prompt.clone())),
            "{context}: {} asked twice: {}",
            q.id,
            q.prompt
        );
    }
    for design in quiz
        .questions
        .iter()
        .filter(|q| q.kind == QuestionType::Design)
    {
        for q in &quiz.questions {
            assert!(
                !answers_design(design, q),
                "{context}: {} (diagram {:?}) answers the design question {}",
                q.id,
                q.fen,
                design.id
            );
        }
    }
}

/// No placeholder of the tables ({side}, {all}...) that the code did not fill; no English word in
/// a Chinese quiz.
fn words_are_filled_in(quiz: &Quiz, seed: u64) {
    let lang = quiz.lang;
    let mut texts = vec![quiz.title.clone()];
    for q in &quiz.questions {
        let variant = q.variant;
        for text in [&q.prompt, &q.explanation].into_iter().chain(&q.options) {
            assert!(
                !text.contains(['{', '}']),
                "{variant} seed {seed} {}: {text}",
                q.id
            );
        }
        texts.push(q.prompt.clone());
        texts.push(q.explanation.clone());
        texts.extend(q.options.iter().cloned());
        texts.extend(q.answer.iter().cloned());
    }
    if lang == Lang::Chinese {
        for text in texts {
            let words = english_words(&text);
            assert!(words.is_empty(), "seed {seed}: {words:?} in {text}");
        }
    }
}

#[test]
fn every_answer_is_right_in_many_international_quizzes() {
    every_answer_is_right(Variant::International);
}

#[test]
fn every_answer_is_right_in_many_64_square_quizzes() {
    every_answer_is_right(Variant::Brazilian);
}

#[test]
fn every_answer_is_right_in_many_russian_quizzes() {
    every_answer_is_right(Variant::Russian);
}

#[test]
fn every_answer_is_right_in_many_checkers_quizzes() {
    every_answer_is_right(Variant::English);
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
fn the_english_word_finder_finds_words_but_not_notation() {
    assert_eq!(
        english_words("写出 c3xe5 和 W:Wa1,Kc3:Bd6 以及 FEN"),
        ["FEN"]
    );
}
