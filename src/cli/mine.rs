use super::generate::{is_device, progress_bar, say, BYTES_BAR};
use super::values::one_of;
use super::write_file;
use super::CliError;
use clap::Args;
use damtutor::exercise::{self, Exercise};
use damtutor::generate::mine::{Event, MineOptions, MineReport};
use damtutor::generate::{self, Stop, Target};
use std::collections::HashSet;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct MineArgs {
    /// PDN files of games, read one game at a time (any size).
    #[arg(required = true, value_name = "GAMES.pdn")]
    pub files: Vec<PathBuf>,
    /// The least net gain of a combination, in men (a king counting 3).
    #[arg(long, default_value_t = 1)]
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
    #[arg(long, default_value_t = 10_000)]
    pub nodes: u64,
    /// Stop after this many seconds and write what was found [default: no limit].
    #[arg(long)]
    pub time_limit: Option<f64>,
    /// The set's title [default: from the file names].
    #[arg(long)]
    pub title: Option<String>,
    /// The exercise file to write (YAML, the format `validate` reads).
    #[arg(long)]
    pub out: PathBuf,
}

pub fn run(args: MineArgs) -> Result<(), CliError> {
    let target = args.motif;
    if args.min_gain == 0 {
        return Err(CliError::Usage("--min-gain must be at least 1".into()));
    }
    if !(1..=40).contains(&args.max_plies) {
        return Err(CliError::Usage("--max-plies must lie within 1..40".into()));
    }
    let limit = match args.time_limit {
        Some(seconds) if seconds > 0.0 => Some(Duration::from_secs_f64(seconds.min(1e7))),
        Some(_) => {
            return Err(CliError::Usage(
                "--time-limit must be a positive number of seconds".into(),
            ))
        }
        None => None,
    };
    let mut options = MineOptions {
        target,
        ..MineOptions::default()
    };
    options.proof.horizon = args.max_plies;
    options.proof.nodes = args.nodes.max(1_000);
    options.proof.min_gain = args.min_gain;
    // Open every file first: a missing one is a mistake in the command.
    let mut inputs = Vec::new();
    let mut total_bytes = 0;
    for path in &args.files {
        let file = File::open(path).map_err(|e| CliError::io(path, e))?;
        total_bytes += file.metadata().map(|m| m.len()).unwrap_or(0);
        inputs.push((path.clone(), file));
    }
    let stop = Stop::after(limit);
    let bar = progress_bar(total_bytes, BYTES_BAR);
    let read = Arc::new(AtomicU64::new(0));
    let mut report = MineReport::default();
    let mut exercises: Vec<Exercise> = Vec::new();
    let mut ids = HashSet::new();
    for (path, file) in inputs {
        let name = path.display().to_string();
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "games".to_string());
        let before = report.found.len();
        let input = BufReader::new(Counting {
            inner: file,
            read: Arc::clone(&read),
        });
        generate::mine(input, &options, &stop, &mut report, |event| match event {
            Event::Skipped(error) => {
                bar.suspend(|| eprintln!("damtutor: warning: {name}: {error} (game skipped)"));
            }
            Event::Progress(report) => {
                bar.set_position(read.load(Ordering::Relaxed));
                let seconds = report.elapsed.as_secs_f64().max(1e-9);
                bar.set_message(format!(
                    "{} games ({:.1}/s), {} found",
                    report.games,
                    report.games as f64 / seconds,
                    report.found.len()
                ));
            }
        });
        for mined in &report.found[before..] {
            // Two files with the same name would give the same ids: number the later ones.
            let mut id = mined.id(&stem);
            let mut n = 1;
            while !ids.insert(id.clone()) {
                n += 1;
                id = format!("{}-{n}", mined.id(&stem));
            }
            let mut exercise = mined.proven.exercise(id);
            exercise.source = Some(mined.source.clone());
            exercise.comment = Some(mined.comment());
            exercises.push(exercise);
        }
        if report.stopped {
            break;
        }
    }
    bar.finish_and_clear();
    let seconds = report.elapsed.as_secs_f64().max(1e-9);
    let device = is_device(&args.out);
    say(
        device,
        &format!(
            "games read: {} ({} skipped), positions examined: {}, exercises found: {} ({} duplicates dropped)",
            report.games,
            report.skipped,
            report.positions,
            report.found.len(),
            report.duplicates
        ),
    );
    say(
        device,
        &format!(
            "{:.1} games/s ({} games in {:.1} s, {} positions solved)",
            report.games as f64 / seconds,
            report.games,
            seconds,
            report.solved
        ),
    );
    if report.stopped {
        eprintln!("damtutor: stopped at the time limit; the games after that were not read");
    }
    if exercises.is_empty() {
        return Err(CliError::Rejected(format!(
            "no {} found in these games; nothing written",
            match target {
                Target::Shot => "combination".to_string(),
                other => format!("{other} combination"),
            }
        )));
    }
    let names: Vec<String> = args
        .files
        .iter()
        .map(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
        .collect();
    let title = args
        .title
        .clone()
        .unwrap_or_else(|| format!("Combinations from {}", names.join(", ")));
    let description = format!(
        "Found by damtutor mine (motif {}, least gain {}): positions from games where the side to \
         move had a forced combination, played or missed.",
        target.key(),
        args.min_gain
    );
    let set = generate::exercise_set(title, Some(description), exercises);
    write_file(&args.out, &exercise::to_yaml(&set))?;
    say(
        device,
        &format!(
            "wrote {} exercises to {}",
            set.exercises.len(),
            args.out.display()
        ),
    );
    Ok(())
}

/// A reader that counts the bytes read, for the progress bar.
struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}
