//! The benchmark input of `mine`: plausible games from a fixed seed.
//!
//! Each game starts from the initial position. A move is chosen among those that leave the
//! opponent nothing to capture with probability [`CAREFUL`] (players rarely hang a piece),
//! otherwise at random among all legal moves, so exchanges, sacrifices and missed shots occur
//! as in club play. A game ends when the side to move has no move, or after a random length
//! between [`SHORTEST`] and [`LONGEST`] plies.
//!
//! `tests/data/bench-games.pdn` is [`games`]`(`[`SEED`]`, `[`COUNT`]`)`; `tests/mine.rs` checks
//! that it still is, so the file and this code cannot drift apart.

#![allow(dead_code)] // Each user (the bench, the test) needs a part of this module.

use damtutor::pdn::{self, GameResult};
use damtutor::{with_variant, Color, Rules, Variant};
use damtutor_rules::pdn::PdnGame;
use damtutor_rules::Position;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The seed of the shipped file.
pub const SEED: u64 = 2024;
/// Games in the shipped file.
pub const COUNT: usize = 200;
/// How often a move is chosen among the safe ones.
pub const CAREFUL: f64 = 0.93;
/// The shortest game cut short, in plies.
pub const SHORTEST: usize = 60;
/// The longest game, in plies.
pub const LONGEST: usize = 130;

/// The shipped benchmark file, relative to the crate root.
pub const FILE: &str = "tests/data/bench-games.pdn";

/// `count` games of international draughts from `seed`, as one PDN text.
pub fn games(seed: u64, count: usize) -> String {
    games_of(Variant::International, seed, count)
}

/// `count` games of `variant` from `seed`, as one PDN text (with a `GameType` tag for the games
/// other than international draughts). The 8x8 inputs are made in memory, not shipped.
pub fn games_of(variant: Variant, seed: u64, count: usize) -> String {
    with_variant!(variant, R => games_in::<R>(seed, count))
}

fn games_in<R: Rules>(seed: u64, count: usize) -> String {
    let mut text = String::new();
    for index in 0..count {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index as u64);
        if index > 0 {
            text.push('\n');
        }
        text.push_str(&pdn::write_game(&game::<R>(&mut rng, index + 1)));
    }
    text
}

/// One game, numbered `number`.
fn game<R: Rules>(rng: &mut ChaCha8Rng, number: usize) -> PdnGame<R> {
    let length = rng.gen_range(SHORTEST..=LONGEST);
    let mut position = Position::<R>::initial();
    let mut moves = Vec::new();
    let mut result = GameResult::Unknown;
    while moves.len() < length {
        let legal = position.legal_moves();
        if legal.is_empty() {
            result = match position.turn() {
                Color::White => GameResult::BlackWins,
                Color::Black => GameResult::WhiteWins,
            };
            break;
        }
        let safe: Vec<_> = legal
            .iter()
            .filter(|m| !position.play_unchecked(m).has_capture())
            .collect();
        let chosen = match safe.choose(rng) {
            Some(m) if rng.gen_bool(CAREFUL) => **m,
            _ => legal[rng.gen_range(0..legal.len())],
        };
        moves.push(chosen);
        position = position.play_unchecked(&chosen);
    }
    let tags = vec![
        ("Event".to_string(), "damtutor benchmark".to_string()),
        ("Round".to_string(), number.to_string()),
        ("White".to_string(), format!("White {number}")),
        ("Black".to_string(), format!("Black {number}")),
        ("Result".to_string(), result.as_str().to_string()),
    ];
    PdnGame::new(tags, Position::initial(), &moves, Some(result)).expect("legal moves")
}
