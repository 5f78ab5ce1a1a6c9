//! Rules quizzes computed from the engine: questions, answer keys, scoring and LMS export.
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
pub mod document;
pub mod export;
mod moves;
mod notation;
mod probes;
mod rules;
pub mod score;
mod tactics;

pub use score::{score, AnswerValue, QuestionScore, QuizScore};

use crate::solver::{Limits, Solver};
use crate::words::{say, Lang, Text};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

/// The kind of a question, as in the model test.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QuestionType {
    /// Single choice: four options, exactly one right.
    Single,
    /// Multiple choice: five options, at least one right, all or nothing.
    Multi,
    /// Fill in the blanks, points per blank.
    Blank,
    /// A diagram: write the winning moves.
    Diagram,
    /// Design a position that shows a tactic.
    Design,
}

impl QuestionType {
    /// Every type, in the order of the quiz's sections.
    pub const ALL: [QuestionType; 5] = [
        QuestionType::Single,
        QuestionType::Multi,
        QuestionType::Blank,
        QuestionType::Diagram,
        QuestionType::Design,
    ];

    /// The name used on the command line and in JSON: `single`, `multi`, `blank`, `diagram`,
    /// `design`.
    pub const fn name(self) -> &'static str {
        match self {
            QuestionType::Single => "single",
            QuestionType::Multi => "multi",
            QuestionType::Blank => "blank",
            QuestionType::Diagram => "diagram",
            QuestionType::Design => "design",
        }
    }

    /// Share of a quiz's questions of this type when all types are asked for.
    const fn weight(self) -> usize {
        match self {
            QuestionType::Single => 7,
            QuestionType::Multi => 5,
            QuestionType::Blank => 5,
            QuestionType::Diagram => 2,
            QuestionType::Design => 1,
        }
    }
}

impl fmt::Display for QuestionType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for QuestionType {
    type Err = String;

    fn from_str(text: &str) -> Result<QuestionType, String> {
        let text = text.trim().to_ascii_lowercase();
        QuestionType::ALL
            .into_iter()
            .find(|t| t.name() == text)
            .ok_or_else(|| {
                format!(
                    "'{text}' is not a question type: use single, multi, blank, diagram or design"
                )
            })
    }
}

/// What a question is about.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Topic {
    /// The board: diagonals, corners, edges, promotion rows, the starting position.
    Board,
    /// Moves and captures on a diagram.
    Moves,
    /// Rules facts: who starts, draws, what may be jumped, how a game is lost.
    Rules,
    /// Notation: move text and FEN.
    Notation,
    /// Tactics: combinations and the Turkish strike.
    Tactics,
}

impl Topic {
    /// Every topic.
    pub const ALL: [Topic; 5] = [
        Topic::Board,
        Topic::Moves,
        Topic::Rules,
        Topic::Notation,
        Topic::Tactics,
    ];

    /// The name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Topic::Board => "board",
            Topic::Moves => "moves",
            Topic::Rules => "rules",
            Topic::Notation => "notation",
            Topic::Tactics => "tactics",
        }
    }
}

impl fmt::Display for Topic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Topic {
    type Err = String;

    fn from_str(text: &str) -> Result<Topic, String> {
        let text = text.trim().to_ascii_lowercase();
        Topic::ALL
            .into_iter()
            .find(|t| t.name() == text)
            .ok_or_else(|| {
                format!("'{text}' is not a topic: use board, moves, rules, notation or tactics")
            })
    }
}

/// How a blank's answer is compared.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BlankKind {
    /// A word: compared after normalisation (case, spaces, full-width characters, synonyms).
    Text,
    /// A whole number, in digits or (in English or Chinese) words.
    Number,
    /// A move in the question's diagram: any text that names the same legal move.
    Move,
    /// A FEN string: any text that reads as the same position.
    Fen,
}

/// One blank of a fill-in question.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Blank {
    /// Points for this blank.
    pub points: u32,
    /// How answers are compared.
    pub kind: BlankKind,
    /// Accepted answers (normalised words for `text`; the number for `number`; the move or FEN
    /// in canonical form for `move` and `fen`).
    pub accept: Vec<String>,
}

/// One question with its answer.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Question {
    /// `q1`, `q2`... in the order printed.
    pub id: String,
    #[serde(rename = "type")]
    pub kind: QuestionType,
    pub topic: Topic,
    /// The question family (`long_diagonal`, `legal_moves`, `draw_rules`...).
    pub family: String,
    /// The question text; each blank is written `____`.
    pub prompt: String,
    /// The options of a choice question, without their letters (A, B, C... in order).
    pub options: Vec<String>,
    /// The answer: option letters (`["A", "C"]`), one text per blank, the main line of a
    /// diagram question, or an example position (FEN) for a design task.
    pub answer: Vec<String>,
    /// The question's points.
    pub points: u32,
    /// The diagram, for questions that have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The blanks of a fill-in question.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blanks: Vec<Blank>,
    /// The solver goal of a diagram or design question (`win`, `auto`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// The motif a design must show (`turkish_strike`...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motif: Option<String>,
    /// The side to move in a design task (`white` or `black`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// A stable name for each option's statement or value, in option order (for checking).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub option_keys: Vec<String>,
    /// Why the answer is right, for the answer key.
    #[serde(default)]
    pub explanation: String,
}

/// A generated quiz: the questions and their answers.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Quiz {
    /// The seed it was made from.
    pub seed: u64,
    /// `en` or `zh`.
    pub lang: String,
    /// The title printed at the top.
    pub title: String,
    /// The sum of every question's points.
    pub total_points: u32,
    /// The questions, section by section (single, multi, blank, diagram, design).
    pub questions: Vec<Question>,
}

/// The machine-readable answer key: what [`score`] needs. The `--key` file; the JSON of a whole
/// [`Quiz`] reads as a key too (extra fields are ignored).
///
/// ```json
/// {"seed": 7, "lang": "en", "total_points": 60, "questions": [
///   {"id": "q1", "type": "single", "topic": "board", "answer": ["C"], "points": 2, "options": 4},
///   {"id": "q9", "type": "blank", "topic": "rules", "answer": ["forbidden", "permitted"], "points": 4,
///    "blanks": [{"points": 2, "kind": "text", "accept": ["forbidden", "禁止"]}, ...]},
///   {"id": "q19", "type": "diagram", "topic": "tactics", "answer": ["43-38", "47x32", "28x37"],
///    "points": 10, "fen": "W:W11,23,27,28,43:BK47", "goal": "win"},
///   {"id": "q20", "type": "design", "topic": "tactics", "answer": ["W:W11,23,27,28,43:BK47"],
///    "points": 10, "motif": "turkish_strike", "side": "white"}]}
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Key {
    pub seed: u64,
    pub lang: String,
    pub total_points: u32,
    pub questions: Vec<KeyQuestion>,
}

/// One question of a [`Key`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct KeyQuestion {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: QuestionType,
    pub topic: Topic,
    /// As in [`Question::answer`].
    pub answer: Vec<String>,
    pub points: u32,
    /// The number of options of a choice question (a whole quiz's JSON gives the list itself).
    #[serde(default, deserialize_with = "option_count")]
    pub options: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blanks: Vec<Blank>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motif: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
}

/// Reads `options` as a count or as the list of option texts.
fn option_count<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Count {
        Number(usize),
        List(Vec<serde::de::IgnoredAny>),
    }
    Ok(match Count::deserialize(deserializer)? {
        Count::Number(n) => n,
        Count::List(list) => list.len(),
    })
}

/// Why a key file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyError(pub String);

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for KeyError {}

impl Key {
    /// Reads a key file (the `--key` output, or the JSON of a whole quiz).
    pub fn load(path: &Path) -> Result<Key, KeyError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| KeyError(format!("{}: {e}", path.display())))?;
        Key::from_json(&text).map_err(|e| KeyError(format!("{}: {}", path.display(), e.0)))
    }

    /// Reads a key from JSON text.
    pub fn from_json(text: &str) -> Result<Key, KeyError> {
        serde_json::from_str(text).map_err(|e| KeyError(format!("not a quiz key: {e}")))
    }

    /// The key as pretty JSON, ending with a newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// The question `id`.
    pub fn question(&self, id: &str) -> Option<&KeyQuestion> {
        self.questions.iter().find(|q| q.id == id)
    }

    /// The key's language (English unless `zh`).
    pub fn language(&self) -> Lang {
        self.lang.parse().unwrap_or(Lang::English)
    }
}

impl Quiz {
    /// The machine-readable answer key.
    pub fn key(&self) -> Key {
        Key {
            seed: self.seed,
            lang: self.lang.clone(),
            total_points: self.total_points,
            questions: self
                .questions
                .iter()
                .map(|q| KeyQuestion {
                    id: q.id.clone(),
                    kind: q.kind,
                    topic: q.topic,
                    answer: q.answer.clone(),
                    points: q.points,
                    options: q.options.len(),
                    fen: q.fen.clone(),
                    blanks: q.blanks.clone(),
                    goal: q.goal.clone(),
                    motif: q.motif.clone(),
                    side: q.side.clone(),
                })
                .collect(),
        }
    }

    /// The whole quiz with its answers as pretty JSON, ending with a newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// The quiz's language.
    pub fn language(&self) -> Lang {
        self.lang.parse().unwrap_or(Lang::English)
    }

    /// The questions of one type, in order.
    pub fn of_type(&self, kind: QuestionType) -> impl Iterator<Item = &Question> {
        self.questions.iter().filter(move |q| q.kind == kind)
    }
}

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

/// The state of one quiz's generation: the random source, the language, a solver.
pub(crate) struct Ctx {
    pub rng: ChaCha8Rng,
    pub lang: Lang,
    pub diagram_points: u32,
    pub design_points: u32,
    solver: Option<Solver>,
}

impl Ctx {
    pub(crate) fn new(seed: u64, lang: Lang) -> Ctx {
        Ctx {
            rng: ChaCha8Rng::seed_from_u64(seed),
            lang,
            diagram_points: 10,
            design_points: 10,
            solver: None,
        }
    }

    /// The solver, made on first use (its table takes a few MiB).
    pub(crate) fn solver(&mut self) -> &mut Solver {
        self.solver.get_or_insert_with(Solver::new)
    }
}

/// The solver's limits for quiz positions: a small node budget, so that generation takes
/// milliseconds and depends on the node count only (never on the clock).
pub(crate) const QUIZ_LIMITS: Limits = Limits {
    max_plies: 11,
    max_nodes: 200_000,
    time_limit: Duration::from_secs(600),
};

/// A question family: what it asks and how it is made.
pub(crate) struct Family {
    pub name: &'static str,
    pub topic: Topic,
    pub kinds: &'static [QuestionType],
    pub make: fn(&mut Ctx, QuestionType) -> Option<Question>,
}

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
    let mut ctx = Ctx::new(options.seed, options.lang);
    ctx.diagram_points = options.diagram_points;
    ctx.design_points = options.design_points;
    let mut seen = BTreeSet::new();
    let mut made: Vec<(QuestionType, Vec<Question>)> = Vec::new();
    let mut shortfall = 0;
    for (kind, n) in allocate(options.count, &kinds) {
        let questions = fill(&mut ctx, kind, n, &eligible(kind), &mut seen);
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
        let extra = fill(&mut ctx, *kind, shortfall, &eligible(*kind), &mut seen);
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
        lang: options.lang.code().to_string(),
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
    ctx: &mut Ctx,
    kind: QuestionType,
    n: usize,
    families: &[&'static Family],
    seen: &mut BTreeSet<String>,
) -> Vec<Question> {
    const TRIES: usize = 8;
    let mut order: Vec<&Family> = families.to_vec();
    order.shuffle(&mut ctx.rng);
    let mut failures = vec![0usize; order.len()];
    let mut out = Vec::new();
    let mut turn = 0;
    while out.len() < n && failures.iter().any(|&f| f < TRIES) {
        let i = turn % order.len();
        turn += 1;
        if failures[i] >= TRIES {
            continue;
        }
        match (order[i].make)(ctx, kind) {
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
