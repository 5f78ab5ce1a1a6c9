//! What the long-running commands `generate` and `mine` share: the `--threads` flag, the set's
//! titles, progress bars on standard error, and report lines that stay off the output when it is
//! standard output.

use super::{CliError, Usage};
use clap::Args;
use damtutor::words::Lang;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// The worker threads of a run.
#[derive(Args, Debug, Clone, Copy)]
pub struct ThreadArgs {
    /// Worker threads [default: one per core].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
}

impl ThreadArgs {
    /// Sets the number of worker threads of the run (rayon's global pool); none given keeps
    /// one per core.
    pub fn apply(self) -> Result<(), CliError> {
        let Some(threads) = self.threads else {
            return Ok(());
        };
        rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(threads))
            .build_global()
            .map_err(|e| CliError::usage(Lang::English, Usage::Threads(e.to_string())))
    }
}

/// The titles of the set a run writes. Each command states the default of `--title` with
/// `#[command(mut_arg("title", ...))]`.
#[derive(Args, Debug, Clone)]
pub struct SetTitleArgs {
    /// The set's title.
    #[arg(long)]
    pub title: Option<String>,
    /// The set's title in Chinese, for sheets and pages in Chinese [default: the game's
    /// exercises, such as 国际跳棋练习]
    #[arg(long, value_name = "TITLE")]
    pub title_zh: Option<String>,
}

/// The progress bar of a count of exercises.
pub const COUNT_BAR: &str = "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg}";

/// The progress bar of bytes read.
pub const BYTES_BAR: &str = "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} {msg}";

/// A progress bar drawn with `template` on standard error when it is a terminal; a hidden one
/// otherwise.
pub fn progress_bar(length: u64, template: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(length), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Prints a report line on standard output, or on standard error when the set itself goes to
/// a device or pipe (standard output, most likely).
pub fn say(device: bool, line: &str) -> Result<(), CliError> {
    if device {
        eprintln!("{line}");
    } else {
        outln!("{line}");
    }
    Ok(())
}
