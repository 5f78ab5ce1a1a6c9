//! Tactics on a diagram: "White to play and win - write the moves", answered by the solver, and
//! the design task "set up a Turkish strike", answered with an example the solver has proven.
//!
//! Positions come from a small built-in collection of verified combinations, shifted across the
//! board and turned for Black, and from random small positions; every one is solved again
//! before it is used, and skipped when the solver cannot prove it within a small node budget.

use super::build::{self, open, Draft};
use super::family::{Context, Family, QUIZ_LIMITS};
use super::question::{Question, QuestionType, Topic};
use crate::position::Position;
use crate::setup::Setup;
use crate::solver::{Goal, Motif, Solution};
use crate::square::{Color, Square};
use crate::words::{self, say, Text};
use rand::seq::SliceRandom;
use rand::Rng;

use QuestionType::{Design, Diagram};

pub(crate) const FAMILIES: &[Family] = &[
    Family {
        name: "win_line",
        topic: Topic::Tactics,
        kinds: &[Diagram],
        make: win_line,
    },
    Family {
        name: "design",
        topic: Topic::Tactics,
        kinds: &[Design],
        make: design,
    },
];

/// Turkish strikes, White to move and win: a king's capture stops on a square where it is
/// taken at once.
const TURKISH: [&str; 8] = [
    "W:W11,23,27,28,43:BK47",
    "W:W8,14,32,38,43:BK48",
    "W:W8,14,25,33,38:BK40",
    "W:W17,23,26,32,43:B7,K42",
    "W:W9,12,19,28,37,50:BK38",
    "W:W8,9,22,33,44:BK48",
    "W:W11,12,22,27,29,34:BK10",
    "W:W7,8,16,28,33,36:BK4",
];

/// Combinations with a sacrifice, White to move and win.
const COMBINATIONS: [&str; 16] = [
    "W:W26,31,32,43:B9,17,19,38",
    "W:W12,22,41,47:B23,31,33",
    "W:W6,12,23,24,36:B2,22,33",
    "W:W7,10,12,16,21:B32,K40,42",
    "W:W10,13,15,19,32,42,47:B31,43,44",
    "W:W11,15,20,26,47:B9,29,38",
    "W:W8,9,14,50:BK25,34,37",
    "W:W7,8,11,17,34,35:B16,18,37",
    "W:W10,13,14,16,19,23,50:B12,33,43",
    "W:W10,14,15,27:B19,23,44",
    "W:W8,9,13,15,34,50:B28,31,K35",
    "W:W6,15,16,17,21,27:B26,28,29",
    "W:W6,10,14,21,36:B29,30,K46",
    "W:W10,18,26,31,41,45,46:B32,42,43",
    "W:W7,11,15,50:BK16,24,27",
    "W:W6,18,35,40:B9,K19,39",
];

/// The position moved `rows` down and `columns` right (an even total keeps the squares dark and
/// the directions the same), or `None` when a piece leaves the board or a man lands on its
/// promotion row.
pub(crate) fn shifted(position: &Position, rows: i8, columns: i8) -> Option<Position> {
    let mut setup = Setup::empty(position.turn());
    for square in Square::all() {
        if let Some(piece) = position.piece_at(square) {
            let row = square.row() as i8 + rows;
            let column = square.column() as i8 + columns;
            if !(0..10).contains(&row) || !(0..10).contains(&column) {
                return None;
            }
            let to = Square::from_coords(row as u8, column as u8)?;
            setup.put(to.number().into(), piece.color, piece.role);
        }
    }
    Position::from_setup(&setup).ok()
}

/// A variant of a collection position: shifted by a small even step, and turned for Black
/// half of the time.
fn variant(context: &mut Context, fen: &str) -> Option<Position> {
    let base: Position = fen.parse().ok()?;
    let shifts: [(i8, i8); 9] = [
        (0, 0),
        (0, 2),
        (0, -2),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
        (2, 0),
        (-2, 0),
    ];
    let &(rows, columns) = shifts.choose(&mut context.rng)?;
    let position = shifted(&base, rows, columns).unwrap_or(base);
    Some(if context.rng.gen_bool(0.5) {
        position.mirrored()
    } else {
        position
    })
}

/// Whether a solution makes a good "play and win" exercise: a proven win with one key move,
/// which is a quiet move (a real combination, not a capture that was forced anyway).
fn good_exercise(solution: &Solution) -> bool {
    solution.status == crate::solver::Status::Win
        && solution.single_key()
        && solution.line.len() >= 3
        && !solution.line[0].is_capture()
}

/// A random small position of the kind that hides a shot: a few men each and sometimes a
/// black king.
fn random_candidate(context: &mut Context) -> Option<Position> {
    let recipe = build::Recipe {
        white_men: (3, 6),
        white_kings: (0, 0),
        black_men: (1, 3),
        black_kings: (0, 1),
    };
    let position = build::random_position(context, recipe)?;
    if position.has_capture() || position.with_turn(Color::Black).has_capture() {
        return None;
    }
    Some(if context.rng.gen_bool(0.5) {
        position.mirrored()
    } else {
        position
    })
}

fn win_line(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let mut found = None;
    for attempt in 0..300 {
        let candidate = if attempt < 6 && context.rng.gen_bool(0.7) {
            let pool: Vec<&str> = COMBINATIONS.iter().chain(TURKISH.iter()).copied().collect();
            let fen = *pool.choose(&mut context.rng)?;
            variant(context, fen)
        } else {
            random_candidate(context)
        };
        let Some(position) = candidate else { continue };
        let solution = context.solver().solve(&position, Goal::Win, QUIZ_LIMITS);
        if good_exercise(&solution) {
            found = Some(solution);
            break;
        }
    }
    let solution = found?;
    let position = solution.position;
    let lang = context.lang;
    let side = position.turn();
    let headline = words::caption(lang, side, Goal::Win);
    let prompt = say!(lang, Text::WinLinePrompt, headline);
    let motifs: Vec<&str> = solution
        .motifs
        .iter()
        .map(|&m| words::motif(lang, m))
        .collect();
    let explanation = if motifs.is_empty() {
        String::new()
    } else {
        say!(
            lang,
            Text::MotifsExplanation,
            motifs = motifs.join(words::text(lang, Text::Comma))
        )
    };
    let draft = Draft::new("win_line", Topic::Tactics, prompt)
        .fen(&position)
        .explain(explanation);
    let mut question = open(draft, kind, context.diagram_points);
    question.answer = solution.line_texts();
    question.goal = Some(Goal::Win);
    Some(question)
}

/// The motifs a design task may ask for, with the positions that show them.
fn design_examples(motif: Motif) -> Vec<&'static str> {
    match motif {
        Motif::TurkishStrike => TURKISH.to_vec(),
        _ => COMBINATIONS.to_vec(),
    }
}

/// Whether `solution` shows `motif` for the side to move: a proven win or gain whose line the
/// solver tags with it.
pub fn shows(solution: &Solution, motif: Motif) -> bool {
    solution.is_solved() && solution.motifs.contains(&motif)
}

fn design(context: &mut Context, kind: QuestionType) -> Option<Question> {
    let motif = Motif::TurkishStrike;
    let side = if context.rng.gen_ratio(3, 4) {
        Color::White
    } else {
        Color::Black
    };
    let mut examples = design_examples(motif);
    examples.shuffle(&mut context.rng);
    let mut example = None;
    for fen in examples.into_iter().take(6) {
        let Some(mut position) = variant(context, fen) else {
            continue;
        };
        if position.turn() != side {
            position = position.mirrored();
        }
        let solution = context.solver().solve(&position, Goal::Auto, QUIZ_LIMITS);
        if shows(&solution, motif) {
            example = Some(position);
            break;
        }
    }
    let example = example?;
    let lang = context.lang;
    let who = words::side(lang, side);
    let name = words::motif(lang, motif);
    let prompt = match motif {
        Motif::TurkishStrike if context.rng.gen_bool(0.5) => {
            say!(lang, Text::DesignTurkishStrike, who)
        }
        Motif::TurkishStrike => say!(lang, Text::DesignTurkishStrikeExplained, who),
        _ => say!(lang, Text::DesignMotif, who, name),
    };
    let solution = context.solver().solve(&example, Goal::Auto, QUIZ_LIMITS);
    let line = solution.annotated();
    let explanation = say!(lang, Text::DesignExplanation, example, line, name);
    let draft = Draft::new("design", Topic::Tactics, prompt).explain(explanation);
    let mut question = open(draft, kind, context.design_points);
    question.answer = vec![example.to_string()];
    question.goal = Some(Goal::Auto);
    question.motif = Some(motif);
    question.side = Some(side);
    Some(question)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Solver;

    #[test]
    fn the_collection_is_sound() {
        let mut solver = Solver::new();
        for fen in TURKISH {
            let position: Position = fen.parse().unwrap();
            let solution = solver.solve(&position, Goal::Auto, QUIZ_LIMITS);
            assert!(shows(&solution, Motif::TurkishStrike), "{fen}");
        }
        for fen in COMBINATIONS {
            let position: Position = fen.parse().unwrap();
            let solution = solver.solve(&position, Goal::Win, QUIZ_LIMITS);
            assert!(good_exercise(&solution), "{fen}: {:?}", solution.status);
        }
    }

    #[test]
    fn shifting_keeps_the_shape() {
        let position: Position = "W:W11,23,27,28,43:BK47".parse().unwrap();
        let moved = shifted(&position, 0, 2).unwrap();
        assert_eq!(moved.to_string(), "W:W12,24,28,29,44:BK48");
        assert!(shifted(&position, 0, -2).is_none());
        assert!(shifted(&position, 2, 0).is_none());
    }
}
