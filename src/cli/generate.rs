use super::batch::{progress_bar, say, SetTitleArgs, ThreadArgs, COUNT_BAR};
use super::output::is_device;
use super::values::one_of;
use super::{write_file, CliError, Rejection, Usage, VariantArg};
use clap::{Args, ValueEnum};
use damtutor::exercise::{self, Bilingual, Exercise};
use damtutor::generate::compose::most_pieces;
use damtutor::generate::{self, compose, ComposeOptions, ComposeReport, Stop, Target};
use damtutor::words::{self, fill, Lang, Text};
use damtutor::{Color, Variant};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Args, Debug)]
#[command(mut_arg("title", |a| a.help("The set's title [default: from the motif and seed]")))]
pub struct GenerateArgs {
    #[command(flatten)]
    pub variant: VariantArg,
    /// The motif: turkish_strike, breakthrough, king_trap, shot (a sacrifice that wins
    /// material or the game) or any (any proven win or gain).
    #[arg(long, value_parser = one_of::<Target>("a motif to generate"))]
    pub motif: Target,
    /// How many exercises to compose (1 to 100000).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub count: u32,
    /// The random seed: the same seed and options give the same set.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The length of the solution in plies, MIN..MAX [default: 3..11, 2..11 for breakthrough].
    #[arg(long, value_name = "MIN..MAX")]
    pub plies: Option<String>,
    /// Pieces on the board, both sides together, MIN..MAX [default on 10x10: turkish_strike
    /// 5..16, breakthrough 6..20, king_trap 6..16, shot 14..34, any 6..34; on 8x8: 4..12,
    /// 5..14, 5..12, 10..20, 5..20].
    #[arg(long, value_name = "MIN..MAX")]
    pub pieces: Option<String>,
    /// Keep only exercises of this difficulty level (1-6).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
    pub level: Option<u8>,
    /// The side to move, which solves [default: either].
    #[arg(long, value_parser = one_of::<Side>("a side"))]
    pub side: Option<Side>,
    /// Stop after this many seconds and write the exercises found so far.
    #[arg(long, default_value_t = 60.0, value_parser = super::values::seconds)]
    pub time_limit: f64,
    /// The solver's node budget for the first proof of each candidate position.
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    #[command(flatten)]
    pub titles: SetTitleArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
    /// The language of the messages (the set itself has its texts in both).
    #[arg(long, default_value = "en", value_parser = one_of::<Lang>("a language"))]
    pub lang: Lang,
    /// The exercise file to write (YAML, the format `validate` reads). It is rewritten after
    /// every batch that finds something, so an interrupted run leaves the exercises found.
    #[arg(long)]
    pub out: PathBuf,
}

pub fn run(args: GenerateArgs) -> Result<(), CliError> {
    let lang = args.lang;
    // The outputs' refusals (an output that is an input, a folder, a full disk) are made in
    // English, as they serve every command: said in --lang like the rest.
    generate_set(args).map_err(|e| e.in_language(lang))
}

fn generate_set(args: GenerateArgs) -> Result<(), CliError> {
    let options = compose_options(&args)?;
    args.threads.apply()?;
    let title = set_title(&args);
    let report = compose_saving(&args, &options, &title)?;
    let lang = args.lang;
    let counts = counts(lang, &report);
    if report.exercises.is_empty() {
        let nothing = Rejection::NothingComposed {
            motif: args.motif.to_string(),
            seconds: args.time_limit,
            counts,
        };
        return Err(CliError::rejected(lang, nothing));
    }
    save(&args.out, &title, &args, &report)?;
    let found = report.exercises.len();
    let path = args.out.display();
    let wrote = if found == 1 {
        Text::ComposedWroteOne
    } else {
        Text::ComposedWrote
    };
    let values: [(&str, &dyn std::fmt::Display); 3] =
        [("count", &found), ("path", &path), ("counts", &counts)];
    say(is_device(&args.out), &fill(lang, wrote, &values))?;
    if found < args.count as usize {
        let values: [(&str, &dyn std::fmt::Display); 3] = [
            ("seconds", &args.time_limit),
            ("found", &found),
            ("count", &args.count),
        ];
        eprintln!("damtutor: {}", fill(lang, Text::ComposedStopped, &values));
    }
    Ok(())
}

/// What to compose, from the flags: the motif in the game, the line's length and the pieces
/// within what the board and the motif allow.
fn compose_options(args: &GenerateArgs) -> Result<ComposeOptions, CliError> {
    let target = args.motif;
    let variant = args.variant.get();
    let usage = |reason| CliError::usage(args.lang, reason);
    // The game as the messages name it: `brazilian draughts`, 巴西跳棋.
    let game = || match args.lang {
        Lang::English => game_name(variant),
        lang => words::game_name(lang, variant).to_string(),
    };
    if !target.exists_in(variant) {
        return Err(usage(Usage::NoTurkishStrike {
            motif: target.to_string(),
            game: game(),
        }));
    }
    let mut options = ComposeOptions::new(target, args.count as usize, args.seed).in_game(variant);
    if let Some(text) = &args.plies {
        options.proof.plies = range(args.lang, "--plies", text)?;
        if *options.proof.plies.start() == 0 || *options.proof.plies.end() > 40 {
            return Err(usage(Usage::FlagRange {
                flag: "--plies",
                range: "1..40",
            }));
        }
        options.proof.horizon = *options.proof.plies.end();
    }
    if let Some(text) = &args.pieces {
        options.pieces = range(args.lang, "--pieces", text)?;
        let most = most_pieces(variant);
        if *options.pieces.start() < 2 || *options.pieces.end() > most {
            return Err(usage(Usage::TooManyPieces {
                range: text.clone(),
                board: variant.board().to_string(),
                game: game(),
                most,
            }));
        }
        let possible = compose::piece_range(variant, target);
        if *options.pieces.end() < *possible.start() || *options.pieces.start() > *possible.end() {
            return Err(usage(Usage::PiecesOutside {
                range: text.clone(),
                motif: target.to_string(),
                game: game(),
                least: *possible.start(),
                most: *possible.end(),
            }));
        }
    }
    options.side = args.side.map(|side| match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    });
    options.proof.level = args.level;
    options.proof.nodes = args.nodes.max(1_000);
    Ok(options)
}

/// A `MIN..MAX` flag's range.
fn range(
    lang: Lang,
    flag: &'static str,
    text: &str,
) -> Result<std::ops::RangeInclusive<u32>, CliError> {
    generate::parse_range(text)
        .map_err(|error| CliError::usage(lang, Usage::FlagValue { flag, error }))
}

/// The set's title in both languages: the flags', else one from the motif and seed (English)
/// and the game's exercises (Chinese).
fn set_title(args: &GenerateArgs) -> Bilingual {
    let variant = args.variant.get();
    let english = args.titles.title.clone().unwrap_or_else(|| {
        format!(
            "Composed exercises: {}{} (seed {})",
            game_words(variant, ", "),
            args.motif.key().replace('_', " "),
            args.seed
        )
    });
    let mut title = Bilingual::new(Lang::English, english);
    title.set(
        Lang::Chinese,
        args.titles
            .title_zh
            .clone()
            .unwrap_or_else(|| words::exercises_of(Lang::Chinese, variant).to_string()),
    );
    title
}

/// Composes the exercises with a progress bar, saving the set after every batch that finds
/// something (not on a device or pipe, which would receive every version), so that an
/// interrupted run keeps what it found.
fn compose_saving(
    args: &GenerateArgs,
    options: &ComposeOptions,
    title: &Bilingual,
) -> Result<ComposeReport, CliError> {
    let stop = Stop::after(Some(Duration::from_secs_f64(args.time_limit)));
    let device = is_device(&args.out);
    let bar = progress_bar(u64::from(args.count), COUNT_BAR);
    let mut saved = 0;
    let mut save_error = None;
    let report = compose(options, &stop, |report| {
        bar.set_position(report.exercises.len() as u64);
        let seconds = report.elapsed.as_secs_f64().max(1e-9);
        let rate = format!("{:.0}", report.candidates as f64 / seconds);
        let values: [(&str, &dyn std::fmt::Display); 2] =
            [("candidates", &report.candidates), ("rate", &rate)];
        bar.set_message(fill(args.lang, Text::ComposedProgress, &values));
        if report.exercises.len() > saved && save_error.is_none() && !device {
            match save(&args.out, title, args, report) {
                Ok(()) => saved = report.exercises.len(),
                Err(e) => save_error = Some(e),
            }
        }
    });
    bar.finish_and_clear();
    match save_error {
        Some(error) => Err(error),
        None => Ok(report),
    }
}

/// The run's counts: candidates, their rate, proven and duplicates.
fn counts(lang: Lang, report: &ComposeReport) -> String {
    let seconds = report.elapsed.as_secs_f64().max(1e-9);
    let rate = format!("{:.0}", report.candidates as f64 / seconds);
    let seconds = format!("{seconds:.1}");
    let values: [(&str, &dyn std::fmt::Display); 5] = [
        ("candidates", &report.candidates),
        ("seconds", &seconds),
        ("rate", &rate),
        ("proven", &report.proven),
        ("duplicates", &report.duplicates),
    ];
    fill(lang, Text::ComposedCounts, &values)
}

/// The set as composed so far, written atomically.
fn save(
    path: &Path,
    title: &Bilingual,
    args: &GenerateArgs,
    report: &ComposeReport,
) -> Result<(), CliError> {
    let target = args.motif;
    let variant = args.variant.get();
    let flag = match variant {
        Variant::International => String::new(),
        other => format!(" --variant {other}"),
    };
    let width = report.exercises.len().to_string().len().max(2);
    let exercises: Vec<Exercise> = report
        .exercises
        .iter()
        .enumerate()
        .map(|(n, composed)| {
            let mut exercise =
                composed
                    .proven
                    .exercise(format!("{}-{:0width$}", target.prefix(), n + 1));
            // Title, hint, source and comment in both languages, as a mined exercise has.
            let (motif, seed, index) = (target.key(), args.seed, composed.index);
            let side = composed.proven.solution.position().turn();
            for lang in [Lang::English, Lang::Chinese] {
                let caption = words::caption(lang, variant, side, composed.proven.goal);
                exercise.title.set(lang, caption);
                if let Some(hint) = generate::mine::hint(lang, &exercise.motifs) {
                    exercise.hint.set(lang, hint);
                }
                let values: [(&str, &dyn std::fmt::Display); 4] = [
                    ("flag", &flag),
                    ("motif", &motif),
                    ("seed", &seed),
                    ("index", &index),
                ];
                let source = fill(lang, Text::ComposedSource, &values);
                exercise.source.set(lang, source);
                let comment = fill(lang, Text::ComposedComment, &values);
                exercise.comment.set(lang, comment);
            }
            exercise
        })
        .collect();
    let description = format!(
        "Composed by damtutor generate ({}motif {}, seed {}); every position proven by the \
         solver, with a unique key move.",
        game_words(variant, ", "),
        target.key(),
        args.seed
    );
    let set = generate::exercise_set(title.clone(), Some(description), exercises);
    write_file(path, &exercise::to_yaml(&set))
}

/// The game's name: `international draughts`, `brazilian draughts`, `english checkers`.
pub fn game_name(variant: Variant) -> String {
    match variant {
        Variant::English => "english checkers".to_string(),
        other => format!("{other} draughts"),
    }
}

/// The game's name and `separator` for the games other than international draughts (the
/// default, which says nothing).
fn game_words(variant: Variant, separator: &str) -> String {
    match variant {
        Variant::International => String::new(),
        other => format!("{}{separator}", game_name(other)),
    }
}

/// The side that solves.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    #[value(alias = "w")]
    White,
    #[value(alias = "b")]
    Black,
}
