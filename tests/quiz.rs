//! Rules quizzes of every game: every answer of many generated quizzes recomputed a second way
//! (from the geometry files, the rules as written in RULES.md and seed 000, or the game's move
//! reader: see `support/quiz_answers.rs`), quizzes of several games, and the words of a Chinese
//! quiz. Totals, versions and the command are tested in `quiz_options.rs`, printing and the
//! exports in `quiz_print.rs`, scoring in `quiz_scoring.rs`.

use crate::support::english_words as english;
use english::english_words;

use crate::support::quiz_answers as answers;

use crate::support::scale;
use scale::scaled;

use answers::{check_question, checked_quizzes, every_family_turns_up, options};
use damtutor::quiz::{generate, QuestionType, Quiz};
use damtutor::words::Lang;
use damtutor::Variant;
use std::collections::BTreeSet;

/// Checks every answer of the quizzes of `variant` with seeds from 0 (6 x `DAMTUTOR_TEST_SCALE`
/// of them, in each language), and then of further seeds until every family of the game has
/// been asked (at most 60 seeds in all). Each quiz is also checked for placeholders of the
/// wording tables left unfilled and, in Chinese, for English words.
fn every_answer_is_right(variant: Variant) {
    let wanted: BTreeSet<&str> = damtutor::quiz::family_names()
        .into_iter()
        .filter(|(_, _, _, games)| games.contains(&variant))
        .map(|(name, _, _, _)| name)
        .collect();
    let first = u64::from(scaled(6));
    let mut families = checked_quizzes(variant, 0..first, words_are_filled_in);
    let mut next = first;
    while next < 60 && wanted.iter().any(|name| !families.contains(*name)) {
        families.extend(checked_quizzes(
            variant,
            next..next + 1,
            words_are_filled_in,
        ));
        next += 1;
    }
    every_family_turns_up(variant, &families);
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
        // A key's reason says why, not just what: "The answer is 7." restates the answer. The
        // explanation still holds once every answer and option it names is taken out.
        let mut reason = q.explanation.clone();
        for said in q.answer.iter().chain(&q.options) {
            reason = reason.replace(said.as_str(), "");
        }
        let bare = ["The answer is", "答案是", "正确答案是", "Answer:", "答案："];
        let left = reason.trim_matches(|c: char| {
            c.is_ascii_punctuation() || c.is_whitespace() || "。，：".contains(c)
        });
        assert!(
            q.kind == QuestionType::Design
                || q.kind == QuestionType::Diagram
                || (!left.is_empty() && !bare.contains(&left)),
            "{variant} seed {seed} {}: the reason {:?} only restates the answer",
            q.id,
            q.explanation
        );
        texts.push(q.prompt.clone());
        texts.push(q.explanation.clone());
        texts.extend(q.options.iter().cloned());
        texts.extend(q.answer.iter().cloned());
    }
    if lang == Lang::Chinese {
        for text in texts {
            let words = english_words(&text);
            assert!(words.is_empty(), "seed {seed}: {words:?} in {text}");
            // The machine's words stay out of what students and teachers read.
            for machine in ["解题程序", "求解器", "节点", "预算", "种子"] {
                assert!(!text.contains(machine), "seed {seed}: {machine} in {text}");
            }
        }
    } else {
        for text in texts {
            for machine in ["solver", "nodes", "budget", "seed"] {
                assert!(
                    !text.to_lowercase().contains(machine),
                    "seed {seed}: {machine} in {text}"
                );
            }
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
