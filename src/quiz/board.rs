//! Board questions: the long diagonal, the double diagonals, corners, edges, promotion rows,
//! the starting position and how many pieces and squares there are. The answers come from the
//! square coordinates ([`Square::row`], [`Square::column`]) and the starting [`Position`].

use super::build::{blanks, choice, Choice, Draft, Fill, Order};
use super::family::{Context, Family};
use super::question::{Question, QuestionType, Topic};
use crate::position::Position;
use crate::square::{Color, Square};
use crate::words::synonyms::Word;
use crate::words::{self, say, Text};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::BTreeMap;

use QuestionType::{Blank, Multi, Single};

pub(crate) const FAMILIES: &[Family] = &[
    Family {
        name: "long_diagonal",
        topic: Topic::Board,
        kinds: &[Single, Multi],
        make: long_diagonal_question,
    },
    Family {
        name: "double_diagonal",
        topic: Topic::Board,
        kinds: &[Single, Multi],
        make: double_diagonal_question,
    },
    Family {
        name: "start_squares",
        topic: Topic::Board,
        kinds: &[Single, Multi],
        make: start_squares,
    },
    Family {
        name: "corners",
        topic: Topic::Board,
        kinds: &[Single, Blank],
        make: corners_question,
    },
    Family {
        name: "edges",
        topic: Topic::Board,
        kinds: &[Single, Multi, Blank],
        make: edges,
    },
    Family {
        name: "promotion_row",
        topic: Topic::Board,
        kinds: &[Single, Multi],
        make: promotion,
    },
    Family {
        name: "counts",
        topic: Topic::Board,
        kinds: &[Single, Blank],
        make: counts,
    },
];

/// The long diagonal (大道): the squares with row + column = 9, from 5 to 46.
pub(crate) fn long_diagonal() -> Vec<Square> {
    Square::all()
        .filter(|s| s.row() + s.column() == 9)
        .collect()
}

/// The two double diagonals (双重道): column - row = 1 (1 to 45) and -1 (6 to 50).
pub(crate) fn double_diagonals() -> [Vec<Square>; 2] {
    let on = |d: i8| {
        Square::all()
            .filter(|s| s.column() as i8 - s.row() as i8 == d)
            .collect()
    };
    [on(1), on(-1)]
}

/// The corners: the two ends of the long diagonal.
pub(crate) fn corners() -> Vec<Square> {
    let diagonal = long_diagonal();
    let mut ends = vec![diagonal[0], diagonal[diagonal.len() - 1]];
    ends.sort();
    ends
}

/// The squares of a column (0 = left edge, 9 = right edge).
pub(crate) fn column(c: u8) -> Vec<Square> {
    Square::all().filter(|s| s.column() == c).collect()
}

/// The row where men of `color` are crowned: the far row (0 for White, 9 for Black).
pub(crate) fn promotion_row(color: Color) -> Vec<Square> {
    let row = match color {
        Color::White => 0,
        Color::Black => 9,
    };
    Square::all().filter(|s| s.row() == row).collect()
}

/// The number of diagonals of two squares or more, both directions.
pub(crate) fn diagonal_count() -> usize {
    let mut lines: BTreeMap<(u8, i8), usize> = BTreeMap::new();
    for s in Square::all() {
        *lines.entry((0, (s.row() + s.column()) as i8)).or_default() += 1;
        *lines
            .entry((1, s.column() as i8 - s.row() as i8))
            .or_default() += 1;
    }
    lines.values().filter(|&&n| n >= 2).count()
}

/// The squares holding `what` (a colour, or `None` for empty) at the start.
pub(crate) fn start_holding(what: Option<Color>) -> Vec<Square> {
    let start = Position::initial();
    Square::all()
        .filter(|&s| start.piece_at(s).map(|p| p.color) == what)
        .collect()
}

fn numbers(squares: &[Square]) -> Vec<String> {
    squares.iter().map(|s| s.to_string()).collect()
}

fn pool(squares: &[Square], right: bool) -> Vec<Choice> {
    squares
        .iter()
        .map(|s| Choice::plain(s.to_string(), right))
        .collect()
}

/// Squares that are not in `set`, next to it: on the parallel lines `near`.
fn except(candidates: impl Iterator<Item = Square>, set: &[Square]) -> Vec<Square> {
    candidates.filter(|s| !set.contains(s)).collect()
}

fn long_diagonal_question(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let diagonal = long_diagonal();
    // Near misses: the parallel diagonals on either side, and the double diagonals.
    let mut near = except(
        Square::all().filter(|s| {
            let sum = s.row() + s.column();
            sum == 7 || sum == 11
        }),
        &diagonal,
    );
    let doubles = double_diagonals().concat();
    near.extend(except(doubles.iter().copied(), &diagonal));
    let lang = context.lang;
    let prompt = match (kind, context.rng.gen_range(0..2)) {
        (Single, _) => say!(lang, Text::LongDiagonalSingle),
        (_, 0) => say!(lang, Text::LongDiagonalMulti),
        _ => say!(lang, Text::LongDiagonalMultiCorners),
    };
    let all = words::list(lang, &numbers(&diagonal));
    let draft = Draft::new("long_diagonal", Topic::Board, prompt).explain(say!(
        lang,
        Text::LongDiagonalExplanation,
        all
    ));
    choice(
        context,
        kind,
        draft,
        pool(&diagonal, true),
        pool(&near, false),
        Order::Numeric,
    )
}

fn double_diagonal_question(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let [first, second] = double_diagonals();
    let both = [first.clone(), second.clone()].concat();
    let diagonal = long_diagonal();
    let mut near = except(
        Square::all().filter(|s| (s.column() as i8 - s.row() as i8).abs() == 3),
        &both,
    );
    near.extend(except(diagonal.iter().copied(), &both));
    let lang = context.lang;
    let prompt = match kind {
        Single => say!(lang, Text::DoubleDiagonalSingle),
        _ => say!(lang, Text::DoubleDiagonalMulti),
    };
    let (a, b) = (
        words::list(lang, &numbers(&first)),
        words::list(lang, &numbers(&second)),
    );
    let draft = Draft::new("double_diagonal", Topic::Board, prompt).explain(say!(
        lang,
        Text::DoubleDiagonalExplanation,
        a,
        b
    ));
    choice(
        context,
        kind,
        draft,
        pool(&both, true),
        pool(&near, false),
        Order::Numeric,
    )
}

fn start_squares(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let what = *[Some(Color::White), Some(Color::Black), None].choose(&mut context.rng)?;
    let right = start_holding(what);
    // Near misses: the squares within a row or two of the group's border.
    let near: Vec<Square> = Square::all()
        .filter(|s| !right.contains(s))
        .filter(|s| {
            right
                .iter()
                .any(|r| (r.row() as i8 - s.row() as i8).abs() <= 2)
        })
        .collect();
    let near_right: Vec<Square> = right
        .iter()
        .copied()
        .filter(|r| {
            near.iter()
                .any(|s| (r.row() as i8 - s.row() as i8).abs() <= 2)
        })
        .collect();
    let lang = context.lang;
    let prompt = match (what, kind) {
        (Some(Color::White), Single) => say!(lang, Text::StartWhiteSingle),
        (Some(Color::White), _) => say!(lang, Text::StartWhiteMulti),
        (Some(Color::Black), Single) => say!(lang, Text::StartBlackSingle),
        (Some(Color::Black), _) => say!(lang, Text::StartBlackMulti),
        (None, Single) => say!(lang, Text::StartEmptySingle),
        (None, _) => say!(lang, Text::StartEmptyMulti),
    };
    let (first, last) = (right[0], right[right.len() - 1]);
    let explanation = match what {
        Some(color) => {
            let side = words::side(lang, color);
            say!(lang, Text::StartSideExplanation, side, first, last)
        }
        None => say!(lang, Text::StartEmptyExplanation, first, last),
    };
    let draft = Draft::new("start_squares", Topic::Board, prompt).explain(explanation);
    choice(
        context,
        kind,
        draft,
        pool(&near_right, true),
        pool(&near, false),
        Order::Numeric,
    )
}

fn corners_question(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let corners = corners();
    let lang = context.lang;
    let (low, high) = (corners[0], corners[1]);
    let explanation = say!(lang, Text::CornersExplanation, low, high);
    if kind == Blank {
        let prompt = say!(lang, Text::CornersBlank);
        let draft = Draft::new("corners", Topic::Board, prompt).explain(explanation);
        return blanks(
            draft,
            vec![
                Fill::number(low.number().into(), 1),
                Fill::number(high.number().into(), 1),
            ],
        );
    }
    // Near misses: the double corners and the squares next to the corners.
    let mut near: Vec<Square> = double_diagonals()
        .iter()
        .flat_map(|d| [d[0], d[d.len() - 1]])
        .collect();
    for corner in &corners {
        near.extend(super::probes::neighbours(*corner));
    }
    near.retain(|s| !corners.contains(s));
    let prompt = if context.rng.gen_bool(0.5) {
        say!(lang, Text::CornersSingle)
    } else {
        say!(lang, Text::CornersSingleEnds)
    };
    let draft = Draft::new("corners", Topic::Board, prompt).explain(explanation);
    choice(
        context,
        kind,
        draft,
        pool(&corners, true),
        pool(&near, false),
        Order::Numeric,
    )
}

fn edges(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let lang = context.lang;
    let (left, right) = (column(0), column(9));
    if kind == Blank {
        let smallest = left.iter().min()?.number();
        let largest = right.iter().max()?.number();
        let prompt = say!(lang, Text::EdgesBlank);
        let (l, r) = (
            words::list(lang, &numbers(&left)),
            words::list(lang, &numbers(&right)),
        );
        let draft = Draft::new("edges", Topic::Board, prompt).explain(say!(
            lang,
            Text::EdgesBlankExplanation,
            l,
            r
        ));
        return blanks(
            draft,
            vec![
                Fill::number(smallest.into(), 1),
                Fill::number(largest.into(), 1),
            ],
        );
    }
    let on_left = context.rng.gen_bool(0.5);
    let (edge, inner) = if on_left {
        (left, column(1))
    } else {
        (right, column(8))
    };
    let prompt = match (on_left, kind) {
        (true, Single) => say!(lang, Text::LeftEdgeSingle),
        (true, _) => say!(lang, Text::LeftEdgeMulti),
        (false, Single) => say!(lang, Text::RightEdgeSingle),
        (false, _) => say!(lang, Text::RightEdgeMulti),
    };
    let all = words::list(lang, &numbers(&edge));
    let draft =
        Draft::new("edges", Topic::Board, prompt).explain(say!(lang, Text::EdgeExplanation, all));
    choice(
        context,
        kind,
        draft,
        pool(&edge, true),
        pool(&inner, false),
        Order::Numeric,
    )
}

fn promotion(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let color = if context.rng.gen_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let row = promotion_row(color);
    // Near misses: the row before it, and the other side's promotion row.
    let before: Vec<Square> = match color {
        Color::White => Square::all().filter(|s| s.row() == 1).collect(),
        Color::Black => Square::all().filter(|s| s.row() == 8).collect(),
    };
    let mut near = before;
    near.extend(promotion_row(color.other()));
    let lang = context.lang;
    let c = words::colour(lang, color);
    let prompt = match kind {
        Single => say!(lang, Text::PromotionRowSingle, c),
        _ => say!(lang, Text::PromotionRowMulti, c),
    };
    let all = words::list(lang, &numbers(&row));
    let draft = Draft::new("promotion_row", Topic::Board, prompt).explain(say!(
        lang,
        Text::PromotionRowExplanation,
        c,
        all
    ));
    choice(
        context,
        kind,
        draft,
        pool(&row, true),
        pool(&near, false),
        Order::Numeric,
    )
}

/// The counting facts: (name, the value, near misses).
fn count_facts() -> Vec<(&'static str, usize, Vec<usize>)> {
    let start = Position::initial();
    let material = start.material();
    let rows = Square::all().map(|s| s.row()).max().unwrap_or(0) as usize + 1;
    let columns = Square::all().map(|s| s.column()).max().unwrap_or(0) as usize + 1;
    vec![
        (
            "pieces_each",
            material.white.pieces() as usize,
            vec![12, 15, 16, 24, 25, 30],
        ),
        (
            "playable_squares",
            Square::all().count(),
            vec![32, 40, 64, 100, 45],
        ),
        ("board_squares", rows * columns, vec![64, 50, 81, 121, 144]),
        ("diagonals", diagonal_count(), vec![9, 16, 18, 19, 20]),
        (
            "long_diagonal_squares",
            long_diagonal().len(),
            vec![8, 9, 11, 12],
        ),
        (
            "double_diagonal_squares",
            double_diagonals()[0].len(),
            vec![7, 8, 10, 11],
        ),
        (
            "empty_at_start",
            start_holding(None).len(),
            vec![5, 8, 12, 20],
        ),
    ]
}

/// The blank-question prompt of a counting fact.
fn count_prompt(name: &str) -> Text {
    match name {
        "pieces_each" => Text::CountPiecesEach,
        "playable_squares" => Text::CountPlayableSquares,
        "board_squares" => Text::CountBoardSquares,
        "diagonals" => Text::CountDiagonals,
        "long_diagonal_squares" => Text::CountLongDiagonalSquares,
        "double_diagonal_squares" => Text::CountDoubleDiagonalSquares,
        _ => Text::CountEmptyAtStart,
    }
}

fn counts(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let lang = context.lang;
    if kind == Blank && context.rng.gen_ratio(1, 3) {
        // "Pieces move on the ____ squares; ____ squares are used." The playable squares are
        // the dark ones: the bottom-left corner square, dark by the rules, is one of them.
        let dark = Square::from_coords(9, 0).is_some();
        let count = Square::all().count() as u64;
        let prompt = say!(lang, Text::DarkSquaresBlank);
        let colour = if dark {
            Fill::word(say!(lang, Text::Dark), Word::Dark, 1)
        } else {
            Fill::word(say!(lang, Text::Light), Word::Light, 1)
        };
        let draft = Draft::new("counts", Topic::Board, prompt).explain(say!(
            lang,
            Text::DarkSquaresExplanation,
            count
        ));
        return blanks(draft, vec![colour, Fill::number(count, 1)]);
    }
    let facts = count_facts();
    let (name, value, near) = facts.choose(&mut context.rng)?.clone();
    let prompt = say!(lang, count_prompt(name));
    let draft = Draft::new("counts", Topic::Board, prompt).explain(say!(
        lang,
        Text::CountExplanation,
        value
    ));
    if kind == Blank {
        return blanks(draft, vec![Fill::number(value as u64, 1)]);
    }
    let right = vec![Choice::plain(value.to_string(), true)];
    let wrong = near
        .into_iter()
        .filter(|&n| n != value)
        .map(|n| Choice::plain(n.to_string(), false))
        .collect();
    let mut question = choice(context, kind, draft, right, wrong, Order::Numeric)?;
    question.option_keys = question
        .options
        .iter()
        .map(|o| format!("{name}:{o}"))
        .collect();
    Some(question)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(squares: &[Square]) -> Vec<u8> {
        squares.iter().map(|s| s.number()).collect()
    }

    #[test]
    fn geometry_matches_the_rules() {
        assert_eq!(
            numbers(&long_diagonal()),
            vec![5, 10, 14, 19, 23, 28, 32, 37, 41, 46]
        );
        let [a, b] = double_diagonals();
        assert_eq!(numbers(&a), vec![1, 7, 12, 18, 23, 29, 34, 40, 45]);
        assert_eq!(numbers(&b), vec![6, 11, 17, 22, 28, 33, 39, 44, 50]);
        assert_eq!(numbers(&corners()), vec![5, 46]);
        assert_eq!(numbers(&column(0)), vec![6, 16, 26, 36, 46]);
        assert_eq!(numbers(&column(9)), vec![5, 15, 25, 35, 45]);
        assert_eq!(
            numbers(&promotion_row(Color::Black)),
            vec![46, 47, 48, 49, 50]
        );
        assert_eq!(diagonal_count(), 17);
        assert_eq!(start_holding(None).len(), 10);
    }
}
