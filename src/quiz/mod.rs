//! Rules quizzes computed from the engine: the questions and their answer key. Printing a quiz
//! is [`render::quiz`](crate::render::quiz), exporting it to a learning platform [`lms`](crate::lms),
//! scoring answers against its key [`check::quiz`](crate::check::quiz).
//!
//! A quiz follows the shape of a real rules test (the Chinese federation's test for the 100-square
//! game): single choice (4 options, 2 points), multiple choice (5 options, at least one right,
//! 4 points, all or nothing), fill in the blanks (points per blank), and open questions on a
//! diagram ("White to play and win - write the moves") or a design task ("set up a Turkish
//! strike").
//!
//! Nothing is hard-coded: every answer is computed at generation time from the board geometry
//! ([`Square`](crate::Square) coordinates), the rules engine ([`Position`](crate::Position),
//! [`Game`](crate::Game)) or the solver, and each question is checked again before it is
//! output (a single-choice question has exactly one right option, a multiple-choice question at
//! least one, a blank's answer is recomputed). The same seed gives the same quiz, byte for byte.
//!
//! ```
//! use damtutor::quiz::{generate, QuestionType, QuizOptions};
//! use damtutor::words::Lang;
//!
//! let options = QuizOptions {
//!     count: 6,
//!     types: vec![QuestionType::Single, QuestionType::Blank],
//!     seed: 7,
//!     lang: Lang::Chinese,
//!     ..QuizOptions::default()
//! };
//! let quiz = generate(&options)?;
//! assert_eq!(quiz.questions.len(), 6);
//! assert_eq!(quiz.questions[0].id, "q1");
//! assert_eq!(quiz, generate(&options)?); // the same seed, the same quiz
//! let key = quiz.key();
//! assert_eq!(key.total_points, quiz.total_points);
//! # Ok::<(), damtutor::quiz::QuizError>(())
//! ```

mod board;
mod build;
mod family;
mod key;
mod moves;
mod notation;
mod probes;
mod question;
mod rules;
mod tactics;

pub use family::QUIZ_LIMITS;
pub use key::{Key, KeyError, KeyQuestion};
pub use question::{letter, Blank, BlankKind, Question, QuestionType, Quiz, Topic, BLANK};
pub use tactics::shows;

use family::{Context, Family};

use crate::words::{say, Lang, Text};
use rand::seq::SliceRandom;
use std::collections::BTreeSet;
use std::fmt;

/// What to put in a quiz.
#[derive(Clone, Debug)]
pub struct QuizOptions {
    /// How many questions.
    pub count: usize,
    /// The topics to draw from (empty: all).
    pub topics: Vec<Topic>,
    /// The question types (empty: all).
    pub types: Vec<QuestionType>,
    /// The seed: the same seed and options give the same quiz.
    pub seed: u64,
    pub lang: Lang,
    /// Points of a diagram question.
    pub diagram_points: u32,
    /// Points of a design question.
    pub design_points: u32,
    /// The title (default: "Rules test: international draughts" / "百格国际跳棋规则测试").
    pub title: Option<String>,
}

impl Default for QuizOptions {
    fn default() -> QuizOptions {
        QuizOptions {
            count: 20,
            topics: Vec::new(),
            types: Vec::new(),
            seed: 0,
            lang: Lang::English,
            diagram_points: 10,
            design_points: 10,
            title: None,
        }
    }
}

/// Why no quiz could be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuizError {
    /// No question family fits the chosen topics and types.
    NothingToAsk(String),
}

impl fmt::Display for QuizError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuizError::NothingToAsk(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for QuizError {}

/// Every family, in a fixed order.
fn families() -> Vec<&'static Family> {
    board::FAMILIES
        .iter()
        .chain(moves::FAMILIES)
        .chain(rules::FAMILIES)
        .chain(notation::FAMILIES)
        .chain(tactics::FAMILIES)
        .collect()
}

/// The names of every question family with its topic and types, for documentation and tests.
pub fn family_names() -> Vec<(&'static str, Topic, Vec<QuestionType>)> {
    families()
        .into_iter()
        .map(|f| (f.name, f.topic, f.kinds.to_vec()))
        .collect()
}

/// How many questions of each type: shares by weight (largest remainder), at least one of each
/// type when there are enough questions.
fn allocate(count: usize, kinds: &[QuestionType]) -> Vec<(QuestionType, usize)> {
    let total: usize = kinds.iter().map(|k| k.weight()).sum();
    if total == 0 {
        return Vec::new();
    }
    let mut shares: Vec<(QuestionType, usize, usize)> = kinds
        .iter()
        .map(|&k| (k, count * k.weight() / total, count * k.weight() % total))
        .collect();
    let left = count - shares.iter().map(|s| s.1).sum::<usize>();
    let mut order: Vec<usize> = (0..shares.len()).collect();
    order.sort_by(|&a, &b| shares[b].2.cmp(&shares[a].2).then(a.cmp(&b)));
    for &i in order.iter().cycle().take(left) {
        shares[i].1 += 1;
    }
    if count >= kinds.len() {
        while let Some(empty) = shares.iter().position(|s| s.1 == 0) {
            let Some(largest) = (0..shares.len()).max_by_key(|&i| (shares[i].1, usize::MAX - i))
            else {
                break;
            };
            shares[largest].1 -= 1;
            shares[empty].1 += 1;
        }
    }
    shares.into_iter().map(|(k, n, _)| (k, n)).collect()
}

/// Makes a quiz.
pub fn generate(options: &QuizOptions) -> Result<Quiz, QuizError> {
    let topics: Vec<Topic> = if options.topics.is_empty() {
        Topic::ALL.to_vec()
    } else {
        options.topics.clone()
    };
    let wanted: Vec<QuestionType> = if options.types.is_empty() {
        QuestionType::ALL.to_vec()
    } else {
        QuestionType::ALL
            .into_iter()
            .filter(|t| options.types.contains(t))
            .collect()
    };
    let all = families();
    let eligible = |kind: QuestionType| -> Vec<&'static Family> {
        all.iter()
            .copied()
            .filter(|f| topics.contains(&f.topic) && f.kinds.contains(&kind))
            .collect()
    };
    let kinds: Vec<QuestionType> = wanted
        .into_iter()
        .filter(|&k| !eligible(k).is_empty())
        .collect();
    if kinds.is_empty() || options.count == 0 {
        return Err(QuizError::NothingToAsk(format!(
            "no question fits: topics {} with types {}",
            names(topics.iter().map(|t| t.name())),
            names(
                options
                    .types
                    .iter()
                    .map(|t| t.name())
                    .chain(options.types.is_empty().then_some("all"))
            ),
        )));
    }
    let mut context = Context::new(options.seed, options.lang);
    context.diagram_points = options.diagram_points;
    context.design_points = options.design_points;
    let mut seen = BTreeSet::new();
    let mut made: Vec<(QuestionType, Vec<Question>)> = Vec::new();
    let mut shortfall = 0;
    for (kind, n) in allocate(options.count, &kinds) {
        let questions = fill(&mut context, kind, n, &eligible(kind), &mut seen);
        shortfall += n - questions.len();
        made.push((kind, questions));
    }
    // Types that ran out of distinct questions leave their share to the others.
    for (kind, questions) in made.iter_mut() {
        if shortfall == 0 {
            break;
        }
        if matches!(kind, QuestionType::Diagram | QuestionType::Design) {
            continue;
        }
        let extra = fill(&mut context, *kind, shortfall, &eligible(*kind), &mut seen);
        shortfall -= extra.len();
        questions.extend(extra);
    }
    let mut questions: Vec<Question> = made.into_iter().flat_map(|(_, q)| q).collect();
    if questions.is_empty() {
        return Err(QuizError::NothingToAsk(
            "no question could be made for these topics and types".to_string(),
        ));
    }
    for (i, q) in questions.iter_mut().enumerate() {
        q.id = format!("q{}", i + 1);
    }
    let title = options
        .title
        .clone()
        .unwrap_or_else(|| say!(options.lang, Text::QuizTitle));
    Ok(Quiz {
        seed: options.seed,
        lang: options.lang,
        title,
        total_points: questions.iter().map(|q| q.points).sum(),
        questions,
    })
}

fn names<'a>(items: impl Iterator<Item = &'a str>) -> String {
    items.collect::<Vec<_>>().join(",")
}

/// Makes up to `n` new questions of `kind`, taking the families in turns (in a shuffled order)
/// so that a quiz covers as many of them as it can.
fn fill(
    context: &mut Context,
    kind: QuestionType,
    n: usize,
    families: &[&'static Family],
    seen: &mut BTreeSet<String>,
) -> Vec<Question> {
    const TRIES: usize = 8;
    let mut order: Vec<&Family> = families.to_vec();
    order.shuffle(&mut context.rng);
    let mut failures = vec![0usize; order.len()];
    let mut out = Vec::new();
    let mut turn = 0;
    while out.len() < n && failures.iter().any(|&f| f < TRIES) {
        let i = turn % order.len();
        turn += 1;
        if failures[i] >= TRIES {
            continue;
        }
        match (order[i].make)(context, kind) {
            Some(question) if build::is_sound(&question) => {
                let signature = build::signature(&question);
                if seen.insert(signature) {
                    out.push(question);
                } else {
                    failures[i] += 1;
                }
            }
            _ => failures[i] += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_follows_the_model_test() {
        let all = QuestionType::ALL;
        let shares = allocate(20, &all);
        let counts: Vec<usize> = shares.iter().map(|s| s.1).collect();
        assert_eq!(counts, vec![7, 5, 5, 2, 1]);
        for count in 0..40 {
            let shares = allocate(count, &all);
            assert_eq!(shares.iter().map(|s| s.1).sum::<usize>(), count);
            if count >= 5 {
                assert!(shares.iter().all(|s| s.1 >= 1), "{count}: {shares:?}");
            }
        }
        assert_eq!(
            allocate(3, &[QuestionType::Blank]),
            vec![(QuestionType::Blank, 3)]
        );
    }

    #[test]
    fn names_round_trip() {
        for t in QuestionType::ALL {
            assert_eq!(t.name().parse::<QuestionType>(), Ok(t));
        }
        for t in Topic::ALL {
            assert_eq!(t.name().parse::<Topic>(), Ok(t));
        }
        assert!("essay".parse::<QuestionType>().is_err());
    }
}
