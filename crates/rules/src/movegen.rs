//! Move generation (FMJD articles 3 and 4).
//!
//! Captures come first: if the side to move can capture, only the captures that take the most
//! pieces are legal (4.13, a king counting one). A capture is searched square by square with the
//! captured pieces left on the board until it ends (4.11): they block, and cannot be jumped twice.
//! The capturing piece's start square counts as empty. A man is crowned only when it ends on the
//! promotion row (4.15). Routes with the same start, end and captured set are one move.
//!
//! Kings look along their diagonals through the [`RAYS`] table: the first occupied square of a
//! ray is its lowest or highest bit, so a king's reach costs a few instructions whatever the
//! distance. When only existence or a count matters (capture detection, bulk counting), the rays
//! of all kings are grown together, one step per round.

use crate::bitboard::{Direction, VALID};
use crate::moves::{Move, MoveList};
use crate::position::{promotion_row, Position};
use crate::square::Color;

/// For each direction (in [`Direction::ALL`] order) and padded bit, the squares beyond that bit
/// along the direction up to the edge of the board.
const RAYS: [[u64; 64]; 4] = {
    let mut rays = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let dir = Direction::ALL[d];
        let mut bit = 0;
        while bit < 64 {
            if VALID & (1 << bit) != 0 {
                let mut square = dir.shift(1 << bit);
                while square != 0 {
                    rays[d][bit] |= square;
                    square = dir.shift(square);
                }
            }
            bit += 1;
        }
        d += 1;
    }
    rays
};

/// The squares beyond the square `bit` along `dir`.
#[inline(always)]
fn ray(dir: Direction, bit: u32) -> u64 {
    RAYS[dir as usize][bit as usize]
}

/// The square of `bits` (not empty) met first when walking along `dir`: up the board the bit
/// numbers fall, down the board they rise.
#[inline(always)]
fn nearest(dir: Direction, bits: u64) -> u64 {
    match dir {
        Direction::UpLeft | Direction::UpRight => 1 << (63 - bits.leading_zeros()),
        Direction::DownLeft | Direction::DownRight => bits & bits.wrapping_neg(),
    }
}

/// The empty squares seen from the square `bit` along `dir`, up to the first square that is not
/// in `empty`, and that square (0 at the edge).
#[inline(always)]
fn open_ray(dir: Direction, bit: u32, empty: u64) -> (u64, u64) {
    let ray = ray(dir, bit);
    let blockers = ray & !empty;
    if blockers == 0 {
        return (ray, 0);
    }
    let blocker = nearest(dir, blockers);
    (
        ray & !(self::ray(dir, blocker.trailing_zeros()) | blocker),
        blocker,
    )
}

/// One step along `dir` for every square of `bits`, keeping the steps that leave the board (they
/// land on ghost bits or beyond bit 63): callers intersect the result with a set of real squares.
#[inline(always)]
const fn step(dir: Direction, bits: u64) -> u64 {
    match dir {
        Direction::UpLeft => bits >> 6,
        Direction::UpRight => bits >> 5,
        Direction::DownLeft => bits << 5,
        Direction::DownRight => bits << 6,
    }
}

/// The bit of `dir` in a set of directions.
#[inline(always)]
const fn direction_bit(dir: Direction) -> u8 {
    1 << dir as u8
}

/// All four directions as a set.
const ALL_DIRECTIONS: u8 = 0b1111;

/// Where a man on `at` lands jumping one of `targets` in direction `dir` onto an `empty`
/// square (nothing when it cannot).
#[inline(always)]
fn man_jumps(dir: Direction, at: u64, targets: u64, empty: u64) -> u64 {
    step(dir, step(dir, at) & targets) & empty
}

/// Whether a man on `at` can jump one of `targets` in some direction.
#[inline(always)]
fn man_can_jump(at: u64, targets: u64, empty: u64) -> bool {
    man_jumps(Direction::UpLeft, at, targets, empty)
        | man_jumps(Direction::UpRight, at, targets, empty)
        | man_jumps(Direction::DownLeft, at, targets, empty)
        | man_jumps(Direction::DownRight, at, targets, empty)
        != 0
}

/// The fixed context of one capture search.
struct CaptureSearch<'a> {
    list: &'a mut MoveList,
    /// Pieces that may be captured (the opponent's).
    opp: u64,
    /// Empty squares, the capturing piece's start square included.
    empty: u64,
    from: u8,
    king: bool,
    promotion: u64,
    /// The capture count of the moves in `list`.
    best: u32,
    /// Whether only the captures taking the most pieces are kept (false: every finished capture).
    majority: bool,
}

impl CaptureSearch<'_> {
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
            promotes: !self.king && (1u64 << to) & self.promotion != 0,
        });
    }

    /// A man on `at` that has captured `captured` so far (and can jump again, unless it is the
    /// start of the capture).
    fn man(&mut self, at: u64, captured: u64) {
        let targets = self.opp & !captured;
        let up_left = self.man_jump(Direction::UpLeft, at, captured, targets);
        let up_right = self.man_jump(Direction::UpRight, at, captured, targets);
        let down_left = self.man_jump(Direction::DownLeft, at, captured, targets);
        let down_right = self.man_jump(Direction::DownRight, at, captured, targets);
        if !(up_left || up_right || down_left || down_right) && captured != 0 {
            self.record(at.trailing_zeros(), captured);
        }
    }

    /// The jump of a man on `at` in direction `dir`, and all that follows it; whether there was
    /// one. A landing square with no jump onward ends the capture without another call.
    #[inline(always)]
    fn man_jump(&mut self, dir: Direction, at: u64, captured: u64, targets: u64) -> bool {
        let victim = step(dir, at) & targets;
        let landing = step(dir, victim) & self.empty;
        if landing == 0 {
            return false;
        }
        if man_can_jump(landing, targets & !victim, self.empty) {
            self.man(landing, captured | victim);
        } else {
            self.record(landing.trailing_zeros(), captured | victim);
        }
        true
    }

    /// A king on the square `at` (a bit number) that has captured `captured` so far and may
    /// look in the directions of `allowed`.
    fn king(&mut self, at: u32, captured: u64, allowed: u8) {
        let up_left = self.king_jump(Direction::UpLeft, at, captured, allowed);
        let up_right = self.king_jump(Direction::UpRight, at, captured, allowed);
        let down_left = self.king_jump(Direction::DownLeft, at, captured, allowed);
        let down_right = self.king_jump(Direction::DownRight, at, captured, allowed);
        if !(up_left || up_right || down_left || down_right) && captured != 0 {
            self.record(at, captured);
        }
    }

    /// The jumps of a king on `at` in direction `dir` (one per landing square), and all that
    /// follows them; whether there were any. From a landing square the king does not look back
    /// (the piece it just jumped blocks), and it goes on in the same direction only from the
    /// last landing square, since the earlier ones would reach the same piece.
    #[inline(always)]
    fn king_jump(&mut self, dir: Direction, at: u32, captured: u64, allowed: u8) -> bool {
        if allowed & direction_bit(dir) == 0 {
            return false;
        }
        let (_, victim) = open_ray(dir, at, self.empty);
        if victim & self.opp & !captured == 0 {
            return false;
        }
        let (mut landings, stop) = open_ray(dir, victim.trailing_zeros(), self.empty);
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
        let onward = ALL_DIRECTIONS & !direction_bit(dir.reverse());
        let sideways = onward & !direction_bit(dir);
        while landings != 0 {
            let landing = nearest(dir, landings);
            landings ^= landing;
            let allowed = if landings == 0 { onward } else { sideways };
            self.king(landing.trailing_zeros(), captured, allowed);
        }
        true
    }

    /// Whether a king that has jumped along `dir` onto one of `landings` (the square beyond them
    /// being `stop`, 0 at the edge) can jump again: sideways from any landing square, or onward
    /// from the last one. All landing squares are looked at together.
    #[inline(always)]
    fn king_can_go_on(&self, dir: Direction, landings: u64, stop: u64, captured: u64) -> bool {
        let targets = self.opp & !captured;
        if step(dir, stop & targets) & self.empty != 0 {
            return true;
        }
        let (left, right) = match dir {
            Direction::UpLeft | Direction::DownRight => (Direction::UpRight, Direction::DownLeft),
            Direction::UpRight | Direction::DownLeft => (Direction::UpLeft, Direction::DownRight),
        };
        kings_capture_along(left, landings, targets, self.empty)
            || kings_capture_along(right, landings, targets, self.empty)
    }
}

/// Whether one of `kings` can jump a piece of `targets` along `dir`, over `empty` squares.
#[inline(always)]
fn kings_capture_along(dir: Direction, kings: u64, targets: u64, empty: u64) -> bool {
    let mut front = step(dir, kings);
    let mut ends = front;
    let mut open = front & empty;
    while open != 0 {
        front = step(dir, open);
        ends |= front;
        open = front & empty;
    }
    step(dir, ends & targets) & empty != 0
}

/// What the kings of the side to move can do, found for all of them at once.
struct KingScan {
    /// Whether some king can capture.
    capture: bool,
    /// How many quiet moves the kings have (meaningful only without a capture).
    quiet: u32,
}

/// Grows the rays of all `kings` along `dir` over `empty`: the number of empty squares reached,
/// and whether a piece of `opp` with an empty square behind it ends one of the rays.
#[inline(always)]
fn scan_kings_along(dir: Direction, kings: u64, opp: u64, empty: u64) -> (u32, bool) {
    // Rays of different kings along one direction never share a square.
    let mut front = step(dir, kings);
    let mut open = front & empty;
    let mut ends = front;
    let mut reached = 0;
    while open != 0 {
        reached |= open;
        front = step(dir, open);
        open = front & empty;
        ends |= front;
    }
    (reached.count_ones(), step(dir, ends & opp) & empty != 0)
}

/// Grows the rays of all `kings` over `empty`, direction by direction.
#[inline(always)]
fn scan_kings(kings: u64, opp: u64, empty: u64) -> KingScan {
    let (up_left, a) = scan_kings_along(Direction::UpLeft, kings, opp, empty);
    let (up_right, b) = scan_kings_along(Direction::UpRight, kings, opp, empty);
    let (down_left, c) = scan_kings_along(Direction::DownLeft, kings, opp, empty);
    let (down_right, d) = scan_kings_along(Direction::DownRight, kings, opp, empty);
    KingScan {
        capture: a || b || c || d,
        quiet: up_left + up_right + down_left + down_right,
    }
}

/// The kings among `kings` that can capture along `dir`: walking back from each piece of `opp`
/// with an empty square behind it, over empty squares, to the first piece.
#[inline(always)]
fn king_capturers_along(dir: Direction, kings: u64, opp: u64, empty: u64) -> u64 {
    let back = dir.reverse();
    let mut front = step(back, opp & step(back, empty));
    let mut capturers = front & kings;
    let mut open = front & empty;
    while open != 0 {
        front = step(back, open);
        capturers |= front & kings;
        open = front & empty;
    }
    capturers
}

/// The kings among `kings` that can capture a piece of `opp`.
#[inline(always)]
fn king_capturers(kings: u64, opp: u64, empty: u64) -> u64 {
    king_capturers_along(Direction::UpLeft, kings, opp, empty)
        | king_capturers_along(Direction::UpRight, kings, opp, empty)
        | king_capturers_along(Direction::DownLeft, kings, opp, empty)
        | king_capturers_along(Direction::DownRight, kings, opp, empty)
}

/// The men's jumps in one position, direction by direction.
struct ManJumps {
    /// For each direction (in [`Direction::ALL`] order), the men that can jump in it.
    by_direction: [u64; 4],
    /// Whether every jump ends its capture: from no landing square can the man jump again.
    single: bool,
}

impl ManJumps {
    /// Finds the jumps of `men` over pieces of `opp` onto `empty` squares.
    ///
    /// A second jump cannot land on the capturing man's start square (only going straight back
    /// would, and the piece just jumped blocks that), so `empty` without it tells whether any
    /// man can go on.
    #[inline(always)]
    fn find(men: u64, opp: u64, empty: u64) -> ManJumps {
        // The squares from which a man could jump in each direction.
        let launch = |dir: Direction| {
            let back = dir.reverse();
            step(back, step(back, empty) & opp)
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
        let landing = |dir: Direction| step(dir, step(dir, by_direction[dir as usize]));
        // From a landing square a man may jump on in any direction but straight back.
        let again = landing(Direction::UpLeft) & (up_left | up_right | down_left)
            | landing(Direction::UpRight) & (up_left | up_right | down_right)
            | landing(Direction::DownLeft) & (up_left | down_left | down_right)
            | landing(Direction::DownRight) & (up_right | down_left | down_right);
        ManJumps {
            by_direction,
            single: again == 0,
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
    fn for_each_single(&self, mut visit: impl FnMut(u64, u64, u64)) {
        let mut men = self.men();
        while men != 0 {
            let man = men & men.wrapping_neg();
            men ^= man;
            for dir in Direction::ALL {
                if self.by_direction[dir as usize] & man != 0 {
                    let victim = step(dir, man);
                    visit(man, victim, step(dir, victim));
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

/// Calls `visit(from, to)` for each quiet move of `men` in direction `dir`.
#[inline(always)]
fn for_each_man_move(dir: Direction, men: u64, empty: u64, mut visit: impl FnMut(u64, u64)) {
    let back = dir.reverse();
    let mut targets = step(dir, men) & empty;
    while targets != 0 {
        let to = targets & targets.wrapping_neg();
        targets ^= to;
        visit(step(back, to), to);
    }
}

/// Calls `visit(to)` for each quiet move of the king on the square `from` (a bit number) in
/// direction `dir`, nearest first.
#[inline(always)]
fn for_each_king_move(dir: Direction, from: u32, empty: u64, mut visit: impl FnMut(u64)) {
    let (mut targets, _) = open_ray(dir, from, empty);
    while targets != 0 {
        let to = nearest(dir, targets);
        targets ^= to;
        visit(to);
    }
}

impl Position {
    /// How the moves of this position are found.
    #[inline(always)]
    fn kind_of_moves(&self) -> MovesKind {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        let empty = self.empty_bits();
        let kings = own & self.kings;
        let jumps = ManJumps::find(own & !self.kings, opp, empty);
        let king_capture = kings != 0 && scan_kings(kings, opp, empty).capture;
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
    pub(crate) fn generate(&self, list: &mut MoveList) {
        match self.kind_of_moves() {
            MovesKind::Search { men, kings } => self.search_captures_from(list, true, men, kings),
            MovesKind::SingleJumps(jumps) => {
                let promotion = promotion_row(self.turn);
                jumps.for_each_single(|from, victim, to| {
                    list.push(Move {
                        captured: victim,
                        from: from.trailing_zeros() as u8,
                        to: to.trailing_zeros() as u8,
                        king: false,
                        promotes: to & promotion != 0,
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
                })
            }),
        }
    }

    /// Calls `visit` with the position after each legal move, in the order of
    /// [`legal_moves`](Position::legal_moves), building quiet moves and single jumps straight
    /// from the bitboards (no move list for them): the fastest way to walk the move tree.
    #[inline(always)]
    pub fn for_each_child(&self, mut visit: impl FnMut(&Position)) {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        match self.kind_of_moves() {
            MovesKind::Search { men, kings } => {
                let mut list = MoveList::new();
                self.search_captures_from(&mut list, true, men, kings);
                for m in &list {
                    visit(&self.play_unchecked(m));
                }
            }
            MovesKind::SingleJumps(jumps) => {
                let promotion = promotion_row(self.turn);
                jumps.for_each_single(|from, victim, to| {
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
    fn child(&self, own: u64, opp: u64, kings: u64) -> Position {
        match self.turn {
            Color::White => Position {
                white: own,
                black: opp,
                kings,
                turn: Color::Black,
            },
            Color::Black => Position {
                white: opp,
                black: own,
                kings,
                turn: Color::White,
            },
        }
    }

    /// The men of the side to move that can capture at once, and whether a king can.
    #[inline]
    fn capturers(&self) -> (u64, bool) {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        let empty = self.empty_bits();
        let men = ManJumps::find(own & !self.kings, opp, empty).men();
        let kings = own & self.kings;
        if kings == 0 {
            return (men, false);
        }
        (men, scan_kings(kings, opp, empty).capture)
    }

    /// Whether the side to move must capture.
    pub fn has_capture(&self) -> bool {
        let (men, kings) = self.capturers();
        men != 0 || kings
    }

    /// Every capture that is complete (cannot go on), ignoring the majority rule: for explaining
    /// why a capture that takes too few pieces is illegal.
    pub fn captures_ignoring_majority(&self) -> MoveList {
        let mut list = MoveList::new();
        let (men, kings) = self.capturers();
        if men != 0 || kings {
            self.search_captures_from(&mut list, false, men, kings);
        }
        list
    }

    /// Searches the captures of the men `men` and, when `kings`, of every king.
    fn search_captures_from(&self, list: &mut MoveList, majority: bool, mut men: u64, kings: bool) {
        let own = self.side(self.turn);
        let mut search = CaptureSearch {
            list,
            opp: self.side(self.turn.other()),
            empty: 0,
            from: 0,
            king: false,
            promotion: promotion_row(self.turn),
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
            search.man(man, 0);
        }
        if kings {
            let opp = self.side(self.turn.other());
            let mut kings = king_capturers(own & self.kings, opp, empty);
            while kings != 0 {
                let king = kings & kings.wrapping_neg();
                kings &= kings - 1;
                search.empty = empty | king;
                search.from = king.trailing_zeros() as u8;
                search.king = true;
                search.king(king.trailing_zeros(), 0, ALL_DIRECTIONS);
            }
        }
    }

    /// Calls `visit(from, to, king, promotes)` for each quiet move, men first (by direction,
    /// then by target square), then king by king.
    #[inline(always)]
    fn for_each_quiet(&self, mut visit: impl FnMut(u64, u64, bool, bool)) {
        let own = self.side(self.turn);
        let empty = self.empty_bits();
        let men = own & !self.kings;
        let promotion = promotion_row(self.turn);
        let mut man_move = |from, to: u64| visit(from, to, false, to & promotion != 0);
        match self.turn {
            Color::White => {
                for_each_man_move(Direction::UpLeft, men, empty, &mut man_move);
                for_each_man_move(Direction::UpRight, men, empty, &mut man_move);
            }
            Color::Black => {
                for_each_man_move(Direction::DownLeft, men, empty, &mut man_move);
                for_each_man_move(Direction::DownRight, men, empty, &mut man_move);
            }
        }
        let mut kings = own & self.kings;
        while kings != 0 {
            let from = kings & kings.wrapping_neg();
            kings ^= from;
            let square = from.trailing_zeros();
            let mut king_move = |to| visit(from, to, true, false);
            for_each_king_move(Direction::UpLeft, square, empty, &mut king_move);
            for_each_king_move(Direction::UpRight, square, empty, &mut king_move);
            for_each_king_move(Direction::DownLeft, square, empty, &mut king_move);
            for_each_king_move(Direction::DownRight, square, empty, &mut king_move);
        }
    }

    /// The number of legal moves, counted without building quiet moves (for bulk perft).
    pub fn count_legal_moves(&self) -> usize {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        let empty = self.empty_bits();
        let men = own & !self.kings;
        let kings = own & self.kings;
        let jumps = ManJumps::find(men, opp, empty);
        let scan = if kings == 0 {
            KingScan {
                capture: false,
                quiet: 0,
            }
        } else {
            scan_kings(kings, opp, empty)
        };
        let capturers = jumps.men();
        if scan.capture || (capturers != 0 && !jumps.single) {
            let mut list = MoveList::new();
            self.search_captures_from(&mut list, true, capturers, scan.capture);
            return list.len();
        }
        if capturers != 0 {
            return jumps.count() as usize;
        }
        let quiet_men = match self.turn {
            Color::White => {
                (step(Direction::UpLeft, men) & empty).count_ones()
                    + (step(Direction::UpRight, men) & empty).count_ones()
            }
            Color::Black => {
                (step(Direction::DownLeft, men) & empty).count_ones()
                    + (step(Direction::DownRight, men) & empty).count_ones()
            }
        };
        (scan.quiet + quiet_men) as usize
    }
}
