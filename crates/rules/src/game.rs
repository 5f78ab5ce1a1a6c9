//! `Game`: a position with its history, and the rules that end a game (FMJD articles 6 and 7,
//! and the draw rules of the other games: see [`DrawRules`]).

use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::{Outcome, Position};
use crate::rules::{DrawRules, EndgameLimit, Rules};
use crate::square::Color;
use std::fmt;

/// Why a game was drawn.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DrawReason {
    /// The same position with the same side to move for the third time (6.1).
    Repetition,
    /// So many successive moves by each player with only kings moving and no capture (6.2:
    /// 25; brazilian 20, russian 15, english 40).
    KingMoves(u16),
    /// An endgame against a lone king that was not won in time (6.3: three pieces with a king,
    /// 16 moves each; 6.4: two pieces or a king alone, 5 moves each; russian: three kings, 15).
    Endgame(EndgameLimit),
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = |n: u8| match n {
            1 => "one".to_string(),
            2 => "two".to_string(),
            3 => "three".to_string(),
            n => n.to_string(),
        };
        match self {
            DrawReason::Repetition => f.write_str("threefold repetition"),
            DrawReason::KingMoves(n) => write!(f, "{n} king moves each without capture"),
            DrawReason::Endgame(limit) => {
                let moves = limit.moves;
                if limit.min_kings >= 3 {
                    let kings = number(limit.min_kings);
                    write!(
                        f,
                        "{moves} moves each with {kings} kings against a lone king"
                    )
                } else if limit.min_pieces == limit.max_pieces {
                    let pieces = number(limit.max_pieces);
                    write!(
                        f,
                        "{moves} moves each with {pieces} pieces against a lone king"
                    )
                } else {
                    let pieces = number(limit.max_pieces);
                    write!(
                        f,
                        "{moves} moves each with {pieces} pieces or fewer against a lone king"
                    )
                }
            }
        }
    }
}

/// How and why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GameEnd {
    /// `winner` won: the loser has no pieces (`no_pieces`) or no legal move.
    Win { winner: Color, no_pieces: bool },
    /// Drawn by rule.
    Draw(DrawReason),
}

impl GameEnd {
    /// The bare result.
    pub fn outcome(self) -> Outcome {
        match self {
            GameEnd::Win { winner, .. } => Outcome::Win(winner),
            GameEnd::Draw(_) => Outcome::Draw,
        }
    }
}

/// The endgame limit of `rules` that applies to `position`: its index in `rules.lone_king`.
fn endgame_of<R: Rules>(rules: &DrawRules, position: &Position<R>) -> Option<usize> {
    let material = position.material();
    for (strong, weak) in [
        (material.white, material.black),
        (material.black, material.white),
    ] {
        if weak.men == 0 && weak.kings == 1 {
            let fits = |limit: &EndgameLimit| {
                let pieces = strong.pieces();
                pieces >= limit.min_pieces as u32
                    && pieces <= limit.max_pieces as u32
                    && strong.kings >= limit.min_kings as u32
            };
            if let Some(index) = rules.lone_king.iter().position(fits) {
                return Some(index);
            }
        }
    }
    None
}

/// A game: a start position, the moves played, and the draw bookkeeping of the game's rules.
///
/// The endgame limits count from the move that brings the endgame on the board; a crowning
/// that keeps the same limit does not restart the count.
///
/// ```
/// use damtutor_rules::{Game, GameEnd, DrawReason, International, Position};
/// let mut game: Game<International> = Game::new("W:WK50,K49:BK1,K2".parse().unwrap());
/// for text in ["50-44", "1-7", "44-50", "7-1", "50-44", "1-7", "44-50"] {
///     game.play_text(text).unwrap();
/// }
/// assert_eq!(game.end(), None);
/// game.play_text("7-1").unwrap(); // the start position stands for the third time
/// assert_eq!(game.end(), Some(GameEnd::Draw(DrawReason::Repetition)));
/// ```
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    start: Position<R>,
    position: Position<R>,
    moves: Vec<Move<R>>,
    /// Zobrist keys of every position so far, the current one last.
    keys: Vec<u64>,
    /// Successive plies of quiet king moves.
    king_plies: usize,
    /// The endgame limit on the board (an index into the rules' list) and the ply at which it
    /// arose.
    endgame: Option<(usize, usize)>,
}

impl<R: Rules> Game<R> {
    /// A game starting from `start`.
    pub fn new(start: Position<R>) -> Game<R> {
        Game {
            start,
            position: start,
            moves: Vec::new(),
            keys: vec![start.hash_key()],
            king_plies: 0,
            endgame: endgame_of(&R::RULES.draw, &start).map(|e| (e, 0)),
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position<R> {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position<R> {
        &self.position
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move<R>] {
        &self.moves
    }

    /// Plays a legal move; `None` (and no change) if `m` is not legal here.
    pub fn play(&mut self, m: &Move<R>) -> Option<()> {
        let next = self.position.play(m)?;
        self.push(m, next);
        Some(())
    }

    /// Plays move text such as `32-28`; returns the move, or why it is not legal.
    pub fn play_text(&mut self, text: &str) -> Result<Move<R>, MoveError> {
        let m = self.position.parse_move(text)?;
        let next = self.position.play_unchecked(&m);
        self.push(&m, next);
        Ok(m)
    }

    fn push(&mut self, m: &Move<R>, next: Position<R>) {
        if m.is_king_move() && !m.is_capture() {
            self.king_plies += 1;
        } else {
            self.king_plies = 0;
        }
        self.moves.push(*m);
        self.position = next;
        self.keys.push(next.hash_key());
        let ply = self.moves.len();
        self.endgame = match (endgame_of(&R::RULES.draw, &next), self.endgame) {
            (Some(kind), Some((old, since))) if kind == old => Some((old, since)),
            (Some(kind), _) => Some((kind, ply)),
            (None, _) => None,
        };
    }

    /// How many times the current position (with the same side to move) has stood on the board.
    pub fn repetitions(&self) -> usize {
        let current = self.keys[self.keys.len() - 1];
        self.keys.iter().filter(|&&k| k == current).count()
    }

    /// The end of the game, if it has ended: a win (no pieces or no moves) or a draw by rule.
    pub fn end(&self) -> Option<GameEnd> {
        let turn = self.position.turn();
        if self.position.pieces(turn).is_empty() {
            return Some(GameEnd::Win {
                winner: turn.other(),
                no_pieces: true,
            });
        }
        if self.position.legal_moves().is_empty() {
            return Some(GameEnd::Win {
                winner: turn.other(),
                no_pieces: false,
            });
        }
        let rules = R::RULES.draw;
        if let Some((index, since)) = self.endgame {
            let limit = rules.lone_king[index];
            if self.moves.len() - since >= 2 * limit.moves as usize {
                return Some(GameEnd::Draw(DrawReason::Endgame(limit)));
            }
        }
        if self.repetitions() >= 3 {
            return Some(GameEnd::Draw(DrawReason::Repetition));
        }
        if let Some(moves) = rules.king_moves {
            if self.king_plies >= 2 * moves as usize {
                return Some(GameEnd::Draw(DrawReason::KingMoves(moves)));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::International;

    fn play<R: Rules>(game: &mut Game<R>, moves: &str) {
        for text in moves.split_whitespace() {
            game.play_text(text).unwrap();
        }
    }

    #[test]
    fn threefold_repetition() {
        // Two kings each side, so no endgame rule applies.
        let mut game: Game<International> = Game::new("W:WK50,K49:BK1,K2".parse().unwrap());
        play(&mut game, "50-44 1-7 44-50 7-1 50-44 1-7 44-50");
        assert_eq!(game.end(), None);
        game.play_text("7-1").unwrap();
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.end(), Some(GameEnd::Draw(DrawReason::Repetition)));
    }

    #[test]
    fn twenty_five_king_moves_each() {
        // Kings only, three a side; play fresh positions with no capture until the rule ends it.
        let mut game: Game<International> = Game::new("W:WK46,K47,K48:BK3,K4,K5".parse().unwrap());
        let mut seen = std::collections::HashSet::new();
        seen.insert(game.position().hash_key());
        for ply in 0..50 {
            assert_eq!(game.end(), None, "ended early at ply {ply}");
            let position = *game.position();
            let next = position
                .legal_moves()
                .into_iter()
                .find(|m| {
                    let after = position.play_unchecked(m);
                    !m.is_capture()
                        && !seen.contains(&after.hash_key())
                        && !after.has_capture()
                        && !after.legal_moves().is_empty()
                })
                .expect("a quiet fresh move exists");
            game.play(&next).unwrap();
            seen.insert(game.position().hash_key());
        }
        assert_eq!(game.end(), Some(GameEnd::Draw(DrawReason::KingMoves(25))));
    }

    #[test]
    fn endgame_rules_count_from_when_they_arise() {
        // Three kings against one: 16 moves each, then a draw.
        let mut game: Game<International> = Game::new("W:WK36,K41,K46:BK15".parse().unwrap());
        let mut seen = std::collections::HashSet::new();
        for ply in 0..32 {
            assert_eq!(game.end(), None, "ended early at ply {ply}");
            let position = *game.position();
            let next = position
                .legal_moves()
                .into_iter()
                .find(|m| {
                    let after = position.play_unchecked(m);
                    !m.is_capture() && !after.has_capture() && seen.insert(after.hash_key())
                })
                .expect("a quiet fresh move exists");
            game.play(&next).unwrap();
        }
        let end = game.end();
        assert!(matches!(end, Some(GameEnd::Draw(DrawReason::Endgame(l))) if l.moves == 16));
        let Some(GameEnd::Draw(reason)) = end else {
            unreachable!()
        };
        assert_eq!(
            reason.to_string(),
            "16 moves each with three pieces against a lone king"
        );

        // King and man against a king: five moves each.
        let mut game: Game<International> = Game::new("W:WK50,45:BK1".parse().unwrap());
        play(&mut game, "50-44 1-7 44-50 7-1 50-44 1-7 44-39 7-1");
        assert_eq!(game.end(), None);
        play(&mut game, "39-44 1-7");
        let end = game.end();
        assert!(matches!(end, Some(GameEnd::Draw(DrawReason::Endgame(l))) if l.moves == 5));
    }

    /// Plays fresh quiet moves (no capture possible after them, no position twice) from `fen`
    /// until the game ends; the plies played and how it ended.
    fn quiet_game<R: Rules>(fen: &str) -> (usize, Option<GameEnd>) {
        let mut game: Game<R> = Game::new(fen.parse().unwrap());
        let mut seen = std::collections::HashSet::new();
        seen.insert(game.position().hash_key());
        for ply in 0..200 {
            if let Some(end) = game.end() {
                return (ply, Some(end));
            }
            let position = *game.position();
            let next = position.legal_moves().into_iter().find(|m| {
                let after = position.play_unchecked(m);
                !m.is_capture()
                    && !after.has_capture()
                    && !after.legal_moves().is_empty()
                    && !seen.contains(&after.hash_key())
            });
            let Some(next) = next else {
                return (ply, None);
            };
            game.play(&next).unwrap();
            seen.insert(game.position().hash_key());
        }
        (200, None)
    }

    #[test]
    fn each_game_has_its_own_draw_rules() {
        use crate::rules::{Brazilian, English, International, Russian};
        // King moves without capture: 25 each (FMJD 6.2), 20 (brazilian), 15 (russian), and
        // the english 40-move rule.
        let kings = |end: Option<GameEnd>| match end {
            Some(GameEnd::Draw(DrawReason::KingMoves(n))) => n,
            other => panic!("{other:?}"),
        };
        let (plies, end) = quiet_game::<International>("W:WK46,K47,K48:BK3,K4,K5");
        assert_eq!((plies, kings(end)), (50, 25));
        let (plies, end) = quiet_game::<Brazilian>("W:WK29,K30,K31:BK2,K3,K4");
        assert_eq!((plies, kings(end)), (40, 20));
        let (plies, end) = quiet_game::<Russian>("W:WK29,K30,K31:BK2,K3,K4");
        assert_eq!((plies, kings(end)), (30, 15));
        let (plies, end) = quiet_game::<English>("W:WK29,K30,K31:BK2,K3,K4");
        assert_eq!((plies, kings(end)), (80, 40));
        // Three kings against a lone king: 15 moves each in russian draughts, then a draw.
        let (plies, end) = quiet_game::<Russian>("W:WK30,K31,K32:BK1");
        assert_eq!(plies, 30);
        let Some(GameEnd::Draw(reason)) = end else {
            panic!("{end:?}")
        };
        assert_eq!(
            reason.to_string(),
            "15 moves each with three kings against a lone king"
        );
        // A man moving restarts the english count.
        let mut game: Game<English> = Game::new("W:WK32,21:BK1".parse().unwrap());
        play(&mut game, "32-28 1-5 28-32 5-1");
        assert_eq!(game.king_plies, 4);
        play(&mut game, "21-17");
        assert_eq!(game.king_plies, 0);
    }

    #[test]
    fn no_pieces_or_no_moves_loses() {
        let mut game: Game<International> = Game::new("W:W28:B23".parse().unwrap());
        game.play_text("28x19").unwrap();
        assert_eq!(
            game.end(),
            Some(GameEnd::Win {
                winner: Color::White,
                no_pieces: true
            })
        );
        let stuck: Game<International> = Game::new("W:W46:B41,37".parse().unwrap());
        assert_eq!(
            stuck.end(),
            Some(GameEnd::Win {
                winner: Color::Black,
                no_pieces: false
            })
        );
    }
}
