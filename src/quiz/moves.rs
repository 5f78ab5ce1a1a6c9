//! Moves and captures on a diagram: which moves are legal, how many pieces must be captured,
//! which capture is compulsory, where a king may land, which capture route the rules allow,
//! and whether a man is crowned - each in the game's rules. Positions are built at random on
//! the game's board and kept only when its engine shows the rule at work; every option is then
//! checked with [`Position::parse_move`].

use super::build::{
    self, blanks, choice, orient, random_position, Choice, Draft, Fill, Order, Recipe,
};
use super::family::{every_game, Context, FamilyDef};
use super::geometry::{self, step, STEPS};
use super::probes::Crossing;
use super::question::{letter, Family, Question, QuestionType, Topic};
use super::wrong::{wrong_captures, WrongRule};
use crate::square::{Color, Role, Square};
use crate::words::synonyms::Word;
use crate::words::{self, say, Text};
use crate::Rules;
use damtutor_rules::{Move, Position};
use rand::Rng;
use std::collections::BTreeSet;

use QuestionType::{Blank, Multi, Single};

pub(crate) fn families<R: Rules>() -> Vec<FamilyDef<R>> {
    vec![
        FamilyDef {
            name: Family::LegalMoves,
            topic: Topic::Moves,
            kinds: &[Single, Multi],
            fits: every_game,
            make: legal_moves::<R>,
        },
        FamilyDef {
            name: Family::CaptureCount,
            topic: Topic::Moves,
            kinds: &[Single, Blank],
            fits: every_game,
            make: capture_count::<R>,
        },
        FamilyDef {
            name: Family::CompulsoryCapture,
            topic: Topic::Moves,
            kinds: &[Single],
            fits: every_game,
            make: compulsory_capture::<R>,
        },
        FamilyDef {
            name: Family::KingLanding,
            topic: Topic::Moves,
            kinds: &[Single, Multi],
            fits: every_game,
            make: king_landing::<R>,
        },
        FamilyDef {
            name: Family::CaptureRoute,
            topic: Topic::Moves,
            kinds: &[Single],
            fits: flying,
            make: capture_route::<R>,
        },
        FamilyDef {
            name: Family::CaptureLegality,
            topic: Topic::Moves,
            kinds: &[Single],
            fits: flying,
            make: capture_legality::<R>,
        },
        FamilyDef {
            name: Family::Crowning,
            topic: Topic::Moves,
            kinds: &[Single, Blank],
            fits: every_game,
            make: crowning::<R>,
        },
    ]
}

/// Games with flying kings, whose long captures the Turkish-strike rule shapes.
fn flying(rules: &crate::RuleSet) -> bool {
    rules.flying_kings
}

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
pub(crate) fn find<R: Rules>(
    context: &mut Context<R>,
    recipe: Recipe,
    wanted: impl Fn(&Position<R>) -> bool,
) -> Option<Position<R>> {
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
fn illegal_text<R: Rules>(position: &Position<R>, m: &Move<R>) -> Option<String> {
    let short = m.to_string();
    if position.parse_move(&short).is_err() {
        return Some(short);
    }
    let full = position.full_move_text(m);
    position.parse_move(&full).is_err().then_some(full)
}

/// The captures that take fewer pieces than the maximum rule asks for (none in a game without
/// it).
pub(crate) fn shorter_captures<R: Rules>(position: &Position<R>) -> Vec<Move<R>> {
    let legal = position.legal_moves();
    position
        .captures_ignoring_majority()
        .into_iter()
        .filter(|m| !legal.contains(m))
        .collect()
}

/// Captures stopped before they are complete - the first legs of a legal capture, written as
/// a move - that the engine rejects: a capture, once begun, is completed.
pub(crate) fn stopped_captures<R: Rules>(position: &Position<R>) -> Vec<String> {
    let separator = R::RULES.capture_separator().to_string();
    let mut out = Vec::new();
    for m in position
        .legal_moves()
        .iter()
        .filter(|m| m.capture_count() >= 2)
    {
        let route = position.capture_route(m);
        for end in 2..route.len() {
            let text = route[..end]
                .iter()
                .map(|&s| position.square_name(s))
                .collect::<Vec<_>>()
                .join(&separator);
            if position.parse_move(&text).is_err() && !out.contains(&text) {
                out.push(text);
            }
        }
    }
    out
}

/// Near misses by `color`: quiet steps and slides that ignore a compulsory capture, men
/// stepping backwards, kings passing a piece (for the side not to move: any of its moves) -
/// each one text the engine rejects.
fn wrong_moves<R: Rules>(position: &Position<R>, color: Color) -> Vec<String> {
    let board = R::RULES.board;
    let mut texts = Vec::new();
    for from in position.pieces(color).iter() {
        let king = position.kings(color).contains(from) && R::RULES.flying_kings;
        for direction in STEPS {
            let mut square = step(board, from, direction);
            let mut passed = false;
            while let Some(to) = square {
                if position.piece_at(to).is_some() {
                    if passed || !king {
                        break;
                    }
                    passed = true;
                    square = step(board, to, direction);
                    continue;
                }
                texts.push(format!(
                    "{}-{}",
                    position.square_name(from),
                    position.square_name(to)
                ));
                if !king {
                    break;
                }
                square = step(board, to, direction);
            }
        }
    }
    texts
        .into_iter()
        .filter(|t| position.parse_move(t).is_err())
        .collect()
}

fn legal_texts<R: Rules>(position: &Position<R>) -> Vec<String> {
    let legal = position.legal_moves();
    legal
        .iter()
        .map(|m| position.move_text_in(m, &legal))
        .collect()
}

fn plain(texts: impl IntoIterator<Item = String>, right: bool) -> Vec<Choice> {
    texts.into_iter().map(|t| Choice::plain(t, right)).collect()
}

/// "Legal: ... Capturing is compulsory, and the maximum rule asks for 3 pieces."
fn legal_explanation<R: Rules>(context: &Context<R>, position: &Position<R>) -> String {
    let lang = context.lang;
    let all = words::list(lang, &legal_texts(position));
    let legal = position.legal_moves();
    match legal.first() {
        Some(m) if m.is_capture() && !R::RULES.maximum_capture => {
            say!(lang, Text::LegalFreeChoiceExplanation, all)
        }
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

fn to_move<R: Rules>(context: &Context<R>, position: &Position<R>) -> String {
    context.names().side_to_move(position.turn())
}

/// Whether a capture position teaches the capture rules of the game: a capture the maximum
/// rule forbids, or (without that rule) a capture that must not be stopped half-way.
fn teaches_captures<R: Rules>(position: &Position<R>) -> bool {
    if R::RULES.maximum_capture {
        !shorter_captures(position).is_empty()
    } else {
        !stopped_captures(position).is_empty()
    }
}

fn legal_moves<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let captures = context.rng.gen_bool(0.6);
    let position = find(context, MIXED, |p| {
        let legal = p.legal_moves();
        !legal.is_empty()
            && legal.len() <= 10
            && if captures {
                p.has_capture() && teaches_captures(p)
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
    wrong.extend(plain(stopped_captures(&position), false));
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
    let side = context.names().side(position.turn());
    let prompt = match (kind, context.rng.gen_bool(0.5)) {
        (Single, true) => say!(lang, Text::LegalMovesSingle, intro),
        (Single, false) => say!(lang, Text::LegalMovesSingleMayPlay, side),
        (_, true) => say!(lang, Text::LegalMovesMulti, intro),
        (_, false) => say!(lang, Text::LegalMovesMultiMayPlay, side),
    };
    let draft = Draft::new(Family::LegalMoves, Topic::Moves, prompt)
        .fen(&position)
        .explain(legal_explanation(context, &position));
    choice(context, kind, draft, right, wrong, Order::Shuffle)
}

fn capture_count<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let position = find(context, CAPTURES, |p| {
        let legal = p.legal_moves();
        let Some(first) = legal.first() else {
            return false;
        };
        // Without the maximum rule every capture of the side to move must take as many.
        first.capture_count() >= 2
            && legal
                .iter()
                .all(|m| m.capture_count() == first.capture_count())
            && teaches_captures(p)
    })?;
    let most = position.legal_moves().first()?.capture_count();
    let lang = context.lang;
    let side = context.names().side(position.turn());
    let intro = to_move(context, &position);
    let prompt = if context.rng.gen_bool(0.5) {
        say!(lang, Text::CaptureCountBlank, intro, side)
    } else {
        say!(lang, Text::CaptureCountBlankRules, intro, side)
    };
    let draft = Draft::new(Family::CaptureCount, Topic::Moves, prompt)
        .fen(&position)
        .explain(legal_explanation(context, &position));
    if kind == Blank {
        return blanks(draft, vec![Fill::number(most as u64, 2)]);
    }
    let mut counts: BTreeSet<usize> = shorter_captures(&position)
        .iter()
        .map(|m| m.capture_count())
        .collect();
    counts.extend(1..most);
    counts.extend([most + 1, most + 2]);
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

fn compulsory_capture<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let position = find(context, CAPTURES, |p| {
        let legal = p.legal_moves();
        legal.len() == 1
            && legal[0].is_capture()
            && if R::RULES.maximum_capture {
                shorter_captures(p).len() >= 2
            } else {
                !stopped_captures(p).is_empty()
            }
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
    wrong.extend(plain(stopped_captures(&position), false));
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
    let draft = Draft::new(Family::CompulsoryCapture, Topic::Moves, prompt)
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

fn king_landing<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let board = R::RULES.board;
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
    for direction in STEPS {
        let mut square = step(board, king, direction);
        while let Some(s) = square {
            if position.piece_at(s).is_some() {
                break;
            }
            near.insert(s);
            square = step(board, s, direction);
        }
    }
    for end in &ends {
        near.extend(geometry::neighbours(board, *end));
    }
    near.extend(shorter_captures(&position).iter().map(|m| m.to()));
    near.retain(|s| !ends.contains(s) && (position.piece_at(*s).is_none() || *s == king));
    near.remove(&king);
    let lang = context.lang;
    let names = context.names();
    let intro = to_move(context, &position);
    let at = names.at(king);
    let prompt = match kind {
        Single => say!(lang, Text::KingLandingSingle, intro, king = at),
        _ => say!(lang, Text::KingLandingMulti, intro, king = at),
    };
    let ends: Vec<Square> = ends.into_iter().collect();
    let near: Vec<Square> = near.into_iter().collect();
    let all = words::list(lang, &names.squares(&ends));
    let captures = legal_explanation(context, &position);
    let draft = Draft::new(Family::KingLanding, Topic::Moves, prompt)
        .fen(&position)
        .explain(say!(lang, Text::KingLandingExplanation, all, captures));
    let pool = |squares: &[Square], right: bool| -> Vec<Choice> {
        squares
            .iter()
            .map(|&s| Choice::new(names.square(s), s.number().to_string(), right))
            .collect()
    };
    choice(
        context,
        kind,
        draft,
        pool(&ends, true),
        pool(&near, false),
        Order::Numeric,
    )
}

fn capture_route<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
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
    let mut too_early = false;
    for rule in [WrongRule::RemoveAtOnce, WrongRule::JumpTwice] {
        for c in wrong_captures(&position, rule) {
            let text = c.text::<R>();
            if c.route[0] == king
                && c.jumped.len() >= m.capture_count()
                && position.parse_move(&text).is_err()
            {
                too_early = true;
                wrong.push(Choice::new(text.clone(), format!("wrong:{text}"), false));
            }
        }
    }
    for short in shorter_captures(&position) {
        let text = position.full_move_text(&short);
        if position.parse_move(&text).is_err() {
            wrong.push(Choice::new(text.clone(), format!("short:{text}"), false));
        }
    }
    for text in stopped_captures(&position) {
        wrong.push(Choice::new(text.clone(), format!("stopped:{text}"), false));
    }
    let right = position.full_move_text(m);
    let lang = context.lang;
    let intro = to_move(context, &position);
    let at = context.names().at(king);
    let prompt = say!(lang, Text::CaptureRouteSingle, intro, king = at);
    let mut explanation = say!(lang, Text::CaptureRouteExplanation, right);
    if too_early {
        explanation.push_str(&say!(lang, Text::CaptureRouteTooEarly));
    }
    let draft = Draft::new(Family::CaptureRoute, Topic::Moves, prompt)
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
fn route_faults<R: Rules>(position: &Position<R>, route: &[Square]) -> Option<(bool, bool)> {
    let board = R::RULES.board;
    let me = position.turn();
    let start = *route.first()?;
    let mut jumped: Vec<Square> = Vec::new();
    let mut twice = false;
    let mut passes = false;
    for leg in route.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        if !geometry::on_one_diagonal(board, a, b) {
            return None;
        }
        let direction = geometry::direction(board, a, b);
        // The pieces between a and b, as they stand before the capture ends.
        let mut fresh = Vec::new();
        let mut old = Vec::new();
        let mut square = step(board, a, direction);
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
            square = step(board, s, direction);
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

fn capture_legality<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let position = find(context, KING, |p| {
        let legal = p.legal_moves();
        legal.len() == 1 && legal[0].is_king_move() && legal[0].capture_count() >= 2
    })?;
    let legal = position.legal_moves();
    let m = legal.first()?;
    let most = m.capture_count();
    let names = context.names();
    let route_text = |route: &[Square]| -> String {
        route
            .iter()
            .map(|&s| names.square(s))
            .collect::<Vec<_>>()
            .join(&R::RULES.capture_separator().to_string())
    };
    // The route to ask about: the legal one, one made under a wrong rule, one that takes too
    // few pieces or one stopped half-way - each kind as likely, when the position has it.
    let legal_route = position.capture_route(m);
    let mut kinds: Vec<Vec<Vec<Square>>> = vec![vec![legal_route.clone()]];
    for rule in [WrongRule::RemoveAtOnce, WrongRule::JumpTwice] {
        kinds.push(
            wrong_captures(&position, rule)
                .into_iter()
                .filter(|c| c.jumped.len() <= most + 2)
                .map(|c| c.route)
                .collect(),
        );
    }
    kinds.push(
        shorter_captures(&position)
            .iter()
            .map(|short| position.capture_route(short))
            .collect(),
    );
    kinds.push(
        (2..legal_route.len())
            .map(|end| legal_route[..end].to_vec())
            .collect(),
    );
    kinds.retain(|k| !k.is_empty());
    let pick = context.rng.gen_range(0..kinds.len());
    let mut routes = kinds.swap_remove(pick);
    let pick = context.rng.gen_range(0..routes.len());
    let route = routes.swap_remove(pick);
    let text = route_text(&route);
    let is_legal = position.parse_move(&text).is_ok();
    let (twice, passes) = route_faults(&position, &route)?;
    let stops = !is_legal
        && !twice
        && !passes
        && route.len() < legal_route.len()
        && legal_route.starts_with(&route);
    let fewer = !is_legal && !twice && !passes && !stops && route.len() - 1 < most;
    if [is_legal, twice, passes, fewer, stops]
        .iter()
        .filter(|&&b| b)
        .count()
        != 1
    {
        return None;
    }
    let lang = context.lang;
    let intro = to_move(context, &position);
    let start = names.at(route[0]);
    let prompt = say!(lang, Text::CaptureLegalitySingle, intro, start, text);
    let mut pool = vec![
        ("legal", is_legal, say!(lang, Text::CaptureLegal)),
        ("twice", twice, say!(lang, Text::CaptureJumpsTwice)),
        ("passes", passes, say!(lang, Text::CapturePassesCaptured)),
        ("stops", stops, say!(lang, Text::CaptureStopsHalfWay)),
    ];
    if R::RULES.maximum_capture {
        pool.push(("fewer", fewer, say!(lang, Text::CaptureTakesTooFew)));
    }
    let right_text = position.full_move_text(m);
    let explanation = say!(lang, Text::CaptureLegalityExplanation, right_text);
    let draft = Draft::new(Family::CaptureLegality, Topic::Moves, prompt)
        .fen(&position)
        .explain(explanation);
    let (right, wrong): (Vec<Choice>, Vec<Choice>) = pool
        .into_iter()
        .map(|(key, truth, text)| Choice::new(text, key, truth))
        .partition(|c| c.right);
    let question = choice(context, kind, draft, right, wrong, Order::Shuffle)?;
    // Keep the options in the order of the statements: yes first, then the reasons.
    Some(in_order(
        question,
        &["legal", "twice", "passes", "stops", "fewer"],
    ))
}

/// The options of `question` sorted by their keys' places in `order`, the answer letters
/// following them.
fn in_order(mut question: Question, order: &[&str]) -> Question {
    let mut items: Vec<(String, String, bool)> = question
        .options
        .iter()
        .zip(&question.option_keys)
        .enumerate()
        .map(|(i, (o, k))| (o.clone(), k.clone(), question.answer.contains(&letter(i))))
        .collect();
    items.sort_by_key(|(_, k, _)| order.iter().position(|o| o == k));
    question.options = items.iter().map(|i| i.0.clone()).collect();
    question.option_keys = items.iter().map(|i| i.1.clone()).collect();
    question.answer = items
        .iter()
        .enumerate()
        .filter(|(_, i)| i.2)
        .map(|(n, _)| letter(n))
        .collect();
    question.options_fixed = true;
    question
}

/// A capture by a man of the side to move that reaches its crowning row on the way and ends
/// elsewhere (`passing`), or that ends on it.
fn crowning_move<R: Rules>(position: &Position<R>, passing: bool) -> Option<Move<R>> {
    let row = position_row::<R>(position.turn());
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

fn position_row<R: Rules>(color: Color) -> Vec<Square> {
    geometry::crowning_row(R::RULES.board, color)
}

const CROWNING: Recipe = Recipe {
    white_men: (1, 3),
    white_kings: (0, 0),
    black_men: (2, 5),
    black_kings: (0, 1),
};

fn crowning<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let board = R::RULES.board;
    // A man can pass its crowning row during a capture only where it captures on from there.
    let can_pass = context.facts().crossing != Some(Crossing::Stops);
    let passing = can_pass && (kind == Single || context.rng.gen_bool(0.5));
    let half = board.size() / 2;
    let mut found = None;
    for _ in 0..ATTEMPTS * 4 {
        // Men near the top of the board, so that captures reach the crowning row.
        let Some(p) = random_position(context, CROWNING) else {
            continue;
        };
        if p.pieces(Color::White).iter().any(|s| board.row(s) >= half)
            || p.pieces(Color::Black).iter().any(|s| board.row(s) > half)
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
    let after = position.play_unchecked(&m);
    let king = after.kings(position.turn()).contains(to);
    let lang = context.lang;
    let names = context.names();
    let intro = to_move(context, &position);
    let side = names.side(position.turn());
    let at = names.at(to);
    let explanation = match (passing, king) {
        (false, _) => say!(lang, Text::CrownedExplanation),
        (true, false) => say!(lang, Text::NotCrownedExplanation),
        (true, true) => say!(lang, Text::CrownedInPassingExplanation),
    };
    if kind == Blank {
        let prompt = say!(lang, Text::CrowningBlank, intro, side, text, to = at);
        let answer = if king {
            Fill::word(say!(lang, Text::King), Word::King, 2)
        } else {
            Fill::word(say!(lang, Text::Man), Word::Man, 2)
        };
        let draft = Draft::new(Family::Crowning, Topic::Moves, prompt)
            .fen(&position)
            .explain(explanation);
        return blanks(draft, vec![answer]);
    }
    // Statements whose truth the engine decides: what the piece on the end square is, and
    // (for a man that crossed its crowning row) when it was crowned: the man of the crossing
    // probe shows whether it captured on as a king.
    let legal = position.is_legal(&m);
    let crossing = context.facts().crossing;
    let statements = [
        ("king", king, say!(lang, Text::CrowningNowKing, to = at)),
        ("man", !king, say!(lang, Text::CrowningStillMan, to = at)),
        (
            "king_in_passing",
            king && passing && crossing == Some(Crossing::GoesOnAsKing),
            say!(lang, Text::CrowningInPassing),
        ),
        (
            "king_at_end",
            king && passing && crossing == Some(Crossing::CrownedAtEnd),
            say!(lang, Text::CrowningAtEnd),
        ),
        ("not_allowed", !legal, say!(lang, Text::CrowningNotAllowed)),
    ];
    let prompt = say!(lang, Text::CrowningSingle, intro, side, text);
    let draft = Draft::new(Family::Crowning, Topic::Moves, prompt)
        .fen(&position)
        .explain(explanation);
    let (right, wrong): (Vec<Choice>, Vec<Choice>) = statements
        .into_iter()
        .map(|(key, truth, text)| Choice::new(text, key, truth))
        .partition(|c| c.right);
    choice(context, kind, draft, right, wrong, Order::Shuffle)
}
