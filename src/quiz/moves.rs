//! Moves and captures on a diagram: which moves are legal, how many pieces must be captured,
//! which capture is compulsory, where a king may land, which capture route the rules allow,
//! and whether a man is crowned. Positions are built at random and kept only when the engine
//! shows the rule at work; every option is then checked with [`Position::parse_move`].

use super::board::promotion_row;
use super::build::{
    self, blanks, choice, orient, random_position, Choice, Draft, Fill, Order, Recipe,
};
use super::family::{Context, Family};
use super::probes::{self, step, wrong_captures, WrongRule};
use super::question::{Question, QuestionType, Topic};
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Color, Role, Square};
use crate::words::synonyms::Word;
use crate::words::{self, say, Text};
use rand::Rng;
use std::collections::BTreeSet;

use QuestionType::{Blank, Multi, Single};

pub(crate) const FAMILIES: &[Family] = &[
    Family {
        name: "legal_moves",
        topic: Topic::Moves,
        kinds: &[Single, Multi],
        make: legal_moves,
    },
    Family {
        name: "capture_count",
        topic: Topic::Moves,
        kinds: &[Single, Blank],
        make: capture_count,
    },
    Family {
        name: "compulsory_capture",
        topic: Topic::Moves,
        kinds: &[Single],
        make: compulsory_capture,
    },
    Family {
        name: "king_landing",
        topic: Topic::Moves,
        kinds: &[Single, Multi],
        make: king_landing,
    },
    Family {
        name: "capture_route",
        topic: Topic::Moves,
        kinds: &[Single],
        make: capture_route,
    },
    Family {
        name: "capture_legality",
        topic: Topic::Moves,
        kinds: &[Single],
        make: capture_legality,
    },
    Family {
        name: "crowning",
        topic: Topic::Moves,
        kinds: &[Single, Blank],
        make: crowning,
    },
];

/// How many random positions a family tries before giving up.
const ATTEMPTS: usize = 400;

const MIXED: Recipe = Recipe {
    white_men: (3, 6),
    white_kings: (0, 1),
    black_men: (3, 6),
    black_kings: (0, 1),
};

const CAPTURES: Recipe = Recipe {
    white_men: (2, 4),
    white_kings: (0, 1),
    black_men: (4, 8),
    black_kings: (0, 1),
};

const KING: Recipe = Recipe {
    white_men: (0, 2),
    white_kings: (1, 1),
    black_men: (3, 6),
    black_kings: (0, 1),
};

/// A random position, possibly turned to Black to move, that satisfies `wanted`.
fn find(
    context: &mut Context,
    recipe: Recipe,
    wanted: impl Fn(&Position) -> bool,
) -> Option<Position> {
    for _ in 0..ATTEMPTS {
        let Some(position) = random_position(context, recipe) else {
            continue;
        };
        let position = orient(context, position);
        if wanted(&position) {
            return Some(position);
        }
    }
    None
}

/// Move text that the engine rejects in `position`, or `None` if it would be read as a legal
/// move (then the full path is tried).
fn illegal_text(position: &Position, m: &Move) -> Option<String> {
    let short = m.to_string();
    if position.parse_move(&short).is_err() {
        return Some(short);
    }
    let full = position.full_move_text(m);
    position.parse_move(&full).is_err().then_some(full)
}

/// The captures that take fewer pieces than the majority rule asks for.
pub(crate) fn shorter_captures(position: &Position) -> Vec<Move> {
    let legal = position.legal_moves();
    position
        .captures_ignoring_majority()
        .into_iter()
        .filter(|m| !legal.contains(m))
        .collect()
}

/// Near misses by `color`: quiet steps and slides that ignore a compulsory capture, men
/// stepping backwards, kings passing a piece (for the side not to move: any of its moves) -
/// each one text the engine rejects.
fn wrong_moves(position: &Position, color: Color) -> Vec<String> {
    let mut texts = Vec::new();
    {
        for from in position.pieces(color).iter() {
            let king = position.kings(color).contains(from);
            for direction in [(-1i8, -1i8), (-1, 1), (1, -1), (1, 1)] {
                let mut square = step(from, direction);
                let mut passed = false;
                while let Some(to) = square {
                    if position.piece_at(to).is_some() {
                        if passed || !king {
                            break;
                        }
                        passed = true;
                        square = step(to, direction);
                        continue;
                    }
                    texts.push(format!("{from}-{to}"));
                    if !king {
                        break;
                    }
                    square = step(to, direction);
                }
            }
        }
    }
    texts
        .into_iter()
        .filter(|t| position.parse_move(t).is_err())
        .collect()
}

fn legal_texts(position: &Position) -> Vec<String> {
    let legal = position.legal_moves();
    legal
        .iter()
        .map(|m| position.move_text_in(m, &legal))
        .collect()
}

fn plain(texts: impl IntoIterator<Item = String>, right: bool) -> Vec<Choice> {
    texts.into_iter().map(|t| Choice::plain(t, right)).collect()
}

/// "Legal moves: ... Capturing is compulsory, and the majority rule asks for 3 pieces."
fn legal_explanation(context: &Context, position: &Position) -> String {
    let lang = context.lang;
    let all = words::list(lang, &legal_texts(position));
    let legal = position.legal_moves();
    match legal.first() {
        Some(m) if m.is_capture() && shorter_captures(position).is_empty() => {
            say!(lang, Text::LegalCompulsoryExplanation, all)
        }
        Some(m) if m.is_capture() => {
            let n = m.capture_count();
            say!(lang, Text::LegalMajorityExplanation, all, n)
        }
        _ => say!(lang, Text::LegalExplanation, all),
    }
}

fn to_move(context: &Context, position: &Position) -> String {
    let side = words::side(context.lang, position.turn());
    say!(context.lang, Text::SideToMove, side)
}

fn legal_moves(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let captures = context.rng.gen_bool(0.6);
    let position = find(context, MIXED, |p| {
        let legal = p.legal_moves();
        !legal.is_empty()
            && legal.len() <= 10
            && if captures {
                p.has_capture() && !shorter_captures(p).is_empty()
            } else {
                !p.has_capture()
            }
    })?;
    let mut wrong: Vec<Choice> = Vec::new();
    for m in shorter_captures(&position) {
        if let Some(text) = illegal_text(&position, &m) {
            wrong.push(Choice::plain(text, false));
        }
    }
    wrong.extend(plain(wrong_moves(&position, position.turn()), false));
    let need = if kind == Single { 3 } else { 4 };
    let wrong = build::prefer(
        wrong,
        plain(wrong_moves(&position, position.turn().other()), false),
        need,
    );
    let right = plain(legal_texts(&position), true);
    let lang = context.lang;
    let intro = to_move(context, &position);
    let side = words::side(lang, position.turn());
    let prompt = match (kind, context.rng.gen_bool(0.5)) {
        (Single, true) => say!(lang, Text::LegalMovesSingle, intro),
        (Single, false) => say!(lang, Text::LegalMovesSingleMayPlay, side),
        (_, true) => say!(lang, Text::LegalMovesMulti, intro),
        (_, false) => say!(lang, Text::LegalMovesMultiMayPlay, side),
    };
    let draft = Draft::new("legal_moves", Topic::Moves, prompt)
        .fen(&position)
        .explain(legal_explanation(context, &position));
    choice(context, kind, draft, right, wrong, Order::Shuffle)
}

fn capture_count(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let position = find(context, CAPTURES, |p| {
        p.legal_moves()
            .first()
            .is_some_and(|m| m.capture_count() >= 2)
            && !shorter_captures(p).is_empty()
    })?;
    let most = position.legal_moves().first()?.capture_count();
    let lang = context.lang;
    let side = words::side(lang, position.turn());
    let intro = to_move(context, &position);
    let prompt = if context.rng.gen_bool(0.5) {
        say!(lang, Text::CaptureCountBlank, intro, side)
    } else {
        say!(lang, Text::CaptureCountBlankRules, intro, side)
    };
    let draft = Draft::new("capture_count", Topic::Moves, prompt)
        .fen(&position)
        .explain(legal_explanation(context, &position));
    if kind == Blank {
        return blanks(draft, vec![Fill::number(most as u64, 2)]);
    }
    let mut counts: BTreeSet<usize> = shorter_captures(&position)
        .iter()
        .map(|m| m.capture_count())
        .collect();
    counts.extend([most + 1, most + 2, most.saturating_sub(2)]);
    counts.retain(|&n| n >= 1 && n != most);
    choice(
        context,
        kind,
        draft,
        vec![Choice::plain(most.to_string(), true)],
        plain(counts.into_iter().map(|n| n.to_string()), false),
        Order::Numeric,
    )
}

fn compulsory_capture(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let position = find(context, CAPTURES, |p| {
        let legal = p.legal_moves();
        legal.len() == 1 && legal[0].is_capture() && shorter_captures(p).len() >= 2
    })?;
    let legal = position.legal_moves();
    let m = legal.first()?;
    let mut wrong: Vec<Choice> = Vec::new();
    let mut king_shorter = false;
    for short in shorter_captures(&position) {
        let takes_king = short
            .captured()
            .iter()
            .any(|s| position.piece_at(s).is_some_and(|p| p.role == Role::King));
        king_shorter |= takes_king;
        if let Some(text) = illegal_text(&position, &short) {
            wrong.push(Choice::plain(text, false));
        }
    }
    wrong.extend(plain(wrong_moves(&position, position.turn()), false));
    let wrong = build::prefer(
        wrong,
        plain(wrong_moves(&position, position.turn().other()), false),
        3,
    );
    let lang = context.lang;
    let intro = to_move(context, &position);
    let prompt = say!(lang, Text::CompulsoryCaptureSingle, intro);
    let mut explanation = legal_explanation(context, &position);
    if king_shorter {
        explanation.push_str(&say!(lang, Text::KingHasNoPriority));
    }
    let draft = Draft::new("compulsory_capture", Topic::Moves, prompt)
        .fen(&position)
        .explain(explanation);
    choice(
        context,
        kind,
        draft,
        vec![Choice::plain(position.move_text(m), true)],
        wrong,
        Order::Shuffle,
    )
}

fn king_landing(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let position = find(context, KING, |p| {
        let legal = p.legal_moves();
        let Some(first) = legal.first() else {
            return false;
        };
        first.is_capture()
            && legal
                .iter()
                .all(|m| m.is_king_move() && m.from() == first.from())
    })?;
    let legal = position.legal_moves();
    let king = legal.first()?.from();
    let ends: BTreeSet<Square> = legal.iter().map(|m| m.to()).collect();
    // Near misses: squares the king could reach without capturing, squares next to a landing
    // square, and the ends of captures that take too few pieces.
    let mut near: BTreeSet<Square> = BTreeSet::new();
    for direction in [(-1i8, -1i8), (-1, 1), (1, -1), (1, 1)] {
        let mut square = step(king, direction);
        while let Some(s) = square {
            if position.piece_at(s).is_some() {
                break;
            }
            near.insert(s);
            square = step(s, direction);
        }
    }
    for end in &ends {
        near.extend(probes::neighbours(*end));
    }
    near.extend(shorter_captures(&position).iter().map(|m| m.to()));
    near.retain(|s| !ends.contains(s) && (position.piece_at(*s).is_none() || *s == king));
    near.remove(&king);
    let lang = context.lang;
    let intro = to_move(context, &position);
    let prompt = match kind {
        Single => say!(lang, Text::KingLandingSingle, intro, king),
        _ => say!(lang, Text::KingLandingMulti, intro, king),
    };
    let all = words::list(
        lang,
        &ends.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    );
    let captures = legal_explanation(context, &position);
    let draft = Draft::new("king_landing", Topic::Moves, prompt)
        .fen(&position)
        .explain(say!(lang, Text::KingLandingExplanation, all, captures));
    choice(
        context,
        kind,
        draft,
        ends.iter()
            .map(|s| Choice::plain(s.to_string(), true))
            .collect(),
        near.iter()
            .map(|s| Choice::plain(s.to_string(), false))
            .collect(),
        Order::Numeric,
    )
}

fn capture_route(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let position = find(context, KING, |p| {
        let legal = p.legal_moves();
        legal.len() == 1
            && legal[0].is_king_move()
            && legal[0].capture_count() >= 2
            && [WrongRule::RemoveAtOnce, WrongRule::JumpTwice]
                .iter()
                .flat_map(|&rule| wrong_captures(p, rule))
                .any(|c| c.jumped.len() > legal[0].capture_count())
    })?;
    let legal = position.legal_moves();
    let m = legal.first()?;
    let king = m.from();
    let mut wrong: Vec<Choice> = Vec::new();
    let mut removal = false;
    let mut twice = false;
    for rule in [WrongRule::RemoveAtOnce, WrongRule::JumpTwice] {
        for c in wrong_captures(&position, rule) {
            if c.route[0] == king
                && c.jumped.len() >= m.capture_count()
                && position.parse_move(&c.text()).is_err()
            {
                match rule {
                    WrongRule::RemoveAtOnce => removal = true,
                    WrongRule::JumpTwice => twice = true,
                }
                wrong.push(Choice::new(c.text(), format!("wrong:{}", c.text()), false));
            }
        }
    }
    for short in shorter_captures(&position) {
        let text = position.full_move_text(&short);
        if position.parse_move(&text).is_err() {
            wrong.push(Choice::new(text.clone(), format!("short:{text}"), false));
        }
    }
    let right = position.full_move_text(m);
    let lang = context.lang;
    let intro = to_move(context, &position);
    let prompt = say!(lang, Text::CaptureRouteSingle, intro, king);
    let mut explanation = say!(lang, Text::CaptureRouteExplanation, right);
    if removal || twice {
        explanation.push_str(&say!(lang, Text::CaptureRouteTooEarly));
    }
    let draft = Draft::new("capture_route", Topic::Moves, prompt)
        .fen(&position)
        .explain(explanation);
    choice(
        context,
        kind,
        draft,
        vec![Choice::new(right.clone(), format!("legal:{right}"), true)],
        wrong,
        Order::Shuffle,
    )
}

/// What is wrong with a capture route (landing squares, start first) in `position`: whether it
/// jumps a piece twice, and whether it passes over or lands on a piece it has already
/// captured. `None` when the route is not a capture at all, or both faults meet in one leg.
fn route_faults(position: &Position, route: &[Square]) -> Option<(bool, bool)> {
    let me = position.turn();
    let start = *route.first()?;
    let mut jumped: Vec<Square> = Vec::new();
    let mut twice = false;
    let mut passes = false;
    for leg in route.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        if a == b || a.row().abs_diff(b.row()) != a.column().abs_diff(b.column()) {
            return None;
        }
        let direction = (
            (b.row() as i8 - a.row() as i8).signum(),
            (b.column() as i8 - a.column() as i8).signum(),
        );
        // The pieces between a and b, as they stand before the capture ends.
        let mut fresh = Vec::new();
        let mut old = Vec::new();
        let mut square = step(a, direction);
        while let Some(s) = square {
            if s == b {
                break;
            }
            match position.piece_at(s) {
                Some(p) if s != start && p.color == me => return None,
                Some(_) if s != start => {
                    if jumped.contains(&s) {
                        old.push(s);
                    } else {
                        fresh.push(s);
                    }
                }
                _ => {}
            }
            square = step(s, direction);
        }
        passes |= jumped.contains(&b);
        let victim = match (fresh.as_slice(), old.as_slice()) {
            ([victim], []) => *victim,
            ([victim], _) => {
                passes = true;
                *victim
            }
            ([], [victim]) => {
                twice = true;
                *victim
            }
            _ => return None,
        };
        jumped.push(victim);
    }
    Some((twice, passes))
}

fn capture_legality(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let position = find(context, KING, |p| {
        let legal = p.legal_moves();
        legal.len() == 1 && legal[0].is_king_move() && legal[0].capture_count() >= 2
    })?;
    let legal = position.legal_moves();
    let m = legal.first()?;
    let most = m.capture_count();
    // The route to ask about: the legal one, or one made under a wrong rule, or one that
    // takes too few pieces - each kind as likely, when the position has it.
    let mut kinds: Vec<Vec<(String, Vec<Square>)>> = vec![vec![(
        position.full_move_text(m),
        position.capture_route(m),
    )]];
    for rule in [WrongRule::RemoveAtOnce, WrongRule::JumpTwice] {
        kinds.push(
            wrong_captures(&position, rule)
                .into_iter()
                .filter(|c| c.jumped.len() <= most + 2)
                .map(|c| (c.text(), c.route))
                .collect(),
        );
    }
    kinds.push(
        shorter_captures(&position)
            .iter()
            .map(|short| {
                (
                    position.full_move_text(short),
                    position.capture_route(short),
                )
            })
            .collect(),
    );
    kinds.retain(|k| !k.is_empty());
    let pick = context.rng.gen_range(0..kinds.len());
    let mut routes = kinds.swap_remove(pick);
    let pick = context.rng.gen_range(0..routes.len());
    let (text, route) = routes.swap_remove(pick);
    let is_legal = position.parse_move(&text).is_ok();
    let (twice, passes) = route_faults(&position, &route)?;
    let fewer = !is_legal && !twice && !passes && route.len() - 1 < most;
    if [is_legal, twice, passes, fewer]
        .iter()
        .filter(|&&b| b)
        .count()
        != 1
    {
        return None;
    }
    let lang = context.lang;
    let intro = to_move(context, &position);
    let start = route[0];
    let prompt = say!(lang, Text::CaptureLegalitySingle, intro, start, text);
    let pool = [
        ("legal", is_legal, say!(lang, Text::CaptureLegal)),
        ("twice", twice, say!(lang, Text::CaptureJumpsTwice)),
        ("passes", passes, say!(lang, Text::CapturePassesCaptured)),
        ("fewer", fewer, say!(lang, Text::CaptureTakesTooFew)),
    ];
    let right_text = position.full_move_text(m);
    let explanation = say!(lang, Text::CaptureLegalityExplanation, right_text);
    let draft = Draft::new("capture_legality", Topic::Moves, prompt)
        .fen(&position)
        .explain(explanation);
    let (right, wrong): (Vec<Choice>, Vec<Choice>) = pool
        .into_iter()
        .map(|(key, truth, text)| Choice::new(text, key, truth))
        .partition(|c| c.right);
    let mut question = choice(context, kind, draft, right, wrong, Order::Shuffle)?;
    // Keep the options in the order of the statements: yes first, then the reasons.
    let order = ["legal", "twice", "passes", "fewer"];
    let mut items: Vec<(String, String, bool)> = question
        .options
        .iter()
        .zip(&question.option_keys)
        .enumerate()
        .map(|(i, (o, k))| {
            (
                o.clone(),
                k.clone(),
                question.answer.contains(&super::question::letter(i)),
            )
        })
        .collect();
    items.sort_by_key(|(_, k, _)| order.iter().position(|o| o == k));
    question.options = items.iter().map(|i| i.0.clone()).collect();
    question.option_keys = items.iter().map(|i| i.1.clone()).collect();
    question.answer = items
        .iter()
        .enumerate()
        .filter(|(_, i)| i.2)
        .map(|(n, _)| super::question::letter(n))
        .collect();
    Some(question)
}

/// A capture by a man of the side to move that passes its promotion row (`passing`) or ends
/// on it.
fn crowning_move(position: &Position, passing: bool) -> Option<Move> {
    let row = promotion_row(position.turn());
    position.legal_moves().into_iter().find(|m| {
        if !m.is_capture() || m.is_king_move() {
            return false;
        }
        let route = position.capture_route(m);
        let through = route[1..route.len() - 1].iter().any(|s| row.contains(s));
        if passing {
            through && !row.contains(&m.to())
        } else {
            row.contains(&m.to())
        }
    })
}

const CROWNING: Recipe = Recipe {
    white_men: (1, 3),
    white_kings: (0, 0),
    black_men: (2, 5),
    black_kings: (0, 1),
};

fn crowning(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let passing = kind == Single || context.rng.gen_bool(0.5);
    let mut found = None;
    for _ in 0..ATTEMPTS * 4 {
        // Men near the top of the board, so that captures reach the promotion row.
        let Some(p) = random_position(context, CROWNING) else {
            continue;
        };
        if p.pieces(Color::White).iter().any(|s| s.row() > 4)
            || p.pieces(Color::Black).iter().any(|s| s.row() > 5)
        {
            continue;
        }
        let p = orient(context, p);
        if let Some(m) = crowning_move(&p, passing) {
            if p.legal_moves().len() <= 3 {
                found = Some((p, m));
                break;
            }
        }
    }
    let (position, m) = found?;
    let text = position.move_text(&m);
    let to = m.to();
    let lang = context.lang;
    let intro = to_move(context, &position);
    let side = words::side(lang, position.turn());
    let explanation = if m.promotes() {
        say!(lang, Text::CrownedExplanation)
    } else {
        say!(lang, Text::NotCrownedExplanation)
    };
    if kind == Blank {
        let prompt = say!(lang, Text::CrowningBlank, intro, side, text, to);
        let answer = if m.promotes() {
            Fill::word(say!(lang, Text::King), Word::King, 2)
        } else {
            Fill::word(say!(lang, Text::Man), Word::Man, 2)
        };
        let draft = Draft::new("crowning", Topic::Moves, prompt)
            .fen(&position)
            .explain(explanation);
        return blanks(draft, vec![answer]);
    }
    // Statements whose truth the engine decides.
    let legal = position.is_legal(&m);
    let statements = [
        ("king", m.promotes(), say!(lang, Text::CrowningNowKing, to)),
        ("man", !m.promotes(), say!(lang, Text::CrowningStillMan, to)),
        (
            "king_in_passing",
            m.is_king_move(),
            say!(lang, Text::CrowningInPassing),
        ),
        ("not_allowed", !legal, say!(lang, Text::CrowningNotAllowed)),
    ];
    let prompt = say!(lang, Text::CrowningSingle, intro, side, text);
    let draft = Draft::new("crowning", Topic::Moves, prompt)
        .fen(&position)
        .explain(explanation);
    let (right, wrong): (Vec<Choice>, Vec<Choice>) = statements
        .into_iter()
        .map(|(key, truth, text)| Choice::new(text, key, truth))
        .partition(|c| c.right);
    choice(context, kind, draft, right, wrong, Order::Shuffle)
}
