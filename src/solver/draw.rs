//! The draw rules in the proof: a win must come before the game is drawn by the endgame rules
//! (FMJD 6.3 and 6.4: three pieces with a king against a lone king, 16 moves each; two pieces
//! or fewer, 5 moves each; the russian three kings, 15 moves) or by so many successive king
//! moves without a capture (6.2: 25 moves each; brazilian 20, russian 15, english 40).
//!
//! The counts start at the position solved: an exercise's diagram is taken to be where the
//! endgame arose. Along a line the search keeps a [`DrawClock`] and never looks further than
//! the plies it leaves. In a lone-king endgame a forced capture is not a free ply, so that the
//! search's depth and the plies played fall together and a proof stored in the table holds
//! whatever the line that reached it.

use damtutor_rules::{DrawReason, Move, Position, Rules};

/// The draw rules' counts along a line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DrawClock {
    /// The lone-king endgame on the board (its index in the game's limits) and the plies
    /// played since it arose.
    endgame: Option<(u8, u16)>,
    /// Successive plies of king moves without a capture.
    king_plies: u16,
}

impl DrawClock {
    /// The clock at the start of a line from `position`: an endgame on the board starts now.
    pub fn start<R: Rules>(position: &Position<R>) -> DrawClock {
        DrawClock {
            endgame: endgame_of(position).map(|index| (index, 0)),
            king_plies: 0,
        }
    }

    /// The clock after `m`, which led to `next`. The endgame count goes on while the same
    /// limit applies (a crowning that keeps it does not restart it).
    pub fn after<R: Rules>(self, m: &Move<R>, next: &Position<R>) -> DrawClock {
        let king_plies = if m.is_king_move() && !m.is_capture() {
            self.king_plies.saturating_add(1)
        } else {
            0
        };
        let endgame = if m.is_capture() || m.promotes() {
            match (endgame_of(next), self.endgame) {
                (Some(index), Some((old, since))) if index == old => Some((old, since + 1)),
                (Some(index), _) => Some((index, 0)),
                (None, _) => None,
            }
        } else {
            self.endgame
                .map(|(index, since)| (index, since.saturating_add(1)))
        };
        DrawClock {
            endgame,
            king_plies,
        }
    }

    /// The clock after each move of `line` from `start`.
    pub fn along<R: Rules>(start: &Position<R>, line: &[Move<R>]) -> DrawClock {
        let mut clock = DrawClock::start(start);
        let mut position = *start;
        for m in line {
            position = position.play_unchecked(m);
            clock = clock.after(m, &position);
        }
        clock
    }

    /// Whether a lone-king endgame is on the board (forced captures then cost a ply).
    pub fn in_endgame(self) -> bool {
        self.endgame.is_some()
    }

    /// The plies that may still be played before a draw by rule, and the rule; `None` while no
    /// rule counts.
    pub fn plies_left<R: Rules>(self) -> Option<(u32, DrawReason)> {
        let rules = R::RULES.draw;
        let endgame = self.endgame.map(|(index, since)| {
            let limit = rules.lone_king[index as usize];
            (
                (2 * u32::from(limit.moves)).saturating_sub(u32::from(since)),
                DrawReason::Endgame(limit),
            )
        });
        let kings = rules
            .king_moves
            .filter(|_| self.king_plies > 0)
            .map(|moves| {
                (
                    (2 * u32::from(moves)).saturating_sub(u32::from(self.king_plies)),
                    DrawReason::KingMoves(moves),
                )
            });
        match (endgame, kings) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        }
    }
}

/// The lone-king endgame limit of the game that applies to `position`: its index among the
/// game's limits (the first that fits).
fn endgame_of<R: Rules>(position: &Position<R>) -> Option<u8> {
    let limits = R::RULES.draw.lone_king;
    if limits.is_empty() {
        return None;
    }
    let material = position.material();
    for (strong, weak) in [
        (material.white, material.black),
        (material.black, material.white),
    ] {
        if weak.men == 0 && weak.kings == 1 {
            let pieces = strong.pieces();
            let fits = |index: &usize| {
                let limit = limits[*index];
                pieces >= u32::from(limit.min_pieces)
                    && pieces <= u32::from(limit.max_pieces)
                    && strong.kings >= u32::from(limit.min_kings)
            };
            if let Some(index) = (0..limits.len()).find(fits) {
                return Some(index as u8);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use damtutor_rules::{Game, GameEnd, International};

    #[test]
    fn the_clock_counts_as_the_game_does() {
        // King and man against a king: five moves each (6.4), as the game counts them (no
        // position stands three times on the way).
        let start: Position<International> = "W:WK50,45:BK1".parse().unwrap();
        let mut game = Game::new(start);
        let mut clock = DrawClock::start(&start);
        assert_eq!(clock.plies_left::<International>().unwrap().0, 10);
        for text in [
            "50-44", "1-7", "44-39", "7-1", "39-33", "1-7", "33-28", "7-1", "28-22",
        ] {
            let before = *game.position();
            let m = game.play_text(text).unwrap();
            clock = clock.after(&m, &before.play_unchecked(&m));
            assert_eq!(game.end(), None);
        }
        assert_eq!(clock.plies_left::<International>().unwrap().0, 1);
        let before = *game.position();
        let m = game.play_text("1-7").unwrap();
        clock = clock.after(&m, &before.play_unchecked(&m));
        assert_eq!(clock.plies_left::<International>().unwrap().0, 0);
        assert!(matches!(
            game.end(),
            Some(GameEnd::Draw(DrawReason::Endgame(_)))
        ));
        // King moves without a capture: 25 each, from the first one.
        let kings: Position<International> = "W:WK46,K47,K48:BK3,K4,K5".parse().unwrap();
        let mut clock = DrawClock::start(&kings);
        assert_eq!(clock.plies_left::<International>(), None);
        let m = kings.parse_move("46-41").unwrap();
        clock = clock.after(&m, &kings.play_unchecked(&m));
        assert_eq!(
            clock.plies_left::<International>(),
            Some((49, DrawReason::KingMoves(25)))
        );
        // No endgame, no king moves: nothing counts.
        let open: Position<International> = "W:W31,32:B19,20".parse().unwrap();
        assert_eq!(DrawClock::start(&open).plies_left::<International>(), None);
    }
}
