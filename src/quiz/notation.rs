//! Notation questions: write a move, read `28x19` (or `c3:e5`), recognise or write the FEN of a
//! diagram - in the game's notation. Move answers are checked with [`Position::parse_move`],
//! FEN answers by reading them back.

use super::build::{blanks, choice, orient, random_position, Choice, Draft, Fill, Order, Recipe};
use super::family::{every_game, Context, FamilyDef};
use super::geometry;
use super::naming;
use super::question::{Family, Question, QuestionType, Topic};
use crate::square::{Color, Piece, Role, Square};
use crate::words::{say, Text};
use crate::{Rules, Setup};
use damtutor_rules::Position;
use rand::seq::SliceRandom;
use rand::Rng;

use QuestionType::{Blank, Single};

pub(crate) fn families<R: Rules>() -> Vec<FamilyDef<R>> {
    vec![
        FamilyDef {
            name: Family::WriteMove,
            topic: Topic::Notation,
            kinds: &[Blank],
            fits: every_game,
            make: write_move::<R>,
        },
        FamilyDef {
            name: Family::MoveMeaning,
            topic: Topic::Notation,
            kinds: &[Single],
            fits: every_game,
            make: move_meaning::<R>,
        },
        FamilyDef {
            name: Family::WhichFen,
            topic: Topic::Notation,
            kinds: &[Single],
            fits: every_game,
            make: which_fen::<R>,
        },
        FamilyDef {
            name: Family::WriteFen,
            topic: Topic::Notation,
            kinds: &[Blank],
            fits: every_game,
            make: write_fen::<R>,
        },
    ]
}

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

fn find<R: Rules>(
    context: &mut Context<R>,
    recipe: Recipe,
    wanted: impl Fn(&Position<R>) -> bool,
) -> Option<Position<R>> {
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

fn write_move<R: Rules>(context: &mut Context<R>, _kind: QuestionType) -> Option<Question> {
    let position = find(context, CAPTURES, |p| {
        let legal = p.legal_moves();
        legal.len() == 1 && legal[0].capture_count() >= 2
    })?;
    let m = *position.legal_moves().first()?;
    let text = position.move_text(&m);
    let lang = context.lang;
    let names = context.names();
    let side = names.side(position.turn());
    let from = names.at(m.from());
    let to = names.at(m.to());
    let captured: Vec<Square> = m.captured().iter().collect();
    let taken = names.at_all(&captured);
    let prompt = if context.rng.gen_bool(0.5) {
        say!(lang, Text::WriteMoveOnlyCapture, side)
    } else {
        say!(lang, Text::WriteMoveCaptures, side, from, taken, to)
    };
    let full = position.full_move_text(&m);
    let sep = R::RULES.capture_separator();
    let draft = Draft::new(Family::WriteMove, Topic::Notation, prompt)
        .fen(&position)
        .explain(say!(lang, Text::WriteMoveExplanation, text, full, sep));
    blanks(draft, vec![Fill::mv(text, 2)])
}

fn move_meaning<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
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
    let (from, to) = (read.from(), read.to());
    let reverse = position
        .legal_moves()
        .iter()
        .any(|o| o.from() == to && o.captured().contains(from));
    let lang = context.lang;
    let names = context.names();
    let (a, b) = (names.at(from), names.at(to));
    let pool = [
        (
            "captures_ends",
            read.is_capture() && read.to() == to,
            say!(lang, Text::MeaningCapturesEndsOn, a, b),
        ),
        (
            "quiet",
            !read.is_capture(),
            say!(lang, Text::MeaningQuiet, a, b),
        ),
        (
            "captures_on",
            read.captured().contains(to),
            say!(lang, Text::MeaningCapturesOn, a, b),
        ),
        ("reverse", reverse, say!(lang, Text::MeaningReverse, b, a)),
    ];
    let side = names.side(position.turn());
    let prompt = say!(lang, Text::MoveMeaningSingle, side, text);
    let sep = R::RULES.capture_separator();
    let explanation = if read.is_capture() {
        say!(lang, Text::CaptureNotationExplanation, sep)
    } else {
        say!(lang, Text::QuietNotationExplanation)
    };
    let draft = Draft::new(Family::MoveMeaning, Topic::Notation, prompt)
        .fen(&position)
        .explain(explanation);
    let (right, wrong): (Vec<Choice>, Vec<Choice>) = pool
        .into_iter()
        .map(|(key, truth, text)| Choice::new(text, key, truth))
        .partition(|c| c.right);
    choice(context, kind, draft, right, wrong, Order::Shuffle)
}

/// A FEN with `turn` to move written from pieces, in the game's square names.
fn fen_text<R: Rules>(turn: Color, pieces: &[(Square, Piece)]) -> Option<String> {
    let mut setup = Setup::empty(turn);
    for &(s, p) in pieces {
        setup.put(s.number().into(), p.color, p.role);
    }
    // Written as the game writes a position (an invalid one by hand, in square order).
    match Position::<R>::from_setup(&setup) {
        Ok(position) => Some(naming::fen(&position)),
        Err(_) => {
            let side = |color: Color| -> String {
                let mut squares: Vec<&(Square, Piece)> =
                    pieces.iter().filter(|(_, p)| p.color == color).collect();
                squares.sort_by_key(|(s, _)| *s);
                squares
                    .iter()
                    .map(|(s, p)| {
                        let name = R::RULES.square_name(*s);
                        match p.role {
                            Role::King => format!("K{name}"),
                            Role::Man => name,
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            };
            Some(format!(
                "{}:W{}:B{}",
                turn.letter(),
                side(Color::White),
                side(Color::Black)
            ))
        }
    }
}

fn pieces_of<R: Rules>(position: &Position<R>) -> Vec<(Square, Piece)> {
    R::RULES
        .board
        .squares()
        .filter_map(|s| position.piece_at(s).map(|p| (s, p)))
        .collect()
}

/// Near misses of a position's FEN: the other side to move, the colours swapped, one piece
/// moved to a neighbouring square, a king written as a man or a man as a king, the board
/// turned.
fn wrong_fens<R: Rules>(
    context: &mut Context<R>,
    position: &Position<R>,
) -> Vec<(String, &'static str)> {
    let board = R::RULES.board;
    let pieces = pieces_of(position);
    let turn = position.turn();
    let mut out = Vec::new();
    let mut push = |fen: Option<String>, key: &'static str| {
        if let Some(fen) = fen {
            out.push((fen, key));
        }
    };
    push(fen_text::<R>(turn.other(), &pieces), "turn");
    let swapped: Vec<(Square, Piece)> = pieces
        .iter()
        .map(|&(s, p)| (s, Piece::new(p.color.other(), p.role)))
        .collect();
    push(fen_text::<R>(turn, &swapped), "colours");
    let turned: Vec<(Square, Piece)> = pieces.iter().map(|&(s, p)| (board.mirror(s), p)).collect();
    push(fen_text::<R>(turn, &turned), "turned");
    for _ in 0..3 {
        let Some(&(square, piece)) = pieces.choose(&mut context.rng) else {
            break;
        };
        let free: Vec<Square> = geometry::neighbours(board, square)
            .into_iter()
            .filter(|n| position.piece_at(*n).is_none())
            .collect();
        if let Some(&to) = free.choose(&mut context.rng) {
            let moved: Vec<(Square, Piece)> = pieces
                .iter()
                .map(|&(s, p)| if s == square { (to, piece) } else { (s, p) })
                .collect();
            push(fen_text::<R>(turn, &moved), "moved");
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
        push(fen_text::<R>(turn, &crowned), "role");
    }
    out
}

/// Whether `text` reads as exactly `position`.
fn same_position<R: Rules>(text: &str, position: &Position<R>) -> bool {
    text.parse::<Position<R>>().is_ok_and(|p| p == *position)
}

fn which_fen<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let position = find(context, SMALL, |p| p.occupied().count() <= 8)?;
    let right = naming::fen(&position);
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
    let names = context.names();
    let (white, black) = (names.side(Color::White), names.side(Color::Black));
    let draft = Draft::new(Family::WhichFen, Topic::Notation, prompt)
        .fen(&position)
        .explain(say!(lang, Text::WhichFenExplanation, right, white, black));
    choice(
        context,
        kind,
        draft,
        vec![Choice::new(right, "right", true)],
        wrong,
        Order::Shuffle,
    )
}

fn write_fen<R: Rules>(context: &mut Context<R>, _kind: QuestionType) -> Option<Question> {
    let position = find(context, SMALL, |p| p.occupied().count() <= 6)?;
    let text = naming::fen(&position);
    // The answer reads back as the diagram.
    if !same_position(&text, &position) {
        return None;
    }
    let lang = context.lang;
    let names = context.names();
    let (white, black) = (names.side(Color::White), names.side(Color::Black));
    let prompt = say!(lang, Text::WriteFenBlank);
    let draft = Draft::new(Family::WriteFen, Topic::Notation, prompt)
        .fen(&position)
        .explain(say!(lang, Text::WriteFenExplanation, white, black));
    blanks(draft, vec![Fill::fen(text, 2)])
}
