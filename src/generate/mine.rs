//! Mining game collections: every position of every game where the side to move had a forced
//! combination, whether it was played or missed.
//!
//! Games are read one at a time from a [`BufRead`] with [`pdn::VariantReader`]: each game is
//! mined with the rules its `GameType` tag names (20 international, 21 english, 25 russian, 26
//! brazilian; [`MineOptions::variant`] without the tag), and a game of a type the engine does
//! not know is skipped and reported with its number and line like any game that cannot be
//! read. A game with a move that breaks the rules is mined up to that move, and reported. Games are mined in parallel,
//! a few per core at a time ([`MineOptions::games_per_thread`]), and each combination is handed
//! to the caller as soon as the games before it are done ([`Event::Found`]), in file order.
//! Nothing grows with the input: a file of any size streams through in bounded memory. A game
//! that cannot be read is skipped and reported with its number and line; the run goes on.
//!
//! A game is mined by one thread, position after position, with that thread's solver: the
//! transposition table is emptied at the start of the game and kept warm through it (positions
//! of one game share most of their lines), so the result depends on the game alone, never on
//! which thread mined it or what it mined before.
//!
//! In each game, every position before a move (and the final one) is looked at for the side to
//! move: positions with a capture to make are left out (the exercise would start in the middle
//! of an exchange), then - for the targets built on a sacrifice - those without a quiet move
//! that forces a capture, and what remains goes to the solver ([`prove`](super::prove)): its first search,
//! five plies deep on a small node budget, is the cheap test, and only a position where it
//! finds a gain gets the deeper proof and the checks. Once a combination was played, the
//! positions inside it are not looked at again.

use super::{
    canonical_key, has_sacrifice, practicable, prove_solution, Game, Proof, Proven, Stop, Target,
};
use crate::exercise::Bilingual;
use crate::pdn::{self, PdnError, VariantGame};
use crate::solver::{self, Solver};
use crate::solver::{Goal, Motif};
use crate::square::Color;
use crate::words::{self, say, Lang, Text};
use crate::Variant;
use damtutor_rules::pdn::PdnGame;
use damtutor_rules::Position;
use std::collections::{BTreeMap, HashSet};
use std::io::{BufRead, Read};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What to look for.
#[derive(Clone, Debug)]
pub struct MineOptions {
    /// The game of the games without a `GameType` tag (international by default).
    pub variant: Variant,
    /// `shot` (the default) asks for a sacrifice; `any` takes every proven gain.
    pub target: Target,
    /// The solver's budgets, the least gain and what a kept exercise must satisfy.
    pub proof: Proof,
    /// Games read ahead and mined at the same time, per core: enough to keep every core busy
    /// while one game takes long, and the bound on the memory a run holds.
    pub games_per_thread: usize,
    /// Read at most this many games (counted across the files of a run, skipped ones
    /// included): a sample of an archive that is the same on every machine, unlike a time
    /// limit.
    pub max_games: Option<u64>,
}

impl Default for MineOptions {
    fn default() -> MineOptions {
        MineOptions {
            variant: Variant::International,
            target: Target::Shot,
            proof: Proof {
                plies: 1..=40,
                horizon: 7,
                nodes: 16_000,
                // The practice tree is built only when asked for (`mine --max-tree`): it costs
                // about three times the rest of the work.
                max_tree: None,
                ..Proof::default()
            },
            games_per_thread: 8,
            max_games: None,
        }
    }
}

/// Whether the combination was played in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played {
    /// The game's next move was the key move, and the gain followed.
    Played,
    /// The game's next move was the key move (`key`), but the game then went another way
    /// (`went`, the move played) and the gain did not follow.
    KeyOnly { key: String, went: String },
    /// The game went another way: the move played, in notation.
    Missed(String),
    /// The game ended in this position.
    GameOver,
}

/// A combination found in a game.
#[derive(Clone, Debug)]
pub struct Mined {
    /// The game's number in its file.
    pub game: usize,
    /// The index of the move the position stands before.
    pub ply: usize,
    /// The move number, as the game numbers it.
    pub number: usize,
    /// The side to move (the side that has the combination).
    pub side: Color,
    /// Players, event and date from the game's tags, and the move number.
    pub source: String,
    /// The exercise's texts in both languages: a title from the game's event and round and
    /// the caption ("NK 2003, round 5: White to play and win material"), a hint from its
    /// motif, what the game did, and the source.
    pub texts: MinedTexts,
    /// Whether the game played it.
    pub played: Played,
    /// The goal and solution, in the game's rules and notation.
    pub proven: Proven,
}

impl Mined {
    /// `17` for a move of the side that moves first in the game (White; Black in english
    /// checkers), `17...` for the other side's.
    pub fn move_label(&self) -> String {
        move_label(self.proven.variant(), self.number, self.side)
    }

    /// What the game did with the combination, as an exercise comment.
    pub fn comment(&self) -> String {
        comment(Lang::English, &self.played)
    }

    /// An id from the file's name and the game and move: `club-g3-17w`.
    pub fn id(&self, file_stem: &str) -> String {
        let side = match self.side {
            Color::White => 'w',
            Color::Black => 'b',
        };
        let stem: String = file_stem
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect();
        format!("{stem}-g{}-{}{side}", self.game, self.number)
    }
}

/// A mined exercise's texts, in English and Chinese.
#[derive(Clone, Debug, Default)]
pub struct MinedTexts {
    pub title: Bilingual,
    pub hint: Bilingual,
    pub comment: Bilingual,
    pub source: Bilingual,
}

/// What the game did with the combination, in `lang`.
fn comment(lang: Lang, played: &Played) -> String {
    match played {
        Played::Played => say!(lang, Text::MinePlayed),
        Played::KeyOnly { key, went } => say!(lang, Text::MineStarted, key, move = went),
        Played::Missed(text) => say!(lang, Text::MineMissed, move = text),
        Played::GameOver => say!(lang, Text::MineGameOver),
    }
}

/// How many positions each filter left out (a position counts under the first that took it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filtered {
    /// Inside a combination the game played: looked at once, at its key.
    pub inside_played: u64,
    /// Seen before in the same game (kings shuffling in an endgame): solved once.
    pub repeated: u64,
    /// With a capture to make: the exercise would start in the middle of an exchange.
    pub capture_pending: u64,
    /// Without a quiet move that forces a capture, for the targets built on a sacrifice.
    pub no_sacrifice_at_hand: u64,
    /// Solved, and no unique key to a gain proven (the solver's work, not a filter).
    pub no_combination: u64,
    /// The side to move only wins back what it gave in an exchange it started: in the last
    /// two moves of its own it fell behind by at least the gain.
    pub restoring: u64,
    /// The key move is a capture: a recapture, not a combination.
    pub recapture: u64,
    /// Nothing to teach: no sacrifice, no quiet only-move after the key, no named motif.
    pub nothing_to_teach: u64,
    /// Its practice tree has more turns than `practice` shows by default
    /// ([`Proof::max_tree`](super::Proof::max_tree)).
    pub tree_too_large: u64,
}

impl Filtered {
    fn add(&mut self, other: &Filtered) {
        self.inside_played += other.inside_played;
        self.repeated += other.repeated;
        self.capture_pending += other.capture_pending;
        self.no_sacrifice_at_hand += other.no_sacrifice_at_hand;
        self.no_combination += other.no_combination;
        self.restoring += other.restoring;
        self.recapture += other.recapture;
        self.nothing_to_teach += other.nothing_to_teach;
        self.tree_too_large += other.tree_too_large;
    }
}

/// What a run did: counts (the exercises themselves go to the caller as [`Event::Found`]).
#[derive(Clone, Debug, Default)]
pub struct MineReport {
    /// Games read (skipped ones included).
    pub games: u64,
    /// Games that could not be read.
    pub skipped: u64,
    /// Games whose main line stops short at a move that breaks the rules (a typo in the
    /// source): mined up to that move.
    pub cut: u64,
    /// Positions looked at.
    pub positions: u64,
    /// Positions the solver worked on (after the cheap checks).
    pub solved: u64,
    /// Combinations found (and handed over).
    pub found: u64,
    /// Combinations dropped as the same position as an earlier one, or its mirror.
    pub duplicates: u64,
    /// Positions each filter left out.
    pub filtered: Filtered,
    /// Whether the run stopped on its deadline or stop flag.
    pub stopped: bool,
    /// The time the run took.
    pub elapsed: Duration,
    /// The positions found so far, as [`canonical_key`]s: 8 bytes per combination.
    seen: HashSet<u64>,
}

/// What [`mine`] tells its caller while it runs.
pub enum Event<'a> {
    /// A game was skipped.
    Skipped(&'a PdnError),
    /// A game stops short at this move; it is mined up to it.
    Cut(&'a PdnError),
    /// Text of a game read past (a word that is no move, a line not in UTF-8).
    Warning(&'a PdnError),
    /// A new combination, in file order.
    Found(Box<Mined>),
    /// A game was done.
    Progress(&'a MineReport),
}

/// Mines the games of `input` into `report` (which may already hold the counts of other
/// files: duplicates are dropped across all of them). `events` hears of skipped games, of each
/// combination found and of each game done. An I/O error ends the file; it is reported like a
/// game that cannot be read. Runs on rayon's current pool: from outside it (as the CLI does) or
/// on one of its threads, where it helps with the games while it waits for them.
pub fn mine<R: BufRead>(
    input: R,
    options: &MineOptions,
    stop: &Stop,
    report: &mut MineReport,
    mut events: impl FnMut(Event),
) {
    let started = Instant::now() - report.elapsed;
    let window = (options.games_per_thread.max(1) * rayon::current_num_threads().max(1)) as u64;
    let mut games = pdn::VariantReader::new(input, options.variant);
    let (sender, receiver) = mpsc::channel::<(u64, Option<GameFindings>)>();
    // Games done out of order wait here for the ones before them: at most `window`.
    let mut waiting = BTreeMap::new();
    let (mut started_games, mut reported) = (0u64, 0u64);
    let mut reading = true;
    rayon::in_place_scope(|scope| loop {
        while reading && started_games - reported < window {
            if stop.reached() {
                report.stopped = true;
                reading = false;
                break;
            }
            if options.max_games.is_some_and(|max| report.games >= max) {
                reading = false;
                break;
            }
            match games.next() {
                None => reading = false,
                Some(Ok(game)) => {
                    report.games += 1;
                    for warning in game.warnings() {
                        events(Event::Warning(warning));
                    }
                    if let Some(cut) = game.stop() {
                        report.cut += 1;
                        events(Event::Cut(cut));
                    }
                    let (sender, index) = (sender.clone(), started_games);
                    started_games += 1;
                    scope.spawn(move |_| {
                        let mined = panic::catch_unwind(AssertUnwindSafe(|| {
                            mine_any(&game, options, stop)
                        }));
                        // The receiver is alive until every game came back; a panic is sent
                        // as `None`, so that the reading stops, and then passed on.
                        match mined {
                            Ok(findings) => {
                                let _ = sender.send((index, Some(findings)));
                            }
                            Err(cause) => {
                                let _ = sender.send((index, None));
                                panic::resume_unwind(cause);
                            }
                        }
                    });
                }
                Some(Err(error)) => {
                    // After an I/O error the reader yields nothing more.
                    report.games += 1;
                    report.skipped += 1;
                    events(Event::Skipped(&error));
                }
            }
        }
        if reported == started_games {
            break;
        }
        let (index, findings) = receive(&receiver);
        let Some(findings) = findings else {
            // A game's mining panicked: the scope passes the panic on when it ends.
            break;
        };
        waiting.insert(index, findings);
        while let Some(findings) = waiting.remove(&reported) {
            reported += 1;
            report.positions += findings.positions;
            report.solved += findings.solved;
            report.filtered.add(&findings.filtered);
            for mined in findings.found {
                if report
                    .seen
                    .insert(canonical_key(&mined.proven.solution.position()))
                {
                    report.found += 1;
                    events(Event::Found(Box::new(mined)));
                } else {
                    report.duplicates += 1;
                }
            }
            report.elapsed = started.elapsed();
            events(Event::Progress(report));
        }
    });
    report.elapsed = started.elapsed();
}

/// The next game done. Outside the pool this thread sleeps until then; on one of the pool's
/// threads it helps with the pool's work meanwhile.
fn receive<T>(receiver: &Receiver<T>) -> T {
    loop {
        if rayon::current_thread_index().is_none() {
            if let Ok(done) = receiver.recv() {
                return done;
            }
        } else if let Ok(done) = receiver.try_recv() {
            return done;
        } else if rayon::yield_now() != Some(rayon::Yield::Executed) {
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}

/// What one game gave.
pub struct GameFindings {
    /// Positions in the game (each looked at).
    pub positions: u64,
    /// Positions the solver worked on.
    pub solved: u64,
    /// Positions each filter left out.
    pub filtered: Filtered,
    /// The combinations, in the game's order.
    pub found: Vec<Mined>,
}

/// Mines `game` with this thread's solver of its game.
fn mine_any(game: &VariantGame, options: &MineOptions, stop: &Stop) -> GameFindings {
    match game {
        VariantGame::International(game) => {
            solver::with_thread_solver(|solver| mine_game(solver, game, options, stop))
        }
        VariantGame::Brazilian(game) => {
            solver::with_thread_solver(|solver| mine_game(solver, game, options, stop))
        }
        VariantGame::Russian(game) => {
            solver::with_thread_solver(|solver| mine_game(solver, game, options, stop))
        }
        VariantGame::English(game) => {
            solver::with_thread_solver(|solver| mine_game(solver, game, options, stop))
        }
    }
}

/// Looks at every position of `game` for the side to move, in order, the solver's table emptied
/// at the start and kept through the game; stops between two positions once `stop` is reached
/// (a game of thousands of moves does not hold the time limit up).
pub fn mine_game<R: Game>(
    solver: &mut Solver<R>,
    game: &PdnGame<R>,
    options: &MineOptions,
    stop: &Stop,
) -> GameFindings {
    solver.clear_table();
    let positions = game.positions();
    let mut result = GameFindings {
        positions: positions.len() as u64,
        solved: 0,
        filtered: Filtered::default(),
        found: Vec::new(),
    };
    if !options.target.exists_in(R::RULES.variant) {
        return result;
    }
    let filtered = &mut result.filtered;
    // The practice tree, the dearest check, is built last, for the positions the other
    // filters keep.
    let proof = Proof {
        max_tree: None,
        ..options.proof.clone()
    };
    let mut resume = 0;
    let mut seen = HashSet::new();
    for (ply, position) in positions.iter().enumerate() {
        if ply < resume {
            filtered.inside_played += 1;
            continue;
        }
        if !seen.insert(position.hash_key()) {
            filtered.repeated += 1;
            continue;
        }
        if position.has_capture() {
            filtered.capture_pending += 1;
            continue;
        }
        if !worth_solving(position, options.target) {
            filtered.no_sacrifice_at_hand += 1;
            continue;
        }
        if stop.reached() {
            break;
        }
        result.solved += 1;
        let Some((goal, solution)) = prove_solution(solver, position, options.target, &proof)
        else {
            filtered.no_combination += 1;
            continue;
        };
        let side = position.turn();
        if let Goal::Material(gain) = goal {
            if deficit(&positions, ply, side) >= gain as i32 {
                filtered.restoring += 1;
                continue;
            }
        }
        let key = solution.key_moves[0];
        if key.is_capture() {
            filtered.recapture += 1;
            continue;
        }
        if !teaches(&solution) {
            filtered.nothing_to_teach += 1;
            continue;
        }
        if let Some(max_turns) = options.proof.max_tree {
            let text = solution.line_texts().join(" ");
            if !practicable(solver, &solution, &text, max_turns) {
                filtered.tree_too_large += 1;
                continue;
            }
        }
        let played = match game.moves.get(ply) {
            None => Played::GameOver,
            Some(m) if *m == key => {
                // Skip the positions inside the combination as far as the game followed it.
                let followed = solution
                    .line
                    .iter()
                    .zip(&game.moves[ply..])
                    .take_while(|(a, b)| a == b)
                    .count();
                resume = ply + followed.max(1);
                // The gain followed: the game went the whole line (or ended in it), or had
                // the gain where the line ends all the same.
                let at = ply + followed;
                let wanted = match goal {
                    Goal::Material(gain) => gain as i32,
                    _ => 1,
                };
                let end = (ply + solution.line.len()).min(positions.len() - 1);
                let gained =
                    solver::balance(&positions[end], side) - solver::balance(position, side);
                if followed == solution.line.len() || at == game.moves.len() || gained >= wanted {
                    Played::Played
                } else {
                    Played::KeyOnly {
                        key: position.move_text(&key),
                        went: positions[at].move_text(&game.moves[at]),
                    }
                }
            }
            Some(m) => Played::Missed(position.move_text(m)),
        };
        let (number, side) = move_number(game, ply, position);
        let label = move_label(R::RULES.variant, number, side);
        let motifs = solution.motifs.clone();
        let mut mined = Mined {
            game: game.number,
            ply,
            number,
            side,
            source: source(game, &label),
            texts: MinedTexts::default(),
            played,
            proven: Proven {
                goal,
                solution: R::wrap(solution),
            },
        };
        mined.texts = texts(game, &mined, &label, &motifs);
        result.found.push(mined);
    }
    result
}

/// Whether the solver should look at a position with nothing to capture: a move to play, and
/// a sacrifice at hand when the target needs one (a cheap test: one move generation per move).
fn worth_solving<R: damtutor_rules::Rules>(position: &Position<R>, target: Target) -> bool {
    match target {
        Target::Any | Target::Breakthrough => position.count_legal_moves() != 0,
        _ => has_sacrifice(position),
    }
}

/// How far `side` fell behind in its last two moves and the replies: the most its balance
/// dropped from the positions two and four plies before `ply` (where it was also to move).
fn deficit<R: damtutor_rules::Rules>(positions: &[Position<R>], ply: usize, side: Color) -> i32 {
    let now = solver::balance(&positions[ply], side);
    [2, 4]
        .iter()
        .filter_map(|back| ply.checked_sub(*back))
        .map(|before| solver::balance(&positions[before], side) - now)
        .max()
        .unwrap_or(0)
}

/// The motifs that make a position worth solving without a sacrifice.
const NAMED: [Motif; 6] = [
    Motif::TurkishStrike,
    Motif::CoupPhilippe,
    Motif::CoupRoyal,
    Motif::Bomb,
    Motif::KingTrap,
    Motif::Breakthrough,
];

/// Whether a solution teaches something: a sacrifice, a named motif, or a quiet move of the
/// solving side after the key (an only-move: the key is unique and the line forced).
fn teaches<R: damtutor_rules::Rules>(solution: &solver::Solution<R>) -> bool {
    if solution.motifs.contains(&Motif::Sacrifice)
        || solution.motifs.iter().any(|m| NAMED.contains(m))
    {
        return true;
    }
    // The solving side plays the key and every second move after it.
    solution
        .line
        .iter()
        .step_by(2)
        .skip(1)
        .any(|m| !m.is_capture())
}

/// The hint of an exercise with these motifs, in `lang`: "Think of a Turkish strike.", naming
/// the most particular of them; `None` when none is worth a hint.
pub fn hint(lang: Lang, motifs: &[Motif]) -> Option<String> {
    let motif = words::motif(lang, hint_motif(motifs)?);
    Some(say!(lang, Text::MineHint, motif))
}

/// The motif a hint names: the most particular of the solution's.
fn hint_motif(motifs: &[Motif]) -> Option<Motif> {
    const ORDER: [Motif; 11] = [
        Motif::CoupRoyal,
        Motif::CoupPhilippe,
        Motif::Bomb,
        Motif::TurkishStrike,
        Motif::KingTrap,
        Motif::Breakthrough,
        Motif::MajorityRuleForcing,
        Motif::BackwardCapture,
        Motif::MultiCapture,
        Motif::Tempo,
        Motif::Sacrifice,
    ];
    ORDER.into_iter().find(|m| motifs.contains(m))
}

/// The texts of a mined exercise in both languages.
fn texts<R: damtutor_rules::Rules>(
    game: &PdnGame<R>,
    mined: &Mined,
    label: &str,
    motifs: &[Motif],
) -> MinedTexts {
    let tag = |name: &str| {
        game.tag(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?" && *v != "-" && !v.starts_with("????"))
    };
    let mut out = MinedTexts::default();
    for lang in [Lang::English, Lang::Chinese] {
        let named = match (tag("Event"), tag("Round")) {
            (Some(event), Some(round)) => Some(say!(lang, Text::MineRound, event, round)),
            (Some(event), None) => Some(event.to_string()),
            (None, _) => match (tag("White"), tag("Black")) {
                (Some(white), Some(black)) => Some(format!("{white} - {black}")),
                _ => None,
            },
        };
        let caption = words::caption(lang, mined.proven.variant(), mined.side, mined.proven.goal);
        let title = match named {
            Some(game) => say!(lang, Text::MineTitle, game, caption),
            None => caption,
        };
        out.title.set(lang, title);
        if let Some(hint) = hint(lang, motifs) {
            out.hint.set(lang, hint);
        }
        out.comment.set(lang, comment(lang, &mined.played));
        let side = words::side(lang, mined.proven.variant(), mined.side);
        let at = say!(lang, Text::MineMove, label, number = mined.number, side);
        let source = match lang {
            Lang::English => mined.source.clone(),
            _ => {
                let english_at = format!("move {label}");
                let base = mined
                    .source
                    .strip_suffix(&english_at)
                    .unwrap_or(&mined.source);
                format!("{base}{at}")
            }
        };
        out.source.set(lang, source);
    }
    out
}

/// The move number and side of the move played from `positions()[ply]`. The numbers run as
/// the game's rules have it: a new number begins with each move of the side that moves first
/// (White; Black in english checkers), from the number the game's first move has in the file.
fn move_number<R: damtutor_rules::Rules>(
    game: &PdnGame<R>,
    ply: usize,
    position: &Position<R>,
) -> (usize, Color) {
    let Some(start) = game.info.first() else {
        return (1, position.turn());
    };
    let first = R::RULES.first_to_move;
    let mut number = start.number;
    let mut mover = start.side;
    for _ in 0..ply {
        mover = mover.other();
        if mover == first {
            number += 1;
        }
    }
    (number, mover)
}

/// `17` for a move of the side that moves first in `variant` (White; Black in english
/// checkers), `17...` for the other side's.
pub fn move_label(variant: Variant, number: usize, side: Color) -> String {
    if side == variant.rules().first_to_move {
        number.to_string()
    } else {
        format!("{number}...")
    }
}

/// `Jansen, A. - de Vries, B., Club championship, 2024.03.02, move 17` from whatever tags the
/// game has, and the move's `label`.
pub fn source<R: damtutor_rules::Rules>(game: &PdnGame<R>, label: &str) -> String {
    let tag = |name: &str| {
        game.tag(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?" && !v.starts_with("????"))
    };
    let mut parts = Vec::new();
    match (tag("White"), tag("Black")) {
        (Some(white), Some(black)) => parts.push(format!("{white} - {black}")),
        (Some(one), None) | (None, Some(one)) => parts.push(one.to_string()),
        (None, None) => {}
    }
    parts.extend(tag("Event").map(str::to_string));
    parts.extend(tag("Date").map(str::to_string));
    if parts.is_empty() {
        parts.push(format!("game {}", game.number));
    }
    parts.push(format!("move {label}"));
    parts.join(", ")
}

/// A reader that counts the bytes read through it in a shared counter: how far a run has come
/// through a file, for a progress bar.
pub struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R> Counting<R> {
    /// Counts what is read from `inner` into `read`.
    pub fn new(inner: R, read: Arc<AtomicU64>) -> Counting<R> {
        Counting { inner, read }
    }
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}
