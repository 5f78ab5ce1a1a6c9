//! Tactics on a diagram: "White to play and win - write the moves", answered by the game's
//! solver, and the design task "set up a Turkish strike" (a breakthrough in English checkers,
//! whose kings step one square and know no Turkish strike), answered with an example the
//! solver has proven.
//!
//! International positions come from a small built-in collection of verified combinations,
//! shifted across the board and turned for Black; every game's also from random small positions
//! and from the frames of [`generate`](crate::generate). Every one is solved again before it is
//! used, and skipped when the solver cannot prove it within the quiz's node budget.

use super::build::{self, open, Draft};
use super::family::{every_game, Context, FamilyDef, QUIZ_LIMITS};
use super::question::{Family, Question, QuestionType, Topic};
use crate::generate::{self, ComposeOptions, Target};
use crate::solver::{Goal, Motif, Solution, Status};
use crate::square::Color;
use crate::words::{self, say, Text};
use crate::{Rules, Setup, Variant};
use damtutor_rules::Position;
use rand::seq::SliceRandom;
use rand::Rng;

use QuestionType::{Design, Diagram};

pub(crate) fn families<R: Rules>() -> Vec<FamilyDef<R>> {
    vec![
        FamilyDef {
            name: Family::WinLine,
            topic: Topic::Tactics,
            kinds: &[Diagram],
            fits: every_game,
            make: win_line::<R>,
        },
        FamilyDef {
            name: Family::Design,
            topic: Topic::Tactics,
            kinds: &[Design],
            fits: every_game,
            make: design::<R>,
        },
    ]
}

/// Turkish strikes of international draughts, White to move and win: a king's capture stops on
/// a square where it is taken at once.
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

/// Combinations of international draughts with a sacrifice, White to move and win (each with
/// a single key: no second first move wins within the uniqueness horizon).
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

/// The built-in positions of the game: international draughts only.
fn collection(variant: Variant, turkish: bool) -> Vec<&'static str> {
    match (variant, turkish) {
        (Variant::International, true) => TURKISH.to_vec(),
        (Variant::International, false) => {
            COMBINATIONS.iter().chain(TURKISH.iter()).copied().collect()
        }
        _ => Vec::new(),
    }
}

/// The position moved `rows` down and `columns` right (an even total keeps the squares dark and
/// the directions the same), or `None` when a piece leaves the board or a man lands on its
/// crowning row.
pub(crate) fn shifted<R: Rules>(
    position: &Position<R>,
    rows: i8,
    columns: i8,
) -> Option<Position<R>> {
    let board = R::RULES.board;
    let size = board.size() as i8;
    let mut setup = Setup::empty(position.turn());
    for square in board.squares() {
        if let Some(piece) = position.piece_at(square) {
            let (row, column) = board.coords(square);
            let row = row as i8 + rows;
            let column = column as i8 + columns;
            if !(0..size).contains(&row) || !(0..size).contains(&column) {
                return None;
            }
            let to = board.at(row as u8, column as u8)?;
            setup.put(to.number().into(), piece.color, piece.role);
        }
    }
    Position::from_setup(&setup).ok()
}

/// A variant of a collection position: shifted by a small even step, and turned for Black
/// half of the time.
fn varied<R: Rules>(context: &mut Context<R>, fen: &str) -> Option<Position<R>> {
    let base: Position<R> = fen.parse().ok()?;
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
pub(crate) fn good_exercise<R: Rules>(solution: &Solution<R>) -> bool {
    solution.status == Status::Win
        && solution.single_key()
        && solution.line.len() >= 3
        && !solution.line[0].is_capture()
}

/// A random small position of the kind that hides a shot: a few men each and sometimes a
/// black king.
fn random_candidate<R: Rules>(context: &mut Context<R>) -> Option<Position<R>> {
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

/// A candidate from the frames of [`generate`]: a position laid out for `target` in the game.
fn framed<R: Rules>(context: &mut Context<R>, target: Target) -> Option<Position<R>> {
    let seed = context.rng.gen::<u64>();
    let options = ComposeOptions::new(target, 1, seed).in_game(R::RULES.variant);
    generate::compose::candidate::<R>(&options, 0)
}

/// The motif a design task of the game asks for: a Turkish strike where kings fly, a
/// breakthrough in English checkers.
fn design_target(variant: Variant) -> Target {
    if Target::TurkishStrike.exists_in(variant) {
        Target::TurkishStrike
    } else {
        Target::Breakthrough
    }
}

/// The longest main line (in plies) a diagram question prefers: four moves of the winner.
const SHORT_LINE: usize = 7;

/// Candidates a design task tries for its example.
const DESIGN_TRIES: usize = 400;

/// Candidates tried for a shorter line after the first win is found.
const MORE_TRIES: usize = 40;

/// The limits of the quick first search of a candidate: most positions without a win are
/// refuted within them.
const QUICK_LIMITS: crate::solver::Limits = crate::solver::Limits {
    max_nodes: 20_000,
    ..QUIZ_LIMITS
};

fn win_line<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    if !context.pool.is_empty() {
        let solution = from_sets(context)?;
        return Some(win_line_question(context, kind, solution));
    }
    let variant = R::RULES.variant;
    let pool = collection(variant, false);
    let mut found = None;
    let mut first_found = 0;
    for attempt in 0..300 {
        let candidate = if attempt < 6 && !pool.is_empty() && context.rng.gen_bool(0.7) {
            let fen = *pool.choose(&mut context.rng)?;
            varied(context, fen)
        } else if pool.is_empty() && attempt % 3 == 0 {
            let target = *[
                Target::TurkishStrike,
                Target::KingTrap,
                Target::Breakthrough,
            ]
            .choose(&mut context.rng)?;
            if target.exists_in(variant) {
                framed(context, target)
            } else {
                None
            }
        } else {
            random_candidate(context)
        };
        let Some(position) = candidate else { continue };
        if found.is_some() && attempt > first_found + MORE_TRIES {
            break;
        }
        // A quick search first; the quiz's own limits then prove what it keeps.
        if !good_exercise(&context.solver().solve(&position, Goal::Win, QUICK_LIMITS)) {
            continue;
        }
        let solution = context.solver().solve(&position, Goal::Win, QUIZ_LIMITS);
        if !good_exercise(&solution) {
            continue;
        }
        if found.is_none() {
            first_found = attempt;
        }
        // A line a student writes out in a test: three or four moves of the winning side, or
        // else the shortest win found.
        let short = solution.line.len() <= SHORT_LINE;
        if found
            .as_ref()
            .is_none_or(|best: &Solution<R>| solution.line.len() < best.line.len())
        {
            found = Some(solution);
        }
        if short {
            break;
        }
    }
    Some(win_line_question(context, kind, found?))
}

/// A position of the teacher's sets (in a random order) that the quiz's solver proves with a
/// single key, solved; `None` when none is.
fn from_sets<R: Rules>(context: &mut Context<R>) -> Option<Solution<R>> {
    let mut pool = context.pool.clone();
    pool.shuffle(&mut context.rng);
    pool.into_iter().find_map(|(position, goal)| {
        let solution = context.solver().solve(&position, goal, QUIZ_LIMITS);
        (solution.is_solved() && solution.single_key()).then_some(solution)
    })
}

/// The diagram question of a proven line: its position, goal and moves.
fn win_line_question<R: Rules>(
    context: &Context<R>,
    kind: QuestionType,
    solution: Solution<R>,
) -> Question {
    let position = solution.position;
    let lang = context.lang;
    let names = context.names();
    let headline = names.caption(position.turn(), solution.goal);
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
    let draft = Draft::new(Family::WinLine, Topic::Tactics, prompt)
        .fen(&position)
        .explain(explanation);
    let mut question = open(draft, kind, 10);
    question.answer = solution.line_texts();
    question.goal = Some(solution.goal);
    question
}

/// Whether `solution` shows `motif` for the side to move: a proven win or gain whose line the
/// solver tags with it. A breakthrough must be forced: a man that simply walks to the crowning
/// row is not one, so its line must also hold a sacrifice.
pub fn shows<R: Rules>(solution: &Solution<R>, motif: Motif) -> bool {
    solution.is_solved()
        && solution.motifs.contains(&motif)
        && (motif != Motif::Breakthrough || solution.motifs.contains(&Motif::Sacrifice))
}

fn design<R: Rules>(context: &mut Context<R>, kind: QuestionType) -> Option<Question> {
    let variant = R::RULES.variant;
    let target = design_target(variant);
    let motif = target.motif()?;
    let side = if context.rng.gen_ratio(3, 4) {
        Color::White
    } else {
        Color::Black
    };
    let mut examples = collection(variant, true);
    examples.shuffle(&mut context.rng);
    let mut example = None;
    for attempt in 0..DESIGN_TRIES {
        let candidate = match examples.get(attempt) {
            Some(fen) if attempt < 6 => varied(context, fen),
            _ => framed(context, target),
        };
        let Some(mut position) = candidate else {
            continue;
        };
        if position.turn() != side {
            position = position.mirrored();
        }
        if !shows(
            &context.solver().solve(&position, Goal::Auto, QUICK_LIMITS),
            motif,
        ) {
            continue;
        }
        let solution = context.solver().solve(&position, Goal::Auto, QUIZ_LIMITS);
        if shows(&solution, motif) {
            example = Some(solution);
            break;
        }
    }
    let solution = example?;
    let lang = context.lang;
    let names = context.names();
    let who = names.side(side);
    let name = words::motif(lang, motif);
    let prompt = match motif {
        Motif::TurkishStrike => say!(lang, Text::DesignTurkishStrike, who),
        _ => say!(lang, Text::DesignMotif, who, name),
    };
    let fen = super::naming::fen(&solution.position);
    let line = solution.annotated();
    let explanation = say!(lang, Text::DesignExplanation, example = fen, line, name);
    let draft = Draft::new(Family::Design, Topic::Tactics, prompt).explain(explanation);
    let mut question = open(draft, kind, 10);
    question.answer = vec![fen];
    question.goal = Some(Goal::Auto);
    question.motif = Some(motif);
    question.side = Some(side);
    Some(question)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Solver;
    use crate::International;

    #[test]
    fn the_collection_is_sound() {
        let mut solver = Solver::new();
        for fen in TURKISH {
            let position: Position<International> = fen.parse().unwrap();
            let solution = solver.solve(&position, Goal::Auto, QUIZ_LIMITS);
            assert!(shows(&solution, Motif::TurkishStrike), "{fen}");
        }
        for fen in COMBINATIONS {
            let position: Position<International> = fen.parse().unwrap();
            let solution = solver.solve(&position, Goal::Win, QUIZ_LIMITS);
            assert!(good_exercise(&solution), "{fen}: {:?}", solution.status);
        }
    }

    #[test]
    fn shifting_keeps_the_shape() {
        let position: Position<International> = "W:W11,23,27,28,43:BK47".parse().unwrap();
        let moved = shifted(&position, 0, 2).unwrap();
        assert_eq!(moved.to_string(), "W:W12,24,28,29,44:BK48");
        assert!(shifted(&position, 0, -2).is_none());
        assert!(shifted(&position, 2, 0).is_none());
    }
}
