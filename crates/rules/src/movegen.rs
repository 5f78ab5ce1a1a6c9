//! Move generation (FMJD articles 3 and 4, and the differences of the 8x8 games).
//!
//! Captures come first: if the side to move can capture, it must. Under the maximum-capture rule
//! (international, brazilian) only the captures that take the most pieces are legal (4.13, a
//! king counting one); without it (russian, english) any capture is, but a capture once begun
//! is completed. A capture is searched square by square with the captured pieces left on the
//! board until it ends (4.11): they block, and cannot be jumped twice. The capturing piece's
//! start square counts as empty. Crowning follows the game's [`Crowning`] rule. Routes with the
//! same start, end and captured set are one move.
//!
//! Flying kings look along their diagonals through the board's ray table: the first occupied
//! square of a ray is its lowest or highest bit, so a king's reach costs a few instructions
//! whatever the distance. When only existence or a count matters (capture detection, bulk
//! counting), the rays of all kings are grown together, one step per round. Everything is
//! generic over the [`Rules`], so each game gets its own monomorphic code with the rules as
//! constants.

use crate::board::{Direction, Padded};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{Crowning, Rules};
use crate::square::Color;
use std::marker::PhantomData;

/// All four directions as a set.
const ALL_DIRECTIONS: u8 = 0b1111;

/// The square of `bits` (not empty) met first when walking along `dir`: up the board the bit
/// numbers fall, down the board they rise.
#[inline(always)]
fn nearest(dir: Direction, bits: u64) -> u64 {
    if dir.is_up() {
        1 << (63 - bits.leading_zeros())
    } else {
        bits & bits.wrapping_neg()
    }
}

/// The empty squares seen from the square `bit` along `dir`, up to the first square that is not
/// in `empty`, and that square (0 at the edge).
#[inline(always)]
fn open_ray<G: Padded>(dir: Direction, bit: u32, empty: u64) -> (u64, u64) {
    let ray = G::ray(dir, bit);
    let blockers = ray & !empty;
    if blockers == 0 {
        return (ray, 0);
    }
    let blocker = nearest(dir, blockers);
    (
        ray & !(G::ray(dir, blocker.trailing_zeros()) | blocker),
        blocker,
    )
}

/// The directions in which the men of `turn` capture: all four, or forwards only.
#[inline(always)]
const fn man_capture_directions<R: Rules>(turn: Color) -> u8 {
    if R::RULES.men_capture_backwards {
        ALL_DIRECTIONS
    } else {
        match turn {
            Color::White => Direction::UpLeft.bit() | Direction::UpRight.bit(),
            Color::Black => Direction::DownLeft.bit() | Direction::DownRight.bit(),
        }
    }
}

/// Where a piece on `at` lands jumping an adjacent one of `targets` in direction `dir` onto an
/// `empty` square (nothing when it cannot).
#[inline(always)]
fn short_jumps<G: Padded>(dir: Direction, at: u64, targets: u64, empty: u64) -> u64 {
    G::step(dir, G::step(dir, at) & targets) & empty
}

/// Whether a piece on `at` can jump an adjacent one of `targets` in one of the directions of
/// `directions`.
#[inline(always)]
fn short_can_jump<G: Padded>(directions: u8, at: u64, targets: u64, empty: u64) -> bool {
    let jumps = |dir: Direction| {
        if directions & dir.bit() != 0 {
            short_jumps::<G>(dir, at, targets, empty)
        } else {
            0
        }
    };
    jumps(Direction::UpLeft)
        | jumps(Direction::UpRight)
        | jumps(Direction::DownLeft)
        | jumps(Direction::DownRight)
        != 0
}

/// The fixed context of one capture search.
struct CaptureSearch<'a, R: Rules> {
    list: &'a mut MoveList<R>,
    /// Pieces that may be captured (the opponent's).
    opp: u64,
    /// Empty squares, the capturing piece's start square included.
    empty: u64,
    from: u8,
    /// Whether the capturing piece was a king when the move began.
    king: bool,
    /// Whether a man was crowned during this capture (Russian rules) and goes on as a king.
    crowned: bool,
    /// The crowning row of the side to move.
    promotion: u64,
    /// The directions in which a man captures.
    man_directions: u8,
    /// The capture count of the moves in `list`.
    best: u32,
    /// Whether only the captures taking the most pieces are kept (false: every finished capture).
    majority: bool,
}

impl<R: Rules> CaptureSearch<'_, R> {
    #[inline]
    fn record(&mut self, to: u32, captured: u64) {
        let count = captured.count_ones();
        if self.majority {
            if count < self.best {
                return;
            }
            if count > self.best {
                self.list.clear();
                self.best = count;
            }
        }
        let to = to as u8;
        // Different routes to the same move need at least three captures; look only then.
        if (count >= 3 || !self.majority)
            && self
                .list
                .iter()
                .any(|m| m.from == self.from && m.to == to && m.captured == captured)
        {
            return;
        }
        self.list.push(Move {
            captured,
            from: self.from,
            to,
            king: self.king,
            promotes: !self.king && (self.crowned || (1u64 << to) & self.promotion != 0),
            rules: PhantomData,
        });
    }

    /// A piece that captures one square at a time (a man, or an English king) on `at`, jumping
    /// in the directions of `directions`, that has captured `captured` so far (and can jump
    /// again, unless it is the start of the capture).
    fn short(&mut self, at: u64, captured: u64, directions: u8) {
        // In the games where men capture backwards every short piece jumps in all four
        // directions: a constant, so that the tests below vanish from the compiled code.
        let directions = if R::RULES.men_capture_backwards {
            ALL_DIRECTIONS
        } else {
            directions
        };
        let targets = self.opp & !captured;
        // Four explicit calls rather than a loop: each direction's shifts stay constants.
        let up_left = directions & Direction::UpLeft.bit() != 0
            && self.short_jump(Direction::UpLeft, at, captured, targets, directions);
        let up_right = directions & Direction::UpRight.bit() != 0
            && self.short_jump(Direction::UpRight, at, captured, targets, directions);
        let down_left = directions & Direction::DownLeft.bit() != 0
            && self.short_jump(Direction::DownLeft, at, captured, targets, directions);
        let down_right = directions & Direction::DownRight.bit() != 0
            && self.short_jump(Direction::DownRight, at, captured, targets, directions);
        if !(up_left || up_right || down_left || down_right) && captured != 0 {
            self.record(at.trailing_zeros(), captured);
        }
    }

    /// The jump of a short-range piece on `at` in direction `dir`, and all that follows it;
    /// whether there was one. A landing square with no jump onward ends the capture without
    /// another call.
    #[inline(always)]
    fn short_jump(
        &mut self,
        dir: Direction,
        at: u64,
        captured: u64,
        targets: u64,
        directions: u8,
    ) -> bool {
        let victim = R::Geometry::step(dir, at) & targets;
        let landing = R::Geometry::step(dir, victim) & self.empty;
        if landing == 0 {
            return false;
        }
        let captured = captured | victim;
        if !self.king && !self.crowned && landing & self.promotion != 0 {
            match R::RULES.crowning {
                Crowning::EndOfMove => {}
                Crowning::DuringCaptureStop => {
                    self.record(landing.trailing_zeros(), captured);
                    return true;
                }
                Crowning::DuringCaptureContinue => {
                    // Crowned at once, the new king goes on capturing.
                    self.crowned = true;
                    self.flying(landing.trailing_zeros(), captured, ALL_DIRECTIONS, false);
                    self.crowned = false;
                    return true;
                }
            }
        }
        if short_can_jump::<R::Geometry>(directions, landing, targets & !victim, self.empty) {
            self.short(landing, captured, directions);
        } else {
            self.record(landing.trailing_zeros(), captured);
        }
        true
    }

    /// A flying king on the square `at` (a bit number) that has captured `captured` so far and
    /// may look in the directions of `allowed`. Unless `must_jump`, a capture that cannot go on
    /// from here ends here; with `must_jump` (another landing square of the same jump lets the
    /// capture go on, so the king must not stop here) it is dropped.
    fn flying(&mut self, at: u32, captured: u64, allowed: u8, must_jump: bool) {
        let up_left = self.flying_jump(Direction::UpLeft, at, captured, allowed);
        let up_right = self.flying_jump(Direction::UpRight, at, captured, allowed);
        let down_left = self.flying_jump(Direction::DownLeft, at, captured, allowed);
        let down_right = self.flying_jump(Direction::DownRight, at, captured, allowed);
        if !(up_left || up_right || down_left || down_right) && captured != 0 && !must_jump {
            self.record(at, captured);
        }
    }

    /// The jumps of a flying king on `at` in direction `dir` (one per landing square), and all
    /// that follows them; whether there were any. When the capture can go on from some landing
    /// square, it must: the king may not stop on another one (FMJD 4.12; the same in russian
    /// draughts, where the longest capture is not compulsory but a capture is completed). From a
    /// landing square the king does not look back (the piece it just jumped blocks), and it goes
    /// on in the same direction only from the last landing square, since the earlier ones would
    /// reach the same piece.
    #[inline(always)]
    fn flying_jump(&mut self, dir: Direction, at: u32, captured: u64, allowed: u8) -> bool {
        if allowed & dir.bit() == 0 {
            return false;
        }
        let (_, victim) = open_ray::<R::Geometry>(dir, at, self.empty);
        if victim & self.opp & !captured == 0 {
            return false;
        }
        let (mut landings, stop) =
            open_ray::<R::Geometry>(dir, victim.trailing_zeros(), self.empty);
        if landings == 0 {
            return false;
        }
        let captured = captured | victim;
        if !self.king_can_go_on(dir, landings, stop, captured) {
            while landings != 0 {
                let landing = nearest(dir, landings);
                landings ^= landing;
                self.record(landing.trailing_zeros(), captured);
            }
            return true;
        }
        let onward = ALL_DIRECTIONS & !dir.reverse().bit();
        let sideways = onward & !dir.bit();
        while landings != 0 {
            let landing = nearest(dir, landings);
            landings ^= landing;
            let allowed = if landings == 0 { onward } else { sideways };
            self.flying(landing.trailing_zeros(), captured, allowed, true);
        }
        true
    }

    /// Whether a king that has jumped along `dir` onto one of `landings` (the square beyond them
    /// being `stop`, 0 at the edge) can jump again: sideways from any landing square, or onward
    /// from the last one. All landing squares are looked at together.
    #[inline(always)]
    fn king_can_go_on(&self, dir: Direction, landings: u64, stop: u64, captured: u64) -> bool {
        let targets = self.opp & !captured;
        if R::Geometry::step(dir, stop & targets) & self.empty != 0 {
            return true;
        }
        let (left, right) = match dir {
            Direction::UpLeft | Direction::DownRight => (Direction::UpRight, Direction::DownLeft),
            Direction::UpRight | Direction::DownLeft => (Direction::UpLeft, Direction::DownRight),
        };
        kings_capture_along::<R::Geometry>(left, landings, targets, self.empty)
            || kings_capture_along::<R::Geometry>(right, landings, targets, self.empty)
    }
}

/// Whether one of the flying `kings` can jump a piece of `targets` along `dir`, over `empty`
/// squares.
#[inline(always)]
fn kings_capture_along<G: Padded>(dir: Direction, kings: u64, targets: u64, empty: u64) -> bool {
    let mut front = G::step(dir, kings);
    let mut ends = front;
    let mut open = front & empty;
    while open != 0 {
        front = G::step(dir, open);
        ends |= front;
        open = front & empty;
    }
    G::step(dir, ends & targets) & empty != 0
}

/// What the kings of the side to move can do, found for all of them at once.
struct KingScan {
    /// Whether some king can capture.
    capture: bool,
    /// How many quiet moves the kings have (meaningful only without a capture).
    quiet: u32,
}

/// Grows the rays of all `kings` along `dir` over `empty` (one step only for short kings): the
/// number of empty squares reached, and whether a piece of `opp` with an empty square behind it
/// ends one of the rays.
#[inline(always)]
fn scan_kings_along<R: Rules>(dir: Direction, kings: u64, opp: u64, empty: u64) -> (u32, bool) {
    type G<R> = <R as Rules>::Geometry;
    let mut front = G::<R>::step(dir, kings);
    let mut open = front & empty;
    let mut ends = front;
    let mut reached = open;
    if R::RULES.flying_kings {
        // Rays of different kings along one direction never share a square.
        while open != 0 {
            front = G::<R>::step(dir, open);
            open = front & empty;
            ends |= front;
            reached |= open;
        }
    }
    (
        reached.count_ones(),
        G::<R>::step(dir, ends & opp) & empty != 0,
    )
}

/// Grows the rays of all `kings` over `empty`, direction by direction.
#[inline(always)]
fn scan_kings<R: Rules>(kings: u64, opp: u64, empty: u64) -> KingScan {
    let (up_left, a) = scan_kings_along::<R>(Direction::UpLeft, kings, opp, empty);
    let (up_right, b) = scan_kings_along::<R>(Direction::UpRight, kings, opp, empty);
    let (down_left, c) = scan_kings_along::<R>(Direction::DownLeft, kings, opp, empty);
    let (down_right, d) = scan_kings_along::<R>(Direction::DownRight, kings, opp, empty);
    KingScan {
        capture: a || b || c || d,
        quiet: up_left + up_right + down_left + down_right,
    }
}

/// The kings among `kings` that can capture along `dir`: walking back from each piece of `opp`
/// with an empty square behind it, over empty squares (flying kings only), to the first piece.
#[inline(always)]
fn king_capturers_along<R: Rules>(dir: Direction, kings: u64, opp: u64, empty: u64) -> u64 {
    type G<R> = <R as Rules>::Geometry;
    let back = dir.reverse();
    let mut front = G::<R>::step(back, opp & G::<R>::step(back, empty));
    let mut capturers = front & kings;
    if R::RULES.flying_kings {
        let mut open = front & empty;
        while open != 0 {
            front = G::<R>::step(back, open);
            capturers |= front & kings;
            open = front & empty;
        }
    }
    capturers
}

/// The kings among `kings` that can capture a piece of `opp`.
#[inline(always)]
fn king_capturers<R: Rules>(kings: u64, opp: u64, empty: u64) -> u64 {
    king_capturers_along::<R>(Direction::UpLeft, kings, opp, empty)
        | king_capturers_along::<R>(Direction::UpRight, kings, opp, empty)
        | king_capturers_along::<R>(Direction::DownLeft, kings, opp, empty)
        | king_capturers_along::<R>(Direction::DownRight, kings, opp, empty)
}

/// Whether the pieces `own` of `color` (its kings those among `kings`) can capture a piece of
/// `opp` over `empty` squares: [`Position::has_capture`], and
/// [`Position::gives_capture`] on the bitboards a move will leave.
#[inline(always)]
fn can_capture<R: Rules>(color: Color, own: u64, opp: u64, kings: u64, empty: u64) -> bool {
    let men = own & !kings;
    let jumps =
        ManJumps::find::<R::Geometry>(men, opp, empty, man_capture_directions::<R>(color), 0);
    let kings = own & kings;
    jumps.men() != 0 || (kings != 0 && scan_kings::<R>(kings, opp, empty).capture)
}

/// The men's jumps in one position, direction by direction.
struct ManJumps {
    /// For each direction (in [`Direction::ALL`] order), the men that can jump in it.
    by_direction: [u64; 4],
    /// Whether every jump ends its capture: from no landing square can the man jump again (nor
    /// be crowned and go on as a king).
    single: bool,
}

impl ManJumps {
    /// Finds the jumps of `men` in the directions of `directions` over pieces of `opp` onto
    /// `empty` squares. A landing square in `crown_continue` (the crowning row, in games where
    /// a man crowned during a capture goes on as a king) makes the jump not single.
    ///
    /// A second jump cannot land on the capturing man's start square (only going straight back
    /// would, and the piece just jumped blocks that), so `empty` without it tells whether any
    /// man can go on.
    #[inline(always)]
    fn find<G: Padded>(
        men: u64,
        opp: u64,
        empty: u64,
        directions: u8,
        crown_continue: u64,
    ) -> ManJumps {
        // The squares from which a man could jump in each direction.
        let launch = |dir: Direction| {
            if directions & dir.bit() == 0 {
                return 0;
            }
            let back = dir.reverse();
            G::step(back, G::step(back, empty) & opp)
        };
        let up_left = launch(Direction::UpLeft);
        let up_right = launch(Direction::UpRight);
        let down_left = launch(Direction::DownLeft);
        let down_right = launch(Direction::DownRight);
        let by_direction = [
            up_left & men,
            up_right & men,
            down_left & men,
            down_right & men,
        ];
        let landing = |dir: Direction| G::step(dir, G::step(dir, by_direction[dir as usize]));
        // From a landing square a man may jump on in any direction but straight back.
        let again = landing(Direction::UpLeft) & (up_left | up_right | down_left)
            | landing(Direction::UpRight) & (up_left | up_right | down_right)
            | landing(Direction::DownLeft) & (up_left | down_left | down_right)
            | landing(Direction::DownRight) & (up_right | down_left | down_right);
        let crowned = crown_continue != 0
            && (landing(Direction::UpLeft)
                | landing(Direction::UpRight)
                | landing(Direction::DownLeft)
                | landing(Direction::DownRight))
                & crown_continue
                != 0;
        ManJumps {
            by_direction,
            single: again == 0 && !crowned,
        }
    }

    /// The men that can jump.
    #[inline(always)]
    fn men(&self) -> u64 {
        self.by_direction[0] | self.by_direction[1] | self.by_direction[2] | self.by_direction[3]
    }

    /// The number of jumps (the number of captures when they are all single).
    #[inline(always)]
    fn count(&self) -> u32 {
        self.by_direction.iter().map(|bits| bits.count_ones()).sum()
    }

    /// Calls `visit(from, victim, to)` for each jump, all single, in the order of the full
    /// search: man by man, then by direction.
    #[inline(always)]
    fn for_each_single<G: Padded>(&self, mut visit: impl FnMut(u64, u64, u64)) {
        let mut men = self.men();
        while men != 0 {
            let man = men & men.wrapping_neg();
            men ^= man;
            for dir in Direction::ALL {
                if self.by_direction[dir as usize] & man != 0 {
                    let victim = G::step(dir, man);
                    visit(man, victim, G::step(dir, victim));
                }
            }
        }
    }
}

/// How the moves of a position are found.
enum MovesKind {
    /// By the capture search: a king can capture, or a man can jump more than once. `men` are
    /// the men that can jump, `kings` whether some king can capture.
    Search { men: u64, kings: bool },
    /// Straight from the bitboards: men can capture, each a single piece.
    SingleJumps(ManJumps),
    /// No capture: the quiet moves.
    Quiet,
}

/// The two directions a man of `color` steps in, in the order the move lists have them.
#[inline(always)]
const fn man_steps(color: Color) -> [Direction; 2] {
    match color {
        Color::White => [Direction::UpLeft, Direction::UpRight],
        Color::Black => [Direction::DownLeft, Direction::DownRight],
    }
}

/// Calls `visit(from, to)` for each quiet move of `men` in direction `dir`.
#[inline(always)]
fn for_each_man_move<G: Padded>(
    dir: Direction,
    men: u64,
    empty: u64,
    mut visit: impl FnMut(u64, u64),
) {
    let back = dir.reverse();
    let mut targets = G::step(dir, men) & empty;
    while targets != 0 {
        let to = targets & targets.wrapping_neg();
        targets ^= to;
        visit(G::step(back, to), to);
    }
}

/// Calls `visit(to)` for each quiet move of the king on the square `from` (a bit number) in
/// direction `dir`, nearest first.
#[inline(always)]
fn for_each_king_move<R: Rules>(dir: Direction, from: u32, empty: u64, mut visit: impl FnMut(u64)) {
    let mut targets = if R::RULES.flying_kings {
        open_ray::<R::Geometry>(dir, from, empty).0
    } else {
        R::Geometry::shift(dir, 1 << from) & empty
    };
    while targets != 0 {
        let to = nearest(dir, targets);
        targets ^= to;
        visit(to);
    }
}

impl<R: Rules> Position<R> {
    /// The men's jumps of the side to move.
    #[inline(always)]
    fn man_jumps(&self, men: u64, opp: u64, empty: u64) -> ManJumps {
        let crown_continue = match R::RULES.crowning {
            Crowning::DuringCaptureContinue => Self::crowning_row(self.turn),
            _ => 0,
        };
        ManJumps::find::<R::Geometry>(
            men,
            opp,
            empty,
            man_capture_directions::<R>(self.turn),
            crown_continue,
        )
    }

    /// How the moves of this position are found.
    #[inline(always)]
    fn kind_of_moves(&self) -> MovesKind {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        let empty = self.empty_bits();
        let kings = own & self.kings;
        let jumps = self.man_jumps(own & !self.kings, opp, empty);
        let king_capture = kings != 0 && scan_kings::<R>(kings, opp, empty).capture;
        let men = jumps.men();
        if king_capture || (men != 0 && !jumps.single) {
            MovesKind::Search {
                men,
                kings: king_capture,
            }
        } else if men != 0 {
            MovesKind::SingleJumps(jumps)
        } else {
            MovesKind::Quiet
        }
    }

    /// Fills `list` with the legal moves.
    pub(crate) fn generate(&self, list: &mut MoveList<R>) {
        match self.kind_of_moves() {
            MovesKind::Search { men, kings } => {
                self.search_captures_from(list, R::RULES.maximum_capture, men, kings)
            }
            MovesKind::SingleJumps(jumps) => {
                let promotion = Self::crowning_row(self.turn);
                jumps.for_each_single::<R::Geometry>(|from, victim, to| {
                    list.push(Move {
                        captured: victim,
                        from: from.trailing_zeros() as u8,
                        to: to.trailing_zeros() as u8,
                        king: false,
                        promotes: to & promotion != 0,
                        rules: PhantomData,
                    })
                });
            }
            MovesKind::Quiet => self.for_each_quiet(|from, to, king, promotes| {
                list.push(Move {
                    captured: 0,
                    from: from.trailing_zeros() as u8,
                    to: to.trailing_zeros() as u8,
                    king,
                    promotes,
                    rules: PhantomData,
                })
            }),
        }
    }

    /// Calls `visit` with the position after each legal move, in the order of
    /// [`legal_moves`](Position::legal_moves), building quiet moves and single jumps straight
    /// from the bitboards (no move list for them): the fastest way to walk the move tree.
    #[inline(always)]
    pub fn for_each_child(&self, mut visit: impl FnMut(&Position<R>)) {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        match self.kind_of_moves() {
            MovesKind::Search { men, kings } => {
                let mut list = MoveList::new();
                self.search_captures_from(&mut list, R::RULES.maximum_capture, men, kings);
                for m in &list {
                    visit(&self.play_unchecked(m));
                }
            }
            MovesKind::SingleJumps(jumps) => {
                let promotion = Self::crowning_row(self.turn);
                jumps.for_each_single::<R::Geometry>(|from, victim, to| {
                    let kings = (self.kings & !victim) | (to & promotion);
                    visit(&self.child(own ^ (from | to), opp ^ victim, kings));
                });
            }
            MovesKind::Quiet => self.for_each_quiet(|from, to, king, promotes| {
                let kings = if king {
                    self.kings ^ (from | to)
                } else if promotes {
                    self.kings | to
                } else {
                    self.kings
                };
                visit(&self.child(own ^ (from | to), opp, kings));
            }),
        }
    }

    /// The position with the side to move's pieces `own`, the opponent's `opp`, the kings
    /// `kings`, and the opponent to move.
    #[inline(always)]
    fn child(&self, own: u64, opp: u64, kings: u64) -> Position<R> {
        match self.turn {
            Color::White => Position {
                white: own,
                black: opp,
                kings,
                turn: Color::Black,
                rules: PhantomData,
            },
            Color::Black => Position {
                white: opp,
                black: own,
                kings,
                turn: Color::White,
                rules: PhantomData,
            },
        }
    }

    /// The men of the side to move that can capture at once, and whether a king can.
    #[inline]
    fn capturers(&self) -> (u64, bool) {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        let empty = self.empty_bits();
        let men = self.man_jumps(own & !self.kings, opp, empty).men();
        let kings = own & self.kings;
        if kings == 0 {
            return (men, false);
        }
        (men, scan_kings::<R>(kings, opp, empty).capture)
    }

    /// Whether the side to move must capture.
    pub fn has_capture(&self) -> bool {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        can_capture::<R>(self.turn, own, opp, self.kings, self.empty_bits())
    }

    /// Every capture that is complete (cannot go on), ignoring the maximum-capture rule: for
    /// explaining why a capture that takes too few pieces is illegal. In the games without that
    /// rule these are the legal captures.
    pub fn captures_ignoring_majority(&self) -> MoveList<R> {
        let mut list = MoveList::new();
        let (men, kings) = self.capturers();
        if men != 0 || kings {
            self.search_captures_from(&mut list, false, men, kings);
        }
        list
    }

    /// Searches the captures of the men `men` and, when `kings`, of every king.
    fn search_captures_from(
        &self,
        list: &mut MoveList<R>,
        majority: bool,
        mut men: u64,
        kings: bool,
    ) {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        let man_directions = man_capture_directions::<R>(self.turn);
        let mut search = CaptureSearch {
            list,
            opp,
            empty: 0,
            from: 0,
            king: false,
            crowned: false,
            promotion: Self::crowning_row(self.turn),
            man_directions,
            best: 1,
            majority,
        };
        let empty = self.empty_bits();
        while men != 0 {
            let man = men & men.wrapping_neg();
            men &= men - 1;
            search.empty = empty | man;
            search.from = man.trailing_zeros() as u8;
            search.king = false;
            search.short(man, 0, search.man_directions);
        }
        if kings {
            let mut kings = king_capturers::<R>(own & self.kings, opp, empty);
            while kings != 0 {
                let king = kings & kings.wrapping_neg();
                kings &= kings - 1;
                search.empty = empty | king;
                search.from = king.trailing_zeros() as u8;
                search.king = true;
                if R::RULES.flying_kings {
                    search.flying(king.trailing_zeros(), 0, ALL_DIRECTIONS, false);
                } else {
                    search.short(king, 0, ALL_DIRECTIONS);
                }
            }
        }
    }

    /// Calls `visit(from, to, king, promotes)` for each quiet move, men first (by direction,
    /// then by target square), then king by king.
    #[inline(always)]
    fn for_each_quiet(&self, mut visit: impl FnMut(u64, u64, bool, bool)) {
        type G<R> = <R as Rules>::Geometry;
        let own = self.side(self.turn);
        let empty = self.empty_bits();
        let men = own & !self.kings;
        let promotion = Self::crowning_row(self.turn);
        let mut man_move = |from, to: u64| visit(from, to, false, to & promotion != 0);
        // Written out colour by colour, not as a loop over `man_steps`: the loop cost the move
        // generator 11% more instructions in perft (callgrind, start position, depth 7).
        match self.turn {
            Color::White => {
                for_each_man_move::<G<R>>(Direction::UpLeft, men, empty, &mut man_move);
                for_each_man_move::<G<R>>(Direction::UpRight, men, empty, &mut man_move);
            }
            Color::Black => {
                for_each_man_move::<G<R>>(Direction::DownLeft, men, empty, &mut man_move);
                for_each_man_move::<G<R>>(Direction::DownRight, men, empty, &mut man_move);
            }
        }
        let mut kings = own & self.kings;
        while kings != 0 {
            let from = kings & kings.wrapping_neg();
            kings ^= from;
            let square = from.trailing_zeros();
            let mut king_move = |to| visit(from, to, true, false);
            for_each_king_move::<R>(Direction::UpLeft, square, empty, &mut king_move);
            for_each_king_move::<R>(Direction::UpRight, square, empty, &mut king_move);
            for_each_king_move::<R>(Direction::DownLeft, square, empty, &mut king_move);
            for_each_king_move::<R>(Direction::DownRight, square, empty, &mut king_move);
        }
    }

    /// Whether the move `m` (one of this position's legal moves) leaves the opponent a
    /// capture: what `play_unchecked(m).has_capture()` says, read from the bitboards as they
    /// will stand without playing the move (the moving piece gone from its square and on its
    /// new one, as a man or a king: either can be taken; the pieces it takes gone). The solver
    /// asks this of most moves it orders or tests.
    #[inline]
    pub fn gives_capture(&self, m: &Move<R>) -> bool {
        let other = self.turn.other();
        let opp = self.side(other) & !m.captured;
        // A capture may end on its own start square: then nothing moved.
        let moved = (1u64 << m.from) ^ (1u64 << m.to);
        let own = self.side(self.turn) ^ moved;
        let empty = (self.empty_bits() ^ moved) | m.captured;
        can_capture::<R>(other, opp, own, self.kings, empty)
    }

    /// How many one-step moves the men of `color` have onto empty squares, whoever is to move
    /// and whatever they must capture: a bound used to tell that a side cannot be left without
    /// a move (a single piece placed on the board blocks at most two of them).
    pub fn quiet_man_moves(&self, color: Color) -> u32 {
        type G<R> = <R as Rules>::Geometry;
        let men = self.side(color) & !self.kings;
        let empty = self.empty_bits();
        let [a, b] = man_steps(color);
        (G::<R>::step(a, men) & empty).count_ones() + (G::<R>::step(b, men) & empty).count_ones()
    }

    /// Fills `list` with the quiet moves of the side to move's men that crown, in the order
    /// [`Position::legal_moves_into`] lists them. When the side to move has no capture (the
    /// caller's to know: a capture would make them illegal), these are its legal promotions.
    pub fn quiet_promotions_into(&self, list: &mut MoveList<R>) {
        type G<R> = <R as Rules>::Geometry;
        list.clear();
        let men = self.side(self.turn) & !self.kings;
        let targets = self.empty_bits() & Self::crowning_row(self.turn);
        let mut promotion = |from: u64, to: u64| {
            list.push(Move {
                captured: 0,
                from: from.trailing_zeros() as u8,
                to: to.trailing_zeros() as u8,
                king: false,
                promotes: true,
                rules: PhantomData,
            })
        };
        for dir in man_steps(self.turn) {
            for_each_man_move::<G<R>>(dir, men, targets, &mut promotion);
        }
    }

    /// Whether the side to move has a quiet move (a man's step or a king's move onto an empty
    /// square), whatever it must capture: when it has no capture, whether it has a legal move.
    pub fn has_quiet_move(&self) -> bool {
        type G<R> = <R as Rules>::Geometry;
        let empty = self.empty_bits();
        let own = self.side(self.turn);
        if self.quiet_man_moves(self.turn) > 0 {
            return true;
        }
        let kings = own & self.kings;
        kings != 0
            && [
                Direction::UpLeft,
                Direction::UpRight,
                Direction::DownLeft,
                Direction::DownRight,
            ]
            .into_iter()
            .any(|dir| G::<R>::step(dir, kings) & empty != 0)
    }

    /// Whether the side to move has a legal move at all (it has lost when not), without listing
    /// any.
    ///
    /// ```
    /// use damtutor_rules::{International, Position};
    /// let blocked: Position<International> = "W:W46:B41,37".parse().unwrap();
    /// assert!(!blocked.has_legal_move());
    /// assert!(Position::<International>::initial().has_legal_move());
    /// ```
    pub fn has_legal_move(&self) -> bool {
        self.has_capture() || self.has_quiet_move()
    }

    /// The number of legal moves, counted without building quiet moves (for bulk perft).
    pub fn count_legal_moves(&self) -> usize {
        type G<R> = <R as Rules>::Geometry;
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        let empty = self.empty_bits();
        let men = own & !self.kings;
        let kings = own & self.kings;
        let jumps = self.man_jumps(men, opp, empty);
        let scan = if kings == 0 {
            KingScan {
                capture: false,
                quiet: 0,
            }
        } else {
            scan_kings::<R>(kings, opp, empty)
        };
        let capturers = jumps.men();
        if scan.capture || (capturers != 0 && !jumps.single) {
            let mut list = MoveList::new();
            self.search_captures_from(&mut list, R::RULES.maximum_capture, capturers, scan.capture);
            return list.len();
        }
        if capturers != 0 {
            return jumps.count() as usize;
        }
        let quiet_men = match self.turn {
            Color::White => {
                (G::<R>::step(Direction::UpLeft, men) & empty).count_ones()
                    + (G::<R>::step(Direction::UpRight, men) & empty).count_ones()
            }
            Color::Black => {
                (G::<R>::step(Direction::DownLeft, men) & empty).count_ones()
                    + (G::<R>::step(Direction::DownRight, men) & empty).count_ones()
            }
        };
        (scan.quiet + quiet_men) as usize
    }
}

/// Exact legal-move sets on small positions of each game. The 10x10 cases are from the
/// French federation's rules tutorial and the Italian text of the FMJD rules (as collected by
/// the dctl project, `tests/data/rules-legal-moves.yaml`), the 8x8 ones worked out by hand
/// from the rules (`tests/data/rules-variants.yaml`). Every case also checks that the bulk
/// counter and capture detection agree with the generator, and that no move is listed twice.
#[cfg(test)]
mod tests {
    use crate::{Brazilian, English, International, Position, Rules, Russian};
    use std::collections::BTreeSet;

    /// A move as (from, to, captured squares in ascending order, whether a man is crowned).
    type Key = (u8, u8, Vec<u8>, bool);

    fn key(from: u8, to: u8, captured: &[u8], crowned: bool) -> Key {
        let mut captured = captured.to_vec();
        captured.sort_unstable();
        (from, to, captured, crowned)
    }

    /// The legal moves of `fen` in the game `R`.
    fn legal<R: Rules>(fen: &str) -> BTreeSet<Key> {
        let position: Position<R> = fen.parse().expect("a valid FEN");
        let list = position.legal_moves();
        assert_eq!(
            position.count_legal_moves(),
            list.len(),
            "{fen}: the bulk count"
        );
        assert_eq!(
            position.has_capture(),
            list.iter().any(|m| m.is_capture()),
            "{fen}: capture detection"
        );
        let _ = quiet_shortcuts(&position);
        for m in &list {
            assert_eq!(
                position.gives_capture(m),
                position.play_unchecked(m).has_capture(),
                "{fen}: {m:?} gives a capture"
            );
        }
        let keys: BTreeSet<Key> = list
            .iter()
            .map(|m| {
                let captured: Vec<u8> = m.captured().iter().map(|s| s.number()).collect();
                key(m.from().number(), m.to().number(), &captured, m.promotes())
            })
            .collect();
        assert_eq!(keys.len(), list.len(), "{fen}: a move listed twice");
        keys
    }

    fn set(moves: &[(u8, u8, &[u8], bool)]) -> BTreeSet<Key> {
        moves
            .iter()
            .map(|&(from, to, captured, crowned)| key(from, to, captured, crowned))
            .collect()
    }

    /// In a position without a capture, the shortcuts the solver takes agree with the legal
    /// moves: whether there is one, and the promotions in the order of the list.
    /// Returns how many promotions it compared.
    fn quiet_shortcuts<R: Rules>(position: &Position<R>) -> usize {
        let list = position.legal_moves();
        if position.has_capture() {
            return 0;
        }
        assert_eq!(position.has_quiet_move(), !list.is_empty(), "{position:?}");
        let mut promotions = crate::MoveList::new();
        position.quiet_promotions_into(&mut promotions);
        let expected: Vec<_> = list.iter().filter(|m| m.promotes()).copied().collect();
        assert_eq!(promotions.to_vec(), expected, "{position:?}");
        expected.len()
    }

    /// Plays `games` random games of `R` (a fixed seed) and checks [`quiet_shortcuts`] and
    /// [`Position::gives_capture`] (of every legal move) on every position, kings and crowning
    /// rows included.
    fn random_games<R: Rules>(games: u32) {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let (mut checked, mut promotions) = (0, 0);
        for _ in 0..games {
            let mut position = Position::<R>::initial();
            for _ in 0..200 {
                promotions += quiet_shortcuts(&position);
                checked += 1;
                let moves = position.legal_moves();
                assert_eq!(position.has_legal_move(), !moves.is_empty(), "{position}");
                assert_eq!(position.with_legal_moves(<[_]>::to_vec), moves.to_vec());
                for m in &moves {
                    let after = position.play_unchecked(m);
                    assert_eq!(
                        position.gives_capture(m),
                        after.has_capture(),
                        "{position} {m:?}"
                    );
                }
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                position = position.play_unchecked(&moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(
            checked > games * 20 && promotions > 0,
            "{checked} {promotions}"
        );
    }

    #[test]
    fn the_solvers_shortcuts_agree_with_the_legal_moves() {
        random_games::<International>(40);
        random_games::<Brazilian>(40);
        random_games::<Russian>(40);
        random_games::<English>(40);
    }

    #[test]
    fn international_men_step_forwards_and_kings_fly() {
        assert_eq!(
            legal::<International>("W:W28"),
            set(&[(28, 22, &[], false), (28, 23, &[], false)])
        );
        assert_eq!(
            legal::<International>("B:B13"),
            set(&[(13, 18, &[], false), (13, 19, &[], false)])
        );
        // A king jumps from afar and lands on any empty square behind (4.3).
        assert_eq!(
            legal::<International>("W:WK46:B23"),
            set(&[
                (46, 5, &[23], false),
                (46, 10, &[23], false),
                (46, 14, &[23], false),
                (46, 19, &[23], false),
            ])
        );
    }

    #[test]
    fn international_turkish_strike_rule() {
        // Captured pieces stay on the board until the capture ends and block it (4.8, 4.11):
        // the king takes four of the five men and stops before the piece it jumped first.
        assert_eq!(
            legal::<International>("B:W27,28,38,39,42:BK25"),
            set(&[(25, 33, &[27, 28, 39, 42], false)])
        );
        assert_eq!(
            legal::<International>("W:WK41,49:B9,10,12,19,38"),
            set(&[(41, 43, &[9, 12, 19, 38], false)])
        );
    }

    #[test]
    fn international_majority_rule() {
        // The capture that takes the most pieces is the only legal one, a king counting one
        // (4.13); shorter captures exist but are not legal.
        for (fen, only) in [
            ("W:W48:B24,K31,34,K42,43", (48, 19, &[24, 34, 43][..])),
            ("W:WK48:B7,8,31,34,K42,44", (48, 50, &[7, 8, 34, 44][..])),
        ] {
            assert_eq!(
                legal::<International>(fen),
                set(&[(only.0, only.1, only.2, false)])
            );
            let position: Position<International> = fen.parse().unwrap();
            let all = position.captures_ignoring_majority();
            assert!(all.len() > 1, "{fen}: no shorter capture to rule out");
            assert!(all.iter().all(|m| m.capture_count() <= only.2.len()));
        }
        // Among equal captures the player chooses, whatever they take (4.14).
        assert_eq!(
            legal::<International>("W:W26:B12,K21,31,32"),
            set(&[(26, 8, &[12, 21], false), (26, 28, &[31, 32], false)])
        );
        // A man passing the last row during a capture stays a man (4.15).
        assert_eq!(
            legal::<International>("W:W15:B9,10"),
            set(&[(15, 13, &[9, 10], false)])
        );
    }

    /// Two men can take two pieces with one man or one piece with the other.
    const TWO_OR_ONE: &str = "W:W21,23:B10,17,19";

    #[test]
    fn brazilian_follows_the_majority_rule() {
        assert_eq!(
            legal::<Brazilian>(TWO_OR_ONE),
            set(&[(21, 7, &[10, 17], false)])
        );
        // A king counts as one piece: two men before one king.
        assert_eq!(
            legal::<Brazilian>("W:W21,23:BK17,11,19"),
            set(&[(23, 7, &[11, 19], false)])
        );
        // A man passing the last row goes on as a man and is not crowned.
        assert_eq!(
            legal::<Brazilian>("W:W9:B6,7"),
            set(&[(9, 11, &[6, 7], false)])
        );
        // Flying kings, and men capturing backwards.
        assert_eq!(
            legal::<Brazilian>("W:WK29:B15"),
            set(&[
                (29, 11, &[15], false),
                (29, 8, &[15], false),
                (29, 4, &[15], false)
            ])
        );
        assert_eq!(
            legal::<Brazilian>("W:W18:B22,14"),
            set(&[(18, 9, &[14], false), (18, 25, &[22], false)])
        );
    }

    /// A flying king on a7 around a square of four black men (c5, e5, e7, c7) with one more on
    /// e3: a7xc5 lands on d4 only; from there the loop e5, e7, c7 ends on b6 or a5, where the
    /// captured c5 still stands in the way of d4 and e3 (the Turkish strike rule: with c5
    /// lifted at once the king would go on to take e3 as a fifth piece); or d4xe3 ends on f2
    /// or g1 with two pieces.
    const LOOP_8X8: &str = "W:WK5:B6,7,14,15,23";

    #[test]
    fn the_8x8_flying_kings_follow_the_turkish_strike_rule() {
        let loop_of_four = [
            (5, 9, &[6, 7, 14, 15][..], false),
            (5, 13, &[6, 7, 14, 15][..], false),
        ];
        assert_eq!(legal::<Brazilian>(LOOP_8X8), set(&loop_of_four));
        let mut russian = loop_of_four.to_vec();
        russian.extend([(5, 27, &[14, 23][..], false), (5, 32, &[14, 23][..], false)]);
        assert_eq!(legal::<Russian>(LOOP_8X8), set(&russian));
    }

    #[test]
    fn russian_chooses_freely_and_crowns_during_a_capture() {
        assert_eq!(
            legal::<Russian>(TWO_OR_ONE),
            set(&[(21, 7, &[10, 17], false), (23, 16, &[19], false)])
        );
        // A man reaching the last row is crowned at once and goes on capturing as a king.
        assert_eq!(
            legal::<Russian>("W:W9:B6,11"),
            set(&[(9, 16, &[6, 11], true), (9, 20, &[6, 11], true)])
        );
        // A capture once begun is completed: the king cannot stop after one piece.
        assert_eq!(
            legal::<Russian>("W:WK22:B18,11,26"),
            set(&[
                (22, 8, &[11, 18], false),
                (22, 4, &[11, 18], false),
                (22, 31, &[26], false),
            ])
        );
    }

    #[test]
    fn english_men_go_forwards_and_kings_step() {
        assert_eq!(
            legal::<English>(TWO_OR_ONE),
            set(&[(21, 7, &[10, 17], false), (23, 16, &[19], false)])
        );
        // Men capture forwards only.
        assert_eq!(
            legal::<English>("W:W18:B22,14"),
            set(&[(18, 9, &[14], false)])
        );
        // A man crowned during a capture ends its move there.
        assert_eq!(legal::<English>("W:W9:B6,11"), set(&[(9, 2, &[6], true)]));
        // Kings step one square and capture the piece next to them.
        assert_eq!(legal::<English>("W:WK29:B15"), set(&[(29, 25, &[], false)]));
        assert_eq!(
            legal::<English>("W:WK18:B15"),
            set(&[(18, 11, &[15], false)])
        );
    }
}
