//! Rules quizzes of every game: every answer of many generated quizzes recomputed a second way
//! (from the geometry files, the rules as written in RULES.md and seed 000, or the game's move
//! reader: see `support/quiz_answers.rs`), quizzes of several games, and the words of a Chinese
//! quiz. Totals, versions and the command are tested in `quiz_options.rs`, printing and the
//! exports in `quiz_print.rs`, scoring in `quiz_scoring.rs`.

#[path = "support/english_words.rs"]
mod english;
use english::english_words;

#[path = "support/quiz_answers.rs"]
mod answers;

use answers::{check_question, checked_quizzes, every_family_turns_up, options, quiz};
use damtutor::quiz::{generate, QuestionType};
use damtutor::words::Lang;
use damtutor::Variant;
use std::collections::BTreeSet;

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
