//! Notation questions: write a move, read `28x19`, recognise or write the FEN of a diagram.
//! Move answers are checked with [`Position::parse_move`], FEN answers by reading them back.

use super::build::{blanks, choice, orient, random_position, Choice, Draft, Fill, Order, Recipe};
use super::family::{Context, Family};
use super::probes;
use super::question::{Question, QuestionType, Topic};
use crate::fen;
use crate::position::Position;
use crate::setup::Setup;
use crate::square::{Color, Piece, Role, Square};
use crate::words::{self, say, Text};
use rand::seq::SliceRandom;
use rand::Rng;

use QuestionType::{Blank, Single};

pub(crate) const FAMILIES: &[Family] = &[
    Family {
        name: "write_move",
        topic: Topic::Notation,
        kinds: &[Blank],
        make: write_move,
    },
    Family {
        name: "move_meaning",
        topic: Topic::Notation,
        kinds: &[Single],
        make: move_meaning,
    },
    Family {
        name: "which_fen",
        topic: Topic::Notation,
        kinds: &[Single],
        make: which_fen,
    },
    Family {
        name: "write_fen",
        topic: Topic::Notation,
        kinds: &[Blank],
        make: write_fen,
    },
];

const SMALL: Recipe = Recipe {
    white_men: (2, 4),
    white_kings: (0, 1),
    black_men: (2, 4),
    black_kings: (0, 1),
};

const CAPTURES: Recipe = Recipe {
    white_men: (2, 4),
    white_kings: (0, 1),
    black_men: (3, 7),
    black_kings: (0, 1),
};

fn find(
    context: &mut Context,
    recipe: Recipe,
    wanted: impl Fn(&Position) -> bool,
) -> Option<Position> {
    for _ in 0..400 {
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

fn write_move(context: &mut Context, _kind: QuestionType) -> Option<Question> {
    let position = find(context, CAPTURES, |p| {
        let legal = p.legal_moves();
        legal.len() == 1 && legal[0].capture_count() >= 2
    })?;
    let m = *position.legal_moves().first()?;
    let text = position.move_text(&m);
    let lang = context.lang;
    let side = words::side(lang, position.turn());
    let from = m.from();
    let to = m.to();
    let captured: Vec<String> = m.captured().iter().map(|s| s.to_string()).collect();
    let taken = words::list(lang, &captured);
    let prompt = if context.rng.gen_bool(0.5) {
        say!(lang, Text::WriteMoveOnlyCapture, side)
    } else {
        say!(lang, Text::WriteMoveCaptures, side, from, taken, to)
    };
    let full = position.full_move_text(&m);
    let draft = Draft::new("write_move", Topic::Notation, prompt)
        .fen(&position)
        .explain(say!(lang, Text::WriteMoveExplanation, text, full));
    blanks(draft, vec![Fill::mv(text, 2)])
}

fn move_meaning(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let capture = context.rng.gen_bool(0.7);
    let position = find(context, SMALL, |p| {
        p.legal_moves()
            .iter()
            .any(|m| m.capture_count() == usize::from(capture) && !m.is_king_move())
    })?;
    let legal = position.legal_moves();
    let candidates: Vec<_> = legal
        .iter()
        .filter(|m| m.capture_count() == usize::from(capture) && !m.is_king_move())
        .collect();
    let m = **candidates.choose(&mut context.rng)?;
    let text = position.move_text(&m);
    // Read the text back: every statement is decided by the move the engine finds.
    let read = position.parse_move(&text).ok()?;
    let (a, b) = (read.from(), read.to());
    let reverse = position
        .legal_moves()
        .iter()
        .any(|o| o.from() == b && o.captured().contains(a));
    let lang = context.lang;
    let pool = [
        (
            "captures_ends",
            read.is_capture() && read.to() == b,
            say!(lang, Text::MeaningCapturesEndsOn, a, b),
        ),
        (
            "quiet",
            !read.is_capture(),
            say!(lang, Text::MeaningQuiet, a, b),
        ),
        (
            "captures_on",
            read.captured().contains(b),
            say!(lang, Text::MeaningCapturesOn, a, b),
        ),
        ("reverse", reverse, say!(lang, Text::MeaningReverse, b, a)),
    ];
    let side = words::side(lang, position.turn());
    let prompt = say!(lang, Text::MoveMeaningSingle, side, text);
    let explanation = if read.is_capture() {
        say!(lang, Text::CaptureNotationExplanation)
    } else {
        say!(lang, Text::QuietNotationExplanation)
    };
    let draft = Draft::new("move_meaning", Topic::Notation, prompt)
        .fen(&position)
        .explain(explanation);
    let (right, wrong): (Vec<Choice>, Vec<Choice>) = pool
        .into_iter()
        .map(|(key, truth, text)| Choice::new(text, key, truth))
        .partition(|c| c.right);
    choice(context, kind, draft, right, wrong, Order::Shuffle)
}

/// A FEN written from pieces, canonical order, with `turn` to move.
fn fen_text(turn: Color, pieces: &[(Square, Piece)]) -> String {
    let side = |color: Color| -> String {
        let mut squares: Vec<&(Square, Piece)> =
            pieces.iter().filter(|(_, p)| p.color == color).collect();
        squares.sort_by_key(|(s, _)| *s);
        squares
            .iter()
            .map(|(s, p)| match p.role {
                Role::King => format!("K{s}"),
                Role::Man => s.to_string(),
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{}:W{}:B{}",
        turn.letter(),
        side(Color::White),
        side(Color::Black)
    )
}

fn pieces_of(position: &Position) -> Vec<(Square, Piece)> {
    Square::all()
        .filter_map(|s| position.piece_at(s).map(|p| (s, p)))
        .collect()
}

/// Near misses of a position's FEN: the other side to move, the colours swapped, one piece
/// moved to a neighbouring square, a king written as a man or a man as a king, the board
/// turned.
fn wrong_fens(context: &mut Context, position: &Position) -> Vec<(String, &'static str)> {
    let pieces = pieces_of(position);
    let turn = position.turn();
    let mut out = vec![(fen_text(turn.other(), &pieces), "turn")];
    let swapped: Vec<(Square, Piece)> = pieces
        .iter()
        .map(|&(s, p)| (s, Piece::new(p.color.other(), p.role)))
        .collect();
    out.push((fen_text(turn, &swapped), "colours"));
    let turned: Vec<(Square, Piece)> = pieces.iter().map(|&(s, p)| (s.mirror(), p)).collect();
    out.push((fen_text(turn, &turned), "turned"));
    for _ in 0..3 {
        let Some(&(square, piece)) = pieces.choose(&mut context.rng) else {
            break;
        };
        let free: Vec<Square> = probes::neighbours(square)
            .into_iter()
            .filter(|n| position.piece_at(*n).is_none())
            .collect();
        if let Some(&to) = free.choose(&mut context.rng) {
            let moved: Vec<(Square, Piece)> = pieces
                .iter()
                .map(|&(s, p)| if s == square { (to, piece) } else { (s, p) })
                .collect();
            out.push((fen_text(turn, &moved), "moved"));
        }
    }
    if let Some(&(square, piece)) = pieces.choose(&mut context.rng) {
        let role = match piece.role {
            Role::Man => Role::King,
            Role::King => Role::Man,
        };
        let crowned: Vec<(Square, Piece)> = pieces
            .iter()
            .map(|&(s, p)| {
                if s == square {
                    (s, Piece::new(p.color, role))
                } else {
                    (s, p)
                }
            })
            .collect();
        out.push((fen_text(turn, &crowned), "role"));
    }
    out
}

/// Whether `text` reads as exactly `position`.
fn same_position(text: &str, position: &Position) -> bool {
    text.parse::<Position>().is_ok_and(|p| p == *position)
}

fn which_fen(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let position = find(context, SMALL, |p| p.occupied().count() <= 8)?;
    let right = fen::write(&position);
    if !same_position(&right, &position) {
        return None;
    }
    let wrong: Vec<Choice> = wrong_fens(context, &position)
        .into_iter()
        .filter(|(text, _)| !same_position(text, &position))
        .map(|(text, key)| Choice::new(text, key, false))
        .collect();
    let lang = context.lang;
    let prompt = if context.rng.gen_bool(0.5) {
        say!(lang, Text::WhichFenSingle)
    } else {
        say!(lang, Text::WhichFenSingleSideToMove)
    };
    let draft = Draft::new("which_fen", Topic::Notation, prompt)
        .fen(&position)
        .explain(say!(lang, Text::WhichFenExplanation, right));
    choice(
        context,
        kind,
        draft,
        vec![Choice::new(right, "right", true)],
        wrong,
        Order::Shuffle,
    )
}

fn write_fen(context: &mut Context, _kind: QuestionType) -> Option<Question> {
    let position = find(context, SMALL, |p| p.occupied().count() <= 6)?;
    let text = fen::write(&position);
    // The answer reads back as the diagram.
    let setup: Setup = fen::parse_setup(&text, crate::Board::TenByTen).ok()?;
    if Position::from_setup(&setup).ok()? != position {
        return None;
    }
    let lang = context.lang;
    let prompt = say!(lang, Text::WriteFenBlank);
    let draft = Draft::new("write_fen", Topic::Notation, prompt)
        .fen(&position)
        .explain(say!(lang, Text::WriteFenExplanation));
    blanks(draft, vec![Fill::fen(text, 2)])
}
