//! What the solver proves: the goals, when a goal counts as reached, and why `auto` chose the
//! goal it proved.
//!
//! A goal is checked in a quiet position (the side to move has no capture), so that a gain
//! about to be given back does not count. Gains that rest on a new king count only once the
//! crowning cannot be undone: the defender, given the move, cannot take a new king at once,
//! nor by a sacrifice that forces the solving side's capture (a king trap); for the `king` goal
//! it cannot crown a man of its own either.

use super::search::prefetch;
use super::{balance, king_value, Solver};
pub use crate::vocabulary::{Goal, GoalChoice};
use damtutor_rules::{Move, MoveList, Position, Rules};

/// The plies the defender is given, from a leaf where a gain is counted, to win it back: the
/// gain counts only if the defender cannot undo it (win material back, crown with a gain, or
/// take the game) within these plies against best play, captures after them played out.
pub const HOLD_PLIES: u32 = 4;

/// Entries of the table of positions whose gain was tested ([`Solver::goal_met_if_quiet`]), by
/// the plies left to play.
pub(super) const HELD_BITS: u32 = 17;

/// A position tested for its gain: the verdict, for the context and plies of `key`.
#[derive(Copy, Clone, Default)]
pub(super) struct Held {
    key: u64,
    generation: u32,
    met: bool,
}

/// Entries of the table of positions whose new kings were tested ([`Solver::crowning_kept`]).
pub(super) const KEPT_BITS: u32 = 14;

/// A table of `1 << KEPT_BITS` empty entries.
pub(super) fn new_kept_table() -> Vec<Held> {
    vec![Held::default(); 1 << KEPT_BITS]
}

/// A table of `1 << HELD_BITS` empty entries.
pub(super) fn new_held_table() -> Vec<Held> {
    vec![Held::default(); 1 << HELD_BITS]
}

impl<R: Rules> Solver<R> {
    /// Whether the goal is reached in `position`, a quiet position: its material condition
    /// holds there ([`Solver::gain_counts`]) and still holds after [`HOLD_PLIES`] plies of best
    /// play by both sides, captures then played out - a gain the defender wins straight back
    /// is no gain.
    pub(super) fn goal_met_if_quiet(&mut self, position: &Position<R>) -> bool {
        if matches!(self.goal, Goal::Win | Goal::Auto) || !self.gain_counts(position) {
            return false;
        }
        if self.plain {
            return true;
        }
        let mut here = *position;
        self.holds(&mut here, HOLD_PLIES)
    }

    /// The key of `position` with `plies` to go in the table of tested positions.
    fn held_key(&self, position: &Position<R>, plies: u32) -> u64 {
        position.hash_key() ^ self.goal_salt ^ HELD_SALT.rotate_left(plies * 13)
    }

    /// Whether the goal's material condition holds in `position` after `plies` more plies of
    /// best play (the solving side keeping it, the defender undoing it), and then every capture
    /// played out: an exact minimax on the goal's condition.
    fn holds(&mut self, position: &mut Position<R>, plies: u32) -> bool {
        // At the horizon a quiet position is judged as it stands, without its moves.
        if plies == 0 && !position.has_capture() {
            return self.quiet_verdict(position);
        }
        // The verdicts of the positions tested before: the trees of sibling leaves meet. A
        // tree of one ply is cheaper to walk again than a table entry is to fetch from memory.
        // The entry is fetched from memory while the moves are generated.
        let remembered = plies >= 2;
        let key = if remembered {
            self.held_key(position, plies)
        } else {
            0
        };
        let slot = (key >> (64 - HELD_BITS)) as usize;
        if remembered {
            prefetch(&self.held, slot);
        }
        let mut moves = self.take_list();
        position.legal_moves_into(&mut moves);
        if remembered {
            let entry = self.held[slot];
            if entry.key == key && entry.generation == self.generation {
                self.give_list(moves);
                return entry.met;
            }
        }
        let verdict = if moves.is_empty() {
            // The side that cannot move has lost.
            position.turn() != self.attacker
        } else if plies == 0 && !moves[0].is_capture() {
            self.gain_counts(position)
        } else if plies == 1
            && position.turn() == self.attacker
            && !moves[0].is_capture()
            && self.counts_as_men(position)
            && self.safe_move(position, &moves)
        {
            // The solving side's last move: a quiet move leaves the material as it is (a
            // crowning adds a king and a new king, counted as a man either way), so one that
            // leaves the defender nothing to take keeps the gain.
            true
        } else {
            let next = plies.saturating_sub(1);
            let attacking = position.turn() == self.attacker;
            let mut verdict = !attacking;
            for m in moves.iter() {
                let undo = position.make(m);
                let kept = self.holds(position, next);
                position.unmake(m, undo);
                if kept == attacking {
                    verdict = attacking;
                    break;
                }
            }
            verdict
        };
        self.give_list(moves);
        if remembered {
            self.held[slot] = Held {
                key,
                generation: self.generation,
                met: verdict,
            };
        }
        verdict
    }

    /// The verdict of a quiet position at the horizon, as it stands: the side with no move
    /// has lost; else the goal's material condition. (The moves are counted only where that
    /// can change the verdict.)
    fn quiet_verdict(&mut self, position: &Position<R>) -> bool {
        let attacking = position.turn() == self.attacker;
        let counts = self.gain_counts(position);
        if counts != attacking {
            // The side to move loses if it cannot move, which gives the same verdict.
            return counts;
        }
        // Quiet: its legal moves are its quiet moves.
        if position.has_quiet_move() {
            counts
        } else {
            !attacking
        }
    }

    /// Whether the goal's material condition holds in `position` with the solving side's new
    /// kings counted as men: true after any quiet move of the solving side as well.
    fn counts_as_men(&self, position: &Position<R>) -> bool {
        let Goal::Material(n) = self.goal else {
            return false;
        };
        let gain = balance(position, self.attacker) - self.start_balance;
        gain - self.new_kings(position) * (king_value::<R>() - 1) >= n as i32
    }

    /// Whether one of the quiet `moves` of the solving side leaves the defender no capture.
    fn safe_move(&self, position: &Position<R>, moves: &MoveList<R>) -> bool {
        moves.iter().any(|m| !position.gives_capture(m))
    }

    /// Whether the goal's material condition holds in `position`, a quiet position, as it
    /// stands: the gain is large enough, a new king counting as one only when the crowning
    /// cannot be undone at once (see [`Solver::crowning_kept`]).
    fn gain_counts(&mut self, position: &Position<R>) -> bool {
        let gain = balance(position, self.attacker) - self.start_balance;
        match self.goal {
            Goal::Win | Goal::Auto => false,
            Goal::Material(n) => {
                let n = n as i32;
                if gain < n {
                    return false;
                }
                // Counted with the new kings as men, does the gain still hold?
                let crowned = self.new_kings(position);
                let per_king = king_value::<R>() - 1;
                let as_men = gain - crowned * per_king;
                if as_men >= n {
                    return true;
                }
                let needed = (n - as_men + per_king - 1) / per_king;
                self.crowning_kept(position, needed, true)
            }
            Goal::King => {
                gain >= 0
                    && self.new_kings(position) > 0
                    && position.kings(self.attacker.other()).count() as u32
                        <= self.start_defender_kings
                    && self.crowning_kept(position, 1, true)
            }
        }
    }

    /// The solving side's kings beyond those it started with.
    fn new_kings(&self, position: &Position<R>) -> i32 {
        (position.kings(self.attacker).count() as i32 - self.start_kings as i32).max(0)
    }

    /// A move buffer from the solver's pool (a box, so that taking and returning it copies a
    /// pointer, never the list).
    pub(super) fn take_list(&mut self) -> Box<MoveList<R>> {
        self.lists.pop().unwrap_or_default()
    }

    /// Returns a buffer of [`Solver::take_list`] to the pool.
    pub(super) fn give_list(&mut self, list: Box<MoveList<R>>) {
        self.lists.push(list);
    }

    /// Whether `needed` new kings of the solving side are safe in `position`: the defender,
    /// even if it were its turn, cannot take one (nor crown a man, when `nor_crown`) with its
    /// next move, nor with a move that forces the solving side to capture and is answered by
    /// such a move (a king trap).
    fn crowning_kept(&mut self, position: &Position<R>, needed: i32, nor_crown: bool) -> bool {
        // The verdict depends on the pieces, the solving side and its kings at the start (all
        // in the salt), `needed` and `nor_crown`: remembered, as the leaves of sibling trees
        // meet.
        let defender = self.attacker.other();
        let key = position.with_turn(defender).hash_key()
            ^ self.goal_salt
            ^ KEPT_SALT.rotate_left(needed as u32 * 2 + u32::from(nor_crown));
        let slot = (key >> (64 - KEPT_BITS)) as usize;
        let entry = self.kept[slot];
        if entry.key == key && entry.generation == self.generation {
            return entry.met;
        }
        let kept = self.crowning_kept_now(position, needed, nor_crown);
        self.kept[slot] = Held {
            key,
            generation: self.generation,
            met: kept,
        };
        kept
    }

    /// [`Solver::crowning_kept`], worked out.
    fn crowning_kept_now(&mut self, position: &Position<R>, needed: i32, nor_crown: bool) -> bool {
        let defender = self.attacker.other();
        let attacker = self.attacker;
        let kings_needed = self.start_kings as i32 + needed;
        let to_move = position.with_turn(defender);
        let undoes = |before: &Position<R>, m: &Move<R>| {
            let taken = (m.captured() & before.kings(attacker)).count() as i32;
            (nor_crown && m.promotes())
                || before.kings(attacker).count() as i32 - taken < kings_needed
        };
        let mut replies = self.take_list();
        let mut captures = self.take_list();
        let mut answers = self.take_list();
        to_move.legal_moves_into(&mut replies);
        let mut kept = true;
        'replies: for reply in replies.iter() {
            if undoes(&to_move, reply) {
                kept = false;
                break;
            }
            if !to_move.gives_capture(reply) {
                continue;
            }
            let after = to_move.play_unchecked(reply);
            after.legal_moves_into(&mut captures);
            // A forcing move: a trap if every capture the solving side may make is answered by
            // a move that takes a new king or crowns.
            for capture in captures.iter() {
                let next = after.play_unchecked(capture);
                next.legal_moves_into(&mut answers);
                if !answers.iter().any(|m| undoes(&next, m)) {
                    continue 'replies;
                }
            }
            kept = false;
            break;
        }
        self.give_list(answers);
        self.give_list(captures);
        self.give_list(replies);
        kept
    }
}

/// Mixed into the keys of the table of tested leaves, apart from the search's own keys.
const HELD_SALT: u64 = 0x5bd1_e995_7f4a_7c15;

/// Mixed into the keys of the table of tested new kings, apart from the others.
const KEPT_SALT: u64 = 0x9e37_79b9_7f4a_7c15 ^ 0x0123_4567_89ab_cdef;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_read_and_write_their_text() {
        for text in ["win", "material:2", "king", "auto"] {
            assert_eq!(text.parse::<Goal>().unwrap().to_string(), text);
        }
        assert!("material:0".parse::<Goal>().is_err());
        assert!("wni".parse::<Goal>().unwrap_err().contains("not a goal"));
    }
}
