//! Move generation (FMJD articles 3 and 4).
//!
//! Captures come first: if the side to move can capture, only the captures that take the most
//! pieces are legal (4.13, a king counting one). A capture is searched square by square with the
//! captured pieces left on the board until it ends (4.11): they block, and cannot be jumped twice.
//! The capturing piece's start square counts as empty. A man is crowned only when it ends on the
//! promotion row (4.15). Routes with the same start, end and captured set are one move.

use crate::bitboard::Direction;
use crate::moves::{Move, MoveList};
use crate::position::{promotion_row, Position};
use crate::square::Color;

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
    fn record(&mut self, to: u64, captured: u64) {
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
        let to = to.trailing_zeros() as u8;
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
            self.record(at, captured);
        }
    }

    /// A king on `at` that has captured `captured` so far, having arrived along `arrival`.
    /// Going on along `arrival` is tried only from the last landing square of a jump (`onward`),
    /// since the earlier landing squares would reach the same piece.
    fn king(&mut self, at: u64, captured: u64, arrival: Option<Direction>, onward: bool) {
        let mut extended = false;
        for dir in Direction::ALL {
            if let Some(arrived) = arrival {
                if dir == arrived.reverse() || (dir == arrived && !onward) {
                    continue;
                }
            }
            let mut square = dir.shift(at);
            while square & self.empty != 0 {
                square = dir.shift(square);
            }
            if square & self.opp & !captured == 0 {
                continue;
            }
            let mut landing = dir.shift(square) & self.empty;
            if landing == 0 {
                continue;
            }
            extended = true;
            loop {
                let next = dir.shift(landing) & self.empty;
                self.king(landing, captured | square, Some(dir), next == 0);
                if next == 0 {
                    break;
                }
                landing = next;
            }
        }
        if !extended && captured != 0 {
            self.record(at, captured);
        }
    }
}

impl Position {
    /// Fills `list` with the legal moves.
    pub(crate) fn generate(&self, list: &mut MoveList) {
        if !self.generate_captures(list) {
            self.generate_quiet(list);
        }
    }

    /// The men of the side to move that can capture at once, and whether a king can.
    #[inline]
    fn capturers(&self) -> (u64, bool) {
        let own = self.side(self.turn);
        let opp = self.side(self.turn.other());
        let empty = self.empty_bits();
        let men = own & !self.kings;
        let mut capturers = 0;
        for dir in Direction::ALL {
            let back = dir.reverse();
            capturers |= back.shift(back.shift(empty) & opp) & men;
        }
        let mut kings = own & self.kings;
        while kings != 0 {
            let king = kings & kings.wrapping_neg();
            kings &= kings - 1;
            for dir in Direction::ALL {
                let mut square = dir.shift(king);
                while square & empty != 0 {
                    square = dir.shift(square);
                }
                if square & opp != 0 && dir.shift(square) & empty != 0 {
                    return (capturers, true);
                }
            }
        }
        (capturers, false)
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
        let (mut men, kings) = self.capturers();
        if men == 0 && !kings {
            return false;
        }
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
                search.king(king, 0, None, true);
            }
        }
        true
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
            let king = kings & kings.wrapping_neg();
            kings &= kings - 1;
            let from = king.trailing_zeros() as u8;
            for dir in Direction::ALL {
                let mut to = dir.shift(king) & empty;
                while to != 0 {
                    list.push(Move {
                        captured: 0,
                        from,
                        to: to.trailing_zeros() as u8,
                        king: true,
                        promotes: false,
                    });
                    to = dir.shift(to) & empty;
                }
            }
        }
    }

    /// The number of legal moves, counted without building quiet moves (for bulk perft).
    pub fn count_legal_moves(&self) -> usize {
        let (men, kings) = self.capturers();
        if men != 0 || kings {
            let mut list = MoveList::new();
            self.generate_captures(&mut list);
            return list.len();
        }
        let own = self.side(self.turn);
        let empty = self.empty_bits();
        let my_men = own & !self.kings;
        let mut count = 0;
        for dir in forward(self.turn) {
            count += (dir.shift(my_men) & empty).count_ones();
        }
        let mut kings = own & self.kings;
        while kings != 0 {
            let king = kings & kings.wrapping_neg();
            kings &= kings - 1;
            for dir in Direction::ALL {
                let mut to = dir.shift(king) & empty;
                while to != 0 {
                    count += 1;
                    to = dir.shift(to) & empty;
                }
            }
        }
        count as usize
    }
}
