//! Captures under the wrong rules students believe in - captured pieces taken off at once, a
//! piece jumped twice - searched square by square on the board's coordinates, independently of
//! the engine's bitboards. They make the near misses of the capture questions and show, by
//! comparison with the engine's captures, that the real rules differ.

use super::geometry::{direction, step, STEPS};
use crate::square::{Color, Square};
use crate::Rules;
use damtutor_rules::Position;
use std::collections::BTreeSet;

/// A rule students get wrong, used to make capture routes the real rules forbid.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum WrongRule {
    /// Captured pieces vanish as they are jumped: the capturer may cross their squares.
    RemoveAtOnce,
    /// Captured pieces stay, and may be jumped again.
    JumpTwice,
}

/// A capture under a wrong rule: its landing squares (start first) and the pieces jumped, in
/// order (with repeats under [`WrongRule::JumpTwice`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct WrongCapture {
    pub route: Vec<Square>,
    pub jumped: Vec<Square>,
}

impl WrongCapture {
    /// The route as full move text in the game's notation: `25x48x31x22`, `c3:e5:c7`.
    pub(crate) fn text<R: Rules>(&self) -> String {
        let separator = R::RULES.capture_separator().to_string();
        self.route
            .iter()
            .map(|&s| R::RULES.square_name(s))
            .collect::<Vec<_>>()
            .join(&separator)
    }
}

/// Every complete capture of the side to move under `rule`, with the game's way of moving
/// (flying kings or not, men capturing backwards or not) but no maximum rule and no crowning
/// during the capture.
pub(crate) fn wrong_captures<R: Rules>(
    position: &Position<R>,
    rule: WrongRule,
) -> Vec<WrongCapture> {
    let me = position.turn();
    let mut out = Vec::new();
    for from in position.pieces(me).iter() {
        let king = position.kings(me).contains(from);
        let mut search = Search {
            position,
            rule,
            king,
            from,
            out: &mut out,
        };
        search.go(from, &mut vec![from], &mut Vec::new());
    }
    let mut seen = BTreeSet::new();
    out.retain(|c| seen.insert(c.route.clone()));
    out
}

struct Search<'a, R: Rules> {
    position: &'a Position<R>,
    rule: WrongRule,
    king: bool,
    from: Square,
    out: &'a mut Vec<WrongCapture>,
}

impl<R: Rules> Search<'_, R> {
    /// Whether `square` is free to pass or land on, with `jumped` pieces taken so far.
    fn free(&self, square: Square, jumped: &[Square]) -> bool {
        square == self.from
            || self.position.piece_at(square).is_none()
            || (self.rule == WrongRule::RemoveAtOnce && jumped.contains(&square))
    }

    /// Whether the piece on `square` may be jumped now.
    fn victim(&self, square: Square, jumped: &[Square]) -> bool {
        let opponent = self
            .position
            .piece_at(square)
            .is_some_and(|p| p.color != self.position.turn());
        if !opponent || square == self.from {
            return false;
        }
        match self.rule {
            WrongRule::RemoveAtOnce => !jumped.contains(&square),
            // At most twice, so that the search ends.
            WrongRule::JumpTwice => jumped.iter().filter(|&&s| s == square).count() < 2,
        }
    }

    /// Whether the piece may capture in `direction` (men of English checkers only forwards).
    fn may_go(&self, (dr, _): (i8, i8)) -> bool {
        if self.king || R::RULES.men_capture_backwards {
            return true;
        }
        match self.position.turn() {
            Color::White => dr < 0,
            Color::Black => dr > 0,
        }
    }

    fn go(&mut self, at: Square, route: &mut Vec<Square>, jumped: &mut Vec<Square>) {
        let board = R::RULES.board;
        let flying = self.king && R::RULES.flying_kings;
        let mut went_on = false;
        if route.len() > 12 {
            return;
        }
        for direction in STEPS {
            if !self.may_go(direction) {
                continue;
            }
            let mut square = step(board, at, direction);
            if flying {
                while let Some(s) = square {
                    if !self.free(s, jumped) {
                        break;
                    }
                    square = step(board, s, direction);
                }
            }
            let Some(target) = square else { continue };
            if !self.victim(target, jumped) {
                continue;
            }
            let mut landing = step(board, target, direction);
            while let Some(land) = landing {
                if !self.free(land, jumped) {
                    break;
                }
                went_on = true;
                route.push(land);
                jumped.push(target);
                self.go(land, route, jumped);
                jumped.pop();
                route.pop();
                if !flying {
                    break;
                }
                landing = step(board, land, direction);
            }
        }
        if !went_on && !jumped.is_empty() {
            self.out.push(WrongCapture {
                route: route.clone(),
                jumped: jumped.clone(),
            });
        }
    }
}

/// The squares a capture route passes over or lands on, leg by leg, that are empty (or the
/// start): a square listed twice was crossed twice.
pub(crate) fn crossed<R: Rules>(position: &Position<R>, route: &[Square]) -> Vec<Square> {
    let board = R::RULES.board;
    let mut out = Vec::new();
    for leg in route.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        let mut square = step(board, a, direction(board, a, b));
        while let Some(s) = square {
            if position.piece_at(s).is_none() || s == route[0] {
                out.push(s);
            }
            if s == b {
                break;
            }
            square = step(board, s, direction(board, a, b));
        }
    }
    out
}

/// The occupied squares between the legs of a route (what it jumps or passes over).
pub(crate) fn crossed_pieces<R: Rules>(position: &Position<R>, route: &[Square]) -> Vec<Square> {
    let board = R::RULES.board;
    let mut out = Vec::new();
    for leg in route.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        let mut square = step(board, a, direction(board, a, b));
        while let Some(s) = square {
            if s == b {
                break;
            }
            if position.piece_at(s).is_some() {
                out.push(s);
            }
            square = step(board, s, direction(board, a, b));
        }
    }
    out
}
