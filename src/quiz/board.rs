//! Board questions: the long diagonal, the double diagonals, the corners (and English checkers'
//! single and double corners), edges, crowning rows, the starting position and how many pieces
//! and squares there are. The answers come from the coordinates of the game's board
//! ([`geometry`](super::geometry)) and its starting [`Position`].

use super::build::{blanks, choice, Choice, Draft, Fill, Order};
use super::family::{every_game, Context, FamilyDef};
use super::geometry;
use super::question::{Family, Question, QuestionType, Topic};
use crate::square::{Color, Square};
use crate::words::synonyms::Word;
use crate::words::{self, say, Text};
use crate::{RuleSet, Rules, Variant};
use damtutor_rules::Position;
use rand::seq::SliceRandom;
use rand::Rng;

use QuestionType::{Blank, Multi, Single};

pub(crate) fn families<R: Rules>() -> Vec<FamilyDef<R>> {
    vec![
        FamilyDef {
            name: Family::LongDiagonal,
            topic: Topic::Board,
            kinds: &[Single, Multi],
            fits: every_game,
            make: long_diagonal_question::<R>,
        },
        FamilyDef {
            name: Family::DoubleDiagonal,
            topic: Topic::Board,
            kinds: &[Single, Multi],
            fits: every_game,
            make: double_diagonal_question::<R>,
        },
        FamilyDef {
            name: Family::StartSquares,
            topic: Topic::Board,
            kinds: &[Single, Multi],
            fits: every_game,
            make: start_squares::<R>,
        },
        FamilyDef {
            name: Family::Corners,
            topic: Topic::Board,
            kinds: &[Single, Blank],
            fits: every_game,
            make: corners_question::<R>,
        },
        FamilyDef {
            name: Family::DoubleCorner,
            topic: Topic::Board,
            kinds: &[Single, Multi, Blank],
            fits: checkers,
            make: double_corner::<R>,
        },
        FamilyDef {
            name: Family::Edges,
            topic: Topic::Board,
            kinds: &[Single, Multi, Blank],
            fits: every_game,
            make: edges::<R>,
        },
        FamilyDef {
            name: Family::PromotionRow,
            topic: Topic::Board,
            kinds: &[Single, Multi],
            fits: every_game,
            make: promotion::<R>,
        },
        FamilyDef {
            name: Family::Counts,
            topic: Topic::Board,
            kinds: &[Single, Blank],
            fits: every_game,
            make: counts::<R>,
        },
    ]
}

/// English checkers, whose rules name the single and the double corner (单角, 双角).
fn checkers(rules: &RuleSet) -> bool {
    rules.variant == Variant::English
}

/// The squares holding `what` (a colour, or `None` for empty) at the start of the game.
pub(crate) fn start_holding<R: Rules>(what: Option<Color>) -> Vec<Square> {
    let start = Position::<R>::initial();
    R::RULES
        .board
        .squares()
        .filter(|&s| start.piece_at(s).map(|p| p.color) == what)
        .collect()
}

fn pool<R: Rules>(context: &Context<R>, squares: &[Square], right: bool) -> Vec<Choice> {
    let names = context.names();
    squares
        .iter()
        .map(|&s| Choice::new(names.square(s), s.number().to_string(), right))
        .collect()
}

/// Squares of `candidates` that are not in `set`.
fn except(candidates: impl Iterator<Item = Square>, set: &[Square]) -> Vec<Square> {
    candidates.filter(|s| !set.contains(s)).collect()
}

fn long_diagonal_question<R: Rules>(
    context: &mut Context<R>,
    kind: QuestionType,
) -> Option<Question> {
    let board = R::RULES.board;
    let diagonal = geometry::long_diagonal(board);
    let last = board.size() - 1;
    // Near misses: the parallel diagonals on either side, and the double diagonals.
    let mut near = except(
        board.squares().filter(|&s| {
            let (row, column) = board.coords(s);
            row + column + 2 == last || row + column == last + 2
        }),
        &diagonal,
    );
    near.extend(except(
        geometry::double_diagonals(board).concat().into_iter(),
        &diagonal,
    ));
    let lang = context.lang;
    let prompt = match (kind, context.rng.gen_range(0..2)) {
        (Single, _) => say!(lang, Text::LongDiagonalSingle),
        (_, 0) => say!(lang, Text::LongDiagonalMulti),
        _ => say!(lang, Text::LongDiagonalMultiCorners),
    };
    let names = context.names();
    let all = words::list(lang, &names.squares(&diagonal));
    let draft = Draft::new(Family::LongDiagonal, Topic::Board, prompt).explain(say!(
        lang,
        Text::LongDiagonalExplanation,
        all
    ));
    let right = pool(context, &diagonal, true);
    let wrong = pool(context, &near, false);
    choice(context, kind, draft, right, wrong, Order::Numeric)
}

fn double_diagonal_question<R: Rules>(
    context: &mut Context<R>,
    kind: QuestionType,
) -> Option<Question> {
    let board = R::RULES.board;
    let [first, second] = geometry::double_diagonals(board);
    let both = [first.clone(), second.clone()].concat();
    let mut near = except(
        board.squares().filter(|&s| {
            let (row, column) = board.coords(s);
            (column as i8 - row as i8).abs() == 3
        }),
        &both,
    );
    near.extend(except(geometry::long_diagonal(board).into_iter(), &both));
    let lang = context.lang;
    let prompt = match kind {
        Single => say!(lang, Text::DoubleDiagonalSingle),
        _ => say!(lang, Text::DoubleDiagonalMulti),
    };
    let names = context.names();
    let (a, b) = (
        words::list(lang, &names.squares(&first)),
        words::list(lang, &names.squares(&second)),
    );
    let draft = Draft::new(Family::DoubleDiagonal, Topic::Board, prompt).explain(say!(
        lang,
        Text::DoubleDiagonalExplanation,
        a,
        b
    ));
    let right = pool(context, &both, true);
    let wrong = pool(context, &near, false);
    choice(context, kind, draft, right, wrong, Order::Numeric)
}

fn start_squares<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let board = R::RULES.board;
    let what = *[Some(Color::White), Some(Color::Black), None].choose(&mut context.rng)?;
    let right = start_holding::<R>(what);
    // Near misses: the squares within a row or two of the group's border.
    let near: Vec<Square> = board
        .squares()
        .filter(|s| !right.contains(s))
        .filter(|&s| {
            right
                .iter()
                .any(|&r| board.row(r).abs_diff(board.row(s)) <= 2)
        })
        .collect();
    let near_right: Vec<Square> = right
        .iter()
        .copied()
        .filter(|&r| {
            near.iter()
                .any(|&s| board.row(r).abs_diff(board.row(s)) <= 2)
        })
        .collect();
    let lang = context.lang;
    let names = context.names();
    let prompt = match (what, kind) {
        (Some(color), Single) => say!(lang, Text::StartSideSingle, c = names.colour(color)),
        (Some(color), _) => say!(lang, Text::StartSideMulti, c = names.colour(color)),
        (None, Single) => say!(lang, Text::StartEmptySingle),
        (None, _) => say!(lang, Text::StartEmptyMulti),
    };
    let (first, last) = (names.square(right[0]), names.square(right[right.len() - 1]));
    let all = words::list(lang, &names.squares(&right));
    let explanation = match (what, names.numbered()) {
        (Some(color), true) => {
            let side = names.side(color);
            say!(lang, Text::StartSideExplanation, side, first, last)
        }
        (Some(color), false) => {
            let side = names.side(color);
            say!(lang, Text::StartSideListExplanation, side, all)
        }
        (None, true) => say!(lang, Text::StartEmptyExplanation, first, last),
        (None, false) => say!(lang, Text::StartEmptyListExplanation, all),
    };
    let draft = Draft::new(Family::StartSquares, Topic::Board, prompt).explain(explanation);
    let right = pool(context, &near_right, true);
    let wrong = pool(context, &near, false);
    choice(context, kind, draft, right, wrong, Order::Numeric)
}

fn corners_question<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let board = R::RULES.board;
    let corners = geometry::corners(board);
    let lang = context.lang;
    let names = context.names();
    // The bottom-left corner first, then the top-right one.
    let (low, high) = (corners[1], corners[0]);
    let (low, high) = if names.numbered() {
        (corners[0], corners[1])
    } else {
        (low, high)
    };
    let explanation = say!(
        lang,
        Text::CornersExplanation,
        low = names.square(low),
        high = names.square(high)
    );
    if kind == Blank {
        let prompt = if names.numbered() {
            say!(lang, Text::CornersBlank)
        } else {
            say!(lang, Text::CornersBlankNamed)
        };
        let draft = Draft::new(Family::Corners, Topic::Board, prompt).explain(explanation);
        let fill = |s: Square| {
            if names.numbered() {
                Fill::number(s.number().into(), 1)
            } else {
                Fill::square(names.square(s), 1)
            }
        };
        return blanks(draft, vec![fill(low), fill(high)]);
    }
    // Near misses: the double corners and the squares next to the corners.
    let mut near: Vec<Square> = geometry::double_corners(board).concat();
    for &corner in &corners {
        near.extend(geometry::neighbours(board, corner));
    }
    near.retain(|s| !corners.contains(s));
    let prompt = if context.rng.gen_bool(0.5) {
        say!(lang, Text::CornersSingle)
    } else {
        say!(lang, Text::CornersSingleEnds)
    };
    let draft = Draft::new(Family::Corners, Topic::Board, prompt).explain(explanation);
    let right = pool(context, &corners, true);
    let wrong = pool(context, &near, false);
    choice(context, kind, draft, right, wrong, Order::Numeric)
}

/// English checkers: the single corner at each player's left (the end of the long diagonal)
/// and the double corner at the right (the two squares at the end of the double diagonals).
fn double_corner<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let board = R::RULES.board;
    let color = if context.rng.gen_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let [top, bottom] = geometry::double_corners(board);
    let corners = geometry::corners(board);
    let back = |s: &Square| geometry::rank_from(board, color, *s) == 0;
    let (double, single) = match color {
        Color::White => (bottom, corners.iter().copied().find(back)?),
        Color::Black => (top, corners.iter().copied().find(back)?),
    };
    let nearest = double.iter().copied().find(back)?;
    let lang = context.lang;
    let names = context.names();
    let side = names.side(color);
    let explanation = say!(
        lang,
        Text::DoubleCornerExplanation,
        side,
        single = names.square(single),
        double = words::list(lang, &names.squares(&double))
    );
    if kind == Blank {
        let prompt = say!(lang, Text::DoubleCornerBlank, side);
        let draft = Draft::new(Family::DoubleCorner, Topic::Board, prompt).explain(explanation);
        return blanks(
            draft,
            vec![
                Fill::number(single.number().into(), 1),
                Fill::number(nearest.number().into(), 1),
            ],
        );
    }
    // Near misses: the squares around both corners, the other side's double corner.
    let mut near: Vec<Square> = geometry::double_corners(board).concat();
    near.push(single);
    for &s in &double {
        near.extend(geometry::neighbours(board, s));
    }
    near.retain(|s| !double.contains(s));
    let prompt = match kind {
        Single => say!(lang, Text::DoubleCornerSingle, side),
        _ => say!(lang, Text::DoubleCornerMulti, side),
    };
    let draft = Draft::new(Family::DoubleCorner, Topic::Board, prompt).explain(explanation);
    let right = pool(context, &double, true);
    let wrong = pool(context, &near, false);
    choice(context, kind, draft, right, wrong, Order::Numeric)
}

fn edges<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let board = R::RULES.board;
    let lang = context.lang;
    let names = context.names();
    let (left, right) = (
        geometry::column(board, 0),
        geometry::column(board, board.size() - 1),
    );
    if kind == Blank {
        // The smallest and largest numbers: a question for boards whose squares are numbered.
        if !names.numbered() {
            return None;
        }
        let smallest = left.iter().min()?.number();
        let largest = right.iter().max()?.number();
        let prompt = say!(lang, Text::EdgesBlank);
        let (l, r) = (
            words::list(lang, &names.squares(&left)),
            words::list(lang, &names.squares(&right)),
        );
        let draft = Draft::new(Family::Edges, Topic::Board, prompt).explain(say!(
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
        (left, geometry::column(board, 1))
    } else {
        (right, geometry::column(board, board.size() - 2))
    };
    let prompt = match (on_left, kind) {
        (true, Single) => say!(lang, Text::LeftEdgeSingle),
        (true, _) => say!(lang, Text::LeftEdgeMulti),
        (false, Single) => say!(lang, Text::RightEdgeSingle),
        (false, _) => say!(lang, Text::RightEdgeMulti),
    };
    let all = words::list(lang, &names.squares(&edge));
    let draft = Draft::new(Family::Edges, Topic::Board, prompt).explain(say!(
        lang,
        Text::EdgeExplanation,
        all
    ));
    let right = pool(context, &edge, true);
    let wrong = pool(context, &inner, false);
    choice(context, kind, draft, right, wrong, Order::Numeric)
}

fn promotion<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let board = R::RULES.board;
    let color = if context.rng.gen_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let row = geometry::crowning_row(board, color);
    // Near misses: the row before it, and the other side's crowning row.
    let mut near = geometry::row_before_crowning(board, color);
    near.extend(geometry::crowning_row(board, color.other()));
    let lang = context.lang;
    let names = context.names();
    let c = names.colour(color);
    let prompt = match kind {
        Single => say!(lang, Text::PromotionRowSingle, c),
        _ => say!(lang, Text::PromotionRowMulti, c),
    };
    let all = words::list(lang, &names.squares(&row));
    let draft = Draft::new(Family::PromotionRow, Topic::Board, prompt).explain(say!(
        lang,
        Text::PromotionRowExplanation,
        c,
        all
    ));
    let right = pool(context, &row, true);
    let wrong = pool(context, &near, false);
    choice(context, kind, draft, right, wrong, Order::Numeric)
}

/// A counting fact: its name, the value, and near misses (the value on the other board, and
/// values close to it).
struct Count {
    name: &'static str,
    value: usize,
    near: Vec<usize>,
}

/// The counting facts of the game's board and start position.
fn count_facts<R: Rules>() -> Vec<Count> {
    let board = R::RULES.board;
    let start = Position::<R>::initial();
    let size = board.size() as usize;
    let fact = |name, value: usize, others: &[usize]| {
        let mut near: Vec<usize> = others.to_vec();
        near.extend([value + 2, value.saturating_sub(2), value + 4, value * 2]);
        near.retain(|&n| n != value && n > 0);
        near.sort();
        near.dedup();
        Count { name, value, near }
    };
    vec![
        fact(
            "pieces_each",
            start.material().white.pieces() as usize,
            &[8, 12, 15, 16, 20, 24],
        ),
        fact(
            "playable_squares",
            board.square_count() as usize,
            &[32, 40, 50, 64, 100],
        ),
        fact("board_squares", size * size, &[32, 50, 64, 81, 100, 144]),
        fact(
            "diagonals",
            geometry::diagonal_count(board),
            &[9, 11, 13, 15, 17, 19],
        ),
        fact(
            "long_diagonal_squares",
            geometry::long_diagonal(board).len(),
            &[7, 8, 9, 10, 11],
        ),
        fact(
            "double_diagonal_squares",
            geometry::double_diagonals(board)[0].len(),
            &[6, 7, 8, 9, 10],
        ),
        fact(
            "empty_at_start",
            start_holding::<R>(None).len(),
            &[4, 8, 10, 12, 20],
        ),
    ]
}

/// The prompt of a counting fact.
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

/// Why a count is what it is: the squares, rows or lines counted.
fn count_explanation<R: Rules>(context: &Context<R>, fact: &Count) -> String {
    let board = R::RULES.board;
    let lang = context.lang;
    let names = context.names();
    let value = fact.value;
    let size = board.size();
    // A run of squares: "31-50" where squares are numbered, else every name.
    let span = |squares: &[Square]| match (names.numbered(), squares) {
        (true, [first, .., last]) => format!("{}-{}", names.square(*first), names.square(*last)),
        _ => words::list(lang, &names.squares(squares)),
    };
    match fact.name {
        "pieces_each" => say!(
            lang,
            Text::CountPiecesEachExplanation,
            white = names.side(Color::White),
            black = names.side(Color::Black),
            w = span(&start_holding::<R>(Some(Color::White))),
            b = span(&start_holding::<R>(Some(Color::Black))),
            value
        ),
        "playable_squares" => say!(
            lang,
            Text::CountPlayableExplanation,
            size,
            total = usize::from(size) * usize::from(size),
            value
        ),
        "board_squares" => say!(lang, Text::CountBoardExplanation, size, value),
        "diagonals" => {
            let [a, b] = geometry::diagonal_counts(board);
            say!(lang, Text::CountDiagonalsExplanation, a, b, value)
        }
        "long_diagonal_squares" => {
            let all = words::list(lang, &names.squares(&geometry::long_diagonal(board)));
            say!(lang, Text::LongDiagonalExplanation, all)
        }
        "double_diagonal_squares" => {
            let [first, second] = geometry::double_diagonals(board);
            let (a, b) = (
                words::list(lang, &names.squares(&first)),
                words::list(lang, &names.squares(&second)),
            );
            say!(lang, Text::DoubleDiagonalExplanation, a, b)
        }
        _ => {
            let empty = start_holding::<R>(None);
            say!(lang, Text::CountEmptyExplanation, all = span(&empty), value)
        }
    }
}

fn counts<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let board = R::RULES.board;
    let lang = context.lang;
    let game = context.names().game();
    if kind == Blank && context.rng.gen_ratio(1, 3) {
        // "Pieces move on the ____ squares; ____ squares are used." The playable squares are
        // the dark ones: the bottom-left corner square, dark by the rules, is one of them.
        let dark = board.at(board.size() - 1, 0).is_some();
        let count = u64::from(board.square_count());
        let prompt = say!(lang, Text::DarkSquaresBlank);
        let colour = if dark {
            Fill::word(say!(lang, Text::Dark), Word::Dark, 1)
        } else {
            Fill::word(say!(lang, Text::Light), Word::Light, 1)
        };
        let draft = Draft::new(Family::Counts, Topic::Board, prompt).explain(say!(
            lang,
            Text::DarkSquaresExplanation,
            count
        ));
        return blanks(draft, vec![colour, Fill::number(count, 1)]);
    }
    let facts = count_facts::<R>();
    let fact = facts.choose(&mut context.rng)?;
    let prompt = say!(lang, count_prompt(fact.name), game);
    let draft =
        Draft::new(Family::Counts, Topic::Board, prompt).explain(count_explanation(context, fact));
    if kind == Blank {
        return blanks(draft, vec![Fill::number(fact.value as u64, 1)]);
    }
    let right = vec![Choice::plain(fact.value.to_string(), true)];
    let wrong = fact
        .near
        .iter()
        .map(|n| Choice::plain(n.to_string(), false))
        .collect();
    let mut question = choice(context, kind, draft, right, wrong, Order::Numeric)?;
    question.option_keys = question
        .options
        .iter()
        .map(|o| format!("{}:{o}", fact.name))
        .collect();
    Some(question)
}
