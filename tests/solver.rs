//! The solver on verified combinations, its limits, and its claims against a plain minimax.

use crate::support::combinations;

use damtutor::solver::{tag_line, Goal, Limits, Motif, Solver, Status, Uniqueness};
use damtutor::Russian;
use damtutor::{Color, International, Position, Role, Setup};
use proptest::prelude::*;
use std::time::Duration;

fn solve(fen: &str, goal: Goal) -> damtutor::solver::Solution<International> {
    let position: Position<International> = fen.parse().unwrap();
    Solver::new().solve(&position, goal, Limits::default())
}

#[test]
fn verified_combinations_are_found_with_their_motifs() {
    let combinations = combinations::all();
    assert_eq!(combinations.len(), 4);
    for case in combinations {
        let solution = solve(&case.fen, case.goal());
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
    // No other first move wins within H: the proof's 2 plies (47x32 is forced, so free) and 4.
    assert_eq!(s.uniqueness, Uniqueness::Unique);
    assert_eq!(s.unique_within, 6);
    assert_eq!(s.annotated(), "1. 43-38! 47x32 2. 28x37");
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
    // Auto looks to the horizon for a stronger gain: the man on 16 could run to crown, but
    // Black's man on 27 crowns as well, so two men is the real gain. It says why it chose it.
    let s = solve(philippe, Goal::Auto);
    assert_eq!(s.goal, Goal::Material(2));
    assert_eq!(s.plies, 7);
    let choice = s.choice.unwrap();
    assert_eq!(choice.goal, Goal::Material(2));
    assert!(choice.ruled_out_within >= 9, "{choice:?}");
    assert!(s.motifs.contains(&Motif::CoupPhilippe));

    // A key proven unique within its horizon H: ru-13 of the shipped russian set, whose proof
    // takes 3 plies, so that no other first move wins within 7.
    let russian: damtutor_rules::Position<Russian> = "W:Wb6,f4,h4,e3:Bc7,d6".parse().unwrap();
    let s = Solver::<Russian>::new().solve(&russian, Goal::Win, Limits::default());
    assert_eq!(s.key_texts(), ["b6:d8"]);
    assert_eq!((s.uniqueness, s.unique_within), (Uniqueness::Unique, 7));
    assert!(s.unique() && s.annotated().starts_with("1. b6:d8! "));

    // King against king is a draw: nothing to prove, and nothing claimed.
    let s = solve("W:WK46:BK5", Goal::Auto);
    assert_eq!(s.status, Status::None);
    assert!(s.key_moves.is_empty() && s.line.is_empty());

    // Black to move: the same strike seen from the other side.
    let mirrored = "W:W11,23,27,28,43:BK47"
        .parse::<Position<International>>()
        .unwrap()
        .mirrored();
    let s = Solver::new().solve(&mirrored, Goal::Auto, Limits::default());
    assert_eq!(s.status, Status::Win);
    assert_eq!(s.line_texts(), ["8-13", "4x19", "23x14"]);
    assert!(s.motifs.contains(&Motif::TurkishStrike));
}

#[test]
fn limits_give_unknown_never_a_claim() {
    let position = Position::<International>::initial();
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
    let mut position: Position<International> = s.position.play_unchecked(&tree.mv);
    assert_eq!(tree.replies.len(), position.legal_moves().len());
    let first = &tree.replies[0];
    position = position.play_unchecked(&first.mv);
    assert!(first.next.is_some());
    assert!(position.is_legal(&first.next.as_ref().unwrap().mv));
}

/// Whether FMJD 6.3/6.4 count in `position`: a lone king against three pieces or fewer, one of
/// them a king. There every ply counts towards the draw, so a forced capture is no free ply.
fn lone_king_endgame(position: &Position<International>) -> bool {
    let material = position.material();
    [
        (material.white, material.black),
        (material.black, material.white),
    ]
    .iter()
    .any(|(strong, weak)| {
        weak.men == 0 && weak.kings == 1 && (1..=3).contains(&strong.pieces()) && strong.kings >= 1
    })
}

/// Plain minimax with the solver's rules (win = defender to move with no move; a forced capture
/// is a free ply, but in a lone-king endgame), without table, ordering or deepening.
fn plain_win(position: &Position<International>, attacker: Color, depth: u32) -> bool {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return position.turn() != attacker;
    }
    if depth == 0 {
        return false;
    }
    let next = if moves.len() == 1 && moves[0].is_capture() && !lone_king_endgame(position) {
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

/// Plain minimax for `Goal::Material(n)`: a quiet position with a net gain of `n` that holds
/// (see [`plain_holds`]).
fn plain_gain(
    position: &Position<International>,
    attacker: Color,
    depth: u32,
    start: (i32, usize),
    n: i32,
) -> bool {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return position.turn() != attacker;
    }
    if !position.has_capture()
        && plain_counts(position, attacker, start, n)
        && plain_holds(position, attacker, 4, start, n)
    {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let next = if moves.len() == 1 && moves[0].is_capture() && !lone_king_endgame(position) {
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

/// A net gain of `n` in the quiet `position`, a new king counting as a king only when the
/// defender can neither take it back (at once or by a trap) nor crown a man of its own at once.
fn plain_counts(
    position: &Position<International>,
    attacker: Color,
    start: (i32, usize),
    n: i32,
) -> bool {
    let gain = damtutor::solver::balance(position, attacker) - start.0;
    let crowned = position.kings(attacker).count().saturating_sub(start.1) as i32;
    let as_men = gain - 2 * crowned;
    as_men >= n
        || (gain >= n
            && kept(
                position,
                attacker,
                start.1 + ((n - as_men + 1) / 2) as usize,
            ))
}

/// Whether the gain still counts after `plies` more plies of best play by both sides and every
/// capture then open: a gain the defender wins straight back is none.
fn plain_holds(
    position: &Position<International>,
    attacker: Color,
    plies: u32,
    start: (i32, usize),
    n: i32,
) -> bool {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return position.turn() != attacker;
    }
    if plies == 0 && !moves[0].is_capture() {
        return plain_counts(position, attacker, start, n);
    }
    let mut results = moves.iter().map(|m| {
        plain_holds(
            &position.play_unchecked(m),
            attacker,
            plies.saturating_sub(1),
            start,
            n,
        )
    });
    if position.turn() == attacker {
        results.any(|w| w)
    } else {
        results.all(|w| w)
    }
}

/// Whether the attacker keeps `kings` kings: the defender, given the move, cannot take one or
/// crown at once, nor after a move that forces the attacker to capture, whichever capture it
/// makes.
fn kept(position: &Position<International>, attacker: Color, kings: usize) -> bool {
    let defender = position.with_turn(attacker.other());
    let takes = |p: &Position<International>, m: &damtutor::moves::Move<International>| {
        m.promotes()
            || p.kings(attacker).count() - (m.captured() & p.kings(attacker)).count() < kings
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

fn small_position() -> impl Strategy<Value = Position<International>> {
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
                    if moves.len() == 1 && moves[0].is_capture() && !lone_king_endgame(&position) { depth } else { depth - 1 }
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

// ---------------------------------------------------------------------------------------------
// Goals that mean a gain, and the draw rules.

#[test]
fn both_sides_crowning_is_no_king_gain() {
    // White crowns with 6-1, and Black crowns with 45-50 at once: equal material, a king each.
    for fen in ["W:W6:B45", "W:W6,31:B45,20"] {
        let s = solve(fen, Goal::King);
        assert_eq!(s.status, Status::None, "{fen}: {}", s.annotated());
        // Nor does auto call it a gain of material.
        let s = solve(fen, Goal::Auto);
        assert!(!s.is_solved(), "{fen}: {} {}", s.goal, s.annotated());
    }
    // The 64-square game and English checkers alike.
    let brazilian: damtutor_rules::Position<damtutor::Brazilian> = "W:Wb6:Bg3".parse().unwrap();
    let s = Solver::new().solve(&brazilian, Goal::King, Limits::default());
    assert_eq!(s.status, Status::None, "{}", s.annotated());
    let english: damtutor_rules::Position<damtutor::English> = "W:W5:B28".parse().unwrap();
    let s = Solver::new().solve(&english, Goal::King, Limits::default());
    assert_eq!(s.status, Status::None, "{}", s.annotated());
    // Crowning while the opponent cannot: a kept king. (With Black's man on 31, three moves
    // from its own king row, the new king is no gain that holds: Black crowns too.)
    let s = solve("W:W6:B31", Goal::King);
    assert_eq!(s.status, Status::None);
    let s = solve("W:W6:B5", Goal::King);
    assert_eq!(s.status, Status::Goal);
    assert_eq!(s.line_texts(), ["6-1"]);
}

#[test]
fn a_new_king_that_is_trapped_counts_as_a_man() {
    // ts-09 as first shipped: after 22-18 1x22 28x6 3-8 6-1 Black traps the new king
    // (8-12 1x9 4x13). No gain of two can be forced.
    let s = solve("W:W22,27,28,33,41:BK1,3,4,5,11,13,16", Goal::Material(2));
    assert!(!s.is_solved(), "{}", s.annotated());
    // Without the man on 4 there is no trap: the strike wins two men and the king is kept.
    let s = solve("W:W22,27,28,33,41:BK1,3,5,11,13,16", Goal::Material(2));
    assert_eq!(s.line_texts(), ["22-18", "1x22", "28x6", "3-8", "6-1"]);
    assert_eq!(s.book_plies, 3);
    assert!(s.motifs.contains(&Motif::TurkishStrike));
}

#[test]
fn wins_come_before_the_draw_rules() {
    use damtutor::solver::DrawClock;
    use damtutor::Brazilian;
    // King and man against a king (FMJD 6.4: five more moves each): White wins in nine plies,
    // within the ten the rule leaves when the endgame is on the board from the start.
    let p: damtutor_rules::Position<Brazilian> = "W:Wa7,Ka5:BKg1".parse().unwrap();
    let mut solver = Solver::<Brazilian>::new();
    let s = solver.solve(&p, Goal::Win, Limits::default());
    assert_eq!((s.status, s.plies), (Status::Win, 9), "{}", s.annotated());
    // Reached after two moves of the same endgame, eight plies are left: the nine-ply win
    // would come after the draw, and is not claimed.
    let before: damtutor_rules::Position<Brazilian> = "W:Wa7,Kb4:BKh2".parse().unwrap();
    let line: Vec<_> = ["b4-a5", "h2-g1"]
        .iter()
        .scan(before, |q, text| {
            let m = q.parse_move(text).unwrap();
            *q = q.play_unchecked(&m);
            Some(m)
        })
        .collect();
    let clock = DrawClock::along(&before, &line);
    assert_eq!(
        clock.plies_left::<Brazilian>().map(|(left, _)| left),
        Some(8)
    );
    let limits = Limits::default();
    assert_eq!(solver.prove_from(&p, Goal::Win, &p, 21, limits), Some(true));
    assert_eq!(
        solver.prove_along(&before, Goal::Win, &p, clock, 21, limits),
        Some(false)
    );
    // From the earlier position the solver finds no win the rules allow.
    let s = solver.solve(&before, Goal::Win, limits);
    assert!(!s.is_solved());
}

// ---------------------------------------------------------------------------------------------
// Motifs from any line, by mechanism.

/// A line given as move texts, played from `start`.
fn moves_of<R: damtutor::Rules>(
    start: &damtutor_rules::Position<R>,
    texts: &str,
) -> Vec<damtutor_rules::Move<R>> {
    let mut position = *start;
    texts
        .split_whitespace()
        .map(|text| {
            let m = position.parse_move(text).unwrap();
            position = position.play_unchecked(&m);
            m
        })
        .collect()
}

/// Every order of `line`'s moves that is legal from `start`: the same moves of each side,
/// the sides alternating.
fn move_orders<R: damtutor::Rules>(
    start: &damtutor_rules::Position<R>,
    line: &[damtutor_rules::Move<R>],
) -> Vec<Vec<damtutor_rules::Move<R>>> {
    fn walk<R: damtutor::Rules>(
        position: damtutor_rules::Position<R>,
        mine: Vec<damtutor_rules::Move<R>>,
        theirs: Vec<damtutor_rules::Move<R>>,
        played: &mut Vec<damtutor_rules::Move<R>>,
        solver: Color,
        out: &mut Vec<Vec<damtutor_rules::Move<R>>>,
    ) {
        let pool = if position.turn() == solver {
            &mine
        } else {
            &theirs
        };
        if pool.is_empty() {
            if mine.is_empty() && theirs.is_empty() {
                out.push(played.clone());
            }
            return;
        }
        for (i, m) in pool.iter().enumerate() {
            if !position.is_legal(m) {
                continue;
            }
            let (mut mine, mut theirs) = (mine.clone(), theirs.clone());
            if position.turn() == solver {
                mine.remove(i);
            } else {
                theirs.remove(i);
            }
            played.push(*m);
            walk(
                position.play_unchecked(m),
                mine,
                theirs,
                played,
                solver,
                out,
            );
            played.pop();
        }
    }
    let solver = start.turn();
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    let mut position = *start;
    for m in line {
        if position.turn() == solver {
            mine.push(*m);
        } else {
            theirs.push(*m);
        }
        position = position.play_unchecked(m);
    }
    let mut out = Vec::new();
    walk(*start, mine, theirs, &mut Vec::new(), solver, &mut out);
    out
}

#[test]
fn tags_are_the_same_in_every_move_order() {
    // Shipped combinations whose moves can be played in more than one order, and others.
    let cases = [
        // sh-17: the two offers work in either order.
        (
            "W:W16,25,26,28,30,31,32,35,37,38,45:B5,6,9,10,12,13,15,17,18,19,34,39",
            "28-22 18x36 38-33 39x28 32x3",
        ),
        // cl-08, the coup Napoleon, and cl-03, the coup Philippe.
        (
            "W:W26,28,29,31,36,37,39,40,43:B7,9,11,12,16,17,18,19,25",
            "29-23 18x29 28-22 17x28 26-21 16x27 31x4",
        ),
        (
            "W:W27,32,34,38,40,45:B11,12,16,18,23,25",
            "27-22 18x27 32x21 16x27 34-30 25x34 40x16",
        ),
        ("W:W11,23,27,28,43:BK47", "43-38 47x32 28x37"),
    ];
    let mut reordered = 0;
    for (fen, texts) in cases {
        let start: Position<International> = fen.parse().unwrap();
        let line = moves_of(&start, texts);
        let tags = tag_line(&start, &line);
        let orders = move_orders(&start, &line);
        assert!(orders.contains(&line), "{fen}");
        for order in &orders {
            assert_eq!(tag_line(&start, order), tags, "{fen}: {order:?}");
        }
        reordered += usize::from(orders.len() > 1);
    }
    assert!(reordered >= 1, "no case has a second order");
}

/// `start` and `line` moved on the board by `map` (a square to its image, `None` off the board
/// or onto a light square): the position with every piece moved, and the line replayed move by
/// move with the mapped squares; `None` when some move has no counterpart.
fn transformed<R: damtutor::Rules>(
    start: &damtutor_rules::Position<R>,
    line: &[damtutor_rules::Move<R>],
    map: impl Fn(damtutor::Square) -> Option<damtutor::Square>,
) -> Option<(damtutor_rules::Position<R>, Vec<damtutor_rules::Move<R>>)> {
    let mut setup = Setup::empty(start.turn());
    for color in [Color::White, Color::Black] {
        for square in start.pieces(color) {
            let role = if start.kings(color).contains(square) {
                Role::King
            } else {
                Role::Man
            };
            setup.put(u32::from(map(square)?.number()), color, role);
        }
    }
    let moved = damtutor_rules::Position::<R>::from_setup(&setup).ok()?;
    let mut position = moved;
    let mut out = Vec::new();
    for m in line {
        let captured: Option<damtutor::Bitboard> = m.captured().iter().map(&map).collect();
        let found = *position.legal_moves().iter().find(|c| {
            Some(c.from()) == map(m.from())
                && Some(c.to()) == map(m.to())
                && Some(c.captured()) == captured
                && c.promotes() == m.promotes()
        })?;
        position = position.play_unchecked(&found);
        out.push(found);
    }
    Some((moved, out))
}

/// The pieces of `start` that move or are taken in `line`, with the line replayed on them
/// (`None` if the line needs the others, as blockers or for the maximum rule).
fn core(
    start: &Position<International>,
    line: &[damtutor_rules::Move<International>],
) -> Option<(
    Position<International>,
    Vec<damtutor_rules::Move<International>>,
)> {
    let mut involved = damtutor::Bitboard::default();
    let mut at = std::collections::HashMap::new();
    for m in line {
        // Follow each piece back to its square in `start`.
        let origin = *at.get(&m.from()).unwrap_or(&m.from());
        involved.insert(origin);
        for taken in m.captured() {
            involved.insert(*at.get(&taken).unwrap_or(&taken));
        }
        at.insert(m.to(), origin);
    }
    let mut setup = Setup::empty(start.turn());
    for color in [Color::White, Color::Black] {
        for square in start.pieces(color) {
            if involved.contains(square) {
                let king = start.kings(color).contains(square);
                setup.put(
                    u32::from(square.number()),
                    color,
                    if king { Role::King } else { Role::Man },
                );
            }
        }
    }
    let core = Position::from_setup(&setup).ok()?;
    transformed(&core, line, Some)
}

#[test]
fn named_shots_are_found_shifted_and_mirrored() {
    let board = damtutor::Board::TenByTen;
    let shift = |rows: i8, columns: i8| {
        move |s: damtutor::Square| {
            let (r, c) = board.coords(s);
            let (r, c) = (r as i8 + rows, c as i8 + columns);
            if !(0..10).contains(&r) || !(0..10).contains(&c) {
                return None;
            }
            board.at(r as u8, c as u8)
        }
    };
    // Left and right swapped, one row down: the dark squares stay dark.
    let reflect = |rows: i8| {
        move |s: damtutor::Square| {
            let (r, c) = board.coords(s);
            let r = r as i8 + rows;
            if !(0..10).contains(&r) {
                return None;
            }
            board.at(r as u8, 9 - c)
        }
    };
    let cases = [
        // cl-03 and cl-04: the coup Philippe; cl-05: the coup royal; cl-06: the bomb.
        (
            "W:W27,32,34,38,40,45:B11,12,16,18,23,25",
            "27-22 18x27 32x21 16x27 34-30 25x34 40x16",
            Motif::CoupPhilippe,
        ),
        (
            "W:W27,30,32,37,38,41,44,45,46:B6,8,13,14,16,18,21,23,25",
            "27-22 18x27 44-40 25x34 40x20",
            Motif::CoupPhilippe,
        ),
        (
            "W:W27,28,32,33,35,38,39,40,45,47:B4,5,12,13,14,16,18,19,23,24,25",
            "27-22 18x27 32x21 23x34 40x7 16x27 7-1",
            Motif::CoupRoyal,
        ),
        // cl-05's coup royal with the pieces that take no part in it taken off.
        (
            "W:W27,28,32,38,39,40,45:B12,13,14,18,19,23,24",
            "27-22 18x27 32x21 23x34 40x7",
            Motif::CoupRoyal,
        ),
        (
            "W:W26,27,28,32,36,37,38,41,42,47:B1,6,9,11,15,16,17,18,19,20,23",
            "27-21 16x27 32x12 23x43 12x3",
            Motif::Bomb,
        ),
    ];
    for (fen, texts, motif) in cases {
        let start: Position<International> = fen.parse().unwrap();
        let line = moves_of(&start, texts);
        assert!(tag_line(&start, &line).contains(&motif), "{fen}");
        // The colours swapped: square s becomes 51 - s.
        let mirrored = start.mirrored();
        let mirrored_line =
            damtutor::render::worksheet::mirror_line(&start, &line).expect("the mirror");
        assert!(
            tag_line(&mirrored, &mirrored_line).contains(&motif),
            "{fen} mirrored"
        );
        // Moved on the board, where the combination still fits: the whole position, and its
        // core (the pieces that move or are taken), which fits in more places.
        let mut moved = 0;
        let maps: Vec<Box<dyn Fn(damtutor::Square) -> Option<damtutor::Square>>> = vec![
            Box::new(shift(0, 2)),
            Box::new(shift(0, -2)),
            Box::new(shift(-1, 1)),
            Box::new(shift(-1, -1)),
            Box::new(shift(1, 1)),
            Box::new(shift(1, -1)),
            Box::new(shift(-2, 0)),
            Box::new(reflect(1)),
            Box::new(reflect(-1)),
        ];
        let core = core(&start, &line);
        for (start, line) in std::iter::once((start, line.clone())).chain(core) {
            for map in &maps {
                if let Some((position, line)) = transformed(&start, &line, map) {
                    assert!(
                        tag_line(&position, &line).contains(&motif),
                        "{fen} moved to {position}: {:?}",
                        tag_line(&position, &line)
                    );
                    moved += 1;
                }
            }
        }
        // The whole of cl-05 fills the board from edge to edge: only its mirror is tried.
        let crowded = fen.starts_with("W:W27,28,32,33,35");
        assert!(moved >= 1 || crowded, "{fen}: no transform fits the board");
    }
}

/// A random line of up to eight plies from `start`, each move picked by one of `picks`.
fn random_line<R: damtutor::Rules>(
    start: &damtutor_rules::Position<R>,
    picks: &[usize],
) -> Vec<damtutor_rules::Move<R>> {
    let mut position = *start;
    let mut line = Vec::new();
    for pick in picks {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[pick % moves.len()];
        position = position.play_unchecked(&m);
        line.push(m);
    }
    line
}

fn middle_game() -> impl Strategy<Value = Position<International>> {
    let piece = (1u32..=50, prop::bool::weighted(0.15));
    (
        prop::collection::vec(piece.clone(), 3..10),
        prop::collection::vec(piece, 3..10),
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
                for (square, king) in list {
                    let role = if king { Role::King } else { Role::Man };
                    setup.put(square, color, role);
                }
            }
            Position::from_setup(&setup).ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The motifs of a line do not depend on who plays it: with the colours swapped (square s
    /// becomes 51 - s) the same line has the same tags - for random lines and for the solver's.
    #[test]
    fn tags_are_invariant_under_colour_mirroring(
        position in middle_game(),
        picks in prop::collection::vec(any::<usize>(), 1..9),
    ) {
        let line = random_line(&position, &picks);
        let mirrored = damtutor::render::worksheet::mirror_line(&position, &line).unwrap();
        prop_assert_eq!(
            tag_line(&position, &line),
            tag_line(&position.mirrored(), &mirrored),
            "{}", position
        );
        let limits = Limits { max_plies: 5, max_nodes: 20_000, time_limit: Duration::from_secs(60) };
        let s = Solver::new().solve(&position, Goal::Auto, limits);
        if s.is_solved() {
            let mirrored = damtutor::render::worksheet::mirror_line(&position, &s.line).unwrap();
            prop_assert_eq!(s.motifs.clone(), tag_line(&position.mirrored(), &mirrored));
        }
    }
}

/// A node budget too small for the uniqueness check never makes a key "unique": a key called
/// unique under any budget is unique, within the same horizon, under the default limits.
#[test]
fn a_tiny_node_budget_never_yields_unique() {
    let fens = [
        "W:W11,23,27,28,43:BK47",
        "W:W25,30,31,32,35,36,37,38,39,41,46,47,48,49,50:B3,4,5,6,8,9,10,11,12,14,15,18,19,24,26,29",
        "W:W16,25,26,28,30,31,32,35,37,38,45:B5,6,9,10,12,13,15,17,18,19,34,39",
    ];
    for fen in fens {
        let position: Position<International> = fen.parse().unwrap();
        let full = Solver::new().solve(&position, Goal::Material(1), Limits::default());
        assert!(full.is_solved(), "{fen}");
        for max_nodes in [1, 5_000, 20_000, 60_000, 150_000] {
            let limits = Limits {
                max_nodes,
                ..Limits::default()
            };
            let s = Solver::new().solve(&position, Goal::Material(1), limits);
            if s.uniqueness == Uniqueness::Unique {
                assert!(full.unique(), "{fen}: unique with {max_nodes} nodes only");
                assert_eq!(s.unique_within, full.unique_within, "{fen}: {max_nodes}");
            }
            if s.is_solved() && s.uniqueness == Uniqueness::Unknown {
                assert!(s.unique_within < full.unique_within, "{fen}: {max_nodes}");
            }
        }
    }
}

/// "Unique" is proven within the horizon H = min(21, d + 4) and says so; the hunt beyond it is
/// advisory. English checkers ck-05: 25-21 is the only first move that forces a held gain of one
/// within H; 16-11 forces one too, but only further away, which the deep hunt finds.
#[test]
fn uniqueness_is_proven_within_its_horizon_and_the_deep_hunt_finds_later_keys() {
    let position: damtutor_rules::Position<damtutor::English> =
        "W:W9,16,25,32:B12,17".parse().unwrap();
    let mut solver = Solver::new();
    let s = solver.solve(&position, Goal::Material(1), Limits::default());
    assert!(s.is_solved());
    assert_eq!(s.key_texts(), ["25-21"]);
    assert_eq!(s.uniqueness, Uniqueness::Unique);
    // The proof's 11 plies and four more.
    assert_eq!(s.unique_within, 15);
    assert_eq!(damtutor::solver::unique_horizon(11, 21), 15);
    // A generous time limit: the tests run side by side.
    let limits = Limits {
        max_plies: 27,
        time_limit: Duration::from_secs(300),
        ..Limits::default()
    };
    let deep = solver.deep_keys(&s, limits, 20_000_000);
    let texts: Vec<String> = deep.keys.iter().map(|m| position.move_text(m)).collect();
    assert_eq!(texts, ["16-11"], "checked to {}", deep.checked_to);
    assert!(deep.checked_to > s.unique_within);
}

/// A generator asks only whether the key is unique ([`Keys::UntilSecond`]), and looks for a
/// second key two plies past the proof before the horizon: its verdict and horizon are those of
/// the full key list, its keys the main line's and one of the others. On the positions of the
/// first mining benchmark games, with nothing to capture, where a gain of one is proven within
/// nine plies (some with one key, some with several).
#[test]
fn a_generators_uniqueness_check_agrees_with_the_full_key_list() {
    use damtutor::solver::Keys;
    let pdn = crate::mine::bench_games(4);
    let limits = Limits {
        max_plies: 9,
        time_limit: Duration::from_secs(300),
        ..Limits::default()
    };
    let mut all = Solver::new();
    let mut until_second = Solver::new();
    until_second.set_keys(Keys::UntilSecond);
    let (mut unique, mut several) = (0, 0);
    for game in damtutor::pdn::Reader::new(pdn.as_bytes()) {
        for position in game.unwrap().positions().iter().step_by(3) {
            if position.has_capture() || !position.has_legal_move() {
                continue;
            }
            let full = all.solve(position, Goal::Material(1), limits);
            let quick = until_second.solve(position, Goal::Material(1), limits);
            let fen = position.to_string();
            assert_eq!(quick.status, full.status, "{fen}");
            assert_eq!(quick.uniqueness, full.uniqueness, "{fen}");
            assert_eq!(quick.unique_within, full.unique_within, "{fen}");
            assert_eq!(quick.line, full.line, "{fen}");
            match full.uniqueness {
                Uniqueness::Unique => {
                    assert_eq!(quick.key_moves, full.key_moves, "{fen}");
                    unique += 1;
                }
                Uniqueness::NotUnique => {
                    assert_eq!(quick.key_moves.len(), 2, "{fen}");
                    assert!(quick.key_moves.contains(&full.line[0]), "{fen}");
                    assert!(
                        quick.key_moves.iter().all(|m| full.key_moves.contains(m)),
                        "{fen}"
                    );
                    several += 1;
                }
                Uniqueness::Unknown => {}
            }
        }
    }
    assert!(
        unique >= 3 && several >= 3,
        "{unique} unique, {several} not"
    );
}
