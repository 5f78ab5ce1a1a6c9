//! The shipped exercise sets: every exercise proven by the solver, every written solution sound
//! and complete, each set's theme present in the solver's own analysis, and every book line
//! accepted by the line checker.

use damtutor::check::{self, Verdict};
use damtutor::exercise;
use damtutor::solver::{self, Limits, Motif, Solution, VariantSolution};
use damtutor::words::Lang;
use damtutor::{verify, with_solution, Rules};
use std::collections::BTreeMap;
use std::path::Path;

#[test]
fn shipped_sets_are_proven() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("exercises");
    let files = exercise::files_in(&folder).unwrap();
    let mut total = 0;
    let mut sets = 0;
    // Proven exercises per game, and the language of each game's sets.
    let mut per_game: BTreeMap<&str, usize> = BTreeMap::new();
    let mut languages: BTreeMap<&str, Vec<Lang>> = BTreeMap::new();
    for file in &files {
        let set = exercise::load(file).unwrap_or_else(|errors| {
            panic!(
                "{}",
                errors
                    .iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        });
        sets += 1;
        languages
            .entry(set.variant.name())
            .or_default()
            .push(set.language);
        let reports = verify::verify_set(&set, Limits::default());
        for report in &reports {
            assert!(
                report.ok(),
                "{}: exercise {}: {:?}",
                file.display(),
                report.id,
                report.problems
            );
            total += 1;
        }
        for exercise in &set.exercises {
            assert_eq!(
                exercise.variant(),
                set.variant,
                "{}: {} is of another game than its set",
                file.display(),
                exercise.id
            );
            *per_game.entry(exercise.variant().name()).or_default() += 1;
            assert!(
                exercise
                    .solution
                    .as_deref()
                    .is_some_and(|t| !t.trim().is_empty()),
                "{}: {} has no solution",
                file.display(),
                exercise.id
            );
            // The teacher's words, at least in the set's own language.
            for (what, text) in [
                ("hint", &exercise.hint),
                ("comment", &exercise.comment),
                ("source", &exercise.source),
            ] {
                assert!(
                    text.get(set.language).is_some(),
                    "{}: {} has no {what} in {}",
                    file.display(),
                    exercise.id,
                    set.language
                );
            }
        }
        // The set's theme: Turkish strikes show turkish_strike; named shots show a named motif
        // or the tag the teacher gave.
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        if name.contains("turkish") {
            for report in &reports {
                assert!(
                    report.solution.motifs().contains(&Motif::TurkishStrike),
                    "{name}: {} lacks turkish_strike: {:?}",
                    report.id,
                    report.solution.motifs()
                );
            }
        }
        // The teacher's tags: each shown by the written solution or by the solver's line.
        for (report, exercise) in reports.iter().zip(&set.exercises) {
            for tag in &exercise.motifs {
                let motif = *tag;
                let given = report.solution.given_motifs().unwrap_or_default();
                assert!(
                    report.solution.motifs().contains(&motif) || given.contains(&motif),
                    "{name}: {} is tagged {tag} but the solver's line shows {:?} and the \
                     solution {given:?}",
                    report.id,
                    report.solution.motifs()
                );
            }
        }
    }
    assert!(sets >= 6, "{sets} sets");
    assert!(total >= 95, "{total} exercises");
    // The shipped sets of the 8x8 games: the 64-square set in Chinese, the Russian one (in
    // Chinese too) and English checkers in English.
    assert!(per_game["international"] >= 48, "{per_game:?}");
    assert!(per_game["brazilian"] >= 20, "{per_game:?}");
    assert!(per_game["russian"] >= 12, "{per_game:?}");
    assert!(per_game["english"] >= 12, "{per_game:?}");
    assert_eq!(languages["brazilian"], [Lang::Chinese]);
    assert_eq!(languages["russian"], [Lang::Chinese]);
    assert_eq!(languages["english"], [Lang::English]);
}

/// Every shipped exercise's line as a book writes it - the solver's line up to where the goal
/// is decided, and the written solution up to its decided point - is accepted by the line
/// checker as correct; the same line cut one ply before its decisive move is incomplete.
#[test]
fn book_lines_are_accepted_and_lines_cut_short_are_not() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("exercises");
    let mut checked = 0;
    for file in exercise::files_in(&folder).unwrap() {
        let set = exercise::load(&file).unwrap();
        for report in verify::verify_set(&set, Limits::default()) {
            with_solution!(&report.solution, s => book_lines(s, &report.solution, &report.id));
            checked += 1;
        }
    }
    assert!(checked >= 95, "{checked}");
}

/// The checks of [`book_lines_are_accepted_and_lines_cut_short_are_not`] of one exercise:
/// `solution` is `any` in its game. The line checker is called through
/// [`check::check_against_any`], compiled in the library, not here for each game.
fn book_lines<R: Rules>(solution: &Solution<R>, any: &VariantSolution, id: &str) {
    let limits = Limits::default();
    // The solver's line is checked as a student's answer; the written solution as the book.
    let mut lines = vec![(solution.line.clone(), solution.book_plies, false)];
    if let Some(given) = &solution.given {
        lines.push((given.moves.clone(), given.book_plies, true));
    }
    for (line, book, written) in lines {
        let texts = solver::line_texts(&solution.position, &line);
        let book_line = texts[..book].join(" ");
        let as_book = written.then_some(book_line.as_str());
        let check = check::check_against_any(any, &book_line, as_book, limits);
        assert!(
            check.verdict == Verdict::Correct,
            "{id}: the book line {book_line} is {}: {}",
            check.verdict,
            check.message
        );
        // The solver's line ends where the goal is reached: the rest is told as a note exactly
        // when the book line stops before that.
        if !written {
            assert_eq!(check.note.is_some(), book < line.len(), "{id}: {book_line}");
        }
        if book >= 2 {
            let cut = texts[..book - 1].join(" ");
            let check = check::check_against_any(any, &cut, None, limits);
            assert_eq!(
                check.verdict,
                Verdict::Incomplete,
                "{id}: {cut} (cut before {}): {}",
                texts[book - 1],
                check.message
            );
        }
    }
}

/// Every leaf of every shipped proof tree, played on four plies by a plain minimax on material
/// (then every capture played out), keeps the gain the solution claims: the defender cannot win
/// it back, crown with a gain, or win the game. Written apart from the solver: a king counts
/// its value from the moment it is crowned, and nothing else is asked.
#[test]
fn every_gain_in_the_shipped_trees_holds_four_more_plies() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("exercises");
    let mut leaves = 0;
    for file in exercise::files_in(&folder).unwrap() {
        let set = exercise::load(&file).unwrap();
        for report in verify::verify_set(&set, Limits::default()) {
            with_solution!(&report.solution, s => {
                leaves += tree_leaves_hold(s, &report.id);
            });
        }
    }
    assert!(leaves >= 95, "{leaves} leaves");
}

/// Checks every leaf of `solution`'s tree; the number of leaves checked.
fn tree_leaves_hold<R: Rules>(solution: &Solution<R>, id: &str) -> usize {
    let Some(tree) = &solution.tree else {
        panic!("{id}: no tree");
    };
    let side = solution.position.turn();
    let need = match solution.goal {
        solver::Goal::Material(n) => n as i32,
        solver::Goal::King => 0,
        _ => i32::MIN,
    };
    let start = solver::balance(&solution.position, side);
    let mut leaves = 0;
    let mut stack = vec![(solution.position, tree)];
    while let Some((position, node)) = stack.pop() {
        let after = position.play_unchecked(&node.mv);
        if node.replies.is_empty() {
            check_leaf(&after, side, start, need, id);
            leaves += 1;
        }
        for reply in &node.replies {
            let next = after.play_unchecked(&reply.mv);
            match &reply.next {
                Some(answer) => stack.push((next, answer)),
                None if !reply.truncated => {
                    check_leaf(&next, side, start, need, id);
                    leaves += 1;
                }
                None => {}
            }
        }
    }
    leaves
}

fn check_leaf<R: Rules>(
    leaf: &damtutor_rules::Position<R>,
    side: damtutor::Color,
    start: i32,
    need: i32,
    id: &str,
) {
    let value = minimax(leaf, side, 4);
    assert!(
        value == WON || (need != i32::MIN && value - start >= need),
        "{id}: the gain is not kept from {leaf}: {value} against {start} + {need}"
    );
}

/// A won game for `side`, in [`minimax`].
const WON: i32 = 10_000;

/// The material balance of `side` (a king counting as the solver counts it) after `plies` of
/// best play and every capture then open, or +-[`WON`] when a side cannot move.
fn minimax<R: Rules>(
    position: &damtutor_rules::Position<R>,
    side: damtutor::Color,
    plies: u32,
) -> i32 {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return if position.turn() == side { -WON } else { WON };
    }
    if plies == 0 && !moves[0].is_capture() {
        return solver::balance(position, side);
    }
    let values = moves
        .iter()
        .map(|m| minimax(&position.play_unchecked(m), side, plies.saturating_sub(1)));
    if position.turn() == side {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}
