//! Composing exercises to order: seeded candidate positions, each proven by the solver.
//!
//! Candidates come from three builders:
//! - **playouts** (shots, breakthroughs): a game from the initial position with random moves,
//!   mostly ones that leave nothing to capture, stopped at a random moment once the board has
//!   thinned to the number of pieces asked for - a structure play can reach;
//! - **Turkish strike frames**: a king and the route of a capture it could be forced into,
//!   the attacker's men laid along it, one of them ready to step in as the sacrifice and one
//!   waiting next to the route's end; then a few men of each side elsewhere;
//! - **king trap frames**: thin positions with men of the defender one or two rows from their
//!   promotion row and the attacker's men around.
//!
//! Each builder works on the board of the game asked for ([`ComposeOptions::variant`]): its
//! size, its men (20 or 12 a side), its crowning rows, and its rules for moves and captures
//! (english men step and capture forwards only; a king trap is sent to the defender's crowning
//! row, whichever board it is).
//!
//! Candidate `i` draws from a ChaCha8 generator seeded with the run's seed on stream `i`, and
//! every search ends on a node budget, never on a clock. Candidates are handed to the cores in
//! batches, and their results are taken in index order, so the same seed and options give the
//! same set, whatever the number of cores.

use super::{canonical, has_sacrifice, looks_like_play, prove, Game, Proof, Proven, Stop, Target};
use crate::setup::Setup;
use crate::solver::{self, Solver};
use crate::square::{Color, Role, Square};
use crate::{with_variant, Board, Variant};
use damtutor_rules::{MoveList, Position, Rules};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::HashSet;
use std::ops::RangeInclusive;
use std::time::{Duration, Instant};

/// What to compose.
#[derive(Clone, Debug)]
pub struct ComposeOptions {
    /// The game: its board, men and rules.
    pub variant: Variant,
    /// The motif asked for.
    pub target: Target,
    /// How many exercises.
    pub count: usize,
    /// The seed of every candidate's random generator.
    pub seed: u64,
    /// Pieces on the board, both sides together.
    pub pieces: RangeInclusive<u32>,
    /// The side to move (the solving side); either when `None`.
    pub side: Option<Color>,
    /// The solver's budgets and what a kept exercise must satisfy.
    pub proof: Proof,
}

impl ComposeOptions {
    /// Options for `count` international exercises of `target` from `seed`, with the
    /// defaults of [`default_pieces`] and [`default_plies`]; [`in_game`](Self::in_game) for
    /// another game.
    pub fn new(target: Target, count: usize, seed: u64) -> ComposeOptions {
        ComposeOptions {
            variant: Variant::International,
            target,
            count,
            seed,
            pieces: default_pieces(Variant::International, target),
            side: None,
            proof: Proof {
                plies: default_plies(target),
                horizon: *default_plies(target).end(),
                ..Proof::default()
            },
        }
    }
}

impl ComposeOptions {
    /// The same options for the game `variant`, with its default number of pieces.
    pub fn in_game(mut self, variant: Variant) -> ComposeOptions {
        self.variant = variant;
        self.pieces = default_pieces(variant, self.target);
        self
    }
}

/// The number of pieces (both sides) a target's positions have unless asked otherwise, on the
/// board of `variant`.
pub fn default_pieces(variant: Variant, target: Target) -> RangeInclusive<u32> {
    match (variant.board(), target) {
        (Board::TenByTen, Target::TurkishStrike) => 5..=16,
        (Board::TenByTen, Target::Breakthrough) => 6..=20,
        (Board::TenByTen, Target::KingTrap) => 6..=16,
        (Board::TenByTen, Target::Shot) => 14..=34,
        (Board::TenByTen, Target::Any) => 6..=34,
        (Board::EightByEight, Target::TurkishStrike) => 4..=12,
        (Board::EightByEight, Target::Breakthrough) => 5..=14,
        (Board::EightByEight, Target::KingTrap) => 5..=12,
        (Board::EightByEight, Target::Shot) => 10..=20,
        (Board::EightByEight, Target::Any) => 5..=20,
    }
}

/// The numbers of pieces the positions of `target` can have on the board of `variant`: a
/// `--pieces` range must meet it (a Turkish strike frame on 10x10 lays out 5 to 16 pieces).
///
/// ```
/// use damtutor::generate::compose::piece_range;
/// use damtutor::generate::Target;
/// use damtutor::Variant;
/// assert_eq!(piece_range(Variant::International, Target::TurkishStrike), 5..=16);
/// assert_eq!(piece_range(Variant::Brazilian, Target::KingTrap), 5..=14);
/// assert_eq!(piece_range(Variant::International, Target::Shot), 2..=40);
/// ```
pub fn piece_range(variant: Variant, target: Target) -> RangeInclusive<u32> {
    let men = u32::from(variant.rules().men);
    match (variant.board(), target) {
        (Board::TenByTen, Target::TurkishStrike) => 5..=16,
        (Board::EightByEight, Target::TurkishStrike) => 4..=12,
        (_, Target::KingTrap) => 5..=men * 6 / 5,
        (_, Target::Shot | Target::Breakthrough | Target::Any) => 2..=2 * men,
    }
}

/// The most pieces the board of `variant` holds: both sides' men at the start (40 or 24).
pub fn most_pieces(variant: Variant) -> u32 {
    2 * u32::from(variant.rules().men)
}

/// The length of the main line, in plies, unless asked otherwise.
pub fn default_plies(target: Target) -> RangeInclusive<u32> {
    match target {
        Target::Breakthrough => 2..=11,
        _ => 3..=11,
    }
}

/// One composed exercise: the candidate it came from and its proof.
#[derive(Clone, Debug)]
pub struct Composed {
    /// The candidate's index in the run (its random stream).
    pub index: u64,
    /// The goal and solution.
    pub proven: Proven,
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct ComposeReport {
    /// The exercises, in candidate order.
    pub exercises: Vec<Composed>,
    /// Candidates built and examined.
    pub candidates: u64,
    /// Candidates proven sound, before duplicates were dropped.
    pub proven: u64,
    /// Proven candidates dropped as the same position as an earlier one, or its mirror.
    pub duplicates: u64,
    /// Whether the run stopped on its deadline or stop flag before the count was reached.
    pub stopped: bool,
    /// The time the run took.
    pub elapsed: Duration,
}

/// Candidates per core in a batch: large enough to keep the cores busy, small enough to stop
/// soon after the count is reached or the deadline passes.
const BATCH_PER_THREAD: u64 = 16;

/// Composes `options.count` exercises of `options.variant`, in parallel, until done or `stop`
/// is reached - give it a deadline: a request nothing satisfies would otherwise run on.
/// `progress` is called after every batch with the report so far (to draw a progress bar, or
/// to save what was found).
pub fn compose(
    options: &ComposeOptions,
    stop: &Stop,
    progress: impl FnMut(&ComposeReport),
) -> ComposeReport {
    with_variant!(options.variant, R => compose_in::<R>(options, stop, progress))
}

/// [`compose`] in the game `R`.
fn compose_in<R: Game>(
    options: &ComposeOptions,
    stop: &Stop,
    mut progress: impl FnMut(&ComposeReport),
) -> ComposeReport {
    let started = Instant::now();
    let mut report = ComposeReport::default();
    let mut seen = HashSet::new();
    let batch = BATCH_PER_THREAD * rayon::current_num_threads().max(1) as u64;
    let mut next = 0u64;
    while report.exercises.len() < options.count {
        if stop.reached() {
            report.stopped = true;
            break;
        }
        let results: Vec<(bool, Option<Proven>)> = (next..next + batch)
            .into_par_iter()
            .map(|index| {
                if stop.reached() {
                    return (false, None);
                }
                (
                    true,
                    solver::with_thread_solver(|s: &mut Solver<R>| examine(s, options, index)),
                )
            })
            .collect();
        for (offset, (examined, proven)) in results.into_iter().enumerate() {
            report.candidates += examined as u64;
            let Some(proven) = proven else { continue };
            report.proven += 1;
            if !seen.insert(canonical(&proven.solution.position())) {
                report.duplicates += 1;
                continue;
            }
            if report.exercises.len() < options.count {
                report.exercises.push(Composed {
                    index: next + offset as u64,
                    proven,
                });
            }
        }
        next += batch;
        report.elapsed = started.elapsed();
        progress(&report);
    }
    report.elapsed = started.elapsed();
    report
}

/// Builds candidate `index` and proves it from an empty table (so that the outcome depends on
/// the options and `index` alone, whichever thread examines it); `None` when it is not kept.
pub fn examine<R: Game>(
    solver: &mut Solver<R>,
    options: &ComposeOptions,
    index: u64,
) -> Option<Proven> {
    let position = candidate::<R>(options, index)?;
    solver.clear_table();
    prove(solver, &position, options.target, &options.proof)
}

/// Candidate `index` of a run, in the game `R`: a position that looks like play, with the
/// pieces and side to move asked for, and (for the targets that need one) a sacrifice to play.
/// `None` when the draw gave nothing usable.
pub fn candidate<R: Rules>(options: &ComposeOptions, index: u64) -> Option<Position<R>> {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    rng.set_stream(index);
    let builder = match options.target {
        Target::Any => [
            Builder::Playout,
            Builder::Endgame,
            Builder::Turkish,
            Builder::KingTrap,
        ][(index % 4) as usize],
        Target::Shot => Builder::Playout,
        Target::Breakthrough => Builder::Endgame,
        Target::TurkishStrike => Builder::Turkish,
        Target::KingTrap => Builder::KingTrap,
    };
    let position = match builder {
        Builder::Playout | Builder::Endgame => playout::<R>(&mut rng, &options.pieces, builder)?,
        Builder::Turkish => turkish_frame::<R>(&mut rng, &options.pieces)?,
        Builder::KingTrap => king_trap_frame::<R>(&mut rng, &options.pieces)?,
    };
    let position = match options.side {
        Some(side) if side != position.turn() => position.mirrored(),
        None if builder.composed() && rng.gen_bool(0.5) => position.mirrored(),
        _ => position,
    };
    let pieces = position.occupied().count() as u32;
    if !options.pieces.contains(&pieces) || !looks_like_play(&position) {
        return None;
    }
    if options.target != Target::Breakthrough
        && options.target != Target::Any
        && !has_sacrifice(&position)
    {
        return None;
    }
    Some(position)
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Builder {
    /// Play from the start into the middle game.
    Playout,
    /// Play from the start, a little more carefully, into the ending.
    Endgame,
    Turkish,
    KingTrap,
}

impl Builder {
    /// Whether the builder lays pieces out itself (always White to move); playouts have
    /// either side to move already.
    fn composed(self) -> bool {
        matches!(self, Builder::Turkish | Builder::KingTrap)
    }
}

/// A random game from the initial position, stopped at a quiet moment once the number of
/// pieces has fallen to a random number of `pieces`. Most moves are chosen among those that
/// leave the opponent nothing to capture (more of them in the ending, where a careless move
/// gives away the game at once).
fn playout<R: Rules>(
    rng: &mut ChaCha8Rng,
    pieces: &RangeInclusive<u32>,
    builder: Builder,
) -> Option<Position<R>> {
    let most = 2 * u32::from(R::RULES.men);
    let low = (*pieces.start()).clamp(2, most);
    let high = (*pieces.end()).clamp(low, most);
    let wanted = rng.gen_range(low..=high);
    let careful = if builder == Builder::Endgame {
        0.9
    } else {
        0.8
    };
    let mut position = Position::<R>::initial();
    let mut extra: Option<u32> = None;
    for _ in 0..300 {
        let count = position.occupied().count() as u32;
        if count < low {
            return None;
        }
        if count <= wanted {
            let left = extra.get_or_insert_with(|| rng.gen_range(0..=4));
            if *left == 0 && !position.has_capture() {
                return Some(position);
            }
            *left = left.saturating_sub(1);
        }
        let mut moves = MoveList::new();
        position.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let chosen = if rng.gen_bool(careful) {
            let safe: Vec<_> = moves
                .iter()
                .filter(|m| !position.play_unchecked(m).has_capture())
                .collect();
            safe.choose(rng).copied()
        } else {
            None
        };
        let chosen = match chosen {
            Some(m) => *m,
            None => moves[rng.gen_range(0..moves.len())],
        };
        position = position.play_unchecked(&chosen);
    }
    None
}

/// The four diagonal steps as (row, column) changes.
const STEPS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The square one diagonal step from `square` on `board`, if on the board.
fn step(board: Board, square: Square, (rows, columns): (i8, i8)) -> Option<Square> {
    let (row, column) = board.coords(square);
    let row = row as i8 + rows;
    let column = column as i8 + columns;
    let size = board.size() as i8;
    if !(0..size).contains(&row) || !(0..size).contains(&column) {
        return None;
    }
    board.at(row as u8, column as u8)
}

/// A board being laid out: pieces, and squares that must stay empty.
struct Layout<R: Rules> {
    setup: Setup,
    taken: [bool; 51],
    keep_empty: [bool; 51],
    rules: std::marker::PhantomData<R>,
}

impl<R: Rules> Layout<R> {
    fn new() -> Layout<R> {
        Layout {
            setup: Setup::empty(Color::White),
            taken: [false; 51],
            keep_empty: [false; 51],
            rules: std::marker::PhantomData,
        }
    }

    fn board() -> Board {
        R::RULES.board
    }

    fn free(&self, square: Square) -> bool {
        let n = square.number() as usize;
        !self.taken[n] && !self.keep_empty[n]
    }

    fn put(&mut self, square: Square, color: Color, role: Role) {
        self.taken[square.number() as usize] = true;
        self.setup.put(square.number() as u32, color, role);
    }

    /// Puts up to `count` pieces on free squares of rows `rows`, at random.
    fn scatter(
        &mut self,
        rng: &mut ChaCha8Rng,
        count: u32,
        color: Color,
        rows: RangeInclusive<u8>,
    ) {
        let board = Self::board();
        let last = board.size() - 1;
        let mut free: Vec<Square> = board
            .squares()
            .filter(|s| rows.contains(&board.row(*s)) && self.free(*s))
            .filter(|s| match color {
                Color::White => board.row(*s) > 0,
                Color::Black => board.row(*s) < last,
            })
            .collect();
        free.shuffle(rng);
        for square in free.into_iter().take(count as usize) {
            self.put(square, color, Role::Man);
        }
    }

    /// Puts up to `count` pieces on free squares of `squares` within rows `rows`, at random.
    fn scatter_on(
        &mut self,
        rng: &mut ChaCha8Rng,
        count: u32,
        color: Color,
        squares: &[Square],
        rows: RangeInclusive<u8>,
    ) {
        let board = Self::board();
        let mut free: Vec<Square> = squares
            .iter()
            .copied()
            .filter(|s| rows.contains(&board.row(*s)) && self.free(*s))
            .collect();
        free.shuffle(rng);
        for square in free.into_iter().take(count as usize) {
            self.put(square, color, Role::Man);
        }
    }

    fn position(&self) -> Option<Position<R>> {
        Position::from_setup(&self.setup).ok()
    }
}

/// Attempts at a frame before a candidate is given up.
const FRAME_ATTEMPTS: u32 = 400;

/// A Turkish strike frame, White to move against a black king: a black king, white men laid
/// mostly on the king's diagonals and next to them, a few black men at home, near balance -
/// kept once a white sacrifice forces the king into a capture that stops short on a square
/// where a white man takes it ([`turkish_ready`]). The solver decides the rest.
///
/// On 10x10: 5 to 16 pieces, white men on rows 2-9 (from the top), black men on rows 0-5; on
/// 8x8: 4 to 12 pieces, rows 2-7 and 0-4.
fn turkish_frame<R: Rules>(
    rng: &mut ChaCha8Rng,
    pieces: &RangeInclusive<u32>,
) -> Option<Position<R>> {
    let board = R::RULES.board;
    let (size, half) = (board.size(), board.size() / 2);
    let (fewest, most) = match board {
        Board::TenByTen => (5, 16),
        Board::EightByEight => (4, 12),
    };
    let low = (*pieces.start()).max(fewest);
    if low > most {
        return None;
    }
    let high = (*pieces.end()).clamp(low, most);
    for _ in 0..FRAME_ATTEMPTS {
        let mut layout = Layout::<R>::new();
        let king = board.square(rng.gen_range(1..=board.square_count()))?;
        layout.put(king, Color::Black, Role::King);
        let total = rng.gen_range(low..=high);
        // White's value is the king's (3) and the black men's, within two men.
        let white = (total as i32 + 2 + rng.gen_range(-1..=1)) / 2;
        let white = white.clamp(3, total as i32 - 1) as u32;
        let black_men = total - 1 - white;
        // Most white men near the king's diagonals: where a capture route can run.
        let lines = diagonal_neighbourhood(board, king);
        let near = (white * 3 / 4).max(3).min(white);
        layout.scatter_on(rng, near, Color::White, &lines, 2..=size - 1);
        layout.scatter(rng, white - near, Color::White, half..=size - 1);
        layout.scatter(rng, black_men, Color::Black, 0..=half);
        let Some(position) = layout.position() else {
            continue;
        };
        if turkish_ready(&position) {
            return Some(position);
        }
    }
    None
}

/// The squares on the diagonals through `square` and one step beside them.
fn diagonal_neighbourhood(board: Board, square: Square) -> Vec<Square> {
    let mut on_lines = Vec::new();
    for d in STEPS {
        let mut s = square;
        while let Some(next) = step(board, s, d) {
            on_lines.push(next);
            s = next;
        }
    }
    let mut near = on_lines.clone();
    for s in &on_lines {
        near.extend(STEPS.iter().filter_map(|d| step(board, *s, *d)));
    }
    near.sort();
    near.dedup();
    near.retain(|s| *s != square);
    near
}

/// Whether the side to move has a quiet move after which the opponent must capture with a
/// piece that stops short - it could go on if the pieces it took were gone - on a square where
/// it is taken at once, for a net gain: the first three plies of a Turkish strike.
pub fn turkish_ready<R: Rules>(position: &Position<R>) -> bool {
    if position.has_capture() {
        return false;
    }
    let side = position.turn();
    let start = crate::solver::balance(position, side);
    position.with_legal_moves(|moves| {
        moves.iter().any(|m| {
            let after = position.play_unchecked(m);
            if !after.has_capture() {
                return false;
            }
            after.with_legal_moves(|replies| {
                replies.len() <= 2
                    && replies.iter().any(|capture| {
                        let next = after.play_unchecked(capture);
                        let stops = next.with_turn(after.turn()).with_legal_moves(|again| {
                            again
                                .iter()
                                .any(|again| again.is_capture() && again.from() == capture.to())
                        });
                        stops
                            && next.with_legal_moves(|takes| {
                                takes.iter().any(|r| {
                                    r.captured().contains(capture.to())
                                        && crate::solver::balance(&next.play_unchecked(r), side)
                                            > start
                                })
                            })
                    })
            })
        })
    })
}

/// A king trap frame, White to move: a black man two rows from its promotion row and a white
/// man that can step in front of it to be taken (the capture crowns it), more black men at
/// home, white men in their own half, near equal numbers - kept once the new king can be caught
/// ([`king_trap_ready`]). The solver decides the rest.
///
/// On 10x10: 5 to 24 pieces, the runner on row 7 (from the top), white men on rows 4-9, black
/// men on rows 0-6; on 8x8: 5 to 14 pieces, row 5, rows 3-7 and 0-4.
fn king_trap_frame<R: Rules>(
    rng: &mut ChaCha8Rng,
    pieces: &RangeInclusive<u32>,
) -> Option<Position<R>> {
    let board = R::RULES.board;
    let (size, row_squares) = (board.size(), board.row_squares());
    let most = u32::from(R::RULES.men) * 6 / 5;
    let low = (*pieces.start()).max(5);
    if low > most {
        return None;
    }
    let high = (*pieces.end()).clamp(low, most);
    // The runner's row: two rows before Black's crowning row.
    let runners = (size - 3) * row_squares + 1..=(size - 2) * row_squares;
    for _ in 0..FRAME_ATTEMPTS {
        let mut layout = Layout::<R>::new();
        let total = rng.gen_range(low..=high);
        // The runner, the white man on the last row below it, the crowning square free.
        let runner = board.square(rng.gen_range(runners.clone()))?;
        let side = *[-1i8, 1].choose(rng)?;
        let (Some(sender), Some(crown)) = (
            step(board, runner, (2, 0)),
            step(board, runner, (2, 2 * side)),
        ) else {
            continue;
        };
        layout.put(runner, Color::Black, Role::Man);
        layout.put(sender, Color::White, Role::Man);
        layout.keep_empty[crown.number() as usize] = true;
        if let Some(target) = step(board, runner, (1, side)) {
            layout.keep_empty[target.number() as usize] = true;
        }
        let black = total / 2;
        let white = total - black;
        layout.scatter(rng, white - 1, Color::White, size / 2 - 1..=size - 1);
        layout.scatter(rng, black - 1, Color::Black, 0..=size - 4);
        let Some(position) = layout.position() else {
            continue;
        };
        if king_trap_ready(&position) {
            return Some(position);
        }
    }
    None
}

/// Whether the side to move can send a man of the opponent to king and catch the king: a quiet
/// move forces a capture that crowns, and the new king is taken at once, or after a second
/// quiet move that forces it to capture onto a square where it is taken - for a net gain.
pub fn king_trap_ready<R: Rules>(position: &Position<R>) -> bool {
    if position.has_capture() {
        return false;
    }
    let side = position.turn();
    let start = crate::solver::balance(position, side);
    // Whether the side to move in `p` takes the piece on `square` and ends ahead of `start`.
    let takes = |p: &Position<R>, square: Square| {
        p.with_legal_moves(|moves| {
            moves.iter().any(|r| {
                r.captured().contains(square)
                    && crate::solver::balance(&p.play_unchecked(r), side) > start
            })
        })
    };
    position.with_legal_moves(|moves| {
        moves.iter().any(|m| {
            let after = position.play_unchecked(m);
            if !after.has_capture() {
                return false;
            }
            after.with_legal_moves(|crowns| {
                crowns.iter().any(|crown| {
                    if !crown.promotes() {
                        return false;
                    }
                    let crowned = after.play_unchecked(crown);
                    let king = crown.to();
                    if takes(&crowned, king) {
                        return true;
                    }
                    crowned.with_legal_moves(|sends| {
                        sends.iter().any(|w| {
                            let sent = crowned.play_unchecked(w);
                            !w.is_capture()
                                && sent.has_capture()
                                && sent.with_legal_moves(|replies| {
                                    replies.iter().all(|c| c.from() == king)
                                        && replies
                                            .iter()
                                            .all(|c| takes(&sent.play_unchecked(c), c.to()))
                                })
                        })
                    })
                })
            })
        })
    })
}
