//! The solver on verified combinations, its limits, and its claims against a plain minimax.

use damtutor::solver::{Goal, Limits, Motif, Solver, Status, Uniqueness};
use damtutor::Russian;
use damtutor::{Color, Position, Role, Setup};
use proptest::prelude::*;
use serde::Deserialize;
use std::time::Duration;

#[derive(Deserialize)]
struct CombinationFile {
    combinations: Vec<Combination>,
}

#[derive(Deserialize)]
struct Combination {
    id: String,
    fen: String,
    solution: String,
    motifs: Vec<String>,
    outcome: String,
}

/// The goal a combination's `outcome` states: a win ("Black has no pieces left -> White wins"),
/// else the net gain ("White net +2 pieces").
fn outcome_goal(outcome: &str) -> Goal {
    if outcome.contains("wins") {
        return Goal::Win;
    }
    let gain = outcome
        .split("net +")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("a net gain");
    Goal::Material(gain)
}

fn solve(fen: &str, goal: Goal) -> damtutor::solver::Solution {
    let position: Position = fen.parse().unwrap();
    Solver::new().solve(&position, goal, Limits::default())
}

#[test]
fn verified_combinations_are_found_with_their_motifs() {
    let file: CombinationFile =
        serde_yaml::from_str(include_str!("data/combinations.yaml")).unwrap();
    assert_eq!(file.combinations.len(), 4);
    for case in file.combinations {
        let solution = solve(&case.fen, outcome_goal(&case.outcome));
        assert!(solution.is_solved(), "{}: {:?}", case.id, solution.status);
        assert_eq!(
            solution.line_texts().join(" "),
            case.solution,
            "{}: main line",
            case.id
        );
        for tag in &case.motifs {
            let motif = Motif::from_key(tag).unwrap();
            assert!(
                solution.motifs.contains(&motif),
                "{}: {tag} not among {:?}",
                case.id,
                solution.motifs
            );
        }
    }
}

#[test]
fn statuses_and_keys() {
    // Turkish strike: the black king must take four and stops on 32, where 28x37 takes it.
    let s = solve("W:W11,23,27,28,43:BK47", Goal::Auto);
    assert_eq!(s.status, Status::Win);
    assert_eq!(s.key_texts(), ["43-38"]);
    // No other first move wins within a dozen plies; beyond, the check's budget ran out: the
    // key is not claimed unique.
    assert_eq!(s.uniqueness, Uniqueness::Unknown);
    assert!(
        s.unique_within >= 12 && s.unique_within < 21,
        "{}",
        s.unique_within
    );
    assert_eq!(s.annotated(), "1. 43-38 47x32 2. 28x37");
    assert_eq!(s.plies, 3);
    assert_eq!(s.material_after.black.kings, 0);
    let choice = s.choice.unwrap();
    assert_eq!((choice.goal, choice.stopped), (Goal::Win, false));

    // Two keys: the strike and the promotion both win.
    let s = solve("W:W8,14,32,38,43:BK48", Goal::Win);
    assert_eq!(s.key_texts(), ["32-27", "8-3"]);
    assert_eq!(s.uniqueness, Uniqueness::NotUnique);
    assert!(!s.unique());

    // Coup Philippe: asked for two men, the shot wins them.
    let philippe = "W:W27,32,34,38,40,45:B11,12,16,18,23,25";
    let s = solve(philippe, Goal::Material(2));
    assert_eq!(s.status, Status::Goal);
    assert_eq!(s.key_texts(), ["27-22"]);
    assert_eq!(s.plies, 7);
    // Auto looks further for the strongest real gain: the man on 16 runs to crown as well, a
    // gain of four, and says which goal it chose and how far a stronger one was ruled out.
    let s = solve(philippe, Goal::Auto);
    assert_eq!(s.goal, Goal::Material(4));
    assert_eq!(s.line_texts().last().map(String::as_str), Some("6-1"));
    let choice = s.choice.unwrap();
    assert_eq!(choice.goal, Goal::Material(4));
    assert!(choice.ruled_out_within >= 9, "{choice:?}");
    assert!(s.motifs.contains(&Motif::Breakthrough));
    // The book ends the line once the goal is decided: the last crowning is in brackets.
    assert!(
        s.book_annotated().ends_with("(36-41 7. 6-1)"),
        "{}",
        s.book_annotated()
    );

    // A key proven unique to the horizon: ru-13 of the shipped russian set, where no other
    // first move wins within 21 plies.
    let russian: damtutor_rules::Position<Russian> = "W:Wb6,f4,h4,e3:Bc7,d6".parse().unwrap();
    let s = Solver::<Russian>::new().solve(&russian, Goal::Win, Limits::default());
    assert_eq!(s.key_texts(), ["b6:d8"]);
    assert_eq!((s.uniqueness, s.unique_within), (Uniqueness::Unique, 21));
    assert!(s.unique() && s.annotated().starts_with("1. b6:d8! "));

    // King against king is a draw: nothing to prove, and nothing claimed.
    let s = solve("W:WK46:BK5", Goal::Auto);
    assert_eq!(s.status, Status::None);
    assert!(s.key_moves.is_empty() && s.line.is_empty());

    // Black to move: the same strike seen from the other side.
    let mirrored = "W:W11,23,27,28,43:BK47"
        .parse::<Position>()
        .unwrap()
        .mirrored();
    let s = Solver::new().solve(&mirrored, Goal::Auto, Limits::default());
    assert_eq!(s.status, Status::Win);
    assert_eq!(s.line_texts(), ["8-13", "4x19", "23x14"]);
    assert!(s.motifs.contains(&Motif::TurkishStrike));
}

#[test]
fn limits_give_unknown_never_a_claim() {
    let position = Position::initial();
    let limits = Limits {
        max_plies: 30,
        max_nodes: 50_000,
        time_limit: Duration::from_secs(5),
    };
    let s = Solver::new().solve(&position, Goal::Win, limits);
    assert_eq!(s.status, Status::Unknown);
    assert!(s.key_moves.is_empty() && s.line.is_empty());
    let limits = Limits {
        max_plies: 30,
        max_nodes: u64::MAX,
        time_limit: Duration::from_millis(50),
    };
    let s = Solver::new().solve(&position, Goal::Auto, limits);
    assert_eq!(s.status, Status::Unknown);
}

#[test]
fn tree_answers_every_defence() {
    let s = solve("W:W27,32,34,38,40,45:B11,12,16,18,23,25", Goal::Auto);
    let tree = s.tree.as_ref().unwrap();
    // Each defender reply in the tree is a legal move of its position, and each has an answer
    // unless the goal was reached.
    let mut position: Position = s.position.play_unchecked(&tree.mv);
    assert_eq!(tree.replies.len(), position.legal_moves().len());
    let first = &tree.replies[0];
    position = position.play_unchecked(&first.mv);
    assert!(first.next.is_some());
    assert!(position.is_legal(&first.next.as_ref().unwrap().mv));
}

/// Plain minimax with the solver's rules (win = defender to move with no move; a forced capture
/// is a free ply), without table, ordering or deepening.
fn plain_win(position: &Position, attacker: Color, depth: u32) -> bool {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return position.turn() != attacker;
    }
    if depth == 0 {
        return false;
    }
    let next = if moves.len() == 1 && moves[0].is_capture() {
        depth
    } else {
        depth - 1
    };
    let results = moves
        .iter()
        .map(|m| plain_win(&position.play_unchecked(m), attacker, next));
    if position.turn() == attacker {
        results.into_iter().any(|w| w)
    } else {
        results.into_iter().all(|w| w)
    }
}

/// Plain minimax for `Goal::Material(n)`: a quiet position with a net gain of `n`, a new king
/// counting as a king only when the defender cannot take it back at once or by a trap.
fn plain_gain(
    position: &Position,
    attacker: Color,
    depth: u32,
    start: (i32, usize),
    n: i32,
) -> bool {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return position.turn() != attacker;
    }
    if !position.has_capture() {
        let gain = damtutor::solver::balance(position, attacker) - start.0;
        let crowned = position.kings(attacker).count().saturating_sub(start.1) as i32;
        let as_men = gain - 2 * crowned;
        if as_men >= n
            || (gain >= n
                && kept(
                    position,
                    attacker,
                    start.1 + ((n - as_men + 1) / 2) as usize,
                ))
        {
            return true;
        }
    }
    if depth == 0 {
        return false;
    }
    let next = if moves.len() == 1 && moves[0].is_capture() {
        depth
    } else {
        depth - 1
    };
    let mut results = moves
        .iter()
        .map(|m| plain_gain(&position.play_unchecked(m), attacker, next, start, n));
    if position.turn() == attacker {
        results.any(|w| w)
    } else {
        results.all(|w| w)
    }
}

/// Whether the attacker keeps `kings` kings: the defender, given the move, cannot take one at
/// once, nor after a move that forces the attacker to capture, whichever capture it makes.
fn kept(position: &Position, attacker: Color, kings: usize) -> bool {
    let defender = position.with_turn(attacker.other());
    let takes = |p: &Position, m: &damtutor::moves::Move| {
        p.kings(attacker).count() - (m.captured() & p.kings(attacker)).count() < kings
    };
    defender.legal_moves().iter().all(|d| {
        if takes(&defender, d) {
            return false;
        }
        let after = defender.play_unchecked(d);
        let replies = after.legal_moves();
        !(replies.first().is_some_and(|r| r.is_capture())
            && replies.iter().all(|r| {
                let next = after.play_unchecked(r);
                next.legal_moves().iter().any(|m| takes(&next, m))
            }))
    })
}

fn small_position() -> impl Strategy<Value = Position> {
    let piece = (1u32..=50, any::<bool>(), prop::bool::weighted(0.3));
    (
        prop::collection::vec(piece.clone(), 1..4),
        prop::collection::vec(piece, 1..4),
        any::<bool>(),
    )
        .prop_filter_map("legal setup", |(white, black, white_to_move)| {
            let turn = if white_to_move {
                Color::White
            } else {
                Color::Black
            };
            let mut setup = Setup::empty(turn);
            for (list, color) in [(white, Color::White), (black, Color::Black)] {
                for (square, _, king) in list {
                    let role = if king { Role::King } else { Role::Man };
                    setup.put(square, color, role);
                }
            }
            Position::from_setup(&setup).ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The solver claims a win within N plies exactly when plain minimax finds one.
    #[test]
    fn win_claims_agree_with_plain_minimax(position in small_position(), depth in 1u32..6) {
        let limits = Limits { max_plies: depth, max_nodes: u64::MAX, time_limit: Duration::from_secs(60) };
        let s = Solver::new().solve(&position, Goal::Win, limits);
        let expected = plain_win(&position, position.turn(), depth);
        prop_assert_eq!(s.status == Status::Win, expected, "{}", position);
        if s.status == Status::Win {
            // Every key move wins, and every other move does not (within the key horizon).
            for m in position.legal_moves() {
                let wins = plain_win(&position.play_unchecked(&m), position.turn(), {
                    let moves = position.legal_moves();
                    if moves.len() == 1 && moves[0].is_capture() { depth } else { depth - 1 }
                });
                prop_assert_eq!(s.key_moves.contains(&m), wins, "{} {}", position, m);
            }
        }
    }

    /// The same for material gains.
    #[test]
    fn material_claims_agree_with_plain_minimax(position in small_position(), depth in 1u32..6, n in 1i32..4) {
        let limits = Limits { max_plies: depth, max_nodes: u64::MAX, time_limit: Duration::from_secs(60) };
        let s = Solver::new().solve(&position, Goal::Material(n as u32), limits);
        let start = (
            damtutor::solver::balance(&position, position.turn()),
            position.kings(position.turn()).count(),
        );
        let expected = plain_gain(&position, position.turn(), depth, start, n);
        prop_assert_eq!(s.status == Status::Goal, expected, "{}", position);
    }
}
