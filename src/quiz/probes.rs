//! Rules facts found out by asking a game's engine: small positions, laid out by coordinates on
//! the game's board, that show a rule at work, and games played until the engine declares them
//! drawn. The rules questions take their answers from the [`Facts`] of their game; nothing here
//! knows the answers in advance.

use super::geometry::{self, on_one_diagonal, step};
use super::wrong::{crossed, crossed_pieces, wrong_captures, WrongRule};
use crate::game::{DrawReason, GameEnd};
use crate::square::{Color, Role, Square};
use crate::{Board, Rules, Setup};
use damtutor_rules::{Game, Move, Outcome, Position};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// What becomes of a man that reaches its crowning row during a capture and could capture on
/// from there.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Crossing {
    /// It captures on as a man and, ending elsewhere, stays a man (FMJD 4.15, the 64 rules).
    StaysMan,
    /// It is crowned at once and captures on as a king (Russian rules).
    GoesOnAsKing,
    /// It captures on as a man and is crowned when the capture ends.
    CrownedAtEnd,
    /// It is crowned and its move ends there (English checkers).
    Stops,
}

/// The draw counts of a game, each found by playing quiet moves until the engine declares the
/// game drawn; `None` where the game has no such rule.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Draws {
    /// Moves each with only kings moving and no capture (two kings against two).
    pub king_moves: Option<u32>,
    /// Moves each with three kings against a lone king.
    pub three_kings: Option<u32>,
    /// Moves each with two kings against a lone king.
    pub two_kings: Option<u32>,
    /// How often a position stands when the game is drawn by repetition.
    pub repetition: Option<u32>,
}

/// Facts about losing: a player with no pieces, one who cannot move, one with fewer pieces,
/// one without a king against a king - whether each loses.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Losing {
    pub no_pieces: bool,
    pub no_moves: bool,
    pub fewer: bool,
    pub no_king: bool,
}

/// The rules of one game as its engine plays them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Facts {
    pub first_to_move: Color,
    pub man_quiet_forward: bool,
    pub man_quiet_backward: bool,
    pub man_captures_forward: bool,
    pub man_captures_backward: bool,
    /// Whether quiet moves of White's men always go to smaller square numbers (and Black's to
    /// larger): `Some(true)`; always larger: `Some(false)`; both: `None`.
    pub white_quiet_to_smaller: Option<bool>,
    /// The same for captures of White's men.
    pub white_captures_to_smaller: Option<bool>,
    pub man_captures_on_edge: bool,
    /// Whether a man may take any opponent's piece next to it, the square behind taken or not.
    pub adjacent_always: bool,
    /// Whether a capturing man stops right behind the piece it took.
    pub man_lands_behind: bool,
    pub jumps_own_pieces: bool,
    /// Whether a capture may cross an empty square twice: `None` when no position shows it.
    pub crosses_empty_twice: Option<bool>,
    /// Whether a capture may jump a piece twice, where doing so would take more.
    pub jumps_piece_twice: Option<bool>,
    /// Whether captured pieces stay on the board until the capture ends.
    pub removed_after: Option<bool>,
    /// A position showing the last two: `(fen, the legal capture)`.
    pub turkish_witness: Option<(String, String)>,
    pub king_at_distance: bool,
    pub king_lands_anywhere: bool,
    pub king_flies: bool,
    pub king_turns: bool,
    pub king_captures_backward: bool,
    pub capture_compulsory: bool,
    /// Whether the capture that takes the most pieces is compulsory.
    pub most_compulsory: Option<bool>,
    /// How a king counts for the maximum rule: `Some(1)` like a man.
    pub king_counts_as: Option<u32>,
    pub crossing: Option<Crossing>,
    /// The position of the crossing question and its captures: `(fen, moves)`.
    pub crossing_witness: Option<(String, Vec<String>)>,
    pub losing: Option<Losing>,
    pub draws: Draws,
}

/// The facts of the game `R`, asked of its engine once per process.
pub(crate) fn facts<R: Rules>() -> &'static Facts {
    static FACTS: [OnceLock<Facts>; 4] = [const { OnceLock::new() }; 4];
    FACTS[R::RULES.variant as usize].get_or_init(Facts::of::<R>)
}

impl Facts {
    /// Asks the engine of the game `R`.
    pub(crate) fn of<R: Rules>() -> Facts {
        let board = R::RULES.board;
        let crossing = crossing::<R>();
        let turkish = turkish_witness::<R>();
        Facts {
            first_to_move: Position::<R>::initial().turn(),
            man_quiet_forward: man_moves::<R>(false, true),
            man_quiet_backward: man_moves::<R>(false, false),
            man_captures_forward: man_moves::<R>(true, true),
            man_captures_backward: man_moves::<R>(true, false),
            white_quiet_to_smaller: directions::<R>(false),
            white_captures_to_smaller: directions::<R>(true),
            man_captures_on_edge: man_captures_on_edge::<R>(),
            adjacent_always: adjacent_always::<R>(),
            man_lands_behind: man_lands_behind::<R>(),
            jumps_own_pieces: jumps_own_pieces::<R>(),
            crosses_empty_twice: crosses_empty_twice::<R>(),
            jumps_piece_twice: turkish.as_ref().map(|t| t.jumps_twice),
            removed_after: turkish.as_ref().map(|t| t.removed_after),
            turkish_witness: turkish.map(|t| (t.fen, t.capture)),
            king_at_distance: king_at_distance::<R>(),
            king_lands_anywhere: king_lands_anywhere::<R>(),
            king_flies: king_flies::<R>(),
            king_turns: king_turns::<R>(),
            king_captures_backward: king_captures_backward::<R>(),
            capture_compulsory: capture_compulsory::<R>(),
            most_compulsory: majority::<R>().map(|m| m.0),
            king_counts_as: majority::<R>().and_then(|m| m.1),
            crossing: crossing.as_ref().map(|c| c.0),
            crossing_witness: crossing.map(|c| (c.1, c.2)),
            losing: losing::<R>(),
            draws: draws::<R>(board),
        }
    }
}

/// A position of `R` from pieces at (row, column) coordinates; `None` if a coordinate is not a
/// dark square or the position is not valid.
pub(crate) fn place<R: Rules>(
    turn: Color,
    pieces: &[(u8, u8, Color, Role)],
) -> Option<Position<R>> {
    let board = R::RULES.board;
    let mut setup = Setup::empty(turn);
    for &(row, column, color, role) in pieces {
        let square = board.at(row, column)?;
        setup.put(square.number().into(), color, role);
    }
    Position::from_setup(&setup).ok()
}

fn lone<R: Rules>(square: Square, color: Color, role: Role, other: Option<Square>) -> Position<R> {
    let mut setup = Setup::empty(color);
    setup.put(square.number().into(), color, role);
    if let Some(o) = other {
        setup.put(o.number().into(), color.other(), Role::Man);
    }
    Position::from_setup(&setup).unwrap_or(Position::empty(color))
}

/// Whether a white man moves (`capture`: captures) forwards (`forward`) or backwards: tried
/// from every square, with an opponent's man next to it for captures.
fn man_moves<R: Rules>(capture: bool, forward: bool) -> bool {
    let board = R::RULES.board;
    board.squares().filter(|&s| board.row(s) > 0).any(|s| {
        let victims: Vec<Option<Square>> = if capture {
            geometry::neighbours(board, s)
                .into_iter()
                .filter(|v| (board.row(*v) < board.row(s)) == forward)
                .map(Some)
                .collect()
        } else {
            vec![None]
        };
        victims.into_iter().any(|victim| {
            let position = lone::<R>(s, Color::White, Role::Man, victim);
            position.legal_moves().iter().any(|m| {
                let went_forward = board.row(m.to()) < board.row(s);
                m.is_capture() == capture
                    && went_forward == forward
                    && victim.is_none_or(|v| m.captured().contains(v))
            })
        })
    })
}

/// Whether moves (`capture`: captures) of White's men always go to smaller square numbers.
fn directions<R: Rules>(capture: bool) -> Option<bool> {
    let board = R::RULES.board;
    let mut smaller = false;
    let mut larger = false;
    for s in board.squares().filter(|&s| board.row(s) > 0) {
        let victims: Vec<Option<Square>> = if capture {
            geometry::neighbours(board, s)
                .into_iter()
                .map(Some)
                .collect()
        } else {
            vec![None]
        };
        for victim in victims {
            let position = lone::<R>(s, Color::White, Role::Man, victim);
            for m in position
                .legal_moves()
                .iter()
                .filter(|m| m.is_capture() == capture)
            {
                smaller |= m.to() < m.from();
                larger |= m.to() > m.from();
            }
        }
    }
    match (smaller, larger) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// Whether a man may capture a piece standing on the edge of the board.
fn man_captures_on_edge<R: Rules>() -> bool {
    let board = R::RULES.board;
    let last = board.size() - 1;
    board
        .squares()
        .filter(|&s| board.column(s) == 0 || board.column(s) == last)
        .any(|edge| {
            geometry::neighbours(board, edge).into_iter().any(|s| {
                board.row(s) > 0
                    && lone::<R>(s, Color::White, Role::Man, Some(edge))
                        .legal_moves()
                        .iter()
                        .any(|m| m.captured().contains(edge))
            })
        })
}

/// A white man near the bottom left, with an opponent's man diagonally in front of it.
fn man_facing<R: Rules>(behind_taken: bool) -> Option<Position<R>> {
    let size = R::RULES.board.size();
    let mut pieces = vec![
        (size - 3, 2, Color::White, Role::Man),
        (size - 4, 3, Color::Black, Role::Man),
    ];
    if behind_taken {
        pieces.push((size - 5, 4, Color::Black, Role::Man));
    }
    place::<R>(Color::White, &pieces)
}

fn adjacent_always<R: Rules>() -> bool {
    man_facing::<R>(true).is_some_and(|p| p.legal_moves().iter().any(|m| m.is_capture()))
}

fn man_lands_behind<R: Rules>() -> bool {
    let board = R::RULES.board;
    let size = board.size();
    man_facing::<R>(false).is_some_and(|p| {
        let behind = board.at(size - 5, 4);
        let moves = p.legal_moves();
        !moves.is_empty()
            && moves
                .iter()
                .all(|m| m.is_capture() && Some(m.to()) == behind)
    })
}

/// Whether a man or a king may jump a piece of its own colour with an empty square behind.
fn jumps_own_pieces<R: Rules>() -> bool {
    let size = R::RULES.board.size();
    [Role::Man, Role::King].into_iter().any(|role| {
        place::<R>(
            Color::White,
            &[
                (size - 3, 2, Color::White, role),
                (size - 4, 3, Color::White, Role::Man),
                (1, size - 2, Color::Black, Role::Man),
            ],
        )
        .is_some_and(|p| {
            p.legal_moves().iter().any(|m| {
                crossed_pieces(&p, &p.capture_route(m))
                    .iter()
                    .any(|s| p.piece_at(*s).is_some_and(|x| x.color == p.turn()))
            })
        })
    })
}

/// A white king in the bottom-left corner.
fn corner_king<R: Rules>(others: &[(u8, u8, Color, Role)]) -> Option<Position<R>> {
    let size = R::RULES.board.size();
    let mut pieces = vec![(size - 1, 0, Color::White, Role::King)];
    pieces.extend_from_slice(others);
    place::<R>(Color::White, &pieces)
}

fn king_at_distance<R: Rules>() -> bool {
    let board = R::RULES.board;
    let size = board.size();
    corner_king::<R>(&[(size - 3, 2, Color::Black, Role::Man)]).is_some_and(|p| {
        p.legal_moves().iter().any(|m| {
            m.is_capture()
                && geometry::neighbours(board, m.from())
                    .iter()
                    .all(|n| !m.captured().contains(*n))
        })
    })
}

fn king_lands_anywhere<R: Rules>() -> bool {
    let size = R::RULES.board.size();
    corner_king::<R>(&[(size - 2, 1, Color::Black, Role::Man)]).is_some_and(|p| {
        let ends: BTreeSet<Square> = p.legal_moves().iter().map(|m| m.to()).collect();
        ends.len() > 1
    })
}

fn king_flies<R: Rules>() -> bool {
    let board = R::RULES.board;
    corner_king::<R>(&[(0, 1, Color::Black, Role::Man)]).is_some_and(|p| {
        p.legal_moves()
            .iter()
            .any(|m| board.row(m.from()).abs_diff(board.row(m.to())) > 1)
    })
}

fn king_turns<R: Rules>() -> bool {
    let board = R::RULES.board;
    let size = board.size();
    corner_king::<R>(&[
        (size - 2, 1, Color::Black, Role::Man),
        (size - 4, 1, Color::Black, Role::Man),
    ])
    .is_some_and(|p| {
        p.legal_moves().iter().any(|m| {
            p.capture_route(m).windows(3).any(|w| {
                geometry::direction(board, w[0], w[1]) != geometry::direction(board, w[1], w[2])
            })
        })
    })
}

fn king_captures_backward<R: Rules>() -> bool {
    // A white king on White's crowning row captures downwards, towards its own side.
    place::<R>(
        Color::White,
        &[
            (0, 1, Color::White, Role::King),
            (1, 2, Color::Black, Role::Man),
        ],
    )
    .is_some_and(|p| p.legal_moves().iter().any(|m| m.is_capture()))
}

/// Whether a man that can capture has no quiet move, with another man free to step.
fn capture_compulsory<R: Rules>() -> bool {
    let size = R::RULES.board.size();
    place::<R>(
        Color::White,
        &[
            (size - 3, 2, Color::White, Role::Man),
            (size - 4, 3, Color::Black, Role::Man),
            (size - 1, size - 2, Color::White, Role::Man),
        ],
    )
    .is_some_and(|p| {
        let moves = p.legal_moves();
        !moves.is_empty() && moves.iter().all(|m| m.is_capture())
    })
}

/// The maximum rule: a white man that can take a king alone, or two men. Returns whether the
/// capture of more pieces is compulsory, and - in a game where it is - how a king counts
/// (`Some(1)`: like a man).
fn majority<R: Rules>() -> Option<(bool, Option<u32>)> {
    let size = R::RULES.board.size();
    let (r, c) = (size - 2, 3);
    let king = (r - 1, c - 1, Color::Black, Role::King);
    let man = (r - 1, c + 1, Color::Black, Role::Man);
    let second = (r - 3, c + 1, Color::Black, Role::Man);
    let capturer = (r, c, Color::White, Role::Man);
    let two_men = place::<R>(Color::White, &[capturer, king, man, second])?;
    let one_man = place::<R>(Color::White, &[capturer, king, man])?;
    let takes_king = |p: &Position<R>| {
        p.legal_moves().iter().any(|m| {
            m.captured()
                .iter()
                .any(|s| p.kings(Color::Black).contains(s))
        })
    };
    let takes_men_only = |p: &Position<R>| {
        p.legal_moves()
            .iter()
            .any(|m| m.captured().iter().all(|s| p.men(Color::Black).contains(s)))
    };
    let most = !takes_king(&two_men) && takes_men_only(&two_men);
    if !most {
        let free = takes_king(&two_men) && takes_men_only(&two_men);
        return free.then_some((false, None));
    }
    let counts = match (takes_king(&one_man), takes_men_only(&one_man)) {
        (true, true) => Some(1),
        (true, false) => Some(2),
        _ => None,
    };
    Some((true, counts))
}

/// The man that reaches its crowning row in the middle of a capture: with a second piece next
/// to the crowning square (a man could take it), and with one further away (only a king could).
fn crossing<R: Rules>() -> Option<(Crossing, String, Vec<String>)> {
    let board = R::RULES.board;
    let man = (2, 1, Color::White, Role::Man);
    let first = (1, 2, Color::Black, Role::Man);
    let near = place::<R>(Color::White, &[man, first, (1, 4, Color::Black, Role::Man)])?;
    let far = place::<R>(Color::White, &[man, first, (2, 5, Color::Black, Role::Man)])?;
    let row = board.crowning_row(Color::White);
    let passes = |p: &Position<R>| -> Vec<Move<R>> {
        p.legal_moves()
            .into_iter()
            .filter(|m| {
                let route = p.capture_route(m);
                route[1..route.len() - 1].iter().any(|s| row.contains(*s)) && !row.contains(m.to())
            })
            .collect()
    };
    let through = passes(&near);
    let kind = match through.first() {
        Some(m) if !m.promotes() => Crossing::StaysMan,
        Some(_) if !passes(&far).is_empty() => Crossing::GoesOnAsKing,
        Some(_) => Crossing::CrownedAtEnd,
        None if near
            .legal_moves()
            .iter()
            .all(|m| row.contains(m.to()) && m.promotes()) =>
        {
            Crossing::Stops
        }
        None => return None,
    };
    let moves = near
        .legal_moves()
        .iter()
        .map(|m| near.full_move_text(m))
        .collect();
    Some((kind, super::naming::fen(&near), moves))
}

/// A position that shows the Turkish-strike rule, found by a fixed search: a king's capture
/// that would go on if captured pieces were taken off at once, or if a piece could be jumped
/// twice.
struct Turkish {
    fen: String,
    capture: String,
    removed_after: bool,
    jumps_twice: bool,
}

fn turkish_witness<R: Rules>() -> Option<Turkish> {
    let found = search::<R>(0x7475_726b, 4000, |p| {
        let legal = p.legal_moves();
        let most = legal.iter().map(|m| m.capture_count()).max()?;
        if most < 2 || !legal.iter().all(|m| m.is_king_move()) {
            return None;
        }
        let longer = wrong_captures(p, WrongRule::RemoveAtOnce)
            .into_iter()
            .any(|c| c.jumped.len() > most);
        longer.then_some(())
    })?;
    let p = found;
    let legal = p.legal_moves();
    let m = legal.iter().max_by_key(|m| m.capture_count())?;
    let most = m.capture_count();
    let twice: Vec<_> = wrong_captures(&p, WrongRule::JumpTwice)
        .into_iter()
        .filter(|c| c.jumped.len() > most)
        .collect();
    let jumps_twice = twice.iter().any(|c| p.parse_move(&c.text::<R>()).is_ok());
    Some(Turkish {
        fen: super::naming::fen(&p),
        capture: p.full_move_text(m),
        // The engine's capture stops where one with pieces taken off at once goes on.
        removed_after: true,
        jumps_twice,
    })
}

/// Whether a capture may cross an empty square twice: `Some(true)` when the engine plays such
/// a capture in some position of a fixed search, `None` when none turns up.
fn crosses_empty_twice<R: Rules>() -> Option<bool> {
    search::<R>(0x6372_6f73, 4000, |p| {
        p.legal_moves()
            .iter()
            .any(|m| {
                p.capture_routes(m).iter().any(|route| {
                    let squares = crossed(p, route);
                    squares.iter().collect::<BTreeSet<_>>().len() < squares.len()
                })
            })
            .then_some(())
    })
    .map(|_| true)
}

/// The first of `tries` positions (a white king against three to seven men, from a fixed seed)
/// for which `wanted` holds.
fn search<R: Rules>(
    seed: u64,
    tries: usize,
    wanted: impl Fn(&Position<R>) -> Option<()>,
) -> Option<Position<R>> {
    // A king stepping one square rarely meets its own route: searched less.
    let tries = if R::RULES.flying_kings {
        tries
    } else {
        tries / 8
    };
    search_in::<R>(seed, tries, &wanted)
}

fn search_in<R: Rules>(
    seed: u64,
    tries: usize,
    wanted: &impl Fn(&Position<R>) -> Option<()>,
) -> Option<Position<R>> {
    let board = R::RULES.board;
    let squares: Vec<Square> = board.squares().collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..tries {
        let mut setup = Setup::empty(Color::White);
        let mut used = BTreeSet::new();
        let king = squares[rng.gen_range(0..squares.len())];
        used.insert(king);
        setup.put(king.number().into(), Color::White, Role::King);
        let men = rng.gen_range(3..=7);
        let rows = 1..board.size() - 1;
        for _ in 0..men {
            let s = squares[rng.gen_range(0..squares.len())];
            if used.contains(&s) || !rows.contains(&board.row(s)) {
                continue;
            }
            used.insert(s);
            setup.put(s.number().into(), Color::Black, Role::Man);
        }
        let Ok(position) = Position::<R>::from_setup(&setup) else {
            continue;
        };
        if wanted(&position).is_some() {
            return Some(position);
        }
    }
    None
}

fn losing<R: Rules>() -> Option<Losing> {
    let size = R::RULES.board.size();
    let loses = |p: Option<Position<R>>| -> Option<bool> {
        Some(matches!(p?.outcome(), Some(Outcome::Win(Color::White))))
    };
    let white_man = (size - 3, 2, Color::White, Role::Man);
    Some(Losing {
        no_pieces: loses(place::<R>(Color::Black, &[white_man]))?,
        // Black's man next to its crowning row is blocked by two white men.
        no_moves: loses(place::<R>(
            Color::Black,
            &[
                (size - 2, 1, Color::Black, Role::Man),
                (size - 1, 0, Color::White, Role::Man),
                (size - 1, 2, Color::White, Role::Man),
            ],
        ))?,
        fewer: loses(place::<R>(
            Color::Black,
            &[
                white_man,
                (size - 3, 4, Color::White, Role::Man),
                (size - 2, 5, Color::White, Role::Man),
                (1, 2, Color::Black, Role::Man),
            ],
        ))?,
        no_king: loses(place::<R>(
            Color::Black,
            &[
                (size - 3, 4, Color::White, Role::King),
                (1, 2, Color::Black, Role::Man),
                (1, 4, Color::Black, Role::Man),
            ],
        ))?,
    })
}

fn draws<R: Rules>(board: Board) -> Draws {
    let bottom = geometry::row(board, board.size() - 1);
    let top = geometry::row(board, 0);
    let kings = |white: &[Square], black: &[Square]| -> Option<Position<R>> {
        let mut setup = Setup::empty(Color::White);
        for s in white {
            setup.put(s.number().into(), Color::White, Role::King);
        }
        for s in black {
            setup.put(s.number().into(), Color::Black, Role::King);
        }
        Position::from_setup(&setup).ok()
    };
    let last = bottom.len() - 1;
    let king_moves = kings(&[bottom[0], bottom[last]], &[top[0], top[last]])
        .and_then(|p| moves_until_draw(p, |r| matches!(r, DrawReason::KingMoves(_))));
    let endgame = |white: &[Square]| {
        kings(white, &[top[2]])
            .and_then(|p| moves_until_draw(p, |r| matches!(r, DrawReason::Endgame(_))))
    };
    Draws {
        king_moves,
        three_kings: endgame(&bottom[..3]),
        two_kings: endgame(&bottom[..2]),
        repetition: repetitions_until_draw::<R>(board),
    }
}

/// Plays quiet moves that never give a capture and never repeat a position, and counts the
/// moves each until the game is drawn for a reason that `reason` accepts.
fn moves_until_draw<R: Rules>(start: Position<R>, reason: fn(DrawReason) -> bool) -> Option<u32> {
    let mut game = Game::new(start);
    let mut seen = BTreeSet::new();
    seen.insert(game.position().hash_key());
    let safe = |position: &Position<R>, seen: &BTreeSet<u64>| -> Vec<Move<R>> {
        position
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let after = position.play_unchecked(m);
                !m.is_capture() && !after.has_capture() && !seen.contains(&after.hash_key())
            })
            .collect()
    };
    for ply in 1..=200u32 {
        let position = *game.position();
        let next = safe(&position, &seen).into_iter().find(|m| {
            let after = position.play_unchecked(m);
            let mut later = seen.clone();
            later.insert(after.hash_key());
            !safe(&after, &later).is_empty()
        })?;
        game.play(&next)?;
        seen.insert(game.position().hash_key());
        match game.end() {
            Some(GameEnd::Draw(r)) if reason(r) => return Some(ply / 2),
            Some(_) => return None,
            None => {}
        }
    }
    None
}

/// Moves two kings back and forth and counts how often the start position stands when the
/// game is drawn by repetition.
fn repetitions_until_draw<R: Rules>(board: Board) -> Option<u32> {
    let white = board.squares().last()?;
    let black = board.squares().next()?;
    let white_to = step(board, white, (-1, -1))?;
    let black_to = step(board, black, (1, 1))?;
    if on_one_diagonal(board, white, black) || on_one_diagonal(board, white_to, black_to) {
        return None;
    }
    let mut setup = Setup::empty(Color::White);
    setup.put(white.number().into(), Color::White, Role::King);
    setup.put(black.number().into(), Color::Black, Role::King);
    let start = Position::<R>::from_setup(&setup).ok()?;
    let mut game = Game::new(start);
    let shuttle = [
        (white, white_to),
        (black, black_to),
        (white_to, white),
        (black_to, black),
    ];
    let mut times = 1;
    for _ in 0..10 {
        for (from, to) in shuttle {
            let m = game
                .position()
                .legal_moves()
                .into_iter()
                .find(|m| m.from() == from && m.to() == to && !m.is_capture())?;
            game.play(&m)?;
            if *game.position() == start {
                times += 1;
            }
            if let Some(end) = game.end() {
                return (end == GameEnd::Draw(DrawReason::Repetition)).then_some(times);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Brazilian, English, International, Russian};

    #[test]
    fn international_facts_agree_with_the_rules() {
        let f = Facts::of::<International>();
        assert!(!f.man_quiet_backward && f.man_quiet_forward);
        assert!(f.man_captures_forward && f.man_captures_backward);
        assert_eq!(f.white_quiet_to_smaller, Some(true));
        assert_eq!(f.white_captures_to_smaller, None);
        assert!(!f.man_captures_on_edge && !f.adjacent_always && f.man_lands_behind);
        assert!(!f.jumps_own_pieces);
        assert_eq!(f.crosses_empty_twice, Some(true));
        assert_eq!(f.jumps_piece_twice, Some(false));
        assert_eq!(f.removed_after, Some(true));
        assert!(f.king_at_distance && f.king_lands_anywhere && f.king_flies);
        assert!(f.king_turns && f.king_captures_backward && f.capture_compulsory);
        assert_eq!(f.most_compulsory, Some(true));
        assert_eq!(f.king_counts_as, Some(1));
        assert_eq!(f.crossing, Some(Crossing::StaysMan));
        assert_eq!(f.first_to_move, Color::White);
        let losing = f.losing.unwrap();
        assert!(losing.no_pieces && losing.no_moves && !losing.fewer && !losing.no_king);
        assert_eq!(
            f.draws,
            Draws {
                king_moves: Some(25),
                three_kings: Some(16),
                two_kings: Some(5),
                repetition: Some(3)
            }
        );
    }

    #[test]
    fn the_eight_by_eight_games_differ_where_their_rules_do() {
        let brazilian = Facts::of::<Brazilian>();
        assert_eq!(brazilian.most_compulsory, Some(true));
        assert_eq!(brazilian.king_counts_as, Some(1));
        assert_eq!(brazilian.crossing, Some(Crossing::StaysMan));
        assert!(brazilian.king_flies && brazilian.man_captures_backward);
        assert_eq!(brazilian.draws.king_moves, Some(20));
        assert_eq!(brazilian.draws.three_kings, Some(16));
        assert_eq!(brazilian.removed_after, Some(true));

        let russian = Facts::of::<Russian>();
        assert_eq!(russian.most_compulsory, Some(false));
        assert_eq!(russian.king_counts_as, None);
        assert_eq!(russian.crossing, Some(Crossing::GoesOnAsKing));
        assert_eq!(russian.draws.king_moves, Some(15));
        assert_eq!(russian.draws.three_kings, Some(15));
        assert_eq!(russian.draws.two_kings, None);
        assert_eq!(russian.removed_after, Some(true));
        assert_eq!(russian.jumps_piece_twice, Some(false));
        assert_eq!(russian.crosses_empty_twice, Some(true));

        let english = Facts::of::<English>();
        assert_eq!(english.first_to_move, Color::Black);
        assert_eq!(english.most_compulsory, Some(false));
        assert!(!english.man_captures_backward && english.man_captures_forward);
        assert!(!english.king_flies && !english.king_at_distance && !english.king_lands_anywhere);
        assert!(english.king_captures_backward && english.king_turns);
        assert_eq!(english.crossing, Some(Crossing::Stops));
        assert_eq!(english.white_quiet_to_smaller, Some(true));
        assert_eq!(english.white_captures_to_smaller, Some(true));
        assert_eq!(english.draws.king_moves, Some(40));
        assert_eq!(english.draws.three_kings, None);
        assert_eq!(english.draws.repetition, Some(3));
    }
}
