//! Putting questions together: choosing and ordering options, blanks, the checks every
//! question passes before output, and random diagram positions.

use super::family::Context;
use super::question::{letter, Blank, BlankKind, Family, Question, QuestionType, Topic, BLANK};
use crate::setup::Setup;
use crate::square::{Color, Role, Square};
use crate::words::synonyms::{normalize, Word};
use crate::{Rules, Variant};
use damtutor_rules::Position;
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::BTreeSet;

/// Points of a single-choice question.
pub(crate) const SINGLE_POINTS: u32 = 2;
/// Points of a multiple-choice question.
pub(crate) const MULTI_POINTS: u32 = 4;

/// An option and whether it is right.
#[derive(Clone, Debug)]
pub(crate) struct Choice {
    pub text: String,
    /// A stable name of the option (a square number, a move, a statement's name).
    pub key: String,
    pub right: bool,
}

impl Choice {
    pub(crate) fn new(text: impl Into<String>, key: impl Into<String>, right: bool) -> Choice {
        Choice {
            text: text.into(),
            key: key.into(),
            right,
        }
    }

    /// An option whose text is its key (a number, a square, a move).
    pub(crate) fn plain(text: impl Into<String>, right: bool) -> Choice {
        let text = text.into();
        Choice {
            key: text.clone(),
            text,
            right,
        }
    }
}

/// How the chosen options are ordered.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Order {
    /// At random.
    Shuffle,
    /// By their leading number, as squares are listed in the model test.
    Numeric,
}

/// The fixed parts of a question being made.
pub(crate) struct Draft {
    pub family: Family,
    pub topic: Topic,
    pub prompt: String,
    pub fen: Option<String>,
    pub explanation: String,
}

impl Draft {
    pub(crate) fn new(family: Family, topic: Topic, prompt: String) -> Draft {
        Draft {
            family,
            topic,
            prompt,
            fen: None,
            explanation: String::new(),
        }
    }

    /// The question's diagram, written with the game's square names.
    pub(crate) fn fen<R: Rules>(mut self, position: &Position<R>) -> Draft {
        self.fen = Some(super::naming::fen(position));
        self
    }

    pub(crate) fn explain(mut self, text: String) -> Draft {
        self.explanation = text;
        self
    }

    fn question(self, kind: QuestionType, points: u32) -> Question {
        Question {
            id: String::new(),
            kind,
            variant: Variant::International,
            topic: self.topic,
            family: self.family,
            prompt: self.prompt,
            options: Vec::new(),
            answer: Vec::new(),
            points,
            fen: self.fen,
            blanks: Vec::new(),
            goal: None,
            motif: None,
            side: None,
            option_keys: Vec::new(),
            explanation: self.explanation,
            options_fixed: false,
        }
    }
}

/// A choice question of `kind` (single: one right option of four; multi: one to three right of
/// five) drawn from the pools of right and wrong options; `None` when the pools are too small.
/// Texts that occur in both pools are dropped: such an option would be ambiguous.
pub(crate) fn choice<R: Rules>(
    context: &mut Context<R>,
    kind: QuestionType,
    draft: Draft,
    right: Vec<Choice>,
    wrong: Vec<Choice>,
    order: Order,
) -> Option<Question> {
    let right_texts: BTreeSet<String> = right.iter().map(|c| c.text.clone()).collect();
    let wrong_texts: BTreeSet<String> = wrong.iter().map(|c| c.text.clone()).collect();
    let clean = |pool: Vec<Choice>, want: bool| -> Vec<Choice> {
        let mut seen = BTreeSet::new();
        pool.into_iter()
            .filter(|c| c.right == want)
            .filter(|c| !(right_texts.contains(&c.text) && wrong_texts.contains(&c.text)))
            .filter(|c| seen.insert(c.text.clone()))
            .collect()
    };
    let mut right = clean(right, true);
    let mut wrong = clean(wrong, false);
    let (size, rights) = match kind {
        QuestionType::Single => (4, 1),
        QuestionType::Multi => {
            let most = right.len().min(3);
            if most == 0 {
                return None;
            }
            let fewest = 5usize.saturating_sub(wrong.len()).max(1);
            if fewest > most {
                return None;
            }
            // Two right options most often, as in the model test.
            let wanted = match context.rng.gen_range(0..20) {
                0..=4 => 1,
                5..=13 => 2,
                _ => 3,
            };
            (5, wanted.clamp(fewest, most))
        }
        _ => return None,
    };
    if right.len() < rights || wrong.len() < size - rights {
        return None;
    }
    right.shuffle(&mut context.rng);
    wrong.shuffle(&mut context.rng);
    let mut options: Vec<Choice> = right
        .into_iter()
        .take(rights)
        .chain(wrong.into_iter().take(size - rights))
        .collect();
    match order {
        Order::Shuffle => options.shuffle(&mut context.rng),
        Order::Numeric => options.sort_by_key(|c| order_key(&c.text)),
    }
    let points = if kind == QuestionType::Single {
        SINGLE_POINTS
    } else {
        MULTI_POINTS
    };
    let mut question = draft.question(kind, points);
    question.answer = options
        .iter()
        .enumerate()
        .filter(|(_, c)| c.right)
        .map(|(i, _)| letter(i))
        .collect();
    question.option_keys = options.iter().map(|c| c.key.clone()).collect();
    question.options = options.into_iter().map(|c| c.text).collect();
    question.options_fixed = order == Order::Numeric;
    Some(question)
}

/// The `primary` near misses when there are at least `need` of them, else both pools.
pub(crate) fn prefer(primary: Vec<Choice>, secondary: Vec<Choice>, need: usize) -> Vec<Choice> {
    let distinct: BTreeSet<&str> = primary.iter().map(|c| c.text.as_str()).collect();
    if distinct.len() >= need {
        primary
    } else {
        primary.into_iter().chain(secondary).collect()
    }
}

/// Where an option goes when options are listed in order: by its leading number (`12`, `28`),
/// or a square name by its file and rank (`a1`, `a3`, `b2`...).
fn order_key(text: &str) -> u64 {
    let digits: String = text.chars().take_while(|c| c.is_ascii_digit()).collect();
    if let Ok(number) = digits.parse() {
        return number;
    }
    let mut chars = text.chars();
    match (chars.next(), chars.as_str().parse::<u64>()) {
        (Some(file), Ok(rank)) if file.is_ascii_lowercase() => {
            1_000 + (file as u64 - 'a' as u64) * 100 + rank
        }
        _ => u64::MAX,
    }
}

/// One blank: what is printed in the key, and how answers are compared.
pub(crate) struct Fill {
    pub display: String,
    pub blank: Blank,
}

impl Fill {
    /// A word blank: `display` in the key, and every form of `word` accepted (see
    /// [`synonyms`](crate::words::synonyms)).
    pub(crate) fn word(display: String, word: Word, points: u32) -> Fill {
        Fill::words(display, &[word], points)
    }

    /// A word blank that accepts every form of each of `words`.
    pub(crate) fn words(display: String, words: &[Word], points: u32) -> Fill {
        let mut forms: Vec<String> = Vec::new();
        let all = words.iter().flat_map(|w| w.forms().iter().copied());
        for form in std::iter::once(display.as_str()).chain(all) {
            let form = normalize(form);
            if !form.is_empty() && !forms.contains(&form) {
                forms.push(form);
            }
        }
        Fill {
            display,
            blank: Blank {
                points,
                kind: BlankKind::Text,
                accept: forms,
            },
        }
    }

    /// A number blank.
    pub(crate) fn number(value: u64, points: u32) -> Fill {
        Fill {
            display: value.to_string(),
            blank: Blank {
                points,
                kind: BlankKind::Number,
                accept: vec![value.to_string()],
            },
        }
    }

    /// A move of the question's diagram, in standard notation.
    pub(crate) fn mv(text: String, points: u32) -> Fill {
        Fill {
            display: text.clone(),
            blank: Blank {
                points,
                kind: BlankKind::Move,
                accept: vec![text],
            },
        }
    }

    /// A square of the question's board, in the game's notation: any name of the same square
    /// counts (`a1` or `29`).
    pub(crate) fn square(text: String, points: u32) -> Fill {
        Fill {
            display: text.clone(),
            blank: Blank {
                points,
                kind: BlankKind::Square,
                accept: vec![text],
            },
        }
    }

    /// A FEN string, canonical.
    pub(crate) fn fen(text: String, points: u32) -> Fill {
        Fill {
            display: text.clone(),
            blank: Blank {
                points,
                kind: BlankKind::Fen,
                accept: vec![text],
            },
        }
    }
}

/// A fill-in question; the prompt holds one [`BLANK`] per fill.
pub(crate) fn blanks(draft: Draft, fills: Vec<Fill>) -> Option<Question> {
    if fills.is_empty() || draft.prompt.matches(BLANK).count() != fills.len() {
        return None;
    }
    let points = fills.iter().map(|f| f.blank.points).sum();
    let mut question = draft.question(QuestionType::Blank, points);
    question.answer = fills.iter().map(|f| f.display.clone()).collect();
    question.blanks = fills.into_iter().map(|f| f.blank).collect();
    Some(question)
}

/// An open question (diagram or design) worth `points`.
pub(crate) fn open(draft: Draft, kind: QuestionType, points: u32) -> Question {
    draft.question(kind, points)
}

/// Whether a question has the shape its type requires; every question passes this before it
/// is output.
pub(crate) fn is_sound(q: &Question) -> bool {
    let distinct = |items: &[String]| items.iter().collect::<BTreeSet<_>>().len() == items.len();
    let letters_ok = |count: usize| {
        q.answer.iter().all(|a| (0..count).any(|i| letter(i) == *a)) && distinct(&q.answer)
    };
    if q.prompt.trim().is_empty() || q.points == 0 {
        return false;
    }
    if !q.option_keys.is_empty() && q.option_keys.len() != q.options.len() {
        return false;
    }
    match q.kind {
        QuestionType::Single => {
            q.options.len() == 4 && q.answer.len() == 1 && distinct(&q.options) && letters_ok(4)
        }
        QuestionType::Multi => {
            q.options.len() == 5
                && (1..=5).contains(&q.answer.len())
                && distinct(&q.options)
                && letters_ok(5)
        }
        QuestionType::Blank => {
            !q.blanks.is_empty()
                && q.prompt.matches(BLANK).count() == q.blanks.len()
                && q.answer.len() == q.blanks.len()
                && q.points == q.blanks.iter().map(|b| b.points).sum::<u32>()
                && q.blanks
                    .iter()
                    .all(|b| !b.accept.is_empty() && b.points > 0)
        }
        QuestionType::Diagram => q.fen.is_some() && q.goal.is_some() && !q.answer.is_empty(),
        QuestionType::Design => q.motif.is_some() && q.side.is_some() && !q.answer.is_empty(),
    }
}

/// What makes two questions the same question.
pub(crate) fn signature(q: &Question) -> String {
    let mut options = q.options.clone();
    options.sort();
    format!(
        "{}|{}|{}|{}|{}",
        q.variant,
        q.family,
        q.prompt,
        options.join("|"),
        q.fen.as_deref().unwrap_or("")
    )
}

/// How many pieces of each kind a random position gets: (least, most) for white men, white
/// kings, black men and black kings.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Recipe {
    pub white_men: (u32, u32),
    pub white_kings: (u32, u32),
    pub black_men: (u32, u32),
    pub black_kings: (u32, u32),
}

/// A random legal position with White to move: men never on their own crowning row.
pub(crate) fn random_position<R: Rules>(
    context: &mut Context<R>,
    recipe: Recipe,
) -> Option<Position<R>> {
    let board = R::RULES.board;
    let all: Vec<Square> = board.squares().collect();
    let off = |color: Color| -> Vec<Square> {
        let row = board.crowning_row(color);
        all.iter().copied().filter(|s| !row.contains(*s)).collect()
    };
    let (white_men, black_men) = (off(Color::White), off(Color::Black));
    let mut setup = Setup::empty(Color::White);
    let mut used = BTreeSet::new();
    let groups = [
        (recipe.white_men, Color::White, Role::Man, &white_men),
        (recipe.white_kings, Color::White, Role::King, &all),
        (recipe.black_men, Color::Black, Role::Man, &black_men),
        (recipe.black_kings, Color::Black, Role::King, &all),
    ];
    for ((least, most), color, role, squares) in groups {
        let count = context.rng.gen_range(least..=most.max(least));
        for _ in 0..count {
            let mut square = *squares.choose(&mut context.rng)?;
            let mut guard = 0;
            while used.contains(&square) {
                square = *squares.choose(&mut context.rng)?;
                guard += 1;
                if guard > 200 {
                    return None;
                }
            }
            used.insert(square);
            setup.put(square.number().into(), color, role);
        }
    }
    Position::from_setup(&setup).ok()
}

/// The position as it is, or (one time in three) with the colours swapped so that Black moves.
pub(crate) fn orient<R: Rules>(context: &mut Context<R>, position: Position<R>) -> Position<R> {
    if context.rng.gen_ratio(1, 3) {
        position.mirrored()
    } else {
        position
    }
}
