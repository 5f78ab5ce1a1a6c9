//! The command line: clap types, one file per subcommand, and [`CliError`], what stops a command
//! (`main` turns it into the exit code).

/// `print!` that returns from the command with [`CliError::Stdout`] when standard output
/// cannot be written (a closed pipe, a full disk) instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::stdout::write(format_args!($($arg)*))?
    };
}

/// `println!` as [`out!`] is `print!`.
macro_rules! outln {
    () => {
        $crate::cli::stdout::write(format_args!("\n"))?
    };
    ($($arg:tt)*) => {{
        $crate::cli::stdout::write(format_args!($($arg)*))?;
        $crate::cli::stdout::write(format_args!("\n"))?
    }};
}

mod batch;
mod check;
mod check_line;
mod error;
mod generate;
mod limits;
mod mine;
mod moves;
pub mod output;
pub mod parse_error;
mod pdf;
mod perft;
mod play;
mod practice;
mod quiz;
mod reasons;
#[cfg(feature = "serve")]
mod serve;
mod sets;
mod show;
mod solve;
pub mod stdout;
mod validate;
mod values;
mod worksheet;

use clap::{Parser, Subcommand};
pub use error::CliError;
pub use reasons::{Rejection, Usage};

use damtutor::words::Lang;
use damtutor::{Rules, Variant};

/// Draughts for teachers - international (10x10), the 64-square game, Russian draughts and
/// English checkers: prove puzzles, make worksheets, practice pages and rules quizzes, and mark
/// students' answers.
#[derive(Parser, Debug)]
#[command(name = "damtutor", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Show a position as a text diagram with square numbers.
    Show(show::ShowArgs),
    /// List the legal moves of a position.
    Moves(moves::MovesArgs),
    /// Play moves from a position and print the resulting FEN.
    Play(play::PlayArgs),
    /// Count the leaf nodes of the move tree (perft), depth by depth.
    Perft(perft::PerftArgs),
    /// Find and prove the forced win (or gain) in a position or an exercise file.
    Solve(solve::SolveArgs),
    /// Check exercise files: syntax, positions, and every solution against the solver.
    Validate(validate::ValidateArgs),
    /// Check a student's line of moves against the solver.
    CheckLine(check_line::CheckLineArgs),
    /// Mark students' answer files: a feedback report each and a class gradebook.
    Check(check::CheckArgs),
    /// Render a tactic worksheet (HTML or Markdown) with answer key.
    Worksheet(worksheet::WorksheetArgs),
    /// Write a practice page: one offline HTML file in which students play the solutions.
    Practice(practice::PracticeArgs),
    /// Generate a rules quiz with its answer key (HTML, Markdown, JSON, Moodle GIFT or XML).
    Quiz(quiz::QuizArgs),
    /// Compose new exercises with a chosen motif, each proven by the solver.
    Generate(generate::GenerateArgs),
    /// Find combinations (played or missed) in PDN game files and write them as exercises.
    Mine(mine::MineArgs),
    /// The teacher's desk: a local web page to pick exercises, print worksheets, make quizzes
    /// and practice pages, and mark a class (on 127.0.0.1 only).
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
}

pub use output::write_file;

/// Whether a command's TARGET names an exercise file rather than a position: an existing
/// file, a name ending in `.yaml` / `.yml` or a path through a folder (`/tmp/set`, which no
/// FEN is), so that a missing file is reported as such.
pub fn names_a_file(target: &str) -> bool {
    let path = std::path::Path::new(target);
    // `start` is always the start position (a file of that name is `./start`).
    if target.trim().eq_ignore_ascii_case("start") {
        return false;
    }
    path.is_file()
        || target.contains(['/', '\\'])
        || matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml")
        )
}

/// Reads POS: a FEN string or `start` (the start position of the game `R`).
pub fn parse_position_in<R: Rules>(text: &str) -> Result<damtutor_rules::Position<R>, CliError> {
    Ok(text.parse::<damtutor_rules::Position<R>>()?)
}

/// The `--variant` flag: which game's rules apply.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct VariantArg {
    /// The game: international (10x10, FMJD rules), brazilian (the Chinese 64-square rules;
    /// also `64`), russian, or english (checkers).
    #[arg(long = "variant", default_value = "international", value_parser = values::one_of::<values::VariantName>("a game"))]
    name: values::VariantName,
}

impl VariantArg {
    /// The chosen game.
    pub fn get(self) -> Variant {
        self.name.into()
    }
}

impl Cli {
    /// The language the command was asked to speak (`--lang`), if it takes one and it was
    /// given: the language `main` says an error in.
    pub fn lang(&self) -> Option<Lang> {
        match &self.command {
            Command::Show(_) | Command::Moves(_) | Command::Play(_) | Command::Perft(_) => None,
            Command::Solve(args) => args.lang,
            Command::Validate(args) => args.lang,
            Command::CheckLine(args) => args.lang,
            Command::Check(args) => args.lang,
            Command::Worksheet(args) => args.lang,
            Command::Practice(args) => args.lang,
            Command::Quiz(args) => Some(args.lang),
            Command::Generate(args) => Some(args.lang),
            Command::Mine(args) => Some(args.lang),
            #[cfg(feature = "serve")]
            Command::Serve(args) => Some(args.lang),
        }
    }
}

/// Runs the command; what it prints on standard output is flushed before it returns.
pub fn run(cli: Cli) -> Result<(), CliError> {
    run_command(cli)?;
    stdout::flush()
}

fn run_command(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Show(args) => show::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Play(args) => play::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Validate(args) => validate::run(args),
        Command::CheckLine(args) => check_line::run(args),
        Command::Check(args) => check::run(args),
        Command::Worksheet(args) => worksheet::run(args),
        Command::Practice(args) => practice::run(args),
        Command::Quiz(args) => quiz::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Mine(args) => mine::run(args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args),
    }
}
