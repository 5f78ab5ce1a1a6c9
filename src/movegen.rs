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

/// Directions a man of `color` moves forward in.
#[inline(always)]
const fn forward(color: Color) -> [Direction; 2] {
    match color {
        Color::White => [Direction::UpLeft, Direction::UpRight],
        Color::Black => [Direction::DownLeft, Direction::DownRight],
    }
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

    /// A man on `at` that has captured `captured` so far.
    fn man(&mut self, at: u64, captured: u64) {
        let mut extended = false;
        for dir in Direction::ALL {
            let victim = dir.shift(at) & self.opp & !captured;
            if victim != 0 {
                let landing = dir.shift(victim) & self.empty;
                if landing != 0 {
                    extended = true;
                    self.man(landing, captured | victim);
                }
            }
        }
        if !extended && captured != 0 {
            self.record(at.trailing_zeros(), captured);
        }
    }

    /// A king on the square `at` (a bit number) that has captured `captured` so far, having
    /// arrived along `arrival`. Going on along `arrival` is tried only from the last landing
    /// square of a jump (`onward`), since the earlier landing squares would reach the same piece.
    fn king(&mut self, at: u32, captured: u64, arrival: Option<Direction>, onward: bool) {
        let mut extended = false;
        for dir in Direction::ALL {
            if let Some(arrived) = arrival {
                if dir == arrived.reverse() || (dir == arrived && !onward) {
                    continue;
                }
            }
            let (_, victim) = open_ray(dir, at, self.empty);
            if victim & self.opp & !captured == 0 {
                continue;
            }
            let (mut landings, _) = open_ray(dir, victim.trailing_zeros(), self.empty);
            if landings == 0 {
                continue;
            }
            extended = true;
            while landings != 0 {
                let landing = nearest(dir, landings);
                landings ^= landing;
                self.king(
                    landing.trailing_zeros(),
                    captured | victim,
                    Some(dir),
                    landings == 0,
                );
            }
        }
        if !extended && captured != 0 {
            self.record(at, captured);
        }
    }
}

/// What the kings of the side to move can do, found for all of them at once.
struct KingScan {
    /// Whether some king can capture.
    capture: bool,
    /// How many quiet moves the kings have (meaningful only without a capture).
    quiet: u32,
}

/// Grows the rays of all `kings` over `empty`, direction by direction.
#[inline(always)]
fn scan_kings(kings: u64, opp: u64, empty: u64) -> KingScan {
    let mut quiet = 0;
    for dir in Direction::ALL {
        let mut front = dir.shift(kings);
        let mut open = front & empty;
        let mut blocked = front & !empty;
        while open != 0 {
            quiet += open.count_ones();
            front = dir.shift(open);
            open = front & empty;
            blocked |= front & !empty;
        }
        if dir.shift(blocked & opp) & empty != 0 {
            return KingScan {
                capture: true,
                quiet,
            };
        }
    }
    KingScan {
        capture: false,
        quiet,
    }
}

impl Position {
    /// Fills `list` with the legal moves.
    pub(crate) fn generate(&self, list: &mut MoveList) {
        if !self.generate_captures(list) {
            self.generate_quiet(list);
        }
    }

    /// The men of the side to move that can capture at once.
    #[inline(always)]
    fn man_capturers(&self, men: u64, opp: u64, empty: u64) -> u64 {
        let mut capturers = 0;
        for dir in Direction::ALL {
            let back = dir.reverse();
            capturers |= back.shift(back.shift(empty) & opp) & men;
        }
        capturers
    }

    /// The men of the side to move that can capture at once, and whether a king can.
    #[inline]
    fn capturers(&self) -> (u64, bool) {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        let empty = self.empty_bits();
        let men = self.man_capturers(own & !self.kings, opp, empty);
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
    pub(crate) fn captures_ignoring_majority(&self) -> MoveList {
        let mut list = MoveList::new();
        self.search_captures(&mut list, false);
        list
    }

    /// Adds the maximal captures to `list`; returns whether there were any.
    fn generate_captures(&self, list: &mut MoveList) -> bool {
        self.search_captures(list, true)
    }

    fn search_captures(&self, list: &mut MoveList, majority: bool) -> bool {
        let (men, kings) = self.capturers();
        if men == 0 && !kings {
            return false;
        }
        self.search_captures_from(list, majority, men, kings);
        true
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
            let mut kings = own & self.kings;
            while kings != 0 {
                let king = kings & kings.wrapping_neg();
                kings &= kings - 1;
                search.empty = empty | king;
                search.from = king.trailing_zeros() as u8;
                search.king = true;
                search.king(king.trailing_zeros(), 0, None, true);
            }
        }
    }

    fn generate_quiet(&self, list: &mut MoveList) {
        let own = self.side(self.turn);
        let empty = self.empty_bits();
        let men = own & !self.kings;
        let promotion = promotion_row(self.turn);
        for dir in forward(self.turn) {
            let back = dir.reverse();
            let mut targets = dir.shift(men) & empty;
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets &= targets - 1;
                list.push(Move {
                    captured: 0,
                    from: back.shift(to).trailing_zeros() as u8,
                    to: to.trailing_zeros() as u8,
                    king: false,
                    promotes: to & promotion != 0,
                });
            }
        }
        let mut kings = own & self.kings;
        while kings != 0 {
            let from = kings.trailing_zeros();
            kings &= kings - 1;
            for dir in Direction::ALL {
                let (mut targets, _) = open_ray(dir, from, empty);
                while targets != 0 {
                    let to = nearest(dir, targets);
                    targets ^= to;
                    list.push(Move {
                        captured: 0,
                        from: from as u8,
                        to: to.trailing_zeros() as u8,
                        king: true,
                        promotes: false,
                    });
                }
            }
        }
    }

    /// The number of legal moves, counted without building quiet moves (for bulk perft).
    pub fn count_legal_moves(&self) -> usize {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        let empty = self.empty_bits();
        let men = own & !self.kings;
        let kings = own & self.kings;
        let capturers = self.man_capturers(men, opp, empty);
        let scan = if kings == 0 {
            KingScan {
                capture: false,
                quiet: 0,
            }
        } else {
            scan_kings(kings, opp, empty)
        };
        if capturers != 0 || scan.capture {
            let mut list = MoveList::new();
            self.search_captures_from(&mut list, true, capturers, scan.capture);
            return list.len();
        }
        let mut count = scan.quiet;
        for dir in forward(self.turn) {
            count += (dir.shift(men) & empty).count_ones();
        }
        count as usize
    }
}
