use super::batch::{progress_bar, say, SetTitleArgs, ThreadArgs, BYTES_BAR};
use super::output::{self, is_device, Streamed};
use super::values::{one_of, VariantName};
use super::{CliError, Rejection, Usage};
use clap::Args;
use damtutor::exercise::{self, Bilingual, Exercise};
use damtutor::generate::mine::{Counting, Event, MineOptions, MineReport};
use damtutor::generate::{self, Stop, Target};
use damtutor::words::{self, fill, text, Lang, Text};
use damtutor::Variant;
use damtutor_rules::pdn::PdnError;
use std::collections::{HashMap, HashSet};
use std::fmt::Display;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[derive(Args, Debug)]
#[command(mut_arg("title", |a| a.help("The set's title [default: from the file names]")))]
pub struct MineArgs {
    /// PDN files of games, read one game at a time (any size).
    #[arg(required = true, value_name = "GAMES.pdn")]
    pub files: Vec<PathBuf>,
    /// The game of the games without a GameType tag: international, brazilian (or 64),
    /// russian or english. A game's own tag decides for it (20 international, 21 english,
    /// 25 russian, 26 brazilian).
    #[arg(long, default_value = "international", value_parser = one_of::<VariantName>("a game"))]
    pub variant: VariantName,
    /// The least net gain of a combination, in men (a king counting 3): 1 to 60.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub min_gain: u32,
    /// What to look for: shot (a combination: a sacrifice that wins), turkish_strike,
    /// breakthrough, king_trap, or any (every forced gain, sacrifice or not).
    #[arg(long, default_value = "shot", value_parser = one_of::<Target>("a motif to look for"))]
    pub motif: Target,
    /// How far the solver looks, in plies; a forced capture is free, so combinations may be
    /// longer. Each two plies more cost about twice the time.
    #[arg(long, default_value_t = 7)]
    pub max_plies: u32,
    /// The solver's node budget for the first proof in each position.
    #[arg(long, default_value_t = 16_000)]
    pub nodes: u64,
    /// Stop after this many seconds and write what was found [default: no limit].
    #[arg(long, value_parser = super::values::seconds)]
    pub time_limit: Option<f64>,
    /// Read at most this many games in all (the first ones, in the order of the files): a
    /// sample that is the same on every machine [default: every game].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_games: Option<u64>,
    /// Keep only combinations whose practice page fits N turns of the solving side, as
    /// `practice --max-tree N` counts them (2000: what practice takes without flags). Building
    /// each kept combination's tree costs about three times the mining [default: not checked].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_tree: Option<u64>,
    #[command(flatten)]
    pub titles: SetTitleArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
    /// The language of the messages (the set itself has its texts in both).
    #[arg(long, default_value = "en", value_parser = one_of::<Lang>("a language"))]
    pub lang: Lang,
    /// The exercise file to write (YAML, the format `validate` reads). It is written as the
    /// games are mined, to a temporary file renamed at the end, so memory stays bounded.
    #[arg(long)]
    pub out: PathBuf,
}

pub fn run(args: MineArgs) -> Result<(), CliError> {
    let lang = args.lang;
    // The outputs' refusals (an output that is an input, a folder, a full disk) are made in
    // English, as they serve every command: said in --lang like the rest.
    mine_set(args).map_err(|e| e.in_language(lang))
}

fn mine_set(args: MineArgs) -> Result<(), CliError> {
    let options = mine_options(&args)?;
    args.threads.apply()?;
    // Every file opened first: a missing one is a mistake in the command.
    let inputs = open_inputs(&args.files, args.lang)?;
    // An archive is never replaced by what is mined from it.
    output::refuse_input(&args.out)?;
    let mut writer = SetWriter::new(&args.out, set_title(&args), description(&args));
    let lang = args.lang;
    let report = mine_files(inputs, &options, args.time_limit, &mut writer, lang);
    let device = is_device(&args.out);
    print_report(&report, device, lang)?;
    let written = writer.finish()?;
    if report.stopped {
        eprintln!("damtutor: {}", text(lang, Text::MinedStopped));
    }
    if written == 0 {
        let motif = match args.motif {
            Target::Shot => None,
            other => Some(other.to_string()),
        };
        let nothing = Rejection::NothingMined { motif };
        return Err(CliError::rejected(lang, nothing));
    }
    let path = args.out.display();
    let values: [(&str, &dyn std::fmt::Display); 2] = [("count", &written), ("path", &path)];
    say(device, &fill(lang, Text::MinedWrote, &values))?;
    Ok(())
}

/// What to look for, from the flags.
fn mine_options(args: &MineArgs) -> Result<MineOptions, CliError> {
    if !(1..=40).contains(&args.max_plies) {
        let range = Usage::FlagRange {
            flag: "--max-plies",
            range: "1..40",
        };
        return Err(CliError::usage(args.lang, range));
    }
    let mut options = MineOptions {
        target: args.motif,
        variant: args.variant.into(),
        max_games: args.max_games,
        ..MineOptions::default()
    };
    options.proof.horizon = args.max_plies;
    options.proof.nodes = args.nodes.max(1_000);
    options.proof.min_gain = args.min_gain;
    options.proof.max_tree = args.max_tree.map(|n| n as usize);
    Ok(options)
}

/// Each game file, opened.
fn open_inputs(files: &[PathBuf], lang: Lang) -> Result<Vec<(PathBuf, std::fs::File)>, CliError> {
    files
        .iter()
        .map(|path| {
            let file = damtutor::input::open(path).map_err(|e| {
                let unreadable = Usage::Unreadable {
                    path: path.clone(),
                    error: e,
                };
                CliError::usage(lang, unreadable)
            })?;
            Ok((path.clone(), file))
        })
        .collect()
}

/// The set's title: the flag's, else the files' names (English); the Chinese title, unless
/// given, names the game of the first exercise found (the games' own GameType decides it, not
/// only --variant): see SetWriter::append.
fn set_title(args: &MineArgs) -> Bilingual {
    let names: Vec<String> = args
        .files
        .iter()
        .map(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
        .collect();
    let mut title = Bilingual::new(
        Lang::English,
        args.titles
            .title
            .clone()
            .unwrap_or_else(|| format!("Combinations from {}", names.join(", "))),
    );
    if let Some(zh) = &args.titles.title_zh {
        title.set(Lang::Chinese, zh.clone());
    }
    title
}

/// The set's description: how it was found.
fn description(args: &MineArgs) -> String {
    format!(
        "Found by damtutor mine (motif {}, least gain {}): positions from games where the side to \
         move had a forced combination, played or missed.",
        args.motif.key(),
        args.min_gain
    )
}

/// Mines the games of every file in turn, with a progress bar over the bytes read, each
/// exercise found written as it comes; stops at the time limit or when the set cannot be
/// written (the writer keeps the error).
fn mine_files(
    inputs: Vec<(PathBuf, std::fs::File)>,
    options: &MineOptions,
    time_limit: Option<f64>,
    writer: &mut SetWriter,
    lang: Lang,
) -> MineReport {
    let total_bytes = inputs
        .iter()
        .map(|(_, file)| file.metadata().map(|m| m.len()).unwrap_or(0))
        .sum();
    let stems: Vec<String> = inputs.iter().map(|(path, _)| stem(path)).collect();
    let mut ids = Ids::new(&stems);
    let stop = Stop::after(time_limit.map(Duration::from_secs_f64));
    let bar = progress_bar(total_bytes, BYTES_BAR);
    let read = Arc::new(AtomicU64::new(0));
    let mut report = MineReport::default();
    for ((path, file), stem) in inputs.into_iter().zip(&stems) {
        let name = path.display().to_string();
        let input = BufReader::new(Counting::new(file, Arc::clone(&read)));
        let warn = |key: Text, error: &PdnError| {
            let problem = words::pdn_problem(lang, &error.problem);
            let values: [(&str, &dyn Display); 4] = [
                ("name", &name),
                ("game", &error.game),
                ("line", &error.line),
                ("error", &problem),
            ];
            let said = fill(lang, key, &values);
            bar.suspend(|| eprintln!("damtutor: {said}"));
        };
        generate::mine(input, options, &stop, &mut report, |event| match event {
            Event::Skipped(error) => warn(Text::MinedGameSkipped, error),
            Event::Cut(error) => warn(Text::MinedGameCut, error),
            Event::Warning(warning) => warn(Text::MinedGameWarning, warning),
            Event::Found(mined) => {
                let mut exercise = mined.proven.exercise(ids.next(stem, mined.id(stem)));
                exercise.title = mined.texts.title.clone();
                exercise.hint = mined.texts.hint.clone();
                exercise.source = mined.texts.source.clone();
                exercise.comment = mined.texts.comment.clone();
                if writer.push(&exercise).is_err() {
                    // The error is kept and reported at the end; nothing more is worth mining.
                    stop.raise();
                }
            }
            Event::Progress(report) => {
                bar.set_position(read.load(Ordering::Relaxed));
                let seconds = report.elapsed.as_secs_f64().max(1e-9);
                let games_rate = format!("{:.1}", report.games as f64 / seconds);
                let positions_rate = format!("{:.0}", report.positions as f64 / seconds);
                let values: [(&str, &dyn Display); 5] = [
                    ("games", &report.games),
                    ("positions", &report.positions),
                    ("games_rate", &games_rate),
                    ("positions_rate", &positions_rate),
                    ("found", &report.found),
                ];
                bar.set_message(fill(lang, Text::MinedProgress, &values));
            }
        });
        if report.stopped {
            break;
        }
    }
    bar.finish_and_clear();
    report
}

/// What the run read, left out and found, and how fast (on standard error when the set goes
/// to a device or pipe).
fn print_report(report: &MineReport, device: bool, lang: Lang) -> Result<(), CliError> {
    let seconds = report.elapsed.as_secs_f64().max(1e-9);
    let values: [(&str, &dyn Display); 6] = [
        ("games", &report.games),
        ("skipped", &report.skipped),
        ("cut", &report.cut),
        ("positions", &report.positions),
        ("found", &report.found),
        ("duplicates", &report.duplicates),
    ];
    say(device, &fill(lang, Text::MinedRead, &values))?;
    let f = &report.filtered;
    let values: [(&str, &dyn Display); 9] = [
        ("inside", &f.inside_played),
        ("repeated", &f.repeated),
        ("capture", &f.capture_pending),
        ("no_sacrifice", &f.no_sacrifice_at_hand),
        ("none", &f.no_combination),
        ("restoring", &f.restoring),
        ("recapture", &f.recapture),
        ("nothing", &f.nothing_to_teach),
        ("tree", &f.tree_too_large),
    ];
    say(device, &fill(lang, Text::MinedLeftOut, &values))?;
    let games_rate = format!("{:.1}", report.games as f64 / seconds);
    let positions_rate = format!("{:.0}", report.positions as f64 / seconds);
    let seconds = format!("{seconds:.1}");
    let values: [(&str, &dyn Display); 5] = [
        ("games_rate", &games_rate),
        ("positions_rate", &positions_rate),
        ("games", &report.games),
        ("seconds", &seconds),
        ("solved", &report.solved),
    ];
    say(device, &fill(lang, Text::MinedSpeed, &values))?;
    Ok(())
}

/// The file name of `path` without its extension: the start of its exercises' ids.
fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "games".to_string())
}

/// Exercise ids, unique across the files of a run. Two files with the same name would give the
/// same ids, so the ids of such names are remembered and a later one is numbered (`-2`, ...);
/// the ids of other files cannot collide and are not kept.
struct Ids {
    shared: HashMap<String, HashSet<String>>,
}

impl Ids {
    fn new(stems: &[String]) -> Ids {
        let mut count: HashMap<&str, usize> = HashMap::new();
        for stem in stems {
            *count.entry(stem).or_default() += 1;
        }
        Ids {
            shared: count
                .into_iter()
                .filter(|(_, n)| *n > 1)
                .map(|(stem, _)| (stem.to_string(), HashSet::new()))
                .collect(),
        }
    }

    /// `id` (made from `stem`), numbered when an earlier file with the same name had it.
    fn next(&mut self, stem: &str, id: String) -> String {
        let Some(taken) = self.shared.get_mut(stem) else {
            return id;
        };
        let mut unique = id.clone();
        let mut n = 1;
        while !taken.insert(unique.clone()) {
            n += 1;
            unique = format!("{id}-{n}");
        }
        unique
    }
}

/// The exercise file, written one exercise at a time as the games are mined: to a temporary
/// file beside it, renamed over it by [`SetWriter::finish`] (a device or pipe is written
/// directly). Nothing is created before the first exercise, and an unfinished file is removed.
/// The text is what `exercise::to_yaml` writes for the whole set: the set's `variant:` is the
/// first exercise's game, and an exercise of another game names its own.
struct SetWriter {
    path: PathBuf,
    title: Bilingual,
    description: String,
    /// The set's game, once the first exercise gave it.
    variant: Option<Variant>,
    open: Option<Streamed>,
    written: usize,
    error: Option<CliError>,
}

impl SetWriter {
    fn new(path: &Path, title: Bilingual, description: String) -> SetWriter {
        SetWriter {
            path: path.to_path_buf(),
            title,
            description,
            variant: None,
            open: None,
            written: 0,
            error: None,
        }
    }

    /// Appends `exercise`; after a failure nothing more is written and `finish` reports it.
    fn push(&mut self, exercise: &Exercise) -> Result<(), ()> {
        if self.error.is_some() {
            return Err(());
        }
        let variant = *self.variant.get_or_insert(exercise.variant());
        let mut one = generate::exercise_set(Bilingual::default(), None, vec![exercise.clone()]);
        one.variant = variant;
        let yaml = exercise::to_yaml(&one);
        let item = yaml
            .split_once("\nexercises:\n")
            .map_or("", |(_, item)| item);
        match self.append(item) {
            Ok(()) => {
                self.written += 1;
                Ok(())
            }
            Err(e) => {
                self.error = Some(e);
                Err(())
            }
        }
    }

    fn append(&mut self, item: &str) -> Result<(), CliError> {
        if self.open.is_none() {
            let variant = self.variant.unwrap_or_default();
            let mut title = self.title.clone();
            if title.get(Lang::Chinese).is_none() {
                title.set(Lang::Chinese, words::exercises_of(Lang::Chinese, variant));
            }
            let mut empty =
                generate::exercise_set(title, Some(self.description.clone()), Vec::new());
            empty.variant = variant;
            let header = exercise::to_yaml(&empty).replace("exercises: []\n", "exercises:\n");
            let mut out = Streamed::create(&self.path)?;
            out.write(header.as_bytes())
                .map_err(|e| CliError::io(&self.path, e))?;
            self.open = Some(out);
        }
        let out = self.open.as_mut().expect("opened above");
        out.write(item.as_bytes())
            .map_err(|e| CliError::io(&self.path, e))
    }

    /// Flushes and renames the file into place; returns the number of exercises written.
    fn finish(mut self) -> Result<usize, CliError> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        match self.open.take() {
            Some(out) => out.finish().map(|()| self.written),
            None => Ok(0),
        }
    }
}
