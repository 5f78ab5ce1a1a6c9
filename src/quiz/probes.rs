//! Rules facts found out by asking the engine: small positions that show a rule at work, and
//! capture searches under the wrong rules that students believe in (captured pieces removed at
//! once, a piece jumped twice). Rules questions take their answers from here.

use crate::game::{DrawReason, Game, GameEnd};
use crate::moves::Move;
use crate::position::{Outcome, Position};
use crate::square::{Color, Role, Square};
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
    /// `25x48x31x22`: the route as full move text.
    pub(crate) fn text(&self) -> String {
        self.route
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join("x")
    }
}

/// The four diagonal steps as (row, column) changes.
const STEPS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The square one step from `square`, if on the board.
pub(crate) fn step(square: Square, (dr, dc): (i8, i8)) -> Option<Square> {
    let row = square.row() as i8 + dr;
    let column = square.column() as i8 + dc;
    if !(0..10).contains(&row) || !(0..10).contains(&column) {
        return None;
    }
    Square::from_coords(row as u8, column as u8)
}

/// The diagonal neighbours of `square`.
pub(crate) fn neighbours(square: Square) -> Vec<Square> {
    STEPS.iter().filter_map(|&d| step(square, d)).collect()
}

/// Every complete capture of the side to move under `rule`, majority rule ignored, searched
/// square by square on coordinates (independently of the engine's bitboards).
pub(crate) fn wrong_captures(position: &Position, rule: WrongRule) -> Vec<WrongCapture> {
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

struct Search<'a> {
    position: &'a Position,
    rule: WrongRule,
    king: bool,
    from: Square,
    out: &'a mut Vec<WrongCapture>,
}

impl Search<'_> {
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

    fn go(&mut self, at: Square, route: &mut Vec<Square>, jumped: &mut Vec<Square>) {
        let mut went_on = false;
        if route.len() > 12 {
            return;
        }
        for direction in STEPS {
            let mut square = step(at, direction);
            if self.king {
                while let Some(s) = square {
                    if !self.free(s, jumped) {
                        break;
                    }
                    square = step(s, direction);
                }
            }
            let Some(target) = square else { continue };
            if !self.victim(target, jumped) {
                continue;
            }
            let mut landing = step(target, direction);
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
                if !self.king {
                    break;
                }
                landing = step(land, direction);
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

/// The squares a capture route passes over or lands on, leg by leg (the start not counted,
/// jumped pieces' squares not counted).
pub(crate) fn crossed(position: &Position, route: &[Square]) -> Vec<Square> {
    let mut out = Vec::new();
    for leg in route.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        let dr = (b.row() as i8 - a.row() as i8).signum();
        let dc = (b.column() as i8 - a.column() as i8).signum();
        let mut square = step(a, (dr, dc));
        while let Some(s) = square {
            if position.piece_at(s).is_none() || s == route[0] {
                out.push(s);
            }
            if s == b {
                break;
            }
            square = step(s, (dr, dc));
        }
    }
    out
}

fn pos(text: &str) -> Option<Position> {
    text.parse().ok()
}

/// Whether a man moves backwards without capturing: tried from every square.
pub(crate) fn man_quiet_backward() -> bool {
    Square::all().filter(|s| s.row() > 0).any(|s| {
        let position = lone(s, Color::White, Role::Man, None);
        position
            .legal_moves()
            .iter()
            .any(|m| m.to().row() > s.row())
    })
}

/// Whether a man moves forwards without capturing.
pub(crate) fn man_quiet_forward() -> bool {
    Square::all().filter(|s| s.row() > 0).any(|s| {
        let position = lone(s, Color::White, Role::Man, None);
        position
            .legal_moves()
            .iter()
            .any(|m| m.to().row() < s.row())
    })
}

/// A white piece on `square` alone (with one black piece on `other`), White to move.
fn lone(square: Square, color: Color, role: Role, other: Option<Square>) -> Position {
    let mut text = format!(
        "W:{}{}{}",
        color.letter(),
        if role == Role::King { "K" } else { "" },
        square
    );
    if let Some(o) = other {
        text.push_str(&format!(":{}{o}", color.other().letter()));
    }
    pos(&text).unwrap_or_else(|| Position::empty(Color::White))
}

/// Whether a white man captures in the direction `forward` (towards row 0) or backwards.
pub(crate) fn man_captures(forward: bool) -> bool {
    Square::all().any(|s| {
        STEPS
            .iter()
            .filter(|d| (d.0 < 0) == forward)
            .any(|&d| match step(s, d) {
                Some(victim) if s.row() > 0 => {
                    let position = lone(s, Color::White, Role::Man, Some(victim));
                    position
                        .legal_moves()
                        .iter()
                        .any(|m| m.is_capture() && m.captured().contains(victim))
                }
                _ => false,
            })
    })
}

/// Whether quiet moves of White's men always go to smaller square numbers (and Black's to
/// larger): `Some(true)`, always larger: `Some(false)`, both: `None`.
pub(crate) fn white_quiet_to_smaller() -> Option<bool> {
    directions(|s| lone(s, Color::White, Role::Man, None))
}

/// The same for captures of White's men.
pub(crate) fn white_captures_to_smaller() -> Option<bool> {
    let mut smaller = false;
    let mut larger = false;
    for s in Square::all().filter(|s| s.row() > 0) {
        for victim in neighbours(s) {
            let position = lone(s, Color::White, Role::Man, Some(victim));
            for m in position.legal_moves().iter().filter(|m| m.is_capture()) {
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

fn directions(make: impl Fn(Square) -> Position) -> Option<bool> {
    let mut smaller = false;
    let mut larger = false;
    for s in Square::all().filter(|s| s.row() > 0) {
        for m in make(s).legal_moves().iter() {
            smaller |= m.to() < m.from();
            larger |= m.to() > m.from();
        }
    }
    match (smaller, larger) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// Whether a man may capture a piece standing on the edge of the board (it never can: there
/// is no square behind it).
pub(crate) fn man_captures_on_edge() -> bool {
    Square::all()
        .filter(|s| s.column() == 0 || s.column() == 9)
        .any(|edge| {
            neighbours(edge).into_iter().any(|s| {
                s.row() > 0
                    && lone(s, Color::White, Role::Man, Some(edge))
                        .legal_moves()
                        .iter()
                        .any(|m| m.captured().contains(edge))
            })
        })
}

/// Whether a piece may jump over a piece of its own colour (tried with a man and a king next
/// to an own piece with an empty square behind).
pub(crate) fn jumps_own_pieces() -> bool {
    ["W:W33,28", "W:WK33,28", "W:WK46,37", "W:W32,27"]
        .iter()
        .filter_map(|t| pos(t))
        .any(|p| {
            p.legal_moves().iter().any(|m| {
                let route = p.capture_route(m);
                crossed_pieces(&p, &route)
                    .iter()
                    .any(|s| p.piece_at(*s).is_some_and(|x| x.color == p.turn()))
            })
        })
}

/// The occupied squares between the legs of a route (what it jumps or passes over).
fn crossed_pieces(position: &Position, route: &[Square]) -> Vec<Square> {
    let mut out = Vec::new();
    for leg in route.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        let dr = (b.row() as i8 - a.row() as i8).signum();
        let dc = (b.column() as i8 - a.column() as i8).signum();
        let mut square = step(a, (dr, dc));
        while let Some(s) = square {
            if s == b {
                break;
            }
            if position.piece_at(s).is_some() {
                out.push(s);
            }
            square = step(s, (dr, dc));
        }
    }
    out
}

/// Positions where the longest capture crosses an empty square twice: shows that this is
/// permitted when the engine plays such a capture.
const CROSS_TWICE: [&str; 2] = ["W:WK45:B13,14,34,42", "W:WK38:B9,10,30,33"];

/// Whether a capture may cross the same empty square more than once.
pub(crate) fn crosses_empty_twice() -> bool {
    CROSS_TWICE.iter().filter_map(|t| pos(t)).any(|p| {
        p.legal_moves().iter().any(|m| {
            p.capture_routes(m).iter().any(|route| {
                let squares = crossed(&p, route);
                squares.iter().collect::<BTreeSet<_>>().len() < squares.len()
            })
        })
    })
}

/// The Turkish strike rule at work: a king whose capture would go on if captured pieces were
/// removed at once.
pub(crate) const TURKISH_RULE: &str = "B:W27,28,38,39,42:BK25";

/// Whether the engine lets the capturer jump a piece twice: compared with a search that
/// allows it, on positions where that would take more.
pub(crate) fn jumps_same_piece_twice() -> Option<bool> {
    let p = pos(TURKISH_RULE)?;
    let most = p.legal_moves().first()?.capture_count();
    let twice = wrong_captures(&p, WrongRule::JumpTwice)
        .into_iter()
        .filter(|c| c.jumped.len() > most)
        .collect::<Vec<_>>();
    if twice.is_empty() {
        return None;
    }
    Some(twice.iter().any(|c| p.parse_move(&c.text()).is_ok()))
}

/// Whether captured pieces are removed only when the capture is over: the engine's capture
/// stops where one with pieces removed at once would go on.
pub(crate) fn removed_after_capture() -> Option<bool> {
    let p = pos(TURKISH_RULE)?;
    let most = p.legal_moves().first()?.capture_count();
    let longer = wrong_captures(&p, WrongRule::RemoveAtOnce)
        .into_iter()
        .any(|c| c.jumped.len() > most);
    Some(longer)
}

/// Whether a king may capture a piece that is not next to it.
pub(crate) fn king_captures_at_distance() -> bool {
    pos("W:WK46:B28").is_some_and(|p| {
        p.legal_moves().iter().any(|m| {
            m.is_capture()
                && neighbours(m.from())
                    .iter()
                    .all(|n| !m.captured().contains(*n))
        })
    })
}

/// Whether a king may choose among several landing squares behind a captured piece.
pub(crate) fn king_lands_anywhere() -> bool {
    pos("W:WK46:B32").is_some_and(|p| {
        let ends: BTreeSet<Square> = p.legal_moves().iter().map(|m| m.to()).collect();
        ends.len() > 1
    })
}

/// Whether a king moves more than one square without capturing.
pub(crate) fn king_flies() -> bool {
    pos("W:WK46:B1").is_some_and(|p| {
        p.legal_moves()
            .iter()
            .any(|m| m.from().row().abs_diff(m.to().row()) > 1)
    })
}

/// Whether a king may turn onto another diagonal during a multiple capture.
pub(crate) fn king_turns() -> bool {
    pos("W:WK46:B37,18").is_some_and(|p| {
        p.legal_moves().iter().any(|m| {
            let route = p.capture_route(m);
            route.windows(3).any(|w| {
                let d1 = (
                    (w[1].row() as i8 - w[0].row() as i8).signum(),
                    (w[1].column() as i8 - w[0].column() as i8).signum(),
                );
                let d2 = (
                    (w[2].row() as i8 - w[1].row() as i8).signum(),
                    (w[2].column() as i8 - w[1].column() as i8).signum(),
                );
                d1 != d2
            })
        })
    })
}

/// Whether a king captures backwards (towards its own side).
pub(crate) fn king_captures_backward() -> bool {
    pos("W:WK5:B14").is_some_and(|p| p.legal_moves().iter().any(|m| m.is_capture()))
}

/// Whether capturing is compulsory: a man that can capture has no quiet move.
pub(crate) fn capture_compulsory() -> bool {
    pos("W:W32,37:B27").is_some_and(|p| p.legal_moves().iter().all(|m| m.is_capture()))
}

/// How a king counts for the majority rule, from two positions: a man that can take a king or
/// two men, and a man that can take a king or one man. `Some(1)`: like a man; `Some(2)` or
/// more: worth more; `None`: the probes disagree with every simple count.
pub(crate) fn king_counts_as() -> Option<u32> {
    // 32 can take the king on 27 (32x21), or the men on 28 and 19 (32x23x14).
    let two_men = pos("W:W32:BK27,28,19")?;
    // 32 can take the king on 27 or the man on 28.
    let one_man = pos("W:W32:BK27,28")?;
    let takes_king = |p: &Position| {
        p.legal_moves().iter().any(|m| {
            m.captured()
                .iter()
                .any(|s| p.kings(Color::Black).contains(s))
        })
    };
    let takes_men_only = |p: &Position| {
        p.legal_moves()
            .iter()
            .any(|m| m.captured().iter().all(|s| p.men(Color::Black).contains(s)))
    };
    match (
        takes_king(&two_men),
        takes_men_only(&two_men),
        takes_king(&one_man),
        takes_men_only(&one_man),
    ) {
        (false, true, true, true) => Some(1),
        (true, false, true, false) => Some(2),
        _ => None,
    }
}

/// A man that passes its promotion row during a capture and ends elsewhere: whether it is
/// crowned. White's man on 14 takes 9 and 8 by way of 3 (14x3x12).
pub(crate) fn crowned_in_passing() -> Option<bool> {
    let p = pos(PASSING)?;
    let passing: Vec<Move> = p
        .legal_moves()
        .into_iter()
        .filter(|m| {
            let route = p.capture_route(m);
            route[1..route.len() - 1].iter().any(|s| s.row() == 0)
        })
        .collect();
    let m = passing.first()?;
    Some(m.promotes())
}

/// A man that captures over its promotion row: 14x3x12.
pub(crate) const PASSING: &str = "W:W14:B8,9";

/// Who moves first in the starting position.
pub(crate) fn first_to_move() -> Color {
    Position::initial().turn()
}

/// The outcome, for the side to move, of `fen`.
fn outcome(text: &str) -> Option<Option<Outcome>> {
    pos(text).map(|p| p.outcome())
}

/// Facts about losing: (a player with no pieces loses, a player who cannot move loses, a
/// player with fewer pieces loses, a player without a king against a king loses).
pub(crate) fn losing() -> Option<[bool; 4]> {
    let loses = |text: &str| -> Option<bool> {
        Some(matches!(outcome(text)?, Some(Outcome::Win(Color::White))))
    };
    Some([
        loses("B:W28:B")?,
        // Black's man on 36 is blocked by White's men on 41 and 47.
        loses("B:W41,47:B36")?,
        loses("B:W28,33,39:B12")?,
        loses("B:WK28:B12,13")?,
    ])
}

/// The draw counts of the rules, found by playing quiet king moves in a [`Game`] until it is
/// drawn: (moves each with only kings moving, moves each with three pieces against a lone
/// king, moves each with two pieces or fewer against a lone king, times a position stands).
pub(crate) fn draw_counts() -> Option<(u32, u32, u32, u32)> {
    let kings = plies_until_draw("W:WK46,K50:BK1,K5", |r| {
        matches!(r, DrawReason::KingMoves(_))
    })?;
    let sixteen = plies_until_draw(
        "W:WK46,K47,K48:BK3",
        |r| matches!(r, DrawReason::Endgame(limit) if limit.max_pieces == 3),
    )?;
    let five = plies_until_draw(
        "W:WK46,K47:BK3",
        |r| matches!(r, DrawReason::Endgame(limit) if limit.max_pieces == 2),
    )?;
    let repetition = repetitions_until_draw()?;
    Some((kings / 2, sixteen / 2, five / 2, repetition))
}

/// Plays quiet moves that never give a capture and never repeat a position, and counts the
/// plies until the game is drawn for a reason that `reason` accepts.
fn plies_until_draw(start: &str, reason: fn(DrawReason) -> bool) -> Option<u32> {
    let mut game = Game::new(pos(start)?);
    let mut seen = BTreeSet::new();
    seen.insert(game.position().hash_key());
    // Quiet moves after which the opponent cannot capture, to positions not seen before.
    let safe = |position: &Position, seen: &BTreeSet<u64>| -> Vec<Move> {
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
        // A move that leaves the opponent a safe move too.
        let next = safe(&position, &seen).into_iter().find(|m| {
            let after = position.play_unchecked(m);
            let mut later = seen.clone();
            later.insert(after.hash_key());
            !safe(&after, &later).is_empty()
        })?;
        game.play(&next)?;
        seen.insert(game.position().hash_key());
        match game.end() {
            Some(GameEnd::Draw(r)) if reason(r) => return Some(ply),
            Some(_) => return None,
            None => {}
        }
    }
    None
}

/// Moves two kings back and forth and counts how often the start position stands when the
/// game is drawn by repetition.
fn repetitions_until_draw() -> Option<u32> {
    let start = pos("W:WK50:BK1")?;
    let mut game = Game::new(start);
    let shuttle = ["50-44", "1-7", "44-50", "7-1"];
    let mut times = 1;
    for round in 0..10 {
        for text in shuttle {
            game.play_text(text).ok()?;
            if *game.position() == start {
                times += 1;
            }
            if let Some(end) = game.end() {
                return (end == GameEnd::Draw(DrawReason::Repetition) && round < 10)
                    .then_some(times);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_agree_with_the_rules() {
        assert!(!man_quiet_backward());
        assert!(man_quiet_forward());
        assert!(man_captures(true) && man_captures(false));
        assert_eq!(white_quiet_to_smaller(), Some(true));
        assert_eq!(white_captures_to_smaller(), None);
        assert!(!man_captures_on_edge());
        assert!(!jumps_own_pieces());
        assert!(crosses_empty_twice());
        assert_eq!(jumps_same_piece_twice(), Some(false));
        assert_eq!(removed_after_capture(), Some(true));
        assert!(king_captures_at_distance());
        assert!(king_lands_anywhere());
        assert!(king_flies());
        assert!(king_turns());
        assert!(king_captures_backward());
        assert!(capture_compulsory());
        assert_eq!(king_counts_as(), Some(1));
        assert_eq!(crowned_in_passing(), Some(false));
        assert_eq!(first_to_move(), Color::White);
        assert_eq!(losing(), Some([true, true, false, false]));
        assert_eq!(draw_counts(), Some((25, 16, 5, 3)));
    }

    #[test]
    fn wrong_rules_find_longer_captures() {
        let p: Position = TURKISH_RULE.parse().unwrap();
        let legal = p.legal_moves();
        assert_eq!(legal.len(), 1);
        let at_once = wrong_captures(&p, WrongRule::RemoveAtOnce);
        assert!(at_once
            .iter()
            .any(|c| c.jumped.len() > legal[0].capture_count()));
        for c in &at_once {
            if c.jumped.len() > legal[0].capture_count() {
                assert!(p.parse_move(&c.text()).is_err(), "{}", c.text());
            }
        }
    }
}
