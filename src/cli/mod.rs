//! The command line: clap types, one file per subcommand, and [`CliError`], what stops a command
//! (`main` turns it into the exit code).

mod check;
mod check_line;
mod error;
mod generate;
mod limits;
mod mine;
mod moves;
mod pdf;
mod perft;
mod play;
mod practice;
mod quiz;
mod select;
mod show;
mod solve;
mod validate;
mod values;
mod worksheet;

use clap::{Parser, Subcommand};
pub use error::CliError;

use damtutor::{Rules, Variant};

/// International draughts for teachers: rules engine, solver, worksheets and quizzes.
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
}

/// Writes `contents` to `path` through a temporary file in the same folder and a rename, so
/// that a failure never leaves half a file. Missing folders are created. Something that is not
/// a regular file (a device such as `/dev/null`, a pipe) is written to directly, never replaced.
pub fn write_file(path: &std::path::Path, contents: &str) -> Result<(), CliError> {
    write_bytes(path, contents.as_bytes())
}

/// [`write_file`] for any bytes (a PDF).
pub fn write_bytes(path: &std::path::Path, contents: &[u8]) -> Result<(), CliError> {
    let failed = |e: std::io::Error| CliError::io(path, e);
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        return std::fs::write(path, contents).map_err(failed);
    }
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(failed)?;
    }
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("damtutor");
    let temporary = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    std::fs::write(&temporary, contents).map_err(failed)?;
    std::fs::rename(&temporary, path).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        failed(e)
    })
}

/// Whether a command's TARGET names an exercise file rather than a position: an existing
/// file, or a name ending in `.yaml` / `.yml` (so that a missing file is reported as such).
pub fn names_a_file(target: &str) -> bool {
    let path = std::path::Path::new(target);
    path.is_file()
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

/// Runs the command; returns what to print on standard output.
pub fn run(cli: Cli) -> Result<(), CliError> {
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
    }
}
