//! Rules quizzes computed from the engines of the four games: the questions and their answer
//! key. Printing a quiz is [`print`](mod@print), exporting it to a learning
//! platform [`lms`](crate::lms), scoring answers against its key [`check::quiz`](crate::check::quiz).
//!
//! A quiz follows the shape of a real rules test (seed 000, the Chinese federation's test for
//! the 100-square game): single choice (4 options, 2 points), multiple choice (5 options, at
//! least one right, 4 points, all or nothing), fill in the blanks (1 or 2 points a blank), and
//! open questions on a diagram ("White to play and win - write the moves") or a design task
//! ("set up a Turkish strike"). By default it has that test's mix - 18 points of single choice,
//! 24 of multiple choice, 22 of blanks and 36 for the two open questions - scaled to the total
//! asked for (100 by default), and its points add up to that total exactly.
//!
//! Nothing is hard-coded: every answer is computed at generation time from the board geometry
//! of the game, its rules engine ([`Position`](damtutor_rules::Position),
//! [`Game`](damtutor_rules::Game)) or its solver, and each question is checked again before it
//! is output (a single-choice question has exactly one right option, a multiple-choice question
//! at least one, a blank's answer is recomputed). The same seed gives the same quiz, byte for
//! byte. A quiz may ask about several games; each question then names its game.
//!
//! ```
//! use damtutor::quiz::{generate, QuestionType, QuizOptions};
//! use damtutor::words::Lang;
//! use damtutor::Variant;
//!
//! let options = QuizOptions {
//!     variants: vec![Variant::Brazilian],
//!     total: Some(20),
//!     types: vec![QuestionType::Single, QuestionType::Blank],
//!     seed: 7,
//!     lang: Lang::Chinese,
//!     ..QuizOptions::default()
//! };
//! let quiz = generate(&options)?;
//! assert_eq!(quiz.total_points, 20);
//! assert_eq!(quiz.questions.iter().map(|q| q.points).sum::<u32>(), 20);
//! assert!(quiz.questions.iter().all(|q| q.variant == Variant::Brazilian));
//! assert_eq!(quiz.questions[0].id, "q1");
//! assert_eq!(quiz, generate(&options)?); // the same seed, the same quiz
//! let key = quiz.key();
//! assert_eq!(key.total_points, quiz.total_points);
//! # Ok::<(), damtutor::quiz::QuizError>(())
//! ```

mod board;
mod build;
mod conduct;
mod family;
mod geometry;
mod giveaway;
mod key;
mod moves;
mod naming;
mod notation;
mod points;
pub mod print;
mod probes;
mod question;
mod rules;
mod tactics;
mod versions;
mod wrong;

pub use family::QUIZ_LIMITS;
pub use giveaway::answers_design;
pub use key::{Key, KeyError, KeyQuestion};
pub use naming::{game as game_name, side as side_name};
pub use question::{letter, Blank, BlankKind, Family, Question, QuestionType, Quiz, Topic, BLANK};
pub use tactics::shows;

use family::{Context, FamilyDef};
use giveaway::drop_giveaways;
use points::{plan, Plan};

use crate::words::synonyms::normalize;
use crate::words::Lang;
use crate::{with_variant, Rules, Variant};
use rand::seq::SliceRandom;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// How many questions of each type, when a teacher sets them one by one.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TypeCounts {
    pub single: usize,
    pub multi: usize,
    pub blank: usize,
    pub diagram: usize,
    pub design: usize,
}

impl TypeCounts {
    /// The count of `kind`.
    pub fn get(&self, kind: QuestionType) -> usize {
        match kind {
            QuestionType::Single => self.single,
            QuestionType::Multi => self.multi,
            QuestionType::Blank => self.blank,
            QuestionType::Diagram => self.diagram,
            QuestionType::Design => self.design,
        }
    }
}

/// What to put in a quiz.
#[derive(Clone, Debug)]
pub struct QuizOptions {
    /// The games to ask about (empty: international draughts). With several, every question
    /// says which game it is about.
    pub variants: Vec<Variant>,
    /// The quiz's points: its questions' points add up to this exactly. `None`: 100, or with
    /// `count` or `counts` the points the questions make (open questions 10 each).
    pub total: Option<u32>,
    /// How many questions, in the model test's mix of types (instead of the mix of points
    /// scaled to the total).
    pub count: Option<usize>,
    /// How many questions of each type (instead of a mix).
    pub counts: Option<TypeCounts>,
    /// The topics to draw from (empty: all).
    pub topics: Vec<Topic>,
    /// The question types (empty: all).
    pub types: Vec<QuestionType>,
    /// The seed: the same seed and options give the same quiz.
    pub seed: u64,
    pub lang: Lang,
    /// Points of each diagram question (default: what is left of the total, shared).
    pub diagram_points: Option<u32>,
    /// Points of each design question (default: what is left of the total, shared).
    pub design_points: Option<u32>,
    /// The title (default: "Rules test: international draughts" / "百格国际跳棋规则测试").
    pub title: Option<String>,
    /// Ask students to write a position's FEN (局面代码): not on a children's paper unless
    /// the teacher asks for it.
    pub fen_questions: bool,
    /// The positions the diagram questions ("play and win") ask, from a teacher's exercise
    /// sets. A game with positions here asks only them (those the quiz's solver proves with a
    /// single key); a game without draws its own.
    pub positions: Vec<SetPosition>,
}

/// A position of an exercise set for a diagram question, with the exercise's goal.
#[derive(Copy, Clone, Debug)]
pub struct SetPosition {
    pub position: crate::VariantPosition,
    pub goal: crate::solver::Goal,
}

impl Default for QuizOptions {
    fn default() -> QuizOptions {
        QuizOptions {
            variants: Vec::new(),
            total: None,
            count: None,
            counts: None,
            topics: Vec::new(),
            types: Vec::new(),
            seed: 0,
            lang: Lang::English,
            diagram_points: None,
            design_points: None,
            title: None,
            fen_questions: false,
            positions: Vec::new(),
        }
    }
}

/// Why no quiz could be made. Its sentence, in either language, is [`QuizError::say`]; shown
/// as it is, it is English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuizError {
    /// No question family fits the games, topics and types (the topics and types given; none:
    /// all).
    NothingFits {
        games: Vec<Variant>,
        topics: Vec<Topic>,
        types: Vec<QuestionType>,
    },
    /// Questions of this type were counted in, and no family of the games and topics asks it.
    NoneOfType(QuestionType),
    /// Families fit, but none could make a question.
    NoneMade,
    /// A total of 0 points.
    ZeroTotal,
    /// The `made` questions chosen make `low` to `high` points, not the `total` asked for.
    Points {
        made: usize,
        low: u32,
        high: u32,
        total: u32,
    },
}

impl QuizError {
    /// Whether the flags are at fault (points that cannot add up) rather than nothing fitting.
    pub fn is_points(&self) -> bool {
        matches!(self, QuizError::ZeroTotal | QuizError::Points { .. })
    }

    /// The sentence in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        use crate::words::{fill, Text};
        match self {
            QuizError::NothingFits {
                games,
                topics,
                types,
            } => {
                let games = names(games.iter().map(|v| v.name()));
                let topics = names(topics.iter().map(|t| t.name()));
                let types = match types.as_slice() {
                    [] => "all".to_string(),
                    types => names(types.iter().map(|t| t.name())),
                };
                fill(
                    lang,
                    Text::QuizNothingFits,
                    &[("games", &games), ("topics", &topics), ("types", &types)],
                )
            }
            QuizError::NoneOfType(kind) => {
                fill(lang, Text::QuizNoneOfType, &[("kind", &kind.name())])
            }
            QuizError::NoneMade => fill(lang, Text::QuizNoneMade, &[]),
            QuizError::ZeroTotal => fill(lang, Text::QuizZeroTotal, &[]),
            QuizError::Points {
                made,
                low,
                high,
                total,
            } => {
                let key = if low == high {
                    Text::QuizPointsExact
                } else {
                    Text::QuizPointsRange
                };
                let values: [(&str, &dyn fmt::Display); 4] = [
                    ("made", made),
                    ("low", low),
                    ("high", high),
                    ("total", total),
                ];
                fill(lang, key, &values)
            }
        }
    }
}

impl fmt::Display for QuizError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::English))
    }
}

impl std::error::Error for QuizError {}

/// Every family of the game `R`, in a fixed order.
fn families<R: Rules>() -> Vec<FamilyDef<R>> {
    let mut all = board::families::<R>();
    all.extend(moves::families::<R>());
    all.extend(rules::families::<R>());
    all.extend(conduct::families::<R>());
    all.extend(notation::families::<R>());
    all.extend(tactics::families::<R>());
    all
}

/// The names of every question family with its topic, types and the games it asks about, for
/// documentation and tests.
pub fn family_names() -> Vec<(&'static str, Topic, Vec<QuestionType>, Vec<Variant>)> {
    let mut out: Vec<(&'static str, Topic, Vec<QuestionType>, Vec<Variant>)> = Vec::new();
    for variant in Variant::ALL {
        let list = with_variant!(variant, R => families::<R>()
            .into_iter()
            .map(|f| (f.name.name(), f.topic, f.kinds.to_vec(), (f.fits)(&R::RULES)))
            .collect::<Vec<_>>());
        for (name, topic, kinds, fits) in list {
            match out.iter_mut().find(|e| e.0 == name) {
                Some(entry) if fits => entry.3.push(variant),
                Some(_) => {}
                None => out.push((
                    name,
                    topic,
                    kinds,
                    if fits { vec![variant] } else { vec![] },
                )),
            }
        }
    }
    out
}

/// One game's part of a quiz: its context and the families that fit the game and the topics.
trait Maker {
    fn variant(&self) -> Variant;
    /// Whether some family of the game asks questions of `kind`.
    fn asks(&self, kind: QuestionType) -> bool;
    /// Up to `n` new questions of `kind`.
    fn make(&mut self, kind: QuestionType, n: usize, seen: &mut BTreeSet<String>) -> Vec<Question>;
}

struct GameMaker<R: Rules> {
    context: Context<R>,
    families: Vec<FamilyDef<R>>,
    /// How many questions each family has made so far: the least used go first.
    used: BTreeMap<Family, usize>,
}

impl<R: Rules> Maker for GameMaker<R> {
    fn variant(&self) -> Variant {
        R::RULES.variant
    }

    fn asks(&self, kind: QuestionType) -> bool {
        self.families.iter().any(|f| f.kinds.contains(&kind))
    }

    fn make(&mut self, kind: QuestionType, n: usize, seen: &mut BTreeSet<String>) -> Vec<Question> {
        let eligible: Vec<&FamilyDef<R>> = self
            .families
            .iter()
            .filter(|f| f.kinds.contains(&kind))
            .collect();
        let made = fill(&mut self.context, kind, n, &eligible, seen, &self.used);
        for q in &made {
            if let Some(f) = self.families.iter().find(|f| f.name == q.family) {
                *self.used.entry(f.name).or_default() += 1;
            }
        }
        made
    }
}

/// The families that ask students to write a FEN, asked only with
/// [`QuizOptions::fen_questions`].
const FEN_WRITING: [Family; 1] = [Family::WriteFen];

fn maker(variant: Variant, options: &QuizOptions, topics: &[Topic]) -> Box<dyn Maker> {
    let (seed, lang) = (options.seed, options.lang);
    let wanted = |name: Family| options.fen_questions || !FEN_WRITING.contains(&name);
    with_variant!(variant, R => {
        let families = families::<R>()
            .into_iter()
            .filter(|f| topics.contains(&f.topic) && (f.fits)(&R::RULES) && wanted(f.name))
            .collect();
        let mut context = Context::new(seed, lang);
        context.pool = options
            .positions
            .iter()
            .filter_map(|p| Some((p.position.get::<R>()?, p.goal)))
            .collect();
        Box::new(GameMaker::<R> {
            context,
            families,
            used: BTreeMap::new(),
        }) as Box<dyn Maker>
    })
}

/// Makes a quiz.
pub fn generate(options: &QuizOptions) -> Result<Quiz, QuizError> {
    let mut variants: Vec<Variant> = Vec::new();
    for &v in &options.variants {
        if !variants.contains(&v) {
            variants.push(v);
        }
    }
    if variants.is_empty() {
        variants.push(Variant::International);
    }
    let topics: Vec<Topic> = if options.topics.is_empty() {
        Topic::ALL.to_vec()
    } else {
        options.topics.clone()
    };
    let mut makers: Vec<Box<dyn Maker>> = variants
        .iter()
        .map(|&v| maker(v, options, &topics))
        .collect();
    let wanted: Vec<QuestionType> = QuestionType::ALL
        .into_iter()
        .filter(|t| options.types.is_empty() || options.types.contains(t))
        .filter(|t| options.counts.is_none_or(|c| c.get(*t) > 0))
        .collect();
    let kinds: Vec<QuestionType> = wanted
        .iter()
        .copied()
        .filter(|&k| makers.iter().any(|m| m.asks(k)))
        .collect();
    let nothing = || QuizError::NothingFits {
        games: variants.clone(),
        topics: topics.clone(),
        types: options.types.clone(),
    };
    if kinds.is_empty() || options.count == Some(0) {
        return Err(nothing());
    }
    if let Some(missing) = wanted.iter().find(|k| !kinds.contains(k)) {
        if options.counts.is_some() {
            return Err(QuizError::NoneOfType(*missing));
        }
    }
    let plan = plan(options, &kinds)?;
    let mut seen = BTreeSet::new();
    let mut questions: Vec<Question> = Vec::new();
    for (turn, &kind) in kinds.iter().enumerate() {
        let made = match plan {
            Plan::Points { blank_points, .. } if kind == QuestionType::Blank => {
                make_points(&mut makers, kind, blank_points, turn, &mut seen)
            }
            _ => make_count(&mut makers, kind, plan.count(kind), turn, &mut seen),
        };
        questions.extend(made);
    }
    // Types that ran out of distinct questions leave their share to the others: the points
    // are fitted below.
    if questions.is_empty() {
        return Err(QuizError::NoneMade);
    }
    let order = |q: &Question| {
        (
            QuestionType::ALL.iter().position(|&k| k == q.kind),
            variants.iter().position(|&v| v == q.variant),
        )
    };
    // No question may give another's answer away: a diagram that a design question would
    // accept is left off, and another of its type made in its place (a new one is checked too).
    for _ in 0..4 {
        let lost = drop_giveaways(&mut questions);
        if lost.is_empty() {
            break;
        }
        for kind in lost {
            let turn = kinds.iter().position(|&k| k == kind).unwrap_or(0);
            questions.extend(make_count(&mut makers, kind, 1, turn, &mut seen));
        }
    }
    drop_giveaways(&mut questions);
    questions.sort_by_key(order);
    points::fit(&mut questions, options, &plan)?;
    let mixed = variants.len() > 1;
    for (i, q) in questions.iter_mut().enumerate() {
        q.id = format!("q{}", i + 1);
        if mixed {
            q.prompt = format!("{}{}", naming::game_mark(options.lang, q.variant), q.prompt);
        }
    }
    let title = options
        .title
        .clone()
        .unwrap_or_else(|| naming::title(options.lang, &variants));
    Ok(Quiz {
        seed: options.seed,
        lang: options.lang,
        variants,
        version: None,
        title,
        total_points: questions.iter().map(|q| q.points).sum(),
        questions,
    })
}

/// `n` questions of `kind`, shared out among the games in turns (starting with a different
/// game for each type, so that one diagram and one design question go to two games).
fn make_count(
    makers: &mut [Box<dyn Maker>],
    kind: QuestionType,
    n: usize,
    turn: usize,
    seen: &mut BTreeSet<String>,
) -> Vec<Question> {
    let asking: Vec<usize> = (0..makers.len())
        .filter(|&i| makers[i].asks(kind))
        .collect();
    if asking.is_empty() || n == 0 {
        return Vec::new();
    }
    let mut shares = vec![n / asking.len(); asking.len()];
    for k in 0..n % asking.len() {
        shares[(turn + k) % asking.len()] += 1;
    }
    let mut out = Vec::new();
    let mut short = 0;
    for (&i, &share) in asking.iter().zip(&shares) {
        let made = make_in(&mut *makers[i], kind, share, seen);
        short += share - made.len();
        out.extend(made);
    }
    // A game that ran out of questions leaves its share to the others.
    for &i in &asking {
        if short == 0 {
            break;
        }
        let made = make_in(&mut *makers[i], kind, short, seen);
        short -= made.len();
        out.extend(made);
    }
    out
}

/// Questions of `kind` (fill-in questions) until their points can reach `target` with a
/// point or two a blank (half-way between the two), the games in turns.
fn make_points(
    makers: &mut [Box<dyn Maker>],
    kind: QuestionType,
    target: u32,
    turn: usize,
    seen: &mut BTreeSet<String>,
) -> Vec<Question> {
    let asking: Vec<usize> = (0..makers.len())
        .filter(|&i| makers[i].asks(kind))
        .collect();
    let mut out: Vec<Question> = Vec::new();
    const TRIES: usize = 8;
    let mut dry = vec![false; asking.len()];
    let mut misses = vec![0; asking.len()];
    let mut k = turn;
    let reach = |out: &[Question]| -> u32 {
        let points: u32 = out.iter().map(|q| q.points).sum();
        let most: u32 = out.iter().map(|q| 2 * q.blanks.len() as u32).sum();
        (points + most) / 2
    };
    while reach(&out) < target && dry.iter().any(|d| !d) {
        let slot = k % asking.len();
        k += 1;
        if dry[slot] {
            continue;
        }
        let made = make_in(&mut *makers[asking[slot]], kind, 1, seen);
        if made.is_empty() {
            dry[slot] = true;
        }
        // A blank is worth a point at least: a question whose blanks would make more points
        // than the target is left for another (a small quiz has room for a blank or two).
        let blanks = |qs: &[Question]| qs.iter().map(|q| q.blanks.len() as u32).sum::<u32>();
        if blanks(&out) + blanks(&made) > target.max(1) {
            misses[slot] += 1;
            dry[slot] |= misses[slot] >= TRIES;
            continue;
        }
        out.extend(made);
    }
    out
}

fn make_in(
    maker: &mut dyn Maker,
    kind: QuestionType,
    n: usize,
    seen: &mut BTreeSet<String>,
) -> Vec<Question> {
    let variant = maker.variant();
    let mut made = maker.make(kind, n, seen);
    for q in &mut made {
        q.variant = variant;
    }
    made
}

fn names<'a>(items: impl Iterator<Item = &'a str>) -> String {
    items.collect::<Vec<_>>().join(",")
}

/// Families whose questions share an answer, the wording of one giving the other away: the
/// corners question names the long diagonal's ends (its answer), and the long diagonal (大道)
/// question says the diagonal joins the corners (so its corner squares are on it); the conduct
/// question's acts say when a move is made (changing it before the hand leaves the piece is
/// allowed), when captured pieces come off and how a king is marked; the crowning blank says
/// how a king is marked; a king's statement that captured pieces come off at once is judged by
/// the removal and conduct questions.
const SHARED_ANSWERS: &[[Family; 2]] = &[
    [Family::LongDiagonal, Family::Corners],
    [Family::MoveMade, Family::Conduct],
    [Family::Removal, Family::Conduct],
    [Family::KingMark, Family::Conduct],
    [Family::KingMark, Family::CrowningName],
    [Family::KingFacts, Family::Conduct],
    [Family::KingFacts, Family::Removal],
    // Families asked once a paper: their questions draw on one set of statements or clauses
    // (a single and a multiple choice on kings, two orders of the same blanks).
    [Family::Jumping, Family::Jumping],
    [Family::Conduct, Family::Conduct],
    [Family::KingFacts, Family::KingFacts],
    [Family::ManCaptures, Family::ManCaptures],
    [Family::Losing, Family::Losing],
];

/// The families that must not be on a paper with `family`.
fn sharing(family: Family) -> impl Iterator<Item = Family> {
    SHARED_ANSWERS.iter().filter_map(move |&[a, b]| match () {
        _ if a == family => Some(b),
        _ if b == family => Some(a),
        _ => None,
    })
}

/// Makes up to `n` new questions of `kind`, taking the families in turns (in a shuffled order,
/// the least `used` first) so that a quiz covers as many of them as it can.
fn fill<R: Rules>(
    context: &mut Context<R>,
    kind: QuestionType,
    n: usize,
    families: &[&FamilyDef<R>],
    seen: &mut BTreeSet<String>,
    used: &BTreeMap<Family, usize>,
) -> Vec<Question> {
    const TRIES: usize = 8;
    if families.is_empty() {
        return Vec::new();
    }
    let mut order: Vec<&FamilyDef<R>> = families.to_vec();
    order.shuffle(&mut context.rng);
    order.sort_by_key(|f| used.get(&f.name).copied().unwrap_or(0));
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
            Some(mut question) if build::is_sound(&question) => {
                question.variant = R::RULES.variant;
                let signature = build::signature(&question);
                // The same prompt on the same diagram (or on none) is the same question
                // however its options are drawn: "who moves first" asked twice.
                let prompt = format!(
                    "prompt:{}:{}:{}",
                    R::RULES.variant.name(),
                    question.fen.as_deref().unwrap_or(""),
                    normalize(&question.prompt)
                );
                // Families that share an answer, one's wording giving the other away, are
                // asked at most one of them on a paper.
                let asked = |family: Family| format!("asked:{}:{family}", R::RULES.variant.name());
                let free = sharing(question.family).all(|other| !seen.contains(&asked(other)));
                if free && !seen.contains(&prompt) && seen.insert(signature) {
                    seen.insert(prompt);
                    seen.insert(asked(question.family));
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
    fn names_round_trip() {
        for t in QuestionType::ALL {
            assert_eq!(t.name().parse::<QuestionType>(), Ok(t));
        }
        for t in Topic::ALL {
            assert_eq!(t.name().parse::<Topic>(), Ok(t));
        }
        assert!("essay".parse::<QuestionType>().is_err());
    }

    #[test]
    fn every_family_has_one_name_in_code_and_in_json() {
        let listed: BTreeSet<&str> = family_names().iter().map(|f| f.0).collect();
        let named: BTreeSet<&str> = Family::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(listed, named);
        for family in Family::ALL {
            let json = serde_json::to_string(&family).unwrap();
            assert_eq!(json, format!("\"{family}\""));
            assert_eq!(serde_json::from_str::<Family>(&json).unwrap(), family);
        }
    }

    #[test]
    fn every_game_has_families_of_every_type() {
        let families = family_names();
        for variant in Variant::ALL {
            for kind in QuestionType::ALL {
                assert!(
                    families
                        .iter()
                        .any(|(_, _, kinds, games)| kinds.contains(&kind)
                            && games.contains(&variant)),
                    "{variant} has no {kind} question"
                );
            }
        }
    }
}
