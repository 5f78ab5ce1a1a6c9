//! The proof search's inner loop: the AND/OR recursion, its transposition table and its move
//! order.
//!
//! Nothing here allocates or copies a move list: each ply of the search generates its moves into
//! its own buffer ([`Ply`]), kept by the solver from one node and one search to the next. Leaves
//! (depth 0) generate no moves at all. The solver's moves are tried most forcing first - captures,
//! then quiet moves that force a capture, then promotions, then the rest - by passes over the
//! list that test a quiet move for forcing only when its pass comes, never by sorting it. The
//! defender's replies that give the solver a capture come first: they most often hold, and a
//! refutation ends the node at the first reply that holds.

use super::draw::DrawClock;
use super::{balance, Aborted, Goal, Solver};
use damtutor_rules::moves::MAX_MOVES;
use damtutor_rules::{Move, MoveList, Position, Rules};
use std::time::Instant;

/// No depth recorded in a table entry.
const NONE: u8 = u8::MAX;

/// The transposition table has `1 << TABLE_BITS` entries (16 bytes each: 4 MiB).
pub(super) const TABLE_BITS: u32 = 18;

/// The least depth at which a node uses the table. Below it a node's subtree is small (a node
/// of depth 2 is most often decided by its first move, whose node of depth 1 is decided from
/// bitboards): looking at it again costs less than fetching a table entry from memory, which
/// was the search's largest single wait (depth 3 against 2: 5% more nodes, 5-10% less time on
/// the mining benchmark).
const TABLE_DEPTH: u32 = 3;

/// One transposition table entry.
#[derive(Copy, Clone, Default)]
pub(super) struct Entry {
    key: u64,
    generation: u32,
    /// The smallest depth at which the goal was proven (NONE: never).
    proven: u8,
    /// The largest depth at which the goal was refuted (NONE: never).
    refuted: u8,
}

/// Words of a bit set with one bit per move of a list.
const FLAG_WORDS: usize = MAX_MOVES.div_ceil(64);

/// The moves of one ply of the search, reused by every node at that ply.
pub(super) struct Ply<R: Rules> {
    moves: MoveList<R>,
    /// Bit `i`: the quiet move `moves[i]` forces the opponent to capture. Written when the move
    /// is tested, read only after that.
    forcing: [u64; FLAG_WORDS],
    /// The draw rules' counts at the node of this ply (written before the node is searched).
    clock: DrawClock,
}

impl<R: Rules> Ply<R> {
    fn new() -> Ply<R> {
        Ply {
            moves: MoveList::new(),
            forcing: [0; FLAG_WORDS],
            clock: DrawClock::default(),
        }
    }

    fn set_forcing(&mut self, index: usize, forcing: bool) {
        let (word, bit) = (index / 64, index % 64);
        if forcing {
            self.forcing[word] |= 1 << bit;
        } else {
            self.forcing[word] &= !(1 << bit);
        }
    }

    fn is_forcing(&self, index: usize) -> bool {
        self.forcing[index / 64] & (1 << (index % 64)) != 0
    }
}

/// The buffers of a search, one [`Ply`] per ply reached so far.
pub(super) struct Plies<R: Rules>(Vec<Ply<R>>);

impl<R: Rules> Plies<R> {
    /// No buffer yet.
    pub(super) fn new() -> Plies<R> {
        Plies(Vec::new())
    }

    /// The buffer of `ply`, made the first time a search reaches that ply.
    fn at(&mut self, ply: usize) -> &mut Ply<R> {
        while self.0.len() <= ply {
            self.0.push(Ply::new());
        }
        &mut self.0[ply]
    }
}

/// A table of `1 << TABLE_BITS` empty entries.
pub(super) fn new_table() -> Vec<Entry> {
    vec![Entry::default(); 1 << TABLE_BITS]
}

impl<R: Rules> Solver<R> {
    /// Whether the goal can be forced from `position` within `depth` plies, the draw rules'
    /// counts standing at `clock` there.
    ///
    /// A material or king goal is first tried without the test that the gain holds (a plain
    /// gain at the leaves, several times cheaper): every position where the goal is reached is
    /// one where the plain gain is, so a plain refutation is a refutation, and most positions
    /// have none. The plain search has a node allowance of its own, the same as what is left
    /// of the search's; where it runs out, the full search decides alone.
    pub(crate) fn prove(
        &mut self,
        position: &mut Position<R>,
        depth: u32,
        clock: DrawClock,
    ) -> Result<bool, Aborted> {
        if depth > 0 && matches!(self.goal, Goal::Material(_) | Goal::King) {
            match self.prove_plain(position, depth, clock) {
                Ok(false) => return Ok(false),
                Ok(true) => {}
                Err(Aborted) if Instant::now() >= self.deadline => return Err(Aborted),
                Err(Aborted) => {}
            }
        }
        self.plies.at(0).clock = clock;
        self.search(position, depth, 0)
    }

    /// [`Solver::prove`] with a plain gain at the leaves, in a table of its own (so no entry
    /// of either search is mistaken for the other's, and the full search's entries stay where
    /// they were); its nodes are counted apart (`plain_nodes`), not against the search's.
    fn prove_plain(
        &mut self,
        position: &mut Position<R>,
        depth: u32,
        clock: DrawClock,
    ) -> Result<bool, Aborted> {
        let nodes = self.nodes;
        self.plain = true;
        if self.plain_table.is_empty() {
            self.plain_table = new_table();
        }
        std::mem::swap(&mut self.table, &mut self.plain_table);
        self.plies.at(0).clock = clock;
        let mut start = *position;
        let result = self.search(&mut start, depth, 0);
        std::mem::swap(&mut self.table, &mut self.plain_table);
        self.plain = false;
        self.plain_nodes += self.nodes - nodes;
        self.nodes = nodes;
        result
    }

    /// [`Solver::prove`] at `ply` plies from the search's root, which names the move buffer.
    fn search(
        &mut self,
        position: &mut Position<R>,
        depth: u32,
        ply: usize,
    ) -> Result<bool, Aborted> {
        self.nodes += 1;
        if self.nodes & 0xfff == 0
            && (self.nodes >= self.node_limit || Instant::now() >= self.deadline)
        {
            return Err(Aborted);
        }
        let depth = self.within_draw_rules(depth, ply);
        if depth == 0 {
            return Ok(self.reached_at_leaf(position));
        }
        if depth < TABLE_DEPTH {
            return self.expand(position, depth, ply);
        }
        // The table entry is fetched while the moves are generated: the table is larger than
        // the processor's caches, and waiting for it was the search's largest single cost.
        let key = position.hash_key() ^ self.goal_salt;
        let slot = (key >> (64 - TABLE_BITS)) as usize;
        prefetch(&self.table, slot);
        // The full search also reads the plain search's refutations: where no plain gain can
        // be forced, no gain that holds can be.
        let plain_refutes = !self.plain && !self.plain_table.is_empty();
        if plain_refutes {
            prefetch(&self.plain_table, slot);
        }
        let Some((capture, next)) = self.generate(position, depth, ply) else {
            return Ok(self.reached_here);
        };
        let entry = self.table[slot];
        let depth8 = depth.min(250) as u8;
        if entry.key == key && entry.generation == self.generation {
            if entry.proven != NONE && entry.proven <= depth8 {
                return Ok(true);
            }
            if entry.refuted != NONE && entry.refuted >= depth8 {
                return Ok(false);
            }
        }
        if plain_refutes {
            let plain = self.plain_table[slot];
            if plain.key == key
                && plain.generation == self.generation
                && plain.refuted != NONE
                && plain.refuted >= depth8
            {
                return Ok(false);
            }
        }
        let result = self.children(position, ply, next, capture)?;
        let slot_entry = &mut self.table[slot];
        if slot_entry.key != key || slot_entry.generation != self.generation {
            *slot_entry = Entry {
                key,
                generation: self.generation,
                proven: NONE,
                refuted: NONE,
            };
        }
        if result {
            slot_entry.proven = slot_entry.proven.min(depth8);
        } else if slot_entry.refuted == NONE || slot_entry.refuted < depth8 {
            slot_entry.refuted = depth8;
        }
        Ok(result)
    }

    /// A node too shallow for the table: its children are searched directly.
    fn expand(
        &mut self,
        position: &mut Position<R>,
        depth: u32,
        ply: usize,
    ) -> Result<bool, Aborted> {
        if depth == 1 {
            if let Some(verdict) = self.frontier(position, ply)? {
                return Ok(verdict);
            }
        }
        match self.generate(position, depth, ply) {
            None => Ok(self.reached_here),
            Some((capture, next)) => self.children(position, ply, next, capture),
        }
    }

    /// Generates the moves of `position` into the buffer of `ply`. `None` when the node ends
    /// here (the goal is reached, or no move is left), with the verdict in `reached_here`;
    /// else whether the moves capture and the depth of the children.
    fn generate(&mut self, position: &Position<R>, depth: u32, ply: usize) -> Option<(bool, u32)> {
        let buffer = self.plies.at(ply);
        position.legal_moves_into(&mut buffer.moves);
        let count = buffer.moves.len();
        let capture = buffer.moves.first().is_some_and(Move::<R>::is_capture);
        let endgame = buffer.clock.in_endgame();
        if self.reached(position, count == 0, capture) {
            self.reached_here = true;
            return None;
        }
        if count == 0 {
            self.reached_here = false;
            return None;
        }
        // A forced capture is free: material shrinks, so this ends. Not in a lone-king
        // endgame, whose draw rule counts every ply.
        let next = if count == 1 && capture && !endgame {
            depth
        } else {
            depth - 1
        };
        Some((capture, next))
    }

    /// `depth`, or the plies the draw rules still allow at the node of `ply` if fewer (noting
    /// the rule that cut the search short).
    fn within_draw_rules(&mut self, depth: u32, ply: usize) -> u32 {
        if !self.draw_rules {
            return depth;
        }
        match self.plies.0[ply].clock.plies_left::<R>() {
            Some((left, rule)) if left < depth => {
                self.draw_cut = Some(rule);
                left
            }
            _ => depth,
        }
    }

    /// The verdict of a node from its children (moves generated at `ply`).
    ///
    /// Two plies from the leaves with no capture, when the gain is short of the goal (or the
    /// goal is a win), the solver's quiet moves that neither promote nor give the defender a
    /// capture fail (the defender's node below is decided by [`Solver::frontier`]: refuted),
    /// so they are not tried when the defender has three moves of men or more (one piece put
    /// on the board blocks at most two); and the defender tries first the replies that give
    /// no capture.
    fn children(
        &mut self,
        position: &mut Position<R>,
        ply: usize,
        next: u32,
        capture: bool,
    ) -> Result<bool, Aborted> {
        let attacking = position.turn() == self.attacker;
        let short = next == 1 && !capture && self.short_of_goal(position);
        if attacking {
            let quiet_fails = short && position.quiet_man_moves(self.attacker.other()) >= 3;
            self.attack(position, ply, next, capture, quiet_fails)
        } else {
            self.defend(position, ply, next, short)
        }
    }

    /// A node whose children are leaves, decided without generating its moves where it can
    /// be: when nothing is to be captured and the gain is short of the goal (or the goal is a
    /// win), the material at the leaves below stands as it is but for a promotion, so a leaf
    /// can count only where a man is crowned or the defender is left without a move. The
    /// defender's node is then refuted unless it has no move at all, and the solver's tries
    /// its promotions alone when the defender has three moves of men or more (one piece put on
    /// the board blocks at most two) - in the order of generation, as every node tries them.
    /// `None`: the node must be searched.
    fn frontier(
        &mut self,
        position: &mut Position<R>,
        ply: usize,
    ) -> Result<Option<bool>, Aborted> {
        if position.has_capture() || !self.short_of_goal(position) {
            return Ok(None);
        }
        if position.turn() != self.attacker {
            return Ok(Some(!position.has_quiet_move()));
        }
        if position.quiet_man_moves(self.attacker.other()) < 3 {
            return Ok(None);
        }
        if self.goal == Goal::Win {
            return Ok(Some(false));
        }
        position.quiet_promotions_into(&mut self.plies.at(ply).moves);
        let count = self.plies.0[ply].moves.len();
        for index in 0..count {
            let m = self.plies.0[ply].moves[index];
            if self.try_move(position, &m, ply, 0)? {
                return Ok(Some(true));
            }
        }
        Ok(Some(false))
    }

    /// Whether no quiet move short of a promotion can reach the goal from `position`: the goal
    /// is a win, or a material gain larger than the one standing. (A king goal may be met by a
    /// quiet move that makes a king safe: never short.)
    fn short_of_goal(&self, position: &Position<R>) -> bool {
        match self.goal {
            Goal::Win => true,
            Goal::Material(n) => balance(position, self.attacker) - self.start_balance < n as i32,
            Goal::King | Goal::Auto => false,
        }
    }

    /// Whether `m` keeps the goal forced: the position after it proven within `depth`.
    fn try_move(
        &mut self,
        position: &mut Position<R>,
        m: &Move<R>,
        ply: usize,
        depth: u32,
    ) -> Result<bool, Aborted> {
        let undo = position.make(m);
        let clock = self.plies.0[ply].clock.after(m, position);
        self.plies.at(ply + 1).clock = clock;
        let wins = self.search(position, depth, ply + 1);
        position.unmake(m, undo);
        wins
    }

    /// The defender's node: every reply must be refuted. Replies that give the solver a
    /// capture come first (they force its hand, and most often hold), then the rest, each group
    /// in the order of generation. With `quiet_first` (two plies from the leaves, the gain
    /// short of the goal) the others come first: after them the solver can reach the goal only
    /// by a promotion, and such a reply most often holds at once.
    fn defend(
        &mut self,
        position: &mut Position<R>,
        ply: usize,
        next: u32,
        quiet_first: bool,
    ) -> Result<bool, Aborted> {
        let count = self.plies.0[ply].moves.len();
        if self.plies.0[ply].moves[0].is_capture() {
            for index in 0..count {
                let m = self.plies.0[ply].moves[index];
                if !self.try_move(position, &m, ply, next)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        for index in 0..count {
            let m = self.plies.0[ply].moves[index];
            let gives = position.gives_capture(&m);
            self.plies.0[ply].set_forcing(index, gives);
            if gives != quiet_first && !self.try_move(position, &m, ply, next)? {
                return Ok(false);
            }
        }
        for index in 0..count {
            let m = self.plies.0[ply].moves[index];
            if self.plies.0[ply].is_forcing(index) == quiet_first
                && !self.try_move(position, &m, ply, next)?
            {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The solver's node: one move must keep the goal forced. Moves are tried by score, the
    /// order of generation breaking ties: a capture scores 1000 and one per piece taken (under
    /// the majority rule all of a list take the same number), a quiet move that forces a capture
    /// 500, and a promotion 400 more.
    ///
    /// With `quiet_fails`, the quiet moves that neither force a capture nor promote are known
    /// to fail and are not tried.
    fn attack(
        &mut self,
        position: &mut Position<R>,
        ply: usize,
        next: u32,
        capture: bool,
        quiet_fails: bool,
    ) -> Result<bool, Aborted> {
        let count = self.plies.0[ply].moves.len();
        if capture {
            let moves = &self.plies.0[ply].moves;
            let most = moves
                .iter()
                .map(Move::<R>::capture_count)
                .max()
                .unwrap_or(0);
            let least = moves
                .iter()
                .map(Move::<R>::capture_count)
                .min()
                .unwrap_or(0);
            for promotes in [true, false] {
                for taken in (least..=most).rev() {
                    for index in 0..count {
                        let m = self.plies.0[ply].moves[index];
                        if m.promotes() == promotes
                            && m.capture_count() == taken
                            && self.try_move(position, &m, ply, next)?
                        {
                            return Ok(true);
                        }
                    }
                }
            }
            return Ok(false);
        }
        // Forcing moves first: each quiet move is tested once, in the pass that may play it.
        for promotes in [true, false] {
            for index in 0..count {
                let m = self.plies.0[ply].moves[index];
                if m.promotes() != promotes {
                    continue;
                }
                let forcing = position.gives_capture(&m);
                self.plies.0[ply].set_forcing(index, forcing);
                if forcing && self.try_move(position, &m, ply, next)? {
                    return Ok(true);
                }
            }
        }
        for promotes in [true, false] {
            if quiet_fails && !promotes {
                break;
            }
            for index in 0..count {
                let m = self.plies.0[ply].moves[index];
                if m.promotes() == promotes
                    && !self.plies.0[ply].is_forcing(index)
                    && self.try_move(position, &m, ply, next)?
                {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Whether the goal is reached in `position`, given whether it has no legal move and
    /// whether its side to move must capture.
    pub(super) fn reached(
        &mut self,
        position: &Position<R>,
        no_moves: bool,
        capture: bool,
    ) -> bool {
        if no_moves {
            return position.turn() != self.attacker;
        }
        !capture && self.goal_met_if_quiet(position)
    }

    /// What [`Solver::reached`] says, found without generating the moves.
    fn reached_at_leaf(&mut self, position: &Position<R>) -> bool {
        if position.has_capture() {
            return false;
        }
        // No capture: the legal moves are the quiet moves.
        if !position.has_quiet_move() {
            // The side that cannot move has lost.
            return position.turn() != self.attacker;
        }
        self.goal_met_if_quiet(position)
    }
}

/// Asks the processor to bring `table[slot]` into its cache ahead of use: a hint, which does
/// nothing on other processors.
#[inline(always)]
pub(super) fn prefetch<T>(table: &[T], slot: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(entry) = table.get(slot) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch reads and writes no memory and never faults; the address is that
        // of a live entry.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((entry as *const T).cast()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (table, slot);
}
